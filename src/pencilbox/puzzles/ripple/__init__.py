"""Ripple Effect (Hakyuu): a region of s cells holds 1..s once each, and two equal values
k in a row or column stand more than k apart. This module fills in the Puzzle interface."""

from __future__ import annotations

from pencilbox.core.engine import Count
from pencilbox.core.puzzle import Codec, Engine, Spread
from pencilbox.core.puzzlebase import PuzzleBase
from pencilbox.puzzles.ripple import board as rb
from pencilbox.puzzles.ripple import codec, rules, words
from pencilbox.puzzles.ripple.board import MARK, Board
from pencilbox.puzzles.ripple.levels import Level
from pencilbox.puzzles.ripple.rungs import PROPAGATORS, RUNGS


class Ripple(PuzzleBase[Board, tuple[int | None, ...]]):
    name = "ripple"
    title = "Ripple Effect (Hakyuu)"
    generate_max = (15, 15)  # a board it makes quickly (15x15: published); New board: generate_cells
    generate_cells = 400  # generate's largest (command line, library): 20x20: 4 s of CPU; 25x25: no partition
    generate_cells_readable = 225  # until the generator is built: 15x15: 2.3 s of CPU, 20x20: 30 s
    board_module = rb
    rules_module = rules
    rungs = RUNGS
    propagators = PROPAGATORS  # the readable ladder's fast path (core/propagate.py)
    search_level = Level.LINES
    brute_range = (8, 8)  # the largest board brute is meant for (tests/test_puzzles_brute_range.py)
    url = Codec(("ripple", "hakyukoka"), codec.decode, codec.encode)
    rules_text = words.RULES
    grade_names = words.GRADES
    rung_words = words.RUNG_WORDS

    # boards and answers
    def unclued(self, board: Board) -> list[int]:
        return [i for i, v in enumerate(board.clues) if v is None or v == MARK]

    def describe(self, board: Board, var: int, value: int) -> str:
        return str(value.bit_length() - 1)

    reason = staticmethod(words.reason)  # the hint's why, in the player's words


    # independent engines
    def brute_count(self, board: Board, limit: int, node_cap: int) -> Count:
        """Engine 2 by regions (a permutation of 1..s per region at a time): the faster of
        the two brute counters on hard boards."""
        from pencilbox.puzzles.ripple.brute import count_by_regions  # lazy: numba
        return self.counted(board, "brute", count_by_regions(board.rows, board.cols, board.regions,
                                                             _givens(board), limit, node_cap))

    @property
    def counters(self) -> dict[str, Engine[Board]]:
        return {**super().counters, "cells": Engine(self.cells_count, (6, 6))}

    def cells_count(self, board: Board, limit: int, node_cap: int) -> Count:
        """The other brute counter: every value of every cell in reading order."""
        from pencilbox.puzzles.ripple.brute import count_by_cells  # lazy: numba
        return self.counted(board, "cells", count_by_cells(board.rows, board.cols, board.regions,
                                                           _givens(board), limit, node_cap))

    def sat_count(self, board: Board, limit: int, node_cap: int,
                  budget: tuple[int, int] | None = None) -> Count:
        from pencilbox.puzzles.ripple.sat import sat_count  # lazy: pysat
        return self.counted(board, "sat", sat_count(board.rows, board.cols, board.regions, _givens(board),
                                                    limit, limits=budget))

    def sat_clauses(self, board: Board) -> int:
        """One-hot values and each value once a region (pairwise at most one: s^2 a cell of a
        region of s) and the distance clauses (about s^2 more): a 60-cell region's cell takes
        5,500, so 10,000 such cells held 9.7 GB."""
        return sum(2 * s * s + 4 for s in board.size)

    def spread(self, board: Board, limit: int, keep: int, budget: tuple[int, int] | None = None) -> Spread:
        from pencilbox.puzzles.ripple.sat import sat_spread  # lazy: pysat
        return sat_spread(board.rows, board.cols, board.regions, _givens(board), limit, keep, limits=budget)


def _givens(board: Board) -> tuple[int | None, ...]:
    """Givens for the independent engines (a given without its value constrains nothing)."""
    return tuple(None if v == MARK else v for v in board.clues)


PUZZLE = Ripple()
