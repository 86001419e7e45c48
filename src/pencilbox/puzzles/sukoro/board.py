"""Sukoro boards and answers, and their text and JSON forms.

Domains: bit 0 is *empty*, bit d (1..4) is the digit d; ``NUMBERED`` is any digit.
A clue is a digit 1..4, or ``MARK`` (0): the cell holds a number whose digit is not
shown (puzz.link's ``.``; written ``?`` in text and JSON).
An answer is a flat tuple in reading order: 0 empty, 1..4 a digit, None undecided.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pencilbox.core.gridboard import GridBoard, json_cells
from pencilbox.errors import BoardError, shown
from pencilbox.sections import Section, expect

EMPTY = 1
NUMBERED = 0b11110
ALL = 0b11111
MARK = 0


def digit_bit(d: int) -> int:
    return 1 << d


@dataclass(frozen=True)
class Board(GridBoard):
    """Clues (and optionally an answer, complete or partial) on an R x C grid."""

    puzzle: ClassVar[str] = "sukoro"


# ---------------------------------------------------------------- text

def clue_token(v: int | None) -> str:
    return "." if v is None else "?" if v == MARK else str(v)


def answer_token(v: int | None) -> str:
    return "?" if v is None else "." if v == 0 else str(v)


def read_clue(tok: str, where: str) -> int | None:
    if tok == ".":
        return None
    if tok == "?":
        return MARK
    if tok in ("1", "2", "3", "4"):
        return int(tok)
    raise BoardError(f"{where}: {shown(tok)} is not a Sukoro clue ('.', '?' or 1..4)")


def read_answer(tok: str, where: str) -> int | None:
    if tok == "?":
        return None
    if tok == ".":
        return 0
    if tok in ("1", "2", "3", "4"):
        return int(tok)
    raise BoardError(f"{where}: {shown(tok)} is not a Sukoro answer cell ('.' empty, 1..4, '?' undecided)")


def from_sections(rows: int, cols: int, sections: dict[str, Section]) -> Board:
    expect(sections, "sukoro", ("clues", "answer"), ("clues",))
    clues = tuple(read_clue(t.text, t.where()) for row in sections["clues"].grid(rows, cols) for t in row)
    answer = None
    if "answer" in sections:
        answer = tuple(read_answer(t.text, t.where())
                       for row in sections["answer"].grid(rows, cols) for t in row)
    return Board(rows, cols, clues, answer)


def to_text(board: Board) -> str:
    g = board.grid
    out = [f"sukoro {board.rows}x{board.cols}", "clues:"]
    out += ["  ".join(clue_token(v) for v in row) for row in g.to_rows(board.clues)]
    if board.answer is not None:
        out.append("answer:")
        out += ["  ".join(answer_token(v) for v in row) for row in g.to_rows(board.answer)]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- JSON

def from_json(data: dict[str, Any]) -> Board:
    rows, cols = data["rows"], data["cols"]
    clues = []
    for r, c, v in json_cells(data, "clues", rows, cols):
        if v is None or v == "?" or (isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 4):
            clues.append(MARK if v == "?" else v)
        else:
            raise BoardError(f"'clues' row {r + 1}, column {c + 1}: {shown(v)} is not a Sukoro clue "
                             "(null, '?' or 1..4)")
    answer: tuple[int | None, ...] | None = None
    if data.get("answer") is not None:
        cells: list[int | None] = []
        for r, c, v in json_cells(data, "answer", rows, cols):
            if v is None or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 4):
                cells.append(v)
            else:
                raise BoardError(f"'answer' row {r + 1}, column {c + 1}: {shown(v)} is not a Sukoro "
                                 "answer cell (0 empty, 1..4, null undecided)")
        answer = tuple(cells)
    return Board(rows, cols, tuple(clues), answer)


def answer_json(board: Board, answer: tuple[int | None, ...]) -> list[list[int | None]]:
    return board.grid.to_rows(answer)


def to_json(board: Board) -> dict[str, Any]:
    out: dict[str, Any] = {"puzzle": "sukoro", "rows": board.rows, "cols": board.cols,
                           "clues": board.grid.to_rows(["?" if v == MARK else v for v in board.clues])}
    if board.answer is not None:
        out["answer"] = answer_json(board, board.answer)
    return out


# ---------------------------------------------------------------- states

def initial_state(board: Board) -> list[int]:
    """Domains from the clues alone: a digit clue pins its cell, a mark makes it numbered."""
    return [ALL if v is None else NUMBERED if v == MARK else digit_bit(v) for v in board.clues]


def state_from_answer(board: Board, answer: tuple[int | None, ...]) -> list[int]:
    """Clue domains narrowed by a (partial) answer; a clash leaves the cell empty-domained (0)."""
    dom = initial_state(board)
    for i, v in enumerate(answer):
        if v is not None:
            dom[i] &= EMPTY if v == 0 else digit_bit(v)
    return dom


def answer_from_state(dom: list[int]) -> tuple[int | None, ...]:
    """Settled domains as an answer (undecided where a domain holds several values)."""
    out: list[int | None] = []
    for d in dom:
        out.append(None if d & (d - 1) or d == 0 else (0 if d == EMPTY else d.bit_length() - 1))
    return tuple(out)
