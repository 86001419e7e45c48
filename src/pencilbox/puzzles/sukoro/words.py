"""Sukoro in a player's words: the rules box, the player's grade names, and why a hint
holds, one sentence per rung (the player marks cells numbered or empty)."""

from __future__ import annotations

from pencilbox.core import words
from pencilbox.core.engine import PROBE, Hint
from pencilbox.puzzles.sukoro.board import EMPTY, MARK, NUMBERED, Board

RULES = (
    "Put a number in some cells and leave the rest empty.",
    "Each number says how many of its neighbours (up, down, left, right) hold a number.",
    "Neighbouring numbers are never equal.",
    "All the numbers form one connected group.",
)
GRADES = (("Easy", "deg"), ("Medium", "neq"), ("Hard", "conn"), ("Expert", "probe"))


def said(d: int) -> str:
    """A domain as the player's mark."""
    return "empty" if d == EMPTY else "numbered" if not d & EMPTY else "undecided"


def digit(board: Board, dom: list[int], i: int) -> int | None:
    """The number at cell i when it is known: its clue, or the count its neighbours leave."""
    clue = board.clues[i]
    if clue is not None and clue != MARK:
        return clue
    if dom[i] & EMPTY:
        return None
    nbs = board.grid.orth[i]
    sure = sum(1 for j in nbs if not dom[j] & EMPTY)
    can = sum(1 for j in nbs if dom[j] & NUMBERED)
    return sure if sure == can else None


def _counted(board: Board, dom: list[int], hint: Hint) -> str | None:
    """deg from a neighbour: a known number already met (the rest empty) or needing every
    neighbour that can still hold a number (those numbered)."""
    cols, target = board.cols, hint.var
    for i in board.grid.orth[target]:
        v = digit(board, dom, i)
        if v is None or i not in hint.premises:
            continue
        nbs = board.grid.orth[i]
        sure = sum(1 for j in nbs if not dom[j] & EMPTY)
        can = sum(1 for j in nbs if dom[j] & NUMBERED)
        who = f"the {v} at {words.at(cols, i)}"
        if hint.value == EMPTY and v == sure:
            return (f"{who} already has its {words.number(v)} numbered neighbour{'s' * (v != 1)}, "
                    f"so {words.at(cols, target)} is empty")
        if hint.value != EMPTY and v == can:
            return (f"{who} needs {words.number(v)} numbered neighbour{'s' * (v != 1)} and only "
                    f"{words.number(can)} can hold a number, so {words.at(cols, target)} is numbered")
    return None


def _own(board: Board, dom: list[int], hint: Hint) -> str | None:
    """deg or neq on the cell itself: no digit its neighbours allow can stand there."""
    cols, target = board.cols, hint.var
    if hint.value != EMPTY:
        return None
    nbs = board.grid.orth[target]
    sure = sum(1 for j in nbs if not dom[j] & EMPTY)
    can = sum(1 for j in nbs if dom[j] & NUMBERED)
    cell = words.at(cols, target)
    if can == 0:
        return (f"none of {cell}'s neighbours can hold a number, so a number there would count "
                f"zero: {cell} is empty")
    if sure == can:
        equal = [j for j in nbs if digit(board, dom, j) == sure]
        if equal:
            return (f"a number at {cell} would be a {sure} (it has {words.number(sure)} numbered "
                    f"neighbour{'s' * (sure != 1)} and no undecided one), but {words.at(cols, equal[0])} "
                    f"next to it is already a {sure}, so {cell} is empty")
    return None


def reason(board: Board, dom: list[int], hint: Hint, names: tuple[str, ...]) -> str:
    """Why the hint holds, in the player's words (checked against the position: where no
    sharp sentence fits, what the rung looked at)."""
    cols, cell = board.cols, words.at(board.cols, hint.var)
    if hint.rung == PROBE:
        tried = "numbered" if hint.value == EMPTY else "empty"
        return words.probe_reason(cols, hint.var, tried, said(hint.value), names)
    if hint.rung in ("deg", "neq"):
        sharp = _counted(board, dom, hint) or _own(board, dom, hint)
        if sharp:
            return sharp
        if hint.value == EMPTY:
            return (f"counting the numbered neighbours around {cell}, no number fits there "
                    f"without breaking a count or touching an equal number, so {cell} is empty")
        return f"counting the numbered neighbours around {cell}, a count is met only with a number at {cell}"
    if hint.rung == "conn":
        if hint.value == EMPTY:
            return f"a number at {cell} could never join the other numbers, so {cell} is empty"
        return f"the numbers can only all connect through {cell}, so {cell} is numbered"
    return words.generic_reason(cols, hint, said, f"the {hint.rung} rule")
