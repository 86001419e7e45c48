"""The readable ladder: a puzzle's levels (cumulative, any rung switched off everywhere), the
fixpoint over the enabled rungs (back to the cheapest after any progress, as Tatham's latin.c
does), ``probe`` (singleton consistency over the rungs below it) and the fixpoint a verb runs
(compiled when the puzzle's kernel runs those rungs). A ``Screen`` lets the compiled kernel
skip the rung passes and probe trials that would find nothing. Without a kernel (the browser's
engine) the puzzle's propagator, where it has one, runs the fixpoints that keep no log and
probe's scan (core/propagate.py: the same fixpoints, the same trials), and the last few probe
fixpoints are remembered (a verb asks for one more than once)."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pencilbox.core import propagate
from pencilbox.core.state import PROBE, Budget, Contradiction, Level, State, bits, single
from pencilbox.errors import shown

if TYPE_CHECKING:
    from pencilbox.core.puzzle import BoardT, Kernel, Puzzle


# ---------------------------------------------------------------- levels and ablation

def levels(puzzle: Puzzle[Any, Any]) -> tuple[Level, ...]:
    """The ladder's level names, cheapest first, ending with ``probe``."""
    return (*(r.name for r in puzzle.rungs), PROBE)


def named(puzzle: Puzzle[Any, Any], name: str) -> Level:
    """The level of the puzzle's ladder called ``name`` (a person's text: ``--level``,
    ``--off``, a grade asked for), or a ValueError naming the levels."""
    names = levels(puzzle)
    if name not in names:
        raise ValueError(f"unknown level {shown(name)} for {puzzle.name}; levels: {', '.join(names)}")
    return names[names.index(name)]


def ladder(puzzle: Puzzle[Any, Any], level: Level | None = None,
           off: Iterable[Level] = ()) -> tuple[Level, ...]:
    """Rung names enabled at ``level`` (cumulative), minus the ``off`` ones everywhere (a
    level not on the ladder: ValueError, as ``named``)."""
    return asked(puzzle, level, off)


def asked(puzzle: Puzzle[Any, Any], level: str | None = None, off: Iterable[str] = ()) -> tuple[Level, ...]:
    """``ladder`` at the level and without the rungs a person named (text, checked here in
    that order by ``named``)."""
    names = levels(puzzle)
    top = names[-1] if level is None else named(puzzle, level)
    dropped = tuple(named(puzzle, name) for name in off)
    return tuple(n for n in names[: names.index(top) + 1] if n not in dropped)


_PASSES: ContextVar[Budget | None] = ContextVar("pencilbox_passes", default=None)


@contextmanager
def passes(work: int | None) -> Iterator[None]:
    """Bound the readable rung passes of everything run inside (a verb's searches, grade and
    hint together) to ``work`` units: a pass costs the board's cells times the rung's
    ``weight``; past it, OutOfNodes (capped). A chain of deductions that each take a whole
    pass (a Ripple strip settles one region a pass) ran cells x cells steps without it."""
    token = _PASSES.set(None if work is None else Budget(work=work))
    try:
        yield
    finally:
        _PASSES.reset(token)


# ---------------------------------------------------------------- fixpoint and probe

def fixpoint(puzzle: Puzzle[BoardT, Any], board: BoardT, state: State, names: Iterable[Level],
             budget: Budget | None = None, screen: Screen | None = None, fast: bool = True,
             seeds: Iterable[int] | None = None) -> None:
    """Run the enabled rungs to a fixpoint, cheapest first; raises Contradiction (and
    OutOfNodes when ``budget`` runs out). A ``screen`` skips rung passes and probe trials
    that would find nothing (see Screen). With ``fast`` (and no screen) the puzzle's propagator,
    where it has one, reaches the same fixpoint (core/propagate.py): the whole of it for a
    state that keeps no log, else probe's scan; ``seeds``, where given, promises that the
    state departs from a fixpoint of these rungs only at those cells (the fast path starts
    there; the readable loop ignores it)."""
    names = tuple(names)
    plain = type(state) is State and state.log is None
    if fast and screen is None and plain and PROBE in names and seeds is None:
        _remembered(puzzle, board, state, names, budget)
        return
    _fixpoint(puzzle, board, state, names, budget, screen, fast, seeds)


def _fixpoint(puzzle: Puzzle[BoardT, Any], board: BoardT, state: State, names: tuple[Level, ...],
              budget: Budget | None, screen: Screen | None, fast: bool, seeds: Iterable[int] | None) -> None:
    prop = bound(puzzle, board, propagate.below(names)) if fast and screen is None else None
    if prop is not None and type(state) is State and state.log is None:
        start = state.dom.copy()
        before = prop.work
        try:
            propagate.fixpoint(prop, state.dom, PROBE in names, budget, seeds,
                               lambda: _exact(puzzle, board, start, names))
        finally:
            _toil(prop.work - before)
        return
    _loop(puzzle, board, state, names, budget, screen, prop)


@dataclass
class _Counted(Budget):
    """A budget that counts the nodes spent from it."""

    used: int = 0

    def spend(self) -> None:
        super().spend()
        self.used += 1


#: the last probe fixpoints of unlogged states: (puzzle, board, domains, rungs) -> (the fixpoint, or
#: None and its contradiction; the trials it spent). A verb asks for one more than once: the
#: setter's count probes at its search's root, then its grade probes from the same domains
_DONE: dict[tuple[Any, ...], tuple[tuple[int, ...] | None, int, Contradiction | None]] = {}
_DONE_LOCK = threading.Lock()
DONE_KEPT = 8


def _remembered(puzzle: Puzzle[BoardT, Any], board: BoardT, state: State, names: tuple[Level, ...],
                budget: Budget | None) -> None:
    """``_fixpoint`` of a probe level, or its answer from the last few (the same domains reached,
    the same contradiction, the same trials spent from ``budget``: OutOfNodes where they run out)."""
    key = (puzzle, board, tuple(state.dom), names, puzzle.rungs)
    with _DONE_LOCK:
        got = _DONE.pop(key, None)
        if got is not None:
            _DONE[key] = got
    if got is not None:
        end, used, why = got
        if budget is not None and budget.left is not None:
            if used > budget.left:
                budget.left = 0
                budget.spend()  # OutOfNodes, where the run itself ran out
            budget.left -= used
        if why is not None:
            raise why
        state.dom[:] = end or ()
        return
    counted = _Counted(None if budget is None else budget.left)
    try:
        _fixpoint(puzzle, board, state, names, counted, None, True, None)
    except Contradiction as why:
        _keep(key, (None, counted.used, why))
        raise
    finally:
        if budget is not None:
            budget.left = counted.left
    _keep(key, (tuple(state.dom), counted.used, None))


def _keep(key: tuple[Any, ...], got: tuple[tuple[int, ...] | None, int, Contradiction | None]) -> None:
    with _DONE_LOCK:
        _DONE[key] = got
        while len(_DONE) > DONE_KEPT:
            del _DONE[next(iter(_DONE))]


def _loop(puzzle: Puzzle[BoardT, Any], board: BoardT, state: State, names: tuple[Level, ...],
          budget: Budget | None, screen: Screen | None, prop: propagate.Propagator | None) -> None:
    """The readable fixpoint: each rung's pass, back to the cheapest after any progress, then
    probe (its scan by ``prop`` where given)."""
    rungs = [r for r in puzzle.rungs if r.name in names]
    own = tuple(r.name for r in rungs)
    below = tuple(n for n in names if n != PROBE)
    i = cursor = 0
    toll = _PASSES.get()
    while True:
        i = screen.idle(state.dom, own) if screen is not None and i == 0 else i
        while i < len(rungs):
            if toll is not None:
                toll.toil(len(state.dom) * getattr(rungs[i], "weight", 1))
            i = 0 if rungs[i].apply(board, state) else i + 1
            i = screen.idle(state.dom, own) if screen is not None and i == 0 else i
        if PROBE in names:
            if prop is not None:
                cursor = _probe_fast(puzzle, board, state, below, cursor, budget, prop)
            else:
                cursor = probe(puzzle, board, state, below, cursor, budget, screen)
            if cursor >= 0:
                i = 0
                continue
        return


def bound(puzzle: Puzzle[BoardT, Any], board: BoardT,
          below: tuple[Level, ...]) -> propagate.Propagator | None:
    """The puzzle's propagator for ``board`` under the rungs ``below`` (no probe), or None where
    it has none for them (or its rungs are not the puzzle's: a study's variant)."""
    last = _LAST.get()
    if last is not None and last[0] is puzzle and last[1] is board and last[2] == below \
            and last[3] is puzzle.rungs:
        return last[4]  # a search asks for the same one at every node
    props = puzzle.propagators
    got = None if props is None or props.rungs is not puzzle.rungs else props.bind(board, below)
    _LAST.set((puzzle, board, below, puzzle.rungs, got))
    return got


#: the last propagator ``bound`` gave, with what it was asked (one per thread and task)
_LAST: ContextVar[tuple[Any, Any, tuple[Level, ...], Any, propagate.Propagator | None] | None] = ContextVar(
    "pencilbox_propagator", default=None)


def _toil(work: int) -> None:
    """Charge the fast path's rule evaluations to the verb's pass budget (PROPAGATED_UNITS each)."""
    toll = _PASSES.get()
    if toll is not None and work:
        toll.toil(work * PROPAGATED_UNITS)


PROPAGATED_UNITS = 2  # budget units (about a microsecond of readable work each) a propagator's rule
# evaluation costs: a clue's or a pair's rule, read from a few cells


def _probe_fast(puzzle: Puzzle[BoardT, Any], board: BoardT, state: State, below: tuple[Level, ...],
                start: int, budget: Budget | None, prop: propagate.Propagator) -> int:
    """``probe`` with the propagator's scan (the same trials, each one node): the value it
    finds is dropped with the premises of its readable trial (the cells its contradiction
    names), as ``probe`` drops it."""
    before = prop.work
    try:
        found = propagate.scan(prop, state.dom, start, budget)
    finally:
        _toil(prop.work - before)
    if found is None:
        return -1
    var, bit = found
    if type(state) is State and state.log is None:  # no premises kept: no readable trial to run
        state.restrict(var, ~bit, PROBE)
        return var
    trial = State(state.dom.copy())
    trial.dom[var] = bit
    try:
        _loop(puzzle, board, trial, below, None, None, None)
    except Contradiction as why:
        state.restrict(var, ~bit, PROBE, (var, *why.cells))
        return var
    raise AssertionError(f"{puzzle.name}: the propagator's trial {var}={bit} contradicts, the rungs' not")


class Trials:
    """A search node's trials at its probe fixpoint, each worked out when first asked for
    (``propagate.trial``), and its propagator's memo as the node left it: each child starts from
    its trial's fixpoint, and from that memo, whose entries its state narrows (a sibling's
    subtree leaves entries it does not). One node of ``budget`` a trial, as probe spends."""

    def __init__(self, prop: propagate.Propagator, dom: list[int], budget: Budget | None, keep: bool) -> None:
        self.prop = prop
        self.keep = keep  # whether the memo is kept for the second child
        self.base = tuple(dom)
        self.budget = budget
        self.table: dict[tuple[int, int], dict[int, int]] = {}
        self.moved: dict[int, tuple[tuple[int, ...], list[int] | None]] = {}
        self.kept: dict[tuple[int, int], propagate.Entry] | None = None
        self.ref: tuple[int, ...] | None = None  # the memo's tuple for this state, once met

    def settles(self, var: int) -> tuple[int, ...]:
        """How many cells each value's trial of the open ``var`` settles, lowest value first."""
        return tuple(len(self.trial(var, bit)) for bit in bits(self.base[var]))

    def trial(self, var: int, bit: int) -> dict[int, int]:
        """The trial's fixpoint, as its departures from the node's state."""
        got = self.table.get((var, bit))
        if got is not None:
            return got
        if self.budget is not None:
            self.budget.spend()
        entry = self.prop.memo.entries.get((var, bit))  # most are there at this state: the last scan's
        if entry is not None and entry[1] is not None and (entry[0] is self.ref or entry[0] == self.base):
            self.ref = entry[0]
            got = self.table[(var, bit)] = entry[1]
        else:
            before = self.prop.work
            try:
                got = self.table[(var, bit)] = propagate.trial(self.prop, self.base, var, bit, self.moved)
            finally:
                _toil(self.prop.work - before)
        return got

    def first(self, var: int, rem: int) -> int:
        """The value of ``rem`` to try first: the one whose trial settles the most (the lowest of
        those). A board of one answer is searched whole whichever comes first; on a board of
        several, the player's count met two answers sooner so (bench/lookahead.py)."""
        best, top = rem & -rem, -1
        if best == rem:
            return best
        for bit in bits(rem):
            n = len(self.trial(var, bit))
            if n > top:
                best, top = bit, n
        return best

    def child(self, var: int, bit: int, last: bool) -> list[int]:
        """The state of the child ``var = bit``: its trial's fixpoint (the node's memo put back;
        kept no longer once the ``last`` child has it)."""
        diffs = self.trial(var, bit)
        memo = self.prop.memo
        with memo.lock:
            if self.kept is not None:
                memo.entries.clear()
                memo.entries.update(self.kept)
            if last:
                self.kept = None
            elif self.kept is None and self.keep:  # the first child: the memo is the node's still
                self.kept = dict(memo.entries)
        out = list(self.base)
        for i, t in diffs.items():
            out[i] = t
        if last:  # a deep search keeps a node a level: what it holds goes with its last child
            self.table, self.moved = {}, {}
        return out


KEPT_DEPTH = 16  # the search depth below which a node keeps its memo for its second child: each keeps
# a copy of the memo and the states its entries hold (a 30x30 board of several answers peaked at 30 MB
# so at 48, 20 MB at 16, 16 MB with none), and the hard boards' refutations that profit lie within 16
# levels (40 search-graded 20x20 boards: 28% fewer rule evaluations at 16, as at 48)


def trials(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: tuple[Level, ...],
           budget: Budget | None, depth: int = 0) -> Trials | None:
    """The trials at ``dom``, a fixpoint of ``names`` (probe among them), by the puzzle's
    propagator, for a search node at ``depth``: None where it has none for those rungs."""
    prop = bound(puzzle, board, propagate.below(names))
    return None if prop is None else Trials(prop, dom, budget, depth < KEPT_DEPTH)


def _exact(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int],
           names: tuple[Level, ...]) -> Contradiction:
    """The contradiction the readable loop meets from ``dom`` (a propagator's Unexplained one
    names its rung and cells by it), with no budget: the fast run met it within its own."""
    token = _PASSES.set(None)
    try:
        below = tuple(n for n in names if n != PROBE)
        _loop(puzzle, board, State(dom.copy()), names, None, None, bound(puzzle, board, below))
    except Contradiction as why:
        return why
    finally:
        _PASSES.reset(token)
    raise AssertionError(f"{puzzle.name}: the propagator's fixpoint contradicts, the rungs' does not")


def probe(puzzle: Puzzle[BoardT, Any], board: BoardT, state: State, below: tuple[Level, ...], start: int = 0,
          budget: Budget | None = None, screen: Screen | None = None) -> int:
    """Drop the first value, scanning round from variable ``start``, whose assumption alone
    makes the rungs ``below`` contradict; returns its variable, or -1 after a full round
    found none (resuming where the last drop was keeps repeated sweeps short). With a
    ``screen`` only the trial that drops a value runs readable (for the cells its
    contradiction names), and only with the rungs it needs."""
    n = len(state.dom)
    var: int
    for var in (*range(start, n), *range(start)):
        d = state.dom[var]
        if single(d):
            continue
        for bit in bits(d):
            trial = State(state.dom.copy())
            trial.dom[var] = bit
            if budget is not None:
                budget.spend()
            rungs = below if screen is None else screen.trial(trial.dom, below)
            if rungs is None:
                continue
            try:
                _loop(puzzle, board, trial, rungs, None, screen, None)
            except Contradiction as why:
                state.restrict(var, ~bit, PROBE, (var, *why.cells))
                return var
    return -1


def kernel_for(puzzle: Puzzle[BoardT, Any], names: tuple[Level, ...]) -> Kernel[BoardT] | None:
    """The puzzle's compiled kernel when it has one that runs these rungs."""
    kernel = puzzle.kernel
    return kernel if kernel is not None and kernel.supports(names) else None


def run_fixpoint(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: Iterable[Level],
                 accel: bool = True, probe_cap: int | None = None) -> list[int] | None:
    """The fixpoint domains, or None on a contradiction (kernel when available, else the
    propagator; ``accel=False``: the readable passes alone); its probe runs at most
    ``probe_cap`` trials (OutOfNodes past them)."""
    names = tuple(names)
    kernel = kernel_for(puzzle, names) if accel else None
    if kernel is not None:
        return kernel.fixpoint(board, dom, names, probe_cap)
    state = State(dom.copy())
    try:
        fixpoint(puzzle, board, state, names, Budget(probe_cap), fast=accel)
    except Contradiction:
        return None
    return state.dom


# ---------------------------------------------------------------- the compiled screen

class Screen:
    """One board's kernel, asked what a readable pass or probe trial would find."""

    def __init__(self, kernel: Kernel[Any], board: Any) -> None:
        self.kernel = kernel
        self.board = board

    def idle(self, dom: list[int], names: tuple[Level, ...]) -> int:
        """How many leading rungs of ``names`` leave ``dom`` as it is (the readable loop
        would apply each and change nothing)."""
        k = 0
        while k < len(names) and self.kernel.fixpoint(self.board, dom, names[: k + 1]) == dom:
            k += 1
        return k

    def trial(self, dom: list[int], below: tuple[Level, ...]) -> tuple[Level, ...] | None:
        """None when the rungs ``below`` find no contradiction from ``dom``; else the
        cheapest prefix of them that does (the readable run of ``below`` meets the same
        contradiction before that prefix's fixpoint, so the prefix alone names it)."""
        if self.kernel.fixpoint(self.board, dom, below) is not None:
            return None
        for k in range(1, len(below)):
            if self.kernel.fixpoint(self.board, dom, below[:k]) is None:
                return below[:k]
        return below
