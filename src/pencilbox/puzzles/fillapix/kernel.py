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
from pencilbox.puzzles.fillapix.board import Board
from pencilbox.puzzles.fillapix.rungs import all_pairs

CNT, PAIR, PRB = 1, 2, 4
FLAG = {"count": CNT, "pair": PAIR, PROBE: PRB}


@njit(cache=True)
def _count(dom, clue, block):
    changed = 0
    for i in range(clue.shape[0]):
        v = clue[i]
        if v < 0:
            continue
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
                    changed = 1
    return changed


@njit(cache=True)
def _set(dom, cells, t, keep):
    """Settle the open cells of one part to ``keep`` (with lo <= hi no two moves of one
    pair can clash, so this never wipes a domain out)."""
    for k in range(cells.shape[1]):
        j = cells[t, k]
        if j < 0:
            break
        if dom[j] == 3:
            dom[j] = keep
    return True


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
def _pair(dom, clue, pa, pb, sh, oa, ob):
    changed = 0
    for t in range(pa.shape[0]):
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
            changed = 1
            if not _set(dom, sh, t, 2):
                return -1
        if so and hi == 0:
            changed = 1
            if not _set(dom, sh, t, 1):
                return -1
        for side in range(2):
            cells = oa if side == 0 else ob
            po = ao if side == 0 else bo
            need = need_a if side == 0 else need_b
            if po and need - hi >= po:
                changed = 1
                if not _set(dom, cells, t, 2):
                    return -1
            if po and need - lo <= 0:
                changed = 1
                if not _set(dom, cells, t, 1):
                    return -1
    return changed


@njit(cache=True)
def _base(dom, flags, clue, block, pa, pb, sh, oa, ob):
    i = 0
    while i < 2:
        r = 0
        if i == 0 and flags & CNT:
            r = _count(dom, clue, block)
        elif i == 1 and flags & PAIR:
            r = _pair(dom, clue, pa, pb, sh, oa, ob)
        if r < 0:
            return False
        i = 0 if r > 0 else i + 1
    return True


@njit(cache=True)
def _fixpoint(dom, flags, clue, block, pa, pb, sh, oa, ob, trial):
    """Base rungs to a fixpoint, then probe round-robin from the last drop (as engine.probe)."""
    n = dom.shape[0]
    cursor = 0
    while True:
        if not _base(dom, flags, clue, block, pa, pb, sh, oa, ob):
            return False
        if flags & PRB == 0:
            return True
        found = -1
        for step in range(n):
            var = (cursor + step) % n
            if dom[var] != 3:
                continue
            for bit in (1, 2):
                trial[:] = dom
                trial[var] = bit
                if not _base(trial, flags, clue, block, pa, pb, sh, oa, ob):
                    dom[var] = 3 ^ bit
                    found = var
                    break
            if found >= 0:
                break
        if found < 0:
            return True
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
def _search(dom0, flags, root_flags, limit, node_cap, avoid, clue, block, pa, pb, sh, oa, ob, answers):
    """Count answers; at each branch try first the value that is not ``avoid[var]``."""
    n = dom0.shape[0]
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
            if _fixpoint(cur, f, clue, block, pa, pb, sh, oa, ob, trial):
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
                    depth += 1
                    continue
        fresh = False
        while depth > 0 and not fresh:
            d = depth - 1
            if rem[d]:
                stack[d + 1, :] = stack[d]
                stack[d + 1, var_at[d]] = rem[d]
                rem[d] = 0
                depth = d + 1
                fresh = True
            else:
                depth = d
        if not fresh:
            break
    return count, limit_hit, node_capped, nodes


@njit(cache=True)
def _finish(dom, flags, clue, block, pa, pb, sh, oa, ob, solve):
    trial = np.empty(dom.shape[0], dtype=np.int64)
    if not _fixpoint(dom, flags, clue, block, pa, pb, sh, oa, ob, trial):
        return False
    return not solve or _is_answer(dom, clue, block)


def tables(board: Board) -> tuple:
    return _tables(board.rows, board.cols, board.clues)


@lru_cache(maxsize=512)
def _tables(rows: int, cols: int, clues: tuple[int | None, ...]) -> tuple:
    clue = np.array([-1 if v is None else v for v in clues], dtype=np.int64)
    block, pa, pb, sh, oa, ob = _geometry(rows, cols)
    both = (clue[pa] >= 0) & (clue[pb] >= 0)
    return clue, block, pa[both], pb[both], sh[both], oa[both], ob[both]


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
    return (block, pa, pb, *parts)


def flags_of(names: tuple[str, ...]) -> int:
    out = 0
    for name in names:
        out |= FLAG[name]
    return out


def search(board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
           root: tuple[str, ...] | None = None, avoid: list[int] | None = None) -> Count:
    """Compiled counterpart of ``engine.search``; with ``avoid`` (domains of a known
    answer) each branch tries the other value first."""
    answers = np.zeros((2, len(dom)), dtype=np.int64)
    away = np.zeros(len(dom), dtype=np.int64) if avoid is None else np.array(avoid, dtype=np.int64)
    c, hit, capped, nodes = _search(np.array(dom, dtype=np.int64), flags_of(names),
                                    flags_of(names if root is None else root), limit, node_cap, away,
                                    *tables(board), answers)
    return Count(int(c), bool(hit), bool(capped), int(nodes),
                 [[int(x) for x in answers[k]] for k in range(min(int(c), 2))])


class Kernel:
    """The engine's fast path for Fill-a-Pix."""

    def supports(self, names: tuple[str, ...]) -> bool:
        return all(n in FLAG for n in names)

    def count(self, board: Board, dom: list[int], names: tuple[str, ...], limit: int,
              node_cap: int, root: tuple[str, ...] | None = None) -> Count:
        return search(board, dom, names, limit, node_cap, root)

    def fixpoint(self, board: Board, dom: list[int], names: tuple[str, ...]) -> list[int] | None:
        arr = np.array(dom, dtype=np.int64)
        if not _finish(arr, flags_of(names), *tables(board), False):
            return None
        return [int(x) for x in arr]

    def finishes(self, board: Board, names: tuple[str, ...]) -> bool:
        arr = np.full(board.rows * board.cols, 3, dtype=np.int64)
        return bool(_finish(arr, flags_of(names), *tables(board), True))
