"""The Slant generator: loop-free fillings with R + C + 1 trees, seeded and repeatable,
graded boards unique and first finished at the requested level."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.slant import PUZZLE, generate, rules
from pencilbox.puzzles.slant.board import Board


def test_fillings_are_forests_with_r_plus_c_plus_1_trees() -> None:
    rng = random.Random(1)
    for _ in range(300):
        rows, cols = rng.randint(1, 12), rng.randint(1, 12)
        filling = generate.random_filling(rows, cols, rng)
        board = Board(rows, cols, generate.all_clues(rows, cols, filling))
        assert rules.validate(board, filling) == []
        assert rules.trees(board, filling) == rows + cols + 1


def test_raw_stream_repeatable() -> None:
    assert generate.raw(7, 7, 0.75, 3) == generate.raw(7, 7, 0.75, 3)
    assert generate.raw(7, 7, 0.75, 3) != generate.raw(7, 7, 0.75, 4)


@pytest.mark.parametrize("grade", ["count", "cycle", "duet", "probe"])
def test_graded_boards(grade: str) -> None:
    made = generate.generate(6, 6, grade, 11)
    assert made == generate.generate(6, 6, grade, 11)
    assert made.grade == grade
    assert engine.grade(PUZZLE, made.board, accel=False).grade == grade
    assert engine.count(PUZZLE, made.board, limit=2).status == "unique"
    assert rules.trees(made.board, made.answer) == 13
