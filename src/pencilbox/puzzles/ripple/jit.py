"""The Ripple Effect ladder compiled with numba: ``region``, ``ripple``, ``hidden``,
``lines`` and ``probe`` as in rungs.py, behind the hooks of core/jit.py (the probe
fixpoint and the counting search are written there, once for every puzzle): the tables
``tabs`` are ``(geo,)``, the board as one array, and the state ``st`` is ``(ws,)``.

The rungs run from worklists, so a fixpoint visits only what changed: a cell that
settles is queued for region and ripple, and the values a cell loses mark its region
(for hidden) and its two lines (for lines) dirty for those values only. Every narrowing
goes on a trail (cell, old domain); the search and probe undo to a mark instead of
copying the state, so memory is O(cells) and a node costs what it changed. The rungs are
monotone, so any order reaches the readable sweep's fixpoint and its contradictions
(the tests compare the two).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pencilbox.core.jit import bit_count, bit_value, finish, no_ready, random_bit, search
from pencilbox.puzzles.ripple.kernel import (
    COLS,
    HID,
    LIN,
    NREG,
    OMCELLS,
    OMPTR,
    ONEED,
    ONPTR,
    OREG,
    PRB,
    REG,
    RIP,
    ROWS,
)

# The workspace ``ws`` is one int64 array (one array per call keeps calls cheap): the
# trail top and the tops of the cell, region and line queues, then offsets of the trail
# (cells, old domains), the queues, the dirty masks of regions and lines, three scratch
# rows for lines, and the open cells by size (bit sets of ``words`` words, counts).
TRAIL, CELLS, REGIONS, LINES = 0, 1, 2, 3
TV, TO, CQ, RQ, RM, LQ, LM, SPOTS, LEFT, RIGHT, BM, BC, WORDS, HEAD = range(4, 18)

# The entry points of solve, count, grade and hint: pencilbox warm builds these ahead of time
# (compiled/aot.py).
EXPORTS = ('_search', '_finish', '_line_needs')


@njit(cache=True)
def _single(d):
    return d != 0 and d & (d - 1) == 0


@njit(cache=True)
def _workspace(dom, geo):
    """Trail, worklists and the open cells by size, for a search from ``dom``: a path
    narrows each cell at most (values - 1) times, probe trials included, so that bounds
    the trail."""
    n = dom.shape[0]
    rows, cols, k = geo[ROWS], geo[COLS], geo[NREG]
    lines = rows + cols
    cap = 1
    most = 0
    for i in range(n):
        cap += max(bit_count(dom[i]) - 1, 0)
        most = max(most, bit_count(dom[i]))
    width = max(rows, cols) + 2
    words = n // 64 + 1
    sizes = (cap, cap, n, k, k, lines, lines, width, width, width, (most + 1) * words, most + 1)
    total = HEAD
    for slot in range(len(sizes)):
        total += sizes[slot]
    ws = np.zeros(total, np.int64)
    at = HEAD
    for slot in range(len(sizes)):
        ws[TV + slot] = at
        at += sizes[slot]
    ws[WORDS] = words
    for i in range(n):
        _enter(ws, i, bit_count(dom[i]), 1)
    return ws


@njit(cache=True)
def _enter(ws, i, size, sign):
    """Add (sign 1) or remove (-1) cell i in the open cells of ``size`` values (a
    settled cell is in none): _choose finds the first of the smallest size by words."""
    if size == 1:
        return
    w = ws[BM] + size * ws[WORDS] + i // 64
    if sign > 0:
        ws[w] |= 1 << (i % 64)
    else:
        ws[w] &= ~(1 << (i % 64))
    ws[ws[BC] + size] += sign


@njit(cache=True)
def _mark(ws, queue, masks, top, x, gone):
    """Queue region or line x (once) with the values ``gone`` to re-read."""
    if ws[masks + x] == 0:
        ws[queue + ws[top]] = x
        ws[top] += 1
    ws[masks + x] |= gone


@njit(cache=True)
def _mark_line(t, gone, ws, geo):
    if geo[geo[ONPTR] + t + 1] != geo[geo[ONPTR] + t]:  # else no region lies wholly inside
        _mark(ws, ws[LQ], ws[LM], LINES, t, gone)


@njit(cache=True)
def _narrow(dom, j, keep, ws, geo):
    """The one elimination: ``dom[j] &= keep``, trailed, queueing what reads cell j;
    False (and nothing written) when that empties it."""
    old = dom[j]
    new = old & keep
    if new == old:
        return True
    if new == 0:
        return False
    t = ws[TRAIL]
    ws[ws[TV] + t] = j
    ws[ws[TO] + t] = old
    ws[TRAIL] = t + 1
    dom[j] = new
    _enter(ws, j, bit_count(old), -1)
    _enter(ws, j, bit_count(new), 1)
    gone = old & ~new
    cols = geo[COLS]
    _mark(ws, ws[RQ], ws[RM], REGIONS, geo[geo[OREG] + j], gone)
    _mark_line(j // cols, gone, ws, geo)
    _mark_line(geo[ROWS] + j % cols, gone, ws, geo)
    if _single(new):
        ws[ws[CQ] + ws[CELLS]] = j
        ws[CELLS] += 1
    return True


@njit(cache=True)
def _undo(dom, ws, mark):
    """Back to the state when the trail stood at ``mark``."""
    for t in range(ws[TRAIL] - 1, mark - 1, -1):
        j = ws[ws[TV] + t]
        _enter(ws, j, bit_count(dom[j]), -1)
        dom[j] = ws[ws[TO] + t]
        _enter(ws, j, bit_count(dom[j]), 1)
    ws[TRAIL] = mark


@njit(cache=True)
def _clear(ws):
    """Empty the worklists (after a contradiction)."""
    ws[CELLS] = 0
    for q in range(ws[REGIONS]):
        ws[ws[RM] + ws[ws[RQ] + q]] = 0
    ws[REGIONS] = 0
    for q in range(ws[LINES]):
        ws[ws[LM] + ws[ws[LQ] + q]] = 0
    ws[LINES] = 0


@njit(cache=True)
def _dirty_all(dom, ws, geo):
    """Queue everything, as for a first sweep of every rung."""
    for i in range(dom.shape[0]):
        if _single(dom[i]):
            ws[ws[CQ] + ws[CELLS]] = i
            ws[CELLS] += 1
    for k in range(geo[NREG]):
        _mark(ws, ws[RQ], ws[RM], REGIONS, k, -1)
    for t in range(geo[ROWS] + geo[COLS]):
        _mark_line(t, -1, ws, geo)


@njit(cache=True)
def _settled(dom, i, flags, ws, geo):
    """region and ripple for the settled cell i: its value leaves its region's other
    cells and every cell within v steps along its row and column."""
    d = dom[i]
    if flags & REG:
        mptr, mcells = geo[OMPTR], geo[OMCELLS]
        k = geo[geo[OREG] + i]
        for a in range(geo[mptr + k], geo[mptr + k + 1]):
            j = geo[mcells + a]
            if j != i and not _narrow(dom, j, ~d, ws, geo):
                return False
    if flags & RIP:
        rows, cols = geo[ROWS], geo[COLS]
        v = bit_value(d)
        r = i // cols
        c = i % cols
        for step in range(1, v + 1):
            if c - step >= 0 and not _narrow(dom, i - step, ~d, ws, geo):
                return False
            if c + step < cols and not _narrow(dom, i + step, ~d, ws, geo):
                return False
            if r - step >= 0 and not _narrow(dom, i - step * cols, ~d, ws, geo):
                return False
            if r + step < rows and not _narrow(dom, i + step * cols, ~d, ws, geo):
                return False
    return True


@njit(cache=True)
def _hidden(dom, k, dirty, ws, geo):
    """hidden on region k for the values in ``dirty``: a value with one home goes there."""
    lo = geo[geo[OMPTR] + k]
    hi = geo[geo[OMPTR] + k + 1]
    mcells = geo[OMCELLS]
    for v in range(1, hi - lo + 1):
        bit = 1 << v
        if dirty & bit == 0:
            continue
        homes = 0
        home = -1
        for a in range(lo, hi):
            if dom[geo[mcells + a]] & bit:
                homes += 1
                home = geo[mcells + a]
        if homes == 0:
            return False
        if homes == 1 and not _narrow(dom, home, bit, ws, geo):
            return False
    return True


@njit(cache=True)
def _line_cell(t, p, rows, cols):
    return t * cols + p if t < rows else p * cols + (t - rows)


@njit(cache=True)
def _lines(dom, t, dirty, ws, geo):
    """lines on line t for the values in ``dirty`` (see rungs.Lines: greedy packings from
    either side; a cell in no packing of ``need`` copies loses v)."""
    rows, cols = geo[ROWS], geo[COLS]
    base = geo[geo[ONPTR] + t]
    spots, left, right = ws[SPOTS], ws[LEFT], ws[RIGHT]
    n = cols if t < rows else rows
    for v in range(1, geo[geo[ONPTR] + t + 1] - base):
        bit = 1 << v
        if dirty & bit == 0:
            continue
        want = geo[geo[ONEED] + base + v]
        m = 0
        for p in range(n):
            if dom[_line_cell(t, p, rows, cols)] & bit:
                ws[spots + m] = p
                m += 1
        ws[left] = 0
        last = -10**9
        for k in range(m):
            if ws[spots + k] - last > v:
                last = ws[spots + k]
                ws[left + k + 1] = ws[left + k] + 1
            else:
                ws[left + k + 1] = ws[left + k]
        if ws[left + m] < want:
            return False
        ws[right + m] = 0
        last = 10**9
        for k in range(m - 1, -1, -1):
            if last - ws[spots + k] > v:
                last = ws[spots + k]
                ws[right + k] = ws[right + k + 1] + 1
            else:
                ws[right + k] = ws[right + k + 1]
        lo = 0
        hi = 0
        for k in range(m):
            p = ws[spots + k]
            while lo < m and ws[spots + lo] < p - v:
                lo += 1
            if hi < k:
                hi = k
            while hi < m and ws[spots + hi] <= p + v:
                hi += 1
            if 1 + ws[left + lo] + ws[right + hi] < want:
                if not _narrow(dom, _line_cell(t, p, rows, cols), ~bit, ws, geo):
                    return False
    return True


@njit(cache=True)
def _base(dom, flags, tabs, st):
    """The base rungs to a fixpoint over what is queued, cheapest first; on a
    contradiction the worklists are emptied."""
    geo, ws = tabs[0], st[0]
    ok = True
    while ok:
        if ws[CELLS] > 0:
            ws[CELLS] -= 1
            ok = _settled(dom, ws[ws[CQ] + ws[CELLS]], flags, ws, geo)
        elif ws[REGIONS] > 0:
            ws[REGIONS] -= 1
            k = ws[ws[RQ] + ws[REGIONS]]
            dirty = ws[ws[RM] + k]
            ws[ws[RM] + k] = 0
            ok = flags & HID == 0 or _hidden(dom, k, dirty, ws, geo)
        elif ws[LINES] > 0:
            ws[LINES] -= 1
            t = ws[ws[LQ] + ws[LINES]]
            dirty = ws[ws[LM] + t]
            ws[ws[LM] + t] = 0
            ok = flags & LIN == 0 or _lines(dom, t, dirty, ws, geo)
        else:
            return True
    _clear(ws)
    return False


@njit(cache=True)
def _narrow_to(dom, i, new, tabs, st):
    _narrow(dom, i, new, st[0], tabs[0])


@njit(cache=True)
def _undo_to(dom, mark, tabs, st):
    _undo(dom, st[0], mark)


@njit(cache=True)
def _schedule(dom, tabs, st):
    _dirty_all(dom, st[0], tabs[0])


@njit(cache=True)
def _is_answer(dom, tabs, st):
    """Every region holds 1..s once and no two equal values k stand k or fewer apart."""
    geo = tabs[0]
    rows, cols, mptr, mcells = geo[ROWS], geo[COLS], geo[OMPTR], geo[OMCELLS]
    for i in range(dom.shape[0]):
        if not _single(dom[i]):
            return False
    for k in range(geo[NREG]):
        seen = 0
        size = geo[mptr + k + 1] - geo[mptr + k]
        for a in range(geo[mptr + k], geo[mptr + k + 1]):
            d = dom[geo[mcells + a]]
            if d & seen or bit_value(d) > size:
                return False
            seen |= d
    for i in range(dom.shape[0]):
        v = bit_value(dom[i])
        r = i // cols
        c = i % cols
        for step in range(1, v + 1):
            if c + step < cols and dom[i + step] == dom[i]:
                return False
            if r + step < rows and dom[i + step * cols] == dom[i]:
                return False
    return True


@njit(cache=True)
def _choose(dom, order, tabs, st):
    """The open cell with the fewest values, first in reading order (as engine.search);
    -1 when every cell is settled."""
    ws = st[0]
    words = ws[WORDS]
    for size in range(ws.shape[0] - ws[BC]):
        if ws[ws[BC] + size] == 0:
            continue
        for w in range(words):
            x = ws[ws[BM] + size * words + w]
            if x:
                b = 0
                while (x >> b) & 1 == 0:
                    b += 1
                return w * 64 + b
    return -1


@njit(cache=True)
def _pick(var, rem, order, tabs):
    """The lowest value, or in random order (order 1) a random one (for random solutions)."""
    if order == 0:
        return rem & -rem
    return random_bit(rem)


@njit(cache=True)
def _search(dom, flags, root_flags, limit, node_cap, order, seed, tabs, answers, trials):
    """Count answers from ``dom`` (worked on in place; core/jit.py's search), values in
    random order when ``order`` is 1."""
    return search(_base, _narrow_to, _undo_to, no_ready, _schedule, _choose, _pick, _is_answer,
                  dom, flags, root_flags, PRB, limit, node_cap, order, seed, tabs,
                  (_workspace(dom, tabs[0]),), answers, trials)


@njit(cache=True)
def _finish(dom, flags, tabs, solve, trials):
    """The fixpoint of ``dom`` in place (core/jit.py's finish: DONE, BROKE or CAPPED)."""
    return finish(_base, _narrow_to, _undo_to, no_ready, _schedule, _is_answer, dom, flags, PRB, solve, tabs,
                  (_workspace(dom, tabs[0]),), trials)


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
