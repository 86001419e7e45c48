"""The toy's one rung, ``count``: a clue whose shaded cells already make its number
blanks the rest of its plus; one that needs every open cell shades them."""

from __future__ import annotations

from dataclasses import dataclass

from pencilbox.core.engine import Contradiction, State

from .board import BLANK, BOTH, SHADE, Board
from .levels import Level


@dataclass(frozen=True)
class Count:
    name: Level = Level.COUNT

    def apply(self, board: Board, state: State) -> bool:
        changed = False
        for i, v in enumerate(board.clues):
            if v is None:
                continue
            plus = board.plus[i]
            shaded = sum(state.dom[j] == SHADE for j in plus)
            open_ = [j for j in plus if state.dom[j] == BOTH]
            if not shaded <= v <= shaded + len(open_):
                raise Contradiction(self.name, plus)
            keep = BLANK if shaded == v else SHADE if shaded + len(open_) == v else None
            for j in open_ if keep is not None else ():
                changed |= state.restrict(j, keep, self.name, plus)
        return changed


RUNGS = (Count(),)
