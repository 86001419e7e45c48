"""The rules of Slant as a standalone validator (shares no code with the rungs).

Broken rules: ``clue`` (a number over or under its count, with the point and the cells
around it), ``loop`` (the cells of a closed loop), ``complete`` (undecided cells).
A finished board is a spanning forest; ``trees`` counts its components (R + C + 1).
"""

from __future__ import annotations

from collections import deque

from pencilbox.core.outcomes import Broken
from pencilbox.core.unionfind import join
from pencilbox.core.words import at
from pencilbox.puzzles.slant.board import TOUCH, Board
from pencilbox.puzzles.slant.words import corner


def validate(board: Board, answer: tuple[int | None, ...]) -> list[Broken]:
    g = board.grid
    out: list[Broken] = []
    for p, v in enumerate(board.clues):
        if v is None or v < 0:
            continue
        touching = sum(1 for i, k in g.around[p] if answer[i] == TOUCH[k])
        open_ = sum(1 for i, _ in g.around[p] if answer[i] is None)
        if not touching <= v <= touching + open_:
            cells = tuple(i for i, _ in g.around[p])
            out.append(Broken("clue", cells, f"clue {v} at {corner(board, p, cells[0])} is touched by "
                              f"{touching} diagonal{'' if touching == 1 else 's'}"
                              + (f" with {open_} undecided" if open_ else "") + f", needs {v}", (p,)))
    for loop in loops(board, answer):
        out.append(Broken("loop", loop, f"a closed loop of {len(loop)} diagonals through "
                          f"{at(board.cols, loop[0])}"))
    undecided = tuple(i for i, v in enumerate(answer) if v is None)
    if undecided:
        out.append(Broken.undecided(undecided))
    return out


def _edges(board: Board, answer: tuple[int | None, ...]) -> list[tuple[int, int, int]]:
    return [(*board.ends(i, v), i) for i, v in enumerate(answer) if v is not None]


def loops(board: Board, answer: tuple[int | None, ...]) -> list[tuple[int, ...]]:
    """One closed loop per diagonal that closes one, as the cells along it (a union-find
    spots the closing diagonals; only those pay for a path search)."""
    adj: dict[int, list[tuple[int, int]]] = {}
    parent = list(range(board.grid.points))
    found = []
    for a, b, i in _edges(board, answer):
        if not join(parent, a, b):
            path = _path(adj, a, b)
            assert path is not None
            found.append(tuple(sorted((*path, i))))
        adj.setdefault(a, []).append((b, i))
        adj.setdefault(b, []).append((a, i))
    return found


def _path(adj: dict[int, list[tuple[int, int]]], a: int, b: int) -> list[int] | None:
    """Cells on a path from point a to point b, or None (breadth-first)."""
    back: dict[int, tuple[int, int]] = {a: (-1, -1)}
    todo = deque([a])
    while todo:
        u = todo.popleft()
        if u == b:
            cells = []
            while u != a:
                u, cell = back[u]
                cells.append(cell)
            return cells
        for w, cell in adj.get(u, ()):
            if w not in back:
                back[w] = (u, cell)
                todo.append(w)
    return None


def trees(board: Board, answer: tuple[int | None, ...]) -> int:
    """Connected components of the lattice points under the diagonals."""
    parent = list(range(board.grid.points))
    comps = len(parent)
    for a, b, _ in _edges(board, answer):
        if join(parent, a, b):
            comps -= 1
    return comps


def is_answer(board: Board, answer: tuple[int | None, ...]) -> bool:
    return not validate(board, answer)
