"""Blank-board counters of the Sukoro studies, sharing no code with engine 1 (the ladder,
kernel.py) or engine 2 (brute.py): a transfer matrix over the row frontier (exact counts
and largest covers far beyond what a search can enumerate) and a row-by-row enumerator of
every answer (the small boards whose clue sets studies 3, 4 and 9 walk)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from pencilbox.core.poll import EVERY, stopped

Entry = tuple[int, int, int] | None  # a frontier cell: empty, or (component, numbered neighbours, barred)


def _digits_between(low: int, undecided: int) -> int:
    """The final degrees still open to a number with ``low`` numbered neighbours so far."""
    return sum(1 << v for v in range(max(low, 1), min(low + undecided, 4) + 1))


State = tuple[Entry, ...]  # the frontier: the cells of the new row left of the column, the old row from it
Step = tuple[State | None, int]  # a successor (None: an answer just finished), the cell numbered or not
_ENTRIES: dict[Entry, Entry] = {}  # one object per distinct entry, so the fast counter's states stay small


def _canonical(frontier: list[Entry]) -> State:
    """The frontier with its groups renamed 1, 2, ... in order of first appearance."""
    names: dict[int, int] = {}
    out: list[Entry] = []
    for e in frontier:
        if e is not None:
            e = (names.setdefault(e[0], len(names) + 1), e[1], e[2])
            e = _ENTRIES.setdefault(e, e)
        out.append(e)
    return tuple(out)


def _successors(state: State, width: int, c: int, real: bool) -> list[Step]:
    """Decide column c of the next row (forced empty when not ``real``): the cell above
    completes and is checked. Each surviving choice gives the new frontier, or None when the
    last group has just left the frontier (a finished answer, the rest of the board empty)."""
    out: list[Step] = []
    for b in (0, 1) if real else (0,):
        e = list(state)
        up, left = e[c], e[c - 1] if c else None
        up_right = e[c + 1] if c + 1 < width else None
        cell = None
        if b:
            cell = [0, (up is not None) + (left is not None), 0]
            if up is not None:
                up = (up[0], up[1] + 1, up[2])
            if left is not None:
                left = e[c - 1] = (left[0], left[1] + 1, left[2])
        if up is not None:  # its neighbourhood is now decided: rule 1 and rule 2
            degree = up[1]
            if degree == 0 or up[2] >> degree & 1:
                continue
            if cell is not None:
                cell[2] |= 1 << degree
            if up_right is not None:
                e[c + 1] = (up_right[0], up_right[1], up_right[2] | 1 << degree)
        if cell is not None:  # rule 3: join the groups above and to the left
            keep = up[0] if up is not None else left[0] if left is not None else width + 1
            if left is not None and left[0] != keep:
                e = [x if x is None or x[0] != left[0] else (keep, x[1], x[2]) for x in e]
            e[c] = (keep, cell[1], cell[2])
        else:
            e[c] = None
            if up is not None and all(x is None or x[0] != up[0] for x in e):
                if not any(x is not None for x in e):
                    out.append((None, 0))  # sealed: no other group to join it
                continue  # (else a group sealed off while other numbers exist)
        dead = False
        for k, undecided in ((c - 1, 1), (c, 1 + (c + 1 < width)), (c + 1, int(real))):
            if 0 <= k < width and (entry := e[k]) is not None:
                name, low, barred = entry
                open_ = _digits_between(low, undecided)
                if open_ & ~barred == 0:
                    dead = True
                    break
                e[k] = (name, low, barred & open_)
        if not dead:
            out.append((_canonical(e), b))
    return out


Tally = dict[State, tuple[int, int]]  # frontier -> (ways to reach it, most numbered cells on one way)


def _transfer_step(states: Tally, width: int, c: int, real: bool) -> tuple[Tally, int, int]:
    """One column of the next row for every frontier: the new frontiers and the answers
    finished here (sealed) with the most numbered cells among them."""
    new: Tally = {}
    sealed, most_sealed = 0, -1
    for state, (count, most) in states.items():
        for key, b in _successors(state, width, c, real):
            if key is None:
                sealed, most_sealed = sealed + count, max(most_sealed, most)
                continue
            got = new.get(key)
            new[key] = (count, most + b) if got is None else (got[0] + count, max(got[1], most + b))
    return new, sealed, most_sealed


def transfer_counts(width: int, length: int) -> list[tuple[int, int]]:
    """(answers, most numbered cells; -1 when none) of the blank L x ``width`` board for every
    L in 1..length: one pass down the rows, each row closed off by a virtual empty row.

    A frontier cell keeps its group, its numbered neighbours so far and the degrees barred
    by finished neighbours; a group that leaves the frontier is a finished answer. The
    readable reference: ``transfer_counts_fast`` must agree with it."""
    states: Tally = {(None,) * width: (1, 0)}
    sealed, most = 0, -1
    out = []
    for _ in range(length):
        for c in range(width):
            states, s, m = _transfer_step(states, width, c, True)
            sealed, most = sealed + s, max(most, m)
        closing, count, best = states, sealed, most
        for c in range(width):
            closing, s, m = _transfer_step(closing, width, c, False)
            count, best = count + s, max(best, m)
        out.append((count, best))
    return out


def _closes(state: State, width: int) -> bool:
    """Whether an empty row below this row-boundary frontier finishes it into one answer."""
    for c in range(width):
        steps = _successors(state, width, c, False)
        if not steps:
            return False
        key = steps[0][0]
        if key is None:
            return True
        state = key
    return False


def transfer_counts_fast(width: int, length: int) -> tuple[list[tuple[int, int]], int]:
    """``transfer_counts`` with each frontier's successors worked out once per column and the
    virtual empty row's verdict once per frontier (the set of frontiers stops growing after a
    few rows, so later rows only add big integers); also the most frontiers held at once."""
    succ: list[dict[State, list[Step]]] = [{} for _ in range(width)]
    closes: dict[State, bool] = {}
    states: Tally = {(None,) * width: (1, 0)}
    sealed, most, held = 0, -1, 1
    out = []
    for _ in range(length):
        for c in range(width):
            memo = succ[c]
            new: Tally = {}
            for state, (count, m) in states.items():
                steps = memo.get(state)
                if steps is None:
                    steps = memo[state] = _successors(state, width, c, True)
                for key, b in steps:
                    if key is None:
                        sealed, most = sealed + count, max(most, m)
                        continue
                    got = new.get(key)
                    new[key] = (count, m + b) if got is None else (got[0] + count, max(got[1], m + b))
            states = new
            held = max(held, len(states))
        count, best = sealed, most
        for state, (n, m) in states.items():
            done = closes.get(state)
            if done is None:
                done = closes[state] = _closes(state, width)
            if done:
                count, best = count + n, max(best, m)
        out.append((count, best))
    return out, held


# every answer, row by row

@njit(cache=True)
def _row_ok(masks: np.ndarray, degs: np.ndarray, q: int, rows: int, cols: int) -> bool:
    """Row q, its neighbourhood decided: every number has degree >= 1 unequal to the number
    on its left and above; stores the row's degrees."""
    m = masks[q]
    above = masks[q - 1] if q > 0 else 0
    below = masks[q + 1] if q + 1 < rows else 0
    for j in range(cols):
        if m >> j & 1 == 0:
            degs[q, j] = 0
            continue
        d = (above >> j & 1) + (below >> j & 1)
        if j > 0:
            d += m >> (j - 1) & 1
        if j + 1 < cols:
            d += m >> (j + 1) & 1
        if d == 0 or (j > 0 and m >> (j - 1) & 1 and degs[q, j - 1] == d):
            return False
        if above >> j & 1 and degs[q - 1, j] == d:
            return False
        degs[q, j] = d
    return True


@njit(cache=True)
def _connected(masks: np.ndarray, rows: int, cols: int, seen: np.ndarray, todo: np.ndarray) -> bool:
    start = -1
    for i in range(rows * cols):
        seen[i] = 0
        if start < 0 and masks[i // cols] >> (i % cols) & 1:
            start = i
    if start < 0:
        return False
    seen[start] = 1
    todo[0] = start
    top = 1
    while top:
        top -= 1
        r, c = divmod(todo[top], cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < rows and 0 <= cc < cols and masks[rr] >> cc & 1 and not seen[rr * cols + cc]:
                seen[rr * cols + cc] = 1
                todo[top] = rr * cols + cc
                top += 1
    for i in range(rows * cols):
        if masks[i // cols] >> (i % cols) & 1 and not seen[i]:
            return False
    return True


@njit(cache=True)
def _enumerate(rows: int, cols: int, out: np.ndarray) -> int:
    """Every answer of the blank board, row masks in order, a row checked once the row below
    it is chosen; writes the digits into ``out`` while it has room and returns the count."""
    masks = np.zeros(rows, dtype=np.int64)
    degs = np.zeros((rows, cols), dtype=np.int64)
    seen = np.zeros(rows * cols, dtype=np.int64)
    todo = np.zeros(rows * cols, dtype=np.int64)
    found = 0
    r = 0
    masks[0] = -1
    steps = 0
    while r >= 0:
        steps += 1
        if steps & EVERY == 0 and stopped():
            break  # a signal: the call returns at once, unread (core/poll.py)
        masks[r] += 1
        if masks[r] >= 1 << cols:
            r -= 1
            continue
        if r > 0 and not _row_ok(masks, degs, r - 1, rows, cols):
            continue
        if r + 1 < rows:
            r += 1
            masks[r] = -1
            continue
        if _row_ok(masks, degs, r, rows, cols) and _connected(masks, rows, cols, seen, todo):
            if found < out.shape[0]:
                for q in range(rows):
                    for j in range(cols):
                        out[found, q * cols + j] = degs[q, j]
            found += 1
    return found


@lru_cache(maxsize=8)
def all_answers(rows: int, cols: int) -> np.ndarray:
    """Every answer of the blank board, one row of digits (0 empty) per answer."""
    n = _enumerate(rows, cols, np.zeros((0, rows * cols), dtype=np.int8))
    out = np.zeros((n, rows * cols), dtype=np.int8)
    _enumerate(rows, cols, out)
    out.flags.writeable = False
    return out
