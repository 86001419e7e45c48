"""The SAT counters' one enumeration loop (engine 3 of every puzzle): solve, let the puzzle cut
a model its clauses cannot rule out (a lazy constraint: Sukoro's connectivity, Slant's cycles),
count it, keep the first two answers, block it, until the limit. It imports nothing of
pencilbox and nothing of it imports the ladder or the brute counters: the SAT counters share it
with each other only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
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


def count_models(solver: Any, limit: int, read: Read, cuts: Cuts | None = None) -> Counted:
    """Count the answers up to ``limit``: ``(count, stop, calls, answers)`` with ``stop``
    ``"limit"`` when the limit was reached (the count is then a lower bound)."""
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
        if len(answers) < 2:
            answers.append(answer)
        if count >= limit:
            return count, "limit", calls, answers
        solver.add_clause(block)
