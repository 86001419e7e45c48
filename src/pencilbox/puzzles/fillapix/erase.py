"""The Fill-a-Pix generator's erasure loop in plain Python: jit_generate.py's loop on lists, for
where numba is absent (the static site's Pyodide), so that a New board there takes a second,
not a minute of whole-board rung passes per check.

The fixpoint is worked from what changed: a settled cell schedules (as sets, one C call a cell)
the shown clues whose block holds it and the pairs of shown clues that read it (each clue's
painted and open counts kept as cells settle). Erasing clue i undoes, in the trail, only what
leaned on i (jit_generate's ``_reopen``; a probe drop is trailed with the proof of its trial's
contradiction and undone only if that proof leaned on i, where the compiled loop undoes every
drop) and reruns the rules that read an undone cell. The rungs are sound and monotone, so this
reaches the readable passes' fixpoint whatever the order; the known answer lets probe try only
the value away from it. A probe round skips a cell while a trial whose fixpoint set it away
from the answer stands (no cell its rules read settled since), and a level check stops at a
second answer (a trial whose completion by the answer's values is one, or a short rival search
once the drops are redone): no level finishes a board with two. The rival search is the
readable one node for node, so every verdict, and so every board, is the readable loop's
(tests/puzzles/fillapix/test_erase.py).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from pencilbox.core.engine import PROBE
from pencilbox.core.geometry import grid
from pencilbox.puzzles.fillapix.board import PAINT
from pencilbox.puzzles.fillapix.levels import Level
from pencilbox.puzzles.fillapix.rungs import all_pairs

RIVAL_NODES = 16  # a level check's search for a second answer, once its probe drops are redone

DROP = -1  # a trail reason: a search branch set the value (the loop undoes it before it moves on)


class _Capped(Exception):
    pass


class Shape:
    """An R x C board's tables, built once: the blocks, every overlapping pair of cells (a, b,
    shared, a's own, b's own), per cell the pairs that read it, and per cell its reach: the
    cells a rule reading it reads (within 4 rows and columns: a pair's far block), as a bit mask."""

    def __init__(self, rows: int, cols: int) -> None:
        g = grid(rows, cols)
        self.rows, self.cols, self.n = rows, cols, g.size
        self.block = g.block
        pairs = all_pairs(rows, cols)
        self.pa = [a for a, _, _, _, _ in pairs]
        self.pb = [b for _, b, _, _, _ in pairs]
        self.shared = [s for _, _, s, _, _ in pairs]
        self.only_a = [x for _, _, _, x, _ in pairs]
        self.only_b = [x for _, _, _, _, x in pairs]
        self.cells = [(*s, *x, *y) for _, _, s, x, y in pairs]
        self.parts = list(pairs)  # per pair: a, b, shared, a's own, b's own (one lookup)
        cell_pairs: list[list[int]] = [[] for _ in range(g.size)]
        for t, cells in enumerate(self.cells):
            for c in cells:
                cell_pairs[c].append(t)
        self.cell_pairs = [frozenset(ts) for ts in cell_pairs]
        clue_pairs: list[list[int]] = [[] for _ in range(g.size)]
        for t, (a, b) in enumerate(zip(self.pa, self.pb, strict=True)):
            clue_pairs[a].append(t)
            clue_pairs[b].append(t)
        self.clue_pairs = [tuple(ts) for ts in clue_pairs]
        self.reach = [sum(1 << g.cell(r, c) for r in range(max(0, r0 - 4), min(rows, r0 + 5))
                          for c in range(max(0, c0 - 4), min(cols, c0 + 5)))
                      for r0, c0 in map(g.rc, range(g.size))]


@lru_cache(maxsize=16)
def shape(rows: int, cols: int) -> Shape:
    return Shape(rows, cols)


class Loop:
    """One picture's erasure loop: the clues left (``clue``, -1 where erased), the domains, each
    clue's painted and open cells, one trail (a cell and the rule that settled it: a clue, n + a
    pair, ``proofs`` + k for probe's k-th drop, or DROP), the worklists of count (clues) and
    pair/sides (pairs)."""

    def __init__(self, rows: int, cols: int, clues: tuple[int | None, ...], avoid: list[int],
                 names: tuple[str, ...]) -> None:
        if Level.COUNT not in names:
            raise ValueError("the readable erasure loop runs a ladder with count (a generator's level)")
        self.s = s = shape(rows, cols)
        self.names = names
        n = s.n
        self.clue = [-1 if v is None else v for v in clues]
        self.avoid = avoid
        self.pair, self.sides, self.prb = Level.PAIR in names, Level.SIDES in names, PROBE in names
        self.dom = [3] * n
        self.painted = [0] * n
        self.opened = [len(b) for b in s.block]
        self.trail: list[tuple[int, int]] = []
        self.counts: set[int] = set()  # the shown clues whose count rule waits
        self.pairs: set[int] = set()  # the pairs of shown clues whose rule waits
        self.pairs_on = self.pair or self.sides
        clue = self.clue
        # per cell, the shown clues whose block holds it and the pairs of shown clues that read it
        self.live_clues = [{j for j in s.block[c] if clue[j] >= 0} for c in range(n)]
        self.live_pairs = [{t for t in s.cell_pairs[c] if clue[s.pa[t]] >= 0 and clue[s.pb[t]] >= 0}
                           for c in range(n)]
        self.skip = [-1] * n  # per cell, the trial whose fixpoint settled it away from the answer
        self.region: dict[int, int] = {}  # those trials still standing: the cells their rules read
        self.trials = 0
        self.hints: list[int] = []  # the cells probe dropped before the last reopen: tried first
        self.rival_seen = False  # the last probe round met a second answer
        self.erased = -1  # the clue the running check erased, until its search for a second answer
        self.early = True  # the running check stops at a second answer
        self.failed = 0  # the rule (a clue, or n + a pair) whose contradiction ended the last base()
        self.proofs = n + len(s.pa)  # trail reasons from here on: probe's drops, proofs + k the k-th
        self.proof: list[tuple[frozenset[int], frozenset[int]]] = []  # per drop: its clues, the cells read

    # ------------------------------------------------------------ state

    def hide(self, i: int) -> None:
        """Erase clue i: its rules leave the cells' lists (nothing to do if it was not shown)."""
        s, clue = self.s, self.clue
        if clue[i] < 0:
            return
        clue[i] = -1
        for c in s.block[i]:
            self.live_clues[c].discard(i)
        live = self.live_pairs
        for t in s.clue_pairs[i]:
            if clue[s.pa[t]] >= 0 or clue[s.pb[t]] >= 0:  # the other clue of the pair is shown
                for c in s.cells[t]:
                    live[c].discard(t)

    def show(self, i: int, v: int) -> None:
        """Show clue i (erased) again as ``v``: ``hide`` undone (nothing to do for ``v`` < 0)."""
        s, clue = self.s, self.clue
        if v < 0 or clue[i] >= 0:
            return
        clue[i] = v
        for c in s.block[i]:
            self.live_clues[c].add(i)
        live = self.live_pairs
        for t in s.clue_pairs[i]:
            if clue[s.pa[t]] >= 0 and clue[s.pb[t]] >= 0:
                for c in s.cells[t]:
                    live[c].add(t)

    def settle(self, c: int, new: int, why: int) -> None:
        """Settle open cell ``c``, trail it and schedule what reads it."""
        self.trail.append((c, why))
        self.dom[c] = new
        opened, painted = self.opened, self.painted
        block = self.s.block[c]
        if new == PAINT:
            for j in block:
                opened[j] -= 1
                painted[j] += 1
        else:
            for j in block:
                opened[j] -= 1
        self.counts |= self.live_clues[c]
        if self.pairs_on:
            self.pairs |= self.live_pairs[c]

    def calm(self) -> None:
        """Empty every worklist (after a contradiction or an undo)."""
        self.counts.clear()
        self.pairs.clear()

    def undo(self, mark: int) -> None:
        """Open every cell trailed since ``mark``."""
        trail, dom, opened, painted, block = self.trail, self.dom, self.opened, self.painted, self.s.block
        while len(trail) > mark:
            c = trail.pop()[0]
            if dom[c] == PAINT:
                for j in block[c]:
                    opened[j] += 1
                    painted[j] -= 1
            else:
                for j in block[c]:
                    opened[j] += 1
            dom[c] = 3
        self.calm()

    def requeue(self, c: int) -> None:
        """Schedule every rule that reads cell ``c``."""
        self.counts |= self.live_clues[c]
        if self.pairs_on:
            self.pairs |= self.live_pairs[c]

    def schedule(self) -> None:
        """Every clue still shown and every pair: a fixpoint from scratch."""
        for c in range(self.s.n):
            self.requeue(c)

    def save(self) -> tuple[list[int], list[int], list[int], list[tuple[int, int]]]:
        return self.dom[:], self.painted[:], self.opened[:], self.trail[:]

    def restore(self, saved: tuple[list[int], list[int], list[int], list[tuple[int, int]]]) -> None:
        self.dom[:], self.painted[:], self.opened[:], self.trail[:] = saved
        self.hints.clear()
        self.calm()

    def reopen(self, i: int) -> None:
        """Clue i erased: undo, in the trail, every settlement that leaned on it (settled by i,
        by a pair with i, or by a rule that read a cell already undone; count leans only on the
        cells of the value opposite to the one it set; a probe drop, on the rules its trial's
        contradiction needed and the cells they read: ``_explain``), and schedule every rule
        that reads an undone cell (jit_generate's ``_reopen``, which undoes every probe drop:
        the fixpoint that follows is the same)."""
        s, dom, n, proofs, proof = self.s, self.dom, self.s.n, self.proofs, self.proof
        dep = [False] * n
        undone: set[int] = set()
        self.hints.clear()
        kept: list[tuple[int, int]] = []
        gone: list[int] = []
        for c, r in self.trail:
            if r == DROP:
                lean = True
            elif r >= proofs:  # a probe drop: its trial's proof, replayed without i, holds
                clues, reads = proof[r - proofs]
                lean = i in clues or not undone.isdisjoint(reads)
            elif r < n:
                other = 3 ^ dom[c]  # the cells are opened after the walk: dom is still as it was
                lean = r == i or any(dep[x] and dom[x] == other for x in s.block[r])
            else:
                t = r - n
                lean = s.pa[t] == i or s.pb[t] == i or any(dep[x] for x in s.cells[t])
            if lean:
                dep[c] = True
                undone.add(c)
                gone.append(c)
                if r >= proofs:
                    self.hints.append(c)
            else:
                kept.append((c, r))
        painted, opened, block = self.painted, self.opened, s.block
        for c in gone:
            if dom[c] == PAINT:
                for j in block[c]:
                    opened[j] += 1
                    painted[j] -= 1
            else:
                for j in block[c]:
                    opened[j] += 1
            dom[c] = 3
        self.trail[:] = kept
        self.hints.reverse()  # popped in the order they were dropped: each may lean on those before
        for c in gone:
            self.requeue(c)

    # ------------------------------------------------------------ rungs

    def base(self) -> bool:
        """The scheduled rungs below probe to their fixpoint (count's rules first, then a pair's,
        each from the cells that changed); False on a contradiction (the worklists are then
        emptied). count on a clue: met, the rest blank; short by its open cells, they paint.
        pair and sides on two shown clues: the shared cells hold between lo and hi painted
        cells; pair settles the shared cells at a bound, sides each clue's own. A pair with no
        shared cell open concludes only what count does on its two clues, so it is passed by."""
        dom, clue, painted, opened, trail = self.dom, self.clue, self.painted, self.opened, self.trail
        s = self.s
        block, n = s.block, s.n
        live_clues, live_pairs = self.live_clues, self.live_pairs
        parts = s.parts
        counts, pairs = self.counts, self.pairs
        pairs_on, pair, sides = self.pairs_on, self.pair, self.sides
        while True:
            while counts:
                j = counts.pop()
                v, p, o = clue[j], painted[j], opened[j]
                if v == p:
                    if not o:
                        continue
                    keep = 1
                elif v == p + o:
                    keep = PAINT
                elif p < v < p + o:
                    continue
                else:
                    self.failed = j
                    self.calm()
                    return False
                for c in block[j]:
                    if dom[c] == 3:
                        trail.append((c, j))
                        dom[c] = keep
                        near = block[c]
                        if keep == PAINT:
                            for k in near:
                                opened[k] -= 1
                                painted[k] += 1
                        else:
                            for k in near:
                                opened[k] -= 1
                        counts |= live_clues[c]
                        if pairs_on:
                            pairs |= live_pairs[c]
            if not pairs:
                return True
            t = pairs.pop()
            a, b, shared, only_a, only_b = parts[t]
            so = 0
            for c in shared:
                if dom[c] == 3:
                    so += 1
            if not so:
                continue
            need_a, need_b = clue[a] - painted[a], clue[b] - painted[b]
            open_a, open_b = opened[a] - so, opened[b] - so
            lo = need_a - open_a
            if need_b - open_b > lo:
                lo = need_b - open_b
            if lo < 0:
                lo = 0
            hi = need_a if need_a < need_b else need_b
            if so < hi:
                hi = so
            if lo > hi:
                self.failed = n + t
                self.calm()
                return False
            shared_moves = pair and (lo == so or hi == 0)
            a_moves = sides and open_a and (need_a - hi >= open_a or need_a <= lo)
            b_moves = sides and open_b and (need_b - hi >= open_b or need_b <= lo)
            if not (shared_moves or a_moves or b_moves):
                continue
            moves = []
            if shared_moves:
                moves.append((shared, PAINT if lo == so else 1))
            if a_moves:
                moves.append((only_a, PAINT if need_a - hi >= open_a else 1))
            if b_moves:
                moves.append((only_b, PAINT if need_b - hi >= open_b else 1))
            why = n + t
            for part, keep in moves:
                for c in part:
                    if dom[c] == 3:
                        trail.append((c, why))
                        dom[c] = keep
                        near = block[c]
                        if keep == PAINT:
                            for k in near:
                                opened[k] -= 1
                                painted[k] += 1
                        else:
                            for k in near:
                                opened[k] -= 1
                        counts |= live_clues[c]
                        pairs |= live_pairs[c]

    # ------------------------------------------------------------ probe and the checks

    def _trial(self, var: int) -> bool:
        """One probe trial away from the answer at open cell ``var``: on a contradiction, drop
        it (True), trailed with its proof; else mark the cells its fixpoint settled away from
        the answer, which no trial need try while the trial stands (their fixpoints lie inside
        its fixpoint), and see whether the answer's values on the cells still open complete it
        to an answer: then the board has two (``rival_seen``), and no level finishes it."""
        dom, avoid, trail = self.dom, self.avoid, self.trail
        mark = len(trail)
        self.settle(var, 3 ^ avoid[var], DROP)
        ok = self.base()
        if ok:
            skip, reach, k, live_clues = self.skip, self.s.reach, self.trials, self.live_clues
            region = 0
            broken: dict[int, int] = {}  # per clue, painted minus the answer's, once completed
            for c, _ in trail[mark:]:
                region |= reach[c]
                if dom[c] != avoid[c]:
                    skip[c] = k
                    d = 1 if dom[c] == PAINT else -1
                    for j in live_clues[c]:
                        broken[j] = broken.get(j, 0) + d
            self.region[k] = region
            self.trials = k + 1
            self.rival_seen = self.early and not any(broken.values())
            self.undo(mark)
            return False
        proof = self._explain(mark)
        self.undo(mark)
        self.settle(var, avoid[var], self.proofs + len(self.proof))
        self.proof.append(proof)
        return True

    def _explain(self, mark: int) -> tuple[frozenset[int], frozenset[int]]:
        """The proof of the contradiction the trial trailed from ``mark`` just met, traced back
        from the rule that failed: the clues of the rules it needed, and the cells settled
        before the trial that those rules read. count reads only the cells it counted against
        (painted ones to blank the rest or to overflow, blank ones to paint or to fall short);
        a pair reads every settled cell of its two blocks. The trial stays a contradiction
        while those clues are shown and those cells settled (the rungs are monotone)."""
        s, n, dom, trail, block, clue = self.s, self.s.n, self.dom, self.trail, self.s.block, self.clue
        at = {trail[k][0]: k for k in range(mark, len(trail))}  # the trial's cells: where each was settled
        clues: set[int] = set()
        reads: set[int] = set()
        r = self.failed
        against = 0
        if r < n:  # count failed: too many painted, or too many blank
            against = PAINT if sum(dom[x] == PAINT for x in block[r]) > clue[r] else 3 ^ PAINT
        stack = [(r, len(trail), against)]
        seen = {mark}
        while stack:
            r, before, against = stack.pop()
            if r < n:
                clues.add(r)
                scope: tuple[int, ...] = block[r]
            else:
                clues.add(s.pa[r - n])
                clues.add(s.pb[r - n])
                scope = s.cells[r - n]
            for x in scope:
                v = dom[x]
                if v == 3 or (against and v != against):
                    continue
                k = at.get(x, -1)
                if k < 0:
                    reads.add(x)  # settled before the trial
                elif k < before and k not in seen:
                    seen.add(k)
                    why = trail[k][1]
                    stack.append((why, k, 3 ^ v if why < n else 0))
        return frozenset(clues), frozenset(reads)

    def _stands(self, since: int) -> None:
        """Forget the trials whose region meets a cell settled since trail position ``since``: a
        trial whose rules read none of them would reach the same fixpoint, and the settled
        cells' own (contradiction-free) beside it: no contradiction still."""
        moved = 0
        for c, _ in self.trail[since:]:
            moved |= 1 << c
        region = self.region
        for k in [k for k, reads in region.items() if reads & moved]:
            del region[k]

    def _probe_away(self, start: int) -> int:
        """probe's scan round from ``start``, trying each open cell's value away from the answer
        only (the answer's never contradicts), and not a cell a standing trial settled away
        from it; first the cells dropped before the last reopen (likely to drop again: the
        order of drops leaves the closure as it is); returns the cell dropped, or -1."""
        dom, skip, region, hints = self.dom, self.skip, self.region, self.hints
        while hints:
            var = hints.pop()
            if dom[var] == 3 and skip[var] not in region:
                if self._trial(var):
                    return -2
                if self.rival_seen:
                    return -1
        if self.erased >= 0:  # once, the drops redone: a short search for a second answer from here
            erased, self.erased = self.erased, -1
            if self.unique(erased, RIVAL_NODES) == "rival":
                self.rival_seen = True
                return -1
        n = len(dom)
        for var in chain(range(start, n), range(start)):
            if dom[var] == 3 and skip[var] not in region:
                if self._trial(var):
                    return var
                if self.rival_seen:
                    return -1
        return -1

    def finishes(self, erased: int = -1, early: bool = True) -> bool:
        """Whether the level's fixpoint, from what is scheduled, settles every cell. A trial
        stands, within this call, until a cell its rules read is settled (``_stands``). On
        False, the state is that fixpoint, unless a trial met a second answer (``rival_seen``:
        the call stops there; never with ``early`` off). With clue ``erased`` just erased, its
        block's open cells are tried first: a second answer differs from the first there, if
        anywhere (and the short search for one starts there)."""
        self.region.clear()
        self.rival_seen = False
        self.early = early
        self.erased = erased if early else -1
        if erased >= 0 and self.prb:
            self.hints.extend(self.s.block[erased])  # popped first
        cursor = 0
        while True:
            since = len(self.trail)
            if not self.base():
                return False
            if 3 not in self.dom:
                return True
            if not self.prb:
                return False
            if self.region:
                self._stands(since - 1)  # the cell dropped, and what it settled
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
        """generate.unbalanced on this state: the rival search's branch. A shown clue's painted
        cells, each open one counted as in the answer, differ from its number (the answer's
        count) by what the cells set away from the answer add: only their clues are read."""
        dom, avoid, clue, block = self.dom, self.avoid, self.clue, self.s.block
        away = [x for x, v in enumerate(dom) if v != 3 and v != avoid[x]]
        delta: dict[int, int] = {}
        for x in away:
            d = 1 if dom[x] == PAINT else -1
            for j in block[x]:
                if clue[j] >= 0:
                    delta[j] = delta.get(j, 0) + d
        ways: dict[int, list[int]] = {}
        for j, d in delta.items():
            if d:
                need = 1 if d > 0 else PAINT
                got = ways[j] = [y for y in block[j] if dom[y] == 3 and avoid[y] != need]
                if not got:
                    return -2, 0
        best, best_need, fewest = -1, 0, 10
        for x in away:
            for j in block[x]:
                way = ways.get(j)
                if way is not None and len(way) < fewest:
                    fewest, best, best_need = len(way), way[0], 1 if delta[j] > 0 else PAINT
        return best, best_need
