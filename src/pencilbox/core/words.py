"""Hints in a player's words: the pieces every puzzle's ``words`` module shares (a cell
named as r1c8, numbers as words, a list joined with "and", the probe's sentence), and
the default player grades a puzzle without its own names gets."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pencilbox.core.outcomes import Hint
from pencilbox.core.state import PROBE, Level

#: the player's grade names, easiest first; a puzzle maps each to a level of its ladder
GRADE_NAMES = ("Easy", "Medium", "Hard", "Expert")
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def at(cols: int, i: int) -> str:
    """Cell ``i`` as a player reads it: r1c8 is row 1, column 8."""
    r, c = divmod(i, cols)
    return f"r{r + 1}c{c + 1}"


def number(n: int) -> str:
    """A small count in words (two, three), larger ones in digits."""
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def joined(parts: Sequence[str]) -> str:
    """a, b and c."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def default_grades(levels: Sequence[Level]) -> tuple[tuple[str, Level], ...]:
    """Player names for a ladder that names none: the cheapest levels Easy, Medium, Hard,
    and its last (probe) Expert; a ladder of fewer levels gets fewer names."""
    if len(levels) <= len(GRADE_NAMES):
        return tuple(zip(GRADE_NAMES, levels, strict=False))
    return (*zip(GRADE_NAMES[:-1], levels, strict=False), (GRADE_NAMES[-1], levels[-1]))


def rungs_said(names: Iterable[str]) -> str:
    """The rungs a probe trial runs, as a list ("deg, neq and conn")."""
    below = [n for n in names if n != PROBE]
    return joined(below) if below else "the rules"


def probe_reason(cols: int, var: int, tried: str, result: str, names: Sequence[str]) -> str:
    """What probe did: the other value(s) of the cell, ``tried`` alone, led the cheaper rungs
    to a contradiction, so the cell holds ``result``."""
    cell = at(cols, var)
    return f"if {cell} were {tried}, {rungs_said(names)} would find a contradiction, so {cell} is {result}"


def tried(hint: Hint, before: int, said: Callable[[int], str]) -> str:
    """The values probe ruled out at the hint's cell, in words: one, or "anything but" the rest."""
    gone = before & ~hint.value
    return said(gone) if gone.bit_count() == 1 else "anything but " + said(hint.value)


def generic_reason(cols: int, hint: Hint, said: Callable[[int], str], what: str) -> str:
    """A rung's sentence where no sharper one fits: what the rung looks at, and the result."""
    cell = at(cols, hint.var)
    return f"{what}, so {cell} is {said(hint.value)}"


def premise_cells(board: Any, hint: Hint) -> list[int]:
    """The hint's premises that are cells of the board (some puzzles add clue points after them)."""
    n = board.rows * board.cols
    return [p for p in hint.premises if p < n]
