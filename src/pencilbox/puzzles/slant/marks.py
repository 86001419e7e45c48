"""The player's Slant marks: "\\" and "/"."""

from __future__ import annotations

from typing import Any

from pencilbox.player.positions import read
from pencilbox.puzzles.slant.board import BACK, FWD, Board, state_from_answer

CYCLE = ["\\", "/", None]
VALUE = {"/": FWD, "\\": BACK}


def to_answer(board: Board, position: Any) -> tuple[int | None, ...]:
    return read(board, position, lambda i, m: VALUE.get(m) if isinstance(m, str) else None)


def to_state(board: Board, position: Any) -> list[int]:
    return state_from_answer(board, to_answer(board, position))


def mark(board: Board, var: int, d: int) -> str | None:
    return "/" if d == FWD else "\\" if d == BACK else None


def from_answer(board: Board, answer: tuple[int | None, ...]) -> list[str | None]:
    return [None if v is None else "/" if v == FWD else "\\" for v in answer]
