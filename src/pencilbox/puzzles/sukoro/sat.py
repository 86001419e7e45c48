"""Sukoro engine 3: SAT counter (python-sat) with lazily added connectivity cuts.

Self-contained on purpose (a baseline and cross-check for the other engines): what it
shares with the other SAT counters (core/satloop.py, core/cardinality.py) decides nothing
about Sukoro.

Encoding: ``x_c`` = cell numbered; ``d_{c,v}`` (v = 1..4) = cell shows v.
``x_c -> OR_v d_{c,v}``, ``d_{c,v} -> x_c`` and ``d_{c,v} -> exactly v
numbered neighbours`` (subset clauses; at most 4 neighbours, so this is tiny
and also makes the digit one-hot).  Adjacent cells never share a digit, at
least one cell is numbered, clues are unit clauses (clue 0 = just ``x_c``).

Connectivity is not encoded up front: a model whose numbered cells split into
several components gets one cut per component K -- with N(K) its (empty)
outer boundary, k in K and t numbered outside K -- ``(-x_k | -x_t | OR_{b in
N(K)} x_b)``, valid because any path from k to t must leave K through N(K).
Counting blocks each connected answer by a clause over the x variables only
(digits are a function of the shape).
``rivals`` is the generator's exact erasure test on this encoding (core.generate.Rivals, the
one piece shared: a wrapper that knows nothing of Sukoro).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from pysat.solvers import Solver

from pencilbox.core.cardinality import at_least, at_most
from pencilbox.core.generate import Rivals
from pencilbox.core.satloop import Counted, Encoded, Limits, Spread, counted, spread_of

__all__ = ["SOLVER_NAME", "rivals", "sat_count", "sat_spread"]

#: pysat backend: fastest of minisat22, glucose4/42, cadical153/195, maplechrono on 10x10-12x12
#: uniqueness checks (about 1.3-3 ms each, most of it Python and solver set-up).
SOLVER_NAME = "minisat22"


@lru_cache(maxsize=32)
def _neighbours_cached(rows: int, cols: int) -> list[list[int]]:
    return _neighbours(rows, cols)


def _neighbours(rows: int, cols: int) -> list[list[int]]:
    nb: list[list[int]] = []
    for r in range(rows):
        for c in range(cols):
            lst = []
            if r > 0:
                lst.append((r - 1) * cols + c)
            if c > 0:
                lst.append(r * cols + c - 1)
            if c + 1 < cols:
                lst.append(r * cols + c + 1)
            if r + 1 < rows:
                lst.append((r + 1) * cols + c)
            nb.append(lst)
    return nb


@lru_cache(maxsize=32)
def _base_cnf(rows: int, cols: int) -> tuple[list[int], ...]:
    """Clue-free clauses of one grid size (cached: building is Python time)."""
    n = rows * cols
    nb = _neighbours(rows, cols)

    def dv(c: int, v: int) -> int:
        return n + 4 * c + v  # x_c is c + 1; digits follow

    cnf: list[list[int]] = [[c + 1 for c in range(n)]]  # at least one numbered
    for c in range(n):
        xs = [m + 1 for m in nb[c]]
        k = len(xs)
        xc = c + 1
        cnf.append([-xc] + [dv(c, v) for v in range(1, k + 1)])
        for v in range(1, 5):
            d = dv(c, v)
            if v > k:
                cnf.append([-d])
                continue
            cnf.append([-d, xc])
            # d -> at least v numbered neighbours, then d -> at most v
            cnf.extend([-d, *sub] for sub in at_least(xs, v))
            cnf.extend([-d, *sub] for sub in at_most(xs, v))
        for m in nb[c]:
            if m > c:
                for v in range(1, min(k, len(nb[m])) + 1):
                    cnf.append([-dv(c, v), -dv(m, v)])
    return tuple(cnf)


def _clue_units(n: int, clues: Sequence[int | None]) -> list[list[int]] | None:
    """Unit clauses of the clues; None when a clue is out of range."""
    units: list[list[int]] = []
    for c, clue in enumerate(clues):
        if clue is None:
            continue
        if clue == 0:
            units.append([c + 1])
        elif 1 <= clue <= 4:
            units.append([n + 4 * c + clue])
        else:
            return None
    return units


def sat_count(rows: int, cols: int, clues: Sequence[int | None], limit: int = 2,
              solver_name: str = SOLVER_NAME, limits: Limits = None) -> Counted:
    """Count Sukoro answers up to ``limit`` with an incremental SAT solver.

    Returns ``(count, stop, nodes, answers)``; ``nodes`` is the number of
    SAT solver calls, ``stop`` is ``"limit"`` when ``limit`` answers were found (else None)
    (count may then be a lower bound), ``answers`` the first up-to-2 answers
    as flat digit lists (0 = empty).
    """
    return counted(_encode(rows, cols, clues, solver_name), limit, limits)


def sat_spread(rows: int, cols: int, clues: Sequence[int | None], limit: int, keep: int,
               solver_name: str = SOLVER_NAME, limits: Limits = None) -> Spread:
    """The cells every answer agrees on (digit or empty), and the answers counted up to
    ``limit`` (the first ``keep`` kept), as ``satloop.spread``."""
    return spread_of(_encode(rows, cols, clues, solver_name), limit, keep, limits)


def _encode(rows: int, cols: int, clues: Sequence[int | None], solver_name: str) -> Encoded | None:
    """The board's solver with its clauses and how to read it (None when no answer can be)."""
    n = rows * cols
    if len(clues) != n:
        raise ValueError("clues must have rows*cols entries")
    if n == 0:
        return None
    nb = _neighbours_cached(rows, cols)
    units = _clue_units(n, clues)
    if units is None:
        return None
    def read(model: list[int]) -> tuple[list[int], list[int]]:
        onset = {c for c in range(n) if model[c] > 0}
        answer = [sum(1 for m in nb[c] if m in onset) if c in onset else 0 for c in range(n)]
        return answer, [-(c + 1) if model[c] > 0 else c + 1 for c in range(n)]

    def cuts(model: list[int]) -> list[list[int]]:
        on = [c for c in range(n) if model[c] > 0]
        comps = _split(on, set(on), nb, n)
        return _cut(comps, nb) if len(comps) > 1 else []

    def values(answer: list[int]) -> list[int]:
        return [n + 4 * c + d if d else -(c + 1) for c, d in enumerate(answer)]  # d_{c,d}, or not x_c

    solver = Solver(name=solver_name, bootstrap_with=_base_cnf(rows, cols))
    for u in units:
        solver.add_clause(u)
    return Encoded(solver, read, values, cuts)


def _cut(comps: list[list[int]], nb: list[list[int]]) -> list[list[int]]:
    """One connectivity cut per component of a disconnected model (see the module's note)."""
    out = []
    for idx, comp in enumerate(comps):
        kset = set(comp)
        bound = {w for u in comp for w in nb[u] if w not in kset}
        t = comps[(idx + 1) % len(comps)][0]
        out.append([-(comp[0] + 1), -(t + 1), *(b + 1 for b in sorted(bound))])
    return out


def rivals(rows: int, cols: int, answer: Sequence[int], clues: Sequence[int | None],
           solver_name: str = SOLVER_NAME) -> Rivals:
    """The exact erasure test (core.generate.Rivals) on this encoding, for clues that are
    digits of ``answer``: a model whose numbered cells split is cut off and the solve repeated."""
    n = rows * cols
    nb = _neighbours_cached(rows, cols)
    shows = {}
    for c, v in enumerate(clues):
        if v is not None:
            if not 1 <= answer[c] <= 4 or v != answer[c]:
                raise ValueError("rivals takes clues that are digits of the answer")
            shows[c] = n + 4 * c + v
    solver = Solver(name=solver_name, bootstrap_with=_base_cnf(rows, cols))

    def real(model: list[int]) -> bool:
        on = [c for c in range(n) if model[c] > 0]
        comps = _split(on, set(on), nb, n)
        for clause in _cut(comps, nb) if len(comps) > 1 else []:
            solver.add_clause(clause)
        return len(comps) == 1

    return Rivals(solver, shows, 5 * n + 1, real)


def _split(on: list[int], onset: set[int], nb: list[list[int]], n: int) -> list[list[int]]:
    """Connected components of the numbered cells."""
    seen: set[int] = set()
    comps: list[list[int]] = []
    for s in on:
        if s in seen:
            continue
        seen.add(s)
        comp = [s]
        stack = [s]
        while stack:
            u = stack.pop()
            for w in nb[u]:
                if w in onset and w not in seen:
                    seen.add(w)
                    comp.append(w)
                    stack.append(w)
        comps.append(comp)
    return comps
