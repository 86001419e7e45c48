"""The SAT counters' one enumeration loop (engine 3 of every puzzle): solve, let the puzzle cut
a model its clauses cannot rule out (a lazy constraint: Sukoro's connectivity, Slant's cycles),
count it, keep the first answers, block it, until the limit; and the backbone (the cells every
answer agrees on), which the setter's ambiguity view and ``pencilbox backbone`` show. It imports nothing of
pencilbox and nothing of it imports the ladder or the brute counters: the SAT counters share it
with each other only.

Every loop runs under a budget, ``Limits`` (the caller sizes it: budgets.sat_budget): solver calls
(a lazy cut's re-solve is one) and their unit propagations together; past either, the loop stops
with ``"nodes"`` and what it has (a blank 20x20 Sukoro's backbone once ran for minutes)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: a model read as (the answer, the clause that blocks it)
Read = Callable[[list[int]], tuple[list[int], list[int]]]
#: the clauses a model breaks that the encoding leaves out (none: the model is an answer)
Cuts = Callable[[list[int]], list[list[int]]]
#: count, "limit", "nodes" or None, solver calls, answers
Counted = tuple[int, str | None, int, list[list[int]]]
#: solver calls and, pooled, their unit propagations (None: no limit)
Limits = tuple[int, int] | None


class SatBudget:
    """What one run may still spend: solver calls and, pooled, their unit propagations (the
    solver's own budget, so one hard call stops too; None: no budget, plain calls, for solvers
    that keep none); ``made``: the calls made, ``out`` once a call found either spent."""

    def __init__(self, calls: int, props: int | None) -> None:
        self.calls, self.props, self.made, self.out = calls, props, 0, False

    def solve(self, solver: Any, assume: Sequence[int] = ()) -> bool | None:
        """One call within what is left: whether a model exists, None once the budget is spent
        (before the call, or the solver stopped inside it)."""
        if self.calls <= 0 or (self.props is not None and self.props <= 0):
            self.out = True
            return None
        self.calls -= 1
        self.made += 1
        if self.props is None:
            return bool(solver.solve(assumptions=list(assume)))
        before = solver.accum_stats()["propagations"]
        solver.prop_budget(self.props)
        got = solver.solve_limited(assumptions=list(assume))
        self.props -= solver.accum_stats()["propagations"] - before
        if got is None:
            self.out = True
        return None if got is None else bool(got)

    @classmethod
    def of(cls, limits: Limits) -> SatBudget:
        """A run's budget from its limits (None: none, as the studies' exact counts)."""
        return cls(*limits) if limits is not None else cls(2**62, None)


def assignment(model: Sequence[int], n: int) -> list[int]:
    """Variables 1..n as literals; a variable no clause mentions may be absent from the model,
    and reads as false."""
    full = [-(i + 1) for i in range(n)]
    for lit in model:
        if 0 < abs(lit) <= n:
            full[abs(lit) - 1] = lit
    return full


def count_models(solver: Any, limit: int, read: Read, cuts: Cuts | None = None, keep: int = 2,
                 budget: SatBudget | None = None) -> Counted:
    """Count the answers up to ``limit``: ``(count, stop, calls, answers)`` with ``stop``
    ``"limit"`` when the limit was reached, ``"nodes"`` when the budget ran out (the count is
    then a lower bound) and the first ``keep`` answers."""
    budget = budget or SatBudget.of(None)
    count, start = 0, budget.made
    answers: list[list[int]] = []
    while True:
        got = budget.solve(solver)
        calls = budget.made - start
        if got is None:
            return count, "nodes", calls, answers
        if not got:
            return count, None, calls, answers
        model = solver.get_model()
        extra = cuts(model) if cuts is not None else []
        if extra:
            for clause in extra:
                solver.add_clause(clause)
            continue
        answer, block = read(model)
        count += 1
        if len(answers) < keep:
            answers.append(answer)
        if count >= limit:
            return count, "limit", calls, answers
        solver.add_clause(block)


#: an answer (as ``Read`` gives it) as one literal per cell, true exactly when the cell holds
#: that answer's value
Values = Callable[[list[int]], list[int]]
#: count, "limit", "nodes" or None, solver calls, answers kept, and per cell whether every answer
#: agrees (None: not settled before the budget ran out)
Spread = tuple[int, str | None, int, list[list[int]], list[bool | None]]


def _answer(solver: Any, assume: list[int], cuts: Cuts | None, budget: SatBudget) -> list[int] | None:
    """A model that is an answer under ``assume``, the lazy cuts added as they are met (None:
    there is none, or the budget ran out: ``budget.out``)."""
    while budget.solve(solver, assume):
        model = solver.get_model()
        extra = cuts(model) if cuts is not None else []
        if not extra:
            return list(model)
        for clause in extra:
            solver.add_clause(clause)
    return None


@dataclass
class Settled:
    """What ``backbone`` found: per cell True (the same in every answer), False (two answers
    differ there) or None (not settled: the budget ran out first), empty where no answer was
    found; the distinct answers it met (each breaks a literal every earlier one shared), the
    first ``keep`` of them, and its calls."""

    fixed: list[bool | None]
    met: int
    answers: list[list[int]]
    calls: int


def backbone(solver: Any, read: Read, values: Values, cuts: Cuts | None = None, keep: int = 2,
             budget: SatBudget | None = None) -> Settled:
    """Keep the literals every answer so far agrees on and ask for an answer that breaks one of
    them, under a fresh switch literal, until none does (at most one answer per cell); no
    answer at all leaves ``fixed`` empty."""
    budget = budget or SatBudget.of(None)
    start = budget.made
    model = _answer(solver, [], cuts, budget)
    if model is None:
        return Settled([], 0, [], budget.made - start)
    answer = read(model)[0]
    found, first = [answer], values(answer)
    kept, met = dict(enumerate(first)), 1
    while kept:
        switch = solver.nof_vars() + 1
        solver.add_clause([-switch, *(-lit for lit in kept.values())])
        model = _answer(solver, [switch], cuts, budget)
        solver.add_clause([-switch])  # the question is spent: its clause holds no more
        if model is None:
            break
        answer = read(model)[0]
        met += 1
        if len(found) < keep:
            found.append(answer)
        other = values(answer)
        kept = {i: lit for i, lit in kept.items() if other[i] == lit}
    settled = not budget.out
    return Settled([(i in kept) if settled or i not in kept else None for i in range(len(first))],
                   met, found, budget.made - start)


def spread(solver: Any, limit: int, keep: int, read: Read, values: Values,
           cuts: Cuts | None = None, limits: Limits = None) -> Spread:
    """The backbone, then the answers counted up to ``limit`` with the first ``keep`` kept; a
    budget spent inside the backbone leaves its cells unsettled and counts the distinct answers
    it met (a lower bound, ``"nodes"``)."""
    budget = SatBudget.of(limits)
    got = backbone(solver, read, values, cuts, keep, budget)
    if budget.out:
        return got.met, "nodes", got.calls, got.answers, got.fixed
    count, stop, more, answers = count_models(solver, limit, read, cuts, keep, budget)
    return count, stop, got.calls + more, answers, got.fixed


def no_count() -> Counted:
    """What a board no answer can fill counts (a fresh value: callers may keep its lists)."""
    return 0, None, 0, []


def no_spread() -> Spread:
    """What a board no answer can fill spreads to."""
    return 0, None, 0, [], []


@dataclass(frozen=True)
class Encoded:
    """A board as a SAT counter encodes it: the solver holding its clauses, how a model reads
    (``Read``), an answer as one literal per cell (``Values``) and the lazy cuts where the
    clauses leave a rule out. What each folder's ``sat_count`` and ``sat_spread`` share."""

    solver: Any
    read: Read
    values: Values
    cuts: Cuts | None = None


def counted(board: Encoded | None, limit: int, limits: Limits = None) -> Counted:
    """``count_models`` on an encoded board (None: no answer can be), the solver freed after."""
    if board is None:
        return no_count()
    with board.solver:
        return count_models(board.solver, limit, board.read, board.cuts, budget=SatBudget.of(limits))


def spread_of(board: Encoded | None, limit: int, keep: int, limits: Limits = None) -> Spread:
    """``spread`` on an encoded board (None: no answer can be), the solver freed after."""
    if board is None:
        return no_spread()
    with board.solver:
        return spread(board.solver, limit, keep, board.read, board.values, board.cuts, limits)
