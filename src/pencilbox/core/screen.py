"""The compiled kernel as a screen for the readable hint run: it skips the work the
readable rungs would find nothing in, and runs readable only the steps a hint explains, so
a hint answers in milliseconds and stays the readable ladder's (the kernel-vs-reference
tests hold the two fixpoints equal)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pencilbox.core.engine import (
    PROBE,
    Budget,
    Contradiction,
    Hint,
    Level,
    OutOfNodes,
    State,
    Stuck,
    _Settled,
    _UntilSettled,
    bits,
    dearest,
    fixpoint,
    single,
)
from pencilbox.core.puzzle import BoardT, Kernel, Puzzle


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
