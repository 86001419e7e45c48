"""Toy boards and answers, and their text and JSON forms.

Domains: bit 0 is *blank*, bit 1 is *shaded*. A clue (0..5) on a cell counts the shaded
cells of its plus: the cell and its orthogonal neighbours. An answer is a flat tuple:
1 shaded, 0 blank, None undecided.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from pencilbox.core.gridboard import GridBoard
from pencilbox.errors import BoardError
from pencilbox.sections import Section

BLANK, SHADE, BOTH = 1, 2, 3
CHAR = {1: "#", 0: ".", None: "?"}


@dataclass(frozen=True)
class Board(GridBoard):
    """Clues (and optionally an answer) on an R x C grid."""

    puzzle: ClassVar[str] = "toy"
    @cached_property
    def plus(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's plus: itself and its orthogonal neighbours, clipped at the border."""
        g = self.grid
        return tuple((i, *g.orth[i]) for i in range(self.rows * self.cols))


def _clue(v: Any, where: str) -> int | None:
    if v is None or v == ".":
        return None
    if isinstance(v, str) and len(v) == 1 and v.isdigit():
        v = int(v)
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 5:
        return v
    raise BoardError(f"{where}: {v!r} is not a toy clue ('.' or 0..5)")


def _cell(ch: Any, where: str) -> int | None:
    if ch in ("#", ".", "?"):
        return {"#": 1, ".": 0, "?": None}[ch]
    raise BoardError(f"{where}: {ch!r} is not a toy answer cell ('#', '.' or '?')")


def initial_state(board: Board) -> list[int]:
    return [BOTH] * (board.rows * board.cols)


def answer_from_state(dom: list[int]) -> tuple[int | None, ...]:
    return tuple(1 if d == SHADE else 0 if d == BLANK else None for d in dom)


def state_from_answer(board: Board, answer: tuple[int | None, ...]) -> list[int]:
    return [BOTH if a is None else SHADE if a else BLANK for a in answer]


def from_sections(rows: int, cols: int, sections: dict[str, Section]) -> Board:
    if set(sections) - {"clues", "answer"} or "clues" not in sections:
        raise BoardError(f"a toy board has the sections 'clues:' and 'answer:', got {sorted(sections)}")
    grids = {}
    for name, sec in sections.items():
        read = _clue if name == "clues" else _cell
        cells = [tok.text for row in sec.rows for tok in row] if name == "clues" \
            else [ch for row in sec.rows for tok in row for ch in tok.text]
        if len(cells) != rows * cols:
            raise BoardError(f"line {sec.line}: section '{name}:' has {len(cells)} cells, "
                             f"expected {rows * cols}")
        grids[name] = tuple(read(v, f"line {sec.line}") for v in cells)
    return Board(rows, cols, grids["clues"], grids.get("answer"))


def to_text(board: Board) -> str:
    g = board.grid
    out = [f"toy {board.rows}x{board.cols}", "clues:"]
    out += [" ".join("." if v is None else str(v) for v in row) for row in g.to_rows(board.clues)]
    if board.answer is not None:
        out += ["answer:"] + ["".join(CHAR[v] for v in row) for row in g.to_rows(board.answer)]
    return "\n".join(out) + "\n"


def from_json(data: dict[str, Any]) -> Board:
    rows, cols = data["rows"], data["cols"]
    clues = data.get("clues")
    if not isinstance(clues, list) or len(clues) != rows or any(len(r) != cols for r in clues):
        raise BoardError(f"'clues' must be {rows} rows of {cols} entries")
    answer = data.get("answer")
    if answer is not None and (not isinstance(answer, list) or len(answer) != rows
                               or any(not isinstance(r, str) or len(r) != cols for r in answer)):
        raise BoardError(f"'answer' must be {rows} strings of {cols} '#', '.' or '?'")
    return Board(rows, cols, tuple(_clue(v, "'clues'") for row in clues for v in row),
                 None if answer is None else tuple(_cell(ch, "'answer'") for row in answer for ch in row))


def answer_json(board: Board, answer: tuple[int | None, ...]) -> list[str]:
    return ["".join(CHAR[v] for v in row) for row in board.grid.to_rows(answer)]


def to_json(board: Board) -> dict[str, Any]:
    out: dict[str, Any] = {"puzzle": "toy", "rows": board.rows, "cols": board.cols,
                           "clues": board.grid.to_rows(board.clues)}
    if board.answer is not None:
        out["answer"] = answer_json(board, board.answer)
    return out
