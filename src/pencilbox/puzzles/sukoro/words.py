"""Sukoro in a player's words: the rules box, the player's grade names, and why a hint
holds, one sentence per rung (the player marks cells numbered or empty)."""

from __future__ import annotations

from pencilbox.core import engine, words
from pencilbox.core.engine import PROBE, Hint
from pencilbox.puzzles.sukoro.board import EMPTY, MARK, NUMBERED, Board
from pencilbox.puzzles.sukoro.levels import Level

RULES = (
    "Put a number in some cells and leave the rest empty.",
    "Each number says how many of its neighbours (up, down, left, right) hold a number.",
    "Neighbouring numbers are never equal.",
    "All the numbers form one connected group.",
)
GRADES: tuple[tuple[str, engine.Level], ...] = (
    ("Easy", Level.DEG), ("Medium", Level.NEQ), ("Hard", Level.CONN), ("Expert", PROBE))
#: each rung in a player's words (the page's glossary): a plain name, and what the rule does
RUNG_WORDS: dict[str, tuple[str, str]] = {
    Level.DEG: ("Counting neighbours",
                "A number counts its numbered neighbours: once it has that many, its other neighbours are "
                "empty, and when it needs every neighbour that could hold a number, they all hold one."),
    Level.NEQ: ("Different neighbours",
                "A number rules the same number out of the cells beside it."),
    Level.CONN: ("One connected group",
                 "A cell that cannot join the other numbers is empty, and a cell that every path between "
                 "two numbers must cross holds a number."),
}


def said(d: int) -> str:
    """A domain as the player's mark."""
    return "empty" if d == EMPTY else "numbered" if not d & EMPTY else "undecided"


def _counts(board: Board, dom: list[int], i: int) -> tuple[int, int]:
    """Cell i's numbered neighbours and those that can still be numbered."""
    nbs = board.grid.orth[i]
    return sum(1 for j in nbs if not dom[j] & EMPTY), sum(1 for j in nbs if dom[j] & NUMBERED)


def digit(board: Board, dom: list[int], i: int) -> int | None:
    """The number at cell i when plain to see: its clue, or the count of a numbered cell
    whose neighbours are all decided."""
    clue = board.clues[i]
    if clue is not None and clue != MARK:
        return clue
    sure, can = _counts(board, dom, i)
    return sure if not dom[i] & EMPTY and sure == can else None


def forced(board: Board, dom: list[int], i: int) -> tuple[int, str] | None:
    """A numbered cell's number and, for one that is not plain, why it is that: the counts
    allow a few, and each other one would touch an equal plain number."""
    v = digit(board, dom, i)
    if v is not None:
        return v, ""
    if dom[i] & EMPTY:
        return None
    sure, can = _counts(board, dom, i)
    near = {d: j for j in board.grid.orth[i] if (d := digit(board, dom, j)) is not None}
    left = [d for d in range(max(sure, 1), min(can, 4) + 1) if d not in near]
    if len(left) != 1:
        return None
    gone = [f"a {d} would touch the {d} at {words.at(board.cols, near[d])}"
            for d in range(max(sure, 1), min(can, 4) + 1) if d in near]
    return left[0], f" ({words.joined(gone)})" if gone else ""


def _counted(board: Board, dom: list[int], hint: Hint) -> str | None:
    """deg from a neighbour: its number already met (the rest empty) or needing every
    neighbour that can still hold a number (those numbered)."""
    cols, target = board.cols, hint.var
    for i in board.grid.orth[target]:
        got = forced(board, dom, i)
        if got is None:
            continue
        v, why = got
        sure, can = _counts(board, dom, i)
        at = words.at(cols, i)
        who = f"the {v} at {at}" if not why else f"{at} can only be a {v}{why} and"
        has = "already has its" if not why else "already has"
        if hint.value == EMPTY and v == sure:
            return (f"{who} {has} {words.number(v)} numbered neighbour{'s' * (v != 1)}, "
                    f"so {words.at(cols, target)} is empty")
        if hint.value != EMPTY and v == can:
            return (f"{who} needs {words.number(v)} numbered neighbour{'s' * (v != 1)} and only "
                    f"{words.number(can)} can hold a number, so {words.at(cols, target)} is numbered")
    return None


def _own(board: Board, dom: list[int], hint: Hint) -> str | None:
    """deg or neq on the cell itself: a number there would count zero, or equal a neighbour."""
    cols, target = board.cols, hint.var
    if hint.value != EMPTY:
        return None
    sure, can = _counts(board, dom, target)
    cell = words.at(cols, target)
    if can == 0:
        return (f"none of {cell}'s neighbours can hold a number, so a number there would count "
                f"zero: {cell} is empty")
    if sure != can:
        return None
    trial = dom.copy()
    trial[target] = NUMBERED
    for j in board.grid.orth[target]:
        got = forced(board, trial, j)
        if got is not None and got[0] == sure:
            then = "is already" if digit(board, dom, j) == sure else "would then be"
            return (f"a number at {cell} would be a {sure} (it has {words.number(sure)} numbered "
                    f"neighbour{'s' * (sure != 1)} and no undecided one), and {words.at(cols, j)} next "
                    f"to it {then} a {sure}, so {cell} is empty")
    return None


def reason(board: Board, dom: list[int], hint: Hint, names: tuple[str, ...]) -> str:
    """Why the hint holds, in the player's words (checked against the position: where no
    sharp sentence fits, what the rung looked at)."""
    cols, cell = board.cols, words.at(board.cols, hint.var)
    if hint.rung == PROBE:
        tried = "numbered" if hint.value == EMPTY else "empty"
        return words.probe_reason(cols, hint.var, tried, said(hint.value), names)
    if hint.rung in (Level.DEG, Level.NEQ):
        sharp = _counted(board, dom, hint) or _own(board, dom, hint)
        if sharp:
            return sharp
        if hint.value == EMPTY:
            return (f"counting the numbered neighbours around {cell}, no number fits there "
                    f"without breaking a count or touching an equal number, so {cell} is empty")
        return (f"a number next to {cell} can only reach its count with a number at {cell}, "
                f"so {cell} is numbered")
    if hint.rung == Level.CONN:
        if hint.value == EMPTY:
            return f"a number at {cell} could never join the other numbers, so {cell} is empty"
        return f"the numbers can only all connect through {cell}, so {cell} is numbered"
    return words.generic_reason(cols, hint, said, f"the {hint.rung} rule")
