"""Fill-a-Pix engine 3: SAT counter (python-sat).

Self-contained on purpose (a baseline and cross-check for the other engines): what it
shares with the other SAT counters (core/satloop.py, core/cardinality.py) decides nothing
about Fill-a-Pix.

Encoding: one Boolean per cell, ``x_i`` True = painted.  A clue k on a cell
is "exactly k of the m <= 9 cells of its 3x3 block (clipped at the border)
are painted".  By default (``encoding="native"``) that is handed to a solver
with built-in cardinality constraints (minicard) as two of them: at most k
of the block's literals and at most m - k of their negations.  Clause
encodings remain available for any other solver: ``"direct"`` writes every
(k+1)-subset "has a blank cell" and every (m-k+1)-subset "has a painted
cell" (up to 210 clauses per clue, no auxiliary variables), and any
``pysat.card.EncType`` name (``"seqcounter"``, ``"totalizer"``, ...) uses
``CardEnc.equals`` with auxiliary variables from one shared ``IDPool``
starting above the cell variables.

With clauses, nearly all the time goes into building them and passing them
to the solver one by one from Python (a 20x20 board with every clue shown
has ~59000 direct or ~26000 sequential-counter clauses; the solve itself is
~1 ms); native constraints need only two calls per clue, hence the default.

Counting: each model is an answer; it is blocked by a clause over all cell
variables and the solver is called again until UNSAT or ``limit`` answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from pencilbox.core.cardinality import exactly
from pencilbox.core.satloop import Counted, Encoded, Limits, Spread, assignment, counted, spread_of

__all__ = ["ENCODING", "SOLVER_NAME", "sat_count", "sat_spread"]

#: pysat backend and clue encoding, measured on the every-clue-shown 20x20 uniqueness check (limit 2,
#: 50 random fair-coin pictures, median per board, build included): minicard native 1.06 ms,
#: gluecard3 native 1.08, gluecard4 native 1.19; clause encodings 18-32 ms (minisat22 direct 21.6,
#: seqcounter 18.1; glucose4 direct 22.0, seqcounter 19.9; maplechrono direct 32.1, seqcounter 23.2;
#: cadical153 direct 40.5, seqcounter 22.2; totalizer 29-48, card/sorting networks 83-120,
#: (k)mtotalizer 77-235; lingeling 2-4x slower again).  10x10: 0.30 ms, 30x30: 2.3 ms (minicard native).
SOLVER_NAME = "minicard"
ENCODING = "native"


@lru_cache(maxsize=64)
def _blocks(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For every cell, the variables (1-based) of its 3x3 block clipped at the border."""
    out: list[tuple[int, ...]] = []
    for r in range(rows):
        for c in range(cols):
            out.append(
                tuple(
                    rr * cols + cc + 1
                    for rr in range(max(0, r - 1), min(rows, r + 2))
                    for cc in range(max(0, c - 1), min(cols, c + 2))
                )
            )
    return tuple(out)


def sat_count(rows: int, cols: int, clues: Sequence[int | None], limit: int = 2,
              solver_name: str = SOLVER_NAME, encoding: str = ENCODING,
              limits: Limits = None) -> Counted:
    """Count Fill-a-Pix pictures up to ``limit`` with an incremental SAT solver.

    ``clues`` has one entry per cell (rows*cols, reading order): None or -1
    (no clue) or 0..9; a clue larger than its block can never be met and the
    count is 0.  Returns ``(count, stop, nodes, answers)``; ``nodes`` is
    the number of SAT solver calls, ``stop`` is ``"limit"`` when ``limit`` answers
    were found (else None: no other cap) (count may then be a lower bound), ``answers`` the first
    up-to-2 answers as flat lists (1 = painted, 0 = blank).  ``encoding`` is
    ``"native"`` (solver-side cardinality constraints; needs a solver with
    ``add_atmost``: minicard, gluecard3, gluecard4), ``"direct"`` (plain
    clauses) or a ``pysat.card.EncType`` name.  An empty grid (rows or cols
    <= 0) counts 0, as in the brute counter.
    """
    return counted(_encode(rows, cols, clues, solver_name, encoding), limit, limits)


def sat_spread(rows: int, cols: int, clues: Sequence[int | None], limit: int, keep: int,
               solver_name: str = SOLVER_NAME, encoding: str = ENCODING,
               limits: Limits = None) -> Spread:
    """The cells every picture agrees on, and the pictures counted up to ``limit`` (the first
    ``keep`` kept), as ``satloop.spread``."""
    return spread_of(_encode(rows, cols, clues, solver_name, encoding), limit, keep, limits)


def _encode(rows: int, cols: int, clues: Sequence[int | None], solver_name: str,
            encoding: str) -> Encoded | None:
    """The board's solver with its clauses and how to read it (None when no answer can be)."""
    if rows < 0 or cols < 0 or len(clues) != rows * cols:
        raise ValueError("clues must have rows*cols entries")
    if encoding != "native" and encoding != "direct" and not hasattr(EncType, encoding):
        raise ValueError(f"unknown encoding {encoding!r}")
    if rows == 0 or cols == 0:
        return None
    n = rows * cols
    blocks = _blocks(rows, cols)
    shown: list[tuple[tuple[int, ...], int]] = []
    for i, v in enumerate(clues):
        if v is None or v == -1:
            continue
        k = int(v)
        if not 0 <= k <= len(blocks[i]):
            return None
        shown.append((blocks[i], k))
    def read(model: list[int]) -> tuple[list[int], list[int]]:
        full = assignment(model, n)  # a variable no clause mentions reads as blank
        return [1 if full[i] > 0 else 0 for i in range(n)], [-lit for lit in full]

    def values(answer: list[int]) -> list[int]:
        return [i + 1 if a else -(i + 1) for i, a in enumerate(answer)]

    solver = Solver(name=solver_name)
    solver.add_clause([n, -n])  # declares all n variables even when no clue mentions them
    if encoding == "native":
        if not solver.supports_atmost():
            solver.delete()
            raise ValueError(f"solver {solver_name!r} has no native cardinality constraints")
        for lits, k in shown:
            # exactly k painted = at most k painted and at most m - k blank
            solver.add_atmost(list(lits), k)
            solver.add_atmost([-v for v in lits], len(lits) - k)
    elif encoding == "direct":
        for lits, k in shown:
            solver.append_formula(exactly(lits, k))
    else:
        pool = IDPool(start_from=n + 1)
        kind = getattr(EncType, encoding)
        for lits, k in shown:
            solver.append_formula(CardEnc.equals(lits=list(lits), bound=k, vpool=pool, encoding=kind).clauses)
    return Encoded(solver, read, values)
