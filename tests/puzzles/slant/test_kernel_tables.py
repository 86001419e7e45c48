"""The compiled kernel's geometry tables, built with whole-array numpy, against the readable
geometry they encode (the loop the tables were first built with)."""

from __future__ import annotations

import numpy as np
import pytest

from pencilbox.puzzles.slant.board import FWD, TOUCH, Board
from pencilbox.puzzles.slant.kernel import _geometry
from pencilbox.puzzles.slant.rungs import point_pairs


def readable(rows: int, cols: int) -> tuple[np.ndarray, ...]:
    board = Board(rows, cols, (None,) * ((rows + 1) * (cols + 1)))
    g = board.grid
    acell = np.full((g.points, 4), -1, dtype=np.int64)
    abit = np.zeros((g.points, 4), dtype=np.int64)
    for p, cells in enumerate(g.around):
        for k, (i, corner) in enumerate(cells):
            acell[p, k], abit[p, k] = i, TOUCH[corner]
    ends = np.zeros((g.size, 3, 2), dtype=np.int64)
    for i in range(g.size):
        for bit in (1, 2):
            ends[i, bit] = board.ends(i, bit)
    pairs = point_pairs(rows, cols)
    ap = np.array([p for p, _, _ in pairs], dtype=np.int64)
    aq = np.array([q for _, q, _ in pairs], dtype=np.int64)
    acells = np.full((len(pairs), 6), -1, dtype=np.int64)
    amask = np.zeros((len(pairs), 4), dtype=np.int64)
    for t, (p, q, near) in enumerate(pairs):
        acells[t, : len(near)] = near
        for j, i in enumerate(near):
            for side, point in enumerate((p, q)):
                for cell, corner in g.around[point]:
                    if cell == i:
                        amask[t, 2 * side + (TOUCH[corner] == FWD)] |= 1 << j
    return acell, abit, ends, ap, aq, acells, amask


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 6), (5, 1), (2, 3), (4, 4), (3, 7), (9, 5)])
def test_the_tables_are_the_readable_geometry(rows: int, cols: int) -> None:
    names = ("acell", "abit", "ends", "ap", "aq", "acells", "amask")
    for name, fast, slow in zip(names, _geometry(rows, cols), readable(rows, cols), strict=True):
        assert fast.dtype == slow.dtype and fast.shape == slow.shape, name
        assert np.array_equal(fast, slow), name
