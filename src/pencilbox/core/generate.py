"""Generator helpers shared by every puzzle: the solver run backwards.

``minimise`` runs the one clue-erasing loop (``core.drivers.erase``) in random order
while a test holds (unique by the one verdict, or "level L alone finishes it", which
``finishes`` tests); ``removable`` lists the clues that could still go; ``graded`` grades.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Generic

from pencilbox.core import engine
from pencilbox.core.budgets import UNIQUE_NODES
from pencilbox.core.drivers import UNIQUE, check_grade, erase, scan, verdict
from pencilbox.core.puzzle import BoardT, Clues, Puzzle

__all__ = ["Made", "UNIQUE", "check_grade", "erase", "finishes", "graded", "keep_test", "minimise",
           "removable", "scan", "verdict"]


@dataclass(frozen=True)
class Made(Generic[BoardT]):
    """A generated board with how it was made."""

    board: BoardT
    answer: tuple[int, ...]
    seed: int
    grade: str | None
    clues: int
    erase_checks: int
    capped_checks: int | None = None  # uniqueness checks that ran out of nodes and kept their
    # clue (the board is locally minimal up to them); None where the generator does not count


def finishes(puzzle: Puzzle[BoardT, Any], board: BoardT, level: str) -> bool:
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


def keep_test(puzzle: Puzzle[BoardT, Any], rebuild: Callable[[Clues], BoardT],
              level: str | None) -> Callable[[Clues], bool]:
    """The erasure test for a target: unique (None or ``search``; a capped check keeps the
    clue) or ``level`` finishes."""
    if level in (None, engine.SEARCH):
        return lambda clues: verdict(puzzle, rebuild(clues)) == UNIQUE
    return lambda clues: finishes(puzzle, rebuild(clues), level)


def graded(puzzle: Puzzle[BoardT, Any], make: Callable[[int, str | None], Made[BoardT]], grade: str | None,
           seed: int, tries: int) -> Made[BoardT]:
    """The first board of seeds seed, seed+1, ... whose grade is ``grade`` (any if None)."""
    check_grade(puzzle, grade)
    for k in range(tries):
        made = make(seed + k, grade)
        g = engine.grade(puzzle, made.board).grade
        if grade is None or g == grade:
            return replace(made, grade=g)
    raise ValueError(f"no {puzzle.name} board of grade {grade} in {tries} seeds from {seed}")
