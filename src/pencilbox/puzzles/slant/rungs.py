"""The Slant ladder: ``count``, ``cycle``, ``duet``; the engine adds ``probe``.

Premises name cells by index and clue points as ``cells + point`` (see ``clue_id``).
"""

from __future__ import annotations

from functools import lru_cache

from pencilbox.core.engine import Contradiction, State, single
from pencilbox.core.geometry import grid
from pencilbox.core.puzzle import known
from pencilbox.core.unionfind import join
from pencilbox.puzzles.slant.board import BACK, BOTH, FWD, TOUCH, Board
from pencilbox.puzzles.slant.levels import Level
from pencilbox.puzzles.slant.rules import loops


def clue_id(board: Board, p: int) -> int:
    """A clue point as a premise id (cells come first)."""
    return board.rows * board.cols + p


class Count:
    """One clue at a time: met -> the rest turn away; short by exactly the open cells ->
    they all turn toward it."""

    name = Level.COUNT
    weight = 2  # engine.Budget units a cell per readable pass: a pass reads each point's four cells

    def apply(self, board: Board, state: State) -> bool:
        dom, touch, changed = state.dom, touches(board.rows, board.cols), False
        clues, base = board.clues, board.rows * board.cols
        for p in board.clued:
            v = known(clues[p])
            around = touch[p]
            touching = nopen = 0
            for i, b in around:
                d = dom[i]
                if d == b:
                    touching += 1
                elif d != FWD and d != BACK:  # not single
                    nopen += 1
            if not touching <= v <= touching + nopen:
                raise Contradiction(self.name, (*(i for i, _ in around), base + p))
            if nopen and (v == touching or v == touching + nopen):
                why = (base + p, *(i for i, _ in around))
                open_ = [(i, b) for i, b in around if dom[i] != FWD and dom[i] != BACK]
                for i, b in open_:
                    keep = BOTH ^ b if v == touching else b
                    changed |= state.restrict(i, keep, self.name, why)
        return changed


class Cycle:
    """Union-find over lattice points: an orientation joining two connected points goes."""

    name = Level.CYCLE

    def apply(self, board: Board, state: State) -> bool:
        dom, changed, ends = state.dom, False, board.diagonals
        parent = list(range(board.grid.points))
        for i, d in enumerate(dom):
            if (d == FWD or d == BACK) and not join(parent, *ends[i][d]):
                raise Contradiction(self.name, (i, *_loop_cells(board, dom, i)))
        for i, d in enumerate(dom):
            if d == FWD or d == BACK:
                continue
            for bit in (1, 2):
                a, b = ends[i][bit]
                while parent[a] != a:  # root(parent, a), halving the path
                    parent[a] = a = parent[parent[a]]
                while parent[b] != b:
                    parent[b] = b = parent[parent[b]]
                if a == b:
                    why = _loop_cells(board, dom, i, bit) if state.log is not None else ()
                    changed |= state.restrict(i, BOTH ^ bit, self.name, why)
                    if not join(parent, *ends[i][dom[i]]):  # both ways close a loop
                        raise Contradiction(self.name, (i, *why))
                    break
        return changed


def _loop_cells(board: Board, dom: list[int], cell: int, bit: int | None = None) -> tuple[int, ...]:
    """Settled cells on a path between the ends of ``cell``'s diagonal (for hints)."""
    answer = [d if single(d) and j != cell else None for j, d in enumerate(dom)]
    answer[cell] = dom[cell] if bit is None else bit
    found = [loop for loop in loops(board, tuple(answer)) if cell in loop]
    return tuple(j for j in (found[0] if found else ()) if j != cell)


class Duet:
    """Two orthogonally adjacent clues as one constraint: enumerate their open cells
    (at most 6) and keep what every joint assignment that meets both clues agrees on."""

    name = Level.DUET
    weight = 4  # engine.Budget units a cell per readable pass: a pass reads each pair of neighbouring points

    def apply(self, board: Board, state: State) -> bool:
        dom, changed, base = state.dom, False, board.rows * board.cols
        for p, q, cells, masks in _duet_table(board.rows, board.cols, board.clues):
            opened = back = 0
            for k, i in enumerate(cells):
                d = dom[i]
                if d == BACK:
                    back |= 1 << k
                elif d != FWD:  # not single: open
                    opened |= 1 << k
            if not opened:
                continue
            seen_b, seen_f = joint(masks, known(board.clues[p]), known(board.clues[q]), opened, back)
            why = (base + p, base + q, *cells)
            if not seen_b | seen_f:
                raise Contradiction(self.name, why)
            for k, i in enumerate(cells):
                if opened >> k & 1:
                    keep = (seen_f >> k & 1) | (seen_b >> k & 1) << 1
                    changed |= state.restrict(i, keep, self.name, why)
        return changed


def duets(board: Board) -> list[tuple[int, int, tuple[int, ...]]]:
    """Pairs of orthogonally adjacent numbered points with the cells around either."""
    clues = board.clues
    return [(p, q, cells) for p, q, cells in point_pairs(board.rows, board.cols)
            if (a := clues[p]) is not None and (b := clues[q]) is not None and a >= 0 and b >= 0]


@lru_cache(maxsize=16)
def _duet_table(rows: int, cols: int, clues: tuple[int | None, ...],
                ) -> tuple[tuple[int, int, tuple[int, ...], tuple[int, int, int, int]], ...]:
    """``duets`` with each pair's masks (``pair_masks``), for one board's passes."""
    masks = dict(zip(point_pairs(rows, cols), pair_masks(rows, cols), strict=True))
    board = Board(rows, cols, clues)
    return tuple((p, q, cells, masks[p, q, cells]) for p, q, cells in duets(board))


@lru_cache(maxsize=64)
def point_pairs(rows: int, cols: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Every pair of orthogonally adjacent lattice points with the cells around either."""
    g = grid(rows, cols)
    return tuple((p, q, tuple(sorted({i for i, _ in g.around[p]} | {i for i, _ in g.around[q]})))
                 for p, q in g.point_pairs())


@lru_cache(maxsize=64)
def pair_masks(rows: int, cols: int) -> tuple[tuple[int, int, int, int], ...]:
    """Per ``point_pairs`` entry, as masks over its cells (bit k: its k-th cell), the cells that
    reach its first point as BACK and as FWD, then its second: a clue's count is two popcounts."""
    touch, out = touches(rows, cols), []
    for p, q, cells in point_pairs(rows, cols):
        masks: list[int] = []
        for x in (p, q):
            bit = dict(touch[x])
            masks += (sum(1 << k for k, i in enumerate(cells) if bit.get(i) == side) for side in (BACK, FWD))
        out.append((masks[0], masks[1], masks[2], masks[3]))
    return tuple(out)


@lru_cache(maxsize=64)
def touches(rows: int, cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per lattice point, the cells around it with the orientation that touches it."""
    return tuple(tuple((i, TOUCH[k]) for i, k in around) for around in grid(rows, cols).around)


#: ``joint``'s answers so far (a few thousand keys: pair shapes x clues x cell states)
_JOINT: dict[tuple[int, ...], tuple[int, int]] = {}


def joint(masks: tuple[int, int, int, int], vp: int, vq: int, opened: int, back: int) -> tuple[int, int]:
    """Duet on one pair: of its cells open in ``opened`` (the others ``\\`` where set in
    ``back``, else ``/``), those that take ``\\`` and those that take ``/`` in some joint
    assignment meeting both clues (each subset of the open cells tried as the ``\\`` ones)."""
    key = (*masks, vp, vq, opened, back)
    got = _JOINT.get(key)
    if got is not None:
        return got
    pb, pf, qb, qf = masks
    fwd = ~(back | opened) & 63
    needp = vp - (back & pb).bit_count() - (fwd & pf).bit_count()
    needq = vq - (back & qb).bit_count() - (fwd & qf).bit_count()
    seen_b = seen_f = combo = 0
    while True:
        rest = opened & ~combo
        if (combo & pb).bit_count() + (rest & pf).bit_count() == needp \
                and (combo & qb).bit_count() + (rest & qf).bit_count() == needq:
            seen_b |= combo
            seen_f |= rest
        combo = (combo - opened) & opened
        if combo == 0:
            break
    got = _JOINT[key] = (seen_b, seen_f)
    return got


RUNGS = (Count(), Cycle(), Duet())
