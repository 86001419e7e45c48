"""Ripple Effect (Hakyuu) engine 3: SAT-based solution counter (python-sat).

Self-contained (no code shared with the rest of the project but what the SAT counters
share, core/satloop.py and core/cardinality.py, which decides nothing about Ripple): it is a
baseline and cross-check for the other engines.

Encoding: one-hot ``x[i][v]`` for every cell i and every value v in 1..s(i)
(s = size of the cell's region).  Clauses:

* each cell holds exactly one value (at least one; pairwise at most one);
* each region holds each of its values exactly once (at least one cell;
  pairwise at most one -- implied by pigeonhole, but it helps the solver);
* distance: for every two cells in one row or column at distance d and every
  value v >= d both can hold, not both v;
* givens as unit clauses (a given outside 1..s makes the count 0).

The board-shape part (everything but the givens) is cached per
``(rows, cols, regions)``.  Answers are counted by blocking clauses over the
true ``x`` literals (one per cell) until the solver reports UNSAT or the
limit is reached; every model is a real answer, so the count is exact.

``rivals`` is the generator's exact erasure test on this encoding (core.generate.Rivals, the
one piece shared: a wrapper that knows nothing of Ripple Effect).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from pysat.solvers import Solver

from pencilbox.core.cardinality import at_least, at_most
from pencilbox.core.generate import Rivals
from pencilbox.core.satloop import Counted, Encoded, Limits, Spread, counted, spread_of

__all__ = ["SOLVER_NAME", "rivals", "sat_count", "sat_spread"]

#: pysat backend: fastest (narrowly) of minisat22, glucose3/4, cadical153/195, maplechrono, lingeling,
#: minicard and mergesat3 on the published boards' uniqueness checks (limit 2): 10x10 median 1.7 ms with
#: the clauses built, 0.9 ms with the board shape cached; 14x24 7.4 / 3.9 ms.  Python-side clause
#: loading and model decoding dominate; the CDCL backends differ by < 10 %, lingeling is 2x slower.
SOLVER_NAME = "minisat22"


@lru_cache(maxsize=64)
def _shape(
    rows: int, cols: int, regions: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], int]:
    """Variable offsets, region sizes per cell, the givens-free clauses and the variable count.

    ``x[i][v]`` is variable ``off[i] + v``.
    """
    n = rows * cols
    label: dict[int, int] = {}
    reg = [label.setdefault(int(g), len(label)) for g in regions]
    members: list[list[int]] = [[] for _ in label]
    for i, g in enumerate(reg):
        members[g].append(i)
    size = tuple(len(members[g]) for g in reg)
    off: list[int] = []
    nvars = 0
    for i in range(n):
        off.append(nvars)
        nvars += size[i]
    clauses: list[tuple[int, ...]] = []
    for i in range(n):  # exactly one value per cell: at least one, then pairwise at most one
        lits = [off[i] + v for v in range(1, size[i] + 1)]
        clauses += at_least(lits, 1) + at_most(lits, 1)
    for cells in members:  # each value once per region, the same way
        for v in range(1, len(cells) + 1):
            lits = [off[i] + v for i in cells]
            clauses += at_least(lits, 1) + at_most(lits, 1)
    # distance rule along rows (step 1) and columns (step cols)
    lines = [[r * cols + c for c in range(cols)] for r in range(rows)]
    lines += [[r * cols + c for r in range(rows)] for c in range(cols)]
    for line in lines:
        for p, a in enumerate(line):
            for q in range(p + 1, len(line)):
                b = line[q]
                if reg[a] == reg[b]:
                    continue  # distinct values already
                for v in range(q - p, min(size[a], size[b]) + 1):
                    clauses.append((-(off[a] + v), -(off[b] + v)))
    return tuple(off), size, tuple(clauses), nvars


def sat_count(rows: int, cols: int, regions: Sequence[int], clues: Sequence[int | None], limit: int = 2,
              solver_name: str = SOLVER_NAME, limits: Limits = None) -> Counted:
    """Count Ripple Effect answers up to ``limit`` with an incremental SAT solver.

    ``regions`` and ``clues`` are flat (reading order); a clue is None or a
    positive int (one outside 1..s makes the count 0).  Returns ``(count,
    stop, nodes, answers)``: ``nodes`` is the number of SAT solver calls,
    ``stop`` is ``"limit"`` when ``limit`` answers were found (else None) (the count is then a
    lower bound), ``answers`` the first up-to-2 answers as flat lists.
    """
    return counted(_encode(rows, cols, regions, clues, solver_name), max(1, int(limit)), limits)


def sat_spread(rows: int, cols: int, regions: Sequence[int], clues: Sequence[int | None], limit: int,
               keep: int, solver_name: str = SOLVER_NAME, limits: Limits = None) -> Spread:
    """The cells every answer agrees on, and the answers counted up to ``limit`` (the first
    ``keep`` kept), as ``satloop.spread``."""
    return spread_of(_encode(rows, cols, regions, clues, solver_name), max(1, int(limit)), keep, limits)


def _encode(rows: int, cols: int, regions: Sequence[int], clues: Sequence[int | None],
            solver_name: str) -> Encoded | None:
    """The board's solver with its clauses and how to read it (None when no answer can be)."""
    n = rows * cols
    if len(regions) != n or len(clues) != n:
        raise ValueError("regions and clues must have rows*cols entries")
    if rows <= 0 or cols <= 0:
        return None
    off, size, clauses, nvars = _shape(rows, cols, tuple(int(g) for g in regions))
    units: list[list[int]] = []
    for i, v in enumerate(clues):
        if v is None:
            continue
        if not 1 <= int(v) <= size[i]:
            return None
        units.append([off[i] + int(v)])
    def read(model: list[int]) -> tuple[list[int], list[int]]:
        ans = [0] * n
        true: list[int] = []
        for i in range(n):
            for v in range(1, size[i] + 1):
                lit = off[i] + v
                if lit <= len(model) and model[lit - 1] > 0:
                    ans[i] = v
                    true.append(lit)
                    break
        return ans, [-lit for lit in true]

    def values(answer: list[int]) -> list[int]:
        return [off[i] + v for i, v in enumerate(answer)]

    solver = Solver(name=solver_name, bootstrap_with=clauses)
    for u in units:
        solver.add_clause(u)
    return Encoded(solver, read, values)


def rivals(rows: int, cols: int, regions: Sequence[int], answer: Sequence[int], clues: Sequence[int | None],
           solver_name: str = SOLVER_NAME) -> Rivals:
    """The exact erasure test (core.generate.Rivals) for givens that are values of ``answer``."""
    off, size, clauses, nvars = _shape(rows, cols, tuple(int(g) for g in regions))
    shows = {}
    for i, v in enumerate(clues):
        if v is not None:
            if v != answer[i] or not 1 <= v <= size[i]:
                raise ValueError("rivals takes givens that are values of the answer")
            shows[i] = off[i] + v
    return Rivals(Solver(name=solver_name, bootstrap_with=clauses), shows, nvars + 1)
