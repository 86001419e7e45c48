"""The Sukoro ladder (engine 1): ``deg``, ``neq``, ``conn``; the engine adds ``probe``.

Each rung is sound: it removes only values no answer uses. A number is the degree of
its cell among numbered cells, so ``deg`` is arithmetic on settled (s) and possible (p)
numbered neighbours, ``neq`` is local irregularity, and ``conn`` is the one global rung.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from functools import lru_cache

from pencilbox.core.engine import Contradiction, State, single
from pencilbox.core.geometry import orth_getters
from pencilbox.core.propagate import Memo
from pencilbox.puzzles.sukoro.board import EMPTY, NUMBERED, Board
from pencilbox.puzzles.sukoro.levels import Level

# DIGITS[s][p]: the digits v with max(s, 1) <= v <= min(p, 4).
DIGITS = [[sum(1 << v for v in range(max(s, 1), min(p, 4) + 1)) for p in range(5)] for s in range(5)]


def undecided(d: int) -> bool:
    """Could be empty and could be numbered."""
    return bool(d & EMPTY) and bool(d & NUMBERED)


#: per domain (bits 0-4): 1 where the cell is surely numbered (no EMPTY bit), 1 where it may be
_SURE = tuple(int(not d & EMPTY) for d in range(32)).__getitem__
_CAN = tuple(int(bool(d & NUMBERED)) for d in range(32)).__getitem__


class Deg:
    """s <= v <= p per cell; a settled v == s empties the rest, v == p numbers the rest."""

    name = Level.DEG

    def apply(self, board: Board, state: State) -> bool:
        dom, changed, restrict, name = state.dom, False, state.restrict, self.name
        for i, nbs, get in orth_getters(board.rows, board.cols):
            got = get(dom)
            s = sum(map(_SURE, got))
            p = sum(map(_CAN, got))
            d = dom[i]
            keep = EMPTY | DIGITS[s][p]
            if d & keep != d:  # (restrict changes nothing otherwise)
                changed |= restrict(i, keep, name, nbs)
                d = dom[i]
            if not d or d & (d - 1) or d == EMPTY:  # not a settled number
                continue
            v = d.bit_length() - 1
            if v == s or v == p:
                to = EMPTY if v == s else NUMBERED
                for j in nbs:
                    if dom[j] & EMPTY and dom[j] & NUMBERED:  # undecided
                        changed |= restrict(j, to, name, (i, *nbs))
        return changed


class Neq:
    """A settled number v removes v from every orthogonal neighbour."""

    name = Level.NEQ

    def apply(self, board: Board, state: State) -> bool:
        dom, changed, restrict, name = state.dom, False, state.restrict, self.name
        for i, nbs in enumerate(board.grid.orth):
            d = dom[i]
            if single(d) and d != EMPTY:
                for j in nbs:
                    if dom[j] & d:  # (restrict changes nothing otherwise)
                        changed |= restrict(j, ~d, name, (i,))
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


# ---------------------------------------------------------------- the propagator

class Bound:
    """The rungs ``deg``, ``neq``, ``conn`` (those named) on one board, run from the cells that
    changed (core/propagate.py): a cell's deg and neq are evaluated again once it or a
    neighbour changes, conn (the whole board's walk) once the local rules are quiet and a
    cell's numbered-or-empty status changed. Each evaluation is the rung's own, so the fixpoint
    is the passes'."""

    __slots__ = ("orth", "adj", "n", "deg", "neq", "conn", "work", "memo", "_reads")

    def __init__(self, rows: int, cols: int, names: frozenset[str]) -> None:
        self.orth = orth_getters(rows, cols)
        self.adj = tuple(row[1] for row in self.orth)
        self.n = rows * cols
        self.deg, self.neq, self.conn = Level.DEG in names, Level.NEQ in names, Level.CONN in names
        self.work = 0
        self.memo = Memo()
        self._reads: tuple[frozenset[int], ...] | None = None

    @property
    def reads(self) -> tuple[frozenset[int], ...]:
        """Per cell, the cells a rule reads together with it: conn reads the whole board; deg and
        neq a cell and its neighbours, which a neighbour's read too."""
        if self._reads is None:
            if self.conn:
                every = frozenset(range(self.n))
                self._reads = (every,) * self.n
            else:
                adj = self.adj
                self._reads = tuple(frozenset((i, *adj[i], *(k for j in adj[i] for k in adj[j])))
                                    for i in range(self.n))
        return self._reads

    def run(self, dom: list[int], seeds: Iterable[int] | None,
            near: Collection[int] | None = None) -> list[int]:
        """The fixpoint from ``seeds`` (see core/propagate.py); with ``near``, a cell's rules
        that read no cell of ``near`` are taken as quiet (conn reads them all)."""
        orth, n = self.orth, self.n
        do_deg, do_neq, do_conn = self.deg, self.neq, self.conn
        local = do_deg or do_neq
        if seeds is None:
            queue = list(range(n - 1, -1, -1)) if local else []
            queued = bytearray([1]) * n if local else bytearray(n)
            dirty = do_conn
        else:
            queue, queued, dirty = [], bytearray(n), False
            moved = None if near is None else set(near)
            for x in seeds:
                dirty = do_conn
                for i in (x, *orth[x][1]) if local else ():
                    if not queued[i] and (moved is None or i in moved or not moved.isdisjoint(orth[i][1])):
                        queued[i] = 1
                        queue.append(i)
        changed: list[int] = []
        work = 0

        def moved_to(j: int, new: int) -> None:
            """Cell j narrowed to ``new`` (non-empty): its rules and its neighbours' again."""
            nonlocal dirty
            old = dom[j]
            dom[j] = new
            changed.append(j)
            if (old & EMPTY) != (new & EMPTY) or bool(old & NUMBERED) != bool(new & NUMBERED):
                dirty = do_conn
            for i in (j, *orth[j][1]) if local else ():
                if not queued[i]:
                    queued[i] = 1
                    queue.append(i)

        try:
            while True:
                while queue:
                    i = queue.pop()
                    queued[i] = 0
                    work += 1
                    _, nbs, get = orth[i]
                    d = dom[i]
                    if do_deg:
                        got = get(dom)
                        s = sum(map(_SURE, got))
                        p = sum(map(_CAN, got))
                        new = d & (EMPTY | DIGITS[s][p])
                        if new != d:
                            if not new:
                                raise Contradiction(Level.DEG, (i, *nbs))
                            moved_to(i, new)
                            d = new
                        if d and not d & (d - 1) and d != EMPTY:
                            v = d.bit_length() - 1
                            if v == s or v == p:
                                to = EMPTY if v == s else NUMBERED
                                for j in nbs:
                                    if dom[j] & EMPTY and dom[j] & NUMBERED:
                                        moved_to(j, dom[j] & to)
                    if do_neq and d and not d & (d - 1) and d != EMPTY:
                        for j in nbs:
                            if dom[j] & d:
                                if not dom[j] & ~d:
                                    raise Contradiction(Level.NEQ, (j, i))
                                moved_to(j, dom[j] & ~d)
                if not dirty:
                    return changed
                dirty = False
                work += n // 8 + 1
                self._conn(dom, moved_to)
        finally:
            self.work += work

    def _conn(self, dom: list[int], moved_to: Callable[[int, int], None]) -> None:
        """Conn's pass on ``dom`` (as Conn.apply: the same cells struck and numbered), its
        moves through ``moved_to``."""
        can = list(map(_CAN, dom))
        if 1 not in can:
            raise Contradiction(Level.CONN, ())
        sure = list(map(_SURE, dom))
        if 1 not in sure:
            return
        root = sure.index(1)
        disc, cuts = _walk(self.adj, can, sure, root, self.n)
        for i, d in enumerate(disc):
            if d < 0:
                if sure[i]:
                    raise Contradiction(Level.CONN, (root, i))
                if can[i]:
                    moved_to(i, dom[i] & EMPTY)
        for u in cuts:
            if dom[u] & ~NUMBERED:
                moved_to(u, dom[u] & NUMBERED)


def _walk(adj: tuple[tuple[int, ...], ...], can: list[int], sure: list[int], root: int,
          n: int) -> tuple[list[int], list[int]]:
    """``tarjan``'s discovery times and cut cells (as a set, in another order), written for
    speed: the propagator walks the board each time a cell's status changes."""
    disc, low, held = [-1] * n, [0] * n, [0] * n
    cut = bytearray(n)
    cuts: list[int] = []
    disc[root], held[root] = 0, sure[root]
    clock = 1
    stack = [(root, -1, iter(adj[root]))]
    push, pop = stack.append, stack.pop
    while stack:
        u, parent, rest = stack[-1]
        for w in rest:
            if can[w]:
                if disc[w] < 0:
                    disc[w] = low[w] = clock
                    held[w] = sure[w]
                    clock += 1
                    push((w, u, iter(adj[w])))
                    break
                if w != parent and disc[w] < low[u]:
                    low[u] = disc[w]
        else:
            pop()
            if parent >= 0:
                if low[u] < low[parent]:
                    low[parent] = low[u]
                if held[u]:
                    held[parent] += held[u]
                    if low[u] >= disc[parent] and not sure[parent] and not cut[parent]:
                        cut[parent] = 1
                        cuts.append(parent)
    return disc, cuts


class Propagators:
    """Sukoro's propagators (core/propagate.py): one per board and rung set, kept for a few
    boards with their probe memos (they read the grid only: the clues are in the domains)."""

    def __init__(self, rungs: tuple[Deg, Neq, Conn]) -> None:
        self.rungs = rungs

    def bind(self, board: Board, names: tuple[str, ...]) -> Bound | None:
        if any(n not in (Level.DEG, Level.NEQ, Level.CONN) for n in names):
            return None
        return _bound(board.rows, board.cols, board.clues, frozenset(names))


@lru_cache(maxsize=8)
def _bound(rows: int, cols: int, clues: tuple[int | None, ...], names: frozenset[str]) -> Bound:
    """(Keyed by the clues too: a board's probe memo is its own.)"""
    return Bound(rows, cols, names)


RUNGS = (Deg(), Neq(), Conn())
PROPAGATORS = Propagators(RUNGS)
