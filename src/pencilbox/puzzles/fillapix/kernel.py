"""The engine's fast path for Fill-a-Pix: the Python side of the compiled ladder in jit.py. It
imports no numba, so a command the ahead-of-time build serves (compiled/aot.py) starts without it."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from pencilbox.compiled.aot import Code
from pencilbox.core.engine import PROBE, Count
from pencilbox.core.kernel import KernelBase, flag_table, run
from pencilbox.core.kernel import flags_of as shared_flags
from pencilbox.puzzles.fillapix.board import Board
from pencilbox.puzzles.fillapix.rungs import RUNGS

FLAG = flag_table(RUNGS)
CNT, PAIR, SIDES, PRB = FLAG["count"], FLAG["pair"], FLAG["sides"], FLAG[PROBE]

CODE = Code("pencilbox.puzzles.fillapix.jit")
GENERATE = Code("pencilbox.puzzles.fillapix.jit_generate")  # its erasure loop built ahead too


def minimise(board: Board, order: list[int], answer: list[int], names: tuple[str, ...],
             node_cap: int) -> tuple[int | None, ...]:
    """Compiled erasure loop (see _minimise); ``answer`` as domains."""
    return minimise_checked(board, order, answer, names, node_cap)[0]


def minimise_checked(board: Board, order: list[int], answer: list[int], names: tuple[str, ...], node_cap: int,
                     verify: bool = False) -> tuple[tuple[int | None, ...], int, tuple[int, ...]]:
    """minimise, with ``verify`` how many cells its incremental fixpoints got wrong, and the
    clues whose uniqueness check ran out of nodes (kept, in erasure order, to settle exactly)."""
    t = tables(board)
    clue = t[0].copy()
    out, wrong, capped = GENERATE._minimise(clue, np.array(order, dtype=np.int64),
                                            np.array(answer, dtype=np.int64), flags_of(names), node_cap,
                                            verify, *t[1:])
    return (tuple(None if v < 0 else int(v) for v in out), int(wrong),
            tuple(i for i in order if capped[i]))


def rival(board: Board, dom: list[int], avoid: list[int], cell: int, names: tuple[str, ...],
          node_cap: int) -> tuple[bool, bool, int]:
    """Compiled rival search (see _rival): ``dom`` settles ``cell`` away from ``avoid``."""
    n = len(dom)
    t = tables(board)
    cells = np.array(dom, dtype=np.int64)
    cells[cell] = 3  # counted open: the root fixpoint settles it (seed)
    state = CODE._extend(cells, t[1])
    state[cell] = dom[cell]
    found, capped, nodes = GENERATE._rival(state, cell, flags_of(names), node_cap,
                                           np.array(avoid, dtype=np.int64), *t, CODE._new_work(n),
                                           CODE._rows(n, node_cap))
    return bool(found), bool(capped), int(nodes)


def tables(board: Board) -> tuple[np.ndarray, ...]:
    return _tables(board.rows, board.cols, board.clues)


@lru_cache(maxsize=512)
def _tables(rows: int, cols: int, clues: tuple[int | None, ...]) -> tuple[np.ndarray, ...]:
    clue = np.array([-1 if v is None else v for v in clues], dtype=np.int64)
    return (clue, *_geometry(rows, cols))


@lru_cache(maxsize=64)
def _geometry(rows: int, cols: int) -> tuple[np.ndarray, ...]:
    """Blocks, and every overlapping pair with its parts (clue sets filter these), built
    compiled: O(cells), about 12 pairs a cell (rungs.all_pairs is the readable list)."""
    block = CODE._blocks(rows, cols)
    pa, pb, kind, rel, nrel, pmask = CODE._pairs(rows, cols, block)
    iptr, inc = CODE._incidence(rows * cols, pa, pb, pmask)
    return (block, pa, pb, kind, rel, nrel, iptr, inc, pmask)


def flags_of(names: tuple[str, ...]) -> int:
    return shared_flags(FLAG, names)


def search(board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
           root: tuple[str, ...] | None = None, avoid: list[int] | None = None) -> Count:
    """Compiled counterpart of ``engine.search``; with ``avoid`` (domains of a known
    answer) each branch tries the other value first."""
    away = np.zeros(len(dom), dtype=np.int64) if avoid is None else np.array(avoid, dtype=np.int64)
    return run(CODE, (*tables(board), away), dom, flags_of(names), flags_of(names if root is None else root),
               limit, node_cap)


class Kernel(KernelBase):
    """The engine's fast path for Fill-a-Pix."""

    FLAG = FLAG
    CODE = CODE

    def supports(self, names: tuple[str, ...]) -> bool:
        """The compiled sides is an add-on to pair's pass: without pair (an ablation) the
        readable rungs run instead."""
        return super().supports(names) and ("sides" not in names or "pair" in names)

    def tables(self, board: Board) -> tuple[np.ndarray, ...]:
        """The board's tables and no answer to avoid."""
        return (*tables(board), np.zeros(board.rows * board.cols, dtype=np.int64))

    def start(self, board: Board) -> list[int]:
        return [3] * (board.rows * board.cols)
