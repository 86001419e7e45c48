"""Ripple Effect (Hakyuu): a region of s cells holds 1..s once each, and two equal values
k in a row or column stand more than k apart. This module fills in the Puzzle interface."""

from __future__ import annotations

from typing import Any

from pencilbox.boardio import Section
from pencilbox.core.engine import Count
from pencilbox.core.puzzle import Broken
from pencilbox.puzzles.ripple import board as rb
from pencilbox.puzzles.ripple import codec, rules
from pencilbox.puzzles.ripple.board import MARK, Board
from pencilbox.puzzles.ripple.rungs import RUNGS


class Ripple:
    name = "ripple"
    rungs = RUNGS
    search_level = "lines"
    url_names = ("ripple", "hakyukoka")
    tatham_name = None

    def __init__(self) -> None:
        self._kernel: Any = None

    @property
    def kernel(self) -> Any:
        """Compiled fast path, imported on first use (numba import is slow)."""
        if self._kernel is None:
            from pencilbox.puzzles.ripple.kernel import Kernel
            self._kernel = Kernel()
        return self._kernel

    # boards and answers
    def initial_state(self, board: Board) -> list[int]:
        return rb.initial_state(board)

    def unclued(self, board: Board) -> list[int]:
        return [i for i, v in enumerate(board.clues) if v is None or v == MARK]

    def answer_from_state(self, board: Board, dom: list[int]) -> tuple[int | None, ...]:
        return rb.answer_from_state(dom)

    def state_from_answer(self, board: Board, answer: tuple[int | None, ...]) -> list[int]:
        return rb.state_from_answer(board, answer)

    def with_answer(self, board: Board, answer: tuple[int | None, ...] | None) -> Board:
        return Board(board.rows, board.cols, board.regions, board.clues, answer)

    def is_answer(self, board: Board, dom: list[int]) -> bool:
        return rules.is_answer(board, rb.answer_from_state(dom))

    def validate(self, board: Board, answer: tuple[int | None, ...]) -> list[Broken]:
        return rules.validate(board, answer)

    def extras(self, board: Board, answer: tuple[int | None, ...]) -> dict[str, Any]:
        return {}

    def describe(self, board: Board, var: int, value: int) -> str:
        return str(value.bit_length() - 1)

    def places(self, board: Board, ids: tuple[int, ...]) -> tuple[list[list[int]], list[list[int]]]:
        """Premise ids as plain cells and given cells, each [r, c]."""
        rc = board.grid.rc
        return ([list(rc(i)) for i in ids if board.clues[i] is None],
                [list(rc(i)) for i in ids if board.clues[i] is not None])

    # formats
    def from_sections(self, rows: int, cols: int, sections: dict[str, Section]) -> Board:
        return rb.from_sections(rows, cols, sections)

    def to_text(self, board: Board) -> str:
        return rb.to_text(board)

    def from_json(self, data: dict[str, Any]) -> Board:
        return rb.from_json(data)

    def to_json(self, board: Board) -> dict[str, Any]:
        return rb.to_json(board)

    def answer_json(self, board: Board, answer: tuple[int | None, ...]) -> Any:
        return rb.answer_json(board, answer)

    def decode_url(self, cols: int, rows: int, body: str, flags: tuple[str, ...] = ()) -> Board:
        return codec.decode(cols, rows, body, flags)

    def encode_url(self, board: Board) -> str:
        return codec.encode(board)

    # independent engines and the generator
    def brute_count(self, board: Board, limit: int, node_cap: int) -> Count:
        """Engine 2 by regions (a permutation of 1..s per region at a time): the faster of
        the two brute counters on hard boards."""
        from pencilbox.puzzles.ripple.brute import count_by_regions
        return self._count(board, count_by_regions(board.rows, board.cols, board.regions, _givens(board),
                                                   limit, node_cap), limit, "brute")

    def cells_count(self, board: Board, limit: int, node_cap: int) -> Count:
        """The other brute counter: every value of every cell in reading order."""
        from pencilbox.puzzles.ripple.brute import count_by_cells
        return self._count(board, count_by_cells(board.rows, board.cols, board.regions, _givens(board),
                                                 limit, node_cap), limit, "cells")

    def sat_count(self, board: Board, limit: int, node_cap: int) -> Count:
        from pencilbox.puzzles.ripple.sat import sat_count
        return self._count(board, sat_count(board.rows, board.cols, board.regions, _givens(board), limit),
                           limit, "sat")

    def _count(self, board: Board, res: tuple, limit: int, engine: str) -> Count:
        c, capped, nodes, answers = res
        for a in answers[:2]:
            assert rules.is_answer(board, tuple(a)), f"{engine} returned a broken answer"
        hit = capped and c >= limit
        return Count(c, hit, capped and not hit, nodes, [[1 << v for v in a] for a in answers[:2]], engine)

    def generate(self, rows: int, cols: int, grade: str | None, seed: int, tries: int = 500) -> Any:
        from pencilbox.puzzles.ripple.generate import generate
        return generate(rows, cols, grade, seed, tries)


def _givens(board: Board) -> tuple[int | None, ...]:
    """Givens for the independent engines (a given without its value constrains nothing)."""
    return tuple(None if v == MARK else v for v in board.clues)


PUZZLE = Ripple()
