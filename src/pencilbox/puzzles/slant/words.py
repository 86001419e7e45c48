"""Slant in a player's words: the rules box, the player's grade names, and why a hint
holds, one sentence per rung (clues sit on cell corners, named from a cell they touch)."""

from __future__ import annotations

from pencilbox.core import engine, words
from pencilbox.core.engine import PROBE, Hint, single
from pencilbox.puzzles.slant.board import BACK, FWD, TOUCH, Board
from pencilbox.puzzles.slant.levels import Level

RULES = (
    "Draw a diagonal line, \\ or /, in every cell.",
    "A number on a corner says how many lines touch that corner.",
    "The lines never form a closed loop.",
)
GRADES: tuple[tuple[str, engine.Level], ...] = (
    ("Easy", Level.COUNT), ("Medium", Level.CYCLE), ("Hard", Level.DUET), ("Expert", PROBE))
#: each rung in a player's words (the page's glossary): a plain name, and what the rule does
RUNG_WORDS: dict[str, tuple[str, str]] = {
    Level.COUNT: ("Corner counts",
                  "A corner number that already has its lines turns the other cells around it away; one "
                  "that needs every open cell around it turns them all toward it."),
    Level.CYCLE: ("No loops",
                  "A line that would close a loop goes the other way."),
    Level.DUET: ("Corners side by side",
                 "Two corner numbers side by side are worked out together: whatever every way of "
                 "meeting both of them agrees on is settled."),
}
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")


def said(d: int) -> str:
    return {FWD: "/", BACK: "\\"}.get(d, "undecided")


def corner(board: Board, p: int, near: int) -> str:
    """Point p as a corner of cell ``near`` when it is one, else of the first cell it touches."""
    around = board.grid.around[p]
    cell, k = next(((i, k) for i, k in around if i == near), around[0])
    return f"the {CORNERS[k]} corner of {words.at(board.cols, cell)}"


def _clue(board: Board, p: int, near: int) -> str:
    return f"the {board.clues[p]} at {corner(board, p, near)}"


def _count(board: Board, dom: list[int], hint: Hint) -> str | None:
    """A clue at a corner of the cell already met (the rest turn away) or needing every
    open cell around it (they all turn toward it)."""
    cell = words.at(board.cols, hint.var)
    for p in board.grid.corners(hint.var):  # read off the position, not the premises
        v = board.clues[p]
        around = board.grid.around[p]
        if v is None or v < 0:
            continue
        touching = sum(1 for i, k in around if dom[i] == TOUCH[k])
        open_ = sum(1 for i, _ in around if not single(dom[i]))
        k = next(k for i, k in around if i == hint.var)
        toward = hint.value == TOUCH[k]
        if not toward and v == 0:
            return f"{_clue(board, p, hint.var)} allows no line touching it, so {cell} is {said(hint.value)}"
        if not toward and v == touching:
            return (f"{_clue(board, p, hint.var)} already has {words.number(v)} line{'s' * (v != 1)} "
                    f"touching it, so {cell} is {said(hint.value)}")
        if toward and v == touching + open_:
            return (f"{_clue(board, p, hint.var)} needs every line still open around it to touch it, "
                    f"so {cell} is {said(hint.value)}")
    return None


def reason(board: Board, dom: list[int], hint: Hint, names: tuple[str, ...]) -> str:
    """Why the hint holds, in the player's words (checked against the position: where no
    sharp sentence fits, what the rung looked at)."""
    cols, cell, n = board.cols, words.at(board.cols, hint.var), board.rows * board.cols
    result = said(hint.value)
    if hint.rung == PROBE:
        return words.probe_reason(cols, hint.var, words.tried(hint, dom[hint.var], said), result, names)
    if hint.rung == Level.COUNT:
        sharp = _count(board, dom, hint)
        if sharp:
            return sharp
        return f"counting the lines at the numbered corners of {cell}, it must be {result}"
    if hint.rung == Level.CYCLE:
        other = said(dom[hint.var] & ~hint.value)
        return f"a {other} at {cell} would close a loop with the lines already drawn, so {cell} is {result}"
    if hint.rung == Level.DUET:
        clues = [_clue(board, q - n, hint.var) for q in hint.premises if q >= n][:2]
        if len(clues) == 2:
            return f"{clues[0]} and {clues[1]} can only both be met with {result} at {cell}"
        return f"two neighbouring corner numbers can only both be met with {result} at {cell}"
    return words.generic_reason(cols, hint, said, f"the {hint.rung} rule")
