"""The rules of Sukoro as a standalone validator (shares no code with the rungs).

It judges a complete or partial answer and lists every broken rule with its cells:
``clue`` (a clue cell not holding its number), ``count`` (a number that cannot equal
its count of numbered neighbours), ``differ`` (equal adjacent numbers), ``connected``
(numbered cells in more than one group), ``nonempty`` (nothing numbered), and
``complete`` (undecided cells, for partial answers).
"""

from __future__ import annotations

from pencilbox.core.outcomes import Broken
from pencilbox.core.words import at
from pencilbox.puzzles.sukoro.board import MARK, Board


def validate(board: Board, answer: tuple[int | None, ...], dropped: tuple[str, ...] = ()) -> list[Broken]:
    """Every broken rule; ``dropped`` switches off 'differ' and/or 'connected' for studies."""
    g = board.grid
    out: list[Broken] = []
    for i, clue in enumerate(board.clues):
        v = answer[i]
        if clue is not None and v is not None and (v == 0 or (clue != MARK and v != clue)):
            out.append(Broken("clue", (i,), _clue(board, answer, i, clue, v)))
    for i, v in enumerate(answer):
        if not v:
            continue
        numbered = sum(1 for j in g.orth[i] if answer[j])
        possible = sum(1 for j in g.orth[i] if answer[j] != 0)
        if not numbered <= v <= possible:
            out.append(Broken("count", (i,), f"the {v} at {at(board.cols, i)} has {_neighbours(numbered)}"
                              + (f" and {possible - numbered} undecided" if possible > numbered else "")))
        for j in g.orth[i]:
            if j > i and answer[j] == v and "differ" not in dropped:
                out.append(Broken("differ", (i, j), f"two {v}s side by side at {at(board.cols, i)} and "
                                  f"{at(board.cols, j)}"))
    groups = _groups(board, answer)
    if len(groups) > 1 and "connected" not in dropped:
        groups.sort(key=len, reverse=True)
        stray = tuple(sorted(i for grp in groups[1:] for i in grp))
        out.append(Broken("connected", stray, f"the numbers form {len(groups)} groups: "
                          f"{at(board.cols, stray[0])} is cut off from {at(board.cols, min(groups[0]))}"))
    undecided = tuple(i for i, v in enumerate(answer) if v is None)
    if not groups and not undecided:
        out.append(Broken("nonempty", (), "no cell is numbered"))
    if undecided:
        out.append(Broken.undecided(undecided))
    return out


def _neighbours(n: int) -> str:
    return f"{n} numbered neighbour{'' if n == 1 else 's'}"


def _clue(board: Board, answer: tuple[int | None, ...], i: int, clue: int, v: int) -> str:
    """A clue cell not holding its number: empty, short of its count, or holding another digit."""
    where = f"clue {clue if clue != MARK else '?'} at {at(board.cols, i)}"
    if v == 0:
        return f"{where} is empty"
    numbered = sum(1 for j in board.grid.orth[i] if answer[j])
    if numbered == v:  # its digit is its count (the player's marks always are)
        return f"{where} has {_neighbours(numbered)}, needs {clue}"
    return f"{where} holds a {v}"


def _groups(board: Board, answer: tuple[int | None, ...]) -> list[list[int]]:
    """Orthogonally connected groups of numbered cells (a partial answer may join them later
    through undecided cells, so then groups connect through undecided cells too)."""
    g = board.grid
    partial = any(v is None for v in answer)
    seen: set[int] = set()
    groups = []
    for start, v in enumerate(answer):
        if not v or start in seen:
            continue
        seen.add(start)
        todo, grp = [start], []
        while todo:
            i = todo.pop()
            if answer[i]:
                grp.append(i)
            for j in g.orth[i]:
                if j not in seen and (answer[j] or (partial and answer[j] is None)):
                    seen.add(j)
                    todo.append(j)
        groups.append(grp)
    return groups


def is_answer(board: Board, answer: tuple[int | None, ...], dropped: tuple[str, ...] = ()) -> bool:
    return not validate(board, answer, dropped)
