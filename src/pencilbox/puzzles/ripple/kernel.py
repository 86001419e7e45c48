"""The Ripple Effect ladder compiled with numba: ``region``, ``ripple``, ``hidden``,
``lines`` and ``probe`` as in rungs.py, plus the counting search (the same skeleton as
the other puzzles' kernels).

The rungs run from worklists, so a fixpoint visits only what changed: a cell that
settles is queued for region and ripple, and the values a cell loses mark its region
(for hidden) and its two lines (for lines) dirty for those values only. Every narrowing
goes on a trail (cell, old domain); the search and probe undo to a mark instead of
copying the state, so memory is O(cells) and a node costs what it changed. The rungs are
monotone, so any order reaches the readable sweep's fixpoint and its contradictions
(the tests compare the two).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from pencilbox.core.engine import PROBE, Count
from pencilbox.core.kernel import KernelBase
from pencilbox.core.kernel import flags_of as shared_flags
from pencilbox.puzzles.ripple.board import Board, initial_state

REG, RIP, HID, LIN, PRB = 1, 2, 4, 8, 16
FLAG = {"region": REG, "ripple": RIP, "hidden": HID, "lines": LIN, PROBE: PRB}
# tops: the trail top, then the tops of the cell, region and line queues
TRAIL, CELLS, REGIONS, LINES = 0, 1, 2, 3


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
def _size(d):
    """The number of values in d."""
    c = 0
    while d:
        d &= d - 1
        c += 1
    return c


@njit(cache=True)
def _workspace(dom, tb):
    """Trail, worklists and the open cells by size, for a search from ``dom``: a path
    narrows each cell at most (values - 1) times, probe trials included, so that bounds
    the trail."""
    n = dom.shape[0]
    rows, cols = tb[0], tb[1]
    k = tb[3].shape[0] - 1
    lines = rows + cols
    cap = 1
    most = 0
    for i in range(n):
        cap += max(_size(dom[i]) - 1, 0)
        most = max(most, _size(dom[i]))
    width = max(rows, cols) + 2
    words = n // 64 + 1
    ws = (np.empty(cap, np.int64), np.empty(cap, np.int64), np.zeros(4, np.int64),
          np.empty(n, np.int64), np.empty(k, np.int64), np.zeros(k, np.int64),
          np.empty(lines, np.int64), np.zeros(lines, np.int64),
          np.empty(width, np.int64), np.empty(width, np.int64), np.empty(width, np.int64),
          np.zeros((most + 1) * words, np.int64), np.zeros(most + 1, np.int64), np.array([words]))
    for i in range(n):
        _enter(ws, i, _size(dom[i]), 1)
    return ws


@njit(cache=True)
def _enter(ws, i, size, sign):
    """Add (sign 1) or remove (-1) cell i in the open cells of ``size`` values (a
    settled cell is in none): _choose finds the first of the smallest size by words."""
    if size == 1:
        return
    words = ws[13][0]
    w = size * words + i // 64
    if sign > 0:
        ws[11][w] |= 1 << (i % 64)
    else:
        ws[11][w] &= ~(1 << (i % 64))
    ws[12][size] += sign


@njit(cache=True)
def _mark_region(k, gone, ws):
    if ws[5][k] == 0:
        ws[4][ws[2][REGIONS]] = k
        ws[2][REGIONS] += 1
    ws[5][k] |= gone


@njit(cache=True)
def _mark_line(t, gone, ws, tb):
    nptr = tb[5]
    if nptr[t + 1] - nptr[t] == 0:
        return  # no region lies wholly inside this line: the rung has nothing to read
    if ws[7][t] == 0:
        ws[6][ws[2][LINES]] = t
        ws[2][LINES] += 1
    ws[7][t] |= gone


@njit(cache=True)
def _narrow(dom, j, keep, ws, tb):
    """The one elimination: ``dom[j] &= keep``, trailed, queueing what reads cell j;
    False (and nothing written) when that empties it."""
    old = dom[j]
    new = old & keep
    if new == old:
        return True
    if new == 0:
        return False
    top = ws[2]
    t = top[TRAIL]
    ws[0][t] = j
    ws[1][t] = old
    top[TRAIL] = t + 1
    dom[j] = new
    _enter(ws, j, _size(old), -1)
    _enter(ws, j, _size(new), 1)
    gone = old & ~new
    cols = tb[1]
    _mark_region(tb[2][j], gone, ws)
    _mark_line(j // cols, gone, ws, tb)
    _mark_line(tb[0] + j % cols, gone, ws, tb)
    if _single(new):
        ws[3][top[CELLS]] = j
        top[CELLS] += 1
    return True


@njit(cache=True)
def _undo(dom, ws, mark):
    """Back to the state when the trail stood at ``mark``."""
    top = ws[2]
    for t in range(top[TRAIL] - 1, mark - 1, -1):
        j = ws[0][t]
        _enter(ws, j, _size(dom[j]), -1)
        dom[j] = ws[1][t]
        _enter(ws, j, _size(dom[j]), 1)
    top[TRAIL] = mark


@njit(cache=True)
def _clear(ws):
    """Empty the worklists (after a contradiction)."""
    top = ws[2]
    top[CELLS] = 0
    for q in range(top[REGIONS]):
        ws[5][ws[4][q]] = 0
    top[REGIONS] = 0
    for q in range(top[LINES]):
        ws[7][ws[6][q]] = 0
    top[LINES] = 0


@njit(cache=True)
def _dirty_all(dom, ws, tb):
    """Queue everything, as for a first sweep of every rung."""
    top = ws[2]
    for i in range(dom.shape[0]):
        if _single(dom[i]):
            ws[3][top[CELLS]] = i
            top[CELLS] += 1
    for k in range(tb[3].shape[0] - 1):
        _mark_region(k, -1, ws)
    for t in range(tb[0] + tb[1]):
        _mark_line(t, -1, ws, tb)


@njit(cache=True)
def _settled(dom, i, flags, ws, tb):
    """region and ripple for the settled cell i: its value leaves its region's other
    cells and every cell within v steps along its row and column."""
    d = dom[i]
    if flags & REG:
        mptr, mcells = tb[3], tb[4]
        k = tb[2][i]
        for a in range(mptr[k], mptr[k + 1]):
            j = mcells[a]
            if j != i and not _narrow(dom, j, ~d, ws, tb):
                return False
    if flags & RIP:
        rows, cols = tb[0], tb[1]
        v = _value(d)
        r = i // cols
        c = i % cols
        for step in range(1, v + 1):
            if c - step >= 0 and not _narrow(dom, i - step, ~d, ws, tb):
                return False
            if c + step < cols and not _narrow(dom, i + step, ~d, ws, tb):
                return False
            if r - step >= 0 and not _narrow(dom, i - step * cols, ~d, ws, tb):
                return False
            if r + step < rows and not _narrow(dom, i + step * cols, ~d, ws, tb):
                return False
    return True


@njit(cache=True)
def _hidden(dom, k, dirty, ws, tb):
    """hidden on region k for the values in ``dirty``: a value with one home goes there."""
    mptr, mcells = tb[3], tb[4]
    size = mptr[k + 1] - mptr[k]
    for v in range(1, size + 1):
        bit = 1 << v
        if dirty & bit == 0:
            continue
        homes = 0
        home = -1
        for a in range(mptr[k], mptr[k + 1]):
            if dom[mcells[a]] & bit:
                homes += 1
                home = mcells[a]
        if homes == 0:
            return False
        if homes == 1 and not _narrow(dom, home, bit, ws, tb):
            return False
    return True


@njit(cache=True)
def _line_cell(t, p, rows, cols):
    return t * cols + p if t < rows else p * cols + (t - rows)


@njit(cache=True)
def _lines(dom, t, dirty, ws, tb):
    """lines on line t for the values in ``dirty`` (see rungs.Lines: greedy packings from
    either side; a cell in no packing of ``need`` copies loses v)."""
    rows, cols, nptr, need = tb[0], tb[1], tb[5], tb[6]
    spots, left, right = ws[8], ws[9], ws[10]
    n = cols if t < rows else rows
    for v in range(1, nptr[t + 1] - nptr[t]):
        bit = 1 << v
        if dirty & bit == 0:
            continue
        want = need[nptr[t] + v]
        m = 0
        for p in range(n):
            if dom[_line_cell(t, p, rows, cols)] & bit:
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
            return False
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
                if not _narrow(dom, _line_cell(t, p, rows, cols), ~bit, ws, tb):
                    return False
    return True


@njit(cache=True)
def _base(dom, flags, ws, tb):
    """The base rungs to a fixpoint over what is queued, cheapest first; on a
    contradiction the worklists are emptied."""
    top = ws[2]
    ok = True
    while ok:
        if top[CELLS] > 0:
            top[CELLS] -= 1
            ok = _settled(dom, ws[3][top[CELLS]], flags, ws, tb)
        elif top[REGIONS] > 0:
            top[REGIONS] -= 1
            k = ws[4][top[REGIONS]]
            dirty = ws[5][k]
            ws[5][k] = 0
            ok = flags & HID == 0 or _hidden(dom, k, dirty, ws, tb)
        elif top[LINES] > 0:
            top[LINES] -= 1
            t = ws[6][top[LINES]]
            dirty = ws[7][t]
            ws[7][t] = 0
            ok = flags & LIN == 0 or _lines(dom, t, dirty, ws, tb)
        else:
            return True
    _clear(ws)
    return False


@njit(cache=True)
def _fixpoint(dom, flags, ws, tb):
    """Base rungs to a fixpoint, then probe round-robin from the last drop (as
    engine.probe); each trial narrows, propagates and undoes on the trail."""
    n = dom.shape[0]
    if not _base(dom, flags, ws, tb):
        return False
    if flags & PRB == 0:
        return True
    cursor = 0
    while True:
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
                mark = ws[2][TRAIL]
                _narrow(dom, var, bit, ws, tb)
                ok = _base(dom, flags, ws, tb)
                _undo(dom, ws, mark)
                if not ok:
                    if not _narrow(dom, var, ~bit, ws, tb):
                        return False
                    found = var
                    break
            if found >= 0:
                break
        if found < 0:
            return True
        if not _base(dom, flags, ws, tb):
            return False
        cursor = found


@njit(cache=True)
def _is_answer(dom, tb):
    """Every region holds 1..s once and no two equal values k stand k or fewer apart."""
    rows, cols, mptr, mcells = tb[0], tb[1], tb[3], tb[4]
    for i in range(dom.shape[0]):
        if not _single(dom[i]):
            return False
    for k in range(mptr.shape[0] - 1):
        seen = 0
        size = mptr[k + 1] - mptr[k]
        for a in range(mptr[k], mptr[k + 1]):
            d = dom[mcells[a]]
            if d & seen or _value(d) > size:
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
def _choose(ws):
    """The open cell with the fewest values, first in reading order (as engine.search);
    -1 when every cell is settled."""
    words = ws[13][0]
    for size in range(ws[12].shape[0]):
        if ws[12][size] == 0:
            continue
        for w in range(words):
            x = ws[11][size * words + w]
            if x:
                b = 0
                while (x >> b) & 1 == 0:
                    b += 1
                return w * 64 + b
    return -1


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
def _search(dom, flags, root_flags, limit, node_cap, seed, tb, answers):
    """Count answers from ``dom`` (worked on in place): each branch point keeps its
    cell, the values left and its trail mark; backtracking undoes to the mark."""
    n = dom.shape[0]
    if seed > 0:
        np.random.seed(seed)
    ws = _workspace(dom, tb)
    var_at = np.empty(n + 2, dtype=np.int64)
    rem = np.empty(n + 2, dtype=np.int64)
    mark = np.empty(n + 2, dtype=np.int64)
    _dirty_all(dom, ws, tb)
    depth = 0
    count = 0
    nodes = 0
    limit_hit = False
    node_capped = False
    fresh = True
    while True:
        if fresh and _fixpoint(dom, root_flags if depth == 0 else flags, ws, tb):
            var = _choose(ws)
            if var < 0:
                if _is_answer(dom, tb):
                    if count < answers.shape[0]:
                        answers[count, :] = dom
                    count += 1
                    if count >= limit:
                        limit_hit = True
                        break
            elif nodes >= node_cap:
                node_capped = True
                break
            elif dom[var] == 0:
                nodes += 1  # a branch point with no value to try (as engine.search)
            else:
                nodes += 1
                var_at[depth] = var
                bit = _pick(dom[var], seed)
                rem[depth] = dom[var] ^ bit
                mark[depth] = ws[2][TRAIL]
                _narrow(dom, var, bit, ws, tb)
                depth += 1
                continue
        fresh = False
        while depth > 0 and not fresh:
            d = depth - 1
            if rem[d]:
                bit = _pick(rem[d], seed)
                rem[d] ^= bit
                _undo(dom, ws, mark[d])
                _narrow(dom, var_at[d], bit, ws, tb)
                depth = d + 1
                fresh = True
            else:
                depth = d
        if not fresh:
            break
    return count, limit_hit, node_capped, nodes


@njit(cache=True)
def _finish(dom, flags, tb, solve):
    """The fixpoint of ``dom`` in place (and with ``solve``, whether it is an answer)."""
    ws = _workspace(dom, tb)
    _dirty_all(dom, ws, tb)
    if not _fixpoint(dom, flags, ws, tb):
        return False
    return not solve or _is_answer(dom, tb)


@njit(cache=True)
def _line_needs(rows, cols, mptr, mcells):
    """Per line (rows, then columns) ``need[v]``, v = 0..the largest region lying wholly
    inside it, as a flat array with offsets (empty for a line with none): O(cells)."""
    lines = rows + cols
    k = mptr.shape[0] - 1
    nmax = np.zeros(lines, np.int64)
    inside = np.full((k, 2), -1, np.int64)
    for g in range(k):
        first = mcells[mptr[g]]
        same_r = True
        same_c = True
        for a in range(mptr[g], mptr[g + 1]):
            same_r &= mcells[a] // cols == first // cols
            same_c &= mcells[a] % cols == first % cols
        size = mptr[g + 1] - mptr[g]
        if same_r:
            inside[g, 0] = first // cols
        if same_c:
            inside[g, 1] = rows + first % cols
        for s in range(2):
            if inside[g, s] >= 0:
                nmax[inside[g, s]] = max(nmax[inside[g, s]], size)
    nptr = np.zeros(lines + 1, np.int64)
    for t in range(lines):
        nptr[t + 1] = nptr[t] + (nmax[t] + 1 if nmax[t] else 0)
    need = np.zeros(nptr[lines], np.int64)
    for g in range(k):
        for s in range(2):
            t = inside[g, s]
            if t >= 0:
                for v in range(1, mptr[g + 1] - mptr[g] + 1):
                    need[nptr[t] + v] += 1
    return nptr, need


def tables(board: Board) -> tuple:
    """rows, cols, each cell's region, region members (offsets, cells), line needs
    (offsets, flat): every table O(cells)."""
    return _tables(board.rows, board.cols, board.regions)


@lru_cache(maxsize=512)
def _tables(rows: int, cols: int, regions: tuple[int, ...]) -> tuple:
    region = np.array(regions, dtype=np.int64)
    mcells = np.argsort(region, kind="stable").astype(np.int64)
    mptr = np.zeros(int(region.max()) + 2, dtype=np.int64)
    np.add.at(mptr, region + 1, 1)
    mptr = np.cumsum(mptr).astype(np.int64)
    return (rows, cols, region, mptr, mcells, *_line_needs(rows, cols, mptr, mcells))


def line_needs_of(board: Board) -> list[tuple[int, ...]]:
    """The compiled tables' ``need`` per line, padded as rungs.line_needs has it (tests)."""
    t = tables(board)
    nptr, need = t[5], t[6]
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
    answers = np.zeros((2, len(dom)), dtype=np.int64)
    c, hit, capped, nodes = _search(np.array(dom, dtype=np.int64), flags_of(names),
                                    flags_of(names if root is None else root), limit, node_cap, seed,
                                    tables(board), answers)
    return Count(int(c), bool(hit), bool(capped), int(nodes),
                 [[int(x) for x in answers[k]] for k in range(min(int(c), 2))])


class Kernel(KernelBase):
    """The engine's fast path for Ripple Effect."""

    FLAG = FLAG

    def search(self, board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
               root: tuple[str, ...] | None = None) -> Count:
        return search(board, dom, names, limit, node_cap, root)

    def finish(self, arr: np.ndarray, board: Board, flags: int, solve: bool) -> bool:
        return bool(_finish(arr, flags, tables(board), solve))

    def start(self, board: Board) -> list[int]:
        return initial_state(board)
