"""Frozen (tests): src/pencilbox/puzzles/ripple/rungs.py as it stood before the readable ladder's
fast path (commit a6448bf), unchanged below this paragraph: the oracle tests/core/test_propagate.py
holds the rungs and the engine to, step for step.

The Ripple Effect ladder: ``region``, ``ripple``, ``hidden``, ``lines``; the engine
adds ``probe``. Values are bits: bit v of a domain is the value v."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import lru_cache

from pencilbox.core.engine import Contradiction, State, bits
from pencilbox.core.geometry import grid
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
        dom, changed = state.dom, False
        within = board.grid.within
        for i, d in enumerate(dom):
            if d & (d - 1) or not d:  # open (single(), inlined)
                continue
            for j in within(i, d.bit_length() - 1):
                if dom[j] & d:
                    changed |= state.restrict(j, ~d, self.name, (i,))
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
        dom, changed = state.dom, False
        for cells, need in line_needs(board.rows, board.cols, board.regions):
            for v, want in enumerate(need):
                if want == 0:
                    continue
                bit = 1 << v
                spots = [p for p, i in enumerate(cells) if dom[i] & bit]
                left = packing(spots, v)
                if left[-1] < want:
                    raise Contradiction(self.name, cells)
                right = packing([-p for p in reversed(spots)], v)[::-1]
                for p in spots:
                    before = _count_before(spots, p - v, left)
                    after = _count_after(spots, p + v, right)
                    if 1 + before + after < want:
                        changed |= state.restrict(cells[p], ~bit, self.name, cells)
        return changed


def packing(spots: list[int], v: int) -> list[int]:
    """``out[k]``: most copies of v, more than v apart, among ``spots[:k]`` (greedy)."""
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


RUNGS = (Region(), Ripple(), Hidden(), Lines())
__all__ = ["RUNGS", "bits"]
