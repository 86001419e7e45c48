"""The Slant ladder compiled with numba: ``count``, ``cycle``, ``duet`` and ``probe`` as in
rungs.py, on int64 arrays, plus the counting search (the same skeleton as Sukoro's).

Tables (built once per board): ``around`` cells and the orientation bit that touches the
point, ``ends`` of each diagonal, the numbered points, and the duet pairs.
Rung results: 1 changed, 0 unchanged, -1 contradiction.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from pencilbox.core.engine import PROBE, Count
from pencilbox.core.kernel import KernelBase
from pencilbox.core.kernel import flags_of as shared_flags
from pencilbox.puzzles.slant.board import TOUCH, Board
from pencilbox.puzzles.slant.rungs import point_pairs

CNT, CYC, DUET, PRB = 1, 2, 4, 8
WAYS = 8  # signatures remembered per duet pair (main state and probe trials alternate)
FLAG = {"count": CNT, "cycle": CYC, "duet": DUET, PROBE: PRB}


@njit(cache=True)
def _count(dom, clue, clued, acell, abit):
    changed = 0
    for t in range(clued.shape[0]):
        p = clued[t]
        v = clue[p]
        touching = 0
        nopen = 0
        for k in range(4):
            i = acell[p, k]
            if i < 0:
                break
            if dom[i] == abit[p, k]:
                touching += 1
            elif dom[i] == 3:
                nopen += 1
        if v < touching or v > touching + nopen:
            return -1
        if nopen and (v == touching or v == touching + nopen):
            for k in range(4):
                i = acell[p, k]
                if i < 0:
                    break
                if dom[i] == 3:
                    dom[i] = 3 ^ abit[p, k] if v == touching else abit[p, k]
                    changed = 1
    return changed


@njit(cache=True)
def _find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@njit(cache=True)
def _cycle(dom, ends, parent):
    """``parent[:points]`` is the union-find, ``parent[points:]`` flags the cells already
    in it: _base resets both once, so later passes only add newly settled cells."""
    n = dom.shape[0]
    base = parent.shape[0] - n
    for i in range(n):
        d = dom[i]
        if (d == 1 or d == 2) and parent[base + i] == 0:
            parent[base + i] = 1
            ra = _find(parent, ends[i, d, 0])
            rb = _find(parent, ends[i, d, 1])
            if ra == rb:
                return -1
            parent[ra] = rb
    changed = 0
    for i in range(n):
        if dom[i] != 3:
            continue
        for bit in (1, 2):
            if _find(parent, ends[i, bit, 0]) == _find(parent, ends[i, bit, 1]):
                dom[i] = 3 ^ bit
                changed = 1
                parent[base + i] = 1
                ra = _find(parent, ends[i, 3 ^ bit, 0])
                rb = _find(parent, ends[i, 3 ^ bit, 1])
                if ra == rb:
                    return -1
                parent[ra] = rb
                break
    return changed


@njit(cache=True)
def _memo(pairs):
    """Per duet pair: WAYS quiet signatures (-1 empty) and the next slot to overwrite."""
    memo = np.full((pairs, WAYS + 1), -1, dtype=np.int64)
    memo[:, WAYS] = 0
    return memo


@njit(cache=True)
def _touch(dom, combo, opened, nopen, p, acell, abit):
    t = 0
    for k in range(4):
        i = acell[p, k]
        if i < 0:
            break
        d = dom[i]
        for j in range(nopen):
            if opened[j] == i:
                d = 1 + ((combo >> j) & 1)
        if d == abit[p, k]:
            t += 1
    return t


@njit(cache=True)
def _duet(dom, clue, acell, abit, dp, dq, dcells, dsig):
    """``dsig[t]`` memoises a signature of pair t's cells that yielded nothing: the pair's
    verdict is a pure function of those cells, so an unchanged pair is skipped exactly."""
    changed = 0
    opened = np.empty(6, dtype=np.int64)
    seen = np.empty(6, dtype=np.int64)
    for t in range(dp.shape[0]):
        p = dp[t]
        q = dq[t]
        nopen = 0
        sig = 0
        for k in range(6):
            i = dcells[t, k]
            if i < 0:
                break
            sig = sig * 4 + dom[i]
            if dom[i] == 3:
                opened[nopen] = i
                nopen += 1
        if nopen == 0:
            continue
        hit = False
        for w in range(WAYS):
            if dsig[t, w] == sig:
                hit = True
        if hit:
            continue
        seen[:nopen] = 0
        anyok = False
        for combo in range(1 << nopen):
            if (_touch(dom, combo, opened, nopen, p, acell, abit) == clue[p]
                    and _touch(dom, combo, opened, nopen, q, acell, abit) == clue[q]):
                anyok = True
                for j in range(nopen):
                    seen[j] |= 1 + ((combo >> j) & 1)
        if not anyok:
            return -1
        quiet = True
        for j in range(nopen):
            if seen[j] != 3:
                dom[opened[j]] = seen[j]
                changed = 1
                quiet = False
        if quiet:
            w = dsig[t, WAYS]
            dsig[t, w] = sig
            dsig[t, WAYS] = (w + 1) % WAYS
    return changed


@njit(cache=True)
def _base(dom, flags, clue, clued, acell, abit, ends, dp, dq, dcells, dsig, parent):
    points = clue.shape[0]
    for x in range(points):
        parent[x] = x
    parent[points:] = 0
    i = 0
    while i < 3:
        r = 0
        if i == 0 and flags & CNT:
            r = _count(dom, clue, clued, acell, abit)
        elif i == 1 and flags & CYC:
            r = _cycle(dom, ends, parent)
        elif i == 2 and flags & DUET:
            r = _duet(dom, clue, acell, abit, dp, dq, dcells, dsig)
        if r < 0:
            return False
        i = 0 if r > 0 else i + 1
    return True


@njit(cache=True)
def _fixpoint(dom, flags, clue, clued, acell, abit, ends, dp, dq, dcells, dsig, parent, trial):
    """Base rungs to a fixpoint, then probe round-robin from the last drop (as engine.probe).
    (Skipping values a surviving trial implied is NOT safe here: the rungs are not all
    monotone, and the tests caught the fixpoints drifting apart.)"""
    n = dom.shape[0]
    cursor = 0
    while True:
        if not _base(dom, flags, clue, clued, acell, abit, ends, dp, dq, dcells, dsig, parent):
            return False
        if flags & PRB == 0:
            return True
        found = -1
        for step in range(n):
            var = (cursor + step) % n
            if dom[var] != 3:
                continue
            for bit in (1, 2):
                trial[:] = dom
                trial[var] = bit
                if not _base(trial, flags, clue, clued, acell, abit, ends, dp, dq, dcells, dsig, parent):
                    dom[var] = 3 ^ bit
                    found = var
                    break
            if found >= 0:
                break
        if found < 0:
            return True
        cursor = found


@njit(cache=True)
def _is_answer(dom, clue, acell, abit, ends, parent):
    """A settled state obeys every clue and has no loop (the leaf check)."""
    for i in range(dom.shape[0]):
        if dom[i] != 1 and dom[i] != 2:
            return False
    for p in range(clue.shape[0]):
        if clue[p] < 0:
            continue
        t = 0
        for k in range(4):
            i = acell[p, k]
            if i < 0:
                break
            if dom[i] == abit[p, k]:
                t += 1
        if t != clue[p]:
            return False
    for x in range(parent.shape[0]):
        parent[x] = x
    for i in range(dom.shape[0]):
        ra = _find(parent, ends[i, dom[i], 0])
        rb = _find(parent, ends[i, dom[i], 1])
        if ra == rb:
            return False
        parent[ra] = rb
    return True


@njit(cache=True)
def _search(dom0, flags, root_flags, limit, node_cap, clue, clued, acell, abit, ends, dp, dq, dcells,
            answers):
    dsig = _memo(dp.shape[0])
    n = dom0.shape[0]
    stack = np.empty((n + 2, n), dtype=np.int64)
    var_at = np.empty(n + 2, dtype=np.int64)
    rem = np.empty(n + 2, dtype=np.int64)
    parent = np.empty(clue.shape[0] + dom0.shape[0], dtype=np.int64)
    trial = np.empty(n, dtype=np.int64)
    stack[0, :] = dom0
    depth = 0
    count = 0
    nodes = 0
    limit_hit = False
    node_capped = False
    fresh = True
    while True:
        if fresh:
            cur = stack[depth]
            f = root_flags if depth == 0 else flags
            if _fixpoint(cur, f, clue, clued, acell, abit, ends, dp, dq, dcells, dsig, parent, trial):
                var = -1
                for i in range(n):
                    if cur[i] == 3:
                        var = i
                        break
                if var < 0:
                    if _is_answer(cur, clue, acell, abit, ends, parent):
                        if count < answers.shape[0]:
                            answers[count, :] = cur
                        count += 1
                        if count >= limit:
                            limit_hit = True
                            break
                elif nodes >= node_cap:
                    node_capped = True
                    break
                else:
                    nodes += 1
                    var_at[depth] = var
                    rem[depth] = 2
                    stack[depth + 1, :] = cur
                    stack[depth + 1, var] = 1
                    depth += 1
                    continue
        fresh = False
        while depth > 0 and not fresh:
            d = depth - 1
            if rem[d]:
                stack[d + 1, :] = stack[d]
                stack[d + 1, var_at[d]] = rem[d]
                rem[d] = 0
                depth = d + 1
                fresh = True
            else:
                depth = d
        if not fresh:
            break
    return count, limit_hit, node_capped, nodes


def tables(board: Board) -> tuple[np.ndarray, ...]:
    """The board's arrays: clue, clued, around cells/bits, diagonal ends, duet pairs."""
    return _tables(board.rows, board.cols, board.clues)


@lru_cache(maxsize=512)
def _tables(rows: int, cols: int, clues: tuple[int | None, ...]) -> tuple[np.ndarray, ...]:
    clue = np.array([-2 if v is None else v for v in clues], dtype=np.int64)
    clued = np.flatnonzero(clue >= 0).astype(np.int64)
    acell, abit, ends, ap, aq, acells = _geometry(rows, cols)
    both = (clue[ap] >= 0) & (clue[aq] >= 0)
    return clue, clued, acell, abit, ends, ap[both], aq[both], acells[both]


@lru_cache(maxsize=64)
def _geometry(rows: int, cols: int) -> tuple[np.ndarray, ...]:
    """Around cells and bits per point, the ends of both diagonals of each cell, and every
    adjacent point pair with the cells around either (duets filter these by clues)."""
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
    for t, (_, _, cells) in enumerate(pairs):
        acells[t, : len(cells)] = cells
    return acell, abit, ends, ap, aq, acells


def flags_of(names: tuple[str, ...]) -> int:
    return shared_flags(FLAG, names)


def search(board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
           root: tuple[str, ...] | None = None) -> Count:
    """Compiled counterpart of ``engine.search`` (same branching order)."""
    answers = np.zeros((2, len(dom)), dtype=np.int64)
    c, hit, capped, nodes = _search(np.array(dom, dtype=np.int64), flags_of(names),
                                    flags_of(names if root is None else root), limit, node_cap,
                                    *tables(board), answers)
    return Count(int(c), bool(hit), bool(capped), int(nodes),
                 [[int(x) for x in answers[k]] for k in range(min(int(c), 2))])


@njit(cache=True)
def _finish(dom, flags, clue, clued, acell, abit, ends, dp, dq, dcells, solve):
    """Fixpoint in place; with ``solve``, also whether it is a whole answer."""
    parent = np.empty(clue.shape[0] + dom.shape[0], dtype=np.int64)
    trial = np.empty(dom.shape[0], dtype=np.int64)
    dsig = _memo(dp.shape[0])
    if not _fixpoint(dom, flags, clue, clued, acell, abit, ends, dp, dq, dcells, dsig, parent, trial):
        return False
    return not solve or _is_answer(dom, clue, acell, abit, ends, parent)


class Kernel(KernelBase):
    """The engine's fast path for Slant."""

    FLAG = FLAG

    def search(self, board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
               root: tuple[str, ...] | None = None) -> Count:
        return search(board, dom, names, limit, node_cap, root)

    def finish(self, arr: np.ndarray, board: Board, flags: int, solve: bool) -> bool:
        return bool(_finish(arr, flags, *tables(board), solve))

    def start(self, board: Board) -> list[int]:
        return [3] * (board.rows * board.cols)
