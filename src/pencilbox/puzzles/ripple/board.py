"""Ripple Effect boards: regions, givens and answers, and their text and JSON forms.

Domains: bit v (1..s) is the value v; a cell's domain starts as 1..s of its region (or
its given). A given is a positive int, or ``MARK`` (-1), a given whose value is not
shown (puzz.link's ``.``; ``?`` in text and JSON), which constrains nothing.
Regions are stored as ids 0..K-1 numbered in reading order of their first cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from pencilbox.core.geometry import Grid, grid
from pencilbox.core.gridboard import json_cells
from pencilbox.errors import BoardError, natural, shown
from pencilbox.sections import Section, expect

MARK = -1
MAX_REGION = 60  # values are bits of one int64


@dataclass(frozen=True)
class Board:
    """Regions, givens (and optionally an answer) on an R x C grid."""

    rows: int
    cols: int
    regions: tuple[int, ...]
    clues: tuple[int | None, ...]
    answer: tuple[int | None, ...] | None = None
    puzzle: ClassVar[str] = "ripple"

    @cached_property
    def grid(self) -> Grid:
        return grid(self.rows, self.cols)

    @cached_property
    def members(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each region, in reading order."""
        out: list[list[int]] = [[] for _ in range(max(self.regions) + 1)]
        for i, k in enumerate(self.regions):
            out[k].append(i)
        return tuple(tuple(m) for m in out)

    @cached_property
    def size(self) -> tuple[int, ...]:
        """The size of each cell's region."""
        return tuple(len(self.members[k]) for k in self.regions)


def canonical(rows: int, cols: int, labels: Sequence[Any], where: str) -> tuple[int, ...]:
    """Labels as region ids in reading order; each label must form one connected region."""
    ids: dict[Any, int] = {}
    out = [ids.setdefault(lab, len(ids)) for lab in labels]
    sizes = [0] * len(ids)
    for k in out:
        sizes[k] += 1
    if max(sizes) > MAX_REGION:  # before the connectivity walk and any grid tables
        raise BoardError(f"{where}: a region of {max(sizes)} cells is larger than {MAX_REGION}")
    g = grid(rows, cols)
    seen = [False] * len(out)
    for start in range(len(out)):
        if seen[start]:
            continue
        seen[start] = True
        todo, reached = [start], 0
        while todo:
            i = todo.pop()
            reached += 1
            for j in g.orth[i]:
                if not seen[j] and out[j] == out[start]:
                    seen[j] = True
                    todo.append(j)
        if reached != sizes[out[start]]:
            r, c = g.rc(start)
            raise BoardError(f"{where}: region {shown(labels[start])} is not connected "
                             f"(the piece at row {r + 1}, column {c + 1} is cut off from the rest)")
    return tuple(out)


def check_givens(board: Board, where: str) -> Board:
    for i, v in enumerate(board.clues):
        if v is not None and v != MARK and not 1 <= v <= board.size[i]:
            r, c = board.grid.rc(i)
            raise BoardError(f"{where}: row {r + 1}, column {c + 1}: given {v} does not fit its region "
                             f"of {board.size[i]} cells")
    return board


# ---------------------------------------------------------------- text

def read_given(tok: str, where: str) -> int | None:
    if tok == ".":
        return None
    if tok == "?":
        return MARK
    if (natural(tok) or 0) >= 1:
        return int(tok)
    raise BoardError(f"{where}: {shown(tok)} is not a Ripple given ('.', '?' or a positive integer)")


def read_value(tok: str, where: str) -> int | None:
    if tok in ("?", "."):
        return None
    if (natural(tok) or 0) >= 1:
        return int(tok)
    raise BoardError(f"{where}: {shown(tok)} is not a Ripple answer cell (a positive integer or '?')")


def from_sections(rows: int, cols: int, sections: dict[str, Section]) -> Board:
    expect(sections, "ripple", ("clues", "regions", "answer"), ("regions", "clues"))
    labels = [t.text for row in sections["regions"].grid(rows, cols) for t in row]
    regions = canonical(rows, cols, labels, f"line {sections['regions'].line}")
    clues = tuple(read_given(t.text, t.where()) for row in sections["clues"].grid(rows, cols) for t in row)
    answer = None
    if "answer" in sections:
        rows_ = sections["answer"].grid(rows, cols)
        answer = tuple(read_value(t.text, t.where()) for row in rows_ for t in row)
    return check_givens(Board(rows, cols, regions, clues, answer), f"line {sections['clues'].line}")


def to_text(board: Board) -> str:
    g = board.grid
    width = len(str(max(board.regions)))
    out = [f"ripple {board.rows}x{board.cols}", "regions:"]
    out += [" ".join(str(k).rjust(width) for k in row) for row in g.to_rows(board.regions)]
    out.append("clues:")
    out += [" ".join("." if v is None else "?" if v == MARK else str(v) for v in row)
            for row in g.to_rows(board.clues)]
    if board.answer is not None:
        out.append("answer:")
        out += [" ".join("?" if v is None else str(v) for v in row) for row in g.to_rows(board.answer)]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- JSON

def _positive(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 1


def from_json(data: dict[str, Any]) -> Board:
    rows, cols = data["rows"], data["cols"]
    labels = []
    for r, c, v in json_cells(data, "regions", rows, cols):
        if not isinstance(v, (int, str)) or isinstance(v, bool):
            raise BoardError(f"'regions' row {r + 1}, column {c + 1}: {shown(v)} is not a region label")
        labels.append(v)
    regions = canonical(rows, cols, labels, "'regions'")
    clues: list[int | None] = []
    for r, c, v in json_cells(data, "clues", rows, cols):
        if v is not None and v != "?" and not _positive(v):
            raise BoardError(f"'clues' row {r + 1}, column {c + 1}: {shown(v)} is not a Ripple given "
                             "(null, '?' or a positive integer)")
        clues.append(MARK if v == "?" else v)
    answer: tuple[int | None, ...] | None = None
    if data.get("answer") is not None:
        cells: list[int | None] = []
        for r, c, v in json_cells(data, "answer", rows, cols):
            if v is not None and not _positive(v):
                raise BoardError(f"'answer' row {r + 1}, column {c + 1}: {shown(v)} is not a Ripple value")
            cells.append(v)
        answer = tuple(cells)
    return check_givens(Board(rows, cols, regions, tuple(clues), answer), "'clues'")


def answer_json(board: Board, answer: tuple[int | None, ...]) -> list[list[int | None]]:
    return board.grid.to_rows(answer)


def to_json(board: Board) -> dict[str, Any]:
    g = board.grid
    out: dict[str, Any] = {"puzzle": "ripple", "rows": board.rows, "cols": board.cols,
                           "clues": g.to_rows(["?" if v == MARK else v for v in board.clues]),
                           "regions": g.to_rows(board.regions)}
    if board.answer is not None:
        out["answer"] = answer_json(board, board.answer)
    return out


# ---------------------------------------------------------------- states

def full(size: int) -> int:
    """The domain 1..size."""
    return ((1 << (size + 1)) - 1) & ~1


def initial_state(board: Board) -> list[int]:
    return [full(s) if v is None or v == MARK else 1 << v
            for s, v in zip(board.size, board.clues, strict=True)]


def state_from_answer(board: Board, answer: tuple[int | None, ...]) -> list[int]:
    dom = initial_state(board)
    for i, v in enumerate(answer):
        if v is not None:
            dom[i] &= 1 << v if v < 63 else 0
    return dom


def answer_from_state(dom: list[int]) -> tuple[int | None, ...]:
    return tuple(d.bit_length() - 1 if d and not d & (d - 1) else None for d in dom)
