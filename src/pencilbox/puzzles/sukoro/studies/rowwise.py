"""The second counter of study 1's widths 9 and 10, sharing no code with the compiled transfer
matrix (transfer.py) nor the plain one (blank.py): a whole row at a time instead of a cell,
counts as residues instead of limbs.

The state after a row is that row alone: per cell empty, or numbered with its group and the
degree of the (finished) number above it, 0 when the cell above is empty; the numbered
neighbours so far follow from the row itself. Packed five bits a cell (1 + (group - 1) * 5 +
degree above; at most five groups in a row of ten) into one int64. The next row is chosen by
a depth-first walk over its cells; each choice finishes the old row's numbers, which are
checked (degree >= 1, unequal to the number above and to the number on the left).

Counts are kept modulo M1 = 2^61 - 1 and M2 = 2^61 - 3 (odd, two apart, so coprime) and
joined by the Chinese remainder theorem: exact while a count is below M1 * M2 > 2^121, and an
R x C count is at most 2^(R*C), so R * C <= 121.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pencilbox.core.poll import EVERY, stopped

M1 = (1 << 61) - 1
M2 = (1 << 61) - 3
MAX_WIDTH = 12  # five bits a cell in one word
MAX_CELLS = 121  # 2^(R*C) below M1 * M2
_EMPTY_KEY = -1


@njit(cache=True)
def _unpack(key: int, w: int, num: np.ndarray, above: np.ndarray, grp: np.ndarray) -> None:
    for j in range(w):
        v = (key >> (5 * j)) & 31
        num[j] = 1 if v else 0
        above[j] = (v - 1) % 5 if v else 0
        grp[j] = (v - 1) // 5 + 1 if v else 0


@njit(cache=True)
def _find(parent: np.ndarray, x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@njit(cache=True)
def _store(tk: np.ndarray, r1: np.ndarray, r2: np.ndarray, tm: np.ndarray, key: int, a1: int, a2: int,
           most: int) -> int:
    """Add (a1, a2) into the slot of ``key``; returns 1 when the slot is new."""
    size = tk.shape[0]
    i = (key * 0x5851F42D4C957F2D >> 13) & (size - 1)
    while tk[i] != _EMPTY_KEY and tk[i] != key:
        i = (i + 1) & (size - 1)
    new = 0
    if tk[i] == _EMPTY_KEY:
        tk[i] = key
        r1[i] = 0
        r2[i] = 0
        tm[i] = -1
        new = 1
    x = r1[i] + a1
    r1[i] = x - M1 if x >= M1 else x
    y = r2[i] + a2
    r2[i] = y - M2 if y >= M2 else y
    if most > tm[i]:
        tm[i] = most
    return new


@njit(cache=True)
def _finish(w: int, num: np.ndarray, above: np.ndarray, grp: np.ndarray, bits: np.ndarray,
            parent: np.ndarray, names: np.ndarray) -> int:
    """The next row's state for the chosen ``bits`` (all the old row's numbers already
    checked): -1 dead, -2 the old row's one group finished with nothing below it."""
    groups = 0
    for j in range(w):
        groups = max(groups, grp[j])
    anything = 0
    for j in range(w):
        anything += bits[j]
    if anything == 0:
        if groups == 0:
            return 0
        return -2 if groups == 1 else -1
    for x in range(16 + w):
        parent[x] = x
    for j in range(w):  # group g is node g; new cell j is node 16 + j
        if bits[j]:
            if j > 0 and bits[j - 1]:
                parent[_find(parent, 16 + j)] = _find(parent, 16 + j - 1)
            if num[j]:
                parent[_find(parent, 16 + j)] = _find(parent, grp[j])
    for g in range(1, groups + 1):  # every old group goes on below, or the answer is cut
        root = _find(parent, g)
        on = False
        for j in range(w):
            if bits[j] and _find(parent, 16 + j) == root:
                on = True
                break
        if not on:
            return -1
    names[:] = 0
    given = 0
    key = 0
    for j in range(w):
        if not bits[j]:
            continue
        deg_above = 0
        if num[j]:
            side = (num[j - 1] if j > 0 else 0) + (num[j + 1] if j + 1 < w else 0)
            deg_above = side + int(above[j] > 0) + 1
        near = (bits[j - 1] if j > 0 else 0) + (bits[j + 1] if j + 1 < w else 0) + num[j]
        lo_d, hi_d = max(near, 1), min(near + 1, 4)
        if lo_d > hi_d or (lo_d == hi_d and lo_d == deg_above):
            return -1  # no final degree left for this number
        root = _find(parent, 16 + j)
        if names[root] == 0:
            given += 1
            names[root] = given
        key |= (1 + (names[root] - 1) * 5 + deg_above) << (5 * j)
    return key


@njit(cache=True)
def _row(keys: np.ndarray, c1: np.ndarray, c2: np.ndarray, cm: np.ndarray, w: int, tk: np.ndarray,
         r1: np.ndarray, r2: np.ndarray, tm: np.ndarray, done: np.ndarray) -> int:
    """Every state times every next row that keeps it alive, into the table; answers that end
    with the old row added to ``done`` (two residues, most cells). Returns the states made,
    or -1 when the table is over half full (the caller redoes the row in a larger one)."""
    num = np.zeros(w, np.int64)
    above = np.zeros(w, np.int64)
    grp = np.zeros(w, np.int64)
    deg = np.zeros(w, np.int64)
    bits = np.zeros(w, np.int64)
    parent = np.zeros(16 + w, np.int64)
    names = np.zeros(16 + w, np.int64)
    made = 0
    for s in range(keys.shape[0]):
        if s & EVERY == 0 and stopped():
            return made
        _unpack(keys[s], w, num, above, grp)
        j = 0
        bits[0] = -1
        while j >= 0:
            bits[j] += 1
            if bits[j] > 1:
                j -= 1
                continue
            if num[j]:  # the old number at j is finished: check it
                side = (num[j - 1] if j > 0 else 0) + (num[j + 1] if j + 1 < w else 0)
                d = side + int(above[j] > 0) + bits[j]
                if d == 0 or d == above[j] or (j > 0 and num[j - 1] != 0 and deg[j - 1] == d):
                    continue
                deg[j] = d
            if j + 1 < w:
                j += 1
                bits[j] = -1
                continue
            key = _finish(w, num, above, grp, bits, parent, names)
            if key == -1:
                continue
            ones = 0
            for x in range(w):
                ones += bits[x]
            if key == -2:
                x = done[0] + c1[s]
                done[0] = x - M1 if x >= M1 else x
                y = done[1] + c2[s]
                done[1] = y - M2 if y >= M2 else y
                done[2] = max(done[2], cm[s])
                continue
            made += _store(tk, r1, r2, tm, key, c1[s], c2[s], cm[s] + ones)
            if 2 * made > tk.shape[0]:
                return -1
    return made


@njit(cache=True)
def _close(keys: np.ndarray, c1: np.ndarray, c2: np.ndarray, cm: np.ndarray, w: int, out: np.ndarray) -> None:
    """Add to ``out`` every state whose row, with nothing below it, finishes one answer."""
    num = np.zeros(w, np.int64)
    above = np.zeros(w, np.int64)
    grp = np.zeros(w, np.int64)
    for s in range(keys.shape[0]):
        _unpack(keys[s], w, num, above, grp)
        ok = True
        groups = 0
        prev = -1
        for j in range(w):
            groups = max(groups, grp[j])
            if not num[j]:
                prev = -1
                continue
            d = (num[j - 1] if j > 0 else 0) + (num[j + 1] if j + 1 < w else 0) + int(above[j] > 0)
            if d == 0 or d == above[j] or d == prev:
                ok = False
                break
            prev = d
        if ok and groups == 1:
            x = out[0] + c1[s]
            out[0] = x - M1 if x >= M1 else x
            y = out[1] + c2[s]
            out[1] = y - M2 if y >= M2 else y
            out[2] = max(out[2], cm[s])


def crt(a1: int, a2: int) -> int:
    """The number below M1 * M2 that is a1 mod M1 and a2 mod M2."""
    return a1 + M1 * ((a2 - a1) * pow(M1, -1, M2) % M2)


def row_counts(width: int, length: int) -> tuple[list[tuple[int, int]], list[int]]:
    """(answers, most numbered cells; -1 when none) of the blank L x ``width`` board for every
    L in 1..length, and the states held after each row."""
    if not 1 <= width <= MAX_WIDTH or width * length > MAX_CELLS:
        raise ValueError(f"{length} x {width}: the row counter takes widths 1 to {MAX_WIDTH}, "
                         f"at most {MAX_CELLS} cells")
    keys = np.zeros(1, np.int64)  # nothing numbered yet, one way
    c1, c2, cm = np.ones(1, np.int64), np.ones(1, np.int64), np.zeros(1, np.int64)
    done = np.array([0, 0, -1], np.int64)
    size = 1 << 12
    out: list[tuple[int, int]] = []
    held: list[int] = []
    for _ in range(length):
        while True:
            tk = np.full(size, _EMPTY_KEY, np.int64)
            t1, t2, tm = np.zeros(size, np.int64), np.zeros(size, np.int64), np.zeros(size, np.int64)
            here = done.copy()
            made = _row(keys, c1, c2, cm, width, tk, t1, t2, tm, here)
            if made >= 0:
                done = here
                break
            size *= 2
        used = tk != _EMPTY_KEY
        keys, c1, c2, cm = tk[used], t1[used], t2[used], tm[used]
        total = done.copy()
        _close(keys, c1, c2, cm, width, total)
        count = crt(int(total[0]), int(total[1]))
        out.append((count, int(total[2]) if count else -1))
        held.append(made)
    return out, held
