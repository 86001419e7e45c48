"""The toy's rules as a standalone validator (shares no code with the rung): ``clue`` (a
plus with too many or too few shaded cells) and ``complete``."""

from __future__ import annotations

from pencilbox.core.outcomes import Broken

from .board import Board


def validate(board: Board, answer: tuple[int | None, ...]) -> list[Broken]:
    out: list[Broken] = []
    for i, v in enumerate(board.clues):
        if v is None:
            continue
        shaded = sum(answer[j] == 1 for j in board.plus[i])
        open_ = sum(answer[j] is None for j in board.plus[i])
        if not shaded <= v <= shaded + open_:
            out.append(Broken("clue", board.plus[i], f"{v} sees {shaded} shaded"))
    undecided = tuple(i for i, v in enumerate(answer) if v is None)
    if undecided:
        out.append(Broken.undecided(undecided))
    return out


def is_answer(board: Board, answer: tuple[int | None, ...]) -> bool:
    return not validate(board, answer)
