"""The player's Fill-a-Pix marks: "#" painted, "." blank."""

from __future__ import annotations

from typing import Any

from pencilbox.player.positions import read
from pencilbox.puzzles.fillapix.board import BLANK, PAINT, Board, state_from_answer

CYCLE = ["#", ".", None]
VALUE = {"#": 1, ".": 0}


def to_answer(board: Board, position: Any) -> tuple[int | None, ...]:
    return read(board, position, lambda i, m: VALUE.get(m) if isinstance(m, str) else None)


def to_state(board: Board, position: Any) -> list[int]:
    return state_from_answer(board, to_answer(board, position))


def mark(board: Board, var: int, d: int) -> str | None:
    return "#" if d == PAINT else "." if d == BLANK else None


def from_answer(board: Board, answer: tuple[int | None, ...]) -> list[str | None]:
    return [None if v is None else "#" if v else "." for v in answer]
