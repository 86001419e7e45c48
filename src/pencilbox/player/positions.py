"""What the player's marks mean, shared by the four puzzles' ``marks`` modules: a
position is a row-major list of marks (``None`` = undecided) checked against the board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pencilbox.errors import BoardError


def read(board: Any, position: Any, mean: Callable[[int, Any], Any]) -> tuple[Any, ...]:
    """Each mark through ``mean`` (index, mark) -> value, or a BoardError naming the cell."""
    n = board.rows * board.cols
    if not isinstance(position, list) or len(position) != n:
        size = len(position) if isinstance(position, list) else "?"
        raise BoardError(f"position must be a list of {n} marks (row-major), "
                         f"got {type(position).__name__} of {size}")
    out = []
    for i, m in enumerate(position):
        if m is None:
            out.append(None)
            continue
        v = mean(i, m)
        if v is None:
            r, c = divmod(i, board.cols)
            raise BoardError(f"position: row {r + 1}, column {c + 1}: {m!r} is not a mark here")
        out.append(v)
    return tuple(out)
