"""The Sukoro generator's level check in plain Python ("level L alone finishes the board"), for
where numba and SAT are absent (the static site's Pyodide): one fixpoint a check, worked from
what changed rather than in whole-board rung passes.

A narrowed cell schedules ``deg`` on itself and its neighbours and ``neq`` on itself; ``conn``
(one Tarjan walk, rungs.tarjan) runs when those are quiet and a cell changed since its last
run. The rungs are sound and monotone, so this reaches the readable passes' fixpoint; the
known answer lets probe skip its value (never contradicts) and a value an earlier trial since
the last drop settled its cell to (that trial's fixpoint lies inside this one's). Every
verdict, and so every board, is the readable loop's (tests/puzzles/sukoro/test_erase.py).
"""

from __future__ import annotations

from itertools import chain

from pencilbox.core.engine import PROBE
from pencilbox.core.geometry import grid
from pencilbox.core.worklists import Work, drain, empty
from pencilbox.puzzles.sukoro.board import ALL, EMPTY, MARK, NUMBERED
from pencilbox.puzzles.sukoro.levels import Level
from pencilbox.puzzles.sukoro.rungs import DIGITS, tarjan


class Loop:
    """One answer's checks: the clues left (None where erased), the domains, one trail (a cell
    and its old domain), the worklists of deg and neq (cells), and whether conn is due."""

    def __init__(self, rows: int, cols: int, clues: list[int | None], answer: tuple[int, ...],
                 names: tuple[str, ...]) -> None:
        if Level.DEG not in names:
            raise ValueError("the readable check runs a ladder with deg (a generator's level)")
        self.orth = grid(rows, cols).orth
        self.n = rows * cols
        self.clues = clues
        self.answer = [1 << v for v in answer]  # each cell's value in the answer, as a bit
        self.neq, self.conn, self.prb = Level.NEQ in names, Level.CONN in names, PROBE in names
        self.dom = [ALL] * self.n
        self.trail: list[tuple[int, int]] = []
        self.degs: list[int] = []
        self.neqs: list[int] = []
        self.in_degs = [False] * self.n
        self.in_neqs = [False] * self.n
        self.due = False
        self.skip = [0] * (5 * self.n)
        self.epoch = 0
        self.work: tuple[Work, ...] = ((self.degs, self.in_degs, self._deg),
                                       (self.neqs, self.in_neqs, self._neq))

    # ------------------------------------------------------------ state

    def restrict(self, i: int, mask: int) -> bool:
        """Narrow cell ``i`` to ``mask``, trail it and schedule what reads it; False when
        nothing is left."""
        d = self.dom[i]
        new = d & mask
        if new == d:
            return True
        if not new:
            return False
        self.trail.append((i, d))
        self.dom[i] = new
        in_degs, degs = self.in_degs, self.degs
        for j in (i, *self.orth[i]):
            if not in_degs[j]:
                in_degs[j] = True
                degs.append(j)
        if self.neq and not self.in_neqs[i]:
            self.in_neqs[i] = True
            self.neqs.append(i)
        self.due = self.conn
        return True

    def calm(self) -> None:
        """Empty every worklist (after a contradiction or an undo)."""
        empty(self.work)
        self.due = False

    def undo(self, mark: int) -> None:
        """Restore every domain trailed since ``mark``."""
        trail, dom = self.trail, self.dom
        while len(trail) > mark:
            i, old = trail.pop()
            dom[i] = old
        self.calm()

    def start(self) -> None:
        """The clues' domains, and every rule scheduled: a fixpoint from scratch."""
        self.undo(0)
        dom = self.dom
        for i, v in enumerate(self.clues):
            dom[i] = ALL if v is None else NUMBERED if v == MARK else 1 << v
        self.degs[:] = range(self.n)
        self.in_degs[:] = [True] * self.n
        if self.neq:
            self.neqs[:] = range(self.n)
            self.in_neqs[:] = [True] * self.n
        self.due = self.conn

    # ------------------------------------------------------------ rungs

    def _deg(self, i: int) -> bool:
        """deg on one cell: s <= v <= p; a settled v == s empties the rest, v == p numbers them."""
        dom, nbs = self.dom, self.orth[i]
        s = p = 0
        for j in nbs:
            d = dom[j]
            if not d & EMPTY:
                s += 1
            if d & NUMBERED:
                p += 1
        if not self.restrict(i, EMPTY | DIGITS[s][p]):
            return False
        d = dom[i]
        if d == EMPTY or d & (d - 1):
            return True
        v = d.bit_length() - 1
        if v == s or v == p:
            to = EMPTY if v == s else NUMBERED
            for j in nbs:
                e = dom[j]
                if e & EMPTY and e & NUMBERED and not self.restrict(j, to):
                    return False
        return True

    def _neq(self, i: int) -> bool:
        """neq on one cell: a settled number leaves its neighbours."""
        d = self.dom[i]
        if d == EMPTY or d & (d - 1):
            return True
        return all(self.restrict(j, ~d) for j in self.orth[i])

    def _conn(self) -> bool:
        """conn (rungs.Conn): strike cells that cannot reach the settled numbers, number every
        articulation point between settled numbers."""
        dom, n = self.dom, self.n
        can = [bool(d & NUMBERED) for d in dom]
        sure = [not d & EMPTY for d in dom]
        if not any(can):
            return False
        if not any(sure):
            return True
        root = sure.index(True)
        disc, _, _, cuts = tarjan(self.orth, can, sure, root, n)
        for i in range(n):
            if sure[i] and disc[i] < 0:
                return False
        for i in range(n):
            if can[i] and disc[i] < 0 and not self.restrict(i, EMPTY):
                return False
        return all(self.restrict(u, NUMBERED) for u in cuts)

    def base(self) -> bool:
        """The scheduled rungs below probe to their fixpoint (deg, neq, then conn once both are
        empty); False on a contradiction (the worklists are then emptied)."""
        while drain(self.work):
            if not self.due:
                return True
            self.due = False
            if not self._conn():
                break
        self.calm()
        return False

    # ------------------------------------------------------------ probe and the check

    def _probe(self, start: int) -> int:
        """probe's scan round from ``start``: each open cell's values but the answer's, and not
        one an earlier trial of this epoch settled the cell to; the cell narrowed, or -1."""
        dom, answer, skip, epoch, trail = self.dom, self.answer, self.skip, self.epoch, self.trail
        for var in chain(range(start, self.n), range(start)):
            d = dom[var]
            if not d & (d - 1):
                continue
            rest = d & ~answer[var]
            while rest:
                bit = rest & -rest
                rest ^= bit
                if skip[5 * var + bit.bit_length() - 1] == epoch:
                    continue
                mark = len(trail)
                self.restrict(var, bit)
                ok = self.base()
                if ok:
                    for k in range(mark, len(trail)):
                        c = trail[k][0]
                        e = dom[c]
                        if not e & (e - 1):
                            skip[5 * c + e.bit_length() - 1] = epoch
                self.undo(mark)
                if not ok:
                    self.restrict(var, ~bit)
                    return var
        return -1

    def check(self) -> bool:
        """Whether the level's fixpoint from the clues left settles every cell."""
        self.start()
        cursor = 0
        while True:
            self.epoch += 1
            if not self.base():
                return False
            dom = self.dom
            if all(not d & (d - 1) for d in dom):
                return True
            if not self.prb:
                return False
            var = self._probe(cursor)
            if var < 0:
                return False
            cursor = var


def minimise(rows: int, cols: int, clues: tuple[int | None, ...], order: list[int], answer: tuple[int, ...],
             names: tuple[str, ...]) -> tuple[tuple[int | None, ...], int]:
    """core.drivers.erase with generate.finishes at the level of ``names`` as its test: each
    clue of ``order`` erased while those rungs alone finish the board whose only answer is
    ``answer``; the clues kept and the erasures tried."""
    out = list(clues)
    loop = Loop(rows, cols, out, answer, names)
    for i in order:
        kept = out[i]
        out[i] = None
        if not loop.check():
            out[i] = kept
    return tuple(out), len(order)


def grade(rows: int, cols: int, clues: tuple[int | None, ...], answer: tuple[int, ...],
          ladders: tuple[tuple[str, ...], ...]) -> int:
    """The index of the first of ``ladders`` whose rungs alone finish a board whose only
    answer is ``answer``; -1 when none does."""
    finish = (k for k, names in enumerate(ladders) if Loop(rows, cols, list(clues), answer, names).check())
    return next(finish, -1)
