"""The Slant generator: a random loop-free filling, then clues.

- ``raw``: every lattice point shown with probability ``density`` (the unfiltered
  stream of the studies; such boards need not be unique).
- ``make`` / ``generate``: all clues of the filling shown, then erased in random order
  while the target level alone still finishes the board (Tatham's solver run
  backwards), rejected when the level below finishes it too; without a grade, erased
  while unique. Every draw is seeded and repeatable.
"""

from __future__ import annotations

import random

from pencilbox.core import engine
from pencilbox.core.generate import Made, finishes, graded, keep_test, minimise
from pencilbox.core.puzzle import Clues
from pencilbox.puzzles.slant import PUZZLE
from pencilbox.puzzles.slant.board import BACK, FWD, TOUCH, Board


def random_filling(rows: int, cols: int, rng: random.Random) -> tuple[int, ...]:
    """One diagonal per cell in random order, flipped when it would close a loop (by
    planarity the other one never does)."""
    blank = Board(rows, cols, (None,) * ((rows + 1) * (cols + 1)))
    parent = list(range(blank.grid.points))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    cells = [0] * (rows * cols)
    order = list(range(rows * cols))
    rng.shuffle(order)
    for i in order:
        bit = rng.choice((FWD, BACK))
        a, b = (find(x) for x in blank.ends(i, bit))
        if a == b:
            bit ^= 3
            a, b = (find(x) for x in blank.ends(i, bit))
        parent[a] = b
        cells[i] = bit
    return tuple(cells)


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


def make(rows: int, cols: int, seed: int, level: str | None = None) -> Made[Board]:
    """One board from one seed, minimal for ``level`` (or unique-minimal); ungraded."""
    rng = random.Random(seed)
    filling = random_filling(rows, cols, rng)
    def rebuild(clues: Clues) -> Board:
        return Board(rows, cols, clues)
    full = all_clues(rows, cols, filling)
    if level not in (None, engine.SEARCH) and not finishes(PUZZLE, rebuild(full), level):
        return Made(rebuild(full), filling, seed, None, len(full), 0)  # graded() rejects it
    clues, checks = minimise(full, rng, keep_test(PUZZLE, rebuild, level))
    return Made(rebuild(clues), filling, seed, None, sum(v is not None for v in clues), checks)


def generate(rows: int, cols: int, grade: str | None = None, seed: int = 0, tries: int = 500) -> Made[Board]:
    """A graded board; with ``grade``, the first of seeds seed, seed+1, ... that has it."""
    return graded(PUZZLE, lambda s, g: make(rows, cols, s, g), grade, seed, tries)
