"""Fill-a-Pix (Mosaic): paint cells so that every clue counts the painted cells of its
3x3 block. This module fills in the Puzzle interface."""

from __future__ import annotations

from pencilbox.core.engine import Count
from pencilbox.core.puzzle import Codec, Spread
from pencilbox.core.puzzlebase import PuzzleBase
from pencilbox.puzzles.fillapix import board as fb
from pencilbox.puzzles.fillapix import branch, codec, rules, words
from pencilbox.puzzles.fillapix.board import BLANK, PAINT, Board
from pencilbox.puzzles.fillapix.levels import Level
from pencilbox.puzzles.fillapix.rungs import PROPAGATORS, RUNGS


class FillAPix(PuzzleBase[Board, tuple[int | None, ...]]):
    name = "fillapix"
    title = "Fill-a-Pix (Mosaic)"
    generate_max = (30, 30)  # a board it makes quickly (the flood bench, tests); New board: generate_cells
    generate_cells = 4900  # generate's largest (command line, library): 70x70 takes 5 s of CPU, 100x100 22 s
    generate_cells_readable = 900  # until the generator is built: 30x30: 11 s of CPU
    board_module = fb
    rules_module = rules
    rungs = RUNGS
    propagators = PROPAGATORS  # the readable ladder's fast path (core/propagate.py)
    lookahead = branch.LOOKAHEAD  # the player's readable count branches by its probe's trials
    search_level = Level.SIDES  # count, pair and pair's stronger form at every search node
    brute_range = (10, 10)  # the largest board brute is meant for (tests/test_puzzles_brute_range.py)
    url = Codec(("fillapix",), codec.decode_url, codec.encode, host="pencilbox://p?")  # no puzz.link genre
    tatham = Codec(("mosaic",), codec.decode_tatham, codec.encode)
    rules_text = words.RULES
    grade_names = words.GRADES
    rung_words = words.RUNG_WORDS

    def unclued(self, board: Board) -> list[int]:
        return list(range(board.rows * board.cols))

    def describe(self, board: Board, var: int, value: int) -> str:
        return {PAINT: "#", BLANK: "."}.get(value, "?")

    reason = staticmethod(words.reason)  # the hint's why, in the player's words


    def brute_count(self, board: Board, limit: int, node_cap: int) -> Count:
        from pencilbox.puzzles.fillapix.brute import brute_count  # lazy: numba
        return self.counted(board, "brute", brute_count(board.rows, board.cols, board.clues, limit, node_cap))

    def sat_count(self, board: Board, limit: int, node_cap: int,
                  budget: tuple[int, int] | None = None) -> Count:
        from pencilbox.puzzles.fillapix.sat import sat_count  # lazy: pysat
        return self.counted(board, "sat", sat_count(board.rows, board.cols, board.clues, limit,
                                                    limits=budget))

    def sat_clauses(self, board: Board) -> int:
        """Two cardinality constraints a clue (the solver's own, not clauses: 2.5*10^5 clues
        held 330 MB)."""
        return 1 + 2 * sum(v is not None and v >= 0 for v in board.clues)

    def spread(self, board: Board, limit: int, keep: int, budget: tuple[int, int] | None = None) -> Spread:
        from pencilbox.puzzles.fillapix.sat import sat_spread  # lazy: pysat
        return sat_spread(board.rows, board.cols, board.clues, limit, keep, limits=budget)


PUZZLE = FillAPix()
