"""The Ripple Effect ladder: ``region``, ``ripple``, ``hidden``, ``lines``; the engine
adds ``probe``. Values are bits: bit v of a domain is the value v."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Collection, Iterable
from functools import lru_cache

from pencilbox.core.engine import Contradiction, State, bits
from pencilbox.core.geometry import grid
from pencilbox.core.propagate import Memo
from pencilbox.puzzles.ripple.board import Board
from pencilbox.puzzles.ripple.levels import Level


def value(d: int) -> int:
    return d.bit_length() - 1


class Region:
    """A settled value leaves the other cells of its region."""

    name = Level.REGION

    def apply(self, board: Board, state: State) -> bool:
        dom, changed = state.dom, False
        for cells in board.members:
            for i in cells:
                d = dom[i]
                if d & (d - 1) == 0:  # settled (single(), inlined: the readable ladder's hottest loop)
                    for j in cells:
                        if j != i and dom[j] & d:
                            changed |= state.restrict(j, ~d, self.name, (i,))
        return changed


class Ripple:
    """A placed v removes v from every cell within v steps along its row and column."""

    name = Level.RIPPLE

    def apply(self, board: Board, state: State) -> bool:
        dom, changed, restrict, name = state.dom, False, state.restrict, self.name
        within = board.grid.within
        for i, d in enumerate(dom):
            if d & (d - 1) or not d:  # open (single(), inlined)
                continue
            for j in within(i, d.bit_length() - 1):
                if dom[j] & d:
                    changed |= restrict(j, ~d, name, (i,))
        return changed


class Hidden:
    """A value with only one cell left in its region goes there."""

    name = Level.HIDDEN

    def apply(self, board: Board, state: State) -> bool:
        dom, changed = state.dom, False
        for cells in board.members:
            for v in range(1, len(cells) + 1):
                bit = 1 << v
                homes = [i for i in cells if dom[i] & bit]
                if not homes:
                    raise Contradiction(self.name, cells)
                if len(homes) == 1:
                    changed |= state.restrict(homes[0], bit, self.name, cells)
        return changed


class Lines:
    """Per line and value v: the regions of size >= v lying wholly inside the line each
    need a v there; copies must stand more than v apart. Too little room is a
    contradiction, and a cell in no packing of ``need`` copies cannot hold v (greedy
    packing from either side is optimal)."""

    name = Level.LINES

    def apply(self, board: Board, state: State) -> bool:
        changed = False
        for cells, need in line_needs(board.rows, board.cols, board.regions):
            for cell, bit in line_cuts(state.dom, cells, need):
                changed |= state.restrict(cell, ~bit, self.name, cells)
        return changed


def line_cuts(dom: list[int], cells: tuple[int, ...], need: tuple[int, ...]) -> list[tuple[int, int]]:
    """Lines on one line: (cell, value bit) for each cell in no packing of the copies of v the
    line needs (a Contradiction where too few copies fit); the rung and the propagator share it."""
    cuts = []
    for v, want in enumerate(need):
        if want == 0:
            continue
        bit = 1 << v
        spots = [p for p, i in enumerate(cells) if dom[i] & bit]
        left = packing(spots, v)
        if left[-1] < want:
            raise Contradiction(Level.LINES, cells)
        if left[-1] > want:  # room to spare: every spot keeps v (see packing)
            continue
        right = packing([-p for p in reversed(spots)], v)[::-1]
        for p in spots:
            before = _count_before(spots, p - v, left)
            if 1 + before + _count_after(spots, p + v, right) < want:
                cuts.append((cells[p], bit))
    return cuts


def packing(spots: list[int], v: int) -> list[int]:
    """``out[k]``: most copies of v, more than v apart, among ``spots[:k]`` (greedy). Where all
    the spots pack more than ``want``, no spot loses v: a best packing has at most two copies
    within v steps of a spot (three span 2v + 2), so the spots before and after those steps
    pack at least ``out[-1] - 2``, and with the spot's own copy at least ``want``."""
    out = [0]
    last = None
    for p in spots:
        if last is None or p - last > v:
            last = p
            out.append(out[-1] + 1)
        else:
            out.append(out[-1])
    return out


def _count_before(spots: list[int], limit: int, left: list[int]) -> int:
    """Best packing among spots at positions < limit (``spots`` ascending)."""
    return left[bisect_left(spots, limit)]


def _count_after(spots: list[int], limit: int, right: list[int]) -> int:
    """Best packing among spots at positions > limit (``right`` counts suffixes)."""
    return right[bisect_right(spots, limit)]


@lru_cache(maxsize=1024)
def line_needs(rows: int, cols: int,
               regions: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every line with ``need[v]``: regions of size >= v lying wholly inside it."""
    g = grid(rows, cols)
    members: dict[int, list[int]] = {}
    for i, k in enumerate(regions):
        members.setdefault(k, []).append(i)
    lines = g.lines()  # rows, then columns
    needs = [[0] * (len(line) + 1) for line in lines]
    for cells in members.values():  # a region lies wholly in a line when it has one row or one column
        spots = [g.rc(i) for i in cells]
        held = [*({r for r, _ in spots} if len({r for r, _ in spots}) == 1 else ()),
                *({rows + c for _, c in spots} if len({c for _, c in spots}) == 1 else ())]
        for k in held:
            for v in range(1, len(cells) + 1):
                needs[k][v] += 1
    return tuple((tuple(line), tuple(need)) for line, need in zip(lines, needs, strict=True))


# ---------------------------------------------------------------- the propagator

class Bound:
    """The rungs ``region``, ``ripple``, ``hidden``, ``lines`` (those named) on one board, run from
    the cells that changed (core/propagate.py): a changed cell's region (region and hidden),
    its row and column (lines) and, once it is settled, its own ripple are evaluated again.
    Each evaluation is the rung's own on its region, line or cell, so the fixpoint is the
    passes'."""

    __slots__ = ("board", "n", "region", "ripple", "hidden", "lines", "needs", "line_of", "within", "work",
                 "memo", "_reads")

    def __init__(self, board: Board, names: frozenset[str]) -> None:
        self.board, self.n = board, board.rows * board.cols
        self.region, self.ripple = Level.REGION in names, Level.RIPPLE in names
        self.hidden, self.lines = Level.HIDDEN in names, Level.LINES in names
        self.needs = line_needs(board.rows, board.cols, board.regions)
        self.line_of = tuple((i // board.cols, board.rows + i % board.cols) for i in range(self.n))
        self.within = board.grid.within
        self.work = 0
        self.memo = Memo()
        self._reads: tuple[frozenset[int], ...] | None = None

    @property
    def reads(self) -> tuple[frozenset[int], ...]:
        """Per cell, the cells a rule reads together with it: its region, its row and column."""
        if self._reads is None:
            members, regions, needs = self.board.members, self.board.regions, self.needs
            self._reads = tuple(frozenset((*members[regions[i]], *needs[self.line_of[i][0]][0],
                                           *needs[self.line_of[i][1]][0])) for i in range(self.n))
        return self._reads

    def run(self, dom: list[int], seeds: Iterable[int] | None,
            near: Collection[int] | None = None) -> list[int]:
        """The fixpoint from ``seeds`` (see core/propagate.py; ``near`` is not used: every rule
        reading a seed runs)."""
        members, regions = self.board.members, self.board.regions
        needs, line_of, within = self.needs, self.line_of, self.within
        do_region, do_ripple, do_hidden, do_lines = self.region, self.ripple, self.hidden, self.lines
        by_region = do_region or do_hidden
        qs: set[int] = set()  # cells whose ripple to run (settled ones)
        qr: set[int] = set()  # regions
        ql: set[int] = set()  # lines
        if seeds is None:
            if do_ripple:
                qs.update(range(self.n))
            if by_region:
                qr.update(range(len(members)))
            if do_lines:
                ql.update(range(len(needs)))
        else:
            for x in seeds:
                if do_ripple:
                    qs.add(x)
                if by_region:
                    qr.add(regions[x])
                if do_lines:
                    ql.update(line_of[x])
        changed: list[int] = []
        work = 0

        def narrow(j: int, keep: int, rung: Level, why: tuple[int, ...]) -> None:
            """Cell j narrowed to ``dom[j] & keep`` (empty: the rung's contradiction)."""
            new = dom[j] & keep
            if new == dom[j]:
                return
            if not new:
                raise Contradiction(rung, why)
            dom[j] = new
            changed.append(j)
            if do_ripple and not new & (new - 1):
                qs.add(j)
            if by_region:
                qr.add(regions[j])
            if do_lines:
                ql.update(line_of[j])

        try:
            while True:
                if qs:
                    i = qs.pop()
                    d = dom[i]
                    if d & (d - 1) or not d:
                        continue
                    work += 1
                    for j in within(i, d.bit_length() - 1):
                        if dom[j] & d:
                            narrow(j, ~d, Level.RIPPLE, (i,))
                elif qr:
                    cells = members[qr.pop()]
                    work += 1
                    if do_region:
                        for i in cells:
                            d = dom[i]
                            if d & (d - 1) == 0:
                                for j in cells:
                                    if j != i and dom[j] & d:
                                        narrow(j, ~d, Level.REGION, (i,))
                    if do_hidden:
                        for v in range(1, len(cells) + 1):
                            bit = 1 << v
                            homes = [i for i in cells if dom[i] & bit]
                            if not homes:
                                raise Contradiction(Level.HIDDEN, cells)
                            if len(homes) == 1:
                                narrow(homes[0], bit, Level.HIDDEN, cells)
                elif ql:
                    line, need = needs[ql.pop()]
                    work += 1
                    for cell, bit in line_cuts(dom, line, need):
                        narrow(cell, ~bit, Level.LINES, line)
                else:
                    return changed
        finally:
            self.work += work


class Propagators:
    """Ripple's propagators (core/propagate.py): one per board and rung set, kept for a few
    boards with their probe memos."""

    def __init__(self, rungs: tuple[Region, Ripple, Hidden, Lines]) -> None:
        self.rungs = rungs

    def bind(self, board: Board, names: tuple[str, ...]) -> Bound | None:
        if any(n not in (Level.REGION, Level.RIPPLE, Level.HIDDEN, Level.LINES) for n in names):
            return None
        return _bound(board, frozenset(names))


@lru_cache(maxsize=8)
def _bound(board: Board, names: frozenset[str]) -> Bound:
    return Bound(board, names)


RUNGS = (Region(), Ripple(), Hidden(), Lines())
PROPAGATORS = Propagators(RUNGS)
__all__ = ["PROPAGATORS", "RUNGS", "bits"]
