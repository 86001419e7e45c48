"""Generator helpers shared by every puzzle: the solver run backwards.

``verdict`` is the one uniqueness verdict (unique, multiple, none or capped); ``erase``
the one clue-erasing loop (``minimise`` runs it in random order); ``scan`` finds the
clues whose erasure alone keeps the board unique; ``finishes`` tests "level L alone
finishes it"; ``check_grade`` the one test of a grade asked for; ``graded`` grades.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from pencilbox.core import engine
from pencilbox.core.budgets import UNIQUE_NODES
from pencilbox.errors import BoardError

UNIQUE = "unique"


@dataclass(frozen=True)
class Made:
    """A generated board with how it was made."""

    board: Any
    answer: tuple[int, ...]
    seed: int
    grade: str | None
    clues: int
    erase_checks: int
    capped_checks: int | None = None  # uniqueness checks that ran out of nodes and kept their
    # clue (the board is locally minimal up to them); None where the generator does not count


def finishes(puzzle: Any, board: Any, level: str) -> bool:
    """The fixpoint at ``level`` alone settles every variable into an answer (the
    compiled kernel answers this whole when the puzzle has one)."""
    names = engine.ladder(puzzle, level)
    kernel = getattr(puzzle, "kernel", None)
    if kernel is not None and kernel.supports(names):
        return kernel.finishes(board, names)
    dom = engine.run_fixpoint(puzzle, board, puzzle.initial_state(board), names, accel=False)
    return dom is not None and all(engine.single(d) for d in dom) and puzzle.is_answer(board, dom)


def verdict(puzzle: Any, board: Any, node_cap: int = UNIQUE_NODES, exact: bool = False) -> str:
    """unique | multiple | none | capped by the ladder's search (``Count.status``); with
    ``exact``, SAT decides where the search runs out, so the verdict is never capped."""
    status = engine.count(puzzle, board, limit=2, node_cap=node_cap).status
    if status != "capped" or not exact:
        return status
    n = puzzle.sat_count(board, 2, node_cap).count
    return "multiple" if n >= 2 else UNIQUE if n == 1 else "none"


def erased(board: Any, i: int) -> Any:
    """The board with clue ``i`` erased."""
    return replace(board, clues=board.clues[:i] + (None,) + board.clues[i + 1:])


@dataclass
class Scan:
    """The clues whose erasure alone keeps the board unique, how many clues were checked
    (of ``total``: a deadline may stop the scan) and how many checks ran out of nodes."""

    found: list[int] = field(default_factory=list)
    checked: int = 0
    total: int = 0
    capped: int = 0


def scan(puzzle: Any, board: Any, node_cap: int = UNIQUE_NODES, exact: bool = False,
         deadline: float | None = None) -> Scan:
    """Each clue in reading order, erased alone and judged by ``verdict``, until the
    ``deadline`` (a ``time.perf_counter`` value) passes."""
    places = [i for i, v in enumerate(board.clues) if v is not None]
    out = Scan(total=len(places))
    for i in places:
        if deadline is not None and time.perf_counter() > deadline:
            break
        status = verdict(puzzle, erased(board, i), node_cap, exact)
        out.checked += 1
        out.capped += status == "capped"
        if status == UNIQUE:
            out.found.append(i)
    return out


def removable(puzzle: Any, board: Any, node_cap: int = UNIQUE_NODES) -> list[int]:
    """The clues whose erasure alone leaves the board unique: none on a locally minimal
    board (exact, by ``verdict`` with SAT)."""
    return scan(puzzle, board, node_cap, exact=True).found


def erase(clues: tuple, order: Iterable[int], keep: Callable[[tuple], bool]) -> tuple[tuple, int]:
    """The one clue-erasing loop: erase the clues at ``order`` one at a time, keeping an
    erasure only while ``keep`` holds; returns the clues and how many erasures were tried."""
    out = list(clues)
    tried = 0
    for i in order:
        kept = out[i]
        out[i] = None
        tried += 1
        if not keep(tuple(out)):
            out[i] = kept
    return tuple(out), tried


def minimise(clues: tuple, rng: random.Random, keep: Callable[[tuple], bool]) -> tuple[tuple, int]:
    """``erase`` in a random order of the clues shown."""
    order = [i for i, v in enumerate(clues) if v is not None]
    rng.shuffle(order)
    return erase(clues, order, keep)


def keep_test(puzzle: Any, rebuild: Callable[[tuple], Any], level: str | None) -> Callable[[tuple], bool]:
    """The erasure test for a target: unique (None or ``search``; a capped check keeps the
    clue) or ``level`` finishes."""
    if level in (None, engine.SEARCH):
        return lambda clues: verdict(puzzle, rebuild(clues)) == UNIQUE
    return lambda clues: finishes(puzzle, rebuild(clues), level)


def check_grade(puzzle: Any, grade: str | None) -> None:
    """A grade a generator can aim at: a level of the ladder, ``search`` or None."""
    grades = (*engine.levels(puzzle), engine.SEARCH)
    if grade is not None and grade not in grades:
        raise BoardError(f"unknown level {grade!r} for {puzzle.name}; grades: {', '.join(grades)}")


def graded(puzzle: Any, make: Callable[[int, str | None], Made], grade: str | None, seed: int,
           tries: int) -> Made:
    """The first board of seeds seed, seed+1, ... whose grade is ``grade`` (any if None)."""
    check_grade(puzzle, grade)
    for k in range(tries):
        made = make(seed + k, grade)
        g = engine.grade(puzzle, made.board).grade
        if grade is None or g == grade:
            return replace(made, grade=g)
    raise ValueError(f"no {puzzle.name} board of grade {grade} in {tries} seeds from {seed}")
