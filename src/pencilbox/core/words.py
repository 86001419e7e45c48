"""Hints in a player's words: the pieces every puzzle's ``words`` module shares (a cell
named as r1c8, numbers as words, a list joined with "and", the probe's sentence), the
default player grades a puzzle without its own names gets, and the page's glossary: each
rung's spec name beside its plain name and what it does."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from pencilbox.core.outcomes import Hint
from pencilbox.core.state import PROBE, SEARCH, Level

#: the player's grade names, easiest first; a puzzle maps each to a level of its ladder
GRADE_NAMES = ("Easy", "Medium", "Hard", "Expert")
#: the engine's own rungs in a player's words (a puzzle's words.RUNG_WORDS says its rungs)
ENGINE_WORDS: dict[str, tuple[str, str]] = {
    PROBE: ("Try and see",
            "Try a value in one cell and follow the simpler rules from there: if that breaks a rule, "
            "the cell holds something else."),
    SEARCH: ("Guesswork",
             "No rule here finishes the board: it needs values tried and taken back (a search)."),
}
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


def glossary(levels: Iterable[str], own: Mapping[str, tuple[str, str]]) -> list[tuple[str, str, str]]:
    """Each rung's spec name with its plain name and what it does, ``search`` last (the page says
    the plain name and keeps the spec name for its glossary); a rung nobody described is its own name."""
    said = {**ENGINE_WORDS, **own}
    return [(r, *said.get(r, (r, ""))) for r in dict.fromkeys((*levels, SEARCH))]


def probe_reason(cols: int, var: int, tried: str, result: str, names: Sequence[str]) -> str:
    """What probe did, in plain words (the simpler rungs are the rules it follows): the other
    value(s) of the cell, ``tried`` alone, led them to a contradiction, so the cell holds ``result``."""
    cell = at(cols, var)
    rules = "the simpler rules" if any(n != PROBE for n in names) else "the rules"
    return f"if {cell} were {tried}, following {rules} from there would break one, so {cell} is {result}"


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
