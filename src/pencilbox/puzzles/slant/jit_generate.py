"""The Slant generator's erasure loop compiled: every check of "the target level alone still
finishes the board" runs here, on jit.py's ladder, without coming back to Python.

The known answer makes each check cheaper and leaves its verdict as the readable loop's: a
sound rung never contradicts the answer, so probe tries only the other diagonal of each open
cell, and a trial that settles other cells away from the answer without a contradiction
shows those cells' own trials would not contradict either (until the next drop), so they
are skipped. The probe fixpoint is the same however its drops are ordered (each drop stays
valid as the domains shrink), so every verdict, and the board, is the readable loop's.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pencilbox.core.poll import EVERY, stopped
from pencilbox.puzzles.slant.jit import _base, _narrow, _push, _state, _undo_to
from pencilbox.puzzles.slant.kernel import PRB

# the erasure loop, built ahead of time with the ladder's entry points (compiled/aot.py)
EXPORTS = ('_minimise',)


@njit(cache=True, _nrt=False)
def _schedule_live(dom, tabs, st):
    """Schedule every clue still shown, every duet and every settled cell (a fixpoint from
    scratch on the board with some clues erased; a duet with an erased clue reads nothing)."""
    clue, clued, dp = tabs[0], tabs[1], tabs[5]
    ctr, q = st[0], st[2]
    points, pairs = clue.shape[0], dp.shape[0]
    for t in range(clued.shape[0]):
        if clue[clued[t]] >= 0:
            _push(q, ctr, 1, clued[t], 0)
    for t in range(pairs):
        _push(q, ctr, 2, t, points)
    for i in range(dom.shape[0]):
        if dom[i] != 3:
            _push(q, ctr, 3, i, points + pairs)


@njit(cache=True, _nrt=False)
def _probe_away(dom, flags, start, answer, skip, epoch, tabs, st):
    """probe's scan (round from ``start``) trying each open cell's diagonal away from the
    ``answer`` only, and not the cells an earlier trial of this ``epoch`` settled away from
    it; returns the cell dropped, or -1."""
    n = dom.shape[0]
    tr = st[1]
    for step in range(n):
        if step & EVERY == 0 and stopped():
            return -1  # a signal: the call returns at once, unread (core/poll.py)
        var = (start + step) % n
        if dom[var] != 3 or skip[var] == epoch:
            continue
        away = 3 ^ answer[var]
        mark = st[0][0]
        _narrow(dom, var, away, tabs, st)
        ok = _base(dom, flags, tabs, st)
        if ok:
            for t in range(mark, st[0][0]):
                c = tr[0, t]
                if c >= 0 and dom[c] == 3 ^ answer[c]:
                    skip[c] = epoch
        _undo_to(dom, mark, tabs, st)
        if not ok:
            _narrow(dom, var, answer[var], tabs, st)
            return var
    return -1


@njit(cache=True, _nrt=False)
def _finishes(dom, flags, answer, skip, tabs, st):
    """Whether the level's fixpoint, from what is scheduled, settles every cell (then into
    ``answer``): the rungs below probe, then probe's scans as core/jit.py's fixpoint runs them."""
    epoch = skip[dom.shape[0]] + 1
    cursor = 0
    while True:
        if not _base(dom, flags, tabs, st):
            skip[dom.shape[0]] = epoch
            return False
        done = True
        for i in range(dom.shape[0]):
            if dom[i] == 3:
                done = False
                break
        if done or flags & PRB == 0:
            skip[dom.shape[0]] = epoch
            return done
        var = _probe_away(dom, flags, cursor, answer, skip, epoch, tabs, st)
        epoch += 1
        if var < 0:
            skip[dom.shape[0]] = epoch
            return False
        cursor = var


@njit(cache=True)
def _minimise(order, answer, flags, below, tabs):
    """The generator's erasure loop, whole: erase each clue of ``order`` in turn (``tabs``
    hold every clue of the answer; ``tabs[0]`` is changed in place) and keep the erasure
    while the rungs of ``flags`` alone finish the board. Returns how many checks ran (-1:
    the board with every clue shown does not finish, nothing was erased) and whether the
    rungs of ``below`` (the level under, 0 for none) finish the board left."""
    n = answer.shape[0]
    clue = tabs[0]
    dom = np.full(n, 3, dtype=np.int64)
    st = _state(n, clue.shape[0], tabs[5].shape[0])
    skip = np.zeros(n + 1, dtype=np.int64)  # the last slot holds the epoch reached
    _schedule_live(dom, tabs, st)
    if not _finishes(dom, flags, answer, skip, tabs, st):
        return -1, False
    checks = 0
    for i in order:
        if stopped():
            break
        kept = clue[i]
        clue[i] = -1
        _undo_to(dom, 0, tabs, st)
        _schedule_live(dom, tabs, st)
        checks += 1
        if not _finishes(dom, flags, answer, skip, tabs, st):
            clue[i] = kept
    _undo_to(dom, 0, tabs, st)
    if below == 0:
        return checks, False
    _schedule_live(dom, tabs, st)
    easier = _finishes(dom, below, answer, skip, tabs, st)
    _undo_to(dom, 0, tabs, st)
    return checks, easier
