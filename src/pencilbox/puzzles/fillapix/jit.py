"""The Fill-a-Pix ladder compiled with numba: ``count``, ``pair`` and ``probe`` as in
rungs.py, on int64 arrays, plus the counting search (the same skeleton as the other
kernels), which can try the value that differs from a known answer first (the generator's
uniqueness checks then find a second answer at once when there is one).
Rung results: 1 changed, 0 unchanged, -1 contradiction.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pencilbox.puzzles.fillapix.kernel import CNT, PAIR, PRB, SIDES

POP9 = np.array([bin(m).count("1") for m in range(512)], dtype=np.int64)  # cells in a 3x3 frame mask

# The entry points of solve, count, grade and hint: pencilbox warm builds these ahead of time
# (core/aot.py). The generator's (``_minimise``, ``_rival``) stay jitted.
EXPORTS = ('_search', '_finish', '_blocks', '_pairs', '_incidence')


@njit(cache=True)
def _new_work(n):
    return np.zeros(7 * n + 6, dtype=np.int64)


@njit(cache=True)
def _forget(work, n):
    """Restart the undo trail where nothing before will be undone (it holds n cells)."""
    work[7 * n + 5] = 0


@njit(cache=True)
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


@njit(cache=True)
def _queue(work, base, j, n):
    """Push j on the stack at ``base`` (flags at base + n, top at 4n or 4n+1) once."""
    if work[base + n + j] == 0:
        work[base + n + j] = 1
        slot = 4 * n + base // (2 * n)
        work[base + work[slot]] = j
        work[slot] += 1


@njit(cache=True)
def _pop(work, base, n):
    """Pop the stack at ``base``; -1 when empty."""
    slot = 4 * n + base // (2 * n)
    if work[slot] == 0:
        return -1
    work[slot] -= 1
    j = work[base + work[slot]]
    work[base + n + j] = 0
    return j


@njit(cache=True)
def _requeue(c, clue, block, work, n):
    """Queue every clue whose block holds cell c, to count and to read its pairs."""
    for k in range(9):
        j = block[c, k]
        if j < 0:
            break
        if clue[j] >= 0:
            _queue(work, 0, j, n)
            _queue(work, 2 * n, j, n)


@njit(cache=True)
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


@njit(cache=True)
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
    for k in range(9):
        j = block[c, k]
        if j < 0:
            break
        if clue[j] >= 0:
            _queue(work, 0, j, n)
            _queue(work, 2 * n, j, n)


@njit(cache=True)
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


@njit(cache=True)
def _part_cell(t, part, q, block, pa, pb, kind, rel):
    """Cell q of part ``part`` (0 shared, 1 a's own, 2 b's own) of pair t, or -1 where
    the border cuts it: parts are frame places by the pair's offset (see _pairs)."""
    end = pb[t] if part == 2 else pa[t]
    return block[end, 9 + rel[part, kind[t], q]]


@njit(cache=True)
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


@njit(cache=True)
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
    changed = 0
    if so and lo == so:
        changed |= _set(dom, 0, t, 2, clue, block, pa, pb, kind, rel, nrel, work, n)
    if so and hi == 0:
        changed |= _set(dom, 0, t, 1, clue, block, pa, pb, kind, rel, nrel, work, n)
    if flags & SIDES == 0:
        return changed  # the bounds act on the shared part only (rungs.Pair)
    if ao and need_a - hi >= ao:
        changed |= _set(dom, 1, t, 2, clue, block, pa, pb, kind, rel, nrel, work, n)
    if ao and need_a - lo <= 0:
        changed |= _set(dom, 1, t, 1, clue, block, pa, pb, kind, rel, nrel, work, n)
    if bo and need_b - hi >= bo:
        changed |= _set(dom, 2, t, 2, clue, block, pa, pb, kind, rel, nrel, work, n)
    if bo and need_b - lo <= 0:
        changed |= _set(dom, 2, t, 1, clue, block, pa, pb, kind, rel, nrel, work, n)
    return changed


@njit(cache=True)
def _open_frame(dom, block, j):
    """The open cells of block j as bits of its 3x3 frame."""
    bits = 0
    for f in range(9):
        x = block[j, 9 + f]
        if x >= 0 and dom[x] == 3:
            bits |= 1 << f
    return bits


@njit(cache=True)
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


@njit(cache=True)
def _base(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, seed):
    """count and pair to a fixpoint from the cells that changed (``seed``; -1: all; -2:
    already queued), count first (the cheaper rung), pairs only when no clue is queued,
    read clue by clue (see _quiet_pairs)."""
    n = clue.shape[0]
    if seed == -1:
        for i in range(n):
            if clue[i] >= 0:
                _queue(work, 0, i, n)
                _queue(work, 2 * n, i, n)
    elif seed >= 0:
        _push_cell(seed, dom, clue, block, work, n)
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
def _fixpoint(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, seed):
    """Base rungs to a fixpoint, then probe round-robin from the last drop (as
    engine.probe); a trial settles, propagates and undoes on the trail."""
    n = clue.shape[0]
    if not _base(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, seed):
        return False
    if flags & PRB == 0:
        return True
    cursor = 0
    while True:
        found = -1
        for step in range(n):
            var = (cursor + step) % n
            if dom[var] != 3:
                continue
            for bit in (1, 2):
                mark = work[7 * n + 5]
                dom[var] = bit
                ok = _base(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, var)
                _undo(dom, block, work, mark, n)
                if not ok:
                    dom[var] = 3 ^ bit
                    found = var
                    break
            if found >= 0:
                break
        if found < 0:
            return True
        if not _base(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, found):
            return False
        cursor = found


@njit(cache=True)
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


@njit(cache=True)
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


@njit(cache=True)
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
def _search(dom0, flags, root_flags, limit, node_cap, avoid, clue, block, pa, pb, kind, rel, nrel, iptr, inc,
            pmask, answers, root_seed):
    """Count answers; at each branch try first the value that is not ``avoid[var]``.
    ``root_seed``: -1, or the one cell by which ``dom0`` differs from a fixpoint."""
    n = clue.shape[0]
    return _search_in(_extend(dom0, block), flags, root_flags, limit, node_cap, avoid, clue, block, pa, pb,
                      kind, rel, nrel, iptr, inc, pmask, answers, root_seed, _new_work(n), _rows(n, node_cap))


@njit(cache=True)
def _search_in(dom, flags, root_flags, limit, node_cap, avoid, clue, block, pa, pb, kind, rel, nrel, iptr,
               inc, pmask, answers, root_seed, work, rows):
    """_search on ``dom`` in place (a 3n state, see the layout above) with buffers the
    caller owns (``rows``: see _rows); backtracking undoes to a branch's trail mark.
    Branches on the first open cell, scanning on from the parent's branch cell."""
    n = clue.shape[0]
    seed = rows[0]
    seed[:] = -1
    seed[0] = root_seed
    rows[4, 0] = 0
    depth = 0
    count = 0
    nodes = 0
    limit_hit = False
    node_capped = False
    fresh = True
    while True:
        if fresh:
            f = root_flags if depth == 0 else flags
            if _fixpoint(dom, f, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, seed[depth]):
                var = -1
                for i in range(rows[4, depth], n):  # the cells before are settled
                    if dom[i] == 3:
                        var = i
                        break
                if var < 0:
                    if _is_answer(dom, clue, block):
                        if count < answers.shape[0]:
                            answers[count, :] = dom[:n]
                        count += 1
                        if count >= limit:
                            limit_hit = True
                            break
                elif nodes >= node_cap:
                    node_capped = True
                    break
                else:
                    nodes += 1
                    depth = _branch(dom, rows, depth, var, 3 ^ avoid[var] if avoid[var] else 1, work, n)
                    continue
        depth = _backtrack(dom, rows, depth, block, work, n)
        fresh = depth >= 0
        if not fresh:
            break
    return count, limit_hit, node_capped, nodes


@njit(cache=True)
def _unbalanced(cur, avoid, clue, block):
    """The branch the rival search takes: a clue whose count is wrong when every open cell
    takes its value in the answer ``avoid`` (only clues next to a cell settled away from
    the answer can be), the one with the fewest open cells that could mend it (fail
    first), and one of those cells. Returns (-1, 0): none is wrong, that completion is an
    answer; (-2, 0): one cannot be mended; else (cell, the value that mends)."""
    best = -1
    best_need = 0
    fewest = 10
    for x in range(clue.shape[0]):
        if cur[x] == 3 or cur[x] == avoid[x]:
            continue
        for k in range(9):
            j = block[x, k]  # blocks are symmetric: the clues whose block holds x
            if j < 0:
                break
            if clue[j] < 0:
                continue
            painted = 0
            for q in range(9):
                y = block[j, q]
                if y < 0:
                    break
                if (cur[y] if cur[y] != 3 else avoid[y]) == 2:
                    painted += 1
            if painted == clue[j]:
                continue
            need = 2 if painted < clue[j] else 1
            ways = 0
            first = -1
            for q in range(9):
                y = block[j, q]
                if y < 0:
                    break
                if cur[y] == 3 and avoid[y] != need:
                    ways += 1
                    if first < 0:
                        first = y
            if ways == 0:
                return -2, 0
            if ways < fewest:
                fewest = ways
                best = first
                best_need = need
    return best, best_need


@njit(cache=True)
def _rival(dom, root_seed, flags, node_cap, avoid, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask,
           work, rows):
    """Is there an answer inside ``dom`` (which settles some cell away from the answer
    ``avoid``; ``root_seed`` is that cell, the one it differs from a fixpoint by)?
    Complete: a node stops with an answer when the answer's values mend every clue, else
    it branches on an open cell of a clue they leave wrong, away from the answer first.
    Returns (found, capped, nodes); a search that would pass ``node_cap`` stops capped.
    ``dom`` is searched in place and left as it came (the seed cell counted open)."""
    n = clue.shape[0]
    entry = work[7 * n + 5]
    seed = rows[0]
    seed[0] = root_seed
    depth = 0
    nodes = 0
    found = False
    capped = False
    fresh = True
    while True:
        if fresh:
            if _fixpoint(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work,
                         seed[depth]):
                var, first = _unbalanced(dom, avoid, clue, block)
                if var == -1:
                    found = True
                    break
                if var >= 0:
                    if nodes >= node_cap:
                        capped = True
                        break
                    nodes += 1
                    depth = _branch(dom, rows, depth, var, first, work, n)
                    continue
        depth = _backtrack(dom, rows, depth, block, work, n)
        fresh = depth >= 0
        if not fresh:
            break
    _undo(dom, block, work, entry, n)
    if root_seed >= 0:
        dom[root_seed] = 3 ^ avoid[root_seed]
    return found, capped, nodes


@njit(cache=True)
def _finish(cells, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, solve):
    """The fixpoint of ``cells`` in place (and with ``solve``, whether it is an answer)."""
    dom = _extend(cells, block)
    work = _new_work(cells.shape[0])
    ok = _fixpoint(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, -1)
    cells[:] = dom[: cells.shape[0]]
    return ok and (not solve or _is_answer(dom, clue, block))


@njit(cache=True)
def _reopen(dom, was, i, block, pa, pb, kind, rel, nrel, work, dep, gone):
    """Undo, in the trail, every settlement that leaned on clue i: settled by i, by a pair
    with i, or by a rule that read a cell already undone. What stays was derived without
    clue i (its inputs were settled before it and stay), so it is sound for the board
    without i; queue every rule that reads an undone cell and the fixpoint comes back.
    ``was`` is ``dom`` before; ``dep`` (all False on entry) marks the undone cells, listed
    in ``gone``."""
    n = dom.shape[0] // 3
    b = 4 * n + 2
    top = work[b + 2 * n]
    kept = 0
    undone = 0
    for k in range(top):
        c = work[b + k]
        r = work[b + n + k]
        lean = False
        if r < n:  # count settles blanks from the painted cells, paint from the blanks
            lean = r == i
            for q in range(9):
                x = block[r, q]
                if x < 0 or lean:
                    break
                lean = dep[x] and was[x] == 3 ^ was[c]
        else:
            t = r - n
            lean = pa[t] == i or pb[t] == i
            for part in range(3):
                for q in range(nrel[part, kind[t]]):
                    x = _part_cell(t, part, q, block, pa, pb, kind, rel)
                    if lean:
                        break
                    lean = x >= 0 and dep[x]
        if lean:
            dep[c] = True
            dom[c] = 3
            for q in range(9):  # c is open again in the blocks that hold it
                x = block[c, q]
                if x < 0:
                    break
                dom[2 * n + x] += 1
                dom[n + x] -= was[c] == 2
            gone[undone] = c
            undone += 1
        else:
            work[b + kept] = c
            work[b + n + kept] = r
            kept += 1
    return kept, undone


@njit(cache=True)
def _no_rival(dom, i, flags, node_cap, avoid, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, case,
              work, rows):
    """Is ``avoid`` still the only answer once clue i is erased (``dom``: the fixpoint
    without it)? A rival must break clue i's block (else it was a rival before), so split
    on the first block cell where it differs, each case a rival search; ``node_cap``
    bounds the branch points of all the cases together. Returns 0 (no rival), 1 (a rival)
    or 2 (capped: counted as a rival, the clue stays)."""
    case[:] = dom
    _forget(work, clue.shape[0])
    for k in range(9):
        c = block[i, k]
        if c < 0:
            break
        if case[c] != 3:
            continue
        case[c] = 3 ^ avoid[c]
        found, capped, nodes = _rival(case, c, flags, node_cap, avoid, clue, block, pa, pb, kind, rel, nrel,
                                      iptr, inc, pmask, work, rows)
        if found or capped:
            return 2 if capped else 1
        node_cap -= nodes
        case[c] = avoid[c]  # later cases keep this cell as in the answer
        if not _fixpoint(case, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, c):
            break  # no rival is left to find
    return 0


@njit(cache=True)
def _minimise(clue, order, avoid, flags, node_cap, verify, block, pa, pb, kind, rel, nrel, iptr, inc, pmask):
    """The generator's erasure loop, whole: erase each clue of ``order`` in turn and keep
    the erasure while the answer ``avoid`` stays the only one (see _no_rival); with
    ``node_cap`` < 0, only while the rungs of ``flags`` alone settle every cell (a board
    locally minimal for that level: Tatham's criterion). The fixpoint without the erased
    clue comes from the last one by undoing only what leaned on that clue (see _reopen;
    with probe on, from scratch). ``verify`` recomputes it from scratch too and counts the
    cells where the two differ (returned second; the tests want 0); third, the checks that
    ran out of nodes (each kept its clue)."""
    n = clue.shape[0]
    b = 4 * n + 2
    dom = _extend(np.full(n, 3, dtype=np.int64), block)
    case = np.empty(3 * n, dtype=np.int64)
    saved = np.empty(3 * n, dtype=np.int64)
    saved_trail = np.empty(2 * n + 1, dtype=np.int64)
    dep = np.zeros(n, dtype=np.bool_)
    gone = np.empty(n, dtype=np.int64)
    work = _new_work(n)
    swork = _new_work(n)
    rows = _rows(n, node_cap)
    incremental = flags & PRB == 0
    work[b + 2 * n + 2] = incremental  # the trail on
    ok = _fixpoint(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, -1)
    wrong = 0
    capped = 0
    for i in order:
        kept = clue[i]
        clue[i] = -1
        saved[:] = dom
        saved_trail[:] = work[b: b + 2 * n + 1]
        _forget(work, n)
        if incremental:
            top, undone = _reopen(dom, saved, i, block, pa, pb, kind, rel, nrel, work, dep, gone)
            work[b + 2 * n + 2] = 0
            for k in range(undone):
                dep[gone[k]] = False
                _requeue(gone[k], clue, block, work, n)
            work[b + 2 * n] = top
            work[b + 2 * n + 2] = 1
            ok = _base(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, -2)
        else:
            dom[:n] = 3
            _init_counts(dom, block, n)
            _forget(swork, n)
            ok = _fixpoint(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, swork, -1)
        if verify:
            case[:n] = 3
            _init_counts(case, block, n)
            _forget(swork, n)
            _fixpoint(case, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, swork, -1)
            for c in range(n):
                wrong += case[c] != dom[c]
        if not ok:
            unique = False
        elif node_cap < 0:
            unique = True
            for c in range(n):
                if dom[c] == 3:
                    unique = False
                    break
        else:
            verdict = _no_rival(dom, i, flags, node_cap, avoid, clue, block, pa, pb, kind, rel, nrel, iptr,
                                inc, pmask, case, swork, rows)
            unique = verdict == 0
            capped += verdict == 2
        if not unique:
            clue[i] = kept
            dom[:] = saved
            work[b: b + 2 * n + 1] = saved_trail
    return clue, wrong, capped


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
