"""Fill-a-Pix's branching where the readable search probes at every node (the player's count in
the browser; core/puzzle.Lookahead): the cell whose two trials settle the most together, as a
lookahead SAT solver rates a variable, taken among the first open cells in reading order only.
On the product alone the search wanders over the board and the refutations of far-apart guesses
multiply; the window keeps it sweeping the board from the top (bench/lookahead.py)."""

from __future__ import annotations

from collections.abc import Callable

from pencilbox.puzzles.fillapix.board import BOTH, Board

SHARE = 0.5  # the share of the open cells, first in reading order, the branch cell is taken from


class Window:
    """The lowest of the first ``share`` of the open cells whose two trials' counts of settled
    cells have the largest product."""

    def __init__(self, share: float = SHARE) -> None:
        self.share = share

    def choose(self, board: Board, dom: list[int], settles: Callable[[int], tuple[int, ...]]) -> int:
        cells = [v for v, d in enumerate(dom) if d == BOTH]
        best, top = cells[0], -1
        for v in cells[: max(1, round(len(cells) * self.share))]:
            blank, paint = settles(v)
            if blank * paint > top:
                best, top = v, blank * paint
        return best


LOOKAHEAD = Window()
