"""Ripple Effect in a player's words: the rules box, the player's grade names, and why a
hint holds, one sentence per rung."""

from __future__ import annotations

from pencilbox.core import engine, words
from pencilbox.core.engine import PROBE, Hint, bits, single
from pencilbox.puzzles.ripple.board import Board
from pencilbox.puzzles.ripple.levels import Level

RULES = (
    "Fill every region with the numbers from 1 up to its size, each once.",
    "Two equal numbers n in one row or column have at least n cells between them.",
)
# region alone finishes only boards that are nearly full, so Easy asks for the ripple rule;
# lines is rare (none in 40 seeds at 6x6), so no name asks for it
GRADES: tuple[tuple[str, engine.Level], ...] = (
    ("Easy", Level.RIPPLE), ("Medium", Level.HIDDEN), ("Hard", PROBE))
#: each rung in a player's words (the page's glossary): a plain name, and what the rule does
RUNG_WORDS: dict[str, tuple[str, str]] = {
    Level.REGION: ("Once per region",
                   "A number placed in a region is ruled out of that region's other cells."),
    Level.RIPPLE: ("Ripple distance",
                   "A number n rules n out of every cell within n steps of it along its row and column."),
    Level.HIDDEN: ("Only place left",
                   "A number that only one cell of its region can still hold goes in that cell."),
    Level.LINES: ("Room in a line",
                  "Regions lying wholly in one row or column each put their number n in that line, and "
                  "copies of n must stand more than n cells apart: cells where they cannot fit lose n."),
}


def value(d: int) -> int:
    return d.bit_length() - 1


def said(d: int) -> str:
    return str(value(d)) if single(d) else " or ".join(str(value(b)) for b in bits(d))


def _why_not(board: Board, dom: list[int], var: int, w: int) -> str | None:
    """Why cell ``var`` cannot hold w, read off the placed numbers: its region has w, or a
    w sits within w cells along its row or column."""
    cols = board.cols
    region = board.members[board.regions[var]]
    there = [j for j in region if j != var and dom[j] == 1 << w]
    if there:
        return f"{w} is already at {words.at(cols, there[0])} in its region"
    g, (r, c) = board.grid, board.grid.rc(var)
    for step in range(1, w + 1):
        for rr, cc in ((r, c - step), (r, c + step), (r - step, c), (r + step, c)):
            if g.inside(rr, cc) and dom[g.cell(rr, cc)] == 1 << w:
                line = "row" if rr == r else "column"
                between = f"{words.number(step - 1)} cell{'s' * (step != 2)} between"
                gap = between if step > 1 else "next to it"
                return f"the {w} at {words.at(cols, g.cell(rr, cc))} is too close: {gap} in its {line}"
    return None


def _placed(board: Board, dom: list[int], hint: Hint) -> str | None:
    """region and ripple: every other value of the region is ruled out by a placed number."""
    cell, v = words.at(board.cols, hint.var), value(hint.value)
    size = board.size[hint.var]
    if size == 1:
        return f"{cell} is a region of one cell, so it is 1"
    why = [_why_not(board, dom, hint.var, w) for w in range(1, size + 1) if w != v]
    if not all(why):
        return None
    parts = [f"not {w} ({y})" for w, y in zip((w for w in range(1, size + 1) if w != v), why, strict=True)]
    can = "1 or 2" if size == 2 else f"1 to {size}"
    return f"{cell} can hold {can}, but {words.joined(parts)}, so it is {v}"


def reason(board: Board, dom: list[int], hint: Hint, names: tuple[str, ...]) -> str:
    """Why the hint holds, in the player's words (checked against the position: where no
    sharp sentence fits, what the rung looked at)."""
    cols, cell, v = board.cols, words.at(board.cols, hint.var), value(hint.value)
    if hint.rung == PROBE:
        return words.probe_reason(cols, hint.var, words.tried(hint, dom[hint.var], said), str(v), names)
    sharp = _placed(board, dom, hint) if hint.rung in (Level.REGION, Level.RIPPLE) else None
    if sharp:
        return sharp
    if hint.rung == Level.REGION:
        return f"the other cells of {cell}'s region hold every other number, so {cell} is {v}"
    if hint.rung == Level.RIPPLE:
        return (f"every other number for {cell} is already in its region or too close along its row "
                f"or column, so {cell} is {v}")
    if hint.rung == Level.HIDDEN:
        return f"no other cell of its region can still hold a {v}, so {cell} is {v}"
    if hint.rung == Level.LINES:
        return (f"counting the room each number needs along {cell}'s row and column (a region lying "
                f"wholly in a line needs its own copy there), {cell} can only be {v}")
    return words.generic_reason(cols, hint, said, f"the {hint.rung} rule")
