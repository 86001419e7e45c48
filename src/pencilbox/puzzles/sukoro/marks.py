"""The player's Sukoro marks: "n" numbered (the dot: a number whose digit is its count of
numbered neighbours, drawn for the player), "x" empty (the cross), or a digit 1..4 typed as the
player's own claim (a numbered cell that must hold that digit). The answer to validate writes a
claim at once and an "n" cell's count once every neighbour is decided (undecided before)."""

from __future__ import annotations

from typing import Any, TypeGuard

from pencilbox.core.marks import PageUI, read
from pencilbox.core.outcomes import Broken
from pencilbox.core.words import at
from pencilbox.puzzles.sukoro.board import EMPTY, NUMBERED, Board, digit_bit, initial_state

CYCLE = ["n", "x", None]
SAY = {"n": "numbered", "x": "empty"}  # a mark in words, for hints (a claimed digit says itself)
DIGITS = (1, 4)  # the digits a player may type as a claim

# How the page draws and edits a Sukoro board (catalog "ui"): a clued cell is numbered and
# shows its clue; any other numbered cell shows its count of numbered neighbours, a claimed one
# the digit typed.
UI = PageUI(
    cycle=CYCLE, keys="cycle", drag=False, cell="count", clue_on="cells", fixed="n",
    clue_range=(1, 4), clue_extra={"?": "numbered, digit unknown"}, regions=False,
    count=[[-1, 0, "n"], [1, 0, "n"], [0, -1, "n"], [0, 1, "n"]], digits=DIGITS,
    help=("Sukoro: a digit 1..4 claims a cell's number (0 or Backspace clears); a click steps "
          "numbered (dot) → empty (cross) → undecided.",))


def _claim(m: Any) -> TypeGuard[int]:
    """A digit typed as the player's claim (an int 1..4, never a bool)."""
    return isinstance(m, int) and not isinstance(m, bool) and DIGITS[0] <= m <= DIGITS[1]


def _marks(board: Board, position: Any) -> tuple[str | int | None, ...]:
    return read(board, position, lambda i, m: m if m in ("n", "x") or _claim(m) else None)


def _numbered(m: str | int | None) -> bool:
    return m == "n" or _claim(m)


def to_answer(board: Board, position: Any) -> tuple[int | None, ...]:
    marks = _marks(board, position)
    out: list[int | None] = []
    for i, m in enumerate(marks):
        near = [marks[j] for j in board.grid.orth[i]]
        count = sum(map(_numbered, near))
        if m == "x":
            out.append(0)
        elif _claim(m):
            out.append(m)  # the claim, right or wrong: the validator judges it
        elif m == "n" and None not in near and count:
            out.append(count)
        else:
            out.append(None)
    return tuple(out)


def broken(board: Board, position: Any) -> list[Broken]:
    """What the marks already break while their answer still shows it undecided: a numbered
    cell with every neighbour struck out (it would be a 0); while a clue's (or a claimed digit's)
    neighbours are not all decided, more numbered neighbours than its number, or too few
    numbered and undecided ones left to reach it (once all are decided the validator says so);
    a claim the validator cannot see as wrong yet because a neighbour's digit waits (an "n")."""
    marks = _marks(board, position)
    answer = to_answer(board, position)
    out = []
    for i, m in enumerate(marks):
        near = [marks[j] for j in board.grid.orth[i]]
        if m == "n" and all(n == "x" for n in near):
            out.append(Broken("count", (i,), f"{at(board.cols, i)} is numbered but every "
                              "neighbour is empty"))
            continue
        numbered, open_ = sum(map(_numbered, near)), near.count(None)
        if _claim(m):
            seen = sum(1 for j in board.grid.orth[i] if answer[j])  # what the validator counts
            if numbered > m >= seen and open_ + numbered >= m:
                out.append(Broken("count", (i,), f"the {m} at {at(board.cols, i)} has {numbered} "
                                  "numbered neighbours"))
            continue
        clue = board.clues[i]
        if m == "x" or not clue or None not in near:  # no clue digit (MARK is 0), or all decided
            continue
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
            dom[i] &= digit_bit(m) if _claim(m) else NUMBERED if m == "n" else EMPTY
    return dom


def mark(board: Board, var: int, d: int) -> str | None:
    return "x" if d == EMPTY else "n" if d and not d & EMPTY else None


def from_answer(board: Board, answer: tuple[int | None, ...]) -> list[str | None]:
    return [None if v is None else "n" if v else "x" for v in answer]
