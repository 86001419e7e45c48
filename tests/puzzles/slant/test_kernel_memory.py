"""The counting search keeps O(cells) memory at any depth (a trail, not a copy of the
board per level): on a blank 70x70 a copy per level would take 4900^2 int64 = 192 MB."""

from tests.memory import growth

SETUP = """
from pencilbox.puzzles.slant import PUZZLE, kernel
from pencilbox.puzzles.slant.board import Board
def blank(side):
    return Board(side, side, (None,) * ((side + 1) * (side + 1)))
def search(side, cap):
    board = blank(side)
    return kernel.search(board, PUZZLE.initial_state(board), ("count", "cycle", "duet"), 2, cap)
"""


def test_deep_search_memory_does_not_grow_with_depth() -> None:
    got = growth(SETUP, "search(4, 100)", "search(70, 10**5)")
    assert got["count"] == 2
    assert got["nodes"] > 4000  # the search went about one level per cell deep
    assert got["grown_mb"] < 48
