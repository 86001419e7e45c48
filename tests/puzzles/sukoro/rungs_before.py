"""Frozen (tests): src/pencilbox/puzzles/sukoro/rungs.py as it stood before the readable ladder's
fast path (commit a6448bf), unchanged below this paragraph: the oracle tests/core/test_propagate.py
holds the rungs and the engine to, step for step.

The Sukoro ladder (engine 1): ``deg``, ``neq``, ``conn``; the engine adds ``probe``.

Each rung is sound: it removes only values no answer uses. A number is the degree of
its cell among numbered cells, so ``deg`` is arithmetic on settled (s) and possible (p)
numbered neighbours, ``neq`` is local irregularity, and ``conn`` is the one global rung.
"""

from __future__ import annotations

from pencilbox.core.engine import Contradiction, State, single
from pencilbox.puzzles.sukoro.board import EMPTY, NUMBERED, Board
from pencilbox.puzzles.sukoro.levels import Level

# DIGITS[s][p]: the digits v with max(s, 1) <= v <= min(p, 4).
DIGITS = [[sum(1 << v for v in range(max(s, 1), min(p, 4) + 1)) for p in range(5)] for s in range(5)]


def undecided(d: int) -> bool:
    """Could be empty and could be numbered."""
    return bool(d & EMPTY) and bool(d & NUMBERED)


class Deg:
    """s <= v <= p per cell; a settled v == s empties the rest, v == p numbers the rest."""

    name = Level.DEG

    def apply(self, board: Board, state: State) -> bool:
        dom, changed = state.dom, False
        for i, nbs in enumerate(board.grid.orth):
            s = sum(1 for j in nbs if not dom[j] & EMPTY)
            p = sum(1 for j in nbs if dom[j] & NUMBERED)
            changed |= state.restrict(i, EMPTY | DIGITS[s][p], self.name, nbs)
            d = dom[i]
            if not single(d) or d == EMPTY:
                continue
            v = d.bit_length() - 1
            if v == s or v == p:
                to = EMPTY if v == s else NUMBERED
                for j in nbs:
                    if undecided(dom[j]):
                        changed |= state.restrict(j, to, self.name, (i, *nbs))
        return changed


class Neq:
    """A settled number v removes v from every orthogonal neighbour."""

    name = Level.NEQ

    def apply(self, board: Board, state: State) -> bool:
        dom, changed = state.dom, False
        for i, nbs in enumerate(board.grid.orth):
            d = dom[i]
            if single(d) and d != EMPTY:
                for j in nbs:
                    changed |= state.restrict(j, ~d, self.name, (i,))
        return changed


class Conn:
    """Strike cells that cannot reach the settled numbers; number every articulation point
    that separates settled numbers (one Tarjan pass with per-subtree counts)."""

    name = Level.CONN
    weight = 4  # engine.Budget units a cell per readable pass: a pass walks the whole board (Tarjan)

    def apply(self, board: Board, state: State) -> bool:
        dom, orth = state.dom, board.grid.orth
        n = len(dom)
        can = [bool(d & NUMBERED) for d in dom]
        sure = [not d & EMPTY for d in dom]
        if not any(can):
            raise Contradiction(self.name, ())  # rule 4: something must be numbered
        if not any(sure):
            return False
        root = sure.index(True)
        disc, low, held, cuts = tarjan(orth, can, sure, root, n)
        lost = [i for i in range(n) if sure[i] and disc[i] < 0]
        if lost:
            raise Contradiction(self.name, (root, *lost))
        premises = tuple(i for i in range(n) if sure[i])
        changed = False
        for i in range(n):
            if can[i] and disc[i] < 0:
                changed |= state.restrict(i, EMPTY, self.name, premises)
        for u in cuts:
            changed |= state.restrict(u, NUMBERED, self.name, premises)
        return changed


def tarjan(orth: tuple[tuple[int, ...], ...], can: list[bool], sure: list[bool], root: int,
           n: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """Iterative DFS over could-be-numbered cells from ``root``: discovery times, low links,
    settled numbers per subtree, and the undecided cells whose removal cuts settled numbers
    off from the root."""
    disc, low, held = [-1] * n, [0] * n, [0] * n
    cuts: list[int] = []
    disc[root], held[root] = 0, int(sure[root])
    clock = 1
    stack = [(root, -1, iter(orth[root]))]
    while stack:
        u, parent, rest = stack[-1]
        for w in rest:
            if not can[w]:
                continue
            if disc[w] < 0:
                disc[w] = low[w] = clock
                held[w] = int(sure[w])
                clock += 1
                stack.append((w, u, iter(orth[w])))
                break
            if w != parent:
                low[u] = min(low[u], disc[w])
        else:
            stack.pop()
            if parent >= 0:
                low[parent] = min(low[parent], low[u])
                held[parent] += held[u]
                if low[u] >= disc[parent] and held[u] and not sure[parent] and parent not in cuts:
                    cuts.append(parent)
    return disc, low, held, cuts


RUNGS = (Deg(), Neq(), Conn())
