"""The Ripple ladder: the kernel reaches the readable rungs' fixpoints with two rungs off,
both brute counters settle the published boards past their range, looks_dead never calls a
live partition dead, and the three counters (cells, regions, ladder) and SAT agree on random
boards (the rest of the contract: tests/test_contract.py)."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.ripple import PUZZLE, generate
from pencilbox.puzzles.ripple.board import Board
from tests import contract
from tests.puzzles.ripple.helpers import published, random_board

PUB = published()
SMALL = published(100)


def test_kernel_fixpoint_equals_reference_with_two_rungs_off() -> None:
    """(Every level and each rung off: tests/test_contract.py.)"""
    for k, (_, board, answer) in enumerate(SMALL):
        contract.check_kernel_fixpoints_like_reference(PUZZLE, board, answer, ("ripple", "lines", "probe"), k)


@pytest.mark.parametrize("bid,board,answer", PUB, ids=[p[0] for p in PUB])
def test_published_boards_counted_by_the_brute_counters_past_their_range(
        bid: str, board: Board, answer: tuple[int, ...]) -> None:
    """(Every engine in range: tests/test_contract.py.) Both brute counters also settle the
    published boards up to 100 cells, beyond their declared range."""
    if board.rows * board.cols <= 100:
        assert PUZZLE.brute_count(board, 2, 10**9).count == 1
        assert PUZZLE.cells_count(board, 2, 10**9).count == 1


def test_counters_agree_on_random_small_boards() -> None:
    rng = random.Random(8)
    dead = alive = 0
    for _ in range(300):
        board = random_board(rng)
        cells = PUZZLE.brute_count(board, 10**6, 10**9).count
        assert PUZZLE.cells_count(board, 10**6, 10**9).count == cells
        for level in ("region", "hidden", "lines", "probe"):
            assert engine.count(PUZZLE, board, engine.ladder(PUZZLE, level), 10**6, 10**8).count == cells
        if board.rows * board.cols <= 8:
            assert engine.count(PUZZLE, board, engine.ladder(PUZZLE, "lines"), 10**6, 10**8,
                                accel=False).count == cells
        if cells <= 30:
            assert PUZZLE.sat_count(board, 10**6, 10**9).count == cells
        dead += cells == 0
        alive += cells > 0
    assert dead > 30 and alive > 30  # both kinds were exercised


def test_looks_dead_never_calls_a_live_partition_dead() -> None:
    rng = random.Random(12)
    named = 0
    for _ in range(400):
        rows, cols = rng.randint(3, 6), rng.randint(3, 6)
        regions = generate.partition(rows, cols, rng, rng.choice((0.1, 0.3, 0.5)), (1, 3))
        reasons = generate.looks_dead(rows, cols, regions)
        board = Board(rows, cols, regions, (None,) * (rows * cols))
        count = PUZZLE.cells_count(board, 1, 10**9).count
        if reasons:
            named += 1
            assert count == 0, (regions, reasons)
    assert named > 20


def test_looks_dead_names_its_reasons() -> None:
    assert generate.looks_dead(1, 2, (0, 1)) == ["adjacent singletons", "board capacity", "line rule"]
    assert "board capacity" in generate.looks_dead(2, 2, (0, 1, 2, 3))  # four 1s, room for two
    assert generate.looks_dead(2, 2, (0, 0, 1, 1)) == []  # two dominoes live: 1 2 / 2 1


def test_line_needs_counts_the_regions_lying_wholly_in_each_line() -> None:
    """``lines`` reads a need per line and value, built per region (it was per line and region:
    12 s on a 500x500 board); held to the definition: regions that are subsets of the line."""
    from pencilbox.puzzles.ripple.rungs import line_needs
    rng = random.Random(27)
    for _ in range(60):
        b = random_board(rng)
        members: dict[int, set[int]] = {}
        for i, k in enumerate(b.regions):
            members.setdefault(k, set()).add(i)
        for line, need in line_needs(b.rows, b.cols, b.regions):
            want = [0] * (len(line) + 1)
            for cells in members.values():
                if cells <= set(line):
                    for v in range(1, len(cells) + 1):
                        want[v] += 1
            assert list(need) == want
