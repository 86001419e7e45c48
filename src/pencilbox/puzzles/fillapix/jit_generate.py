"""The Fill-a-Pix generator's compiled loops: the rival search (is there an answer other than
a known one?) and the incremental clue-erasing loop built on it, on jit.py's ladder."""

from __future__ import annotations

import numpy as np
from numba import njit

from pencilbox.core.poll import EVERY, stopped
from pencilbox.puzzles.fillapix.jit import (
    _backtrack,
    _base,
    _branch,
    _extend,
    _fixpoint,
    _forget,
    _init_counts,
    _new_work,
    _part_cell,
    _requeue,
    _rows,
    _undo,
)
from pencilbox.puzzles.fillapix.kernel import PRB

# the erasure loop, built ahead of time with the ladder's entry points (compiled/aot.py)
EXPORTS = ('_minimise',)


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
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
                    if nodes >= node_cap or (nodes & EVERY == 0 and stopped()):
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


@njit(cache=True, _nrt=False)
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
    cells where the two differ (returned second; the tests want 0); third, the clues whose
    check ran out of nodes (each kept, for the caller to settle exactly)."""
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
    every, queued = np.int64(-1), np.int64(-2)  # the seeds, typed ints (see jit.py's note)
    work[b + 2 * n + 2] = incremental  # the trail on
    ok = _fixpoint(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, every)
    wrong = 0
    capped = np.zeros(n, dtype=np.bool_)
    for i in order:
        if stopped():
            break  # a signal: the call returns at once, unread (core/poll.py)
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
            ok = _base(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, work, queued)
        else:
            dom[:n] = 3
            _init_counts(dom, block, n)
            _forget(swork, n)
            ok = _fixpoint(dom, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, swork, every)
        if verify:
            case[:n] = 3
            _init_counts(case, block, n)
            _forget(swork, n)
            _fixpoint(case, flags, clue, block, pa, pb, kind, rel, nrel, iptr, inc, pmask, swork, every)
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
            capped[i] = verdict == 2
        if not unique:
            clue[i] = kept
            dom[:] = saved
            work[b: b + 2 * n + 1] = saved_trail
    return clue, wrong, capped
