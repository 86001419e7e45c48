"""The Sukoro ladder compiled with numba: the same ``deg``, ``neq``, ``conn`` and ``probe``
as rungs.py, on int64 arrays, behind the hooks of core/jit.py (the probe fixpoint and the
counting search are written there, once for every puzzle).

One domain array and a trail of (cell, old domain): a node undoes to its mark on
backtrack, probe trials likewise, so memory stays O(cells) at any depth; deg and neq
revisit only the cells a change touched (worklists), conn reruns only when a cell's
could-be-numbered or must-be-numbered status moved.

rungs.py stays the readable reference (it records reasons for hints); tests hold this
kernel to it (same fixpoints, same counts, same node counts). Rung results: 1 changed,
0 unchanged, -1 contradiction.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pencilbox.core.jit import bit_value, finish, random_bit, search
from pencilbox.puzzles.sukoro.kernel import (
    CONN,
    CONNECTED,
    DEG,
    DIFFER,
    NEQ,
    ORDER_LOW,
    ORDER_NUMBERED,
    PRB,
)

EMPTY = 1
NUMBERED = 30
# Counters of the search state: trail top, deg and neq list tops, conn due, cells that can
# be / must be numbered, the last cell made must-be-numbered, the trail top and can-count
# at which the can-be-numbered cells were last seen to be one piece, the visit stamp.
C_TOP, C_DEG, C_NEQ, C_DUE, C_CAN, C_SURE, C_SURE_AT, C_LINKED, C_LINKED_CAN, C_STAMP = range(10)
C_SIZE = 10
DIGITS = np.array([[sum(1 << v for v in range(max(s, 1), min(p, 4) + 1)) for p in range(5)]
                   for s in range(5)], dtype=np.int64)
# The entry points of solve, count, grade and hint: pencilbox warm builds these ahead of time
# (compiled/aot.py).
EXPORTS = ('_search', '_finish')


@njit(cache=True)
def _state(n):
    """The search's state besides ``dom`` (core/jit.py's ``st``): counters (see C_*), the
    trail of (cell, old domain), the deg and neq worklists with their in-list flags and a
    visit stamp per cell, and conn's seven scratch rows."""
    tr = np.empty((2, 4 * n + 1), dtype=np.int64)
    q = np.zeros((5, n), dtype=np.int64)
    ctr = np.zeros(C_SIZE, dtype=np.int64)
    ctr[C_LINKED] = -1
    ctr[C_SURE_AT] = -1
    return ctr, tr, q, np.empty((7, n), dtype=np.int64)


@njit(cache=True)
def _push(q, ctr, k, i):
    """Put cell ``i`` on worklist ``k`` (0 deg, 1 neq) unless it is there already."""
    if q[2 * k + 1, i] == 0:
        q[2 * k + 1, i] = 1
        q[2 * k, ctr[1 + k]] = i
        ctr[1 + k] += 1


@njit(cache=True)
def _set(dom, i, new, orth, tr, q, ctr):
    """Narrow cell ``i`` to ``new`` (a proper, non-empty subset), trail the old domain and
    schedule what reads it: deg of it and its neighbours, neq if it became a number, conn
    if its could-be-numbered or must-be-numbered status moved."""
    old = dom[i]
    t = ctr[0]
    tr[0, t] = i
    tr[1, t] = old
    ctr[0] = t + 1
    dom[i] = new
    if old & NUMBERED and new & NUMBERED == 0:
        ctr[C_CAN] -= 1
    if old & EMPTY and new & EMPTY == 0:
        ctr[C_SURE] += 1
        ctr[C_SURE_AT] = i
    _push(q, ctr, 0, i)
    for k in range(4):
        j = orth[i, k]
        if j < 0:
            break
        _push(q, ctr, 0, j)
    if new & (new - 1) == 0 and new != EMPTY:
        _push(q, ctr, 1, i)
    if (old & EMPTY) != (new & EMPTY) or (old & NUMBERED == 0) != (new & NUMBERED == 0):
        ctr[3] = 1


@njit(cache=True)
def _calm(q, ctr):
    """Empty both worklists and clear conn's flag (after a contradiction or an undo)."""
    for k in range(2):
        for t in range(ctr[1 + k]):
            q[2 * k + 1, q[2 * k, t]] = 0
        ctr[1 + k] = 0
    ctr[3] = 0


@njit(cache=True)
def _undo(dom, tr, q, ctr, mark):
    """Restore every domain trailed since ``mark`` (a fixpoint state: nothing left to do)."""
    for t in range(ctr[0] - 1, mark - 1, -1):
        i = tr[0, t]
        old = tr[1, t]
        if old & NUMBERED and dom[i] & NUMBERED == 0:
            ctr[C_CAN] += 1
        if old & EMPTY and dom[i] & EMPTY == 0:
            ctr[C_SURE] -= 1
            if ctr[C_SURE_AT] == i:
                ctr[C_SURE_AT] = -1
        dom[i] = old
    ctr[0] = mark
    if ctr[C_LINKED] > mark:
        ctr[C_LINKED] = -1
    _calm(q, ctr)


@njit(cache=True)
def _schedule(dom, tabs, st):
    """Schedule every rung on every cell (a fixpoint from scratch) and count the cells
    that can be numbered and that must be."""
    ctr, q = st[0], st[2]
    ctr[C_CAN] = 0
    ctr[C_SURE] = 0
    for i in range(dom.shape[0]):
        _push(q, ctr, 0, i)
        d = dom[i]
        if d & NUMBERED:
            ctr[C_CAN] += 1
        if d & EMPTY == 0:
            ctr[C_SURE] += 1
            ctr[C_SURE_AT] = i
        if d & (d - 1) == 0 and d != EMPTY:
            _push(q, ctr, 1, i)
    ctr[3] = 1


@njit(cache=True)
def _deg(dom, i, orth, tr, q, ctr):
    """deg on one cell: s <= v <= p; a settled v == s or v == p decides the undecided
    neighbours. Returns False on a contradiction."""
    s = 0
    p = 0
    for k in range(4):
        j = orth[i, k]
        if j < 0:
            break
        if dom[j] & EMPTY == 0:
            s += 1
        if dom[j] & NUMBERED:
            p += 1
    new = dom[i] & (EMPTY | DIGITS[s, p])
    if new == 0:
        return False
    if new != dom[i]:
        _set(dom, i, new, orth, tr, q, ctr)
    d = dom[i]
    if d & (d - 1) == 0 and d != EMPTY:
        v = bit_value(d)
        if v == s or v == p:
            to = EMPTY if v == s else NUMBERED
            for k in range(4):
                j = orth[i, k]
                if j < 0:
                    break
                if dom[j] & EMPTY and dom[j] & NUMBERED:
                    _set(dom, j, dom[j] & to, orth, tr, q, ctr)
    return True


@njit(cache=True)
def _neq(dom, i, orth, tr, q, ctr):
    """neq from one settled number: its neighbours lose its digit."""
    d = dom[i]
    for k in range(4):
        j = orth[i, k]
        if j < 0:
            break
        new = dom[j] & ~d
        if new == 0:
            return False
        if new != dom[j]:
            _set(dom, j, new, orth, tr, q, ctr)
    return True


@njit(cache=True)
def _conn(dom, orth, work, tr, q, ctr):
    """conn over the whole board (one Tarjan pass); 1 changed, 0 unchanged, -1 contradiction.
    Quiet without the pass when the could-be-numbered cells are known to be one piece and
    the numbers hang together by themselves (no cut can separate them then)."""
    disc, low, held, su, sp, sk, cut = work[0], work[1], work[2], work[3], work[4], work[5], work[6]
    n = dom.shape[0]
    if ctr[C_CAN] == 0:
        return -1
    if ctr[C_SURE] == 0:
        return 0
    if ctr[C_LINKED] >= 0 and ctr[C_LINKED_CAN] == ctr[C_CAN] and _sure_linked(dom, orth, su, q, ctr):
        return 0
    root = 0
    while dom[root] & EMPTY:
        root += 1
    for i in range(n):
        disc[i] = -1
        cut[i] = 0
    disc[root] = 0
    low[root] = 0
    held[root] = 1
    clock = 1
    top = 0
    su[0] = root
    sp[0] = -1
    sk[0] = 0
    while top >= 0:
        u = su[top]
        k = sk[top]
        pushed = False
        while k < 4:
            w = orth[u, k]
            k += 1
            if w < 0:
                k = 4
                break
            if dom[w] & NUMBERED == 0:
                continue
            if disc[w] < 0:
                disc[w] = clock
                low[w] = clock
                held[w] = 1 if dom[w] & EMPTY == 0 else 0
                clock += 1
                sk[top] = k
                top += 1
                su[top] = w
                sp[top] = u
                sk[top] = 0
                pushed = True
                break
            if w != sp[top]:
                low[u] = min(low[u], disc[w])
        if pushed:
            continue
        parent = sp[top]
        top -= 1
        if parent >= 0:
            low[parent] = min(low[parent], low[u])
            held[parent] += held[u]
            if low[u] >= disc[parent] and held[u] > 0 and dom[parent] & EMPTY:
                cut[parent] = 1
    for i in range(n):
        if dom[i] & EMPTY == 0 and disc[i] < 0:
            return -1
    changed = 0
    for i in range(n):
        if dom[i] & NUMBERED and disc[i] < 0:
            _set(dom, i, EMPTY, orth, tr, q, ctr)
            changed = 1
    for i in range(n):
        if cut[i] and dom[i] & EMPTY:
            _set(dom, i, dom[i] & NUMBERED, orth, tr, q, ctr)
            changed = 1
    ctr[C_LINKED] = ctr[0]  # the could-be-numbered cells are now root's piece alone
    ctr[C_LINKED_CAN] = ctr[C_CAN]
    return changed


@njit(cache=True)
def _sure_linked(dom, orth, todo, q, ctr):
    """Whether the must-be-numbered cells are connected among themselves (a walk over
    them alone, from the last one settled; visit stamps avoid clearing)."""
    start = ctr[C_SURE_AT]
    if start < 0 or dom[start] & EMPTY:
        start = 0
        while dom[start] & EMPTY:
            start += 1
        ctr[C_SURE_AT] = start
    return _flood(start, EMPTY, False, dom, orth, todo, q, ctr) == ctr[C_SURE]


@njit(cache=True)
def _flood(start, mask, hit, dom, orth, todo, q, ctr):
    """How many cells a walk from ``start`` reaches over those whose domain meets ``mask``
    (``hit``) or misses it (visit stamps in ``q[4]`` avoid clearing)."""
    ctr[C_STAMP] += 1
    stamp = ctr[C_STAMP]
    q[4, start] = stamp
    todo[0] = start
    top = 1
    seen = 1
    while top:
        top -= 1
        i = todo[top]
        for k in range(4):
            j = orth[i, k]
            if j < 0:
                break
            if (dom[j] & mask != 0) == hit and q[4, j] != stamp:
                q[4, j] = stamp
                todo[top] = j
                top += 1
                seen += 1
    return seen


@njit(cache=True)
def _link(dom, orth, todo, q, ctr):
    """Record whether the could-be-numbered cells form one piece in this state (conn's
    quick path holds for every state narrowed from it with as many such cells)."""
    if ctr[C_LINKED] >= 0 and ctr[C_LINKED_CAN] == ctr[C_CAN]:
        return
    if ctr[C_CAN] == 0:
        return
    start = 0
    while dom[start] & NUMBERED == 0:
        start += 1
    if _flood(start, NUMBERED, True, dom, orth, todo, q, ctr) == ctr[C_CAN]:
        ctr[C_LINKED] = ctr[0]
        ctr[C_LINKED_CAN] = ctr[C_CAN]


@njit(cache=True)
def _base(dom, flags, tabs, st):
    """Run the scheduled rungs below probe to their fixpoint, cheapest first (the fixpoint
    of these monotone rungs is unique, so visiting only what changed reaches the same
    one); False on contradiction (the worklists are then emptied)."""
    orth = tabs[0]
    ctr, tr, q, work = st
    while True:
        if ctr[1] > 0:
            ctr[1] -= 1
            i = q[0, ctr[1]]
            q[1, i] = 0
            if flags & DEG and not _deg(dom, i, orth, tr, q, ctr):
                _calm(q, ctr)
                return False
        elif ctr[2] > 0:
            ctr[2] -= 1
            i = q[2, ctr[2]]
            q[3, i] = 0
            if flags & NEQ and not _neq(dom, i, orth, tr, q, ctr):
                _calm(q, ctr)
                return False
        elif ctr[3]:
            ctr[3] = 0
            if flags & CONN and _conn(dom, orth, work, tr, q, ctr) < 0:
                _calm(q, ctr)
                return False
        else:
            return True


@njit(cache=True)
def _ready(dom, flags, tabs, st):
    """Before a probe scan: note whether conn's quick path holds for the trials."""
    if flags & CONN:
        _link(dom, tabs[0], st[3][3], st[2], st[0])


@njit(cache=True)
def _narrow(dom, i, new, tabs, st):
    _set(dom, i, new, tabs[0], st[1], st[2], st[0])


@njit(cache=True)
def _undo_to(dom, mark, tabs, st):
    _undo(dom, st[1], st[2], st[0], mark)


@njit(cache=True)
def _is_answer(dom, tabs, st):
    """A settled state obeys every rule in force (the leaf check when rungs are off)."""
    orth, rules = tabs
    seen, todo = st[3][0], st[3][1]
    n = dom.shape[0]
    start = -1
    for i in range(n):
        d = dom[i]
        if d == 0 or d & (d - 1):
            return False
        if d == EMPTY:
            continue
        start = i
        v = bit_value(d)
        deg = 0
        for k in range(4):
            j = orth[i, k]
            if j < 0:
                break
            if dom[j] != EMPTY:
                deg += 1
                if dom[j] == d and rules & DIFFER:
                    return False
        if deg != v:
            return False
    if start < 0:
        return False
    if rules & CONNECTED == 0:
        return True
    seen[:] = 0
    seen[start] = 1
    todo[0] = start
    top = 1
    while top:
        top -= 1
        i = todo[top]
        for k in range(4):
            j = orth[i, k]
            if j < 0:
                break
            if dom[j] != EMPTY and not seen[j]:
                seen[j] = 1
                todo[top] = j
                top += 1
    for i in range(n):
        if dom[i] != EMPTY and not seen[i]:
            return False
    return True


@njit(cache=True)
def _pick(var, rem, order, tabs):
    if order == ORDER_LOW:
        return rem & -rem
    if order == ORDER_NUMBERED and rem & NUMBERED:
        rem &= NUMBERED
    return random_bit(rem)


@njit(cache=True)
def _choose(dom, order, tabs, st):
    """The open cell with the fewest values, the first in reading order (ORDER_LOW) or a
    random one of those."""
    best = -1
    bestc = 99
    ties = 0
    for i in range(dom.shape[0]):
        d = dom[i]
        if d & (d - 1) == 0:
            continue
        c = 0
        while d:
            d &= d - 1
            c += 1
        if c < bestc:
            best, bestc, ties = i, c, 1
        elif c == bestc and order != ORDER_LOW:
            ties += 1
            if np.random.randint(ties) == 0:
                best = i
    return best


@njit(cache=True)
def _search(dom0, flags, root_flags, limit, node_cap, order, seed, tabs, answers, trials):
    """Count answers up to ``limit`` with at most ``node_cap`` branch points (core/jit.py's
    search on a copy of ``dom0``); ``tabs`` is the board's orth table and the rules in force."""
    dom = dom0.copy()
    return search(_base, _narrow, _undo_to, _ready, _schedule, _choose, _pick, _is_answer,
                  dom, flags, root_flags, PRB, limit, node_cap, order, seed, tabs, _state(dom.shape[0]),
                  answers, trials)


@njit(cache=True)
def _finish(dom, flags, tabs, solve, trials):
    """The fixpoint of ``dom`` in place (core/jit.py's finish: DONE, BROKE or CAPPED)."""
    return finish(_base, _narrow, _undo_to, _ready, _schedule, _is_answer, dom, flags, PRB, solve,
                  tabs, _state(dom.shape[0]), trials)
