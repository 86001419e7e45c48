"""Slant boards and answers, and their text and JSON forms.

Domains: bit 0 is ``/`` (FWD), bit 1 is ``\\`` (BACK), one variable per cell. ``\\`` joins
a cell's top-left and bottom-right corners, ``/`` its top-right and bottom-left. Clues sit
on the (R+1) x (C+1) lattice points: 0..4, or ``MARK`` (-1), a circle whose number is not
shown (puzz.link's ``.``; ``?`` in text and JSON), which constrains nothing.
An answer is a flat tuple of cells: FWD, BACK, or None (undecided).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, ClassVar, TypeVar

from pencilbox.core.geometry import grid
from pencilbox.core.gridboard import GridBoard, json_answer_rows, json_places
from pencilbox.errors import BoardError, shown
from pencilbox.sections import Section, expect, places

FWD, BACK, BOTH = 1, 2, 3
MARK = -1
CHAR = {FWD: "/", BACK: "\\", None: "?"}
# The orientation that reaches corner k (0 tl, 1 tr, 2 bl, 3 br) of its cell.
TOUCH = (BACK, FWD, FWD, BACK)
PointT = TypeVar("PointT")  # what a lattice point holds: a clue, a token, a JSON cell


@dataclass(frozen=True)
class Board(GridBoard):
    """Point clues (and optionally an answer) on an R x C grid of cells."""

    puzzle: ClassVar[str] = "slant"

    @cached_property
    def clued(self) -> tuple[int, ...]:
        """Points with a number on them (marks excluded)."""
        return tuple(p for p, v in enumerate(self.clues) if v is not None and v >= 0)

    def ends(self, i: int, bit: int) -> tuple[int, int]:
        """The lattice points a diagonal of cell i joins."""
        return self.diagonals[i][bit]

    @cached_property
    def diagonals(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per cell, ``ends`` indexed by the diagonal's bit (0..3, as ``ends`` reads any bit but
        BACK as FWD): one table per size, which the rungs' passes read millions of times."""
        return diagonals(self.rows, self.cols)


@lru_cache(maxsize=64)
def diagonals(rows: int, cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """``Board.diagonals`` of an R x C board."""
    return tuple(((tr, bl), (tr, bl), (tl, br), (tr, bl)) for tl, tr, bl, br in grid(rows, cols).all_corners)


def point_rows(board: Board, flat: Sequence[PointT]) -> list[list[PointT]]:
    w = board.cols + 1
    return [list(flat[r * w:(r + 1) * w]) for r in range(board.rows + 1)]


# ---------------------------------------------------------------- text

def read_clue(tok: str, where: str) -> int | None:
    if tok == ".":
        return None
    if tok == "?":
        return MARK
    if tok in ("0", "1", "2", "3", "4"):
        return int(tok)
    raise BoardError(f"{where}: {shown(tok)} is not a Slant clue ('.', '?' or 0..4)")


def read_row(chars: str, cols: int, where: str, at: Callable[[int], str]) -> list[int | None]:
    """One answer row of marks; ``where`` names the row, ``at(i)`` its i-th character."""
    out: list[int | None] = []
    for i, ch in enumerate(chars):
        if ch == "/":
            out.append(FWD)
        elif ch == "\\":
            out.append(BACK)
        elif ch in "?.":
            out.append(None)
        else:
            raise BoardError(f"{at(i)}: {ch!r} is not a Slant answer cell ('/', '\\\\' or '?')")
    if len(out) != cols:
        raise BoardError(f"{where}: answer row has {len(out)} cells, expected {cols}")
    return out


def from_sections(rows: int, cols: int, sections: dict[str, Section]) -> Board:
    expect(sections, "slant", ("clues", "answer"), ("clues",), " (the (R+1)x(C+1) lattice points)")
    clues = tuple(read_clue(t.text, t.where())
                  for row in sections["clues"].grid(rows + 1, cols + 1) for t in row)
    answer = None
    if "answer" in sections:
        sec = sections["answer"]
        if len(sec.rows) != rows:
            raise BoardError(f"line {sec.line}: section 'answer:' has {len(sec.rows)} rows, expected {rows}")
        cells: list[int | None] = []
        for row in sec.rows:
            cells += read_row("".join(t.text for t in row), cols, f"line {row[0].line}", places(row))
        answer = tuple(cells)
    return Board(rows, cols, clues, answer)


def clue_token(v: int | None) -> str:
    return "." if v is None else "?" if v == MARK else str(v)


def to_text(board: Board) -> str:
    out = [f"slant {board.rows}x{board.cols}", "clues:"]
    out += [" ".join(clue_token(v) for v in row) for row in point_rows(board, board.clues)]
    if board.answer is not None:
        out.append("answer:")
        out += [" ".join(CHAR[v] for v in row) for row in board.grid.to_rows(board.answer)]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- JSON

def from_json(data: dict[str, Any]) -> Board:
    rows, cols = data["rows"], data["cols"]
    grid_ = data.get("clues")
    if not isinstance(grid_, list) or len(grid_) != rows + 1:
        raise BoardError(f"'clues' must be a list of {rows + 1} rows of lattice points")
    clues: list[int | None] = []
    for r, row in enumerate(grid_):
        if not isinstance(row, list) or len(row) != cols + 1:
            raise BoardError(f"'clues' row {r + 1} must be a list of {cols + 1} lattice points")
        for c, v in enumerate(row):
            if v is None or v == "?" or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 4):
                clues.append(MARK if v == "?" else v)
            else:
                raise BoardError(f"'clues' row {r + 1}, column {c + 1}: {shown(v)} is not a Slant clue "
                                 "(null, '?' or 0..4)")
    answer = None
    texts = json_answer_rows(data, rows, "'/' and '\\\\'")
    if texts is not None:
        answer = tuple(v for r, text in enumerate(texts)
                       for v in read_row(text, cols, f"'answer' row {r + 1}", json_places(r)))
    return Board(rows, cols, tuple(clues), answer)


def answer_json(board: Board, answer: tuple[int | None, ...]) -> list[str]:
    return ["".join(CHAR[v] for v in row) for row in board.grid.to_rows(answer)]


def to_json(board: Board) -> dict[str, Any]:
    out: dict[str, Any] = {"puzzle": "slant", "rows": board.rows, "cols": board.cols,
                           "clues": point_rows(board, ["?" if v == MARK else v for v in board.clues])}
    if board.answer is not None:
        out["answer"] = answer_json(board, board.answer)
    return out


# ---------------------------------------------------------------- states

def initial_state(board: Board) -> list[int]:
    return [BOTH] * (board.rows * board.cols)


def state_from_answer(board: Board, answer: tuple[int | None, ...]) -> list[int]:
    return [BOTH if v is None else v for v in answer]


def answer_from_state(dom: list[int]) -> tuple[int | None, ...]:
    return tuple(d if d in (FWD, BACK) else None for d in dom)
