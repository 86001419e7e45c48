"""The player's Sukoro marks: "n" numbered, "x" empty. A numbered cell's digit is not
entered: it is its count of numbered neighbours, so the answer to validate writes that
count once every neighbour is decided (undecided before)."""

from __future__ import annotations

from typing import Any

from pencilbox.core.marks import PageUI, read
from pencilbox.core.outcomes import Broken
from pencilbox.core.words import at
from pencilbox.puzzles.sukoro.board import EMPTY, NUMBERED, Board, initial_state

CYCLE = ["n", "x", None]
SAY = {"n": "numbered", "x": "empty"}  # a mark in words, for hints

# How the page draws and edits a Sukoro board (catalog "ui"): a clued cell is numbered and
# shows its clue; any other numbered cell shows its count of numbered neighbours.
UI = PageUI(
    cycle=CYCLE, keys="cycle", drag=False, cell="count", clue_on="cells", fixed="n",
    clue_range=(1, 4), clue_extra={"?": "numbered, digit unknown"}, regions=False,
    count=[[-1, 0, "n"], [1, 0, "n"], [0, -1, "n"], [0, 1, "n"]])


def _marks(board: Board, position: Any) -> tuple[str | None, ...]:
    return read(board, position, lambda i, m: m if m in ("n", "x") else None)


def to_answer(board: Board, position: Any) -> tuple[int | None, ...]:
    marks = _marks(board, position)
    out: list[int | None] = []
    for i, m in enumerate(marks):
        near = [marks[j] for j in board.grid.orth[i]]
        if m == "x":
            out.append(0)
        elif m == "n" and None not in near and near.count("n"):
            out.append(near.count("n"))
        else:
            out.append(None)
    return tuple(out)


def broken(board: Board, position: Any) -> list[Broken]:
    """What the marks already break while their answer still shows it undecided: a numbered
    cell with every neighbour struck out (it would be a 0), and, while a clue's neighbours
    are not all decided, a clue with more numbered neighbours than its number or too few
    numbered and undecided ones left to reach it (once all are decided the validator says so)."""
    marks = _marks(board, position)
    out = []
    for i, m in enumerate(marks):
        near = [marks[j] for j in board.grid.orth[i]]
        if m == "n" and all(n == "x" for n in near):
            out.append(Broken("count", (i,), f"{at(board.cols, i)} is numbered but every "
                              "neighbour is empty"))
            continue
        clue = board.clues[i]
        if m == "x" or not clue or None not in near:  # no clue digit (MARK is 0), or all decided
            continue
        numbered, open_ = near.count("n"), near.count(None)
        where = f"the {clue} at {at(board.cols, i)}"
        if numbered > clue:
            out.append(Broken("clue", (i,), f"{where} has {numbered} numbered neighbours"))
        elif numbered + open_ < clue:
            out.append(Broken("clue", (i,), f"{where} can reach only {numbered + open_} numbered neighbours"))
    return out


def to_state(board: Board, position: Any) -> list[int]:
    dom = initial_state(board)
    for i, m in enumerate(_marks(board, position)):
        if m is not None:
            dom[i] &= NUMBERED if m == "n" else EMPTY
    return dom


def mark(board: Board, var: int, d: int) -> str | None:
    return "x" if d == EMPTY else "n" if d and not d & EMPTY else None


def from_answer(board: Board, answer: tuple[int | None, ...]) -> list[str | None]:
    return [None if v is None else "n" if v else "x" for v in answer]
