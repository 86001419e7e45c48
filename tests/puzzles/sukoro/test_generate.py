"""Sukoro's generator beyond what every folder's is held to (tests/registry/test_generate.py):
locally minimal by the brute counter too, the covering share, the SAT-screened erasure."""

import random
from dataclasses import replace

import pytest

from pencilbox.core.drivers import erased
from pencilbox.core.generate import keep_test, minimise
from pencilbox.puzzles.sukoro import PUZZLE, generate
from pencilbox.puzzles.sukoro.board import Board


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


def test_impossible_requests() -> None:
    """(An unknown grade: tests/registry/test_generate.py.)"""
    with pytest.raises(ValueError, match="no Sukoro answer"):
        generate.generate(1, 2, None, 0)


@pytest.mark.parametrize(("rows", "cols", "seed"), [(6, 6, 0), (7, 9, 1), (8, 8, 2), (10, 10, 3)])
def test_the_sat_erasure_gives_the_reference_loops_boards(rows: int, cols: int, seed: int) -> None:
    """Same answer, same erasure order, exact checks: where the readable loop caps no check
    the two loops keep the same clues."""
    fast = generate.make(rows, cols, seed)
    slow = generate.make_reference(rows, cols, seed)
    assert slow.capped_checks == 0
    assert fast == replace(slow, proved_unique=True)


def test_a_15x15_board_is_proved_unique_locally_minimal_and_graded() -> None:
    """The readable loop caps checks here and keeps a clue that can go; grading then capped
    too (grade None). The SAT erasure caps none, and the board is graded ``search``."""
    made = generate.generate(15, 15, None, 0)
    board = made.board
    assert made.capped_checks == 0 and made.proved_unique and made.grade == "search"
    assert PUZZLE.validate(board, made.answer) == []
    assert PUZZLE.sat_count(board, 2, 0).count == 1
    for i, v in enumerate(board.clues):
        if v is not None:
            assert PUZZLE.sat_count(erased(board, i), 2, 0).count == 2, i


def test_the_player_makes_boards_up_to_20x20() -> None:
    assert PUZZLE.generate_max == (20, 20)


def test_the_reference_loop_counts_its_capped_checks() -> None:
    """A check that runs out of nodes keeps its clue and is counted, not folded into
    "not unique" silently."""
    rng = random.Random(4)
    answer = generate.random_answer(8, 8, rng)
    full = tuple(v if v else None for v in answer)
    keep = keep_test(PUZZLE, lambda clues: Board(8, 8, clues), None, node_cap=0)
    clues, checks = minimise(full, rng, keep)
    assert checks == sum(map(bool, answer))
    assert 0 < keep.capped <= sum(v is not None for v in clues)  # each capped check kept its clue


@pytest.mark.parametrize("seed", range(3))
def test_sat_screened_probe_erasure_gives_the_reference_loops_boards(seed: int) -> None:
    """At ``probe`` SAT turns away erasures that leave a rival before the probe fixpoint runs;
    probe is sound, so it would have turned them away too: the same boards."""
    fast = generate.make(12, 12, seed, "probe")
    slow = generate.make_reference(12, 12, seed, "probe")
    assert slow.capped_checks == 0 and fast == replace(slow, proved_unique=True)
