"""The Slant generator's erasure loop in plain Python: jit_generate.py's loop on lists, for
where numba is absent (the static site's Pyodide), so that a New board there takes a second,
not a minute of whole-board rung passes per check.

Each check ("the target level alone still finishes the board") is a fixpoint from scratch,
but worked from what changed: a settled cell schedules the clues at its corners, the duets
round it and its union in cycle (a union-find undone from one trail, visiting only the
smaller side's points on each join), as jit.py does. The rungs are sound and monotone, so
this reaches the readable passes' fixpoint; the known answer lets probe try only the
diagonal away from it, and skip a cell an earlier trial since the last drop settled away
from it (jit_generate.py says why). Every verdict, and so every board, is the readable
loop's (tests/puzzles/slant/test_erase.py holds both to it).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from pencilbox.core.engine import PROBE
from pencilbox.core.geometry import grid
from pencilbox.core.worklists import Work, drain, empty
from pencilbox.puzzles.slant.board import BACK, diagonals
from pencilbox.puzzles.slant.levels import Level
from pencilbox.puzzles.slant.rungs import joint, pair_masks, point_pairs, touches


class Shape:
    """An R x C board's tables, built once: per cell its diagonals' ends (by bit) and its
    corners, per point the cells around it with the bit that touches it, the adjacent
    point pairs with the (at most 6) cells around either and their masks, each cell's pairs."""

    def __init__(self, rows: int, cols: int) -> None:
        g = grid(rows, cols)
        self.n, self.points = g.size, g.points
        self.ends = diagonals(rows, cols)
        self.corners = g.all_corners
        self.around = touches(rows, cols)
        pairs = point_pairs(rows, cols)
        self.pair_p = [p for p, _, _ in pairs]
        self.pair_q = [q for _, q, _ in pairs]
        self.pair_cells = [cells for _, _, cells in pairs]
        self.pair_masks = pair_masks(rows, cols)
        cell_pairs: list[list[int]] = [[] for _ in range(g.size)]
        for t, (_, _, cells) in enumerate(pairs):
            for i in cells:
                cell_pairs[i].append(t)
        self.cell_pairs = [tuple(ts) for ts in cell_pairs]


@lru_cache(maxsize=16)
def shape(rows: int, cols: int) -> Shape:
    return Shape(rows, cols)


class Loop:
    """One filling's erasure loop: the clues left (``clue``, -1 where erased), the domains, one
    trail (a cell and its old domain, or a union as ``-1 - root`` and the root it joined), the
    worklists of count (points), cycle (settled cells) and duet (pairs), the union-find."""

    def __init__(self, rows: int, cols: int, clues: tuple[int | None, ...], answer: tuple[int, ...],
                 names: tuple[str, ...]) -> None:
        if Level.COUNT not in names:
            raise ValueError("the readable erasure loop runs a ladder with count (a generator's level)")
        self.s = s = shape(rows, cols)
        self.clue = [-1 if v is None else v for v in clues]
        self.answer = answer
        self.cyc, self.duet, self.prb = Level.CYCLE in names, Level.DUET in names, PROBE in names
        n, points = s.n, s.points
        self.dom = [3] * n
        self.trail: list[tuple[int, int]] = []
        self.counts: list[int] = []
        self.joins: list[int] = []
        self.pairs: list[int] = []
        self.in_counts = [False] * points
        self.in_joins = [False] * n
        self.in_pairs = [False] * len(s.pair_p)
        self.parent = list(range(points))
        self.size = [1] * points
        self.next = list(range(points))  # circular member lists of the union-find's sets
        self.skip = [0] * n
        self.epoch = 0
        self.work: tuple[Work, ...] = ((self.counts, self.in_counts, self._count),
                                       (self.joins, self.in_joins, self._join),
                                       (self.pairs, self.in_pairs, self._pair))

    # ------------------------------------------------------------ state

    def settle(self, i: int, new: int) -> None:
        """Settle cell ``i``, trail it and schedule what reads it."""
        dom, s = self.dom, self.s
        self.trail.append((i, dom[i]))
        dom[i] = new
        clue, in_counts, counts = self.clue, self.in_counts, self.counts
        for p in s.corners[i]:
            if clue[p] >= 0 and not in_counts[p]:
                in_counts[p] = True
                counts.append(p)
        if self.duet:
            in_pairs, pairs = self.in_pairs, self.pairs
            for t in s.cell_pairs[i]:
                if not in_pairs[t]:
                    in_pairs[t] = True
                    pairs.append(t)
        if self.cyc and not self.in_joins[i]:
            self.in_joins[i] = True
            self.joins.append(i)

    def calm(self) -> None:
        """Empty every worklist (after a contradiction or an undo)."""
        empty(self.work)

    def undo(self, mark: int) -> None:
        """Restore every domain and union trailed since ``mark``."""
        trail, dom = self.trail, self.dom
        parent, size, nxt = self.parent, self.size, self.next
        while len(trail) > mark:
            i, old = trail.pop()
            if i >= 0:
                dom[i] = old
            else:
                ra = -1 - i
                parent[ra] = ra
                size[old] -= size[ra]
                nxt[ra], nxt[old] = nxt[old], nxt[ra]
        self.calm()

    def schedule(self) -> None:
        """Every clue still shown, every duet and every settled cell: a fixpoint from scratch."""
        for p, v in enumerate(self.clue):
            if v >= 0:
                self.in_counts[p] = True
                self.counts.append(p)
        if self.duet:
            self.pairs[:] = range(len(self.in_pairs))
            self.in_pairs[:] = [True] * len(self.in_pairs)
        for i, d in enumerate(self.dom):
            if d != 3 and self.cyc:
                self.in_joins[i] = True
                self.joins.append(i)

    # ------------------------------------------------------------ rungs

    def _count(self, p: int) -> bool:
        """count on one clue: met -> the rest turn away; short by the open cells -> they turn to it."""
        v, dom, cells = self.clue[p], self.dom, self.s.around[p]
        touching = nopen = 0
        for i, b in cells:
            d = dom[i]
            if d == b:
                touching += 1
            elif d == 3:
                nopen += 1
        if v < touching or v > touching + nopen:
            return False
        if nopen and (v == touching or v == touching + nopen):
            away = v == touching
            for i, b in cells:
                if dom[i] == 3:
                    self.settle(i, 3 ^ b if away else b)
        return True

    def _join(self, i: int) -> bool:
        """cycle for one settled cell: join its diagonal's ends (already one set: a loop), then
        turn each open cell whose diagonal now closes a loop (it has an end on the smaller side)."""
        s, dom, parent = self.s, self.dom, self.parent
        a, b = s.ends[i][dom[i]]
        while parent[a] != a:
            a = parent[a]
        while parent[b] != b:
            b = parent[b]
        if a == b:
            return False
        size, nxt = self.size, self.next
        if size[a] > size[b]:
            a, b = b, a
        parent[a] = b
        size[b] += size[a]
        self.trail.append((-1 - a, b))
        ends, around = s.ends, s.around
        x = a
        while True:
            for c, bit in around[x]:
                if dom[c] != 3:
                    continue
                e0, e1 = ends[c][bit]
                y = e0 if e1 == x else e1
                while parent[y] != y:
                    y = parent[y]
                if y == b:
                    self.settle(c, 3 ^ bit)
            x = nxt[x]
            if x == a:
                break
        nxt[a], nxt[b] = nxt[b], nxt[a]
        return True

    def _pair(self, t: int) -> bool:
        """duet on one pair (jit.py's _duet): keep what every joint assignment of its open cells
        meeting both clues agrees on; a pair with an erased clue reads as nothing."""
        s, clue = self.s, self.clue
        vp, vq = clue[s.pair_p[t]], clue[s.pair_q[t]]
        if vp < 0 or vq < 0:
            return True
        dom, cells = self.dom, s.pair_cells[t]
        opened = back = 0
        for k, i in enumerate(cells):
            d = dom[i]
            if d == 3:
                opened |= 1 << k
            elif d == BACK:
                back |= 1 << k
        if not opened:
            return True
        seen_b, seen_f = joint(s.pair_masks[t], vp, vq, opened, back)
        if not seen_b | seen_f:
            return False
        for k, i in enumerate(cells):
            if opened >> k & 1:
                new = (seen_f >> k & 1) | ((seen_b >> k & 1) << 1)
                if new != 3:
                    self.settle(i, new)
        return True

    def base(self) -> bool:
        """The scheduled rungs below probe to their fixpoint (count, then cycle, then duet);
        False on a contradiction (the worklists are then emptied)."""
        if drain(self.work):
            return True
        self.calm()
        return False

    # ------------------------------------------------------------ probe and the check

    def _probe_away(self, start: int) -> int:
        """probe's scan round from ``start``, trying each open cell's diagonal away from the
        answer only, and not a cell an earlier trial of this epoch settled away from it;
        returns the cell dropped, or -1."""
        dom, answer, skip, epoch, trail = self.dom, self.answer, self.skip, self.epoch, self.trail
        n = len(dom)
        for var in chain(range(start, n), range(start)):
            if dom[var] != 3 or skip[var] == epoch:
                continue
            mark = len(trail)
            self.settle(var, 3 ^ answer[var])
            ok = self.base()
            if ok:
                for t in range(mark, len(trail)):
                    c = trail[t][0]
                    if c >= 0 and dom[c] == 3 ^ answer[c]:
                        skip[c] = epoch
            self.undo(mark)
            if not ok:
                self.settle(var, answer[var])
                return var
        return -1

    def finishes(self) -> bool:
        """Whether the level's fixpoint, from what is scheduled, settles every cell."""
        cursor = 0
        while True:
            self.epoch += 1
            if not self.base():
                return False
            if 3 not in self.dom:
                return True
            if not self.prb:
                return False
            var = self._probe_away(cursor)
            if var < 0:
                return False
            cursor = var

    def check(self) -> bool:
        """``finishes`` from scratch on the clues left."""
        self.undo(0)
        self.schedule()
        return self.finishes()


def minimise(rows: int, cols: int, clues: tuple[int | None, ...], order: list[int], answer: tuple[int, ...],
             names: tuple[str, ...], below: tuple[str, ...] = ()) -> tuple[tuple[int | None, ...], int, bool]:
    """kernel.minimise in plain Python: from every clue of ``answer`` shown (``clues``), the
    clues kept while the rungs ``names`` alone finish, the checks run (-1: the whole board
    does not finish, nothing erased) and whether the rungs ``below`` (none: False) finish
    the board left."""
    loop = Loop(rows, cols, clues, answer, names)
    if not loop.check():
        return clues, -1, False
    clue = loop.clue
    checks = 0
    for i in order:
        kept = clue[i]
        clue[i] = -1
        checks += 1
        if not loop.check():
            clue[i] = kept
    left = tuple(None if v < 0 else v for v in clue)
    if not below:
        return left, checks, False
    return left, checks, Loop(rows, cols, left, answer, below).check()
