"""Slant engine 3: SAT counter (python-sat) with lazily added cycle cuts.

Self-contained on purpose (a baseline and cross-check for the other engines): what it
shares with the other counters (core/satloop.py, core/cardinality.py,
core/unionfind_counters.py) decides nothing about Slant.

Encoding: one Boolean per cell, ``x_i`` True = ``\\`` (top-left to
bottom-right), False = ``/``.  A lattice point is touched by each of its up
to four cells for exactly one orientation: by the cell above-left and the
cell below-right when they hold ``\\`` (literal ``x``), by the cell
above-right and below-left when they hold ``/`` (literal ``-x``).  A clue k
is "exactly k of these <= 4 literals", written directly as clauses: every
(k+1)-subset has a false literal and every (m-k+1)-subset a true one.

Loops are not encoded up front, except the smallest ones: the diamond of
four cells around each interior point is forbidden by one static clause
(cheap, and it removes about a third of the solver calls).  Each model is checked with a union-find over
the lattice points; every diagonal that joins two already connected points
closes a cycle (the new edge plus the tree path between its ends), and each
such cycle gets a cut "at least one of these cells flips".  The model is then
re-solved.  A loop-free model is an answer; for counting it is blocked by a
clause over all cell variables.  No cycle is ever forbidden that a real answer
contains, so the count is exact once the solver reports UNSAT.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from pysat.solvers import Solver

from pencilbox.core.cardinality import exactly
from pencilbox.core.satloop import Counted, Encoded, Limits, Spread, assignment, counted, spread_of
from pencilbox.core.unionfind_counters import halved_root_src

__all__ = ["SOLVER_NAME", "sat_count", "sat_spread"]

#: pysat backend: fastest of minisat22, glucose4, cadical153, maplechrono, lingeling on the published
#: 10x10..20x20 boards (0.5 ms median at 10x10..14x14, 2 ms at 15x15..20x20; others 5-15 % slower).
SOLVER_NAME = "minisat22"


@lru_cache(maxsize=64)
def _point_literals(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For every lattice point, the literals meaning "this cell touches the point"."""
    w = cols + 1
    out: list[tuple[int, ...]] = []
    for pr in range(rows + 1):
        for pc in range(w):
            lits: list[int] = []
            for dr, dc, sign in ((-1, -1, 1), (-1, 0, -1), (0, -1, -1), (0, 0, 1)):
                r, c = pr + dr, pc + dc
                if 0 <= r < rows and 0 <= c < cols:
                    lits.append(sign * (r * cols + c + 1))
            out.append(tuple(lits))
    return tuple(out)


@lru_cache(maxsize=256)
def _clue_clauses(lits: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...] | None:
    """A clue k on a point touched by ``lits``: exactly k of them (None when impossible)."""
    return tuple(exactly(lits, k)) if 0 <= k <= len(lits) else None


@lru_cache(maxsize=64)
def _edges(rows: int, cols: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """Per cell: endpoints of ``/`` and of ``\\`` as lattice point indices."""
    w = cols + 1
    return tuple(
        ((r * w + c + 1, (r + 1) * w + c), (r * w + c, (r + 1) * w + c + 1))
        for r in range(rows)
        for c in range(cols)
    )


@lru_cache(maxsize=64)
def _diamonds(rows: int, cols: int) -> tuple[tuple[int, int, int, int], ...]:
    """The smallest loops, cut up front: the diamond around each interior point."""
    out = []
    for r in range(1, rows):
        for c in range(1, cols):
            tl, tr = (r - 1) * cols + c, (r - 1) * cols + c + 1
            bl, br = r * cols + c, r * cols + c + 1
            out.append((tl, -tr, -bl, br))
    return tuple(out)


def _cycle_cuts(n: int, npts: int, model: list[int],
                edges: Sequence[tuple[tuple[int, int], tuple[int, int]]]) -> list[list[int]]:
    """One cut per non-tree diagonal of the model's graph (empty list: no loop).

    The forest is grown with a union-find; a diagonal whose ends are already
    connected closes the cycle made of itself and the forest path between its
    ends (found by BFS over the forest edges, tagged with their cells).
    """
    par = list(range(npts))
    adj: list[list[tuple[int, int]]] = [[] for _ in range(npts)]
    cuts: list[list[int]] = []
    for i in range(n):
        back = model[i] > 0
        a, b = edges[i][1 if back else 0]
        ra, rb = halved_root_src(par, a), halved_root_src(par, b)
        if ra != rb:
            par[ra] = rb
            adj[a].append((b, i))
            adj[b].append((a, i))
            continue
        # forest path a -> b
        prev = {a: (-1, -1)}
        queue = [a]
        for u in queue:
            if u == b:
                break
            for v, cell in adj[u]:
                if v not in prev:
                    prev[v] = (u, cell)
                    queue.append(v)
        cyc = [i]
        u = b
        while u != a:
            u, cell = prev[u]
            cyc.append(cell)
        # at least one cell of the cycle flips
        cuts.append([-(j + 1) if model[j] > 0 else j + 1 for j in cyc])
    return cuts


def sat_count(rows: int, cols: int, clues: Sequence[int | None], limit: int = 2,
              solver_name: str = SOLVER_NAME, limits: Limits = None) -> Counted:
    """Count Slant answers up to ``limit`` with an incremental SAT solver.

    ``clues`` has one entry per lattice point ((R+1)*(C+1), reading order):
    None or -1 (no constraint) or 0..4.  Returns ``(count, stop, nodes,
    answers)``; ``nodes`` is the number of SAT solver calls, ``stop`` is
    ``"limit"`` when ``limit`` answers were found (else None) (count may then be a lower bound),
    ``answers`` the first up-to-2 answers as flat lists (1 = ``/``, 2 = ``\\``).
    An empty grid (rows or cols <= 0) counts 0, as in the brute counter.
    """
    return counted(_encode(rows, cols, clues, solver_name), limit, limits)


def sat_spread(rows: int, cols: int, clues: Sequence[int | None], limit: int, keep: int,
               solver_name: str = SOLVER_NAME, limits: Limits = None) -> Spread:
    """The cells every answer agrees on, and the answers counted up to ``limit`` (the first
    ``keep`` kept), as ``satloop.spread``."""
    return spread_of(_encode(rows, cols, clues, solver_name), limit, keep, limits)


def _encode(rows: int, cols: int, clues: Sequence[int | None], solver_name: str) -> Encoded | None:
    """The board's solver with its clauses and how to read it (None when no answer can be)."""
    npts = (rows + 1) * (cols + 1)
    if len(clues) != npts:
        raise ValueError("clues must have (rows+1)*(cols+1) entries")
    if rows <= 0 or cols <= 0:
        return None
    n = rows * cols
    plits = _point_literals(rows, cols)
    edges = _edges(rows, cols)
    clauses: list[tuple[int, ...]] = []
    for p, v in enumerate(clues):
        if v is None or v == -1:
            continue
        cls = _clue_clauses(plits[p], int(v))
        if cls is None:
            return None
        clauses.extend(cls)
    def read(model: list[int]) -> tuple[list[int], list[int]]:
        full = assignment(model, n)  # a variable no clause mentions reads as "/"
        return [2 if full[i] > 0 else 1 for i in range(n)], [-lit for lit in full]

    def values(answer: list[int]) -> list[int]:
        return [i + 1 if a == 2 else -(i + 1) for i, a in enumerate(answer)]

    solver = Solver(name=solver_name)
    solver.add_clause([n, -n])  # declares all n variables even when no clue mentions them
    for diamond in _diamonds(rows, cols):
        solver.add_clause(diamond)
    for cl in clauses:
        solver.add_clause(cl)
    return Encoded(solver, read, values, lambda m: _cycle_cuts(n, npts, assignment(m, n), edges))
