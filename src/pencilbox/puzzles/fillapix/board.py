"""Fill-a-Pix boards and pictures, and their text and JSON forms.

Domains: bit 0 is *blank*, bit 1 is *painted*. A clue (0..9) on a cell counts the
painted cells of the 3x3 block centred on it, clipped at the border. An answer is a flat
tuple: 1 painted, 0 blank, None undecided.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from pencilbox.core.gridboard import GridBoard, json_answer_rows, json_places
from pencilbox.errors import BoardError, natural, shown
from pencilbox.sections import Section, expect, places

BLANK, PAINT, BOTH = 1, 2, 3
CHAR = {1: "#", 0: ".", None: "?"}


@dataclass(frozen=True)
class Board(GridBoard):
    """Clues (and optionally a picture) on an R x C grid."""

    puzzle: ClassVar[str] = "fillapix"


def check_clues(board: Board, where: str) -> Board:
    for i, v in enumerate(board.clues):
        if v is not None and v > len(board.grid.block[i]):
            r, c = board.grid.rc(i)
            raise BoardError(f"{where}: row {r + 1}, column {c + 1}: clue {v} exceeds its "
                             f"{len(board.grid.block[i])}-cell block")
    return board


def read_clue(tok: str, where: str) -> int | None:
    if tok == ".":
        return None
    if len(tok) == 1 and natural(tok) is not None:
        return int(tok)
    raise BoardError(f"{where}: {shown(tok)} is not a Fill-a-Pix clue ('.' or 0..9)")


def read_row(text: str, cols: int, where: str, at: Callable[[int], str]) -> list[int | None]:
    """One answer row of marks; ``where`` names the row, ``at(i)`` its i-th character."""
    out: list[int | None] = []
    for i, ch in enumerate(text):
        if ch not in "#.?":
            raise BoardError(f"{at(i)}: {ch!r} is not a Fill-a-Pix answer cell ('#', '.' or '?')")
        out.append(1 if ch == "#" else 0 if ch == "." else None)
    if len(out) != cols:
        raise BoardError(f"{where}: answer row has {len(out)} cells, expected {cols}")
    return out


def from_sections(rows: int, cols: int, sections: dict[str, Section]) -> Board:
    expect(sections, "fillapix", ("clues", "answer"), ("clues",))
    clues = tuple(read_clue(t.text, t.where()) for row in sections["clues"].grid(rows, cols) for t in row)
    answer = None
    if "answer" in sections:
        sec = sections["answer"]
        if len(sec.rows) != rows:
            raise BoardError(f"line {sec.line}: section 'answer:' has {len(sec.rows)} rows, expected {rows}")
        cells: list[int | None] = []
        for row in sec.rows:
            cells += read_row("".join(t.text for t in row), cols, row[0].where(), places(row))
        answer = tuple(cells)
    return check_clues(Board(rows, cols, clues, answer), f"line {sections['clues'].line}")


def to_text(board: Board) -> str:
    g = board.grid
    out = [f"fillapix {board.rows}x{board.cols}", "clues:"]
    out += [" ".join("." if v is None else str(v) for v in row) for row in g.to_rows(board.clues)]
    if board.answer is not None:
        out.append("answer:")
        out += [" ".join(CHAR[v] for v in row) for row in g.to_rows(board.answer)]
    return "\n".join(out) + "\n"


def from_json(data: dict[str, Any]) -> Board:
    rows, cols = data["rows"], data["cols"]
    grid_ = data.get("clues")
    if not isinstance(grid_, list) or len(grid_) != rows:
        raise BoardError(f"'clues' must be a list of {rows} rows")
    clues: list[int | None] = []
    for r, row in enumerate(grid_):
        if not isinstance(row, list) or len(row) != cols:
            raise BoardError(f"'clues' row {r + 1} must be a list of {cols} entries")
        for c, v in enumerate(row):
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 9):
                raise BoardError(f"'clues' row {r + 1}, column {c + 1}: {shown(v)} is not a Fill-a-Pix clue "
                                 "(null or 0..9)")
            clues.append(v)
    answer = None
    texts = json_answer_rows(data, rows, "'#' and '.'")
    if texts is not None:
        answer = tuple(v for r, text in enumerate(texts)
                       for v in read_row(text, cols, f"'answer' row {r + 1}", json_places(r)))
    return check_clues(Board(rows, cols, tuple(clues), answer), "'clues'")


def answer_json(board: Board, answer: tuple[int | None, ...]) -> list[str]:
    return ["".join(CHAR[v] for v in row) for row in board.grid.to_rows(answer)]


def to_json(board: Board) -> dict[str, Any]:
    out: dict[str, Any] = {"puzzle": "fillapix", "rows": board.rows, "cols": board.cols,
                           "clues": board.grid.to_rows(board.clues)}
    if board.answer is not None:
        out["answer"] = answer_json(board, board.answer)
    return out


def initial_state(board: Board) -> list[int]:
    return [BOTH] * (board.rows * board.cols)


def state_from_answer(board: Board, answer: tuple[int | None, ...]) -> list[int]:
    return [BOTH if v is None else PAINT if v else BLANK for v in answer]


def answer_from_state(dom: list[int]) -> tuple[int | None, ...]:
    return tuple(1 if d == PAINT else 0 if d == BLANK else None for d in dom)
