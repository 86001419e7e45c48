"""What the puzzles' boards share: a size, clues and an answer on a grid of cells (each folder
subclasses ``GridBoard``, naming its puzzle and adding what its board has more), and the
reading of one JSON grid."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pencilbox.core.geometry import Grid, grid
from pencilbox.errors import BoardError


@dataclass(frozen=True)
class GridBoard:
    """Clues (and optionally an answer, complete or partial) on an R x C grid."""

    rows: int
    cols: int
    clues: tuple[int | None, ...]
    answer: tuple[int | None, ...] | None = None

    @cached_property
    def grid(self) -> Grid:
        return grid(self.rows, self.cols)


def json_cells(data: dict[str, Any], key: str, rows: int, cols: int) -> list[tuple[int, int, Any]]:
    """``(row, col, value)`` of the JSON grid ``data[key]``, refused unless it is ``rows``
    lists of ``cols`` entries."""
    rows_ = data.get(key)
    if not isinstance(rows_, list) or len(rows_) != rows:
        raise BoardError(f"'{key}' must be a list of {rows} rows")
    out = []
    for r, row in enumerate(rows_):
        if not isinstance(row, list) or len(row) != cols:
            raise BoardError(f"'{key}' row {r + 1} must be a list of {cols} entries")
        out += [(r, c, v) for c, v in enumerate(row)]
    return out


def json_answer_rows(data: dict[str, Any], rows: int, marks: str) -> list[str] | None:
    """The JSON answer as one string a row (a row may also be a list of one-mark strings), or
    None where the board has none; ``marks`` says what a row holds, for the error."""
    ans = data.get("answer")
    if ans is None:
        return None
    if not isinstance(ans, list) or len(ans) != rows:
        raise BoardError(f"'answer' must be a list of {rows} strings of {marks}")
    out = []
    for r, row in enumerate(ans):
        text = "".join(row) if isinstance(row, list) and all(isinstance(x, str) for x in row) else row
        if not isinstance(text, str):
            raise BoardError(f"'answer' row {r + 1} must be a string of {marks}")
        out.append(text)
    return out


def json_places(r: int) -> Callable[[int], str]:
    """Where the i-th mark of the JSON answer's row ``r`` (0-based) stands, as errors name it."""
    return lambda i: f"'answer' row {r + 1}, column {i + 1}"
