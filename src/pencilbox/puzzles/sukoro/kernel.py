"""The Sukoro ladder compiled with numba: the same ``deg``, ``neq``, ``conn`` and ``probe``
as rungs.py, on int64 arrays, plus an iterative counting search.

rungs.py stays the readable reference (it records reasons for hints); tests hold this
kernel to it (same fixpoints, same counts, same node counts). Rung results: 1 changed,
0 unchanged, -1 contradiction.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pencilbox.core.engine import PROBE, Count
from pencilbox.core.kernel import KernelBase
from pencilbox.core.kernel import flags_of as shared_flags
from pencilbox.puzzles.sukoro.board import Board, initial_state

EMPTY = 1
NUMBERED = 30
DEG, NEQ, CONN, PRB = 1, 2, 4, 8
FLAG = {"deg": DEG, "neq": NEQ, "conn": CONN, PROBE: PRB}
ORDER_LOW, ORDER_RANDOM, ORDER_NUMBERED = 0, 1, 2
# Rule variants for studies: which of the rules "adjacent numbers differ" and "numbers
# connected" a leaf must obey (the rungs that rely on a dropped rule must be off too).
DIFFER, CONNECTED = 1, 2
ALL_RULES = DIFFER | CONNECTED
RULE_BITS = {"differ": DIFFER, "connected": CONNECTED}
DIGITS = np.array([[sum(1 << v for v in range(max(s, 1), min(p, 4) + 1)) for p in range(5)]
                   for s in range(5)], dtype=np.int64)


@njit(cache=True)
def _digit(d):
    v = 0
    while d > 1:
        d >>= 1
        v += 1
    return v


@njit(cache=True)
def _deg(dom, orth):
    changed = 0
    for i in range(dom.shape[0]):
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
            return -1
        if new != dom[i]:
            dom[i] = new
            changed = 1
        d = dom[i]
        if d & (d - 1) == 0 and d != EMPTY:
            v = _digit(d)
            if v == s or v == p:
                to = EMPTY if v == s else NUMBERED
                for k in range(4):
                    j = orth[i, k]
                    if j < 0:
                        break
                    if dom[j] & EMPTY and dom[j] & NUMBERED:
                        dom[j] &= to
                        changed = 1
    return changed


@njit(cache=True)
def _neq(dom, orth):
    changed = 0
    for i in range(dom.shape[0]):
        d = dom[i]
        if d & (d - 1) == 0 and d != EMPTY:
            for k in range(4):
                j = orth[i, k]
                if j < 0:
                    break
                new = dom[j] & ~d
                if new == 0:
                    return -1
                if new != dom[j]:
                    dom[j] = new
                    changed = 1
    return changed


@njit(cache=True)
def _conn(dom, orth, disc, low, held, su, sp, sk, cut):
    n = dom.shape[0]
    anycan = False
    root = -1
    for i in range(n):
        if dom[i] & NUMBERED:
            anycan = True
            if dom[i] & EMPTY == 0 and root < 0:
                root = i
    if not anycan:
        return -1
    if root < 0:
        return 0
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
            dom[i] = EMPTY
            changed = 1
    for i in range(n):
        if cut[i] and dom[i] & EMPTY:
            dom[i] &= NUMBERED
            changed = 1
    return changed


@njit(cache=True)
def _base(dom, orth, flags, work):
    """Fixpoint of the enabled rungs below probe, cheapest first; False on contradiction."""
    i = 0
    while i < 3:
        r = 0
        if i == 0 and flags & DEG:
            r = _deg(dom, orth)
        elif i == 1 and flags & NEQ:
            r = _neq(dom, orth)
        elif i == 2 and flags & CONN:
            r = _conn(dom, orth, work[0], work[1], work[2], work[3], work[4], work[5], work[6])
        if r < 0:
            return False
        i = 0 if r > 0 else i + 1
    return True


@njit(cache=True)
def _probe(dom, orth, flags, work, trial, start):
    """Drop the first value, scanning round from ``start``, whose assumption alone
    contradicts the rungs below probe; returns its variable, -1 if none, -2 on a wipe-out."""
    n = dom.shape[0]
    for step in range(n):
        var = (start + step) % n
        d = dom[var]
        if d & (d - 1) == 0:
            continue
        rest = d
        while rest:
            bit = rest & -rest
            rest ^= bit
            trial[:] = dom
            trial[var] = bit
            if not _base(trial, orth, flags, work):
                dom[var] &= ~bit
                if dom[var] == 0:
                    return -2
                return var
    return -1


@njit(cache=True)
def _fixpoint(dom, orth, flags, work, trial):
    cursor = 0
    while True:
        if not _base(dom, orth, flags, work):
            return False
        if flags & PRB == 0:
            return True
        r = _probe(dom, orth, flags, work, trial, cursor)
        if r == -2:
            return False
        if r == -1:
            return True
        cursor = r


@njit(cache=True)
def _is_answer(dom, orth, seen, todo, rules):
    """A settled state obeys every rule in force (the leaf check when rungs are off)."""
    n = dom.shape[0]
    start = -1
    for i in range(n):
        d = dom[i]
        if d == 0 or d & (d - 1):
            return False
        if d == EMPTY:
            continue
        start = i
        v = _digit(d)
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
def _pick(rem, order):
    if order == ORDER_LOW:
        return rem & -rem
    if order == ORDER_NUMBERED and rem & NUMBERED:
        rem &= NUMBERED
    k = 0
    x = rem
    while x:
        x &= x - 1
        k += 1
    t = np.random.randint(k)
    while True:
        bit = rem & -rem
        if t == 0:
            return bit
        rem ^= bit
        t -= 1


@njit(cache=True)
def _choose(dom, order):
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
def _search(dom0, orth, flags, limit, node_cap, order, seed, answers, rules, root_flags):
    """Count answers up to ``limit`` with at most ``node_cap`` branch points."""
    n = dom0.shape[0]
    if order != ORDER_LOW:
        np.random.seed(seed)
    stack = np.empty((n + 2, n), dtype=np.int64)
    var_at = np.empty(n + 2, dtype=np.int64)
    rem = np.empty(n + 2, dtype=np.int64)
    work = np.empty((7, n), dtype=np.int64)
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
            if _fixpoint(cur, orth, root_flags if depth == 0 else flags, work, trial):
                var = _choose(cur, order)
                if var < 0:
                    if _is_answer(cur, orth, work[0], work[1], rules):
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
                    bit = _pick(cur[var], order)
                    rem[depth] = cur[var] ^ bit
                    stack[depth + 1, :] = cur
                    stack[depth + 1, var] = bit
                    depth += 1
                    continue
        fresh = False
        while depth > 0 and not fresh:
            d = depth - 1
            if rem[d]:
                bit = _pick(rem[d], order)
                rem[d] ^= bit
                stack[d + 1, :] = stack[d]
                stack[d + 1, var_at[d]] = bit
                depth = d + 1
                fresh = True
            else:
                depth = d
        if not fresh:
            break
    return count, limit_hit, node_capped, nodes


@njit(cache=True)
def _finish_entry(dom, orth, flags):
    n = dom.shape[0]
    work = np.empty((7, n), dtype=np.int64)
    trial = np.empty(n, dtype=np.int64)
    if not _fixpoint(dom, orth, flags, work, trial):
        return False
    return _is_answer(dom, orth, work[0], work[1], ALL_RULES)


@njit(cache=True)
def _fixpoint_entry(dom, orth, flags):
    n = dom.shape[0]
    work = np.empty((7, n), dtype=np.int64)
    trial = np.empty(n, dtype=np.int64)
    return _fixpoint(dom, orth, flags, work, trial)


def flags_of(names: tuple[str, ...]) -> int:
    return shared_flags(FLAG, names)


def rules_mask(dropped: tuple[str, ...] = ()) -> int:
    """The rules in force once ``dropped`` (names from RULE_BITS) are switched off."""
    mask = ALL_RULES
    for name in dropped:
        mask &= ~RULE_BITS[name]
    return mask


def search(board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
           order: int = ORDER_LOW, seed: int = 0, dropped: tuple[str, ...] = (),
           root: tuple[str, ...] | None = None) -> Count:
    """Compiled counterpart of ``engine.search`` (same order of branching when ORDER_LOW).
    ``dropped`` switches rules off for studies; rungs that rely on them must be left out."""
    used = set(names) | set(root or ())
    if ("connected" in dropped and "conn" in used) or ("differ" in dropped and "neq" in used):
        raise ValueError("a rung that relies on a dropped rule is still enabled")
    answers = np.zeros((2, len(dom)), dtype=np.int64)
    c, hit, capped, nodes = _search(np.array(dom, dtype=np.int64), board.grid.orth_array(),
                                    flags_of(names), limit, node_cap, order, seed, answers,
                                    rules_mask(dropped), flags_of(names if root is None else root))
    return Count(int(c), bool(hit), bool(capped), int(nodes),
                 [[int(x) for x in answers[k]] for k in range(min(int(c), 2))])


class Kernel(KernelBase):
    """The engine's fast path for Sukoro."""

    FLAG = FLAG

    def search(self, board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
               root: tuple[str, ...] | None = None) -> Count:
        return search(board, dom, names, limit, node_cap, root=root)

    def finish(self, arr: np.ndarray, board: Board, flags: int, solve: bool) -> bool:
        orth = board.grid.orth_array()
        return bool(_finish_entry(arr, orth, flags) if solve else _fixpoint_entry(arr, orth, flags))

    def start(self, board: Board) -> list[int]:
        return initial_state(board)
