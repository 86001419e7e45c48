"""The toy's SAT counter (python-sat): one Boolean per cell, each clue an exact cardinality
constraint over its plus; every model found is blocked until none is left or ``limit``."""

from __future__ import annotations

from collections.abc import Sequence

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver


def sat_count(rows: int, cols: int, clues: Sequence[int | None],
              limit: int) -> tuple[int, str | None, int, list[tuple[int, ...]]]:
    """(answers up to ``limit``, ``limit`` when it stopped there else None, 0, the first two)."""
    n = rows * cols
    pool = IDPool(start_from=n + 1)
    count, found = 0, []
    with Solver(name="minisat22") as solver:
        for i, v in enumerate(clues):
            if v is None:
                continue
            r, c = divmod(i, cols)
            lits = [a * cols + b + 1 for a, b in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= a < rows and 0 <= b < cols]
            solver.append_formula(CardEnc.equals(lits, v, vpool=pool, encoding=EncType.seqcounter).clauses)
        while count < limit and solver.solve():
            shaded = {lit for lit in solver.get_model() if lit > 0}  # a cell no clause names is blank
            fill = tuple(int(k + 1 in shaded) for k in range(n))
            count += 1
            found = found if len(found) == 2 else [*found, fill]
            solver.add_clause([-(k + 1) if fill[k] else k + 1 for k in range(n)])
    return count, "limit" if count >= limit else None, 0, found
