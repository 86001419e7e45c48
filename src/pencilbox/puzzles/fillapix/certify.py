"""Exact erasure checks for the generator: the compiled loop's node-capped checks settled by
one incremental SAT solver per board, so every board it makes is locally minimal.

Every clue is "its block holds exactly k painted cells"; the clues still to settle sit
behind a selector literal (assumed: the clue holds; left free: erased). A rival to the
known answer must break the erased clue, so it differs from the answer inside that clue's
block: one clause per pending clue, also behind a literal. A check is one solve under
assumptions; UNSAT means no rival, and the clue goes.

Beside the clues the solver holds one redundant constraint per pair of clues whose centres
touch (side or corner): subtract one block's count from the other's and the shared cells
drop out, so (a's own painted) - (b's own painted) = clue a - clue b, a cardinality
constraint over a's own cells and b's own cells negated. It is what the ladder's ``sides``
reads; unit propagation on the clues alone never finds it. With it the same verdicts come
in 0.35-0.44 of the time at 20x20 and 30x30, 0.70 at 10x10 (``sat_step_ratio_of_sums`` in
bench/results/gen-fillapix-cert.json, from bench/gen_fillapix_cert.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import pysolvers  # type: ignore[import-not-found]  # pysat's C module
from pysat.solvers import Solver

from pencilbox.core.cardinality import exactly
from pencilbox.puzzles.fillapix.board import Board
from pencilbox.puzzles.fillapix.rungs import all_pairs
from pencilbox.puzzles.fillapix.sat import _blocks, sat_count

#: The backend, from the whole SAT step (build and every check) on the capped checks of fresh
#: boards, alternated in one process, median ms a board (loaded machine; seeds 1000 on): gluecard3
#: (glucose 3 with native cardinality constraints) 2.6 / 6.8 / 19 / 75-93 / 236 at 10x10 / 13x13 /
#: 15x15 / 20x20 / 30x30, against minicard 4.1 at 10x10, minisat22 (direct clauses, built in bulk)
#: 16 / 36 / 111-142 / 408 at 13x13 up; gluecard4 within 10 % of gluecard3; glucose4, cadical153
#: and maplechrono slower still. Every backend gave the same verdicts.
SOLVER_NAME = "gluecard3"


def solver_for(cells: int) -> str:
    """The backend that settles a board of ``cells`` cells fastest (one at every size, above)."""
    return SOLVER_NAME


class Certifier:
    """One board's clues in one solver; ``pending`` clues can be tried, kept or erased."""

    def __init__(self, board: Board, picture: Sequence[int], pending: Sequence[int],
                 solver_name: str | None = None, sides: bool = True) -> None:
        rows, cols = board.rows, board.cols
        n = rows * cols
        self.blocks = _blocks(rows, cols)
        self.solver = Solver(name=solver_name or solver_for(n))
        self.native = self.solver.supports_atmost()
        self.solver.add_clause([n, -n])  # every cell a variable, clued or not
        top = n
        self.select: dict[int, int] = {}
        self.differ: dict[int, int] = {}
        for i in pending:
            self.select[i], self.differ[i] = top + 1, top + 2
            top += 2
        if self.native:
            self._cardinality(board, sides)
        else:
            self._direct(board.clues)
        answer = [v + 1 if picture[v] else -(v + 1) for v in range(n)]
        for i, d in self.differ.items():
            self.solver.add_clause([-d] + [-answer[v - 1] for v in self.blocks[i]])
        self.solver.set_phases(answer)  # start from the answer: a rival is a few flips away

    def _cardinality(self, board: Board, sides: bool) -> None:
        """Every clue as two native cardinality constraints (exactly k of its block painted:
        at most k painted, at most m - k blank), then the touching pairs' redundant ones (see
        the module's note). Each holds while its clues' selectors hold: a selector fills the
        slack of the sum when it is off (repeated as often as the slack is wide)."""
        add, handle = _atmost(self.solver)
        clues, select = board.clues, self.select
        for i, k in enumerate(clues):
            if k is not None:
                cells = self.blocks[i]
                m = len(cells)
                on = [select[i]] if i in select else []
                add(handle, [*cells, *on * (m - k)], m if on else k)
                add(handle, [*(-v for v in cells), *on * k], m if on else m - k)
        for a, b, lits, nots, m, shift in _touching(board.rows, board.cols) if sides else ():
            ka, kb = clues[a], clues[b]
            if ka is None or kb is None:
                continue
            k = ka - kb + shift  # own_a painted + own_b blank, as in the answer
            on = [select[j] for j in (a, b) if j in select]
            add(handle, [*lits, *on * (m - k)], k + (m - k) * len(on))
            add(handle, [*nots, *on * k], m - k + k * len(on))

    def _direct(self, clues: Sequence[int | None]) -> None:
        """Every clue's direct clauses (direct_clauses), through minisat's own call where it
        is the backend (pysat's add_clause costs a third more a clause)."""
        add, handle = _adder(self.solver)
        for clause in direct_clauses(self.blocks, clues, self.select):
            if not add(handle, clause):
                raise AssertionError("the known answer obeys every clue")

    def erasable(self, i: int, kept: Sequence[int]) -> bool:
        """With the pending clues ``kept`` holding and clue i erased, is the answer still the
        only one? (UNSAT: no picture differs from it inside i's block.)"""
        return not self.solver.solve(assumptions=[self.select[j] for j in kept if j != i] + [self.differ[i]])

    def decide(self, i: int, keep: bool) -> None:
        """Clue i is settled for good: its selector and its rival clause become units."""
        self.solver.add_clause([self.select[i] if keep else -self.select[i]])
        self.solver.add_clause([-self.differ[i]])

    def close(self) -> None:
        self.solver.delete()


def _atmost(solver: Solver) -> tuple[Callable[[Any, list[int], int], Any], Any]:
    """The backend's own add-a-cardinality-constraint call and its handle (pysat's
    add_atmost, bound, else): gluecard3's costs half as much a call."""
    backend = solver.solver
    handle = getattr(backend, "gluecard", None)
    if type(backend).__name__ == "Gluecard3" and handle is not None:
        return pysolvers.gluecard3_add_am, handle
    return (lambda _, lits, k: backend.add_atmost(lits, k)), None


Pair = tuple[int, int, tuple[int, ...], tuple[int, ...], int, int]


@lru_cache(maxsize=64)
def _touching(rows: int, cols: int) -> tuple[Pair, ...]:
    """The pairs of rungs.all_pairs whose centres touch and that have both own parts, with the
    literals of their redundant constraint (the variables of a's own cells, the negations of
    b's own cells), those negated, their number, and how many of b's own cells there are."""
    out = []
    for a, b, _, own_a, own_b in all_pairs(rows, cols):
        if abs(a // cols - b // cols) <= 1 and abs(a % cols - b % cols) <= 1 and own_a and own_b:
            lits = (*(v + 1 for v in own_a), *(-v - 1 for v in own_b))
            out.append((a, b, lits, tuple(-v for v in lits), len(lits), len(own_b)))
    return tuple(out)


@lru_cache(maxsize=128)
def _template(m: int, k: int) -> tuple[tuple[int, ...], ...]:
    """The direct clauses of "exactly k of m", over block positions 1..m (built once)."""
    return tuple(tuple(c) for c in exactly(tuple(range(1, m + 1)), k))


@lru_cache(maxsize=128)
def _template_arrays(m: int, k: int) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """_template(m, k) as (positions, signs) arrays, one pair per clause length."""
    by_len: dict[int, list[tuple[int, ...]]] = {}
    for clause in _template(m, k):
        by_len.setdefault(len(clause), []).append(clause)
    return tuple((np.array([[abs(x) - 1 for x in c] for c in cs], dtype=np.int64),
                  np.array([[1 if x > 0 else -1 for x in c] for c in cs], dtype=np.int64))
                 for cs in by_len.values())


def direct_clauses(blocks: Sequence[Sequence[int]], clues: Sequence[int | None],
                   select: dict[int, int]) -> list[list[int]]:
    """Every clue's direct clauses (_template on its block's cells, the negation of its
    selector last when it has one), in bulk: clues with the same block size, count and
    selector share a template, filled in by numpy (the tests compare clue by clue)."""
    groups: dict[tuple[int, int, bool], list[int]] = {}
    for i, k in enumerate(clues):
        if k is not None:
            groups.setdefault((len(blocks[i]), k, i in select), []).append(i)
    out: list[list[int]] = []
    for (m, k, selected), members in groups.items():
        cells = np.array([blocks[i] for i in members], dtype=np.int64)
        off = -np.array([select[i] for i in members] if selected else [], dtype=np.int64)
        for pos, sign in _template_arrays(m, k):
            lits = cells[:, pos] * sign  # clue x clause x literal
            if selected:
                lits = np.concatenate([lits, np.broadcast_to(off[:, None, None], (*lits.shape[:2], 1))], 2)
            out += lits.reshape(-1, lits.shape[2]).tolist()
    return out


def _adder(solver: Solver) -> tuple[Callable[[Any, list[int]], bool], Any]:
    """The backend's own add-a-clause call and its handle (pysat's add_clause, bound, else)."""
    backend = solver.solver
    handle = getattr(backend, "minisat", None)
    if type(backend).__name__ == "Minisat22" and handle is not None:
        return pysolvers.minisat22_add_cl, handle
    return (lambda _, clause: backend.add_clause(clause, no_return=False) is not False), None


def settle(board: Board, picture: Sequence[int], pending: Sequence[int],
           sides: bool = True) -> tuple[int | None, ...]:
    """The board's clues after trying each ``pending`` clue in turn, exactly: erased when the
    answer stays the only one without it (the clues not pending are known to be needed).
    ``sides`` False leaves the touching pairs' constraints out (the bench's comparison)."""
    clues = list(board.clues)
    if not pending:
        return tuple(clues)
    cert = Certifier(board, picture, pending, sides=sides)
    try:
        for p, i in enumerate(pending):
            go = cert.erasable(i, pending[p + 1:])
            cert.decide(i, not go)
            if go:
                clues[i] = None
    finally:
        cert.close()
    return tuple(clues)


def settle_reference(board: Board, pending: Sequence[int]) -> tuple[int | None, ...]:
    """settle, readably: each pending clue erased and the board counted afresh (sat_count)."""
    clues = list(board.clues)
    for i in pending:
        fewer = clues[:i] + [None] + clues[i + 1:]
        if sat_count(board.rows, board.cols, fewer, 2)[0] == 1:
            clues = fewer
    return tuple(clues)
