"""The compiled skeleton the puzzles' kernels share, written once: probe's fixpoint, the
counting search and the fixpoint entry, on one domain array and a trail.

A puzzle's ``jit.py`` hands its hooks in as first-class functions (numba specialises the
skeleton on each one, so a hook call is a direct call, and caches the result); its board
tables travel as one tuple ``tabs`` and its search state as one tuple ``st`` whose first
array holds the trail top at index 0. The hooks:

- ``base(dom, flags, tabs, st) -> bool``: the rungs below probe to their fixpoint over what
  is scheduled; False on a contradiction (the scheduled work is then dropped);
- ``narrow(dom, i, new, tabs, st)``: ``dom[i] = new`` (a proper, non-empty subset), trailed,
  and what reads cell ``i`` scheduled;
- ``undo(dom, mark, tabs, st)``: back to when the trail stood at ``mark``, nothing scheduled;
- ``ready(dom, flags, tabs, st)``: before each probe scan (``no_ready`` when nothing is due);
- ``schedule(dom, tabs, st)``: everything scheduled, as for a fixpoint from scratch;
- ``choose(dom, order, tabs, st) -> int``: the branch cell, -1 when every cell is settled;
- ``pick(var, rem, order, tabs) -> int``: the value (one bit of ``rem``) to try next at
  cell ``var``;
- ``is_answer(dom, tabs, st) -> bool``: the leaf check.

``order`` 0 branches as ``engine.search`` does (the tests hold the node counts equal); any
other value is the puzzle's own randomised order, seeded from ``seed``. ``prb`` is the
puzzle's probe flag (the last bit of its ladder, core/kernel.py).

Note for caching: numba keys a cached function on its own file, so an edit here is not seen
by the puzzles' cached code; the checkout's numba cache folder (dev.py) and the ahead-of-time
manifest (compiled/aot.py) hash this file with the puzzles' kernels.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pencilbox.core.poll import EVERY, stopped

DONE, BROKE, CAPPED = 1, 0, 2  # what a fixpoint ends in: reached, a contradiction, out of probe trials


@njit(cache=True)
def bit_value(d):
    """The value of a domain that holds one (its bit's index): domains are bit sets."""
    v = 0
    while d > 1:
        d >>= 1
        v += 1
    return v


@njit(cache=True)
def bit_count(d):
    """How many values a domain holds."""
    c = 0
    while d:
        d &= d - 1
        c += 1
    return c


@njit(cache=True)
def no_ready(dom, flags, tabs, st):
    """The ``ready`` hook of a puzzle with nothing to do before a probe scan."""


@njit(cache=True)
def first_open(dom, order, tabs, st):
    """The ``choose`` hook that branches on the first cell with two values or more."""
    for i in range(dom.shape[0]):
        if dom[i] & (dom[i] - 1):
            return i
    return -1


@njit(cache=True)
def lowest(var, rem, order, tabs):
    """The ``pick`` hook that always tries the lowest value first."""
    return rem & -rem


@njit(cache=True)
def random_bit(rem):
    """One of the set bits of ``rem``, each as likely (a ``pick`` hook's random order, for
    random answers; numba's one random stream, seeded by the search)."""
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


@njit(cache=True, inline="always")
def probe(base, narrow, undo, dom, flags, start, tabs, st, left):
    """Drop the first value, scanning round from ``start``, whose assumption alone
    contradicts the rungs below probe (tried on the trail, then undone), with ``left``
    trials to spend (negative: no cap); returns its cell (-1: no value drops, -2: the trials
    ran out first) and the trials left."""
    n = dom.shape[0]
    for step in range(n):
        if step & EVERY == 0 and stopped():
            return -1, left  # a signal: the call returns at once, what it returns unread (core/poll.py)
        var = (start + step) % n
        d = dom[var]
        if d & (d - 1) == 0:
            continue
        rest = d
        while rest:
            if left == 0:
                return -2, left
            left -= 1
            bit = rest & -rest
            rest ^= bit
            mark = st[0][0]
            narrow(dom, var, bit, tabs, st)
            ok = base(dom, flags, tabs, st)
            undo(dom, mark, tabs, st)
            if not ok:
                narrow(dom, var, d & ~bit, tabs, st)
                return var, left
    return -1, left


@njit(cache=True, inline="always")
def fixpoint(base, narrow, undo, ready, dom, flags, prb, tabs, st, left):
    """The scheduled work to the ladder's fixpoint, then probe round-robin from the last drop
    (as engine.probe) with ``left`` trials (negative: no cap): BROKE on a contradiction,
    CAPPED where the trials ran out (the domains then lie between the start and the
    fixpoint), else DONE; and the trials left."""
    cursor = 0
    while True:
        if not base(dom, flags, tabs, st):
            return BROKE, left
        if flags & prb == 0:
            return DONE, left
        ready(dom, flags, tabs, st)
        var, left = probe(base, narrow, undo, dom, flags, cursor, tabs, st, left)
        if var == -2:
            return CAPPED, left
        if var < 0:
            return DONE, left
        cursor = var


@njit(cache=True, inline="always")
def finish(base, narrow, undo, ready, schedule, is_answer, dom, flags, prb, solve, tabs, st, trials):
    """The fixpoint of ``dom`` in place with at most ``trials`` probe trials (negative: no
    cap): BROKE, CAPPED or DONE as fixpoint says; with ``solve``, BROKE also where the
    fixpoint is not a whole answer."""
    schedule(dom, tabs, st)
    got, _ = fixpoint(base, narrow, undo, ready, dom, flags, prb, tabs, st, trials)
    if got != DONE:
        return got
    return DONE if not solve or is_answer(dom, tabs, st) else BROKE


@njit(cache=True, inline="always")
def search(base, narrow, undo, ready, schedule, choose, pick, is_answer,
           dom, flags, root_flags, prb, limit, node_cap, order, seed, tabs, st, answers, trials):
    """Count answers from ``dom`` (worked on in place) up to ``limit`` with at most
    ``node_cap`` branch points, the root's fixpoint with ``root_flags``: each branch point
    keeps its cell, the values left and its trail mark, and backtracking undoes to the mark,
    so memory is O(cells) at any depth. The first answers go into ``answers``. The probe
    trials of the whole search are at most ``trials`` (negative: no cap); past them, as past
    the node cap or on a signal (core/poll.py), it stops node-capped."""
    n = dom.shape[0]
    if order != 0:
        np.random.seed(seed)
    var_at = np.empty(n + 2, dtype=np.int64)
    rem = np.empty(n + 2, dtype=np.int64)
    mark = np.empty(n + 2, dtype=np.int64)
    schedule(dom, tabs, st)
    extra = flags & ~root_flags  # rungs the root's fixpoint did not run: children start afresh
    depth = 0
    count = 0
    nodes = 0
    limit_hit = False
    node_capped = False
    fresh = True
    while True:
        if fresh:
            if depth == 1 and extra:
                schedule(dom, tabs, st)
            got, trials = fixpoint(base, narrow, undo, ready, dom, root_flags if depth == 0 else flags, prb,
                                   tabs, st, trials)
            if got == CAPPED:
                node_capped = True
                break
            if got == DONE:
                var = choose(dom, order, tabs, st)
                if var < 0:
                    if is_answer(dom, tabs, st):
                        if count < answers.shape[0]:
                            answers[count, :] = dom[:answers.shape[1]]
                        count += 1
                        if count >= limit:
                            limit_hit = True
                            break
                elif nodes >= node_cap or (nodes & EVERY == 0 and stopped()):
                    node_capped = True
                    break
                elif dom[var] == 0:
                    nodes += 1  # a branch point with no value to try (as engine.search)
                else:
                    nodes += 1
                    var_at[depth] = var
                    bit = pick(var, dom[var], order, tabs)
                    rem[depth] = dom[var] ^ bit
                    mark[depth] = st[0][0]
                    narrow(dom, var, bit, tabs, st)
                    depth += 1
                    continue
        fresh = False
        while depth > 0 and not fresh:
            d = depth - 1
            undo(dom, mark[d], tabs, st)
            if rem[d]:
                bit = pick(var_at[d], rem[d], order, tabs)
                rem[d] ^= bit
                narrow(dom, var_at[d], bit, tabs, st)
                depth = d + 1
                fresh = True
            else:
                depth = d
        if not fresh:
            break
    return count, limit_hit, node_capped, nodes
