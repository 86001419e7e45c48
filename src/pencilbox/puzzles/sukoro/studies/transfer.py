"""The compiled transfer matrix of study 1: blank-board answer counts and largest answers of
widths up to 10, far past the plain one in blank.py (whose frontiers are Python tuples in
dicts). It shares no code with blank.py, so the two confirm each other where both reach.

A frontier (the cells of the new row left of the column, the old row from it) is packed into
two int64 words, nine bits a cell: 0 empty, else 1 + (group - 1) * 64 + numbered neighbours
so far * 16 + barred degrees (bit d - 1 bars degree d). Groups are renamed 1, 2, ... in order
of first appearance; a frontier of width <= 10 holds at most 6, so a cell code is < 512 and
five cells fit a word. Frontiers are hashed into open-addressing arrays, one table per column.

Counts are exact: each is kept in two int64 limbs of base 2^62 (low limb in [0, 2^62), carry
into the high limb), so a count up to 2^124 never wraps; an R x C count is at most 2^(R*C)
(the subsets of the board), 2^120 at 10 x 12. Python joins the limbs into an int at the end.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pencilbox.core.poll import EVERY, stopped

MAX_WIDTH = 10  # six groups at most in a frontier, five cells of nine bits in each word
BASE = 1 << 62  # the low limb of a count stays below this
LOAD = 0.6  # a hash table is doubled (the column redone) past this share of its slots
_NEW = 99  # the group of a cell that starts one, before the renaming


@njit(cache=True)
def _decode(hi: int, lo: int, w: int, lab: np.ndarray, low: np.ndarray, bar: np.ndarray) -> None:
    for k in range(w):
        word = lo if k < 5 else hi
        code = (word >> (9 * (k % 5))) & 511
        if code == 0:
            lab[k] = 0
            low[k] = 0
            bar[k] = 0
        else:
            code -= 1
            bar[k] = code & 15
            low[k] = (code >> 4) & 3
            lab[k] = (code >> 6) + 1


@njit(cache=True)
def _encode(w: int, lab: np.ndarray, low: np.ndarray, bar: np.ndarray, names: np.ndarray) -> tuple[int, int]:
    """The packed frontier with its groups renamed in order of first appearance."""
    names[:] = 0
    given = 0
    hi = 0
    lo = 0
    for k in range(w):
        code = 0
        if lab[k] != 0:
            g = lab[k]
            if names[g] == 0:
                given += 1
                names[g] = given
            code = 1 + (names[g] - 1) * 64 + low[k] * 16 + bar[k]
        if k < 5:
            lo |= code << (9 * k)
        else:
            hi |= code << (9 * (k - 5))
    return hi, lo


@njit(cache=True)
def _open(low: int, undecided: int) -> int:
    """The final degrees (bit d - 1 for degree d) a number with ``low`` numbered neighbours
    and ``undecided`` neighbours still open can reach."""
    out = 0
    for d in range(max(low, 1), min(low + undecided, 4) + 1):
        out |= 1 << (d - 1)
    return out


@njit(cache=True)
def _place(lab: np.ndarray, low: np.ndarray, bar: np.ndarray, w: int, c: int, real: bool, b: int) -> int:
    """Decide column c of the next row (numbered when b) in place: the cell above it is then
    complete and checked (degree >= 1, not barred, bars its right neighbour). Returns 0 dead,
    1 a new frontier (not yet renamed), 2 an answer just finished (its last group sealed
    with nothing else numbered)."""
    up = lab[c] != 0
    left = c > 0 and lab[c - 1] != 0
    cell_low = 0
    cell_bar = 0
    up_low = low[c]
    if b:
        cell_low = int(up) + int(left)
        if up:
            up_low += 1
        if left:
            low[c - 1] += 1
    if up:
        if up_low == 0 or (bar[c] >> (up_low - 1)) & 1:
            return 0
        if b:
            cell_bar |= 1 << (up_low - 1)
        if c + 1 < w and lab[c + 1] != 0:
            bar[c + 1] |= 1 << (up_low - 1)
    up_group = lab[c]
    if b:
        keep = up_group if up else (lab[c - 1] if left else _NEW)
        if left and lab[c - 1] != keep:
            old = lab[c - 1]
            for k in range(w):
                if lab[k] == old:
                    lab[k] = keep
        lab[c] = keep
        low[c] = cell_low
        bar[c] = cell_bar
    else:
        lab[c] = 0
        low[c] = 0
        bar[c] = 0
        if up:
            alone = True
            anything = False
            for k in range(w):
                if lab[k] != 0:
                    anything = True
                    if lab[k] == up_group:
                        alone = False
            if alone:
                return 0 if anything else 2
    for k, undecided in ((c - 1, 1), (c, 1 + int(c + 1 < w)), (c + 1, int(real))):
        if 0 <= k < w and lab[k] != 0:
            can = _open(low[k], undecided)
            if can & ~bar[k] == 0:
                return 0
            bar[k] &= can
    return 1


@njit(cache=True)
def _add(hc: np.ndarray, lc: np.ndarray, i: int, h: int, lo: int) -> None:
    """hc[i] * 2^62 + lc[i] += h * 2^62 + lo, carrying."""
    s = lc[i] + lo
    if s >= BASE:
        s -= BASE
        h += 1
    lc[i] = s
    hc[i] += h


@njit(cache=True)
def _slot(th: np.ndarray, tl: np.ndarray, hi: int, lo: int) -> int:
    mask = th.shape[0] - 1
    i = ((lo * 0x2545F4914F6CDD1D) ^ (hi * 0x9E3779B97F4A7C1)) >> 17 & mask
    while tl[i] != -1 and (tl[i] != lo or th[i] != hi):
        i = (i + 1) & mask
    return int(i)


@njit(cache=True)
def _column(kh: np.ndarray, kl: np.ndarray, ch: np.ndarray, cl: np.ndarray, most: np.ndarray, n: int,
            w: int, c: int, th: np.ndarray, tl: np.ndarray, tch: np.ndarray, tcl: np.ndarray,
            tm: np.ndarray, sealed: np.ndarray) -> int:
    """Every frontier's successors at column c into the table (t*); answers finished here
    added to ``sealed`` (high limb, low limb, most cells). Returns the frontiers held, or -1
    when the table passed its load (the caller doubles it and redoes the column)."""
    lab = np.zeros(w, np.int64)
    low = np.zeros(w, np.int64)
    bar = np.zeros(w, np.int64)
    names = np.zeros(_NEW + 1, np.int64)
    cap = int(th.shape[0] * LOAD)
    held = 0
    for s in range(n):
        if s & EVERY == 0 and stopped():
            return held
        for b in range(2):
            _decode(kh[s], kl[s], w, lab, low, bar)
            got = _place(lab, low, bar, w, c, True, b)
            if got == 0:
                continue
            if got == 2:
                _add(sealed, sealed[1:], 0, ch[s], cl[s])
                sealed[2] = max(sealed[2], most[s])
                continue
            hi, lo = _encode(w, lab, low, bar, names)
            i = _slot(th, tl, hi, lo)
            if tl[i] == -1:
                held += 1
                if held > cap:
                    return -1
                th[i] = hi
                tl[i] = lo
                tch[i] = 0
                tcl[i] = 0
                tm[i] = 0
            _add(tch, tcl, i, ch[s], cl[s])
            tm[i] = max(tm[i], most[s] + b)
    return held


@njit(cache=True)
def _closing(kh: np.ndarray, kl: np.ndarray, ch: np.ndarray, cl: np.ndarray, most: np.ndarray, n: int,
             w: int, out: np.ndarray) -> None:
    """Add to ``out`` (high limb, low limb, most cells) every frontier that an empty row below
    finishes into one answer."""
    lab = np.zeros(w, np.int64)
    low = np.zeros(w, np.int64)
    bar = np.zeros(w, np.int64)
    for s in range(n):
        if s & EVERY == 0 and stopped():
            return
        _decode(kh[s], kl[s], w, lab, low, bar)
        got = 0
        for c in range(w):
            got = _place(lab, low, bar, w, c, False, 0)
            if got != 1:
                break
        if got == 2:
            _add(out, out[1:], 0, ch[s], cl[s])
            out[2] = max(out[2], most[s])


def _table(size: int) -> tuple[np.ndarray, ...]:
    th = np.zeros(size, np.int64)
    tl = np.full(size, -1, np.int64)
    return th, tl, np.zeros(size, np.int64), np.zeros(size, np.int64), np.zeros(size, np.int32)


def compiled_counts(width: int, length: int) -> tuple[list[tuple[int, int]], list[int]]:
    """(answers, most numbered cells; -1 when none) of the blank L x ``width`` board for every
    L in 1..length, and the most frontiers held at once after each row."""
    if not 1 <= width <= MAX_WIDTH:
        raise ValueError(f"width {width}: the compiled transfer matrix takes 1 to {MAX_WIDTH}")
    kh, kl = np.zeros(1, np.int64), np.zeros(1, np.int64)  # the empty frontier, reached one way
    ch, cl, most = np.zeros(1, np.int64), np.ones(1, np.int64), np.zeros(1, np.int32)
    sealed = np.array([0, 0, -1], np.int64)
    size = 1 << 10
    out: list[tuple[int, int]] = []
    held_by_row: list[int] = []
    for _ in range(length):
        row_held = 0
        for c in range(width):
            while True:
                t = _table(size)
                here = sealed.copy()  # a column redone must not count its finished answers twice
                held = _column(kh, kl, ch, cl, most, len(kh), width, c, t[0], t[1], t[2], t[3], t[4], here)
                if held >= 0:
                    sealed = here
                    break
                size *= 2
            keep = t[1] != -1
            kh, kl, ch, cl, most = (a[keep] for a in t)
            row_held = max(row_held, held)
            while size > 4096 and held < size * LOAD / 8:
                size //= 2
        done = sealed.copy()
        _closing(kh, kl, ch, cl, most, len(kh), width, done)
        count = int(done[0]) * BASE + int(done[1])
        out.append((count, int(done[2]) if count else -1))
        held_by_row.append(row_held)
    return out, held_by_row
