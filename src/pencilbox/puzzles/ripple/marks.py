"""The player's Ripple Effect marks: the digit typed in a cell (1..its region's size)."""

from __future__ import annotations

from typing import Any

from pencilbox.core.marks import PageUI, nothing_broken, read
from pencilbox.puzzles.ripple.board import Board, state_from_answer

CYCLE: list[Any] = []  # digits are typed, not cycled
SAY: dict[str, str] = {}  # a mark in words, for hints (a digit says itself)

# How the page draws and edits a Ripple Effect board (catalog "ui"): digits are typed
# (1..the region's size), a given holds its digit, regions are drawn from their labels.
UI = PageUI(
    cycle=CYCLE, keys="digits", drag=False, cell="digit", clue_on="cells", fixed="clue",
    clue_range=(1, 9), clue_extra={}, regions=True,
    count=None, notes=True,
    help=("Ripple Effect: click a cell, type 1..9; Backspace/Delete clears. On a touch screen the pad at the "
          "bottom types them, and a tap on the selected cell counts it up.",
          "Ripple Effect: m (or the Marks button, or ✎ on the pad) switches between digits and pencil marks; "
          "a digit then toggles a small candidate, Backspace clears the cell's marks.",
          "Setter, Ripple Effect: click close to a cell edge to add or remove a region border."))
broken = nothing_broken  # a digit's answer shows every rule it breaks


def to_answer(board: Board, position: Any) -> tuple[int | None, ...]:
    def mean(i: int, m: Any) -> int | None:
        ok = isinstance(m, int) and not isinstance(m, bool) and 1 <= m <= board.size[i]
        return m if ok else None
    return read(board, position, mean)


def to_state(board: Board, position: Any) -> list[int]:
    return state_from_answer(board, to_answer(board, position))


def mark(board: Board, var: int, d: int) -> int | None:
    return d.bit_length() - 1 if d and not d & (d - 1) else None


def from_answer(board: Board, answer: tuple[int | None, ...]) -> list[int | None]:
    return list(answer)
