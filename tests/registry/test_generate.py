"""Every folder's generator, at each grade its bank's recipe asks for: the same seed makes the
same board; the board is unique (the ladder and SAT), its answer valid, graded as asked by the
readable ladder too, and minimal for what made it: erasing any clue leaves a board the grade's
level no longer finishes (a board made for no grade: one with a second answer)."""

from __future__ import annotations

from typing import Any

import pytest

from pencilbox import bank, puzzles
from pencilbox.core import engine
from pencilbox.core.drivers import erased
from pencilbox.core.generate import finishes

NAMES = puzzles.names()
SEED = 2
CASES = [(name, grade) for name in NAMES for grade in bank.recipe(name)["grades"]
         if grade not in bank.recipe(name).get("may_be_short", [])]


def size(name: str) -> tuple[int, int]:
    """6x6, or the largest board the generator makes below it."""
    r, c = puzzles.get(name).generate_max
    return min(6, r), min(6, c)


@pytest.mark.parametrize("name,grade", CASES, ids=[f"{n}-{g}" for n, g in CASES])
def test_a_board_of_each_grade_is_repeatable_unique_graded_and_minimal(name: str, grade: Any) -> None:
    puzzle = puzzles.get(name)
    made = puzzle.generate(*size(name), grade, SEED)
    assert made == puzzle.generate(*size(name), grade, SEED)
    board = made.board
    assert grade is None or made.grade == grade
    assert puzzle.validate(board, made.answer) == []
    assert engine.count(puzzle, board, limit=2).status == "unique"
    assert puzzle.sat_count(board, 2, 10**9).count == 1
    assert engine.grade(puzzle, board, accel=False).grade == made.grade
    level = grade if grade in engine.levels(puzzle) else None
    for i, v in enumerate(board.clues):
        if v is not None:
            fewer = erased(board, i)
            if level is not None:
                assert not finishes(puzzle, fewer, level), i
            else:
                assert puzzle.sat_count(fewer, 2, 10**9).count == 2, i


@pytest.mark.parametrize("name", NAMES)
def test_another_seed_another_board_and_an_unknown_grade_is_refused(name: str) -> None:
    puzzle = puzzles.get(name)
    one, other = (puzzle.generate(*size(name), None, seed).board for seed in (SEED, SEED + 1))
    assert one != other
    with pytest.raises(ValueError, match="unknown level"):
        puzzle.generate(*size(name), "magic", SEED)
