"""The rules of Fill-a-Pix as a standalone validator (shares no code with the rungs):
``clue`` (a block with too many or too few painted cells) and ``complete``."""

from __future__ import annotations

from pencilbox.core.puzzle import Broken
from pencilbox.puzzles.fillapix.board import Board


def validate(board: Board, answer: tuple[int | None, ...]) -> list[Broken]:
    out: list[Broken] = []
    for i, v in enumerate(board.clues):
        if v is None:
            continue
        block = board.grid.block[i]
        painted = sum(1 for j in block if answer[j] == 1)
        open_ = sum(1 for j in block if answer[j] is None)
        if not painted <= v <= painted + open_:
            out.append(Broken("clue", tuple(block), f"{v} sees {painted} painted"
                              + (f" and {open_} undecided" if open_ else "")))
    undecided = tuple(i for i, v in enumerate(answer) if v is None)
    if undecided:
        out.append(Broken("complete", undecided, f"{len(undecided)} cells undecided"))
    return out


def is_answer(board: Board, answer: tuple[int | None, ...]) -> bool:
    return not validate(board, answer)
