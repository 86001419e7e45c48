"""Frozen (tests): src/pencilbox/puzzles/slant/rungs.py as it stood before the readable ladder's
fast path (commit a6448bf), unchanged below this paragraph: the oracle tests/core/test_propagate.py
holds the rungs and the engine to, step for step.

The Slant ladder: ``count``, ``cycle``, ``duet``; the engine adds ``probe``.

Premises name cells by index and clue points as ``cells + point`` (see ``clue_id``).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from pencilbox.core.engine import Contradiction, State, single
from pencilbox.core.geometry import grid
from pencilbox.core.puzzle import known
from pencilbox.core.unionfind import join, root
from pencilbox.puzzles.slant.board import BOTH, TOUCH, Board
from pencilbox.puzzles.slant.levels import Level
from pencilbox.puzzles.slant.rules import loops


def clue_id(board: Board, p: int) -> int:
    """A clue point as a premise id (cells come first)."""
    return board.rows * board.cols + p


class Count:
    """One clue at a time: met -> the rest turn away; short by exactly the open cells ->
    they all turn toward it."""

    name = Level.COUNT
    weight = 2  # engine.Budget units a cell per readable pass: a pass reads each point's four cells

    def apply(self, board: Board, state: State) -> bool:
        dom, around, changed = state.dom, board.grid.around, False
        for p in board.clued:
            v = known(board.clues[p])
            touching = sum(1 for i, k in around[p] if dom[i] == TOUCH[k])
            open_ = [(i, k) for i, k in around[p] if not single(dom[i])]
            if not touching <= v <= touching + len(open_):
                raise Contradiction(self.name, (*(i for i, _ in around[p]), clue_id(board, p)))
            if open_ and v in (touching, touching + len(open_)):
                why = (clue_id(board, p), *(i for i, _ in around[p]))
                for i, k in open_:
                    keep = BOTH ^ TOUCH[k] if v == touching else TOUCH[k]
                    changed |= state.restrict(i, keep, self.name, why)
        return changed


class Cycle:
    """Union-find over lattice points: an orientation joining two connected points goes."""

    name = Level.CYCLE

    def apply(self, board: Board, state: State) -> bool:
        dom, changed = state.dom, False
        parent = list(range(board.grid.points))
        for i, d in enumerate(dom):
            if single(d) and not join(parent, *board.ends(i, d)):
                raise Contradiction(self.name, (i, *_loop_cells(board, dom, i)))
        for i, d in enumerate(dom):
            if single(d):
                continue
            for bit in (1, 2):
                a, b = board.ends(i, bit)
                if root(parent, a) == root(parent, b):
                    why = _loop_cells(board, dom, i, bit) if state.log is not None else ()
                    changed |= state.restrict(i, BOTH ^ bit, self.name, why)
                    if not join(parent, *board.ends(i, dom[i])):  # both ways close a loop
                        raise Contradiction(self.name, (i, *why))
                    break
        return changed


def _loop_cells(board: Board, dom: list[int], cell: int, bit: int | None = None) -> tuple[int, ...]:
    """Settled cells on a path between the ends of ``cell``'s diagonal (for hints)."""
    answer = [d if single(d) and j != cell else None for j, d in enumerate(dom)]
    answer[cell] = dom[cell] if bit is None else bit
    found = [loop for loop in loops(board, tuple(answer)) if cell in loop]
    return tuple(j for j in (found[0] if found else ()) if j != cell)


class Duet:
    """Two orthogonally adjacent clues as one constraint: enumerate their open cells
    (at most 6) and keep what every joint assignment that meets both clues agrees on."""

    name = Level.DUET
    weight = 4  # engine.Budget units a cell per readable pass: a pass reads each pair of neighbouring points

    def apply(self, board: Board, state: State) -> bool:
        dom, changed = state.dom, False
        for p, q, cells in duets(board):
            open_ = [i for i in cells if not single(dom[i])]
            if not open_:
                continue
            seen = [0] * len(open_)
            for combo in product((1, 2), repeat=len(open_)):
                trial = dict(zip(open_, combo, strict=True))
                if all(_touching(board, dom, trial, x) == board.clues[x] for x in (p, q)):
                    seen = [s | c for s, c in zip(seen, combo, strict=True)]
            why = (clue_id(board, p), clue_id(board, q), *cells)
            if not any(seen):
                raise Contradiction(self.name, why)
            for i, keep in zip(open_, seen, strict=True):
                changed |= state.restrict(i, keep, self.name, why)
        return changed


def _touching(board: Board, dom: list[int], trial: dict[int, int], p: int) -> int:
    return sum(1 for i, k in board.grid.around[p] if trial.get(i, dom[i]) == TOUCH[k])


def duets(board: Board) -> list[tuple[int, int, tuple[int, ...]]]:
    """Pairs of orthogonally adjacent numbered points with the cells around either."""
    clues = board.clues
    return [(p, q, cells) for p, q, cells in point_pairs(board.rows, board.cols)
            if (a := clues[p]) is not None and (b := clues[q]) is not None and a >= 0 and b >= 0]


@lru_cache(maxsize=64)
def point_pairs(rows: int, cols: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Every pair of orthogonally adjacent lattice points with the cells around either."""
    g = grid(rows, cols)
    return tuple((p, q, tuple(sorted({i for i, _ in g.around[p]} | {i for i, _ in g.around[q]})))
                 for p, q in g.point_pairs())


RUNGS = (Count(), Cycle(), Duet())
