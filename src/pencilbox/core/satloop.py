"""The SAT counters' one enumeration loop (engine 3 of every puzzle): solve, let the puzzle cut
a model its clauses cannot rule out (a lazy constraint: Sukoro's connectivity, Slant's cycles),
count it, keep the first answers, block it, until the limit; and the backbone (the cells every
answer agrees on), which the setter's ambiguity view and ``pencilbox backbone`` show. It imports nothing of
pencilbox and nothing of it imports the ladder or the brute counters: the SAT counters share it
with each other only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: a model read as (the answer, the clause that blocks it)
Read = Callable[[list[int]], tuple[list[int], list[int]]]
#: the clauses a model breaks that the encoding leaves out (none: the model is an answer)
Cuts = Callable[[list[int]], list[list[int]]]
Counted = tuple[int, str | None, int, list[list[int]]]  # count, "limit" or None, solver calls, answers


def assignment(model: Sequence[int], n: int) -> list[int]:
    """Variables 1..n as literals; a variable no clause mentions may be absent from the model,
    and reads as false."""
    full = [-(i + 1) for i in range(n)]
    for lit in model:
        if 0 < abs(lit) <= n:
            full[abs(lit) - 1] = lit
    return full


def count_models(solver: Any, limit: int, read: Read, cuts: Cuts | None = None, keep: int = 2) -> Counted:
    """Count the answers up to ``limit``: ``(count, stop, calls, answers)`` with ``stop``
    ``"limit"`` when the limit was reached (the count is then a lower bound) and the first
    ``keep`` answers."""
    count = calls = 0
    answers: list[list[int]] = []
    while True:
        calls += 1
        if not solver.solve():
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
#: count, "limit" or None, solver calls, answers kept, and per cell whether every answer agrees
Spread = tuple[int, str | None, int, list[list[int]], list[bool]]


def _answer(solver: Any, assume: list[int], cuts: Cuts | None) -> list[int] | None:
    """A model that is an answer under ``assume``, the lazy cuts added as they are met; None:
    there is none."""
    while solver.solve(assumptions=assume):
        model = solver.get_model()
        extra = cuts(model) if cuts is not None else []
        if not extra:
            return list(model)
        for clause in extra:
            solver.add_clause(clause)
    return None


def backbone(solver: Any, read: Read, values: Values, cuts: Cuts | None = None) -> tuple[list[bool], int]:
    """Which cells hold one value in every answer (all False when there is none), and the solver
    calls: keep the literals every answer so far agrees on and ask for an answer that breaks one
    of them, under a fresh switch literal, until none does (at most one call per cell)."""
    calls = 1
    model = _answer(solver, [], cuts)
    if model is None:
        return [], calls
    first = values(read(model)[0])
    kept = dict(enumerate(first))
    while kept:
        switch = solver.nof_vars() + 1
        solver.add_clause([-switch, *(-lit for lit in kept.values())])
        calls += 1
        model = _answer(solver, [switch], cuts)
        solver.add_clause([-switch])  # the question is spent: its clause holds no more
        if model is None:
            break
        other = values(read(model)[0])
        kept = {i: lit for i, lit in kept.items() if other[i] == lit}
    return [i in kept for i in range(len(first))], calls


def spread(solver: Any, limit: int, keep: int, read: Read, values: Values,
           cuts: Cuts | None = None) -> Spread:
    """The backbone, then the answers counted up to ``limit`` with the first ``keep`` kept."""
    fixed, calls = backbone(solver, read, values, cuts)
    count, stop, more, answers = count_models(solver, limit, read, cuts, keep)
    return count, stop, calls + more, answers, fixed


def no_count() -> Counted:
    """What a board no answer can fill counts (a fresh value: callers may keep its lists)."""
    return 0, None, 0, []


def no_spread() -> Spread:
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


def counted(board: Encoded | None, limit: int) -> Counted:
    """``count_models`` on an encoded board (None: no answer can be), the solver freed after."""
    if board is None:
        return no_count()
    with board.solver:
        return count_models(board.solver, limit, board.read, board.cuts)


def spread_of(board: Encoded | None, limit: int, keep: int) -> Spread:
    """``spread`` on an encoded board (None: no answer can be), the solver freed after."""
    if board is None:
        return no_spread()
    with board.solver:
        return spread(board.solver, limit, keep, board.read, board.values, board.cuts)
