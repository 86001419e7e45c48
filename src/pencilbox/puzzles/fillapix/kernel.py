"""The Fill-a-Pix ladder compiled with numba: ``count``, ``pair`` and ``probe`` as in
rungs.py, on int64 arrays, plus the counting search (the same skeleton as the other
kernels), which can try the value that differs from a known answer first (the generator's
uniqueness checks then find a second answer at once when there is one).
Rung results: 1 changed, 0 unchanged, -1 contradiction.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from pencilbox.core.engine import PROBE, Count
from pencilbox.core.kernel import KernelBase
from pencilbox.core.kernel import flags_of as shared_flags
from pencilbox.puzzles.fillapix.board import Board
from pencilbox.puzzles.fillapix.rungs import all_pairs

CNT, PAIR, PRB = 1, 2, 4
FLAG = {"count": CNT, "pair": PAIR, PROBE: PRB}


# Work array layout (one int64 array per search): [0, n) clue stack, [n, 2n) "clue queued"
# flags, [2n, 2n+P) pair stack, [2n+P, 2n+2P) "pair queued" flags, then the two stack tops.
# Rungs re-examine only the clues and pairs around cells that changed: the same fixpoint
# as sweeping every clue (the rungs are monotone; the tests compare with rungs.py).


@njit(cache=True)
def _push_cell(c, clue, block, iptr, inc, work, n, P):
    """Queue every clue whose block holds cell c, and every pair touching those clues."""
    for k in range(9):
        j = block[c, k]
        if j < 0:
            break
        if clue[j] < 0:
            continue
        if work[n + j] == 0:
            work[n + j] = 1
            top = work[2 * n + 2 * P]
            work[top] = j
            work[2 * n + 2 * P] = top + 1
        for q in range(iptr[j], iptr[j + 1]):
            t = inc[q]
            if work[2 * n + P + t] == 0:
                work[2 * n + P + t] = 1
                top = work[2 * n + 2 * P + 1]
                work[2 * n + top] = t
                work[2 * n + 2 * P + 1] = top + 1


@njit(cache=True)
def _count_one(dom, i, clue, block, iptr, inc, work, n, P):
    v = clue[i]
    painted = 0
    nopen = 0
    for k in range(9):
        j = block[i, k]
        if j < 0:
            break
        if dom[j] == 2:
            painted += 1
        elif dom[j] == 3:
            nopen += 1
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
                _push_cell(j, clue, block, iptr, inc, work, n, P)
        return 1
    return 0


@njit(cache=True)
def _set(dom, cells, t, keep, clue, block, iptr, inc, work, n, P):
    """Settle the open cells of one part to ``keep`` (with lo <= hi no two moves of one
    pair can clash, so this never wipes a domain out)."""
    for k in range(cells.shape[1]):
        j = cells[t, k]
        if j < 0:
            break
        if dom[j] == 3:
            dom[j] = keep
            _push_cell(j, clue, block, iptr, inc, work, n, P)


@njit(cache=True)
def _tally(dom, cells, t):
    painted = 0
    nopen = 0
    for k in range(cells.shape[1]):
        j = cells[t, k]
        if j < 0:
            break
        if dom[j] == 2:
            painted += 1
        elif dom[j] == 3:
            nopen += 1
    return painted, nopen


@njit(cache=True)
def _pair_one(dom, t, clue, block, pa, pb, sh, oa, ob, iptr, inc, work, n, P):
    if clue[pa[t]] < 0 or clue[pb[t]] < 0:
        return 0  # the tables list every overlapping pair; only clued pairs count
    sp, so = _tally(dom, sh, t)
    ap, ao = _tally(dom, oa, t)
    bp, bo = _tally(dom, ob, t)
    need_a = clue[pa[t]] - sp - ap
    need_b = clue[pb[t]] - sp - bp
    lo = max(need_a - ao, need_b - bo, 0)
    hi = min(need_a, need_b, so)
    if lo > hi:
        return -1
    if so and lo == so:
        _set(dom, sh, t, 2, clue, block, iptr, inc, work, n, P)
    if so and hi == 0:
        _set(dom, sh, t, 1, clue, block, iptr, inc, work, n, P)
    if ao and need_a - hi >= ao:
        _set(dom, oa, t, 2, clue, block, iptr, inc, work, n, P)
    if ao and need_a - lo <= 0:
        _set(dom, oa, t, 1, clue, block, iptr, inc, work, n, P)
    if bo and need_b - hi >= bo:
        _set(dom, ob, t, 2, clue, block, iptr, inc, work, n, P)
    if bo and need_b - lo <= 0:
        _set(dom, ob, t, 1, clue, block, iptr, inc, work, n, P)
    return 0


@njit(cache=True)
def _base(dom, flags, clue, block, pa, pb, sh, oa, ob, iptr, inc, work, seed):
    """count and pair to a fixpoint from the cells that changed (``seed``; -1: all),
    count first (the cheaper rung), a pair only when no clue is queued."""
    n = dom.shape[0]
    P = pa.shape[0]
    if seed < 0:
        for i in range(n):
            if clue[i] >= 0 and work[n + i] == 0:
                work[n + i] = 1
                top = work[2 * n + 2 * P]
                work[top] = i
                work[2 * n + 2 * P] = top + 1
        for t in range(P):
            if work[2 * n + P + t] == 0:
                work[2 * n + P + t] = 1
                top = work[2 * n + 2 * P + 1]
                work[2 * n + top] = t
                work[2 * n + 2 * P + 1] = top + 1
    else:
        _push_cell(seed, clue, block, iptr, inc, work, n, P)
    ok = True
    while ok:
        top = work[2 * n + 2 * P]
        if top > 0:
            top -= 1
            work[2 * n + 2 * P] = top
            i = work[top]
            work[n + i] = 0
            if flags & CNT and _count_one(dom, i, clue, block, iptr, inc, work, n, P) < 0:
                ok = False
            continue
        top = work[2 * n + 2 * P + 1]
        if top == 0:
            break
        top -= 1
        work[2 * n + 2 * P + 1] = top
        t = work[2 * n + top]
        work[2 * n + P + t] = 0
        if flags & PAIR and _pair_one(dom, t, clue, block, pa, pb, sh, oa, ob, iptr, inc, work, n, P) < 0:
            ok = False
    if not ok:  # empty both queues for the next call
        while work[2 * n + 2 * P] > 0:
            work[2 * n + 2 * P] -= 1
            work[n + work[work[2 * n + 2 * P]]] = 0
        while work[2 * n + 2 * P + 1] > 0:
            work[2 * n + 2 * P + 1] -= 1
            work[2 * n + P + work[2 * n + work[2 * n + 2 * P + 1]]] = 0
    return ok


@njit(cache=True)
def _fixpoint(dom, flags, clue, block, pa, pb, sh, oa, ob, iptr, inc, trial, work, seed):
    """Base rungs to a fixpoint, then probe round-robin from the last drop (as engine.probe)."""
    n = dom.shape[0]
    if not _base(dom, flags, clue, block, pa, pb, sh, oa, ob, iptr, inc, work, seed):
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
                trial[:] = dom
                trial[var] = bit
                if not _base(trial, flags, clue, block, pa, pb, sh, oa, ob, iptr, inc, work, var):
                    dom[var] = 3 ^ bit
                    found = var
                    break
            if found >= 0:
                break
        if found < 0:
            return True
        if not _base(dom, flags, clue, block, pa, pb, sh, oa, ob, iptr, inc, work, found):
            return False
        cursor = found


@njit(cache=True)
def _is_answer(dom, clue, block):
    for i in range(dom.shape[0]):
        if dom[i] != 1 and dom[i] != 2:
            return False
    for i in range(clue.shape[0]):
        if clue[i] < 0:
            continue
        painted = 0
        for k in range(9):
            j = block[i, k]
            if j < 0:
                break
            if dom[j] == 2:
                painted += 1
        if painted != clue[i]:
            return False
    return True


@njit(cache=True)
def _search(dom0, flags, root_flags, limit, node_cap, avoid, clue, block, pa, pb, sh, oa, ob, iptr, inc,
            answers, root_seed):
    """Count answers; at each branch try first the value that is not ``avoid[var]``.
    ``root_seed``: -1, or the one cell by which ``dom0`` differs from a fixpoint."""
    n = dom0.shape[0]
    work = np.zeros(2 * n + 2 * pa.shape[0] + 2, dtype=np.int64)
    seed = np.full(n + 2, -1, dtype=np.int64)
    seed[0] = root_seed
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
            if _fixpoint(cur, f, clue, block, pa, pb, sh, oa, ob, iptr, inc, trial, work, seed[depth]):
                var = -1
                for i in range(n):
                    if cur[i] == 3:
                        var = i
                        break
                if var < 0:
                    if _is_answer(cur, clue, block):
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
                    first = 3 ^ avoid[var] if avoid[var] else 1
                    rem[depth] = 3 ^ first
                    stack[depth + 1, :] = cur
                    stack[depth + 1, var] = first
                    seed[depth + 1] = var
                    depth += 1
                    continue
        fresh = False
        while depth > 0 and not fresh:
            d = depth - 1
            if rem[d]:
                stack[d + 1, :] = stack[d]
                stack[d + 1, var_at[d]] = rem[d]
                seed[d + 1] = var_at[d]
                rem[d] = 0
                depth = d + 1
                fresh = True
            else:
                depth = d
        if not fresh:
            break
    return count, limit_hit, node_capped, nodes


@njit(cache=True)
def _finish(dom, flags, clue, block, pa, pb, sh, oa, ob, iptr, inc, solve):
    trial = np.empty(dom.shape[0], dtype=np.int64)
    work = np.zeros(2 * dom.shape[0] + 2 * pa.shape[0] + 2, dtype=np.int64)
    if not _fixpoint(dom, flags, clue, block, pa, pb, sh, oa, ob, iptr, inc, trial, work, -1):
        return False
    return not solve or _is_answer(dom, clue, block)


@njit(cache=True)
def _minimise(clue, order, avoid, flags, node_cap, block, pa, pb, sh, oa, ob, iptr, inc):
    """The generator's erasure loop, whole: erase each clue of ``order`` in turn and keep
    the erasure while the answer ``avoid`` stays the only one. A rival must break the
    erased clue's block (else it was a rival before), so split on the first block cell
    where it differs, searching each case with ``node_cap`` (a capped case keeps the clue)."""
    n = clue.shape[0]
    dom = np.empty(n, dtype=np.int64)
    trial = np.empty(n, dtype=np.int64)
    work = np.zeros(2 * n + 2 * pa.shape[0] + 2, dtype=np.int64)
    answers = np.zeros((1, n), dtype=np.int64)
    for i in order:
        kept = clue[i]
        clue[i] = -1
        dom[:] = 3
        ok = _fixpoint(dom, flags, clue, block, pa, pb, sh, oa, ob, iptr, inc, trial, work, -1)
        unique = ok
        for k in range(9):
            c = block[i, k]
            if c < 0 or not unique:
                break
            if dom[c] != 3:
                continue
            dom[c] = 3 ^ avoid[c]
            cnt, hit, capped, nodes = _search(dom, flags, flags, 1, node_cap, avoid, clue, block, pa, pb, sh,
                                             oa, ob, iptr, inc, answers, c)
            if cnt or capped:
                unique = False
            dom[c] = avoid[c]  # later cases keep this cell as in the answer
            if not _fixpoint(dom, flags, clue, block, pa, pb, sh, oa, ob, iptr, inc, trial, work, c):
                break  # no rival is left to find: still unique
        if not unique:
            clue[i] = kept
    return clue


def minimise(board: Board, order: list[int], answer: list[int], names: tuple[str, ...],
             node_cap: int) -> tuple[int | None, ...]:
    """Compiled erasure loop (see _minimise); ``answer`` as domains."""
    t = tables(board)
    clue = t[0].copy()
    out = _minimise(clue, np.array(order, dtype=np.int64), np.array(answer, dtype=np.int64),
                    flags_of(names), node_cap, *t[1:])
    return tuple(None if v < 0 else int(v) for v in out)


def tables(board: Board) -> tuple:
    return _tables(board.rows, board.cols, board.clues)


@lru_cache(maxsize=512)
def _tables(rows: int, cols: int, clues: tuple[int | None, ...]) -> tuple:
    clue = np.array([-1 if v is None else v for v in clues], dtype=np.int64)
    return (clue, *_geometry(rows, cols))


@lru_cache(maxsize=64)
def _geometry(rows: int, cols: int) -> tuple[np.ndarray, ...]:
    """Blocks, and every overlapping pair with its parts (clue sets filter these)."""
    from pencilbox.core.geometry import grid
    g = grid(rows, cols)
    block = np.full((g.size, 9), -1, dtype=np.int64)
    for i, b in enumerate(g.block):
        block[i, : len(b)] = b
    ps = all_pairs(rows, cols)
    pa = np.array([p[0] for p in ps], dtype=np.int64)
    pb = np.array([p[1] for p in ps], dtype=np.int64)
    parts = []
    for k in (2, 3, 4):
        arr = np.full((len(ps), 9), -1, dtype=np.int64)
        for t, p in enumerate(ps):
            arr[t, : len(p[k])] = p[k]
        parts.append(arr)
    # incidence (CSR): for each cell, the pairs it is an end of
    ends = np.concatenate((pa, pb))
    order = np.argsort(ends, kind="stable")
    inc = (order % max(len(pa), 1)).astype(np.int64)
    iptr = np.zeros(g.size + 1, dtype=np.int64)
    np.add.at(iptr, ends + 1, 1)
    iptr = np.cumsum(iptr).astype(np.int64)
    return (block, pa, pb, *parts, iptr, inc)


def flags_of(names: tuple[str, ...]) -> int:
    return shared_flags(FLAG, names)


def search(board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
           root: tuple[str, ...] | None = None, avoid: list[int] | None = None) -> Count:
    """Compiled counterpart of ``engine.search``; with ``avoid`` (domains of a known
    answer) each branch tries the other value first."""
    answers = np.zeros((2, len(dom)), dtype=np.int64)
    away = np.zeros(len(dom), dtype=np.int64) if avoid is None else np.array(avoid, dtype=np.int64)
    c, hit, capped, nodes = _search(np.array(dom, dtype=np.int64), flags_of(names),
                                    flags_of(names if root is None else root), limit, node_cap, away,
                                    *tables(board), answers, -1)
    return Count(int(c), bool(hit), bool(capped), int(nodes),
                 [[int(x) for x in answers[k]] for k in range(min(int(c), 2))])


class Kernel(KernelBase):
    """The engine's fast path for Fill-a-Pix."""

    FLAG = FLAG

    def search(self, board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
               root: tuple[str, ...] | None = None) -> Count:
        return search(board, dom, names, limit, node_cap, root)

    def finish(self, arr: np.ndarray, board: Board, flags: int, solve: bool) -> bool:
        return bool(_finish(arr, flags, *tables(board), solve))

    def start(self, board: Board) -> list[int]:
        return [3] * (board.rows * board.cols)
