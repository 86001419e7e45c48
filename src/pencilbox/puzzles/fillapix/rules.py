"""The rules of Fill-a-Pix as a standalone validator (shares no code with the rungs):
``clue`` (a block with too many or too few painted cells) and ``complete``."""

from __future__ import annotations

from pencilbox.core.outcomes import Broken
from pencilbox.core.words import at
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
            said = f"clue {v} at {at(board.cols, i)} has {painted} painted cell{'' if painted == 1 else 's'}"
            out.append(Broken("clue", tuple(block), said + (f" and {open_} undecided" if open_ else "")
                              + f", needs {v}"))
    undecided = tuple(i for i, v in enumerate(answer) if v is None)
    if undecided:
        out.append(Broken.undecided(undecided))
    return out


def is_answer(board: Board, answer: tuple[int | None, ...]) -> bool:
    return not validate(board, answer)
