"""Ripple Effect (Hakyuu) engine 2: two brute-force counters (self-contained).

This module deliberately shares no code with the rest of the project (it
imports only numpy, numba, the standard library and the signal poll of
core/poll.py with its unwrapping, and core/brutekit.py, which decide nothing), so that it can serve
as an independent check of the main solver.  It holds two counters that
enumerate opposite halves of the problem and share only the input
preparation (``_prepare``) and the from-scratch leaf judge (``_leaf_ok``):

* ``count_by_cells`` -- cells choose values.  The free (non-given) cells are
  visited in reading order and each tries every value 1..s of its region in
  increasing order.  A value is kept only if it is still unused in its
  region and no decided cell (earlier cells and every given) in its row or
  column holds the same value within distance v.
* ``count_by_regions`` -- values choose cells.  Regions are handed out one
  at a time (static order: start at the most clued region, then always the
  region most tied to the cells already known, see ``_region_order``);
  inside a region the missing values are placed largest first (the most
  constrained), each trying every still empty cell of the region.  Every
  permutation of a region is thus produced exactly once.  A placement is
  kept only if no assigned cell (any direction) in its row or column holds
  the same value within distance v.

Both only ever check against what is decided; by pigeonhole a leaf has every
region filled with 1..s.  Each leaf is nevertheless judged from scratch by
``_leaf_ok`` (region contents, givens, every same-line pair) and only judged
leaves are counted; a leaf the judge rejects is a bug and makes the counter
raise.

The kernels are written so that the same source runs as plain Python
(``jit=False``: the search's code with the plain judge swapped in) and under
numba (``njit(cache=True)``, calling the jitted judge): the readable and the fast
engine are the same code.  Searches are iterative (explicit stacks).
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

import numpy as np
from numba import njit

from pencilbox.core.brutekit import leaf, plain, spent
from pencilbox.core.unwind import unwinds

__all__ = ["count_by_cells", "count_by_regions"]

# what stopped a search early: nothing, the answer limit, the node cap (the kernel returns
# the code, the result its name)
_GO, _LIMIT, _NODES = 0, 1, 2
_STOPS = (None, "limit", "nodes")

Result = tuple[int, str | None, int, list[list[int]]]


def _leaf_ok_src(
    rows: int, cols: int, reg: np.ndarray, size: np.ndarray, clue: np.ndarray, val: np.ndarray
) -> bool:
    """Judge a complete filling from scratch (no state shared with the searches).

    Every cell holds 1..s of its region, matches its given, no region repeats
    a value (so each holds exactly 1..s), and every pair of equal values in a
    row or column is more than that value apart.
    """
    n = rows * cols
    nreg = size.shape[0]
    seen = np.zeros((nreg, size.max() + 1), dtype=np.int64)  # a region's values are 1..its size
    for i in range(n):
        v = val[i]
        g = reg[i]
        if v < 1 or v > size[g]:
            return False
        if clue[i] > 0 and clue[i] != v:
            return False
        if seen[g, v] != 0:
            return False
        seen[g, v] = 1
    for r in range(rows):
        for a in range(cols):
            for b in range(a + 1, cols):
                v = val[r * cols + a]
                if val[r * cols + b] == v and b - a <= v:
                    return False
    for c in range(cols):
        for a in range(rows):
            for b in range(a + 1, rows):
                v = val[a * cols + c]
                if val[b * cols + c] == v and b - a <= v:
                    return False
    return True


_leaf_ok = njit(cache=True)(_leaf_ok_src)


def _search_cells(rows: int, cols: int, reg: np.ndarray, size: np.ndarray, clue: np.ndarray, limit: int,
                  node_cap: int, out: np.ndarray) -> tuple[int, int, int, int, int]:
    """Reading-order DFS over the free cells; returns (count, stop, nodes, saved, bad).

    ``nodes`` counts candidate (cell, value) pairs tested, pruned or not.
    The first ``saved`` answers go to ``out``; ``bad`` counts leaves the
    judge rejected (must stay 0).  Givens are decided from the start, so
    free cells are checked against them in every direction.
    """
    n = rows * cols
    val = np.zeros(n, dtype=np.int64)
    used = np.zeros((size.shape[0], size.max() + 1), dtype=np.int64)  # value v taken in region g (v <= s)
    free = np.zeros(n, dtype=np.int64)
    nf = 0
    for i in range(n):
        v = clue[i]
        if v > 0:
            if used[reg[i], v] != 0:
                return 0, _GO, 0, 0, 0
            used[reg[i], v] = 1
            val[i] = v
        else:
            free[nf] = i
            nf += 1
    # givens against each other
    for i in range(n):
        v = val[i]
        if v == 0:
            continue
        r = i // cols
        c = i - r * cols
        for k in range(1, v + 1):
            if c + k < cols and val[i + k] == v:
                return 0, _GO, 0, 0, 0
            if r + k < rows and val[i + k * cols] == v:
                return 0, _GO, 0, 0, 0
    cur = np.zeros(nf + 1, dtype=np.int64)  # value tried last at each depth
    count = saved = nodes = bad = 0
    stop = _GO
    d = 0
    while d >= 0:
        if d == nf:
            saved, count, bad = leaf(out, saved, val, count, bad, _leaf_ok(rows, cols, reg, size, clue, val))
            if count >= limit:
                stop = _LIMIT
                break
            d -= 1
            continue
        i = free[d]
        g = reg[i]
        v = val[i]
        if v != 0:  # undo the previous try at this depth
            used[g, v] = 0
            val[i] = 0
        r = i // cols
        c = i - r * cols
        s = size[g]
        placed = False
        v = cur[d] + 1
        while v <= s:
            if spent(nodes, node_cap):
                stop = _NODES
                break
            nodes += 1
            if used[g, v] == 0:
                ok = True
                for k in range(1, v + 1):
                    if (
                        (c >= k and val[i - k] == v)
                        or (c + k < cols and val[i + k] == v)
                        or (r >= k and val[i - k * cols] == v)
                        or (r + k < rows and val[i + k * cols] == v)
                    ):
                        ok = False
                        break
                if ok:
                    val[i] = v
                    used[g, v] = 1
                    placed = True
                    break
            v += 1
        if stop != _GO:
            break
        if placed:
            cur[d] = v
            d += 1
            if d < nf:
                cur[d] = 0
        else:
            cur[d] = 0
            d -= 1
    return count, stop, nodes, saved, bad


def _search_regions(rows: int, cols: int, reg: np.ndarray, size: np.ndarray, clue: np.ndarray,
                    rcells: np.ndarray, order: np.ndarray, limit: int, node_cap: int,
                    out: np.ndarray) -> tuple[int, int, int, int, int]:
    """DFS over (region, value) steps choosing a cell each; returns (count, stop, nodes, saved, bad).

    ``rcells[g]`` lists region g's cells (padded with -1), ``order`` the
    regions in search order.  Steps are, region by region, its missing
    values from largest to smallest; a step tries every empty cell of its
    region.  ``nodes`` counts candidate (value, cell) pairs tested.
    """
    n = rows * cols
    nreg = size.shape[0]
    val = np.zeros(n, dtype=np.int64)
    # value present in region (values are 1..its size: a column per cell held 500 GB at 500x500)
    has = np.zeros((nreg, size.max() + 1), dtype=np.int64)
    for i in range(n):
        v = clue[i]
        if v > 0:
            if has[reg[i], v] != 0:
                return 0, _GO, 0, 0, 0
            has[reg[i], v] = 1
            val[i] = v
    for i in range(n):
        v = val[i]
        if v == 0:
            continue
        r = i // cols
        c = i - r * cols
        for k in range(1, v + 1):
            if c + k < cols and val[i + k] == v:
                return 0, _GO, 0, 0, 0
            if r + k < rows and val[i + k * cols] == v:
                return 0, _GO, 0, 0, 0
    # the steps: (region, value) for every value a region still misses
    sreg = np.zeros(n, dtype=np.int64)
    sval = np.zeros(n, dtype=np.int64)
    ns = 0
    for t in range(order.shape[0]):
        g = order[t]
        for v in range(size[g], 0, -1):
            if has[g, v] == 0:
                sreg[ns] = g
                sval[ns] = v
                ns += 1
    cur = np.full(ns + 1, -1, dtype=np.int64)  # index into rcells[g] of the cell tried last
    count = saved = nodes = bad = 0
    stop = _GO
    d = 0
    while d >= 0:
        if d == ns:
            saved, count, bad = leaf(out, saved, val, count, bad, _leaf_ok(rows, cols, reg, size, clue, val))
            if count >= limit:
                stop = _LIMIT
                break
            d -= 1
            continue
        g = sreg[d]
        v = sval[d]
        j = cur[d]
        if j >= 0:  # undo the previous try at this depth
            val[rcells[g, j]] = 0
        s = size[g]
        placed = False
        j += 1
        while j < s:
            i = rcells[g, j]
            if val[i] == 0:
                if spent(nodes, node_cap):
                    stop = _NODES
                    break
                nodes += 1
                r = i // cols
                c = i - r * cols
                ok = True
                for k in range(1, v + 1):
                    if (
                        (c >= k and val[i - k] == v)
                        or (c + k < cols and val[i + k] == v)
                        or (r >= k and val[i - k * cols] == v)
                        or (r + k < rows and val[i + k * cols] == v)
                    ):
                        ok = False
                        break
                if ok:
                    val[i] = v
                    placed = True
                    break
            j += 1
        if stop != _GO:
            break
        if placed:
            cur[d] = j
            d += 1
            if d < ns:
                cur[d] = -1
        else:
            cur[d] = -1
            d -= 1
    return count, stop, nodes, saved, bad


#: plain-Python kernels (``jit=False``): the same source, with the plain judge
_cells_kernel_src = plain(_search_cells, _leaf_ok=_leaf_ok_src)
_regions_kernel_src = plain(_search_regions, _leaf_ok=_leaf_ok_src)
#: numba kernels: the same source, with the jitted judge
_cells_kernel = njit(cache=True)(_search_cells)
_regions_kernel = njit(cache=True)(_search_regions)


def _prepare(
    rows: int, cols: int, regions: Sequence[int], clues: Sequence[int | None]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """Arrays for the kernels: region per cell (relabelled 0..K-1), sizes, givens, cells per region.

    Givens: 0 = none.  Returns None when a given cannot be right (not in
    1..s), which makes the board count 0.
    """
    n = rows * cols
    if len(regions) != n or len(clues) != n:
        raise ValueError("regions and clues must have rows*cols entries")
    label: dict[int, int] = {}
    reg = np.zeros(n, dtype=np.int64)
    for i, g in enumerate(regions):
        reg[i] = label.setdefault(int(g), len(label))
    size = np.bincount(reg, minlength=len(label)).astype(np.int64)
    clue = np.zeros(n, dtype=np.int64)
    for i, v in enumerate(clues):
        if v is None:
            continue
        if not 1 <= int(v) <= size[reg[i]]:
            return None
        clue[i] = int(v)
    rcells = np.full((len(label), int(size.max())), -1, dtype=np.int64)
    fill = np.zeros(len(label), dtype=np.int64)
    for i in range(n):
        rcells[reg[i], fill[reg[i]]] = i
        fill[reg[i]] += 1
    return reg, size, clue, rcells


def _region_order(rows: int, cols: int, reg: np.ndarray, size: np.ndarray, clue: np.ndarray) -> np.ndarray:
    """Static region order for ``count_by_regions``: most tied to the known cells first.

    A region's score is, per cell of the region, 2 for a given plus 1 for
    every orthogonal neighbour in another region that is given or already
    ordered, divided by the region's size; ties go to the smaller id.  The
    search thus starts at the most clued region and grows through the
    regions that touch what is known, so that conflicts surface early
    (measured: far fewer nodes than ordering by first or last cell, or by
    row/column reach). Scores only grow, by one per newly known neighbour, so a heap of
    (score, region) entries, stale ones skipped, picks in n log n what rescoring every region
    at every step picked in regions^2 (a 500x500 board of 2x2 regions: minutes before the
    first node).
    """
    n = rows * cols
    nreg = size.shape[0]
    reg_ = [int(g) for g in reg]
    known = [bool(v > 0) for v in clue]
    cells: list[list[int]] = [[] for _ in range(nreg)]
    for i in range(n):
        cells[reg_[i]].append(i)
    nbrs: list[list[int]] = []
    for i in range(n):
        r, c = divmod(i, cols)
        around = ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c))
        nb = [rr * cols + cc for rr, cc in around if 0 <= rr < rows and 0 <= cc < cols]
        nbrs.append([j for j in nb if reg_[j] != reg_[i]])
    score = [sum(2 * known[i] + sum(known[j] for j in nbrs[i]) for i in cells[g]) for g in range(nreg)]
    heap = [(-score[g] / len(cells[g]), g) for g in range(nreg)]  # the best: highest ratio, lowest id
    heapq.heapify(heap)
    done = [False] * nreg
    order = np.zeros(nreg, dtype=np.int64)
    for t in range(nreg):
        while True:
            ratio, best = heapq.heappop(heap)
            if not done[best] and ratio == -score[best] / len(cells[best]):
                break
        order[t] = best
        done[best] = True
        for i in cells[best]:
            if known[i]:
                continue
            known[i] = True
            for j in nbrs[i]:  # another region's cell beside it: that region scores one more
                g = reg_[j]
                if not done[g]:
                    score[g] += 1
                    heapq.heappush(heap, (-score[g] / len(cells[g]), g))
    return order


@unwinds
def count_by_cells(rows: int, cols: int, regions: Sequence[int], clues: Sequence[int | None], limit: int = 2,
                   node_cap: int = 10**9, jit: bool = True) -> Result:
    """Count Ripple Effect answers with cells choosing values in reading order.

    ``regions`` and ``clues`` are flat (reading order); a clue is None or a
    positive int (one outside 1..s makes the count 0).  Returns ``(count,
    stop, nodes, answers)``: ``stop`` is ``"limit"`` when ``limit`` answers
    were found, ``"nodes"`` when the node cap was hit, else None; ``nodes`` counts candidate (cell, value)
    pairs tested; ``answers`` holds up to 2 answers as flat lists.
    ``jit=False`` runs the identical kernel as plain Python.
    """
    if rows <= 0 or cols <= 0:
        return 0, None, 0, []
    prep = _prepare(rows, cols, regions, clues)
    if prep is None:
        return 0, None, 0, []
    reg, size, clue, _ = prep
    kernel = _cells_kernel if jit else _cells_kernel_src
    out = np.zeros((2, rows * cols), dtype=np.int64)
    count, stop, nodes, saved, bad = kernel(
        rows, cols, reg, size, clue, max(1, int(limit)), int(node_cap), out
    )
    if bad:
        raise AssertionError(f"ripple count_by_cells: {bad} leaves passed the search but failed the judge")
    return int(count), _STOPS[stop], int(nodes), [[int(v) for v in out[k]] for k in range(int(saved))]


@unwinds
def count_by_regions(rows: int, cols: int, regions: Sequence[int], clues: Sequence[int | None],
                     limit: int = 2, node_cap: int = 10**9, jit: bool = True) -> Result:
    """Count Ripple Effect answers with each region's values choosing cells, largest value first.

    Same arguments and result as ``count_by_cells``; ``nodes`` counts
    candidate (value, cell) placements tested.  Regions go in the static
    order of ``_region_order``.  ``jit=False`` runs the identical kernel as
    plain Python.
    """
    if rows <= 0 or cols <= 0:
        return 0, None, 0, []
    prep = _prepare(rows, cols, regions, clues)
    if prep is None:
        return 0, None, 0, []
    reg, size, clue, rcells = prep
    order = _region_order(rows, cols, reg, size, clue)
    kernel = _regions_kernel if jit else _regions_kernel_src
    out = np.zeros((2, rows * cols), dtype=np.int64)
    count, stop, nodes, saved, bad = kernel(
        rows, cols, reg, size, clue, rcells, order, max(1, int(limit)), int(node_cap), out
    )
    if bad:
        raise AssertionError(f"ripple count_by_regions: {bad} leaves passed the search but failed the judge")
    return int(count), _STOPS[stop], int(nodes), [[int(v) for v in out[k]] for k in range(int(saved))]
