"""The Slant generator: a random loop-free filling, then clues.

- ``raw``: every lattice point shown with probability ``density`` (the unfiltered
  stream of the studies; such boards need not be unique).
- ``make`` / ``generate``: all clues of the filling shown, then erased in random order
  while the target level alone still finishes the board (Tatham's solver run
  backwards), rejected when the level below finishes it too; without a grade, erased
  while unique (a uniqueness check that runs out of nodes keeps its clue and is counted in
  ``Made.capped_checks``). Every draw is seeded and repeatable.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache

from pencilbox.compiled.ready import generator_ready
from pencilbox.core import engine
from pencilbox.core.budgets import UNIQUE_NODES
from pencilbox.core.generate import Made, NoGrade, check_grade, finishes, graded, keep_test, minimise
from pencilbox.core.puzzle import Clues
from pencilbox.core.unionfind import join
from pencilbox.puzzles.slant import PUZZLE
from pencilbox.puzzles.slant.board import BACK, FWD, TOUCH, Board
from pencilbox.puzzles.slant.erase import minimise as erase_plain


def random_filling(rows: int, cols: int, rng: random.Random) -> tuple[int, ...]:
    """One diagonal per cell in random order, flipped when it would close a loop (by
    planarity the other one never does)."""
    ends = _ends(rows, cols)
    parent = list(range((rows + 1) * (cols + 1)))
    cells = [0] * (rows * cols)
    order = list(range(rows * cols))
    rng.shuffle(order)
    for i in order:
        bit = rng.choice((FWD, BACK))
        if not join(parent, *ends[i][bit - 1]):
            bit ^= 3
            join(parent, *ends[i][bit - 1])
        cells[i] = bit
    return tuple(cells)


@lru_cache(maxsize=64)
def _ends(rows: int, cols: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """The ends of both diagonals (FWD, then BACK) of every cell."""
    blank = Board(rows, cols, (None,) * ((rows + 1) * (cols + 1)))
    return tuple((blank.ends(i, FWD), blank.ends(i, BACK)) for i in range(rows * cols))


def all_clues(rows: int, cols: int, filling: tuple[int, ...]) -> tuple[int, ...]:
    """The count at every lattice point of a filling."""
    blank = Board(rows, cols, (None,) * ((rows + 1) * (cols + 1)))
    return tuple(sum(1 for i, k in around if filling[i] == TOUCH[k]) for around in blank.grid.around)


def raw(rows: int, cols: int, density: float, seed: int) -> tuple[Board, tuple[int, ...]]:
    """A board of the raw stream and its filling."""
    rng = random.Random(seed)
    filling = random_filling(rows, cols, rng)
    clues = tuple(v if rng.random() < density else None for v in all_clues(rows, cols, filling))
    return Board(rows, cols, clues), filling


def make(rows: int, cols: int, seed: int, level: engine.Level | None = None, compiled: bool = True,
         node_cap: int = UNIQUE_NODES, rungs: bool = False) -> Made[Board]:
    """One board from one seed, minimal for ``level`` (or unique-minimal, each check within
    ``node_cap`` branch points); ungraded. For a level, the erasure loop runs compiled
    (kernel.minimise) unless ``compiled`` is False: then its plain-Python twin (erase.py), or
    with ``rungs`` the readable rung passes, the reference both must match board for board."""
    return _make(rows, cols, seed, level, compiled, node_cap, rungs)[0]


def _make(rows: int, cols: int, seed: int, level: engine.Level | None, compiled: bool = True,
          node_cap: int = UNIQUE_NODES, rungs: bool = False) -> tuple[Made[Board], bool]:
    """``make``, and whether the board's grade is ``level``, where the erasure loop tells it
    (the level finishes the board and the level under it does not); else False."""
    rng = random.Random(seed)
    filling = random_filling(rows, cols, rng)
    def rebuild(clues: Clues) -> Board:
        return Board(rows, cols, clues)
    full = all_clues(rows, cols, filling)
    if level in (None, engine.SEARCH):
        unique = keep_test(PUZZLE, rebuild, level, node_cap)
        clues, checks = minimise(full, rng, unique)
        shown = sum(v is not None for v in clues)
        return Made(rebuild(clues), filling, seed, None, shown, checks, unique.capped), False
    not_full = Made(rebuild(full), filling, seed, None, len(full), 0, 0)  # graded() rejects it
    if rungs:
        if not finishes(PUZZLE, rebuild(full), level):
            return not_full, False
        clues, checks = minimise(full, rng, keep_test(PUZZLE, rebuild, level))
        easier = True  # not known: graded() tells
    else:
        order = [i for i, v in enumerate(full) if v is not None]
        rng.shuffle(order)
        levels = engine.levels(PUZZLE)
        under = levels.index(level) - 1 if level in levels else -1
        below = engine.ladder(PUZZLE, levels[under]) if under >= 0 else ()
        names = engine.ladder(PUZZLE, level)
        if compiled:
            from pencilbox.puzzles.slant.kernel import minimise as erase_compiled  # numpy: once it is built
            clues, checks, easier = erase_compiled(rebuild(full), order, filling, names, below)
        else:
            clues, checks, easier = erase_plain(rows, cols, full, order, filling, names, below)
        if checks < 0:
            return not_full, False
    # a level's checks are fixpoints, never capped; the level finishes the board: it is unique
    shown = sum(v is not None for v in clues)
    return Made(rebuild(clues), filling, seed, None, shown, checks, 0, proved_unique=True), not easier


def generate(rows: int, cols: int, grade: str | None = None, seed: int = 0, tries: int = 500) -> Made[Board]:
    """A graded board; with ``grade``, the first of seeds seed, seed+1, ... that has it. At a
    level the erasure loop (compiled, or its plain-Python twin) grades the board itself (the
    level finishes it, the one under does not: what ``graded`` finds with engine.grade, one
    fixpoint instead of four)."""
    compiled = generator_ready(PUZZLE)
    level = check_grade(PUZZLE, grade)  # a level's name: a BoardError names the grades
    if level not in engine.levels(PUZZLE):
        return graded(PUZZLE, lambda s, g: make(rows, cols, s, g, compiled), level, seed, tries)
    for k in range(tries):
        made, exact = _make(rows, cols, seed + k, level, compiled)
        if exact:
            return replace(made, grade=level)
    raise NoGrade(PUZZLE.name, level, tries, seed)
