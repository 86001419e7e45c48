"""Sukoro engine 2: bit-per-cell brute force counter (self-contained).

This module deliberately shares no code with the rest of the project, so that
it can serve as an independent check of the main solver (its imports, the signal
poll of core/poll.py with its unwrapping, core/brutekit.py and the grid symmetries of
core/restarts.py, decide nothing about Sukoro).

Search: cells are visited in reading order and each gets ONE bit (numbered or
empty).  No digit is ever guessed: a cell's digit is its degree (number of
numbered orthogonal neighbours), read off the board as soon as the cell's
whole neighbourhood is decided.  A cell (r, c) is complete once the cell below
it is decided; in the last row once the cell to its right is decided (the
bottom-right cell once it is decided itself).  On completion a numbered cell
must have degree >= 1, equal its clue if one is printed, and differ from each
already complete numbered neighbour.  Clue cells are forced to be numbered and
their partial neighbour counts are checked early (known <= clue <= known +
undecided, an undecided clue neighbour counting as known numbered).

Connectivity is tracked exactly with component labels on the frontier profile
(the last decided cell of every column).  When a numbered cell stops touching
undecided cells and its label no longer occurs on the frontier, its component
is sealed: that is only acceptable if no other numbered cell exists or will
ever be placed.  At a leaf all numbered profile cells must share one label.

The kernel is written so the same source runs as plain Python
(``_count_kernel.py_func``) and under numba (``@njit(cache=True)``); the
readable and the fast engine are thus the same code.  Counting is exact;
boards are transposed when that makes the profile narrower (transposition
maps answers one to one, so counts are unchanged).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from pencilbox.core.brutekit import kept, plain
from pencilbox.core.poll import EVERY, stopped
from pencilbox.core.restarts import TRANSPOSE, grid_symmetry
from pencilbox.core.unwind import unwinds

__all__ = ["brute_count"]

# what stopped a search early: nothing, the answer limit, the node cap (the kernel returns
# the code, the result its name)
_GO, _LIMIT, _NODES = 0, 1, 2
_STOPS = (None, "limit", "nodes")

_NO_CLUE = -1


def _count_kernel_src(rows: int, cols: int, clue: np.ndarray, nbr: np.ndarray, comp: np.ndarray,
                      cmp_nb: np.ndarray, limit: int, node_cap: int, mirror: int,
                      out: np.ndarray) -> tuple[int, int, int, int]:
    """DFS over one bit per cell; returns (count, stop, nodes, saved), ``stop`` one of _GO,
    _LIMIT, _NODES.

    ``nodes`` counts bit assignments tried (each of the <= 2 children of a
    cell decision, pruned or not).  The first ``saved`` answers (bits, at
    most ``len(out)``) are written to ``out``.  With ``mirror`` (blank boards
    only) the first row is kept only if it is not above its left-right mirror
    image, and answers under a non-palindromic first row count twice: the
    mirror is a bijection between the two halves, so the count stays exact.
    """
    n = rows * cols
    x = np.zeros(n, dtype=np.int64)  # bit per cell (valid for index <= i)
    deg = np.zeros(n, dtype=np.int64)  # degree of complete cells
    choice = np.full(n + 1, -1, dtype=np.int64)  # last bit tried per depth
    # 0 = empty, else label; a row per depth the node cap lets the search reach (depth i has tried
    # i + 1 nodes at least): a row per cell held 1 GB at 500x500 under a cap of 16,000 nodes
    prof = np.zeros((min(n, node_cap) + 1, cols), dtype=np.int64)
    sealed = np.zeros(n + 1, dtype=np.int64)
    count = 0
    saved = 0
    weight = 1
    nodes = 0
    stop = _GO
    i = 0
    choice[0] = -1
    while i >= 0:
        if i == n:
            # leaf: every numbered profile cell must carry one label
            lab = 0
            ok = True
            for c in range(cols):
                v = prof[n, c]
                if v != 0:
                    if lab == 0:
                        lab = v
                    elif v != lab:
                        ok = False
                        break
            if ok and (lab != 0 or sealed[n] == 1):
                saved = kept(out, saved, x)
                count += weight
                if count >= limit:
                    stop = _LIMIT
                    break
            i -= 1
            continue
        b = choice[i] + 1
        if b == 0 and clue[i] != _NO_CLUE:
            b = 1  # clue cells are numbered
        if b == 1 and sealed[i] == 1:
            b = 2  # a sealed component forbids further numbered cells
        if b > 1:
            i -= 1
            continue
        choice[i] = b
        nodes += 1
        if nodes > node_cap or (nodes & EVERY == 0 and stopped()):
            stop = _NODES
            break
        x[i] = b
        r = i // cols
        c = i - r * cols
        # --- connectivity labels on the profile ---
        for k in range(cols):
            prof[i + 1, k] = prof[i, k]
        sealed[i + 1] = sealed[i]
        up_lab = prof[i, c] if r > 0 else 0
        left_lab = prof[i, c - 1] if c > 0 else 0
        if b == 1:
            if up_lab != 0:
                new_lab = up_lab
                if left_lab != 0 and left_lab != up_lab:
                    for k in range(cols):
                        if prof[i + 1, k] == left_lab:
                            prof[i + 1, k] = up_lab
            elif left_lab != 0:
                new_lab = left_lab
            else:
                new_lab = i + 1
            prof[i + 1, c] = new_lab
        else:
            prof[i + 1, c] = 0
        ok = True
        # labels that just lost their last cell touching undecided cells
        last_row = r == rows - 1
        for t in range(2):
            if t == 0:
                gone = up_lab
                if gone == 0:
                    continue
            else:
                if not last_row or c == 0 or c + 1 == cols:
                    continue
                gone = prof[i + 1, c - 1]
                if gone == 0:
                    continue
            # frontier positions: all in non-last rows, c.. in the last row;
            # at the final step the whole profile (the leaf compares labels)
            alive = False
            lo = c if last_row and c + 1 < cols else 0
            for k in range(lo, cols):
                if prof[i + 1, k] == gone:
                    alive = True
                    break
            if alive:
                continue
            if sealed[i + 1] == 1:
                continue  # already sealed: every numbered cell carries `gone`
            for k in range(cols):
                v = prof[i + 1, k]
                if v != 0 and v != gone:
                    ok = False
                    break
            if not ok:
                break
            sealed[i + 1] = 1
        # --- early partial checks on clue cells around i ---
        if ok:
            for t in range(3):
                if t == 0:
                    j = i
                elif t == 1:
                    j = i - cols if r > 0 else -1
                else:
                    j = i - 1 if c > 0 else -1
                if j < 0 or clue[j] <= 0:
                    continue
                known = 0
                undec = 0
                for q in range(4):
                    m = nbr[j, q]
                    if m < 0:
                        continue
                    if m > i:
                        if clue[m] == _NO_CLUE:
                            undec += 1
                        else:
                            known += 1  # undecided but forced numbered
                    else:
                        known += x[m]
                if known > clue[j] or known + undec < clue[j]:
                    ok = False
                    break
        # --- cells whose neighbourhood is now complete ---
        if ok:
            for t in range(3):
                j = comp[i, t]
                if j < 0:
                    break
                d = 0
                for q in range(4):
                    m = nbr[j, q]
                    if m >= 0:
                        d += x[m]
                deg[j] = d
                if x[j] == 1:
                    if d == 0 or (clue[j] > 0 and d != clue[j]):
                        ok = False
                        break
                    for q in range(4):
                        m = cmp_nb[j, q]
                        if m < 0:
                            break
                        if x[m] == 1 and deg[m] == d:
                            ok = False
                            break
                    if not ok:
                        break
        if ok and mirror == 1 and i + 1 == cols:
            weight = 1
            for k in range(cols // 2):
                a = x[k]
                m = x[cols - 1 - k]
                if a != m:
                    if a > m:
                        ok = False
                    else:
                        weight = 2
                    break
        if ok:
            i += 1
            choice[i] = -1
    return count, stop, nodes, saved


_count_kernel = njit(cache=True)(_count_kernel_src)
#: the plain-Python kernel (``jit=False``): the same code, with no signal poll (the interpreter
#: runs the handlers itself)
_count_kernel_src = plain(_count_kernel_src)


def _tables(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Neighbour lists, completion steps and comparison lists (static)."""
    n = rows * cols
    nbr = np.full((n, 4), -1, dtype=np.int64)
    for r in range(rows):
        for c in range(cols):
            k = 0
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    nbr[r * cols + c, k] = rr * cols + cc
                    k += 1
    comp = np.full((n, 3), -1, dtype=np.int64)
    order = np.zeros(n, dtype=np.int64)  # completion rank of each cell
    rank = 0
    for i in range(n):
        r, c = divmod(i, cols)
        done = []
        if r > 0:
            done.append(i - cols)
        if r == rows - 1 and c > 0:
            done.append(i - 1)
        if r == rows - 1 and c == cols - 1:
            done.append(i)
        for t, j in enumerate(done):
            comp[i, t] = j
            order[j] = rank
            rank += 1
    cmp_nb = np.full((n, 4), -1, dtype=np.int64)
    for j in range(n):
        k = 0
        for q in range(4):
            m = nbr[j, q]
            if m >= 0 and order[m] < order[j]:
                cmp_nb[j, k] = m
                k += 1
    return nbr, comp, cmp_nb


@unwinds
def brute_count(rows: int, cols: int, clues: Sequence[int | None], limit: int = 2, node_cap: int = 10**9,
                jit: bool = True, mirror: bool | None = None) -> tuple[int, str | None, int, list[list[int]]]:
    """Count Sukoro answers by one-bit-per-cell search.

    Returns ``(count, stop, nodes, answers)``: ``stop`` is ``"limit"`` when
    ``limit`` answers were found (count is then a lower bound), ``"nodes"`` when
    the node cap was hit, else None; ``nodes`` counts bit assignments tried; ``answers`` holds up to
    2 answers as flat digit lists (0 = empty) in reading order.
    ``jit=False`` runs the identical kernel as plain Python.  ``mirror``
    (default: on for clue-free boards, where it is exact) halves the search
    by the left-right mirror symmetry; it is ignored when clues are given.
    """
    if len(clues) != rows * cols:
        raise ValueError("clues must have rows*cols entries")
    if rows <= 0 or cols <= 0:
        return 0, None, 0, []
    for v in clues:
        if v is not None and not 0 <= v <= 4:
            return 0, None, 0, []
    r2, c2, src = grid_symmetry(rows, cols, TRANSPOSE if cols > rows else 0)
    cl = [clues[p] for p in src]
    clue = np.array([_NO_CLUE if v is None else v for v in cl], dtype=np.int64)
    nbr, comp, cmp_nb = _tables(r2, c2)
    out = np.zeros((2, r2 * c2), dtype=np.int64)
    blank = all(v is None for v in cl)
    use_mirror = 1 if blank and (mirror is None or mirror) else 0
    kernel = _count_kernel if jit else _count_kernel_src
    count, stop, nodes, saved = kernel(
        r2,
        c2,
        clue,
        nbr,
        comp,
        cmp_nb,
        max(1, int(limit)),
        int(node_cap),
        use_mirror,
        out,
    )
    if stop == _LIMIT and count > limit:
        count = limit  # a mirrored pair can overshoot the limit; keep count <= limit
    answers: list[list[int]] = []
    for a in range(int(saved)):
        bits = out[a]
        digits = [0] * (rows * cols)
        for j, p in enumerate(src):
            if bits[j]:
                digits[p] = int(sum(bits[m] for m in nbr[j] if m >= 0))
        answers.append(digits)
    return int(count), _STOPS[stop], int(nodes), answers
