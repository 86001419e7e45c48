"""The Fill-a-Pix generator's erasure loop in plain Python: jit_generate.py's loop on lists, for
where numba is absent (the static site's Pyodide), so that a New board there takes a second,
not a minute of whole-board rung passes per check.

The fixpoint is worked from what changed: a settled cell schedules the clues whose block holds
it and the clue pairs that read it (each clue's painted and open counts kept as cells settle).
Erasing clue i undoes, in the trail, only what leaned on i (jit_generate's ``_reopen``; with
probe, every probe drop too) and reruns the rules that read an undone cell. The rungs are sound
and monotone, so this reaches the readable passes' fixpoint; the known answer lets probe try
only the value away from it. The rival search is the readable one node for node, so every
verdict, and so every board, is the readable loop's (tests/puzzles/fillapix/test_erase.py).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from pencilbox.core.engine import PROBE
from pencilbox.core.geometry import grid
from pencilbox.puzzles.fillapix.board import PAINT
from pencilbox.puzzles.fillapix.levels import Level
from pencilbox.puzzles.fillapix.rungs import all_pairs

DROP = -1  # a trail reason: probe dropped the value (or a search branch set it)


class _Capped(Exception):
    pass


class Shape:
    """An R x C board's tables, built once: the blocks, every overlapping pair of cells (a, b,
    shared, a's own, b's own) and, per cell, the pairs that read it."""

    def __init__(self, rows: int, cols: int) -> None:
        g = grid(rows, cols)
        self.n = g.size
        self.block = g.block
        pairs = all_pairs(rows, cols)
        self.pa = [a for a, _, _, _, _ in pairs]
        self.pb = [b for _, b, _, _, _ in pairs]
        self.shared = [s for _, _, s, _, _ in pairs]
        self.only_a = [x for _, _, _, x, _ in pairs]
        self.only_b = [x for _, _, _, _, x in pairs]
        self.cells = [(*s, *x, *y) for _, _, s, x, y in pairs]
        cell_pairs: list[list[int]] = [[] for _ in range(g.size)]
        for t, cells in enumerate(self.cells):
            for c in cells:
                cell_pairs[c].append(t)
        self.cell_pairs = [tuple(ts) for ts in cell_pairs]


@lru_cache(maxsize=16)
def shape(rows: int, cols: int) -> Shape:
    return Shape(rows, cols)


class Loop:
    """One picture's erasure loop: the clues left (``clue``, -1 where erased), the domains, each
    clue's painted and open cells, one trail (a cell and the rule that settled it: a clue, n + a
    pair, or DROP), the worklists of count (clues) and pair/sides (pairs)."""

    def __init__(self, rows: int, cols: int, clues: tuple[int | None, ...], avoid: list[int],
                 names: tuple[str, ...]) -> None:
        if Level.COUNT not in names:
            raise ValueError("the readable erasure loop runs a ladder with count (a generator's level)")
        self.s = s = shape(rows, cols)
        n = s.n
        self.clue = [-1 if v is None else v for v in clues]
        self.avoid = avoid
        self.pair, self.sides, self.prb = Level.PAIR in names, Level.SIDES in names, PROBE in names
        self.dom = [3] * n
        self.painted = [0] * n
        self.opened = [len(b) for b in s.block]
        self.trail: list[tuple[int, int]] = []
        self.counts: list[int] = []
        self.pairs: list[int] = []
        self.in_counts = [False] * n
        self.in_pairs = [False] * len(s.pa)
        self.skip = [0] * n
        self.epoch = 0
        self.hints: list[int] = []  # the cells probe dropped before the last reopen: tried first

    # ------------------------------------------------------------ state

    def settle(self, c: int, new: int, why: int) -> None:
        """Settle open cell ``c``, trail it and schedule what reads it."""
        self.trail.append((c, why))
        self.dom[c] = new
        clue, in_counts, counts = self.clue, self.in_counts, self.counts
        opened, painted = self.opened, self.painted
        paint = new == PAINT
        for j in self.s.block[c]:
            opened[j] -= 1
            if paint:
                painted[j] += 1
            if clue[j] >= 0 and not in_counts[j]:
                in_counts[j] = True
                counts.append(j)
        if self.pair or self.sides:
            in_pairs, pairs, pa, pb = self.in_pairs, self.pairs, self.s.pa, self.s.pb
            for t in self.s.cell_pairs[c]:
                if not in_pairs[t] and clue[pa[t]] >= 0 and clue[pb[t]] >= 0:
                    in_pairs[t] = True
                    pairs.append(t)

    def _open(self, c: int) -> None:
        """Open cell ``c`` again (no trail, no schedule)."""
        opened, painted = self.opened, self.painted
        paint = self.dom[c] == PAINT
        self.dom[c] = 3
        for j in self.s.block[c]:
            opened[j] += 1
            if paint:
                painted[j] -= 1

    def calm(self) -> None:
        """Empty every worklist (after a contradiction or an undo)."""
        for items, flags in ((self.counts, self.in_counts), (self.pairs, self.in_pairs)):
            for x in items:
                flags[x] = False
            items.clear()

    def undo(self, mark: int) -> None:
        """Open every cell trailed since ``mark``."""
        trail = self.trail
        while len(trail) > mark:
            self._open(trail.pop()[0])
        self.calm()

    def requeue(self, c: int) -> None:
        """Schedule every rule that reads cell ``c``."""
        for j in self.s.block[c]:
            if self.clue[j] >= 0 and not self.in_counts[j]:
                self.in_counts[j] = True
                self.counts.append(j)
        if self.pair or self.sides:
            for t in self.s.cell_pairs[c]:
                if not self.in_pairs[t]:
                    self.in_pairs[t] = True
                    self.pairs.append(t)

    def schedule(self) -> None:
        """Every clue still shown and every pair: a fixpoint from scratch."""
        for j, v in enumerate(self.clue):
            if v >= 0 and not self.in_counts[j]:
                self.in_counts[j] = True
                self.counts.append(j)
        if self.pair or self.sides:
            self.pairs[:] = range(len(self.in_pairs))
            self.in_pairs[:] = [True] * len(self.in_pairs)

    def save(self) -> tuple[list[int], list[int], list[int], list[tuple[int, int]]]:
        return self.dom[:], self.painted[:], self.opened[:], self.trail[:]

    def restore(self, saved: tuple[list[int], list[int], list[int], list[tuple[int, int]]]) -> None:
        self.dom[:], self.painted[:], self.opened[:], self.trail[:] = saved
        self.hints.clear()
        self.calm()

    def reopen(self, i: int) -> None:
        """Clue i erased: undo, in the trail, every settlement that leaned on it (settled by i,
        by a pair with i, by probe, or by a rule that read a cell already undone; count leans
        only on the cells of the value opposite to the one it set), and schedule every rule
        that reads an undone cell (jit_generate's ``_reopen``)."""
        s, dom, n = self.s, self.dom, self.s.n
        dep = [False] * n
        self.hints.clear()
        kept: list[tuple[int, int]] = []
        gone: list[int] = []
        for c, r in self.trail:
            if r == DROP:
                lean = True
            elif r < n:
                other = 3 ^ dom[c]  # the cells are opened after the walk: dom is still as it was
                lean = r == i or any(dep[x] and dom[x] == other for x in s.block[r])
            else:
                t = r - n
                lean = s.pa[t] == i or s.pb[t] == i or any(dep[x] for x in s.cells[t])
            if lean:
                dep[c] = True
                gone.append(c)
                if r == DROP:
                    self.hints.append(c)
            else:
                kept.append((c, r))
        for c in gone:
            self._open(c)
        self.trail[:] = kept
        for c in gone:
            self.requeue(c)

    # ------------------------------------------------------------ rungs

    def _count(self, j: int) -> bool:
        """count on one clue: met -> the rest blank; short by the open cells -> they paint."""
        v, p, o = self.clue[j], self.painted[j], self.opened[j]
        if v < p or v > p + o:
            return False
        if o and (v == p or v == p + o):
            keep = 1 if v == p else PAINT
            dom = self.dom
            for c in self.s.block[j]:
                if dom[c] == 3:
                    self.settle(c, keep, j)
        return True

    def _pairs(self, t: int) -> bool:
        """pair and sides on one clue pair (both shown): the shared cells hold between lo and hi
        painted cells; pair settles the shared cells at a bound, sides each clue's own."""
        s, clue = self.s, self.clue
        a, b = s.pa[t], s.pb[t]
        va, vb = clue[a], clue[b]
        if va < 0 or vb < 0:
            return True
        dom = self.dom
        so = 0
        for c in s.shared[t]:
            if dom[c] == 3:
                so += 1
        need_a, need_b = va - self.painted[a], vb - self.painted[b]
        open_a, open_b = self.opened[a] - so, self.opened[b] - so
        lo = need_a - open_a
        if need_b - open_b > lo:
            lo = need_b - open_b
        if lo < 0:
            lo = 0
        hi = need_a if need_a < need_b else need_b
        if so < hi:
            hi = so
        if lo > hi:
            return False
        why = self.s.n + t
        if self.pair and so and (lo == so or hi == 0):
            keep = PAINT if lo == so else 1
            for c in s.shared[t]:
                if dom[c] == 3:
                    self.settle(c, keep, why)
        if self.sides:
            for part, need, nopen in ((s.only_a[t], need_a, open_a), (s.only_b[t], need_b, open_b)):
                if not nopen:
                    continue
                keep = PAINT if need - hi >= nopen else 1 if need - lo <= 0 else 0
                if keep:
                    for c in part:
                        if dom[c] == 3:
                            self.settle(c, keep, why)
        return True

    def base(self) -> bool:
        """The scheduled rungs below probe to their fixpoint (count, then the pairs); False on
        a contradiction (the worklists are then emptied)."""
        counts, pairs, in_counts, in_pairs = self.counts, self.pairs, self.in_counts, self.in_pairs
        while True:
            if counts:
                j = counts.pop()
                in_counts[j] = False
                ok = self._count(j)
            elif pairs:
                t = pairs.pop()
                in_pairs[t] = False
                ok = self._pairs(t)
            else:
                return True
            if not ok:
                self.calm()
                return False

    # ------------------------------------------------------------ probe and the checks

    def _trial(self, var: int) -> bool:
        """One probe trial away from the answer at open cell ``var``: on a contradiction, drop
        it (True); else mark the cells its fixpoint settled away from the answer, which no
        trial of this epoch need try (its fixpoint lies inside theirs)."""
        dom, avoid, trail = self.dom, self.avoid, self.trail
        mark = len(trail)
        self.settle(var, 3 ^ avoid[var], DROP)
        ok = self.base()
        if ok:
            skip, epoch = self.skip, self.epoch
            for k in range(mark, len(trail)):
                c = trail[k][0]
                if dom[c] == 3 ^ avoid[c]:
                    skip[c] = epoch
        self.undo(mark)
        if ok:
            return False
        self.settle(var, avoid[var], DROP)
        return True

    def _probe_away(self, start: int) -> int:
        """probe's scan round from ``start``, trying each open cell's value away from the answer
        only (the answer's never contradicts), and not a cell an earlier trial of this epoch
        settled away from it; first the cells dropped before the last reopen (likely to drop
        again: the order of drops leaves the closure as it is); returns the cell dropped, or -1."""
        dom, skip, epoch, hints = self.dom, self.skip, self.epoch, self.hints
        while hints:
            var = hints.pop()
            if dom[var] == 3 and skip[var] != epoch and self._trial(var):
                return -2
        n = len(dom)
        for var in chain(range(start, n), range(start)):
            if dom[var] == 3 and skip[var] != epoch and self._trial(var):
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
            if var == -1:
                return False
            cursor = var if var >= 0 else cursor

    def check(self) -> bool:
        """``finishes`` from scratch on the clues left."""
        self.undo(0)
        self.hints.clear()
        self.schedule()
        return self.finishes()

    def unique(self, i: int, node_cap: int) -> str:
        """generate.still_unique from this fixpoint of the board without clue i (the rungs
        below probe): "unique", "rival" or "capped"; the state is left as it came."""
        dom, avoid, trail = self.dom, self.avoid, self.trail
        mark = len(trail)
        budget = node_cap
        verdict = "unique"
        for c in self.s.block[i]:
            if dom[c] != 3:
                continue
            case = len(trail)
            self.settle(c, 3 ^ avoid[c], DROP)
            found, capped, nodes = self.rival(budget)
            if found or capped:
                verdict = "capped" if capped else "rival"
                break
            budget -= nodes
            self.undo(case)
            self.settle(c, avoid[c], DROP)  # later cases keep this cell as in the answer
            if not self.base():
                break  # no rival is left to find
        self.undo(mark)
        return verdict

    def rival(self, node_cap: int) -> tuple[bool, bool, int]:
        """generate.rival_reference from what is scheduled: is there an answer here?
        (found, capped, branch points)."""
        nodes = 0

        def walk() -> bool:
            nonlocal nodes
            if not self.base():
                return False
            var, first = self.unbalanced()
            if var == -1:
                return True
            if var < 0:
                return False
            if nodes >= node_cap:
                raise _Capped
            nodes += 1
            for value in (first, 3 ^ first):
                mark = len(self.trail)
                self.settle(var, value, DROP)
                if walk():
                    return True
                self.undo(mark)
            return False

        try:
            return walk(), False, nodes
        except _Capped:
            return False, True, nodes

    def unbalanced(self) -> tuple[int, int]:
        """generate.unbalanced on this state: the rival search's branch."""
        dom, avoid, clue, block = self.dom, self.avoid, self.clue, self.s.block
        best, best_need, fewest = -1, 0, 10
        for x, v in enumerate(dom):
            if v == 3 or v == avoid[x]:
                continue
            for j in block[x]:
                v_j = clue[j]
                if v_j < 0:
                    continue
                painted = 0
                for y in block[j]:
                    if (dom[y] if dom[y] != 3 else avoid[y]) == PAINT:
                        painted += 1
                if painted == v_j:
                    continue
                need = PAINT if painted < v_j else 1
                ways = [y for y in block[j] if dom[y] == 3 and avoid[y] != need]
                if not ways:
                    return -2, 0
                if len(ways) < fewest:
                    fewest, best, best_need = len(ways), ways[0], need
        return best, best_need


def minimise(rows: int, cols: int, clues: tuple[int | None, ...], order: list[int], avoid: list[int],
             names: tuple[str, ...], node_cap: int) -> tuple[tuple[int | None, ...], tuple[int, ...], Loop]:
    """generate.erase_readably's loop (kernel.minimise_checked's twin): from ``clues``, each
    clue of ``order`` erased while the answer ``avoid`` stays the only one (checks capped at
    ``node_cap`` branch points keep their clue and are listed), or with ``node_cap`` < 0 while
    the rungs ``names`` alone finish the board; the clues kept, the capped ones, and the loop
    (at the fixpoint of the clues kept, for ``settle``)."""
    loop = Loop(rows, cols, clues, avoid, names)
    level = node_cap < 0
    loop.schedule()
    if level:
        loop.finishes()
    else:
        loop.base()
    clue = loop.clue
    capped = []
    for i in order:
        kept = clue[i]
        clue[i] = -1
        saved = loop.save()
        loop.reopen(i)
        if level:
            keep = loop.finishes()
        else:
            loop.base()  # the answer obeys every clue: never a contradiction
            verdict = loop.unique(i, node_cap)
            keep = verdict == "unique"
            if verdict == "capped":
                capped.append(i)
        if not keep:
            clue[i] = kept
            loop.restore(saved)
    return tuple(None if v < 0 else v for v in clue), tuple(capped), loop


def settle(loop: Loop, pending: tuple[int, ...], node_cap: int) -> tuple[tuple[int | None, ...], int]:
    """generate.settle_by_search on ``minimise``'s loop: each pending clue in turn erased while
    the rival search proves the answer the only one within ``node_cap``; the clues, and how
    many checks ran out of nodes (each keeps its clue)."""
    clue = loop.clue
    unsettled = 0
    for i in pending:
        kept = clue[i]
        clue[i] = -1
        saved = loop.save()
        loop.reopen(i)
        loop.base()
        verdict = loop.unique(i, node_cap)
        if verdict != "unique":
            clue[i] = kept
            loop.restore(saved)
            unsettled += verdict == "capped"
    return tuple(None if v < 0 else v for v in clue), unsettled


def grade(rows: int, cols: int, clues: tuple[int | None, ...], avoid: list[int],
          ladders: tuple[tuple[str, ...], ...]) -> int:
    """The index of the first of ``ladders`` whose rungs alone finish a board whose only
    answer is ``avoid``; -1 when none does."""
    return next((k for k, names in enumerate(ladders) if Loop(rows, cols, clues, avoid, names).check()), -1)
