"""Fill-a-Pix in a player's words: the rules box, the player's grade names, and why a
hint holds, one sentence per rung."""

from __future__ import annotations

from pencilbox.core import engine, words
from pencilbox.core.engine import PROBE, Hint
from pencilbox.puzzles.fillapix.board import BLANK, BOTH, PAINT, Board
from pencilbox.puzzles.fillapix.levels import Level

RULES = (
    "Paint some cells and leave the rest blank.",
    "Each number says how many cells are painted in the 3×3 block around it, its own cell included.",
    "A numbered cell may itself be painted or blank.",
)
# no board has grade pair (it only finds contradictions, inside probe): three names
GRADES: tuple[tuple[str, engine.Level], ...] = (
    ("Easy", Level.COUNT), ("Medium", Level.SIDES), ("Hard", PROBE))
#: each rung in a player's words (the page's glossary): a plain name, and what the rule does
RUNG_WORDS: dict[str, tuple[str, str]] = {
    Level.COUNT: ("Full or empty clue",
                  "A clue that already has all its painted cells leaves the rest of its 3×3 block blank; "
                  "a clue that needs every open cell of its block has them all painted."),
    Level.PAIR: ("Overlapping clues",
                 "Two clues whose blocks overlap limit how many painted cells their shared cells hold: "
                 "when the limit is all of them or none, the shared cells are painted or blank."),
    Level.SIDES: ("Overlaps, both sides",
                  "Overlapping clues as above, and their limits also settle the cells that each clue "
                  "has to itself."),
}


def said(d: int) -> str:
    return {PAINT: "painted", BLANK: "blank"}.get(d, "undecided")


def _clue(board: Board, i: int) -> str:
    return f"the {board.clues[i]} at {words.at(board.cols, i)}"


def _count(board: Board, dom: list[int], hint: Hint) -> str | None:
    """A clue whose block holds the cell: already met (the rest blank) or needing every
    open cell (they are painted)."""
    cell = words.at(board.cols, hint.var)
    for i in board.grid.block[hint.var]:
        v = board.clues[i]
        if v is None:  # read off the position, not the premises
            continue
        block = board.grid.block[i]
        painted = sum(1 for j in block if dom[j] == PAINT)
        open_ = sum(1 for j in block if dom[j] == BOTH)
        if hint.value == BLANK and v == 0:
            return f"{_clue(board, i)} allows no painted cell around it, so {cell} is blank"
        if hint.value == BLANK and v == painted:
            return (f"{_clue(board, i)} already has {words.number(v)} painted cell{'s' * (v != 1)}, "
                    f"so {cell} is blank")
        if hint.value == PAINT and v == painted + open_:
            return f"{_clue(board, i)} needs every open cell around it painted, so {cell} is painted"
    return None


def _pair(board: Board, hint: Hint) -> tuple[int, int] | None:
    """Two clues the pair rule read: overlapping blocks, both wholly among the premises,
    the hint's cell in one of them."""
    block, read = board.grid.block, {*hint.premises, hint.var}
    clued = [i for i in sorted(read) if board.clues[i] is not None and read >= set(block[i])]
    for a in clued:
        for b in clued:
            if a < b and set(block[a]) & set(block[b]) and hint.var in (*block[a], *block[b]):
                return a, b
    return None


def reason(board: Board, dom: list[int], hint: Hint, names: tuple[str, ...]) -> str:
    """Why the hint holds, in the player's words (checked against the position: where no
    sharp sentence fits, what the rung looked at)."""
    cols, cell = board.cols, words.at(board.cols, hint.var)
    result = said(hint.value)
    if hint.rung == PROBE:
        return words.probe_reason(cols, hint.var, words.tried(hint, dom[hint.var], said), result, names)
    if hint.rung == Level.COUNT:
        return _count(board, dom, hint) or (f"counting the painted cells around the numbers near {cell}, "
                                            f"it is {result}")
    if hint.rung in (Level.PAIR, Level.SIDES):
        pair = _pair(board, hint)
        if pair:
            return (f"{_clue(board, pair[0])} and {_clue(board, pair[1])} share cells: counting what each "
                    f"still needs inside and outside the shared part, {cell} is {result}")
        return f"comparing two overlapping numbers near {cell}, it is {result}"
    return words.generic_reason(cols, hint, said, f"the {hint.rung} rule")
