"""Sukoro studies (sukoro.md, Studies); each returns plain data for the stats file.

Study 1, blank-board answer counts, is exact: every count is an uncapped search.
"""

from __future__ import annotations

import time
from typing import Any

from pencilbox.puzzles.sukoro.board import ALL, Board


def table_shapes() -> list[tuple[int, int]]:
    """Every rectangle up to 6x6, 7x5 and 4x8, each shape once (rows <= cols)."""
    shapes = {(r, c) for r in range(1, 7) for c in range(r, 7)}
    shapes |= {(r, 7) for r in range(1, 6)} | {(r, 8) for r in range(1, 5)}
    return sorted(shapes, key=lambda s: (s[0] * s[1], s))


def blank_count(rows: int, cols: int, engine: str) -> tuple[int, bool]:
    """Exact answer count of the blank board by ``ladder`` (compiled) or ``brute``."""
    board = Board(rows, cols, (None,) * (rows * cols))
    if engine == "ladder":
        from pencilbox.puzzles.sukoro import kernel
        res = kernel.search(board, [ALL] * (rows * cols), ("deg", "neq", "conn"), 2**62, 2**62)
        return res.count, res.node_capped
    from pencilbox.puzzles.sukoro.brute import brute_count
    count, capped, _, _ = brute_count(rows, cols, (None,) * (rows * cols), 2**62, 2**62)
    return count, capped


def blank_table(shapes: list[tuple[int, int]], engine: str) -> dict[str, Any]:
    """Counts and seconds per shape, and the total time."""
    blank_count(1, 3, engine)  # compile outside the clock
    rows = []
    t0 = time.perf_counter()
    for r, c in shapes:
        t = time.perf_counter()
        count, capped = blank_count(r, c, engine)
        rows.append({"rows": r, "cols": c, "count": count, "exact": not capped,
                     "s": round(time.perf_counter() - t, 4)})
    return {"engine": engine, "shapes": rows, "total_s": round(time.perf_counter() - t0, 3)}
