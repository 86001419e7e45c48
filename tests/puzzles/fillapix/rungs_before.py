"""Frozen (tests): src/pencilbox/puzzles/fillapix/rungs.py as it stood before the readable ladder's
fast path (commit a6448bf), unchanged below this paragraph: the oracle tests/core/test_propagate.py
holds the rungs and the engine to, step for step.

The Fill-a-Pix ladder: ``count``, ``pair``, ``sides`` (pair's stronger form); the engine
adds ``probe`` (and ``search`` is the engine's branching search over whatever rungs are on)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

from pencilbox.core.engine import Contradiction, State
from pencilbox.core.geometry import grid
from pencilbox.core.puzzle import known
from pencilbox.puzzles.fillapix.board import BLANK, BOTH, PAINT, Board
from pencilbox.puzzles.fillapix.levels import Level

#: two cells whose blocks overlap (a < b): a, b, the shared cells, a's own, b's own
CluePair = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class Count:
    """A clue already met blanks the rest of its block; a clue that needs every open
    cell paints them."""

    name = Level.COUNT

    def apply(self, board: Board, state: State) -> bool:
        dom, changed = state.dom, False
        for i, v in enumerate(board.clues):
            if v is None:
                continue
            block = board.grid.block[i]
            painted = sum(1 for j in block if dom[j] == PAINT)
            open_ = [j for j in block if dom[j] == BOTH]
            if not painted <= v <= painted + len(open_):
                raise Contradiction(self.name, block)
            if open_ and v in (painted, painted + len(open_)):
                keep = BLANK if v == painted else PAINT
                for j in open_:
                    changed |= state.restrict(j, keep, self.name, (i, *block))
        return changed


class Pair:
    """Two clues whose blocks overlap: the shared open cells hold at least as many painted
    cells as either clue cannot fit outside them and at most as many as either still
    needs. The bounds act on the shared cells only (the seed's rule), so the private parts
    are left to ``count``: paint them all at the lower bound, blank them all at 0."""

    name = Level.PAIR
    weight = 64  # engine.Budget units a cell per readable pass: each clue's dozen pairs (made afresh)

    def apply(self, board: Board, state: State) -> bool:
        dom, changed = state.dom, False
        for a, b, shared, only_a, only_b in pairs(board):
            s = [j for j in shared if dom[j] == BOTH]
            open_a = sum(1 for j in only_a if dom[j] == BOTH)
            open_b = sum(1 for j in only_b if dom[j] == BOTH)
            need_a = known(board.clues[a]) - sum(1 for j in (*shared, *only_a) if dom[j] == PAINT)
            need_b = known(board.clues[b]) - sum(1 for j in (*shared, *only_b) if dom[j] == PAINT)
            lo = max(need_a - open_a, need_b - open_b, 0)
            hi = min(need_a, need_b, len(s))
            why = (a, b, *shared, *only_a, *only_b)
            if lo > hi:
                raise Contradiction(self.name, why)
            keep = PAINT if s and lo == len(s) else BLANK if s and hi == 0 else None
            if keep is not None:
                for j in s:
                    changed |= state.restrict(j, keep, self.name, why)
        return changed


class PairSides:
    """The pair rule's stronger form, a rung of its own after ``pair``: the shared bounds
    also settle both private parts (paint a clue's own open cells when even the shared
    upper bound leaves it needing them all, blank them when the lower bound meets its
    need). The seed's ``pair`` alone settles nothing ``count`` leaves open on a board with
    an answer (it only finds contradictions, inside probe); this rung is what finishes
    boards short of probe, and the search and the generator's checks propagate with it."""

    name = Level.SIDES
    weight = 64  # engine.Budget units a cell per readable pass: each clue's dozen pairs (made afresh)

    def apply(self, board: Board, state: State) -> bool:
        dom, changed = state.dom, False
        for a, b, shared, only_a, only_b in pairs(board):
            pa = [j for j in only_a if dom[j] == BOTH]
            pb = [j for j in only_b if dom[j] == BOTH]
            so = sum(1 for j in shared if dom[j] == BOTH)
            need_a = known(board.clues[a]) - sum(1 for j in (*shared, *only_a) if dom[j] == PAINT)
            need_b = known(board.clues[b]) - sum(1 for j in (*shared, *only_b) if dom[j] == PAINT)
            lo = max(need_a - len(pa), need_b - len(pb), 0)
            hi = min(need_a, need_b, so)
            why = (a, b, *shared, *only_a, *only_b)
            if lo > hi:
                raise Contradiction(self.name, why)
            for part, need in ((pa, need_a), (pb, need_b)):
                keep = PAINT if part and need - hi >= len(part) else None
                keep = BLANK if part and keep is None and need - lo <= 0 else keep
                if keep is not None:
                    for j in part:
                        changed |= state.restrict(j, keep, self.name, why)
        return changed


PAIRS_KEPT = 20_000  # clues up to which a layout's pairs are kept (a dozen pairs a clue, 5 tuples each:
# 250,000 clues held 1.2 GB); past it each pass makes them afresh, in the same order


def pairs(board: Board) -> Iterable[CluePair]:
    """Clue pairs (a < b) whose blocks overlap: shared cells, a's own, b's own."""
    if sum(c is not None for c in board.clues) > PAIRS_KEPT:
        return _each_pair(board.rows, board.cols, tuple(c is not None for c in board.clues))
    return _clue_pairs(board.rows, board.cols, board.clues)


@lru_cache(maxsize=64)
def _clue_pairs(rows: int, cols: int, clues: tuple[int | None, ...]) -> tuple[CluePair, ...]:
    """The pairs of one clue layout, kept: every rung pass of every probe trial reads them
    (built from the clued cells only: a blank board has none)."""
    return _pairs(rows, cols, tuple(c is not None for c in clues))


@lru_cache(maxsize=64)
def all_pairs(rows: int, cols: int) -> tuple[CluePair, ...]:
    """Every pair of cells (a < b) whose blocks overlap, sorted, with the three parts."""
    return _pairs(rows, cols, None)


def _pairs(rows: int, cols: int, kept: tuple[bool, ...] | None) -> tuple[CluePair, ...]:
    """The pairs (a < b, sorted) whose blocks overlap, of the cells ``kept`` (None: all)."""
    return tuple(_each_pair(rows, cols, kept))


def _each_pair(rows: int, cols: int, kept: tuple[bool, ...] | None) -> Iterator[CluePair]:
    """The pairs one at a time, sorted by (a, b): b runs through a's later rows and columns in order."""
    g = grid(rows, cols)
    for a in range(g.size):
        if kept is not None and not kept[a]:
            continue
        ra, ca = g.rc(a)
        for dr in range(0, 3):
            for dc in range(-2, 3):
                if dr == 0 and dc <= 0:
                    continue
                rb, cb = ra + dr, ca + dc
                if not g.inside(rb, cb):
                    continue
                b = g.cell(rb, cb)
                if kept is not None and not kept[b]:
                    continue
                A, B = set(g.block[a]), set(g.block[b])
                yield a, b, tuple(sorted(A & B)), tuple(sorted(A - B)), tuple(sorted(B - A))


RUNGS = (Count(), Pair(), PairSides())
