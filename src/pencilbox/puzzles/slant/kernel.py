"""The engine's fast path for Slant: the Python side of the compiled ladder in jit.py. It
imports no numba, so a command the ahead-of-time build serves (compiled/aot.py) starts without it."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from pencilbox.compiled.aot import Code
from pencilbox.core.engine import PROBE, Count
from pencilbox.core.geometry import grid
from pencilbox.core.kernel import KernelBase, flag_table, run
from pencilbox.core.kernel import flags_of as shared_flags
from pencilbox.puzzles.slant.board import BACK, FWD, TOUCH, Board
from pencilbox.puzzles.slant.rungs import RUNGS

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
    the second. Whole-array numpy (a 500x500 board in well under a second); the test holds it
    to the readable geometry's tables (``Grid.around``, ``Board.ends``, ``point_pairs``)."""
    g = grid(rows, cols)
    acell, corner = g.around_array()
    abit = np.where(corner >= 0, np.array(TOUCH, dtype=np.int64)[corner], 0)
    corners = g.corners_array()
    ends = np.zeros((g.size, 3, 2), dtype=np.int64)
    ends[:, BACK], ends[:, FWD] = corners[:, [0, 3]], corners[:, [1, 2]]  # as Board.ends joins them
    ap, aq = g.point_pairs_array()
    acells = _union(acell[ap], acell[aq])
    amask = np.zeros((len(ap), 4), dtype=np.int64)
    weight = np.int64(1) << np.arange(acells.shape[1], dtype=np.int64)
    for side, point in enumerate((ap, aq)):
        there, fwd = acell[point][:, None, :], abit[point][:, None, :] == FWD
        hit = (acells[:, :, None] == there) & (acells[:, :, None] >= 0)
        amask[:, 2 * side] = ((hit & ~fwd).any(axis=2) * weight).sum(axis=1)
        amask[:, 2 * side + 1] = ((hit & fwd).any(axis=2) * weight).sum(axis=1)
    return acell, abit, ends, ap, aq, acells, amask


def _union(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per row, the sorted distinct cells of ``a`` and ``b`` (-1 padded), six columns: two
    adjacent points share two cells, so at most 4 + 4 - 2."""
    big = np.iinfo(np.int64).max
    both = np.concatenate([a, b], axis=1)
    both = np.sort(np.where(both < 0, big, both), axis=1)
    both[:, 1:][both[:, 1:] == both[:, :-1]] = big
    both = np.sort(both, axis=1)[:, :6]
    return np.where(both == big, -1, both)


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
