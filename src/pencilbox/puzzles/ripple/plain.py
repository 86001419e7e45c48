"""Ripple's generator without numba (the static site's Pyodide): the readable ladder's
fixpoints worked from what changed instead of whole-board passes, for the two loops a New
board runs, the alive check's random walk (``search``) and the walk's "level L finishes the
board" (``finishes``).

A settled cell clears its value from its region (``region``) and from the cells within that
many steps (``ripple``); a cell that loses a value schedules its region (``hidden``) and its
two lines (``lines``), each judged as rungs.py judges it. The rungs are sound and monotone,
so from any start this reaches the passes' fixpoint (or a contradiction): the same nodes in
the same order for the walk, the same verdict for a check (tests/puzzles/ripple/test_plain.py
holds both to the readable ladder). Probe, given the board's answer, tries only the values
away from it (a sound rung never contradicts the answer), and not a value an earlier trial
since the last drop settled without a contradiction (its own trial lies above that one)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import chain

from pencilbox.core.engine import PROBE, Contradiction, Count, Order
from pencilbox.core.rng import RandomValues
from pencilbox.puzzles.ripple import PUZZLE
from pencilbox.puzzles.ripple.board import Board, initial_state
from pencilbox.puzzles.ripple.levels import Level as Rung
from pencilbox.puzzles.ripple.rungs import line_needs, packing


class Shape:
    """One partition's tables: each cell's region and lines, the cells within v steps of each
    cell (v up to its region's size: the values it can hold), and per line its cells, each
    cell's place in it and the values it needs (``line_needs``: value, copies, bit)."""

    def __init__(self, rows: int, cols: int, regions: tuple[int, ...]) -> None:
        board = Board(rows, cols, regions, (None,) * (rows * cols))
        g = board.grid
        self.n, self.members, self.region = g.size, board.members, regions
        self.within = [tuple(g.within(i, v) for v in range(s + 1)) for i, s in enumerate(board.size)]
        self.grid = g
        needs = line_needs(rows, cols, regions)
        self.lines = [cells for cells, _ in needs]
        self.wants = [tuple((v, want, 1 << v) for v, want in enumerate(need) if want) for _, need in needs]
        self.line_bits = [sum(bit for _, _, bit in wants) for wants in self.wants]  # the values a line reads
        self.cell_lines = [(r, rows + c) for r, c in (divmod(i, cols) for i in range(g.size))]


@lru_cache(maxsize=32)
def shape(rows: int, cols: int, regions: tuple[int, ...]) -> Shape:
    return Shape(rows, cols, regions)


class Propagator:
    """The rungs ``names`` (probe not among them) on one partition: ``run`` narrows a state
    in place to their fixpoint or raises Contradiction (its rung and cells are not the
    readable run's: nothing here reads them)."""

    def __init__(self, s: Shape, names: Iterable[str]) -> None:
        names = set(names)
        self.s = s
        self.region = region = Rung.REGION in names
        self.ripple = ripple = Rung.RIPPLE in names
        self.hidden, self.lines = Rung.HIDDEN in names, Rung.LINES in names
        # per cell and value v: the cells a settled v there clears v from (region and ripple)
        self.peers = [tuple(tuple(dict.fromkeys(
            (*(j for j in s.members[s.region[i]] if j != i and region), *(near if ripple else ()))))
            for near in s.within[i]) for i in range(s.n)]
        self.region_due = [False] * len(s.members)
        self.line_due = [False] * len(s.lines)

    def run(self, dom: list[int], seeds: Iterable[int] | None) -> None:
        """The fixpoint from ``dom``, which departs from a fixpoint of these rungs only at
        ``seeds`` (None: anywhere)."""
        regions: list[int] = []
        lines: list[int] = []
        try:
            self._run(dom, seeds, regions, lines)
        finally:  # a contradiction leaves work scheduled: its marks go
            for k in regions:
                self.region_due[k] = False
            for x in lines:
                self.line_due[x] = False

    def _run(self, dom: list[int], seeds: Iterable[int] | None, regions: list[int], lines: list[int]) -> None:
        s, peers = self.s, self.peers
        members, region_of, cell_lines, line_bits = s.members, s.region, s.cell_lines, s.line_bits
        do_hidden, do_lines = self.hidden, self.lines
        region_due, line_due = self.region_due, self.line_due
        singles: list[int] = []

        def narrow(j: int, keep: int) -> None:
            old = dom[j]
            new = old & keep
            if new != old:
                if not new:
                    raise Contradiction(Rung.LINES, (j,))
                dom[j] = new
                touched(j, new, old & ~new)

        def touched(j: int, d: int, lost: int) -> None:
            """Schedule what reads cell ``j``, now ``d``, which lost the values ``lost``."""
            if not d & (d - 1):
                singles.append(j)
            if do_hidden:
                k = region_of[j]
                if not region_due[k]:
                    region_due[k] = True
                    regions.append(k)
            if do_lines:
                for x in cell_lines[j]:
                    if not line_due[x] and lost & line_bits[x]:
                        line_due[x] = True
                        lines.append(x)

        for j in range(s.n) if seeds is None else seeds:
            touched(j, dom[j], -1)
        while True:
            if singles:
                i = singles.pop()
                d = dom[i]
                if not d:
                    continue
                v = d.bit_length() - 1
                near = peers[i]
                for j in near[v] if v < len(near) else self._peers(i, v):
                    old = dom[j]
                    if old & d:
                        new = old ^ d
                        if not new:
                            raise Contradiction(Rung.REGION, (j,))
                        dom[j] = new
                        if not new & (new - 1):
                            singles.append(j)
                        if do_hidden:
                            k = region_of[j]
                            if not region_due[k]:
                                region_due[k] = True
                                regions.append(k)
                        if do_lines:
                            for x in cell_lines[j]:
                                if not line_due[x] and d & line_bits[x]:
                                    line_due[x] = True
                                    lines.append(x)
            elif regions:
                k = regions.pop()
                region_due[k] = False
                cells = members[k]
                once = twice = 0  # the values with a home in the region, and with two or more
                for i in cells:
                    d = dom[i]
                    twice |= once & d
                    once |= d
                values = (1 << (len(cells) + 1)) - 2
                if values & ~once:  # a value with no home left
                    raise Contradiction(Rung.HIDDEN, cells)
                alone = values & ~twice
                while alone:
                    bit = alone & -alone
                    alone ^= bit
                    for i in cells:
                        if dom[i] & bit:
                            narrow(i, bit)
                            break
            elif lines:
                x = lines.pop()
                line_due[x] = False
                self._line(dom, s.lines[x], s.wants[x], narrow)
            else:
                return

    def _peers(self, i: int, v: int) -> tuple[int, ...]:
        """``peers`` for a value past the cell's region size (a given no answer has)."""
        s = self.s
        mates = (j for j in s.members[s.region[i]] if j != i and self.region)
        return tuple(dict.fromkeys((*mates, *(s.grid.within(i, v) if self.ripple else ()))))

    @staticmethod
    def _line(dom: list[int], cells: tuple[int, ...], wants: tuple[tuple[int, int, int], ...],
              narrow: Callable[[int, int], None]) -> None:
        """lines on one line (rungs.Lines, one line of its pass)."""
        for v, want, bit in wants:
            spots = [p for p, i in enumerate(cells) if dom[i] & bit]
            left = packing(spots, v)
            if left[-1] < want:
                raise Contradiction(Rung.LINES, cells)
            if left[-1] > want:  # every spot keeps v (rungs.packing)
                continue
            right = packing([-p for p in reversed(spots)], v)[::-1]
            for p in spots:
                if 1 + left[bisect_left(spots, p - v)] + right[bisect_right(spots, p + v)] < want:
                    narrow(cells[p], ~bit)


def finishes(board: Board, names: tuple[str, ...], answer: tuple[int, ...] | None = None) -> bool:
    """core.generate.finishes on the readable ladder: the fixpoint of ``names`` from the board's
    givens settles every cell into an answer. ``answer``, where given, must be an answer of
    the board (the generator's): probe then tries only the values away from it."""
    prop = Propagator(shape(board.rows, board.cols, board.regions), (n for n in names if n != PROBE))
    dom = initial_state(board)
    try:
        prop.run(dom, None)
        if PROBE in names:
            _probed(prop, dom, answer)
    except Contradiction:
        return False
    return all(not d & (d - 1) for d in dom) and PUZZLE.is_answer(board, dom)


def _probed(prop: Propagator, dom: list[int], answer: tuple[int, ...] | None) -> None:
    """Probe's fixpoint in place (singleton consistency: the same whichever order its drops
    come in), or Contradiction."""
    n, cursor, epoch = len(dom), 0, 0
    skip: dict[tuple[int, int], int] = {}
    while True:
        epoch += 1
        dropped = -1
        for var in chain(range(cursor, n), range(cursor)):
            d = dom[var]
            if not d & (d - 1):
                continue
            rest = d if answer is None else d & ~(1 << answer[var])
            while rest:
                bit = rest & -rest
                rest ^= bit
                if skip.get((var, bit)) == epoch:
                    continue
                trial = dom.copy()
                trial[var] = bit
                try:
                    prop.run(trial, (var,))
                except Contradiction:
                    dom[var] = d & ~bit
                    prop.run(dom, (var,))
                    dropped = var
                    break
                for c in range(n):
                    t = trial[c]
                    if t != dom[c] and not t & (t - 1):
                        skip[c, t] = epoch
            if dropped >= 0:
                break
        if dropped < 0:
            return
        cursor = dropped


def search(board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
           order: Order) -> Count:
    """engine.search with ``order`` (a generator's random walk) and no probe: the same nodes in
    the same order, each child's fixpoint worked from the one cell it sets."""
    prop = Propagator(shape(board.rows, board.cols, board.regions), names)
    fewest = _fewest if type(order) is RandomValues else None
    count = nodes = 0
    answers: list[list[int]] = []
    capped = limit_hit = False

    def expand(dom: list[int], seeds: tuple[int, ...] | None) -> list[object] | None:
        nonlocal count, nodes, capped, limit_hit
        try:
            prop.run(dom, seeds)
        except Contradiction:
            return None
        open_values = [d for d in set(dom) if d & (d - 1)]  # the distinct open domains
        if not open_values:
            if PUZZLE.is_answer(board, dom):
                count += 1
                if len(answers) < 2:
                    answers.append(dom.copy())
                limit_hit = count >= limit
            return None
        if nodes >= node_cap:
            capped = True
            return None
        nodes += 1
        var = order.choose(dom) if fewest is None else fewest(dom, open_values)
        return [dom, var, dom[var]]

    top = expand(dom.copy(), None)
    stack = [top] if top else []
    while stack:
        branch = stack[-1]
        state, var, rem = branch
        assert isinstance(state, list) and isinstance(var, int) and isinstance(rem, int)
        if not rem:
            stack.pop()
            continue
        bit = order.pick(var, rem)
        branch[2] = rem ^ bit
        child = state.copy()
        child[var] = bit
        below = expand(child, (var,))
        if limit_hit or capped:
            break
        if below:
            stack.append(below)
    cap = "nodes" if capped else "limit" if limit_hit else None
    return Count.judged(PUZZLE, board, "ladder", count, cap, nodes, answers)


def _fewest(dom: list[int], open_values: list[int]) -> int:
    """RandomValues.choose (the first open cell with the fewest values; it draws nothing)
    found by value: a few distinct domains, each looked up by ``index``, in C."""
    least = min(map(int.bit_count, open_values))
    return min(map(dom.index, [d for d in open_values if d.bit_count() == least]))
