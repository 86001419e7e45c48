"""The rules of Ripple Effect as a standalone validator (shares no code with the rungs).

It re-reads the distance rule from scratch: each value against the cells it can see along each line.
Broken rules: ``given`` (a given not kept), ``region`` (a value out of 1..s or twice in
its region), ``ripple`` (two equal values k at most k apart in a line), ``complete``.
"""

from __future__ import annotations

from pencilbox.core.outcomes import Broken
from pencilbox.core.words import at
from pencilbox.puzzles.ripple.board import MARK, Board


def validate(board: Board, answer: tuple[int | None, ...]) -> list[Broken]:
    out: list[Broken] = []
    for i, (given, v) in enumerate(zip(board.clues, answer, strict=True)):
        if given is not None and given != MARK and v is not None and v != given:
            out.append(Broken("given", (i,), f"given {given} at {at(board.cols, i)} changed to {v}"))
    for cells in board.members:
        seen: dict[int, int] = {}
        for i in cells:
            v = answer[i]
            if v is None:
                continue
            if not 1 <= v <= len(cells):
                out.append(Broken("region", (i,), f"the {v} at {at(board.cols, i)} is in a region of "
                                  f"{len(cells)} cell{'' if len(cells) == 1 else 's'}"))
            elif v in seen:
                out.append(Broken("region", (seen[v], i), f"two {v}s in one region, at "
                                  f"{at(board.cols, seen[v])} and {at(board.cols, i)}"))
            else:
                seen[v] = i
    g = board.grid
    for line in g.lines():
        for a, i in enumerate(line):
            if (v := answer[i]) is None:
                continue
            for b in range(a + 1, min(a + v, len(line) - 1) + 1):  # a v sees v cells on
                if answer[j := line[b]] == v:
                    out.append(Broken("ripple", (i, j), f"two {v}s only {b - a} apart, at "
                                      f"{at(board.cols, i)} and {at(board.cols, j)}"))
    undecided = tuple(i for i, v in enumerate(answer) if v is None)
    if undecided:
        out.append(Broken.undecided(undecided))
    return out


def is_answer(board: Board, answer: tuple[int | None, ...]) -> bool:
    return not validate(board, answer)
