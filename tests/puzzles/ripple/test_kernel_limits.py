"""The Ripple kernel at any size: its line needs equal the readable ones, its worklist
rungs and trail search count as the readable search does (nodes and answers too) from
random partial states, and a deep search keeps memory proportional to the board."""

import random

from pencilbox.core import engine
from pencilbox.puzzles.ripple import PUZZLE, kernel
from pencilbox.puzzles.ripple.rungs import line_needs
from tests.memory import growth
from tests.puzzles.ripple.helpers import published, random_board


def test_line_needs_equal_the_readable_ones() -> None:
    rng = random.Random(5)
    boards = [b for _, b, _ in published()] + [random_board(rng) for _ in range(60)]
    for board in boards:
        assert kernel.line_needs_of(board) == [need for _, need in line_needs(board.rows, board.cols,
                                                                              board.regions)]


def test_trail_search_equals_the_readable_search_on_random_states() -> None:
    rng = random.Random(13)
    levels = [engine.ladder(PUZZLE, lv) for lv in ("region", "ripple", "hidden", "lines", "probe")]
    for _ in range(150):
        board = random_board(rng)
        dom = PUZZLE.initial_state(board)
        for i in range(len(dom)):  # settle some open cells, some against the answer
            if board.clues[i] is None and rng.random() < 0.15:
                dom[i] = 1 << rng.randint(1, board.size[i])
        names = rng.choice(levels)
        root = engine.ladder(PUZZLE) if rng.random() < 0.5 else names
        limit, cap = rng.choice(((2, 10**6), (10**6, 10**6), (10**6, 5)))
        fast = kernel.search(board, dom, names, limit, cap, root)
        slow = engine.search(PUZZLE, board, dom, names, limit, cap, root)
        assert (fast.count, fast.limit_hit, fast.node_capped, fast.nodes, fast.answers) == \
            (slow.count, slow.limit_hit, slow.node_capped, slow.nodes, slow.answers)


SETUP = """
from pencilbox.core import engine
from pencilbox.puzzles.ripple import PUZZLE
from pencilbox.puzzles.ripple.board import Board
def rows(side, cap):
    board = Board(side, side, tuple(r for r in range(side) for _ in range(side)), (None,) * (side * side))
    return engine.count(PUZZLE, board, engine.ladder(PUZZLE, "lines"), 2, cap)
"""


def test_deep_search_memory_follows_the_board_not_the_depth() -> None:
    """60x60, each row a region of 60 (a Latin square is an answer): thousands of branch
    points deep, per-depth copies of the state took 71 MB; the trail takes a few."""
    res = growth(SETUP, "rows(2, 10)", "rows(60, 100000)")
    assert (res["count"], res["nodes"]) == (2, 4846)
    assert res["grown_mb"] < 25, res
