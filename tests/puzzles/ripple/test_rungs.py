"""The Ripple ladder (rungs.py): the kernel reaches the readable rungs' fixpoints with two rungs
off, lines reads its needs per region, and (placed here with the ladder) both brute counters settle
the published boards past their range and the three counters (cells, regions, ladder) and SAT agree
on random boards (the rest of the contract: tests/registry/test_contract.py)."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.ripple import PUZZLE
from pencilbox.puzzles.ripple.board import Board
from tests import contract
from tests.puzzles.ripple.helpers import published, random_board

PUB = published()
SMALL = published(100)


def test_kernel_fixpoint_equals_reference_with_two_rungs_off() -> None:
    """(Every level and each rung off: tests/registry/test_contract.py.)"""
    for k, (_, board, answer) in enumerate(SMALL):
        contract.check_kernel_fixpoints_like_reference(PUZZLE, board, answer, ("ripple", "lines", "probe"), k)


@pytest.mark.parametrize("bid,board,answer", PUB, ids=[p[0] for p in PUB])
def test_published_boards_counted_by_the_brute_counters_past_their_range(
        bid: str, board: Board, answer: tuple[int, ...]) -> None:
    """(Every engine in range: tests/registry/test_contract.py.) Both brute counters also settle the
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
