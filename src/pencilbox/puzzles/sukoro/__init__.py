"""Sukoro: numbers 1-4 that count their numbered neighbours, adjacent numbers differ,
all numbers connected. This module fills in the engine's Puzzle interface."""

from __future__ import annotations

from pencilbox.core.engine import Count
from pencilbox.core.puzzle import Codec, Spread
from pencilbox.core.puzzlebase import PuzzleBase
from pencilbox.puzzles.sukoro import board as sb
from pencilbox.puzzles.sukoro import codec, rules, words
from pencilbox.puzzles.sukoro.board import EMPTY, Board
from pencilbox.puzzles.sukoro.levels import Level
from pencilbox.puzzles.sukoro.rungs import PROPAGATORS, RUNGS


class Sukoro(PuzzleBase[Board, tuple[int | None, ...]]):
    name = "sukoro"
    title = "Sukoro"
    generate_max = (20, 20)  # a board it makes quickly (SAT erasure checks); New board: generate_cells
    generate_cells = 1600  # generate's largest (command line, library): 40x40: 3 to 10 s of CPU, 50x50 15 s
    generate_cells_readable = 400  # until the generator is built: 20x20: 5 s of CPU
    board_module = sb
    rules_module = rules
    rungs = RUNGS
    propagators = PROPAGATORS  # the readable ladder's fast path (core/propagate.py)
    search_level = Level.CONN
    brute_range = (8, 8)  # the largest board brute is meant for (tests/test_puzzles_brute_range.py)
    # conn's pass is a Tarjan walk of the whole board; on a strip of one or two rows almost
    # every node and probe trial runs one (no quick path: each blank cell is a cut), about
    # ten times a square board's work per cell-node (bench/budget.py --thin): the default
    # caps shrink that much sooner
    node_cost = 16
    url = Codec(("sukoro",), codec.decode, codec.encode)
    rules_text = words.RULES
    grade_names = words.GRADES
    rung_words = words.RUNG_WORDS

    # boards and answers
    def unclued(self, board: Board) -> list[int]:
        return [i for i, v in enumerate(board.clues) if v is None]

    def describe(self, board: Board, var: int, value: int) -> str:
        return "empty" if value == EMPTY else str(value.bit_length() - 1)

    reason = staticmethod(words.reason)  # the hint's why, in the player's words


    # independent engines
    def brute_count(self, board: Board, limit: int, node_cap: int) -> Count:
        from pencilbox.puzzles.sukoro.brute import brute_count  # lazy: numba
        return self.counted(board, "brute", brute_count(board.rows, board.cols, board.clues, limit, node_cap))

    def sat_count(self, board: Board, limit: int, node_cap: int,
                  budget: tuple[int, int] | None = None) -> Count:
        from pencilbox.puzzles.sukoro.sat import sat_count  # lazy: pysat
        return self.counted(board, "sat", sat_count(board.rows, board.cols, board.clues, limit,
                                                    limits=budget))

    def spread(self, board: Board, limit: int, keep: int, budget: tuple[int, int] | None = None) -> Spread:
        from pencilbox.puzzles.sukoro.sat import sat_spread  # lazy: pysat
        return sat_spread(board.rows, board.cols, board.clues, limit, keep, limits=budget)


PUZZLE = Sukoro()
