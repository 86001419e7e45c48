"""The toy generator: a fair-coin picture, every clue shown, then clues erased in random
order while the answer stays unique (or, for a grade, while that level alone finishes it)."""

from __future__ import annotations

import random

from pencilbox.core.generate import Made, graded, keep_test, minimise

from . import PUZZLE
from .board import Board

DRAWS = 100  # pictures drawn per seed until one is the only answer of its clues


def make(rows: int, cols: int, seed: int, level: str | None = None) -> Made:
    """One locally minimal board (for uniqueness, or for what ``level`` settles)."""
    rng = random.Random(seed)
    pic = tuple(rng.randint(0, 1) for _ in range(rows * cols))
    full = Board(rows, cols, (None,) * (rows * cols))
    clues = tuple(sum(pic[j] for j in full.plus[i]) for i in range(rows * cols))
    if not PUZZLE.sat_count(Board(rows, cols, clues), 2, 10**9).count == 1:
        raise ValueError(f"seed {seed}: the picture is not the only one its clues allow")
    kept, checks = minimise(clues, rng, keep_test(PUZZLE, lambda c: Board(rows, cols, c), level))
    return Made(Board(rows, cols, kept), pic, seed, None, sum(v is not None for v in kept), checks)


def generate(rows: int, cols: int, grade: str | None, seed: int, tries: int = 500) -> Made:
    """The first seed from ``seed`` whose picture is unique and whose board has ``grade``."""
    def one(s: int, g: str | None) -> Made:
        for k in range(s * DRAWS, (s + 1) * DRAWS):
            try:
                return make(rows, cols, k, None if g == "search" else g)
            except ValueError:
                continue
        raise ValueError(f"no unique {rows}x{cols} toy picture in {DRAWS} draws from seed {s}")
    return graded(PUZZLE, one, grade, seed, tries)
