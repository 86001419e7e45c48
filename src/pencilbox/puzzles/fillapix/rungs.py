"""The Fill-a-Pix ladder: ``count``, ``pair``, ``sides`` (pair's stronger form); the engine
adds ``probe`` (and ``search`` is the engine's branching search over whatever rungs are on).
The passes read a layout's tables (kept per clue layout); ``PROPAGATORS`` runs the same rungs
from the cells that changed, for the engine's fast path (core/propagate.py)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from functools import lru_cache

from pencilbox.core.engine import Contradiction, State
from pencilbox.core.geometry import Getter, getter, grid
from pencilbox.core.propagate import Memo
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
        dom, changed, restrict, name = state.dom, False, state.restrict, self.name
        for _, v, get, block, why in count_rows(board):  # the clued cells in reading order
            got = get(dom)
            painted, open_ = got.count(PAINT), got.count(BOTH)
            if not painted <= v <= painted + open_:
                raise Contradiction(name, block)
            if open_ and (v == painted or v == painted + open_):
                keep = BLANK if v == painted else PAINT
                for j in block:
                    if dom[j] == BOTH:
                        changed |= restrict(j, keep, name, why)
        return changed


class Pair:
    """Two clues whose blocks overlap: the shared open cells hold at least as many painted
    cells as either clue cannot fit outside them and at most as many as either still
    needs. The bounds act on the shared cells only (the seed's rule), so the private parts
    are left to ``count``: paint them all at the lower bound, blank them all at 0."""

    name = Level.PAIR
    weight = 64  # engine.Budget units a cell per readable pass: each clue's dozen pairs

    def apply(self, board: Board, state: State) -> bool:
        dom, changed, restrict, name = state.dom, False, state.restrict, self.name
        for _, _, va, vb, get_a, get_b, get_s, shared, _, _, why in pair_rows(board):
            in_a, in_b, in_s = get_a(dom), get_b(dom), get_s(dom)
            s = in_s.count(BOTH)  # the shared open cells
            need_a, need_b = va - in_a.count(PAINT), vb - in_b.count(PAINT)
            lo = max(need_a - (in_a.count(BOTH) - s), need_b - (in_b.count(BOTH) - s), 0)
            hi = min(need_a, need_b, s)
            if lo > hi:
                raise Contradiction(name, why)
            if s and (lo == s or hi == 0):
                keep = PAINT if lo == s else BLANK
                for j in shared:
                    if dom[j] == BOTH:
                        changed |= restrict(j, keep, name, why)
        return changed


class PairSides:
    """The pair rule's stronger form, a rung of its own after ``pair``: the shared bounds
    also settle both private parts (paint a clue's own open cells when even the shared
    upper bound leaves it needing them all, blank them when the lower bound meets its
    need). The seed's ``pair`` alone settles nothing ``count`` leaves open on a board with
    an answer (it only finds contradictions, inside probe); this rung is what finishes
    boards short of probe, and the search and the generator's checks propagate with it."""

    name = Level.SIDES
    weight = 64  # engine.Budget units a cell per readable pass: each clue's dozen pairs

    def apply(self, board: Board, state: State) -> bool:
        dom, changed, restrict, name = state.dom, False, state.restrict, self.name
        for _, _, va, vb, get_a, get_b, get_s, _, only_a, only_b, why in pair_rows(board):
            in_a, in_b = get_a(dom), get_b(dom)
            so = get_s(dom).count(BOTH)
            pa, pb = in_a.count(BOTH) - so, in_b.count(BOTH) - so  # each clue's own open cells
            need_a, need_b = va - in_a.count(PAINT), vb - in_b.count(PAINT)
            lo = max(need_a - pa, need_b - pb, 0)
            hi = min(need_a, need_b, so)
            if lo > hi:
                raise Contradiction(name, why)
            for part, open_, need in ((only_a, pa, need_a), (only_b, pb, need_b)):
                keep = PAINT if open_ and need - hi >= open_ else BLANK if open_ and need - lo <= 0 else 0
                if keep:
                    for j in part:
                        if dom[j] == BOTH:
                            changed |= restrict(j, keep, name, why)
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


# ---------------------------------------------------------------- the passes' tables

TABLES_KEPT = 5_000  # clues up to which a layout's tables are kept (about 150 bytes a pair row and
# its three getters); past it a pass makes its rows afresh from ``pairs``, in the same order

#: a clued cell as a pass reads it: the cell, its clue, its block's getter, the block, the premises
CountRow = tuple[int, int, Getter, tuple[int, ...], tuple[int, ...]]
#: a clue pair as a pass reads it: a, b, their clues, the getters of a's block, b's block and the
#: shared cells, the shared cells, a's own, b's own, the premises (a, b and the three parts)
PairRow = tuple[int, int, int, int, Getter, Getter, Getter, tuple[int, ...], tuple[int, ...], tuple[int, ...],
                tuple[int, ...]]


def _count_row(board: Board, i: int) -> CountRow:
    block = board.grid.block[i]
    return i, known(board.clues[i]), getter(block), block, (i, *block)


def _pair_row(clues: tuple[int | None, ...], p: CluePair, block: tuple[tuple[int, ...], ...]) -> PairRow:
    a, b, shared, only_a, only_b = p
    return (a, b, known(clues[a]), known(clues[b]), getter(block[a]), getter(block[b]), getter(shared),
            shared, only_a, only_b, (a, b, *shared, *only_a, *only_b))


class Tables:
    """One clue layout's rows, in the passes' order (clued cells in reading order, the pairs
    as ``pairs`` gives them), and for the propagator its Wiring (built on first use)."""

    __slots__ = ("counts", "pairs", "_wiring")

    def __init__(self, board: Board) -> None:
        self.counts = tuple(_count_row(board, i) for i, v in enumerate(board.clues) if v is not None)
        block = board.grid.block
        self.pairs = tuple(_pair_row(board.clues, p, block) for p in pairs(board))
        self._wiring: Wiring | None = None

    def wiring(self, cells: int) -> Wiring:
        if self._wiring is None:
            self._wiring = Wiring(self, cells)
        return self._wiring


class Wiring:
    """The propagator's view of a layout: per cell the count rows and the pair rows that read
    it, each pair row's cells, and the pair rows cut to what an evaluation reads."""

    __slots__ = ("cell_counts", "cell_pairs", "scope", "rows")

    def __init__(self, t: Tables, cells: int) -> None:
        counts: list[list[int]] = [[] for _ in range(cells)]
        pair_of: list[list[int]] = [[] for _ in range(cells)]
        for k, row in enumerate(t.counts):
            for j in row[3]:
                counts[j].append(k)
        self.scope = tuple((*p[7], *p[8], *p[9]) for p in t.pairs)
        for k, scope in enumerate(self.scope):
            for j in scope:
                pair_of[j].append(k)
        self.cell_counts = tuple(map(tuple, counts))
        self.cell_pairs = tuple(map(tuple, pair_of))
        self.rows = tuple(p[2:10] for p in t.pairs)


def tables(board: Board) -> Tables | None:
    """The layout's kept tables, or None past TABLES_KEPT clues."""
    return _tables(board.rows, board.cols, board.clues)


@lru_cache(maxsize=16)
def _tables(rows: int, cols: int, clues: tuple[int | None, ...]) -> Tables | None:
    if sum(c is not None for c in clues) > TABLES_KEPT:
        return None
    return Tables(Board(rows, cols, clues))


def count_rows(board: Board) -> Iterable[CountRow]:
    """The count rows of a pass: kept, or made afresh past TABLES_KEPT clues (same order)."""
    t = tables(board)
    if t is not None:
        return t.counts
    return (_count_row(board, i) for i, v in enumerate(board.clues) if v is not None)


def pair_rows(board: Board) -> Iterable[PairRow]:
    """The pair rows of a pass: kept, or made afresh past TABLES_KEPT clues (same order)."""
    t = tables(board)
    if t is not None:
        return t.pairs
    block = board.grid.block
    return (_pair_row(board.clues, p, block) for p in pairs(board))


# ---------------------------------------------------------------- the propagator

class Bound:
    """The rungs ``count``, ``pair``, ``sides`` (those named) on one board, run from the cells
    that changed (core/propagate.py): a rule is evaluated again only once a cell it reads has
    changed, count's before the pairs'. Each evaluation is the rung's own on its clue or pair
    (the pair's bounds once for ``pair`` and ``sides`` both), so the fixpoint is the passes'."""

    __slots__ = ("t", "n", "count", "pair", "sides", "work", "memo", "_reads")

    def __init__(self, t: Tables, n: int, names: tuple[str, ...]) -> None:
        self.t, self.n = t, n
        self.count, self.pair, self.sides = Level.COUNT in names, Level.PAIR in names, Level.SIDES in names
        self.work = 0
        self.memo = Memo()
        self._reads: tuple[frozenset[int], ...] | None = None

    @property
    def reads(self) -> tuple[frozenset[int], ...]:
        """Per cell, the cells a rule reads together with it: its clues' blocks, its pairs' blocks."""
        if self._reads is None:
            w = self.t.wiring(self.n)
            out = []
            for cell in range(self.n):
                near = {cell}
                for k in w.cell_counts[cell] if self.count else ():
                    near.update(self.t.counts[k][3])
                for k in w.cell_pairs[cell] if self.pair or self.sides else ():
                    near.update(w.scope[k])
                out.append(frozenset(near))
            self._reads = tuple(out)
        return self._reads

    def run(self, dom: list[int], seeds: Iterable[int] | None,
            near: Collection[int] | None = None) -> list[int]:
        """The fixpoint from ``seeds`` (see core/propagate.py); with ``near``, a seed's rules that
        read no cell of ``near`` are taken as quiet (the caller knows them so). The rows to
        evaluate are sets (a changed cell adds its rows in one C call): the order they run in
        changes nothing of the fixpoint."""
        counts = self.t.counts
        w = self.t.wiring(self.n)
        cell_counts, cell_pairs, rows = w.cell_counts, w.cell_pairs, w.rows
        do_count, do_pair, do_sides = self.count, self.pair, self.sides
        do_pairs = do_pair or do_sides
        qc: set[int] = set()
        qp: set[int] = set()
        if seeds is None:
            qc.update(range(len(counts)) if do_count else ())
            qp.update(range(len(rows)) if do_pairs else ())
        else:
            moved = None if near is None else set(near)
            for x in seeds:
                if do_count:
                    qc.update(cell_counts[x] if moved is None else
                              (k for k in cell_counts[x] if not moved.isdisjoint(counts[k][3])))
                if do_pairs:
                    qp.update(cell_pairs[x] if moved is None else
                              (k for k in cell_pairs[x] if not moved.isdisjoint(w.scope[k])))
        changed: list[int] = []
        work = 0
        try:
            while True:
                while qc:  # count's rows first: cheap, and most contradictions are theirs
                    work += 1
                    _, v, get, block, _ = counts[qc.pop()]
                    got = get(dom)
                    open_, painted = got.count(BOTH), got.count(PAINT)
                    if painted < v < painted + open_:
                        continue
                    if not painted <= v <= painted + open_:
                        raise Contradiction(Level.COUNT, block)
                    if not open_:
                        continue
                    keep = BLANK if v == painted else PAINT
                    for j in block:
                        if dom[j] == BOTH:
                            dom[j] = keep
                            changed.append(j)
                            qc.update(cell_counts[j])
                            if do_pairs:
                                qp.update(cell_pairs[j])
                if not qp:
                    return changed
                work += 1
                va, vb, get_a, get_b, get_s, shared, only_a, only_b = rows[qp.pop()]
                s = get_s(dom).count(BOTH)  # the shared open cells
                if not s and do_count:  # none: the pair concludes what count does
                    continue
                in_a, in_b = get_a(dom), get_b(dom)
                pa, pb = in_a.count(BOTH) - s, in_b.count(BOTH) - s  # each clue's own open cells
                need_a, need_b = va - in_a.count(PAINT), vb - in_b.count(PAINT)
                lo = need_a - pa if need_a - pa > need_b - pb else need_b - pb
                lo = lo if lo > 0 else 0
                hi = need_a if need_a < need_b else need_b
                hi = hi if hi < s else s
                if lo > hi:
                    raise Contradiction(Level.PAIR if do_pair else Level.SIDES, shared)
                moves = []
                if do_pair and s and (lo == s or hi == 0):
                    moves.append((shared, PAINT if lo == s else BLANK))
                if do_sides:
                    if pa and (need_a - hi >= pa or need_a <= lo):
                        moves.append((only_a, PAINT if need_a - hi >= pa else BLANK))
                    if pb and (need_b - hi >= pb or need_b <= lo):
                        moves.append((only_b, PAINT if need_b - hi >= pb else BLANK))
                for part, keep in moves:
                    for j in part:
                        if dom[j] == BOTH:
                            dom[j] = keep
                            changed.append(j)
                            if do_count:
                                qc.update(cell_counts[j])
                            qp.update(cell_pairs[j])
        finally:
            self.work += work


class Propagators:
    """Fill-a-Pix's propagators (core/propagate.py): one per layout and rung set, kept for a
    few boards with their probe memos."""

    def __init__(self, rungs: tuple[Count, Pair, PairSides]) -> None:
        self.rungs = rungs

    def bind(self, board: Board, names: tuple[str, ...]) -> Bound | None:
        if any(n not in (Level.COUNT, Level.PAIR, Level.SIDES) for n in names):
            return None
        return _bound(board.rows, board.cols, board.clues, frozenset(names))


@lru_cache(maxsize=8)
def _bound(rows: int, cols: int, clues: tuple[int | None, ...], names: frozenset[str]) -> Bound | None:
    t = _tables(rows, cols, clues)
    return None if t is None else Bound(t, rows * cols, tuple(names))


RUNGS = (Count(), Pair(), PairSides())
PROPAGATORS = Propagators(RUNGS)
