"""Fill-a-Pix (Mosaic): paint cells so that every clue counts the painted cells of its
3x3 block. This module fills in the Puzzle interface."""

from __future__ import annotations

from typing import Any

from pencilbox.boardio import Section
from pencilbox.core.engine import Count
from pencilbox.core.puzzle import Broken
from pencilbox.puzzles.fillapix import board as fb
from pencilbox.puzzles.fillapix import codec, rules
from pencilbox.puzzles.fillapix.board import BLANK, PAINT, Board
from pencilbox.puzzles.fillapix.rungs import RUNGS


class FillAPix:
    name = "fillapix"
    rungs = RUNGS
    search_level = "pair"
    url_names = ("fillapix",)
    url_prefix = "pencilbox://p?"  # no puzz.link genre: the project's own URL form
    tatham_name = "mosaic"

    def __init__(self) -> None:
        self._kernel: Any = None

    @property
    def kernel(self) -> Any:
        """Compiled fast path, imported on first use (numba import is slow)."""
        if self._kernel is None:
            from pencilbox.puzzles.fillapix.kernel import Kernel
            self._kernel = Kernel()
        return self._kernel

    def initial_state(self, board: Board) -> list[int]:
        return fb.initial_state(board)

    def unclued(self, board: Board) -> list[int]:
        return list(range(board.rows * board.cols))

    def answer_from_state(self, board: Board, dom: list[int]) -> tuple[int | None, ...]:
        return fb.answer_from_state(dom)

    def state_from_answer(self, board: Board, answer: tuple[int | None, ...]) -> list[int]:
        return fb.state_from_answer(board, answer)

    def with_answer(self, board: Board, answer: tuple[int | None, ...] | None) -> Board:
        return Board(board.rows, board.cols, board.clues, answer)

    def is_answer(self, board: Board, dom: list[int]) -> bool:
        return rules.is_answer(board, fb.answer_from_state(dom))

    def validate(self, board: Board, answer: tuple[int | None, ...]) -> list[Broken]:
        return rules.validate(board, answer)

    def extras(self, board: Board, answer: tuple[int | None, ...]) -> dict[str, Any]:
        return {}

    def describe(self, board: Board, var: int, value: int) -> str:
        return {PAINT: "#", BLANK: "."}.get(value, "?")

    def places(self, board: Board, ids: tuple[int, ...]) -> tuple[list[list[int]], list[list[int]]]:
        rc = board.grid.rc
        return ([list(rc(i)) for i in ids if board.clues[i] is None],
                [list(rc(i)) for i in ids if board.clues[i] is not None])

    def from_sections(self, rows: int, cols: int, sections: dict[str, Section]) -> Board:
        return fb.from_sections(rows, cols, sections)

    def to_text(self, board: Board) -> str:
        return fb.to_text(board)

    def from_json(self, data: dict[str, Any]) -> Board:
        return fb.from_json(data)

    def to_json(self, board: Board) -> dict[str, Any]:
        return fb.to_json(board)

    def answer_json(self, board: Board, answer: tuple[int | None, ...]) -> Any:
        return fb.answer_json(board, answer)

    def decode_url(self, cols: int, rows: int, body: str, flags: tuple[str, ...] = ()) -> Board:
        return codec.decode(cols, rows, body, "URL")

    def encode_url(self, board: Board) -> str:
        return codec.encode(board)

    def decode_tatham(self, cols: int, rows: int, desc: str) -> Board:
        return codec.decode(cols, rows, desc)

    def encode_tatham(self, board: Board) -> str:
        return codec.encode(board)

    def brute_count(self, board: Board, limit: int, node_cap: int) -> Count:
        from pencilbox.puzzles.fillapix.brute import brute_count
        return self._count(board, brute_count(board.rows, board.cols, board.clues, limit, node_cap),
                           limit, "brute")

    def sat_count(self, board: Board, limit: int, node_cap: int) -> Count:
        from pencilbox.puzzles.fillapix.sat import sat_count
        return self._count(board, sat_count(board.rows, board.cols, board.clues, limit), limit, "sat")

    def _count(self, board: Board, res: tuple, limit: int, engine: str) -> Count:
        c, capped, nodes, answers = res
        for a in answers[:2]:
            assert rules.is_answer(board, tuple(a)), f"{engine} returned a broken answer"
        hit = capped and c >= limit
        return Count(c, hit, capped and not hit, nodes,
                     [[PAINT if v else BLANK for v in a] for a in answers[:2]], engine)

    def generate(self, rows: int, cols: int, grade: str | None, seed: int, tries: int = 500) -> Any:
        from pencilbox.puzzles.fillapix.generate import generate
        return generate(rows, cols, grade, seed, tries)


PUZZLE = FillAPix()
