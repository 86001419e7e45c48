"""Fill-a-Pix's lookahead branch (branch.py): among the first half of the open cells in reading
order, the cell whose two trials settle the most together (their product), the lowest of those."""

from __future__ import annotations

from pencilbox.puzzles.fillapix.board import BLANK, BOTH, PAINT, Board
from pencilbox.puzzles.fillapix.branch import LOOKAHEAD, Window


def test_the_branch_is_the_best_product_in_the_window() -> None:
    board = Board(2, 5, (None,) * 10)
    dom = [BLANK, BOTH, BOTH, PAINT, BOTH, BOTH, BOTH, BOTH, BOTH, BOTH]  # open: 1, 2, 4..9
    rated = {1: (2, 3), 2: (1, 9), 4: (3, 2), 5: (1, 1), 6: (5, 5), 7: (9, 9), 8: (9, 9), 9: (9, 9)}
    asked: list[int] = []

    def settles(v: int) -> tuple[int, ...]:
        asked.append(v)
        return rated[v]
    # the window: the first 4 of the 8 open cells; 2 (1 x 9) beats 1 and 4 (6), 6 lies past it
    assert LOOKAHEAD.choose(board, dom, settles) == 2
    assert asked == [1, 2, 4, 5]  # the cells past the window are not worked out
    assert Window(1.0).choose(board, dom, lambda v: rated[v]) == 7  # the lowest of the best
    assert Window(0.01).choose(board, dom, lambda v: rated[v]) == 1  # one cell at least
