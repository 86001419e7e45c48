"""Hints: the first variable the readable ladder settles from a position, the rung whose step
settled it, its premises and the level the deduction needs. With a compiled kernel the hint
stays the readable ladder's, but the kernel screens the work: it finds how far the readable run
must go, skips the passes and trials that would find nothing, and for a probe-level hint runs
the rounds before the settle compiled, so that only the steps the hint explains run readable
(the kernel-vs-reference tests hold the two fixpoints equal)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pencilbox.core.ladder import Screen, fixpoint, kernel_for, levels
from pencilbox.core.outcomes import Hint, Stuck
from pencilbox.core.state import PROBE, Budget, Contradiction, Level, OutOfNodes, State, bits, single

if TYPE_CHECKING:
    from pencilbox.core.puzzle import BoardT, Kernel, Puzzle


def dearest(puzzle: Puzzle[Any, Any], rungs: Iterable[Level]) -> Level:
    """The rung of ``rungs`` latest on the ladder: the level a run of those steps needs (a rung
    runs only once every cheaper one is at its fixpoint, so the ladder up to it repeats them)."""
    order = levels(puzzle)
    return max(rungs, key=order.index)


class _Settled(Exception):
    """Raised by _UntilSettled at the first step that settles a variable."""


class _UntilSettled(State):
    """A logging state that stops the fixpoint at the first step settling a variable
    (the same step a full run would log first: the fixpoint is deterministic)."""

    __slots__ = ("done",)

    def __init__(self, dom: list[int], done: Callable[[int, int], bool]) -> None:
        super().__init__(dom, log=[])
        self.done = done

    def restrict(self, var: int, keep: int, rung: Level, premises: Iterable[int] = ()) -> bool:
        old = self.dom[var]
        changed = super().restrict(var, keep, rung, premises)
        if changed and self.done(var, self.dom[var]) and not self.done(var, old):
            raise _Settled
        return changed


def _one_value(var: int, dom: int) -> bool:
    return single(dom)


def hint(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: Iterable[Level],
         done: Callable[[int, int], bool] = _one_value, early: bool = False,
         node_cap: int | None = None, accel: bool = True) -> Hint | Stuck:
    """The first variable the ladder settles from ``dom`` (cheapest rungs first); ``done``
    (variable, domain) says when a domain counts as settled (default: one value; the
    player's Sukoro marks only numbered or empty). ``early`` stops at that variable instead
    of finishing the fixpoint (fast on big boards; a contradiction found later then goes
    unreported). ``node_cap`` bounds the probe trials (one node each): past it the answer
    is capped. With ``accel`` the compiled kernel finds how far the readable run must go
    (see _reach) and screens its probe trials; the answer is the readable run's all the same."""
    names = tuple(names)
    kernel = kernel_for(puzzle, names) if accel else None
    if kernel is None:
        return _readable(puzzle, board, dom, names, done, early, node_cap, fast=accel)
    try:
        reach = _reach(puzzle, board, dom, names, done, kernel, early, node_cap)
    except OutOfNodes:
        return Stuck(False, capped=True)  # the compiled probe settled nothing within the cap
    if reach is None:
        return Stuck(False)  # the compiled fixpoint settles nothing more: no readable run needed
    screen = Screen(kernel, board)
    if reach != names:
        got = _readable(puzzle, board, dom, reach, done, early, node_cap, screen)
        if not isinstance(got, Stuck) or got.contradiction:
            return got
    if early and PROBE in names:
        fast = forward(puzzle, board, dom, names, done, node_cap, screen)
        if fast is not None:
            return fast
    return _readable(puzzle, board, dom, names, done, early, node_cap, screen)


def _readable(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: tuple[Level, ...],
              done: Callable[[int, int], bool], early: bool, node_cap: int | None,
              screen: Screen | None = None, fast: bool = False) -> Hint | Stuck:
    """The readable fixpoint with its log: the first step that settles a variable, its rung
    and every premise of that variable's steps (with ``fast``, probe's scan by the puzzle's
    propagator: the same steps)."""
    spent = Budget(node_cap)
    state = _UntilSettled(dom.copy(), done) if early else State(dom.copy(), log=[])
    try:
        fixpoint(puzzle, board, state, names, spent, screen, fast=fast)
    except Contradiction as why:
        return Stuck(True, why.rung, why.cells)
    except OutOfNodes:
        return Stuck(False, capped=True)
    except _Settled:
        pass
    assert state.log is not None
    for k, step in enumerate(state.log):
        if done(step.var, step.after) and not done(step.var, step.before):
            premises = {p for s in state.log[: k + 1] if s.var == step.var for p in s.premises}
            premises.discard(step.var)
            needs = dearest(puzzle, (s.rung for s in state.log[: k + 1]))
            return Hint(step.var, step.after, step.rung, tuple(sorted(premises)), needs)
    return Stuck(False)


def _reach(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: tuple[Level, ...],
           done: Callable[[int, int], bool], kernel: Kernel[BoardT], early: bool,
           node_cap: int | None) -> tuple[Level, ...] | None:
    """The cheapest cumulative prefix of ``names`` (with ``early``, else all of them) whose
    compiled fixpoint settles a variable or contradicts; None when none does; OutOfNodes
    where a probe runs past ``node_cap`` trials having settled nothing (a settle before the
    cap counts: the readable run stops there). Until that prefix's fixpoint the readable run
    of ``names`` logs exactly the prefix's steps (a rung runs only once every cheaper one is
    at its fixpoint), so the prefix alone stops at the same first settle (a later
    contradiction, which only a full run reports, needs all)."""
    order = levels(puzzle)
    ranked = tuple(sorted(names, key=order.index))
    for k in range(1 if early else len(ranked), len(ranked) + 1):
        end, final = kernel.bounded(board, dom, ranked[:k], node_cap)
        settles = any(done(v, f) and not done(v, d) for v, (d, f) in enumerate(zip(dom, final, strict=True)))
        if end == "broke" or settles:
            return ranked[:k]
        if end == "capped":
            raise OutOfNodes
    return None


# ---------------------------------------------------------------- a probe-level hint, screened

@dataclass
class _Phase:
    """One round of the readable fixpoint: the rungs from ``start`` to their fixpoint
    ``end``, then probe's drop of ``bit`` from ``var`` (var -1: the round ends in a settle)."""

    start: list[int]
    end: list[int]
    var: int = -1
    bit: int = 0


def forward(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: tuple[Level, ...],
            done: Callable[[int, int], bool], node_cap: int | None, screen: Screen) -> Hint | Stuck | None:
    """A probe-level hint as ``engine.hint(early=True)`` gives it: the rounds of the readable
    run (rungs to their fixpoint, one probe drop) run compiled up to the first settle; then
    only the rounds that touched the settled variable run readable, for its premises. None
    where the readable run would contradict (it then says where)."""
    below = tuple(n for n in names if n != PROBE)
    budget = Budget(node_cap)
    phases: list[_Phase] = []
    state, cursor = dom, 0
    while True:
        end = screen.kernel.fixpoint(board, state, below)
        if end is None:
            return None
        phase = _Phase(state, end)
        phases.append(phase)
        if any(done(v, e) and not done(v, d) for v, (d, e) in enumerate(zip(dom, end, strict=True))):
            break
        try:
            drop = _drop(end, below, cursor, budget, screen)
        except OutOfNodes:
            return Stuck(False, capped=True)
        if drop is None:
            return Stuck(False)
        phase.var, phase.bit = drop
        state = end.copy()
        state[phase.var] &= ~phase.bit
        if state[phase.var] == 0:
            return None
        if done(phase.var, state[phase.var]) and not done(phase.var, dom[phase.var]):
            break
        cursor = phase.var
    return _explain(puzzle, board, phases, below, done, screen)


def _drop(dom: list[int], below: tuple[Level, ...], start: int, budget: Budget,
          screen: Screen) -> tuple[int, int] | None:
    """engine.probe's scan, every trial compiled: the first (variable, value) to drop."""
    n = len(dom)
    for var in (*range(start, n), *range(start)):
        d = dom[var]
        if single(d):
            continue
        for bit in bits(d):
            trial = dom.copy()
            trial[var] = bit
            budget.spend()
            if screen.trial(trial, below) is not None:
                return var, bit
    return None


def _explain(puzzle: Puzzle[BoardT, Any], board: BoardT, phases: list[_Phase], below: tuple[Level, ...],
             done: Callable[[int, int], bool], screen: Screen) -> Hint | None:
    """The settled variable of the last round, and the premises of every readable step on it."""
    last = phases[-1]
    rung: Level
    needs: Level
    if last.var >= 0:
        var, value, rung = last.var, last.end[last.var] & ~last.bit, PROBE
        needs = PROBE
        why = _why(puzzle, board, last, below, screen)
        if why is None:
            return None
        premises = set(why)
    else:
        st = _UntilSettled(last.start.copy(), done)
        try:
            fixpoint(puzzle, board, st, below, screen=screen)
        except (_Settled, Contradiction):
            pass
        assert st.log is not None
        if not st.log or not done(st.log[-1].var, st.log[-1].after):
            return None
        step = st.log[-1]
        var, value, rung = step.var, step.after, step.rung
        premises = {p for s in st.log if s.var == var for p in s.premises}
        # the readable run logs the earlier rounds' probe drops before these steps
        earlier = any(phase.var >= 0 for phase in phases[:-1])
        needs = PROBE if earlier else dearest(puzzle, (s.rung for s in st.log))
    for phase in phases if last.var >= 0 else phases[:-1]:  # the rounds' rung passes that moved it
        if phase.start[var] != phase.end[var]:
            log = State(phase.start.copy(), log=[])
            try:
                fixpoint(puzzle, board, log, below, screen=screen)
            except Contradiction:
                return None
            assert log.log is not None
            premises |= {p for s in log.log if s.var == var for p in s.premises}
    for phase in phases[:-1]:  # the earlier drops from it
        if phase.var == var:
            more = _why(puzzle, board, phase, below, screen)
            if more is None:
                return None
            premises |= set(more)
    premises.discard(var)
    return Hint(var, value, rung, tuple(sorted(premises)), needs)


def _why(puzzle: Puzzle[BoardT, Any], board: BoardT, phase: _Phase, below: tuple[Level, ...],
         screen: Screen) -> tuple[int, ...] | None:
    """The premises of a round's probe drop: the variable and the cells its readable trial's
    contradiction names (None if the readable trial finds none)."""
    trial = State(phase.end.copy())
    trial.dom[phase.var] = phase.bit
    rungs = screen.trial(trial.dom, below) or below
    try:
        fixpoint(puzzle, board, trial, rungs, screen=screen)
    except Contradiction as why:
        return (phase.var, *why.cells)
    return None
