"""The engine's fast path for Ripple Effect: the Python side of the compiled ladder in jit.py. It
imports no numba, so a command the ahead-of-time build serves (compiled/aot.py) starts without it."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from pencilbox.compiled.aot import Code
from pencilbox.core.engine import PROBE, Count
from pencilbox.core.kernel import KernelBase, flag_table, run
from pencilbox.core.kernel import flags_of as shared_flags
from pencilbox.puzzles.ripple.board import Board, initial_state
from pencilbox.puzzles.ripple.rungs import RUNGS

FLAG = flag_table(RUNGS)
REG, RIP, HID, LIN, PRB = FLAG["region"], FLAG["ripple"], FLAG["hidden"], FLAG["lines"], FLAG[PROBE]

# The board ``geo``, one int64 array: rows, cols, cells, regions, then offsets of each
# cell's region, region members (offsets, cells) and line needs (offsets, flat).
ROWS, COLS, NCELLS, NREG, OREG, OMPTR, OMCELLS, ONPTR, ONEED, GHEAD = range(10)

CODE = Code("pencilbox.puzzles.ripple.jit")


def tables(board: Board) -> np.ndarray:
    """The board as one array (see the layout above): every table O(cells)."""
    return _tables(board.rows, board.cols, board.regions)


@lru_cache(maxsize=512)
def _tables(rows: int, cols: int, regions: tuple[int, ...]) -> np.ndarray:
    region = np.array(regions, dtype=np.int64)
    mcells = np.argsort(region, kind="stable").astype(np.int64)
    mptr = np.zeros(int(region.max()) + 2, dtype=np.int64)
    np.add.at(mptr, region + 1, 1)
    mptr = np.cumsum(mptr).astype(np.int64)
    parts = (region, mptr, mcells, *CODE._line_needs(rows, cols, mptr, mcells))
    head = [rows, cols, len(regions), len(mptr) - 1]
    at = GHEAD
    for part in parts:
        head.append(at)
        at += len(part)
    return np.concatenate((np.array(head, dtype=np.int64), *parts))


def _part(geo: np.ndarray, slot: int, end: int) -> np.ndarray:
    return geo[geo[slot]: geo[slot + 1] if slot + 1 < GHEAD else end]


def line_needs_of(board: Board) -> list[tuple[int, ...]]:
    """The compiled tables' ``need`` per line, padded as rungs.line_needs has it (tests)."""
    geo = tables(board)
    nptr, need = _part(geo, ONPTR, len(geo)), _part(geo, ONEED, len(geo))
    out = []
    for k in range(board.rows + board.cols):
        length = board.cols if k < board.rows else board.rows
        row = [int(x) for x in need[nptr[k]: nptr[k + 1]]]
        out.append(tuple(row + [0] * (length + 1 - len(row))))
    return out


def flags_of(names: tuple[str, ...]) -> int:
    return shared_flags(FLAG, names)


def search(board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
           root: tuple[str, ...] | None = None, seed: int = 0) -> Count:
    """Compiled counterpart of ``engine.search``; ``seed`` > 0 tries values in random order."""
    return run(CODE, (tables(board),), dom, flags_of(names), flags_of(names if root is None else root), limit,
               node_cap, 1 if seed > 0 else 0, seed)


class Kernel(KernelBase):
    """The engine's fast path for Ripple Effect."""

    FLAG = FLAG
    CODE = CODE

    def tables(self, board: Board) -> tuple[np.ndarray]:
        return (tables(board),)

    def start(self, board: Board) -> list[int]:
        return initial_state(board)
