"""The generator: seeded and repeatable, locally minimal, graded as asked, answers valid."""

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.sukoro import PUZZLE, generate
from pencilbox.puzzles.sukoro.board import Board


def test_same_seed_same_board() -> None:
    a = generate.generate(7, 6, None, 42)
    b = generate.generate(7, 6, None, 42)
    assert a == b
    assert generate.generate(7, 6, None, 43).board != a.board


@pytest.mark.parametrize("seed", range(6))
def test_boards_are_unique_and_locally_minimal(seed: int) -> None:
    made = generate.make(6, 7, seed)
    board = made.board
    assert PUZZLE.validate(board, made.answer) == []
    assert PUZZLE.brute_count(board, 2, 10**9).count == 1
    assert PUZZLE.sat_count(board, 2, 10**9).count == 1
    assert sum(map(bool, made.answer)) >= generate.MIN_COVER * 42
    for i, v in enumerate(board.clues):
        if v is not None:
            fewer = Board(board.rows, board.cols, board.clues[:i] + (None,) + board.clues[i + 1:])
            assert PUZZLE.brute_count(fewer, 2, 10**9).count >= 2


@pytest.mark.parametrize("grade", ["deg", "neq", "conn", "probe", "search"])
def test_grade_targets(grade: str) -> None:
    made = generate.generate(6, 6, grade, 5)
    assert made.grade == grade
    got = engine.grade(PUZZLE, made.board, accel=False)
    assert got.grade == grade and got.unique


def test_impossible_requests() -> None:
    with pytest.raises(ValueError, match="no Sukoro answer"):
        generate.generate(1, 2, None, 0)
    with pytest.raises(ValueError, match="unknown level"):
        generate.generate(5, 5, "magic", 0)
