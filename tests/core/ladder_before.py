"""Frozen (tests): the readable fixpoint, probe and hint as they stood before the readable
ladder's fast path (commit a6448bf: core/ladder.py's ``fixpoint`` and ``probe`` without the
compiled screen, core/hint.py's ``_readable``), the oracle tests/core/test_propagate.py holds
the engine to. With a folder's frozen rungs (tests/puzzles/*/rungs_before.py) it is the
readable ladder of that commit, step for step."""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
    bits,
    single,
)
from pencilbox.core.hint import dearest


def fixpoint(puzzle: Any, board: Any, state: State, names: Iterable[Level],
             budget: Budget | None = None) -> None:
    """Run the enabled rungs to a fixpoint, cheapest first; raises Contradiction (and
    OutOfNodes when ``budget`` runs out)."""
    names = tuple(names)
    rungs = [r for r in puzzle.rungs if r.name in names]
    below = tuple(n for n in names if n != PROBE)
    i = cursor = 0
    while True:
        while i < len(rungs):
            i = 0 if rungs[i].apply(board, state) else i + 1
        if PROBE in names:
            cursor = probe(puzzle, board, state, below, cursor, budget)
            if cursor >= 0:
                i = 0
                continue
        return


def probe(puzzle: Any, board: Any, state: State, below: tuple[Level, ...], start: int = 0,
          budget: Budget | None = None) -> int:
    """Drop the first value, scanning round from variable ``start``, whose assumption alone
    makes the rungs ``below`` contradict; returns its variable, or -1 after a full round
    found none."""
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
            try:
                fixpoint(puzzle, board, trial, below)
            except Contradiction as why:
                state.restrict(var, ~bit, PROBE, (var, *why.cells))
                return var
    return -1


def run_fixpoint(puzzle: Any, board: Any, dom: list[int], names: Iterable[Level],
                 probe_cap: int | None = None) -> list[int] | None:
    """The fixpoint domains, or None on a contradiction."""
    state = State(dom.copy())
    try:
        fixpoint(puzzle, board, state, names, Budget(probe_cap))
    except Contradiction:
        return None
    return state.dom


class _Settled(Exception):
    """Raised by _UntilSettled at the first step that settles a variable."""


class _UntilSettled(State):
    """A logging state that stops the fixpoint at the first step settling a variable."""

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


def hint(puzzle: Any, board: Any, dom: list[int], names: tuple[Level, ...], done: Callable[[int, int], bool],
         early: bool, node_cap: int | None) -> Hint | Stuck:
    """The readable fixpoint with its log: the first step that settles a variable, its rung
    and every premise of that variable's steps."""
    spent = Budget(node_cap)
    state = _UntilSettled(dom.copy(), done) if early else State(dom.copy(), log=[])
    try:
        fixpoint(puzzle, board, state, names, spent)
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
