"""The Ripple Effect ladder compiled with numba: ``region``, ``ripple``, ``hidden``,
``lines`` and ``probe`` as in rungs.py, on int64 arrays, plus the counting search (the
same skeleton as the other puzzles' kernels). Rung results: 1 changed, 0 unchanged,
-1 contradiction.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from pencilbox.core.engine import PROBE, Count
from pencilbox.core.kernel import KernelBase
from pencilbox.core.kernel import flags_of as shared_flags
from pencilbox.puzzles.ripple.board import Board, initial_state
from pencilbox.puzzles.ripple.rungs import line_needs

REG, RIP, HID, LIN, PRB = 1, 2, 4, 8, 16
FLAG = {"region": REG, "ripple": RIP, "hidden": HID, "lines": LIN, PROBE: PRB}


@njit(cache=True)
def _single(d):
    return d != 0 and d & (d - 1) == 0


@njit(cache=True)
def _value(d):
    v = 0
    while d > 1:
        d >>= 1
        v += 1
    return v


@njit(cache=True)
def _region(dom, members, msize):
    changed = 0
    for k in range(members.shape[0]):
        for a in range(msize[k]):
            i = members[k, a]
            if not _single(dom[i]):
                continue
            for b in range(msize[k]):
                j = members[k, b]
                if j == i:
                    continue
                new = dom[j] & ~dom[i]
                if new == 0:
                    return -1
                if new != dom[j]:
                    dom[j] = new
                    changed = 1
    return changed


@njit(cache=True)
def _ripple(dom, rows, cols):
    changed = 0
    for i in range(dom.shape[0]):
        d = dom[i]
        if not _single(d):
            continue
        v = _value(d)
        r = i // cols
        c = i % cols
        for step in range(1, v + 1):
            for t in range(4):
                rr, cc = r, c
                if t == 0:
                    cc = c - step
                elif t == 1:
                    cc = c + step
                elif t == 2:
                    rr = r - step
                else:
                    rr = r + step
                if 0 <= rr < rows and 0 <= cc < cols:
                    j = rr * cols + cc
                    new = dom[j] & ~d
                    if new == 0:
                        return -1
                    if new != dom[j]:
                        dom[j] = new
                        changed = 1
    return changed


@njit(cache=True)
def _hidden(dom, members, msize):
    changed = 0
    for k in range(members.shape[0]):
        for v in range(1, msize[k] + 1):
            bit = 1 << v
            homes = 0
            home = -1
            for a in range(msize[k]):
                if dom[members[k, a]] & bit:
                    homes += 1
                    home = members[k, a]
            if homes == 0:
                return -1
            if homes == 1 and dom[home] != bit:
                dom[home] = bit
                changed = 1
    return changed


@njit(cache=True)
def _lines(dom, lcells, llen, need, spots, left, right):
    changed = 0
    for t in range(lcells.shape[0]):
        n = llen[t]
        for v in range(1, n + 1):
            want = need[t, v]
            if want == 0:
                continue
            bit = 1 << v
            m = 0
            for p in range(n):
                if dom[lcells[t, p]] & bit:
                    spots[m] = p
                    m += 1
            left[0] = 0
            last = -10**9
            for k in range(m):
                if spots[k] - last > v:
                    last = spots[k]
                    left[k + 1] = left[k] + 1
                else:
                    left[k + 1] = left[k]
            if left[m] < want:
                return -1
            right[m] = 0
            last = 10**9
            for k in range(m - 1, -1, -1):
                if last - spots[k] > v:
                    last = spots[k]
                    right[k] = right[k + 1] + 1
                else:
                    right[k] = right[k + 1]
            lo = 0
            hi = 0
            for k in range(m):
                p = spots[k]
                while lo < m and spots[lo] < p - v:
                    lo += 1
                if hi < k:
                    hi = k
                while hi < m and spots[hi] <= p + v:
                    hi += 1
                if 1 + left[lo] + right[hi] < want:
                    i = lcells[t, p]
                    dom[i] &= ~bit
                    if dom[i] == 0:
                        return -1
                    changed = 1
    return changed


@njit(cache=True)
def _base(dom, flags, rows, cols, members, msize, lcells, llen, need, spots, left, right):
    i = 0
    while i < 4:
        r = 0
        if i == 0 and flags & REG:
            r = _region(dom, members, msize)
        elif i == 1 and flags & RIP:
            r = _ripple(dom, rows, cols)
        elif i == 2 and flags & HID:
            r = _hidden(dom, members, msize)
        elif i == 3 and flags & LIN:
            r = _lines(dom, lcells, llen, need, spots, left, right)
        if r < 0:
            return False
        i = 0 if r > 0 else i + 1
    return True


@njit(cache=True)
def _fixpoint(dom, flags, rows, cols, members, msize, lcells, llen, need, trial):
    """Base rungs to a fixpoint, then probe round-robin from the last drop (as engine.probe)."""
    n = dom.shape[0]
    width = max(rows, cols) + 2
    spots = np.empty(width, dtype=np.int64)
    left = np.empty(width, dtype=np.int64)
    right = np.empty(width, dtype=np.int64)
    cursor = 0
    while True:
        if not _base(dom, flags, rows, cols, members, msize, lcells, llen, need, spots, left, right):
            return False
        if flags & PRB == 0:
            return True
        found = -1
        for step in range(n):
            var = (cursor + step) % n
            d = dom[var]
            if _single(d):
                continue
            rest = d
            while rest:
                bit = rest & -rest
                rest ^= bit
                trial[:] = dom
                trial[var] = bit
                if not _base(trial, flags, rows, cols, members, msize, lcells, llen, need,
                             spots, left, right):
                    dom[var] &= ~bit
                    if dom[var] == 0:
                        return False
                    found = var
                    break
            if found >= 0:
                break
        if found < 0:
            return True
        cursor = found


@njit(cache=True)
def _is_answer(dom, rows, cols, members, msize):
    """Every region holds 1..s once and no two equal values k stand k or fewer apart."""
    for i in range(dom.shape[0]):
        if not _single(dom[i]):
            return False
    for k in range(members.shape[0]):
        seen = 0
        for a in range(msize[k]):
            d = dom[members[k, a]]
            if d & seen or _value(d) > msize[k]:
                return False
            seen |= d
    for i in range(dom.shape[0]):
        v = _value(dom[i])
        r = i // cols
        c = i % cols
        for step in range(1, v + 1):
            if c + step < cols and dom[i + step] == dom[i]:
                return False
            if r + step < rows and dom[i + step * cols] == dom[i]:
                return False
    return True


@njit(cache=True)
def _choose(dom):
    best = -1
    bestc = 10**9
    for i in range(dom.shape[0]):
        d = dom[i]
        if _single(d):
            continue
        c = 0
        while d:
            d &= d - 1
            c += 1
        if c < bestc:
            best, bestc = i, c
    return best


@njit(cache=True)
def _pick(rem, seed):
    """The lowest value, or with a seed (> 0) a random one (for random solutions)."""
    if seed <= 0:
        return rem & -rem
    k = 0
    x = rem
    while x:
        x &= x - 1
        k += 1
    t = np.random.randint(k)
    while True:
        bit = rem & -rem
        if t == 0:
            return bit
        rem ^= bit
        t -= 1


@njit(cache=True)
def _search(dom0, flags, root_flags, limit, node_cap, seed, rows, cols, members, msize, lcells, llen, need,
            answers):
    n = dom0.shape[0]
    if seed > 0:
        np.random.seed(seed)
    stack = np.empty((n + 2, n), dtype=np.int64)
    var_at = np.empty(n + 2, dtype=np.int64)
    rem = np.empty(n + 2, dtype=np.int64)
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
            if _fixpoint(cur, f, rows, cols, members, msize, lcells, llen, need, trial):
                var = _choose(cur)
                if var < 0:
                    if _is_answer(cur, rows, cols, members, msize):
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
                    bit = _pick(cur[var], seed)
                    rem[depth] = cur[var] ^ bit
                    stack[depth + 1, :] = cur
                    stack[depth + 1, var] = bit
                    depth += 1
                    continue
        fresh = False
        while depth > 0 and not fresh:
            d = depth - 1
            if rem[d]:
                bit = _pick(rem[d], seed)
                rem[d] ^= bit
                stack[d + 1, :] = stack[d]
                stack[d + 1, var_at[d]] = bit
                depth = d + 1
                fresh = True
            else:
                depth = d
        if not fresh:
            break
    return count, limit_hit, node_capped, nodes


@njit(cache=True)
def _finish(dom, flags, rows, cols, members, msize, lcells, llen, need, solve):
    trial = np.empty(dom.shape[0], dtype=np.int64)
    if not _fixpoint(dom, flags, rows, cols, members, msize, lcells, llen, need, trial):
        return False
    return not solve or _is_answer(dom, rows, cols, members, msize)


def tables(board: Board) -> tuple:
    """rows, cols, region members (padded), sizes, lines (padded), lengths and needs."""
    return _tables(board.rows, board.cols, board.regions)


@lru_cache(maxsize=512)
def _tables(rows: int, cols: int, regions: tuple[int, ...]) -> tuple:
    k = max(regions) + 1
    groups: list[list[int]] = [[] for _ in range(k)]
    for i, r in enumerate(regions):
        groups[r].append(i)
    msize = np.array([len(g) for g in groups], dtype=np.int64)
    members = np.full((k, int(msize.max())), -1, dtype=np.int64)
    for r, g in enumerate(groups):
        members[r, : len(g)] = g
    lines = line_needs(rows, cols, regions)
    width = max(rows, cols)
    lcells = np.full((len(lines), width), -1, dtype=np.int64)
    llen = np.zeros(len(lines), dtype=np.int64)
    need = np.zeros((len(lines), width + 1), dtype=np.int64)
    for t, (cells, nd) in enumerate(lines):
        lcells[t, : len(cells)] = cells
        llen[t] = len(cells)
        need[t, : len(nd)] = nd
    return rows, cols, members, msize, lcells, llen, need


def flags_of(names: tuple[str, ...]) -> int:
    return shared_flags(FLAG, names)


def search(board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
           root: tuple[str, ...] | None = None, seed: int = 0) -> Count:
    """Compiled counterpart of ``engine.search``; ``seed`` > 0 tries values in random order."""
    answers = np.zeros((2, len(dom)), dtype=np.int64)
    c, hit, capped, nodes = _search(np.array(dom, dtype=np.int64), flags_of(names),
                                    flags_of(names if root is None else root), limit, node_cap, seed,
                                    *tables(board), answers)
    return Count(int(c), bool(hit), bool(capped), int(nodes),
                 [[int(x) for x in answers[k]] for k in range(min(int(c), 2))])


class Kernel(KernelBase):
    """The engine's fast path for Ripple Effect."""

    FLAG = FLAG

    def search(self, board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
               root: tuple[str, ...] | None = None) -> Count:
        return search(board, dom, names, limit, node_cap, root)

    def finish(self, arr: np.ndarray, board: Board, flags: int, solve: bool) -> bool:
        return bool(_finish(arr, flags, *tables(board), solve))

    def start(self, board: Board) -> list[int]:
        return initial_state(board)
