"""The Slant ladder compiled with numba: ``count``, ``cycle``, ``duet`` and ``probe`` as in
rungs.py, on int64 arrays, behind the hooks of core/jit.py (the probe fixpoint and the
counting search are written there, once for every puzzle; a fixpoint with probe at the
root or alone is _probe_fixpoint's, the same fixpoint with fewer trials).

Tables (built once per board): ``around`` cells and the orientation bit that touches the
point, ``ends`` of each diagonal, the numbered points, the duet pairs, each cell's duets
and per duet the masks that make a joint assignment's counts two popcounts.
The hooks allocate nothing and run without numba's reference counting (``_nrt=False``):
with it, the counts kept on every array passed along cost more than the rungs themselves.
One domain array and a trail: a node (or a probe trial) undoes to its mark, so memory is
O(cells) at any depth; count and duet revisit only what a settled cell touched, and cycle
is a union-find (by size, undone from the trail) that visits only the smaller side's
points on each join.
Rung results: 1 changed, 0 unchanged, -1 contradiction.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pencilbox.core.jit import BROKE, CAPPED, DONE, finish, first_open, lowest, no_ready, search
from pencilbox.puzzles.slant.kernel import CNT, CYC, DUET, PRB

# The entry points of solve, count, grade and hint: pencilbox warm builds these ahead of time
# (compiled/aot.py).
EXPORTS = ('_search', '_finish')


@njit(cache=True, _nrt=False, inline="always")
def _find(parent, x):
    while parent[x] != x:
        x = parent[x]
    return x


@njit(cache=True)
def _state(n, points, pairs):
    """The search's state besides ``dom`` (core/jit.py's ``st``): the counters (trail top,
    list lengths), the trail (a cell and its old domain, or a union as ``-1 - root`` and the
    root it joined), the worklists of count (points), duet (pairs) and cycle (settled cells)
    in one array with in-list flags, the union-find over points (parent, size, circular
    member lists), a scratch row for the leaf check and the duet-without-count passes, and
    _probe_fixpoint's skip marks per cell and value (the hooks allocate nothing: they run
    without numba's reference counting)."""
    tr = np.empty((2, 2 * n + 1), dtype=np.int64)
    q = np.zeros((2, points + pairs + n), dtype=np.int64)
    uf = np.empty((3, points), dtype=np.int64)
    for x in range(points):
        uf[0, x] = x
        uf[1, x] = 1
        uf[2, x] = x
    ctr = np.zeros(5, dtype=np.int64)  # the last slot: the epoch of _probe_fixpoint's skip marks
    return ctr, tr, q, uf, np.empty(points + n, dtype=np.int64), np.zeros((3, n), dtype=np.int64)


@njit(cache=True, _nrt=False, inline="always")
def _push(q, ctr, k, item, base):
    """Put ``item`` on worklist ``k`` (1 count, 2 duet, 3 cycle; ids start at ``base``)."""
    if q[1, base + item] == 0:
        q[1, base + item] = 1
        q[0, base + ctr[k]] = item
        ctr[k] += 1


@njit(cache=True, _nrt=False, inline="always")
def _set(dom, i, new, clue, ends, cpstart, cplist, tr, q, ctr):
    """Settle cell ``i`` to ``new``, trail it and schedule what reads it: the clues at its
    corners, the duets round it, its union in cycle."""
    points = clue.shape[0]
    pairs = q.shape[1] - points - dom.shape[0]
    t = ctr[0]
    tr[0, t] = i
    tr[1, t] = dom[i]
    ctr[0] = t + 1
    dom[i] = new
    for bit in (1, 2):
        for e in range(2):
            p = ends[i, bit, e]
            if clue[p] >= 0:
                _push(q, ctr, 1, p, 0)
    for k in range(cpstart[i], cpstart[i + 1]):
        _push(q, ctr, 2, cplist[k], points)
    _push(q, ctr, 3, i, points + pairs)


@njit(cache=True, _nrt=False)
def _calm(q, ctr, points, pairs):
    """Empty every worklist (after a contradiction or an undo)."""
    base = 0
    for k in range(1, 4):
        for t in range(ctr[k]):
            q[1, base + q[0, base + t]] = 0
        ctr[k] = 0
        base = points if k == 1 else points + pairs


@njit(cache=True, _nrt=False)
def _undo(dom, tr, q, uf, ctr, mark, points, pairs):
    """Restore every domain and union trailed since ``mark`` (a fixpoint: nothing to do)."""
    for t in range(ctr[0] - 1, mark - 1, -1):
        i = tr[0, t]
        if i >= 0:
            dom[i] = tr[1, t]
        else:
            ra = -1 - i
            rb = tr[1, t]
            uf[0, ra] = ra
            uf[1, rb] -= uf[1, ra]
            uf[2, ra], uf[2, rb] = uf[2, rb], uf[2, ra]
    ctr[0] = mark
    _calm(q, ctr, points, pairs)


@njit(cache=True, _nrt=False)
def _schedule(dom, tabs, st):
    """Schedule every clue, duet and settled cell (a fixpoint from scratch)."""
    clue, clued, dp = tabs[0], tabs[1], tabs[5]
    ctr, q = st[0], st[2]
    points, pairs = clue.shape[0], dp.shape[0]
    for t in range(clued.shape[0]):
        _push(q, ctr, 1, clued[t], 0)
    for t in range(pairs):
        _push(q, ctr, 2, t, points)
    for i in range(dom.shape[0]):
        if dom[i] != 3:
            _push(q, ctr, 3, i, points + pairs)


@njit(cache=True, _nrt=False, inline="always")
def _count(dom, p, clue, acell, abit, ends, cpstart, cplist, tr, q, ctr):
    """count on one clue: met -> the rest turn away; short by the open cells -> they turn to it."""
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
        return False
    if nopen and (v == touching or v == touching + nopen):
        for k in range(4):
            i = acell[p, k]
            if i < 0:
                break
            if dom[i] == 3:
                new = 3 ^ abit[p, k] if v == touching else abit[p, k]
                _set(dom, i, new, clue, ends, cpstart, cplist, tr, q, ctr)
    return True


@njit(cache=True, _nrt=False, inline="always")
def _join(dom, i, clue, acell, abit, ends, cpstart, cplist, tr, q, uf, ctr):
    """cycle for one settled cell: join its diagonal's ends (already joined: a loop), then
    turn every open cell whose other diagonal now closes a loop; only the smaller side's
    points are visited (a diagonal newly closed has an end there)."""
    d = dom[i]
    ra = _find(uf[0], ends[i, d, 0])
    rb = _find(uf[0], ends[i, d, 1])
    if ra == rb:
        return False
    if uf[1, ra] > uf[1, rb]:
        ra, rb = rb, ra
    uf[0, ra] = rb
    uf[1, rb] += uf[1, ra]
    t = ctr[0]
    tr[0, t] = -1 - ra
    tr[1, t] = rb
    ctr[0] = t + 1
    x = ra
    while True:
        for k in range(4):
            c = acell[x, k]
            if c < 0:
                break
            if dom[c] != 3:
                continue
            bit = abit[x, k]
            y = ends[c, bit, 0] if ends[c, bit, 1] == x else ends[c, bit, 1]
            if _find(uf[0], y) == rb:
                _set(dom, c, 3 ^ bit, clue, ends, cpstart, cplist, tr, q, ctr)
        x = uf[2, x]
        if x == ra:
            break
    uf[2, ra], uf[2, rb] = uf[2, rb], uf[2, ra]
    return True


@njit(cache=True, _nrt=False, inline="always")
def _pop6(x):
    """Bits set in a 6-bit mask."""
    x = (x & 0x15) + ((x >> 1) & 0x15)
    x = (x & 0x33) + ((x >> 2) & 0x33)
    return (x & 0x0F) + (x >> 4)


@njit(cache=True, _nrt=False, inline="always")
def _duet(dom, t, clue, dp, dq, dcells, dmask, ends, cpstart, cplist, tr, q, ctr):
    """duet on one pair: keep what every joint assignment of its open cells that meets
    both clues agrees on. An assignment is a mask over the pair's (at most 6) cells, a bit
    set where the cell takes ``\\``; ``dmask`` holds per clue the cells that reach it as
    ``\\`` and as ``/``, so a clue's count is two popcounts."""
    p = dp[t]
    pq = dq[t]
    vp = clue[p]
    vq = clue[pq]
    if vp < 0 or vq < 0:
        return True  # a clue the generator erased: the pair reads as nothing
    pb, pf, qb, qf = dmask[t, 0], dmask[t, 1], dmask[t, 2], dmask[t, 3]
    opened = 0
    back = 0
    for k in range(6):
        i = dcells[t, k]
        if i < 0:
            break
        if dom[i] == 3:
            opened |= 1 << k
        elif dom[i] == 2:
            back |= 1 << k
    if opened == 0:
        return True
    fwd = ~(back | opened) & 63
    needp = vp - _pop6(back & pb) - _pop6(fwd & pf)
    needq = vq - _pop6(back & qb) - _pop6(fwd & qf)
    seen_b = 0
    seen_f = 0
    combo = 0
    while True:  # every subset of the open cells, as the ones that take BACK
        rest = opened & ~combo
        if _pop6(combo & pb) + _pop6(rest & pf) == needp and _pop6(combo & qb) + _pop6(rest & qf) == needq:
            seen_b |= combo
            seen_f |= rest
        combo = (combo - opened) & opened
        if combo == 0:
            break
    if seen_b | seen_f == 0:
        return False
    for k in range(6):
        if opened >> k & 1:
            new = (seen_f >> k & 1) | ((seen_b >> k & 1) << 1)
            if new != 3:
                _set(dom, dcells[t, k], new, clue, ends, cpstart, cplist, tr, q, ctr)
    return True


@njit(cache=True, _nrt=False)
def _passes(dom, flags, clue, clued, acell, abit, ends, dp, dq, dcells, dmask, cpstart, cplist, tr, q, ctr,
            seen):
    """Whole passes in the reference's order (count, cycle, duet; back to count after any
    progress), for duet without count: duet skips a pair with no open cell, so its verdict
    depends on the order cells settle in, and only the same order gives the same fixpoint."""
    points = clue.shape[0]
    seen[:] = 0
    for x in range(points):
        seen[x] = x
    r = 0
    while r < 3:
        start = ctr[0]
        if r == 0 and flags & CNT:
            for t in range(clued.shape[0]):
                if not _count(dom, clued[t], clue, acell, abit, ends, cpstart, cplist, tr, q, ctr):
                    return False
        elif r == 1 and flags & CYC:
            if not _cycle_pass(dom, clue, ends, cpstart, cplist, tr, q, ctr, seen):
                return False
        elif r == 2:
            for t in range(dp.shape[0]):
                if not _duet(dom, t, clue, dp, dq, dcells, dmask, ends, cpstart, cplist, tr, q, ctr):
                    return False
        r = 0 if ctr[0] > start else r + 1
    return True


@njit(cache=True, _nrt=False)
def _cycle_pass(dom, clue, ends, cpstart, cplist, tr, q, ctr, parent):
    """One pass of cycle as the reference runs it: join the settled cells not joined yet
    (``parent[points:]`` flags them), then turn each open cell, in order, whose diagonal
    closes a loop."""
    n = dom.shape[0]
    base = parent.shape[0] - n
    for i in range(n):
        d = dom[i]
        if d != 3 and parent[base + i] == 0:
            parent[base + i] = 1
            ra = _find(parent, ends[i, d, 0])
            rb = _find(parent, ends[i, d, 1])
            if ra == rb:
                return False
            parent[ra] = rb
    for i in range(n):
        if dom[i] != 3:
            continue
        for bit in (1, 2):
            if _find(parent, ends[i, bit, 0]) == _find(parent, ends[i, bit, 1]):
                _set(dom, i, 3 ^ bit, clue, ends, cpstart, cplist, tr, q, ctr)
                parent[base + i] = 1
                ra = _find(parent, ends[i, 3 ^ bit, 0])
                rb = _find(parent, ends[i, 3 ^ bit, 1])
                if ra == rb:
                    return False
                parent[ra] = rb
                break
    return True


@njit(cache=True, _nrt=False)
def _base(dom, flags, tabs, st):
    """Run the scheduled rungs below probe to their fixpoint, cheapest first (the fixpoint
    of these monotone rungs is unique, so visiting only what changed reaches the same
    one); False on contradiction (the worklists are then emptied)."""
    clue, clued, acell, abit, ends, dp, dq, dcells, cpstart, cplist, dmask = tabs
    ctr, tr, q, uf = st[0], st[1], st[2], st[3]
    points = clue.shape[0]
    pairs = dp.shape[0]
    if flags & DUET and not flags & CNT:
        ok = _passes(dom, flags, clue, clued, acell, abit, ends, dp, dq, dcells, dmask, cpstart, cplist,
                     tr, q, ctr, st[4])
        _calm(q, ctr, points, pairs)
        return ok
    ok = True
    while ok:
        if ctr[1] > 0:
            ctr[1] -= 1
            p = q[0, ctr[1]]
            q[1, p] = 0
            if flags & CNT:
                ok = _count(dom, p, clue, acell, abit, ends, cpstart, cplist, tr, q, ctr)
        elif ctr[3] > 0:
            ctr[3] -= 1
            i = q[0, points + pairs + ctr[3]]
            q[1, points + pairs + i] = 0
            if flags & CYC:
                ok = _join(dom, i, clue, acell, abit, ends, cpstart, cplist, tr, q, uf, ctr)
        elif ctr[2] > 0:
            ctr[2] -= 1
            t = q[0, points + ctr[2]]
            q[1, points + t] = 0
            if flags & DUET:
                ok = _duet(dom, t, clue, dp, dq, dcells, dmask, ends, cpstart, cplist, tr, q, ctr)
        else:
            return True
    _calm(q, ctr, points, pairs)
    return False


@njit(cache=True, _nrt=False)
def _is_answer(dom, tabs, st):
    """A settled state obeys every clue and has no loop (the leaf check)."""
    clue, acell, abit, ends = tabs[0], tabs[2], tabs[3], tabs[4]
    parent = st[4]
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


@njit(cache=True, _nrt=False)
def _narrow(dom, i, new, tabs, st):
    clue, ends, cpstart, cplist = tabs[0], tabs[4], tabs[8], tabs[9]
    _set(dom, i, new, clue, ends, cpstart, cplist, st[1], st[2], st[0])


@njit(cache=True, _nrt=False)
def _undo_to(dom, mark, tabs, st):
    _undo(dom, st[1], st[2], st[3], st[0], mark, tabs[0].shape[0], tabs[5].shape[0])


@njit(cache=True, _nrt=False)
def _probe_fixpoint(dom, flags, tabs, st, left):
    """The scheduled work to the fixpoint of the rungs and probe, as core/jit.py's fixpoint
    reaches it (the same drops, round from the last one), but not trying a value that an
    earlier trial since the last drop settled without a contradiction: that trial's fixpoint
    lies inside this one's, so it cannot contradict either. Needs count on (without it duet's
    verdicts hang on the order cells settle in). At most ``left`` trials (negative: no cap):
    BROKE, CAPPED or DONE as core/jit.py's fixpoint."""
    n = dom.shape[0]
    ctr, tr, skip = st[0], st[1], st[5]
    cursor = 0
    while True:
        if not _base(dom, flags, tabs, st):
            return BROKE
        ctr[4] += 1
        epoch = ctr[4]
        var = -1
        for step in range(n):
            c = (cursor + step) % n
            if dom[c] != 3:
                continue
            for bit in (1, 2):
                if skip[bit, c] == epoch:
                    continue
                if left == 0:
                    return CAPPED
                left -= 1
                mark = ctr[0]
                _narrow(dom, c, bit, tabs, st)
                ok = _base(dom, flags, tabs, st)
                if ok:
                    for t in range(mark, ctr[0]):
                        x = tr[0, t]
                        if x >= 0:
                            skip[dom[x], x] = epoch
                _undo_to(dom, mark, tabs, st)
                if not ok:
                    _narrow(dom, c, 3 ^ bit, tabs, st)
                    var = c
                    break
            if var >= 0:
                break
        if var < 0:
            return DONE
        cursor = var


@njit(cache=True)
def _search(dom0, flags, root_flags, limit, node_cap, order, seed, tabs, answers, trials):
    """Count answers (core/jit.py's search on a copy of ``dom0``); a root fixpoint with probe
    (and count) where the nodes below run no probe is _probe_fixpoint's, the same fixpoint for
    fewer trials (the search then starts from it with the root's probe off; with probe at
    every node it would schedule the root's cells again and join them twice)."""
    dom = dom0.copy()
    st = _state(dom.shape[0], tabs[0].shape[0], tabs[5].shape[0])
    if root_flags & PRB and root_flags & CNT and not flags & PRB:
        _schedule(dom, tabs, st)
        got = _probe_fixpoint(dom, root_flags, tabs, st, trials)
        if got != DONE:
            return 0, False, got == CAPPED, 0  # as the search ends at its root (a contradiction, the trials)
        fixed = dom.copy()
        _undo_to(dom, 0, tabs, st)  # the unions go too: the search joins every settled cell afresh
        dom[:] = fixed
        root_flags &= ~PRB  # the root's probe is done: its fixpoint there is the rungs' pass alone
    return search(_base, _narrow, _undo_to, no_ready, _schedule, first_open, lowest, _is_answer,
                       dom, flags, root_flags, PRB, limit, node_cap, order, seed, tabs, st, answers, trials)


@njit(cache=True)
def _finish(dom, flags, tabs, solve, trials):
    """Fixpoint in place (core/jit.py's finish: DONE, BROKE or CAPPED); with probe (and
    count) on, _probe_fixpoint's."""
    st = _state(dom.shape[0], tabs[0].shape[0], tabs[5].shape[0])
    if flags & PRB and flags & CNT:
        _schedule(dom, tabs, st)
        got = _probe_fixpoint(dom, flags, tabs, st, trials)
        if got != DONE:
            return got
        return DONE if not solve or _is_answer(dom, tabs, st) else BROKE
    return finish(_base, _narrow, _undo_to, no_ready, _schedule, _is_answer, dom, flags, PRB, solve,
                       tabs, st, trials)
