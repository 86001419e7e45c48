"""The Fill-a-Pix kernel's board tables, built compiled in O(cells): each cell's 3x3 block,
every overlapping pair of blocks with its shared and own parts, and each cell's pairs."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _blocks(rows, cols):
    """Per cell: its block in reading order, the same by 3x3 frame place, its size."""
    n = rows * cols
    block = np.full((n, 19), -1, dtype=np.int64)
    for i in range(n):
        r = i // cols
        c = i % cols
        k = 0
        for dr in range(-1, 2):
            for dc in range(-1, 2):
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    x = (r + dr) * cols + c + dc
                    block[i, k] = x
                    block[i, 9 + (dr + 1) * 3 + dc + 1] = x
                    k += 1
        block[i, 18] = k
    return block


@njit(cache=True)
def _pairs(rows, cols, block):
    """Every pair a < b of cells whose blocks overlap, sorted, each with its offset kind
    and the shared part's frame masks and size. The parts (shared, a's own, b's own) as
    frame places per kind (``rel``, with their numbers ``nrel``): the border only cuts
    cells off, so 12 kinds serve every pair and the tables stay O(cells)."""
    n = rows * cols
    rel, nrel = _kinds()
    step = np.empty((12, 2), dtype=np.int64)  # (dr, dc) of each kind
    total = 0
    for phase in range(2):
        way = 0
        for dr in range(3):
            for dc in range(-2, 3):
                if dr == 0 and dc <= 0:
                    continue
                step[way, 0] = dr
                step[way, 1] = dc
                way += 1
                if phase == 0:  # pairs of this kind: both ends inside
                    total += max(rows - dr, 0) * max(cols - abs(dc), 0)
        if phase == 0:
            pa = np.empty(total, dtype=np.int64)
            pb = np.empty(total, dtype=np.int64)
            kind = np.empty(total, dtype=np.int64)
            pmask = np.zeros((total, 3), dtype=np.int64)
    cand = np.empty(12, dtype=np.int64)
    ways = np.empty(12, dtype=np.int64)
    t = 0
    for a in range(n):
        m = 0
        for way in range(12):
            rb = a // cols + step[way, 0]
            cb = a % cols + step[way, 1]
            if 0 <= rb < rows and 0 <= cb < cols:
                q = m  # insertion by b: the order is (dr, dc) but for very narrow boards
                while q > 0 and cand[q - 1] > rb * cols + cb:
                    cand[q] = cand[q - 1]
                    ways[q] = ways[q - 1]
                    q -= 1
                cand[q] = rb * cols + cb
                ways[q] = way
                m += 1
        for q in range(m):
            way = ways[q]
            pa[t] = a
            pb[t] = cand[q]
            kind[t] = way
            for k in range(nrel[0, way]):
                f = rel[0, way, k]
                if block[a, 9 + f] >= 0:
                    fb = (f // 3 - step[way, 0]) * 3 + f % 3 - step[way, 1]
                    pmask[t, 0] |= 1 << f
                    pmask[t, 1] |= 1 << fb
                    pmask[t, 2] += 1
            t += 1
    return pa, pb, kind, rel, nrel, pmask


@njit(cache=True)
def _kinds():
    """Per offset kind (dr 0..2, dc -2..2 after a, in order): the shared part and a's own
    part as places of a's 3x3 frame, b's own part as places of b's, in reading order."""
    rel = np.zeros((3, 12, 9), dtype=np.int64)
    nrel = np.zeros((3, 12), dtype=np.int64)
    way = 0
    for dr in range(3):
        for dc in range(-2, 3):
            if dr == 0 and dc <= 0:
                continue
            for r in range(-1, 2):  # a's frame: shared or a's own
                for c in range(-1, 2):
                    part = 0 if abs(r - dr) <= 1 and abs(c - dc) <= 1 else 1
                    rel[part, way, nrel[part, way]] = (r + 1) * 3 + c + 1
                    nrel[part, way] += 1
            for r in range(-1, 2):  # b's frame: b's own
                for c in range(-1, 2):
                    if abs(r + dr) > 1 or abs(c + dc) > 1:
                        rel[2, way, nrel[2, way]] = (r + 1) * 3 + c + 1
                        nrel[2, way] += 1
            way += 1
    return rel, nrel


@njit(cache=True)
def _incidence(n, pa, pb, pmask):
    """For each cell, the pairs it is an end of (CSR: offsets, pairs), largest shared
    part first, else as first end then as second, each in pair order."""
    iptr = np.zeros(n + 1, dtype=np.int64)
    for t in range(pa.shape[0]):
        iptr[pa[t] + 1] += 1
        iptr[pb[t] + 1] += 1
    for c in range(n):
        iptr[c + 1] += iptr[c]
    fill = iptr[:n].copy()
    inc = np.empty(2 * pa.shape[0], dtype=np.int64)
    for ends in (pa, pb):
        for t in range(ends.shape[0]):
            inc[fill[ends[t]]] = t
            fill[ends[t]] += 1
    for c in range(n):  # stable insertion sort of each cell's pairs, largest shared part first
        for k in range(iptr[c] + 1, iptr[c + 1]):
            t = inc[k]
            q = k
            while q > iptr[c] and pmask[inc[q - 1], 2] < pmask[t, 2]:
                inc[q] = inc[q - 1]
                q -= 1
            inc[q] = t
    return iptr, inc
