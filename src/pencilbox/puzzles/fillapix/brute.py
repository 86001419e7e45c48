"""Fill-a-Pix engine 2: reading-order brute-force counter (self-contained).

This module deliberately shares no code with the rest of the project (it
imports only numpy, numba, the standard library and the signal poll of
core/poll.py with its unwrapping, and what only the brute counters share, which decides nothing
about Fill-a-Pix: core/brutekit.py and core/restarts.py), so that it can serve as an
independent check of the main solver.

Search: the decision cell is always the first undecided cell in reading
order, trying blank (0) then painted (1).  Every cell ``q`` keeps two counts
over its 3x3 block (clipped at the border): ``cnt[q]``, the painted cells
already decided, and ``und[q]``, the cells still undecided.  A value is
rejected as soon as a clue cell would get ``cnt > clue`` (exceeded) or
``cnt + und < clue`` (can no longer be reached).  A clue's block is complete
once its last cell in reading order -- the cell diagonally below-right of
it, or the last cell of its clipped block -- is decided; ``und`` is then 0
and the same test checks exactness.

Pure reading-order search with only those checks has a row-wide frontier: a
wrong cell in row ``r`` is refuted only when the clues of row ``r`` complete,
a full row later, so the first row alone can cost up to ``2**cols`` nodes
(every-clue 30x30: minutes; sparse 60x100: hopeless).  By default
(``propagate=True``) the same two rules therefore also force cells ahead of
the decision point: around every clue whose counts changed, a full clue
(``cnt == clue``) blanks its undecided cells and a clue that needs all its
remaining cells (``cnt + und == clue``) paints them.  Forced cells go on a
trail (undo stack); decisions stay in reading order.  Every forcing is a
sound consequence of the rules, so the count stays exact.  What remains is a
heavy tail that depends on the board's orientation (one published 20x30
board: 16 M decisions as given, under 10 k in a reflection), so the 8
rotations/reflections are searched in turn under a node budget that doubles
every round (each search is complete and exact, so whichever finishes first
gives the count; core/restarts.py).

Measured (numba, limit 2): every published board, up to 50x70 and 60x100,
takes 0.03-47 ms (the large ones need no decision at all); every clue shown on
random fair-coin pictures: 10x10 0.3 ms, 20x20 1.1 ms, 30x30 2.5 ms median.
Bare reading order (``propagate=False``) with every clue shown: 20x20 ~30 ms,
30x30 5-6 s or more (1.4-2 * 10**8 decisions).

Every leaf (all cells decided) is judged from scratch by the separate
validator ``_validate`` (recount every clue's block), and only validated
leaves are counted.  The incremental search and the validator must agree; a
leaf the validator rejects is a bug and makes ``brute_count`` raise.

The kernel is written so that the same source runs as plain Python
(``_count_kernel_src``: ``_search``'s code with the plain helpers; ``jit=False``)
and under numba (``_count_kernel``: ``_search`` jitted, calling the jitted helpers).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from pencilbox.core.brutekit import leaf, plain, spent
from pencilbox.core.restarts import SYMMETRIES, grid_symmetry, restarted
from pencilbox.core.unwind import unwinds

__all__ = ["brute_count"]

# what stopped a search early: nothing, the answer limit, the node cap (the kernel returns
# the code, the result its name)
_GO, _LIMIT, _NODES = 0, 1, 2
_STOPS = (None, "limit", "nodes")

_NO_CLUE = -1
_UNDECIDED = -1


def _validate_src(rows: int, cols: int, clue: np.ndarray, val: np.ndarray) -> bool:
    """Judge a complete picture from scratch (no state shared with the search).

    Every cell must be 0 or 1 and every clue must equal the number of painted
    cells in its 3x3 block clipped at the border.
    """
    for i in range(rows * cols):
        if val[i] != 0 and val[i] != 1:
            return False
    for r in range(rows):
        for c in range(cols):
            k = clue[r * cols + c]
            if k < 0:
                continue
            s = 0
            for rr in range(max(0, r - 1), min(rows, r + 2)):
                for cc in range(max(0, c - 1), min(cols, c + 2)):
                    s += val[rr * cols + cc]
            if s != k:
                return False
    return True


_validate = njit(cache=True)(_validate_src)


def _place_src(j: int, v: int, nb: np.ndarray, clue: np.ndarray, val: np.ndarray, cnt: np.ndarray,
               und: np.ndarray) -> bool:
    """Give undecided cell ``j`` the value ``v`` if no clue of a block containing it objects.

    ``nb[j]`` lists the cells whose blocks contain ``j`` (its own 3x3
    neighbourhood, padded with -1).  A clue may neither be exceeded nor become
    unreachable (each undecided cell adds at most one).  On success the
    counts of every such block are updated.
    """
    for s in range(9):
        q = nb[j, s]
        if q < 0:
            break
        k = clue[q]
        if k < 0:
            continue
        nc = cnt[q] + v
        if nc > k or nc + und[q] - 1 < k:
            return False
    for s in range(9):
        q = nb[j, s]
        if q < 0:
            break
        cnt[q] += v
        und[q] -= 1
    val[j] = v
    return True


_place = njit(cache=True)(_place_src)


def _search(rows: int, cols: int, clue: np.ndarray, nb: np.ndarray, propagate: bool, limit: int,
            node_cap: int, out: np.ndarray) -> tuple[int, int, int, int, int]:
    """Decisions in reading order (plus forced cells); returns (count, stop, nodes, saved, bad).

    ``nb[j]`` lists the cells of j's 3x3 neighbourhood (-1 padded): the
    clues whose block contains j, and equally the cells of j's own block.
    ``nodes`` counts decisions tried (each of the <= 2 values of a
    decision cell).  The first ``saved`` answers are written to ``out``;
    ``bad`` counts leaves the validator rejected (must stay 0).
    """
    n = rows * cols
    val = np.full(n, _UNDECIDED, dtype=np.int64)
    cnt = np.zeros(n, dtype=np.int64)
    und = np.zeros(n, dtype=np.int64)
    for j in range(n):
        for s in range(9):
            if nb[j, s] >= 0:
                und[j] += 1
    trail = np.zeros(n, dtype=np.int64)  # decided cells in placement order (undo stack)
    tpos = 0
    queue = np.zeros(10 * n + 10, dtype=np.int64)  # clue cells to re-examine
    dcell = np.zeros(n + 1, dtype=np.int64)  # decision cell per level
    dchoice = np.zeros(n + 1, dtype=np.int64)  # value tried per level (-1: none yet)
    dtrail = np.zeros(n + 1, dtype=np.int64)  # trail length before the level's decision
    count = 0
    saved = 0
    nodes = 0
    bad = 0
    stop = _GO
    depth = 0
    # level 0: check (and, with propagation, exploit) every clue on the empty board
    qlen = 0
    for q in range(n):
        if clue[q] >= 0:
            queue[qlen] = q
            qlen += 1
    pending = -1  # cell just decided, -1 for none
    ok = True
    descend = True
    while True:
        if ok:
            if pending >= 0:
                if propagate:
                    for s in range(9):
                        q = nb[pending, s]
                        if q < 0:
                            break
                        if clue[q] >= 0:
                            queue[qlen] = q
                            qlen += 1
                pending = -1
            # --- examine queued clues: refute, or force their undecided cells ---
            while qlen > 0 and ok:
                qlen -= 1
                q = queue[qlen]
                k = clue[q]
                if cnt[q] > k or cnt[q] + und[q] < k:
                    ok = False
                    break
                if und[q] == 0 or not propagate:
                    continue
                if cnt[q] == k:
                    force = 0
                elif cnt[q] + und[q] == k:
                    force = 1
                else:
                    continue
                for s in range(9):
                    j = nb[q, s]
                    if j < 0:
                        break
                    if val[j] != _UNDECIDED:
                        continue
                    if not _place(j, force, nb, clue, val, cnt, und):
                        ok = False
                        break
                    trail[tpos] = j
                    tpos += 1
                    for t in range(9):
                        p = nb[j, t]
                        if p < 0:
                            break
                        if clue[p] >= 0 and p != q:
                            queue[qlen] = p
                            qlen += 1
            qlen = 0
        if ok and descend:
            # --- next decision: first undecided cell in reading order ---
            j = dcell[depth - 1] + 1 if depth > 0 else 0
            while j < n and val[j] != _UNDECIDED:
                j += 1
            if j == n:
                saved, count, bad = leaf(out, saved, val, count, bad, _validate(rows, cols, clue, val))
                if count >= limit:
                    stop = _LIMIT
                    break
            else:
                dcell[depth] = j
                dchoice[depth] = -1
                dtrail[depth] = tpos
                depth += 1
        if depth == 0:
            break  # root refuted, or a leaf with no decision above it
        # --- (re)try the deepest decision: undo back to its trail mark ---
        d = depth - 1
        while tpos > dtrail[d]:
            tpos -= 1
            j = trail[tpos]
            v = val[j]
            for s in range(9):
                q = nb[j, s]
                if q < 0:
                    break
                cnt[q] -= v
                und[q] += 1
            val[j] = _UNDECIDED
        v = dchoice[d] + 1
        if v > 1:
            depth -= 1
            ok = False  # nothing to propagate: go on backtracking
            descend = False
            continue
        dchoice[d] = v
        if spent(nodes, node_cap):
            stop = _NODES
            break
        nodes += 1
        j = dcell[d]
        ok = _place(j, v, nb, clue, val, cnt, und)
        if ok:
            trail[tpos] = j
            tpos += 1
            pending = j
        descend = True
    return count, stop, nodes, saved, bad


#: plain-Python kernel (``jit=False``): the same source, with the plain helpers
_count_kernel_src = plain(_search, _validate=_validate_src, _place=_place_src)
#: numba kernel: the same source, with the jitted helpers
_count_kernel = njit(cache=True)(_search)


def _neighbours(rows: int, cols: int) -> np.ndarray:
    """Per cell, the cells of its 3x3 neighbourhood clipped at the border, in reading order, -1 padded."""
    nb = np.full((rows * cols, 9), -1, dtype=np.int64)
    for r in range(rows):
        for c in range(cols):
            s = 0
            for rr in range(max(0, r - 1), min(rows, r + 2)):
                for cc in range(max(0, c - 1), min(cols, c + 2)):
                    nb[r * cols + c, s] = rr * cols + cc
                    s += 1
    return nb


@unwinds
def brute_count(rows: int, cols: int, clues: Sequence[int | None], limit: int = 2, node_cap: int = 10**9,
                jit: bool = True, propagate: bool = True,
                restarts: bool = True) -> tuple[int, str | None, int, list[list[int]]]:
    """Count Fill-a-Pix pictures by reading-order search with block-count pruning.

    ``clues`` has one entry per cell in reading order (rows*cols), each None
    or -1 (no clue) or 0..9; any other number can never be met and the count
    is 0.  Returns ``(count, stop, nodes, answers)``: ``stop`` is ``"limit"``
    when ``limit`` answers were found (count is then a lower bound), ``"nodes"``
    when the node cap was hit, else None; ``nodes`` counts decisions tried (each value tried at a
    decision cell; forced cells are not counted), summed over all restarts;
    ``answers`` holds up to 2 answers as flat lists of rows*cols ints
    (1 = painted, 0 = blank).  ``jit=False`` runs the identical kernel as
    plain Python.  With ``propagate`` (default) full and needy clues force
    cells ahead of the decision point; without it the search is the bare
    reading-order count.  With ``restarts`` (default, only together with
    ``propagate``) the 8 rotations/reflections of the board are searched in
    turn under a node budget that doubles every round, and the first complete
    search answers (each search is exact, so the count is the same whichever
    finishes); otherwise the board is searched once as given.  An empty grid
    (rows or cols <= 0) counts 0.
    """
    if rows < 0 or cols < 0 or len(clues) != rows * cols:
        raise ValueError("clues must have rows*cols entries")
    if rows == 0 or cols == 0:
        return 0, None, 0, []
    flat = [_NO_CLUE if v is None else int(v) for v in clues]
    if any(v < -1 or v > 9 for v in flat):
        return 0, None, 0, []
    lim = max(1, int(limit))
    kernel = _count_kernel if jit else _count_kernel_src
    # restarts cannot shorten a clueless board's full enumeration: search those once
    tries = SYMMETRIES if restarts and propagate and any(v >= 0 for v in flat) else 1
    tables: dict[tuple[int, int], np.ndarray] = {}

    def attempt(t: int, allowed: int) -> tuple[int, bool, tuple[int, int, list[list[int]]]]:
        """Symmetry ``t`` searched with ``allowed`` decisions."""
        r2, c2, src = grid_symmetry(rows, cols, t)
        if (r2, c2) not in tables:
            tables[(r2, c2)] = _neighbours(r2, c2)
        clue = np.array([flat[i] for i in src], dtype=np.int64)
        out = np.zeros((2, r2 * c2), dtype=np.int64)
        nb = tables[(r2, c2)]
        count, stop, nodes, saved, bad = kernel(r2, c2, clue, nb, bool(propagate), lim, allowed, out)
        if bad:
            raise AssertionError(f"fillapix brute: {bad} leaves passed the search but failed the validator")
        answers = []
        for k in range(int(saved)):
            back = [0] * (rows * cols)
            for i, o in enumerate(src):
                back[o] = int(out[k, i])
            answers.append(back)
        return int(nodes), stop == _NODES, (int(count), int(stop), answers)

    (count, stop, answers), total = restarted(attempt, tries, int(node_cap))
    return count, _STOPS[stop], total, answers
