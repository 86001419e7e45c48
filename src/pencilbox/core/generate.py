"""Generator helpers shared by every puzzle: the solver run backwards.

``minimise`` runs the one clue-erasing loop (``core.drivers.erase``) in random order
while a test holds (``KeepTest``: unique by the one verdict, counting the checks that ran
out of nodes, or "level L alone finishes it", which ``finishes`` tests); ``removable``
lists the clues that could still go; ``graded`` grades. ``Rivals`` is the exact test a
puzzle with a SAT encoding can use instead: no node cap, so no capped check.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Generic

from pencilbox.core import engine
from pencilbox.core.budgets import UNIQUE_NODES
from pencilbox.core.drivers import check_grade, erase, scan, verdict
from pencilbox.core.engine import CAPPED, UNIQUE, Level
from pencilbox.core.outcomes import Made, NoGrade
from pencilbox.core.puzzle import BoardT, Clues, Puzzle

__all__ = ["KeepTest", "Made", "NoGrade", "Rivals", "UNIQUE", "check_grade", "erase", "finishes", "grade_of",
           "graded", "keep_test", "minimise", "removable", "scan", "verdict"]



def finishes(puzzle: Puzzle[BoardT, Any], board: BoardT, level: Level) -> bool:
    """The fixpoint at ``level`` alone settles every variable into an answer (the
    compiled kernel answers this whole when the puzzle has one)."""
    names = engine.ladder(puzzle, level)
    kernel = puzzle.kernel
    if kernel is not None and kernel.supports(names):
        return kernel.finishes(board, names)
    dom = engine.run_fixpoint(puzzle, board, puzzle.initial_state(board), names, accel=False)
    return dom is not None and all(engine.single(d) for d in dom) and puzzle.is_answer(board, dom)


def removable(puzzle: Puzzle[BoardT, Any], board: BoardT, node_cap: int = UNIQUE_NODES) -> list[int]:
    """The clues whose erasure alone leaves the board unique: none on a locally minimal
    board (exact, by ``verdict`` with SAT)."""
    return scan(puzzle, board, node_cap, exact=True).found


def minimise(clues: Clues, rng: random.Random, keep: Callable[[Clues], bool]) -> tuple[Clues, int]:
    """``erase`` in a random order of the clues shown."""
    order = [i for i, v in enumerate(clues) if v is not None]
    rng.shuffle(order)
    return erase(clues, order, keep)


class KeepTest(Generic[BoardT]):
    """The erasure test for a target, called on the clues left: unique (None or ``search``)
    or ``level`` finishes. ``capped`` counts the uniqueness checks that ran out of nodes
    (each keeps its clue, so the board is locally minimal but for them)."""

    def __init__(self, puzzle: Puzzle[BoardT, Any], rebuild: Callable[[Clues], BoardT], level: Level | None,
                 node_cap: int = UNIQUE_NODES) -> None:
        self.puzzle, self.rebuild, self.node_cap = puzzle, rebuild, node_cap
        self.level = None if level in (None, engine.SEARCH) else level
        self.capped = 0

    def __call__(self, clues: Clues) -> bool:
        if self.level is not None:
            return finishes(self.puzzle, self.rebuild(clues), self.level)
        status = verdict(self.puzzle, self.rebuild(clues), self.node_cap)
        self.capped += status == CAPPED
        return status == UNIQUE


def keep_test(puzzle: Puzzle[BoardT, Any], rebuild: Callable[[Clues], BoardT], level: Level | None,
              node_cap: int = UNIQUE_NODES) -> KeepTest[BoardT]:
    """The erasure test for a target (``KeepTest``; read its ``capped`` after the loop)."""
    return KeepTest(puzzle, rebuild, level, node_cap)


def graded(puzzle: Puzzle[BoardT, Any], make: Callable[[int, Level | None], Made[BoardT]],
           grade: str | None, seed: int, tries: int) -> Made[BoardT]:
    """The first board of seeds seed, seed+1, ... whose grade is ``grade`` (any if None; a
    level's name, checked by ``check_grade``)."""
    level = check_grade(puzzle, grade)
    for k in range(tries):
        made = make(seed + k, level)
        g = grade_of(puzzle, made)
        if level is None or g == level:
            return replace(made, grade=g)
    raise NoGrade(puzzle.name, level, tries, seed)


class Rivals:
    """The exact erasure test of a unique board on one incremental SAT solver per board
    (pysat's interface): a rival of the board without clue i breaks clue i (else it was a
    rival before), so a check is one solve with the other clues' selectors assumed and clue
    i's literal negated; no model means the erasure keeps the board unique. Called as the
    erasure loop's ``keep`` (or inside a stricter one) on the clues left: one fewer than the
    last call's, give or take the clue it tried; never capped. ``shows`` maps each clue's
    variable to the literal "it shows its clue", ``spare`` is the first free variable,
    ``real(model)`` says whether a model is an answer (after adding a clause that cuts it
    off when not)."""

    def __init__(self, solver: Any, shows: dict[int, int], spare: int,
                 real: Callable[[list[int]], bool] | None = None) -> None:
        self.solver, self.shows, self.real = solver, shows, real
        self.selector = {c: spare + k for k, c in enumerate(sorted(shows))}
        self.pending = sorted(shows)  # clues not yet tried
        self.kept = 0  # clues tried and kept for good (unit clauses now)
        self.last: int | None = None  # the clue the last call tried, settled by the next
        self.solves = 0
        for c in self.pending:
            solver.add_clause([-self.selector[c], shows[c]])

    def __call__(self, clues: Clues) -> bool:
        self._settle(clues)
        i = next(c for c in self.pending if clues[c] is None)
        self.pending.remove(i)
        self.last = i
        rest = [self.selector[c] for c in self.pending if clues[c] is not None]
        if len(rest) != len(self.pending) or len(rest) + self.kept != sum(v is not None for v in clues):
            raise ValueError("Rivals: the clues differ from the last call's by more than one erasure")
        while True:
            self.solves += 1
            if not self.solver.solve(assumptions=[*rest, -self.shows[i]]):
                return True
            if self.real is None or self.real(self.solver.get_model()):
                return False

    def _settle(self, clues: Clues) -> None:
        """The last call's clue, kept or erased as ``clues`` now say (the loop may keep a clue
        this test would let go, when a stricter test vetoes the erasure)."""
        if self.last is not None:
            shown = clues[self.last] is not None
            self.solver.add_clause([self.selector[self.last] if shown else -self.selector[self.last]])
            self.kept += shown
            self.last = None

    def close(self) -> None:
        self.solver.delete()


def grade_of(puzzle: Puzzle[BoardT, Any], made: Made[BoardT]) -> Level | None:
    """``engine.grade``'s grade; a board its generator proved unique skips the uniqueness
    search (the lowest level that finishes it, else ``search``)."""
    if not made.proved_unique:
        return engine.grade(puzzle, made.board).grade
    return next((lv for lv in engine.levels(puzzle) if finishes(puzzle, made.board, lv)), engine.SEARCH)
