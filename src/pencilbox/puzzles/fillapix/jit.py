"""The Fill-a-Pix ladder compiled with numba: ``count``, ``pair`` and ``probe`` as in
rungs.py, on int64 arrays, behind the hooks of core/jit.py (the probe fixpoint and the
counting search are written there, once for every puzzle); the search can try the value
that differs from a known answer first (the generator's uniqueness checks then find a
second answer at once when there is one). Rung results: 1 changed, 0 unchanged, -1
contradiction.

The state is 3n long (cells, then each block's painted and open counts) and the rungs
run from a worklist seeded by the cell that settled. The skeleton sees the cells (a view
of the state's first n entries: its probe and branching scan cells only); the hooks read
the whole state from ``st = (top, work, state, root)``: ``top`` is a one-entry view of the
trail top in ``work``, ``root`` the cell the first ``schedule`` settles (-1: every clue).
The tables ``tabs`` are (clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, avoid).
The rungs and the trail allocate nothing, so they run without numba's reference counting
(``_nrt=False``): the generator's erasure loop runs faster (bench/generators.py), and its
boards stay the same (tests/puzzles/fillapix/test_certify.py holds them to recorded digests).

numba compiles a jitted callee once for each literal constant passed to it, so constant
arguments are passed as ``np.int64(...)``: one compiled ``_set``, ``_seed`` or ``_fixpoint``
instead of up to six, a first run's compile shorter (tests/puzzles/fillapix/test_jit.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pencilbox.core.jit import DONE, finish, first_open, fixpoint, no_ready, search
from pencilbox.puzzles.fillapix.jit_tables import _blocks, _incidence, _pairs  # noqa: F401 (EXPORTS)
from pencilbox.puzzles.fillapix.kernel import CNT, PAIR, PRB, SIDES

POP9 = np.array([bin(m).count("1") for m in range(512)], dtype=np.int64)  # cells in a 3x3 frame mask

# The entry points of solve, count, grade and hint: pencilbox warm builds these ahead of time
# (compiled/aot.py), and so is the generator's erasure loop (jit_generate.py); its rival search stays jitted.
EXPORTS = ('_search', '_finish', '_blocks', '_pairs', '_incidence')  # the tables' from jit_tables.py


@njit(cache=True)
def _new_work(n):
    return np.zeros(7 * n + 6, dtype=np.int64)


@njit(cache=True, _nrt=False)
def _forget(work, n):
    """Restart the undo trail where nothing before will be undone (it holds n cells)."""
    work[7 * n + 5] = 0


@njit(cache=True, _nrt=False)
def _undo(dom, block, work, mark, n):
    """Reopen every cell settled since the undo trail stood at ``mark``, newest first,
    with the counts of the blocks that hold it."""
    u = 6 * n + 5
    for k in range(work[u + n] - 1, mark - 1, -1):
        c = work[u + k]
        paint = dom[c] == 2
        for q in range(9):
            j = block[c, q]
            if j < 0:
                break
            dom[2 * n + j] += 1
            dom[n + j] -= paint
        dom[c] = 3
    work[u + n] = mark


@njit(cache=True, _nrt=False)
def _queue(work, base, j, n):
    """Push j on the stack at ``base`` (flags at base + n, top at 4n or 4n+1) once."""
    if work[base + n + j] == 0:
        work[base + n + j] = 1
        slot = 4 * n + base // (2 * n)
        work[base + work[slot]] = j
        work[slot] += 1


@njit(cache=True, _nrt=False)
def _pop(work, base, n):
    """Pop the stack at ``base``; -1 when empty."""
    slot = 4 * n + base // (2 * n)
    if work[slot] == 0:
        return -1
    work[slot] -= 1
    j = work[base + work[slot]]
    work[base + n + j] = 0
    return j


@njit(cache=True, _nrt=False)
def _requeue(c, clue, block, work, n):
    """Queue every clue whose block holds cell c, to count and to read its pairs."""
    for k in range(9):
        j = block[c, k]
        if j < 0:
            break
        if clue[j] >= 0:
            _queue(work, 0, j, n)
            _queue(work, 2 * n, j, n)


@njit(cache=True, _nrt=False)
def _init_counts(dom, block, n):
    """The per-block painted and open counts of a state whose first n entries are set."""
    for j in range(n):
        painted = 0
        nopen = 0
        for k in range(block[j, 18]):
            x = dom[block[j, k]]
            painted += x == 2
            nopen += x == 3
        dom[n + j] = painted
        dom[2 * n + j] = nopen


@njit(cache=True)
def _extend(cells, block):
    """A 3n state from n cell domains."""
    n = cells.shape[0]
    dom = np.empty(3 * n, dtype=np.int64)
    dom[:n] = cells
    _init_counts(dom, block, n)
    return dom


@njit(cache=True, _nrt=False)
def _push_cell(c, dom, clue, block, work, n):
    """Cell c has just settled: count it in the blocks that hold it, queue their clues to
    count and to read their pairs (and, with the trail on, record that c was settled by
    the rule now running)."""
    paint = dom[c] == 2
    for k in range(9):
        j = block[c, k]  # blocks are symmetric: the blocks that hold c
        if j < 0:
            break
        dom[2 * n + j] -= 1
        dom[n + j] += paint
    u = 6 * n + 5
    work[u + work[u + n]] = c
    work[u + n] += 1
    b = 4 * n + 2
    if work[b + 2 * n + 2]:
        top = work[b + 2 * n]
        work[b + top] = c
        work[b + n + top] = work[b + 2 * n + 1]
        work[b + 2 * n] = top + 1
    _requeue(c, clue, block, work, n)


@njit(cache=True, _nrt=False)
def _seed(dom, seed, clue, block, work, n):
    """Queue what a fixpoint must read: ``seed`` -1 every clue, a cell the clues round it
    (the cell has just settled), -2 nothing more (already queued)."""
    if seed == -1:
        for i in range(n):
            if clue[i] >= 0:
                _queue(work, 0, i, n)
                _queue(work, 2 * n, i, n)
    elif seed >= 0:
        _push_cell(seed, dom, clue, block, work, n)


@njit(cache=True, _nrt=False)
def _count_one(dom, i, clue, block, work, n):
    v = clue[i]
    painted = dom[n + i]
    nopen = dom[2 * n + i]
    if v < painted or v > painted + nopen:
        return -1
    if nopen and (v == painted or v == painted + nopen):
        keep = 1 if v == painted else 2
        for k in range(9):
            j = block[i, k]
            if j < 0:
                break
            if dom[j] == 3:
                dom[j] = keep
                _push_cell(j, dom, clue, block, work, n)
        return 1
    return 0


@njit(cache=True, _nrt=False)
def _part_cell(t, part, q, block, pa, pb, kind, rel):
    """Cell q of part ``part`` (0 shared, 1 a's own, 2 b's own) of pair t, or -1 where
    the border cuts it: parts are frame places by the pair's offset (see _pairs)."""
    end = pb[t] if part == 2 else pa[t]
    return block[end, 9 + rel[part, kind[t], q]]


@njit(cache=True, _nrt=False)
def _set(dom, part, t, keep, clue, block, pa, pb, kind, rel, nrel, work, n):
    """Settle the open cells of one part to ``keep`` (with lo <= hi no two moves of one
    pair can clash, so this never wipes a domain out)."""
    changed = 0
    for q in range(nrel[part, kind[t]]):
        j = _part_cell(t, part, q, block, pa, pb, kind, rel)
        if j >= 0 and dom[j] == 3:
            dom[j] = keep
            _push_cell(j, dom, clue, block, work, n)
            changed = 1
    return changed


@njit(cache=True, _nrt=False)
def _pair_one(dom, t, so, flags, clue, block, pa, pb, kind, rel, nrel, work, n):
    """The pair rung on pair t, given ``so``, the open cells its two blocks share (the
    paint each clue still needs and the open cells of each block come from the counts
    the state carries). 1 changed, 0 unchanged, -1 contradiction."""
    a = pa[t]
    b = pb[t]
    if clue[a] < 0 or clue[b] < 0:
        return 0  # the tables list every overlapping pair; only clued pairs count
    if so == 0 and flags & CNT:
        return 0  # nothing shared is open: the pair says what count says of each clue
    need_a = clue[a] - dom[n + a]
    need_b = clue[b] - dom[n + b]
    ao = dom[2 * n + a] - so
    bo = dom[2 * n + b] - so
    lo = max(need_a - ao, need_b - bo, 0)
    hi = min(need_a, need_b, so)
    if lo > hi:
        return -1
    shared, own_a, own_b = np.int64(0), np.int64(1), np.int64(2)  # typed ints, not literals: see the
    blank, paint = np.int64(1), np.int64(2)  # module's note (one compiled _set, not six)
    changed = 0
    if so and lo == so:
        changed |= _set(dom, shared, t, paint, clue, block, pa, pb, kind, rel, nrel, work, n)
    if so and hi == 0:
        changed |= _set(dom, shared, t, blank, clue, block, pa, pb, kind, rel, nrel, work, n)
    if flags & SIDES == 0:
        return changed  # the bounds act on the shared part only (rungs.Pair)
    if ao and need_a - hi >= ao:
        changed |= _set(dom, own_a, t, paint, clue, block, pa, pb, kind, rel, nrel, work, n)
    if ao and need_a - lo <= 0:
        changed |= _set(dom, own_a, t, blank, clue, block, pa, pb, kind, rel, nrel, work, n)
    if bo and need_b - hi >= bo:
        changed |= _set(dom, own_b, t, paint, clue, block, pa, pb, kind, rel, nrel, work, n)
    if bo and need_b - lo <= 0:
        changed |= _set(dom, own_b, t, blank, clue, block, pa, pb, kind, rel, nrel, work, n)
    return changed


@njit(cache=True, _nrt=False)
def _open_frame(dom, block, j):
    """The open cells of block j as bits of its 3x3 frame."""
    bits = 0
    for f in range(9):
        x = block[j, 9 + f]
        if x >= 0 and dom[x] == 3:
            bits |= 1 << f
    return bits


@njit(cache=True, _nrt=False)
def _quiet_pairs(dom, j, open_, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, n):
    """The pairs of clue j when count is at its fixpoint (0 < need < open for every clue
    with open cells). Then lo < so and hi > 0, so a pair can only find a contradiction,
    and only when its shared open cells so > (blanks a may take) + (paint b needs) or the
    same with a and b swapped; both terms are at least 1, so so > least + 1, and the
    pairs are listed by shared size, largest first: the loop stops at the first whose
    shared part cannot be that large (a clue whose block is settled has no pair to read).
    With ``sides`` on a pair also settles a private part when so >= those sums (so the
    margin is one less). After a pair that settles cells count runs first again (j is
    queued). rungs.pair reads every pair; the tests compare."""
    need_j = clue[j] - dom[n + j]
    blank_j = dom[2 * n + j] - need_j
    strong = flags & SIDES != 0
    least = min(need_j, blank_j) + (0 if strong else 1)
    for q in range(iptr[j], iptr[j + 1]):
        t = inc[q]
        if pmask[t, 2] <= least:
            break
        side = 0 if pa[t] == j else 1
        o = pb[t] if side == 0 else pa[t]
        if clue[o] < 0:
            continue
        so = POP9[open_ & pmask[t, side]]
        if so <= least:
            continue
        need_o = clue[o] - dom[n + o]
        blank_o = dom[2 * n + o] - need_o
        if strong and so < blank_j + need_o and so < blank_o + need_j:
            continue
        if not strong and so <= blank_j + need_o and so <= blank_o + need_j:
            continue
        work[6 * n + 3] = n + t
        done = _pair_one(dom, t, so, flags, clue, block, pa, pb, kind, rel, nrel, work, n)
        if done != 0:
            _queue(work, 2 * n, j, n)
            return done
    return 0


@njit(cache=True, _nrt=False)
def _base(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, seed):
    """count and pair to a fixpoint from the cells that changed (``seed``; -1: all; -2:
    already queued), count first (the cheaper rung), pairs only when no clue is queued,
    read clue by clue (see _quiet_pairs)."""
    n = clue.shape[0]
    _seed(dom, seed, clue, block, work, n)
    ok = True
    while ok:
        i = _pop(work, 0, n)
        if i >= 0:
            work[6 * n + 3] = i
            if flags & CNT and _count_one(dom, i, clue, block, work, n) < 0:
                ok = False
            continue
        j = _pop(work, 2 * n, n)
        if j < 0:
            break
        if flags & PAIR == 0:
            continue
        open_ = _open_frame(dom, block, j)  # the shared part of a pair is inside j's frame
        if flags & CNT:  # pairs read only where count has nothing left to say
            if open_ and _quiet_pairs(dom, j, open_, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc,
                                      pmask, work, n) < 0:
                ok = False
            continue
        for q in range(iptr[j], iptr[j + 1]):  # pair alone (an ablation): every pair of j
            t = inc[q]
            shared = open_ & pmask[t, 0 if pa[t] == j else 1]
            work[6 * n + 3] = n + t
            done = _pair_one(dom, t, POP9[shared], flags, clue, block, pa, pb, kind, rel, nrel, work, n)
            if done < 0:
                ok = False
                break
            if done:
                open_ = _open_frame(dom, block, j)  # it settled cells: the frame changed
    if not ok:  # empty both queues for the next call
        while _pop(work, 0, n) >= 0:
            pass
        while _pop(work, 2 * n, n) >= 0:
            pass
    return ok


@njit(cache=True)
def _state(full, work, root):
    """The hooks' ``st`` for a 3n state ``full`` and its ``work``."""
    n = full.shape[0] // 3
    return work[7 * n + 5:7 * n + 6], work, full, np.full(1, root, dtype=np.int64)


@njit(cache=True)
def _base_hook(dom, flags, tabs, st):
    clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, avoid = tabs
    return _base(st[2], flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, st[1], np.int64(-2))


@njit(cache=True)
def _narrow(dom, i, new, tabs, st):
    full = st[2]
    full[i] = new
    _push_cell(i, full, tabs[0], tabs[1], st[1], tabs[0].shape[0])


@njit(cache=True)
def _undo_to(dom, mark, tabs, st):
    _undo(st[2], tabs[1], st[1], mark, tabs[0].shape[0])


@njit(cache=True)
def _schedule(dom, tabs, st):
    """Queue every clue, or settle the one root cell (the first call, when one is set)."""
    root = st[3][0]
    st[3][0] = -1
    _seed(st[2], root, tabs[0], tabs[1], st[1], tabs[0].shape[0])


@njit(cache=True)
def _pick(var, rem, order, tabs):
    """First the value that is not ``avoid[var]`` (a known answer's), else paint-free first."""
    if rem != 3:
        return rem
    away = tabs[10][var]
    return 3 ^ away if away else 1


@njit(cache=True)
def _is_answer_hook(dom, tabs, st):
    return _is_answer(st[2], tabs[0], tabs[1])


@njit(cache=True, _nrt=False)
def _fixpoint(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, seed):
    """core/jit.py's fixpoint on the 3n state ``dom`` from the cells that changed (``seed``:
    one cell; -1: every clue; -2: already queued), for the generator's loops."""
    n = clue.shape[0]
    _seed(dom, seed, clue, block, work, n)
    tabs = (clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, clue)  # no branching: no avoid
    st = (work[7 * n + 5:7 * n + 6], work, dom, work[7 * n + 5:7 * n + 6])
    return fixpoint(_base_hook, _narrow, _undo_to, no_ready, dom[:n], flags, PRB, tabs, st, -1)[0] == DONE


@njit(cache=True, _nrt=False)
def _is_answer(dom, clue, block):
    """Every cell settled and every clue's block painted as it says (the state's counts)."""
    n = clue.shape[0]
    for i in range(n):
        if dom[i] != 1 and dom[i] != 2:
            return False
    for i in range(n):
        if clue[i] >= 0 and dom[n + i] != clue[i]:
            return False
    return True


@njit(cache=True, _nrt=False)
def _branch(dom, rows, depth, var, first, work, n):
    """Open a branch on ``var`` below ``depth``: ``first`` now, the other value later
    from this node's state (the trail mark); the child settles ``var`` as its seed."""
    rows[1, depth] = var
    rows[2, depth] = 3 ^ first
    rows[3, depth] = work[7 * n + 5]
    rows[4, depth + 1] = var + 1
    dom[var] = first
    rows[0, depth + 1] = var
    return depth + 1


@njit(cache=True, _nrt=False)
def _backtrack(dom, rows, depth, block, work, n):
    """Back to the deepest branch with a value left, set up; -1 when none is left."""
    while depth > 0:
        d = depth - 1
        if rows[2, d]:
            _undo(dom, block, work, rows[3, d], n)
            dom[rows[1, d]] = rows[2, d]
            rows[0, d + 1] = rows[1, d]
            rows[2, d] = 0
            return d + 1
        depth = d
    return -1


@njit(cache=True)
def _rows(n, node_cap):
    """Per depth of a search: seed, branch cell, value left, trail mark, first cell to
    scan; each branch is a node, so the depth stays within min(n, node_cap) + 2."""
    return np.empty((5, (n if node_cap >= n else max(node_cap, 0)) + 2), np.int64)


@njit(cache=True)
def _search(dom0, flags, root_flags, limit, node_cap, order, seed, tabs, answers, trials):
    """Count answers (core/jit.py's search); at each branch try first the value that is not
    ``avoid[var]`` (``order`` and ``seed`` unused: one order)."""
    n = dom0.shape[0]
    full = _extend(dom0, tabs[1])
    st = _state(full, _new_work(n), -1)
    return search(_base_hook, _narrow, _undo_to, no_ready, _schedule, first_open, _pick, _is_answer_hook,
                  full[:n], flags, root_flags, PRB, limit, node_cap, 0, 0, tabs, st, answers, trials)


@njit(cache=True)
def _finish(cells, flags, tabs, solve, trials):
    """The fixpoint of ``cells`` in place (core/jit.py's finish: DONE, BROKE or CAPPED)."""
    n = cells.shape[0]
    full = _extend(cells, tabs[1])
    ok = finish(_base_hook, _narrow, _undo_to, no_ready, _schedule, _is_answer_hook, full[:n], flags, PRB,
                solve, tabs, _state(full, _new_work(n), -1), trials)
    cells[:] = full[:n]
    return ok
