"""The readable ladder's fast path: a puzzle's *propagator* (optional, pure Python) reaches the
same fixpoint as its rungs' passes, working from the cells that changed instead of whole-board
passes, and remembers each probe trial of a board between calls.

Why it is the same fixpoint: every rung is sound and *monotone* (from a narrower state it
concludes at least as much, and a contradiction stays one), so whichever order the rules run
in, they end at the greatest state below the start that no rule narrows (or at a
contradiction, whichever order): the passes' order only decides which step comes first, which
the log of a hint reads and this fast path never writes. Where a run must log (a hint's
premises) or name the cells of a contradiction, the readable passes run, and the propagator
only does what nothing reads the order of: the fixpoints of unlogged states (a search's nodes,
a grade's levels) and the probe's scan for the first value whose trial contradicts.
tests/core/test_propagate.py holds both to the readable ladder as it stood before them.

A probe scan is the same scan, trial for trial (each spends one node of the budget), but a
trial's answer comes from the memo where it can: a trial's fixpoint ``T`` at base ``B`` stays
its fixpoint at any narrower base ``B'`` once the cells where ``B'`` departs from ``B`` (few,
from one hint or one probe round to the next) are propagated again, and a trial that
contradicted at ``B`` contradicts at ``B'``. The memo lives with the bound propagator, a few
boards kept (the page sends the whole board each call).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import chain
from typing import Any, Protocol

from pencilbox.core.state import PROBE, Budget, Contradiction, Level

#: a trial's memo entry: the base it was worked out at and its fixpoint's departures from that
#: base (cell -> domain), or None where the trial contradicted
Entry = tuple[tuple[int, ...], dict[int, int] | None]


class Propagator(Protocol):
    """One board under one set of rungs (probe not among them). ``run`` narrows ``dom`` in place
    to the rungs' fixpoint, given that ``dom`` departs from a fixpoint of those rungs only at
    ``seeds`` (None: anywhere); with ``near``, only a rule that also reads a cell of ``near``
    may move (a memo entry brought up is a fixpoint's state away from both). It returns the
    cells it narrowed (each once) or raises Contradiction (whose cells are not the readable
    run's: Unexplained works those out). It narrows open domains only, reads an empty one as
    the rungs do, and counts its rule evaluations in ``work`` (charged to a verb's pass budget)."""

    work: int
    memo: Memo

    def run(self, dom: list[int], seeds: Iterable[int] | None, near: Collection[int] | None = None,
            ) -> Iterable[int]: ...

    @property
    def reads(self) -> Sequence[frozenset[int]]:
        """Per cell, the cells some rule reads together with it (itself among them)."""


class Propagators(Protocol):
    """A puzzle folder's propagators (its ``rungs`` module's): the rungs they stand for (the
    engine uses them only for the puzzle whose rungs these are) and one per board and rung set."""

    @property
    def rungs(self) -> Sequence[Any]: ...

    def bind(self, board: Any, names: tuple[Level, ...]) -> Propagator | None: ...


MEMO_CELLS = 2500  # boards up to which a propagator keeps its trials from scan to scan (a 50x50 board;
# the player plays up to 30x30): each trial keeps the cells its fixpoint settled


class Memo:
    """A bound propagator's probe trials: (variable, value) -> Entry. A lock keeps one scan at
    a time on it (a server's threads may share a board)."""

    __slots__ = ("entries", "lock")

    def __init__(self) -> None:
        self.entries: dict[tuple[int, int], Entry] = {}
        self.lock = threading.Lock()


class Unexplained(Contradiction):
    """A contradiction the fast path found. Its rung and cells, which only the readable run's
    order decides, are worked out by that run when first read (``redo``); nothing in the
    engine reads them where the fast path runs, so they cost nothing there."""

    def __init__(self, redo: Callable[[], Contradiction]) -> None:  # noqa: D107 - no super(): lazy
        Exception.__init__(self, "contradiction")
        self._redo = redo
        self._why: Contradiction | None = None

    def _real(self) -> Contradiction:
        if self._why is None:
            self._why = self._redo()
        return self._why

    def __getattr__(self, name: str) -> Any:  # rung and cells: the readable run's, once asked for
        if name in ("rung", "cells"):
            return getattr(self._real(), name)
        raise AttributeError(name)

    def __str__(self) -> str:
        return str(self._real())

    def __reduce__(self) -> tuple[Any, ...]:  # to another process as the readable run's own
        why = self._real()
        return Contradiction, (why.rung, why.cells)


def fixpoint(prop: Propagator, dom: list[int], probe: bool, budget: Budget | None,
             seeds: Iterable[int] | None, redo: Callable[[], Contradiction]) -> None:
    """The fixpoint of the bound rungs (and of probe over them with ``probe``) in place, as the
    readable loop reaches it: the rungs to their fixpoint, then probe's scan from where its last
    drop was, one drop, again; each trial spends one node of ``budget``. Raises Unexplained
    (``redo`` names the readable run's contradiction) or OutOfNodes."""
    try:
        prop.run(dom, seeds)
        if not probe:
            return
        cursor = 0
        while True:
            found = scan(prop, dom, cursor, budget)
            if found is None:
                break
            var, bit = found
            dom[var] &= ~bit  # never empty: a drop leaves the variable's other values
            prop.run(dom, (var,))
            cursor = var
    except Unexplained:
        raise
    except Contradiction:
        raise Unexplained(redo) from None


def scan(prop: Propagator, dom: list[int], start: int, budget: Budget | None) -> tuple[int, int] | None:
    """engine.probe's scan over a fixpoint ``dom`` of the bound rungs: the first (variable,
    value), round from ``start``, lowest value first, whose trial contradicts; None after a
    whole round found none. One node of ``budget`` a trial, as the readable probe spends."""
    base = tuple(dom)
    n = len(base)
    memo = prop.memo
    with memo.lock:
        # an empty domain is no base to bring entries to; past MEMO_CELLS the memo lasts one scan
        entries = memo.entries if n <= MEMO_CELLS and 0 not in base else {}
        moved: dict[int, tuple[tuple[int, ...], list[int] | None]] = {}  # id(an entry's base) -> departures
        # trials a fixpoint of this scan holds: the value a trial's fixpoint settles a cell to is
        # that cell's trial, whose own fixpoint then holds this one (not empty: no contradiction)
        held: set[tuple[int, int]] = set()
        for var in chain(range(start, n), range(start)):
            d = base[var]
            if d & (d - 1) == 0:  # settled (or empty: no value to try)
                continue
            rest = d
            while rest:
                bit = rest & -rest
                rest ^= bit
                if budget is not None:
                    budget.spend()
                if (var, bit) in held:
                    continue
                if _contradicts(prop, entries, moved, base, var, bit):
                    return var, bit
                diffs = entries[(var, bit)][1]
                if diffs:
                    held.update((i, t) for i, t in diffs.items() if t and not t & (t - 1))
    return None


def trial(prop: Propagator, base: tuple[int, ...], var: int, bit: int,
          moved: dict[int, tuple[tuple[int, ...], list[int] | None]]) -> dict[int, int]:
    """The fixpoint of the trial ``var = bit`` at ``base``, a fixpoint of probe over the bound
    rungs (so no trial contradicts there), as its departures from ``base`` (its own cell among
    them): what a lookahead search rates a branch by and starts the child from. From the memo
    where it can; ``moved`` is scan's, kept by the caller for the trials at one base."""
    memo = prop.memo
    with memo.lock:
        entries = memo.entries if len(base) <= MEMO_CELLS else {}
        if _contradicts(prop, entries, moved, base, var, bit):
            raise AssertionError(f"the trial {var}={bit} contradicts at a probe fixpoint")
        diffs = entries[(var, bit)][1]
    assert diffs is not None
    return diffs


def _contradicts(prop: Propagator, entries: dict[tuple[int, int], Entry],
                 moved: dict[int, tuple[tuple[int, ...], list[int] | None]], base: tuple[int, ...],
                 var: int, bit: int) -> bool:
    """Whether the trial ``var = bit`` from ``base`` contradicts: the memo's answer brought up to
    ``base`` where it was worked out at a wider one, else propagated; the memo updated.

    Bringing up: the trial's fixpoint T at the entry's base R, met with ``base`` B (a narrowing
    of R), is S = T & B. A rule reading no cell where S departs from T finds S as it found T,
    and one reading no cell where S departs from B finds S as it found B: both were fixpoints.
    So only a rule reading both kinds of cell may move, and where none does, S is the trial's
    fixpoint at B (the greatest one below B and the trial, as it is one and holds that one);
    where some do, the propagator runs those from the fewer kind (S departs from a fixpoint at
    each kind only)."""
    key = (var, bit)
    entry = entries.get(key)
    if entry is not None:
        ref, diffs = entry
        got = moved.get(id(ref))
        if got is None:
            got = moved[id(ref)] = (ref, _narrowed(ref, base))
        cells = got[1]
        if cells is not None:  # base is a narrowing of ref: the entry holds, brought up to base
            if diffs is None:  # contradicted at ref, so at base too
                entries[key] = (base, None)
                return True
            seeds = [i for i in cells if diffs.get(i, ref[i]) & ~base[i]]  # where S departs from T
            moved_in = {}
            for i, t in diffs.items():  # S where it departs from B
                now = t & base[i]
                if now != base[i]:
                    if not now:
                        entries[key] = (base, None)
                        return True
                    moved_in[i] = now
            reads = prop.reads
            seeds = [i for i in seeds if not reads[i].isdisjoint(moved_in)]  # read with S's moves
            if not seeds:
                entries[key] = (base, moved_in)
                return False
            trial = list(base)
            for i, t in moved_in.items():
                trial[i] = t
            if len(moved_in) < len(seeds):  # the rules to run read both kinds: start from the fewer
                return _propagated(prop, entries, key, base, trial, moved_in, moved_in, seeds)
            return _propagated(prop, entries, key, base, trial, seeds, moved_in, moved_in)
    trial = list(base)
    trial[var] = bit
    return _propagated(prop, entries, key, base, trial, (var,), (var,))


def _propagated(prop: Propagator, entries: dict[tuple[int, int], Entry], key: tuple[int, int],
                base: tuple[int, ...], trial: list[int], seeds: Iterable[int], also: Iterable[int],
                near: Collection[int] | None = None) -> bool:
    try:
        changed = prop.run(trial, seeds, near)
    except Contradiction:
        entries[key] = (base, None)
        return True
    entries[key] = (base, {i: trial[i] for i in chain(also, changed)})
    return False


def _narrowed(ref: tuple[int, ...], base: tuple[int, ...]) -> list[int] | None:
    """The cells where ``base`` departs from ``ref``, or None unless each is a narrowing."""
    out: list[int] = []
    _differ(ref, base, 0, len(base), out)
    return None if any(base[i] & ~ref[i] for i in out) else out


def _differ(a: tuple[int, ...], b: tuple[int, ...], lo: int, hi: int, out: list[int]) -> None:
    """The positions in [lo, hi) where a and b differ, by halving (slices compare in C: a few
    differences among hundreds of cells cost a few comparisons, not a Python loop)."""
    if a[lo:hi] == b[lo:hi]:
        return
    if hi - lo <= 16:
        out.extend(i for i in range(lo, hi) if a[i] != b[i])
        return
    mid = (lo + hi) // 2
    _differ(a, b, lo, mid, out)
    _differ(a, b, mid, hi, out)


def below(names: Iterable[Level]) -> tuple[Level, ...]:
    return tuple(n for n in names if n != PROBE)
