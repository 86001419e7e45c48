"""Generator helpers shared by every puzzle: the solver run backwards.

``minimise`` erases clues in random order while a test still holds (unique, or "level
L alone finishes it"); ``finishes`` is that test for a level; ``first_level`` grades.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from pencilbox.core import engine

UNIQUE_NODE_CAP = 200_000


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


def is_unique(puzzle: Any, board: Any, node_cap: int = UNIQUE_NODE_CAP) -> bool:
    """Exactly one answer by the ladder's search; a capped check counts as not unique."""
    return engine.count(puzzle, board, limit=2, node_cap=node_cap).status == "unique"


def verdict(puzzle: Any, board: Any, node_cap: int = UNIQUE_NODE_CAP) -> str:
    """unique | multiple | none, exactly: the ladder's search, and SAT where it runs out of
    nodes (so a capped check never passes for either answer)."""
    status = engine.count(puzzle, board, limit=2, node_cap=node_cap).status
    if status != "capped":
        return status
    n = puzzle.sat_count(board, 2, node_cap).count
    return "multiple" if n >= 2 else "unique" if n == 1 else "none"


def removable(puzzle: Any, board: Any, node_cap: int = UNIQUE_NODE_CAP) -> list[int]:
    """The clues whose erasure alone leaves the board unique: none on a locally minimal
    board (exact, by ``verdict``)."""
    out = []
    for i, v in enumerate(board.clues):
        if v is not None:
            erased = replace(board, clues=board.clues[:i] + (None,) + board.clues[i + 1:])
            if verdict(puzzle, erased, node_cap) == "unique":
                out.append(i)
    return out


def minimise(clues: tuple, rng: random.Random, keep: Callable[[tuple], bool]) -> tuple[tuple, int]:
    """Erase clues one at a time in random order, keeping an erasure only while ``keep``
    holds; returns the clues and how many erasures were tried."""
    out = list(clues)
    order = [i for i, v in enumerate(out) if v is not None]
    rng.shuffle(order)
    for i in order:
        kept = out[i]
        out[i] = None
        if not keep(tuple(out)):
            out[i] = kept
    return tuple(out), len(order)


def keep_test(puzzle: Any, rebuild: Callable[[tuple], Any], level: str | None) -> Callable[[tuple], bool]:
    """The erasure test for a target: unique (None or ``search``) or ``level`` finishes."""
    if level in (None, engine.SEARCH):
        return lambda clues: is_unique(puzzle, rebuild(clues))
    return lambda clues: finishes(puzzle, rebuild(clues), level)


def graded(puzzle: Any, make: Callable[[int, str | None], Made], grade: str | None, seed: int,
           tries: int) -> Made:
    """The first board of seeds seed, seed+1, ... whose grade is ``grade`` (any if None)."""
    if grade is not None and grade != engine.SEARCH:
        engine.ladder(puzzle, grade)
    for k in range(tries):
        made = make(seed + k, grade)
        g = engine.grade(puzzle, made.board).grade
        if grade is None or g == grade:
            return replace(made, grade=g)
    raise ValueError(f"no {puzzle.name} board of grade {grade} in {tries} seeds from {seed}")
