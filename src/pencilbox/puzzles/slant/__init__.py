"""Slant (Gokigen Naname): a diagonal in every cell, numbers on the lattice points count
the diagonals that reach them, no closed loop. This module fills in the Puzzle interface."""

from __future__ import annotations

from math import comb
from typing import Any

from pencilbox.core.engine import Count
from pencilbox.core.outcomes import Made
from pencilbox.core.puzzle import Codec, Places, Spread
from pencilbox.core.puzzlebase import PuzzleBase
from pencilbox.puzzles.slant import board as sb
from pencilbox.puzzles.slant import codec, rules, words
from pencilbox.puzzles.slant.board import BACK, FWD, Board
from pencilbox.puzzles.slant.levels import Level
from pencilbox.puzzles.slant.rungs import RUNGS


class Slant(PuzzleBase[Board, tuple[int | None, ...]]):
    name = "slant"
    title = "Slant (Gokigen Naname)"
    generate_max = (20, 20)  # a board it makes quickly (the flood bench, tests); New board: generate_cells
    generate_cells = 1225  # generate's largest (command line, library): 35x35: 2.3 s of CPU, 40x40 up to 13 s
    generate_cells_readable = 289  # until the generator is built: 17x17: 3.7 s of CPU, 20x20: 26 s
    board_module = sb
    rules_module = rules
    rungs = RUNGS
    search_level = Level.DUET
    brute_range = (15, 15)  # the largest board brute is meant for (tests/test_puzzles_brute_range.py)
    # no quick duet search before the root's probe: on hard unique boards (Tatham's Hard
    # 20x20) it runs out of nodes and probe settles them anyway; a non-unique board pays
    # the root probe instead (bench/generators.py, the uniqueness case; quick_nodes.json)
    quick_nodes = 0
    url = Codec(("gokigen",), codec.decode_url, codec.encode_url)
    tatham = Codec(("slant",), codec.decode_tatham, codec.encode_tatham)
    rules_text = words.RULES
    grade_names = words.GRADES
    rung_words = words.RUNG_WORDS

    # boards and answers
    def clue_rc(self, board: Board, i: int) -> tuple[int, int]:
        return board.grid.point_rc(i)  # clues sit on lattice points

    def unclued(self, board: Board) -> list[int]:
        return list(range(board.rows * board.cols))

    def extras(self, board: Board, answer: tuple[int | None, ...]) -> dict[str, Any]:
        """The win check states the number of trees (R + C + 1 on a finished board)."""
        return {"trees": rules.trees(board, answer)} if None not in answer else {}

    def describe(self, board: Board, var: int, value: int) -> str:
        return {FWD: "/", BACK: "\\"}.get(value, "?")

    reason = staticmethod(words.reason)  # the hint's why, in the player's words

    def places(self, board: Board, ids: tuple[int, ...]) -> tuple[Places, Places]:
        """Premise ids as cells and clue points (points come after cells)."""
        n = board.rows * board.cols
        return (tuple(board.grid.rc(i) for i in ids if i < n),
                tuple(board.grid.point_rc(i - n) for i in ids if i >= n))


    # independent engines and the generator
    def brute_count(self, board: Board, limit: int, node_cap: int) -> Count:
        from pencilbox.puzzles.slant.brute import brute_count  # lazy: numba
        return self.counted(board, "brute", brute_count(board.rows, board.cols, board.clues, limit, node_cap))

    def sat_count(self, board: Board, limit: int, node_cap: int,
                  budget: tuple[int, int] | None = None) -> Count:
        from pencilbox.puzzles.slant.sat import sat_count  # lazy: pysat
        return self.counted(board, "sat", sat_count(board.rows, board.cols, board.clues, limit,
                                                    limits=budget))

    def sat_clauses(self, board: Board) -> int:
        """A clause a cell (no two slashes close a diamond) and, per clue k on a point of m
        cells, "exactly k": C(m, k+1) + C(m, m-k+1) (the encoding's own count)."""
        rows, cols = board.rows, board.cols
        touch = ((0 < r) * ((0 < c) + (c < cols)) + (r < rows) * ((0 < c) + (c < cols))
                 for r in range(rows + 1) for c in range(cols + 1))
        return rows * cols + sum(comb(m, k + 1) + comb(m, m - k + 1)
                                 for m, k in zip(touch, board.clues, strict=True) if k is not None and k >= 0)

    def spread(self, board: Board, limit: int, keep: int, budget: tuple[int, int] | None = None) -> Spread:
        from pencilbox.puzzles.slant.sat import sat_spread  # lazy: pysat
        return sat_spread(board.rows, board.cols, board.clues, limit, keep, limits=budget)

    def raw(self, rows: int, cols: int, density: float, seed: int) -> Made[Board]:
        """A board of the unfiltered raw stream (not necessarily unique), ungraded."""
        board, filling = self.generator().raw(rows, cols, density, seed)
        return Made(board, filling, seed, None, len(board.clued), 0)


PUZZLE = Slant()
