"""The readable ladder: a puzzle's levels (cumulative, any rung switched off everywhere), the
fixpoint over the enabled rungs (back to the cheapest after any progress, as Tatham's latin.c
does), ``probe`` (singleton consistency over the rungs below it) and the fixpoint a verb runs
(compiled when the puzzle's kernel runs those rungs). A ``Screen`` lets the compiled kernel
skip the rung passes and probe trials that would find nothing."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

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
             budget: Budget | None = None, screen: Screen | None = None) -> None:
    """Run the enabled rungs to a fixpoint, cheapest first; raises Contradiction (and
    OutOfNodes when ``budget`` runs out). A ``screen`` skips rung passes and probe trials
    that would find nothing (see Screen)."""
    names = tuple(names)
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
            cursor = probe(puzzle, board, state, below, cursor, budget, screen)
            if cursor >= 0:
                i = 0
                continue
        return


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
                fixpoint(puzzle, board, trial, rungs, screen=screen)
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
    """The fixpoint domains, or None on a contradiction (kernel when available); its probe
    runs at most ``probe_cap`` trials (OutOfNodes past them)."""
    names = tuple(names)
    kernel = kernel_for(puzzle, names) if accel else None
    if kernel is not None:
        return kernel.fixpoint(board, dom, names, probe_cap)
    state = State(dom.copy())
    try:
        fixpoint(puzzle, board, state, names, Budget(probe_cap))
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
