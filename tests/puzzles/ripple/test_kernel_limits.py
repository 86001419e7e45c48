"""The Ripple kernel at any size: its line needs equal the readable ones, and its
worklist rungs and trail search count as the readable search does (nodes and answers
too) from random partial states."""

import random

from pencilbox.core import engine
from pencilbox.puzzles.ripple import PUZZLE, kernel
from pencilbox.puzzles.ripple.rungs import line_needs
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
