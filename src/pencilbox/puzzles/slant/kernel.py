"""The engine's fast path for Slant: the Python side of the compiled ladder in jit.py. It
imports no numba, so a command the ahead-of-time build serves (core/aot.py) starts without it."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from pencilbox.core.aot import Code
from pencilbox.core.engine import PROBE, Count
from pencilbox.core.kernel import KernelBase, flag_table, run
from pencilbox.core.kernel import flags_of as shared_flags
from pencilbox.puzzles.slant.board import FWD, TOUCH, Board
from pencilbox.puzzles.slant.rungs import RUNGS, point_pairs

FLAG = flag_table(RUNGS)
CNT, CYC, DUET, PRB = FLAG["count"], FLAG["cycle"], FLAG["duet"], FLAG[PROBE]

CODE = Code("pencilbox.puzzles.slant.jit")
GENERATE = Code("pencilbox.puzzles.slant.jit_generate")  # its erasure loop built ahead too


def tables(board: Board) -> tuple[np.ndarray, ...]:
    """The board's arrays: clue, clued, around cells/bits, diagonal ends, duet pairs, each
    cell's duets (``cplist[cpstart[i]:cpstart[i + 1]]``) and each duet's masks (_geometry)."""
    return _tables(board.rows, board.cols, board.clues)


@lru_cache(maxsize=512)
def _tables(rows: int, cols: int, clues: tuple[int | None, ...]) -> tuple[np.ndarray, ...]:
    clue = np.array([-2 if v is None else v for v in clues], dtype=np.int64)
    clued = np.flatnonzero(clue >= 0).astype(np.int64)
    acell, abit, ends, ap, aq, acells, amask = _geometry(rows, cols)
    both = (clue[ap] >= 0) & (clue[aq] >= 0)
    dcells = acells[both]
    cpstart, cplist = _incidence(dcells, rows * cols)
    return clue, clued, acell, abit, ends, ap[both], aq[both], dcells, cpstart, cplist, amask[both]


def _incidence(dcells: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's duets as a CSR pair of arrays (O(pairs), no per-cell Python lists)."""
    t, k = np.nonzero(dcells >= 0)
    cell = dcells[t, k]
    by = np.argsort(cell, kind="stable")
    cpstart = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(cell, minlength=n), out=cpstart[1:])
    return cpstart, t[by].astype(np.int64)


@lru_cache(maxsize=64)
def _geometry(rows: int, cols: int) -> tuple[np.ndarray, ...]:
    """Around cells and bits per point, the ends of both diagonals of each cell, and every
    adjacent point pair with the cells around either (duets filter these by clues) and, as
    masks over those cells, the ones that reach the first point as BACK and as FWD, then
    the second."""
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


def flags_of(names: tuple[str, ...]) -> int:
    return shared_flags(FLAG, names)


def search(board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
           root: tuple[str, ...] | None = None) -> Count:
    """Compiled counterpart of ``engine.search`` (same branching order)."""
    return run(CODE, tables(board), dom, flags_of(names), flags_of(names if root is None else root), limit,
               node_cap)


def minimise(board: Board, order: list[int], answer: tuple[int, ...], names: tuple[str, ...],
             below: tuple[str, ...] = ()) -> tuple[tuple[int | None, ...], int, bool]:
    """The compiled erasure loop (jit_generate._minimise) from ``board``, every clue of
    ``answer`` shown: the clues kept while the rungs ``names`` alone finish, the checks run
    (-1: the whole board does not finish, nothing erased) and whether the rungs ``below``
    (none: False) finish the board left."""
    flags = flags_of(names)
    if not flags & CNT or below and not flags_of(below) & CNT:
        raise ValueError("the compiled erasure loop runs a ladder with count (a generator's level)")
    t = _tables(board.rows, board.cols, board.clues)
    tabs = (t[0].copy(), *t[1:])
    checks, easier = GENERATE._minimise(np.array(order, dtype=np.int64), np.array(answer, dtype=np.int64),
                                        flags, flags_of(below), tabs)
    return tuple(None if v < 0 else int(v) for v in tabs[0]), int(checks), bool(easier)


class Kernel(KernelBase):
    """The engine's fast path for Slant."""

    FLAG = FLAG
    CODE = CODE

    def tables(self, board: Board) -> tuple[np.ndarray, ...]:
        return tables(board)

    def start(self, board: Board) -> list[int]:
        return [3] * (board.rows * board.cols)
