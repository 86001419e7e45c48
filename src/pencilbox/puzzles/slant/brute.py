"""Slant engine 2: reading-order brute-force counter (self-contained).

This module deliberately shares no code with the rest of the project (it
imports only numpy, numba, the standard library and the signal poll of
core/poll.py with its unwrapping, and what only the counters share, which decides nothing about
Slant: core/brutekit.py, core/restarts.py and core/unionfind_counters.py), so that it can
serve as an independent check of the main solver.

Search: the decision cell is always the first undecided cell in reading
order, trying ``/`` then ``\\``.  Two pieces of incremental state are kept on
the (R+1) x (C+1) lattice points:

* degree arithmetic -- ``cnt[p]``, the diagonals already ending at ``p``, and
  ``und[p]``, the still undecided cells around ``p``.  An orientation is
  rejected as soon as a clue point would get ``cnt > clue`` or
  ``cnt + und < clue`` (every cell around a point can still add at most one);
* a union-find over the lattice points with union by size, no path
  compression and an undo stack (the trail of placed cells), so that
  backtracking is exact.  Each placed diagonal joins its two endpoints; an
  orientation whose endpoints are already connected would close a loop.

Pure reading-order search with only those two checks thrashes on larger
boards (seconds to minutes at 15x15..20x20: a wrong early cell is refuted
only rows later), so the same two rules are also used to force cells ahead
of the decision point: around every point whose state changed, an undecided
cell must avoid a full point (``cnt == clue``), must touch a point that needs
all its remaining cells (``cnt + und == clue``), and must take the other
orientation when one would close a loop.  Forced cells go on the trail;
decisions stay in reading order.  Every forcing is a sound consequence of
the rules, so the count stays exact.  What remains is a heavy tail that
depends on the board's orientation, so the 8 rotations/reflections are
searched in turn under a node budget that doubles every round (each search is
complete and exact, so whichever finishes first gives the count; core/restarts.py).

Every leaf (all cells decided) is then judged from scratch by the separate
validator ``_validate`` (recount every clue, rebuild the connectivity with a
fresh union-find, check acyclicity and the R + C + 1 tree count), and only
validated leaves are counted.  The incremental search and the validator must
agree; a leaf the validator rejects is a bug and makes ``brute_count`` raise.

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
from pencilbox.core.unionfind_counters import halved_root_src, root_src
from pencilbox.core.unwind import unwinds

__all__ = ["brute_count"]

# what stopped a search early: nothing, the answer limit, the node cap (the kernel returns
# the code, the result its name)
_GO, _LIMIT, _NODES = 0, 1, 2
_STOPS = (None, "limit", "nodes")

_NO_CLUE = -1
_SLASH = 1  # "/": top-right to bottom-left
_BACK = 2  # "\": top-left to bottom-right


def _validate_src(rows: int, cols: int, clue: np.ndarray, orient: np.ndarray) -> bool:
    """Judge a complete filling from scratch (no state shared with the search).

    Recounts the diagonal ends at every clue point and rebuilds connectivity
    with a fresh union-find (path halving); any diagonal joining two already
    connected points is a loop.  A forest must also have exactly R + C + 1
    trees (points minus edges), which is checked as a consistency test.
    """
    w = cols + 1
    npts = (rows + 1) * w
    deg = np.zeros(npts, dtype=np.int64)
    par = np.arange(npts)
    trees = npts
    for r in range(rows):
        for c in range(cols):
            o = orient[r * cols + c]
            if o == _SLASH:
                a = r * w + c + 1
                b = (r + 1) * w + c
            elif o == _BACK:
                a = r * w + c
                b = (r + 1) * w + c + 1
            else:
                return False
            deg[a] += 1
            deg[b] += 1
            ra = _halved_root(par, a)
            rb = _halved_root(par, b)
            if ra == rb:
                return False
            par[ra] = rb
            trees -= 1
    for p in range(npts):
        if clue[p] >= 0 and deg[p] != clue[p]:
            return False
    return trees == rows + cols + 1


_root = njit(cache=True)(root_src)
_halved_root = njit(cache=True)(halved_root_src)
_validate = njit(cache=True)(_validate_src)


def _place_src(j: int, o: int, corner: np.ndarray, clue: np.ndarray, orient: np.ndarray, cnt: np.ndarray,
               und: np.ndarray, par: np.ndarray, size: np.ndarray, child: np.ndarray) -> bool:
    """Put orientation ``o`` into undecided cell ``j`` if degrees and loops allow.

    Degree arithmetic: no clue corner may get more diagonal ends than its clue
    or be left unable to reach it (each undecided cell adds at most one).
    Loops: the endpoints must lie in different union-find trees (roots found
    without path compression, so the union can be undone exactly).  On
    success the state is updated and ``child[j]`` remembers the hung root.
    """
    if o == _SLASH:
        a = corner[j, 1]
        b = corner[j, 2]
    else:
        a = corner[j, 0]
        b = corner[j, 3]
    for k in range(4):
        q = corner[j, k]
        cq = clue[q]
        if cq < 0:
            continue
        nc = cnt[q] + (1 if (q == a or q == b) else 0)
        if nc > cq or nc + und[q] - 1 < cq:
            return False
    ra = _root(par, a)
    rb = _root(par, b)
    if ra == rb:
        return False
    if size[ra] < size[rb]:
        ra, rb = rb, ra
    par[rb] = ra
    size[ra] += size[rb]
    child[j] = rb
    cnt[a] += 1
    cnt[b] += 1
    for k in range(4):
        und[corner[j, k]] -= 1
    orient[j] = o
    return True


def _search(rows: int, cols: int, clue: np.ndarray, corner: np.ndarray, pcell: np.ndarray, ptouch: np.ndarray,
            limit: int, node_cap: int, out: np.ndarray) -> tuple[int, int, int, int, int]:
    """Decisions in reading order plus forced cells; returns (count, stop, nodes, saved, bad).

    ``corner[j]`` lists cell j's corner points (tl, tr, bl, br);
    ``pcell[q]`` the cells around point q and ``ptouch[q]`` the
    orientation with which each touches q.  ``nodes`` counts decisions
    tried (each of the <= 2 orientations of a decision cell).  The first
    ``saved`` answers are written to ``out``; ``bad`` counts leaves the
    validator rejected (must stay 0).
    """
    n = rows * cols
    npts = (rows + 1) * (cols + 1)
    orient = np.zeros(n, dtype=np.int64)
    cnt = np.zeros(npts, dtype=np.int64)
    und = np.zeros(npts, dtype=np.int64)
    for j in range(n):
        for k in range(4):
            und[corner[j, k]] += 1
    par = np.arange(npts)
    size = np.ones(npts, dtype=np.int64)
    child = np.zeros(n, dtype=np.int64)  # root hung below another when cell j was placed
    trail = np.zeros(n, dtype=np.int64)  # cells in placement order (undo stack)
    tpos = 0
    queue = np.zeros(npts + 4 * n + 4, dtype=np.int64)  # points to re-examine
    dcell = np.zeros(n + 1, dtype=np.int64)  # decision cell per level
    dchoice = np.zeros(n + 1, dtype=np.int64)  # orientation tried per level
    dtrail = np.zeros(n + 1, dtype=np.int64)  # trail length before the level's decision
    count = 0
    saved = 0
    nodes = 0
    bad = 0
    stop = _GO
    depth = 0
    # propagation from the empty board (level 0, never undone)
    qlen = 0
    for q in range(npts):
        queue[qlen] = q
        qlen += 1
    pending = -1  # cell just decided, -1 for none
    ok = True
    descend = True
    while True:
        if ok:
            # --- propagate forced cells from the queued points ---
            if pending >= 0:
                for k in range(4):
                    queue[qlen] = corner[pending, k]
                    qlen += 1
                pending = -1
            while qlen > 0 and ok:
                qlen -= 1
                q = queue[qlen]
                cq = clue[q]
                for s in range(4):
                    j = pcell[q, s]
                    if j < 0 or orient[j] != 0:
                        continue
                    t = ptouch[q, s]
                    force = 0
                    if cq >= 0 and cnt[q] == cq:
                        force = 3 - t  # q is full: keep away from it
                    elif cq >= 0 and cnt[q] + und[q] == cq:
                        force = t  # q needs every remaining cell
                    else:
                        # an orientation whose ends are already connected closes a loop
                        dead = 0
                        for o in range(1, 3):
                            if o == _SLASH:
                                x = corner[j, 1]
                                y = corner[j, 2]
                            else:
                                x = corner[j, 0]
                                y = corner[j, 3]
                            if _root(par, x) == _root(par, y):
                                dead += o
                        if dead == 3:
                            ok = False
                            break
                        if dead != 0:
                            force = 3 - dead
                    if force != 0:
                        if not _place(j, force, corner, clue, orient, cnt, und, par, size, child):
                            ok = False
                            break
                        trail[tpos] = j
                        tpos += 1
                        for k in range(4):
                            queue[qlen] = corner[j, k]
                            qlen += 1
            qlen = 0
        if ok and descend:
            # --- next decision: first undecided cell in reading order ---
            j = dcell[depth - 1] + 1 if depth > 0 else 0
            while j < n and orient[j] != 0:
                j += 1
            if j == n:
                saved, count, bad = leaf(out, saved, orient, count, bad, _validate(rows, cols, clue, orient))
                if count >= limit:
                    stop = _LIMIT
                    break
            else:
                dcell[depth] = j
                dchoice[depth] = 0
                dtrail[depth] = tpos
                depth += 1
        if depth == 0:
            break  # root refuted, or a leaf with no decision above it
        # --- (re)try the deepest decision: undo back to its trail mark ---
        d = depth - 1
        while tpos > dtrail[d]:
            tpos -= 1
            j = trail[tpos]
            if orient[j] == _SLASH:
                cnt[corner[j, 1]] -= 1
                cnt[corner[j, 2]] -= 1
            else:
                cnt[corner[j, 0]] -= 1
                cnt[corner[j, 3]] -= 1
            for k in range(4):
                und[corner[j, k]] += 1
            ch = child[j]
            size[par[ch]] -= size[ch]
            par[ch] = ch
            orient[j] = 0
        o = dchoice[d] + 1
        if o > _BACK:
            depth -= 1
            ok = False  # nothing to propagate: go on backtracking
            descend = False
            continue
        dchoice[d] = o
        if spent(nodes, node_cap):
            stop = _NODES
            break
        nodes += 1
        j = dcell[d]
        ok = _place(j, o, corner, clue, orient, cnt, und, par, size, child)
        if ok:
            trail[tpos] = j
            tpos += 1
            pending = j
        descend = True
    return count, stop, nodes, saved, bad


_place = njit(cache=True)(_place_src)
#: plain-Python kernel (``jit=False``): the same source, with the plain helpers
_count_kernel_src = plain(_search, _validate=plain(_validate_src, _halved_root=halved_root_src),
                          _place=plain(_place_src, _root=root_src), _root=root_src)
#: numba kernel: the same source, with the jitted helpers
_count_kernel = njit(cache=True)(_search)


def _tables(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Static geometry: cell corners (tl, tr, bl, br); per point its cells and their touching orientation."""
    w = cols + 1
    corner = np.zeros((rows * cols, 4), dtype=np.int64)
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            corner[i, 0] = r * w + c
            corner[i, 1] = r * w + c + 1
            corner[i, 2] = (r + 1) * w + c
            corner[i, 3] = (r + 1) * w + c + 1
    npts = (rows + 1) * w
    pcell = np.full((npts, 4), -1, dtype=np.int64)
    ptouch = np.zeros((npts, 4), dtype=np.int64)
    for pr in range(rows + 1):
        for pc in range(w):
            q = pr * w + pc
            for s, (dr, dc, o) in enumerate(
                ((-1, -1, _BACK), (-1, 0, _SLASH), (0, -1, _SLASH), (0, 0, _BACK))
            ):
                r, c = pr + dr, pc + dc
                if 0 <= r < rows and 0 <= c < cols:
                    pcell[q, s] = r * cols + c
                    ptouch[q, s] = o
    return corner, pcell, ptouch


def _answer_back(rows: int, cols: int, r2: int, c2: int, src: Sequence[int], ans: np.ndarray) -> list[int]:
    """Map an answer of a transformed board back through the point map ``src``."""
    w, w2 = cols + 1, c2 + 1
    back = [0] * (rows * cols)
    for i in range(r2 * c2):
        r, c = divmod(i, c2)
        if ans[i] == _SLASH:
            p, q = r * w2 + c + 1, (r + 1) * w2 + c
        else:
            p, q = r * w2 + c, (r + 1) * w2 + c + 1
        (ar, ac), (br, bc) = divmod(src[p], w), divmod(src[q], w)
        back[min(ar, br) * cols + min(ac, bc)] = _BACK if (ar - br) == (ac - bc) else _SLASH
    return back


@unwinds
def brute_count(rows: int, cols: int, clues: Sequence[int | None], limit: int = 2, node_cap: int = 10**9,
                jit: bool = True, restarts: bool = True) -> tuple[int, str | None, int, list[list[int]]]:
    r"""Count Slant answers by reading-order search with degree and loop pruning.

    ``clues`` has one entry per lattice point in reading order ((R+1)*(C+1)),
    each None or -1 (no constraint) or 0..4.  Returns ``(count, stop,
    nodes, answers)``: ``stop`` is ``"limit"`` when ``limit`` answers were found
    (count is then a lower bound), ``"nodes"`` when the node cap was hit, else None; ``nodes`` counts
    decisions tried (summed over all restarts); ``answers`` holds up to 2
    answers as flat lists of R*C ints (1 = ``/``, 2 = ``\``).  ``jit=False``
    runs the identical kernel as plain Python.  With ``restarts`` (default)
    the 8 rotations/reflections of the board are searched in turn under a
    doubling node budget and the first complete search answers (each search
    is exact, so the count is the same whichever finishes); without it, or on
    a board without clues, the board is searched once as given.  An empty grid counts 0.
    """
    if len(clues) != (rows + 1) * (cols + 1):
        raise ValueError("clues must have (rows+1)*(cols+1) entries")
    if rows <= 0 or cols <= 0:
        return 0, None, 0, []
    for v in clues:
        if v is not None and not -1 <= v <= 4:
            return 0, None, 0, []
    lim = max(1, int(limit))
    kernel = _count_kernel if jit else _count_kernel_src
    # restarts cannot shorten a blank board's full enumeration: search those once
    tries = SYMMETRIES if restarts and any(v is not None and v != -1 for v in clues) else 1
    tables: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def attempt(t: int, allowed: int) -> tuple[int, bool, tuple[int, int, list[list[int]]]]:
        """Symmetry ``t`` (of the lattice points) searched with ``allowed`` decisions."""
        h2, w2, src = grid_symmetry(rows + 1, cols + 1, t)
        r2, c2 = h2 - 1, w2 - 1
        if (r2, c2) not in tables:
            tables[(r2, c2)] = _tables(r2, c2)
        corner, pcell, ptouch = tables[(r2, c2)]
        clue = np.array([_NO_CLUE if clues[p] is None else int(clues[p]) for p in src], dtype=np.int64)
        out = np.zeros((2, r2 * c2), dtype=np.int64)
        count, stop, nodes, saved, bad = kernel(r2, c2, clue, corner, pcell, ptouch, lim, allowed, out)
        if bad:
            raise AssertionError(f"slant brute: {bad} leaves passed the search but failed the validator")
        answers = [_answer_back(rows, cols, r2, c2, src, out[k]) for k in range(int(saved))]
        return int(nodes), stop == _NODES, (int(count), int(stop), answers)

    (count, stop, answers), total = restarted(attempt, tries, int(node_cap))
    return count, _STOPS[stop], total, answers
