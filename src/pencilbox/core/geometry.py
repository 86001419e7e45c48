"""Grid geometry in one place: cells in reading order, orthogonal neighbours, 3x3 blocks,
lattice points (cell corners) and lines, each table built once per size and cached.

Glossary: a *cell* is an index ``r * cols + c``; a *point* is a lattice point index
``r * (cols + 1) + c`` for 0 <= r <= rows, 0 <= c <= cols; a *line* is a row or column
of cells in order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # numpy is imported where an array is built: light verbs never load it
    import numpy as np

T = TypeVar("T")


@dataclass(frozen=True)
class Grid:
    """An R x C board with its neighbour tables (no puzzle writes ``r * cols + c`` by hand)."""

    rows: int
    cols: int
    orth: tuple[tuple[int, ...], ...] = field(repr=False, compare=False)
    block: tuple[tuple[int, ...], ...] = field(repr=False, compare=False)

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def cell(self, r: int, c: int) -> int:
        return r * self.cols + c

    def rc(self, i: int) -> tuple[int, int]:
        return divmod(i, self.cols)

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def row_lines(self) -> list[list[int]]:
        return [[self.cell(r, c) for c in range(self.cols)] for r in range(self.rows)]

    def col_lines(self) -> list[list[int]]:
        return [[self.cell(r, c) for r in range(self.rows)] for c in range(self.cols)]

    def lines(self) -> list[list[int]]:
        return self.row_lines() + self.col_lines()

    def to_rows(self, flat: Sequence[T]) -> list[list[T]]:
        """Reading-order values as a list of rows."""
        return [list(flat[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]

    # Lattice points (cell corners), used by Slant.
    @property
    def points(self) -> int:
        return (self.rows + 1) * (self.cols + 1)

    def point(self, r: int, c: int) -> int:
        return r * (self.cols + 1) + c

    def corners(self, i: int) -> tuple[int, int, int, int]:
        """Top-left, top-right, bottom-left, bottom-right lattice points of cell i."""
        return self.all_corners[i]

    @property
    def all_corners(self) -> tuple[tuple[int, int, int, int], ...]:
        """``corners`` of every cell, built once per size (a rung pass reads them all)."""
        return _corners(self.rows, self.cols)

    def point_rc(self, p: int) -> tuple[int, int]:
        return divmod(p, self.cols + 1)

    @property
    def around(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per lattice point, the cells touching it as (cell, corner), corner 0 tl, 1 tr,
        2 bl, 3 br of that cell."""
        return _around(self.rows, self.cols)

    def point_pairs(self) -> list[tuple[int, int]]:
        """Orthogonally adjacent lattice points (p, q), p < q."""
        out = []
        for r in range(self.rows + 1):
            for c in range(self.cols + 1):
                if c < self.cols:
                    out.append((self.point(r, c), self.point(r, c + 1)))
                if r < self.rows:
                    out.append((self.point(r, c), self.point(r + 1, c)))
        return out

    def within(self, i: int, v: int) -> tuple[int, ...]:
        """The cells at most ``v`` steps from ``i`` along its row and column, nearest first (at
        each distance: left, right, up, down); the last WITHIN_KEPT asked for are kept (a
        Ripple pass asks for every settled cell's), so no table grows with the board."""
        return _within(self.rows, self.cols, i, v)

    def corners_array(self) -> np.ndarray:
        """``corners`` of every cell as an (N, 4) int64 array (tl, tr, bl, br), for kernels."""
        return _corners_array(self.rows, self.cols)

    def around_array(self) -> tuple[np.ndarray, np.ndarray]:
        """``around`` as two (points, 4) int64 arrays, cells and their corners, -1 padded."""
        return _around_array(self.rows, self.cols)

    def point_pairs_array(self) -> tuple[np.ndarray, np.ndarray]:
        """``point_pairs`` as two int64 arrays, p and q, in the same order."""
        return _point_pairs_array(self.rows, self.cols)

    def orth_array(self) -> np.ndarray:
        """Orthogonal neighbours as an (N, 4) int64 array padded with -1, for numba kernels."""
        return _orth_array(self.rows, self.cols)


@lru_cache(maxsize=256)
def _orth_array(rows: int, cols: int) -> np.ndarray:
    import numpy as np
    g = grid(rows, cols)
    out = np.full((g.size, 4), -1, dtype=np.int64)
    for i, nb in enumerate(g.orth):
        out[i, : len(nb)] = nb
    out.setflags(write=False)
    return out


def _corners_array(rows: int, cols: int) -> np.ndarray:
    import numpy as np
    r, c = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
    tl = r * (cols + 1) + c
    return np.stack([tl, tl + 1, tl + cols + 1, tl + cols + 2], axis=1)


def _around_array(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np
    pr, pc = np.divmod(np.arange((rows + 1) * (cols + 1), dtype=np.int64), cols + 1)
    # the cells touching a point in reading order, as _around lists them: up-left (at its
    # corner br), up-right (bl), down-left (tr), down-right (tl)
    near = ((pr - 1, pc - 1, 3), (pr - 1, pc, 2), (pr, pc - 1, 1), (pr, pc, 0))
    inside = [(r >= 0) & (r < rows) & (c >= 0) & (c < cols) for r, c, _ in near]
    pairs = list(zip(inside, near, strict=True))
    cell = np.stack([np.where(ok, r * cols + c, -1) for ok, (r, c, _) in pairs], axis=1)
    corner = np.stack([np.where(ok, k, -1) for ok, (_, _, k) in pairs], axis=1)
    first = np.argsort(cell < 0, axis=1, kind="stable")  # the cells there first, in order
    return np.take_along_axis(cell, first, axis=1), np.take_along_axis(corner, first, axis=1)


def _point_pairs_array(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np
    w = cols + 1
    p = np.arange((rows + 1) * w, dtype=np.int64)
    r, c = np.divmod(p, w)
    q = np.stack([np.where(c < cols, p + 1, -1), np.where(r < rows, p + w, -1)], axis=1)
    keep = q >= 0
    return np.broadcast_to(p[:, None], q.shape)[keep], q[keep]


WITHIN_KEPT = 1 << 14  # a 15x15 board asks for under 2,000 (cells x values)


@lru_cache(maxsize=WITHIN_KEPT)
def _within(rows: int, cols: int, i: int, v: int) -> tuple[int, ...]:
    r, c = divmod(i, cols)
    out = []
    for step in range(1, v + 1):
        if step <= c:
            out.append(i - step)
        if c + step < cols:
            out.append(i + step)
        if step <= r:
            out.append(i - step * cols)
        if r + step < rows:
            out.append(i + step * cols)
        if step > c and c + step >= cols and step > r and r + step >= rows:
            break
    return tuple(out)


@lru_cache(maxsize=256)
def _corners(rows: int, cols: int) -> tuple[tuple[int, int, int, int], ...]:
    w = cols + 1
    return tuple((p, p + 1, p + w, p + w + 1) for p in (r * w + c for r in range(rows) for c in range(cols)))


@lru_cache(maxsize=256)
def _around(rows: int, cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    g = grid(rows, cols)
    out: list[list[tuple[int, int]]] = [[] for _ in range(g.points)]
    for i in range(g.size):
        for corner, p in enumerate(g.corners(i)):
            out[p].append((i, corner))
    return tuple(tuple(x) for x in out)


STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


#: a state's values at some cells, as a tuple
Getter = Callable[[Sequence[int]], tuple[int, ...]]


def getter(cells: Sequence[int]) -> Getter:
    """The values at ``cells`` of a state as a tuple, read in C (``itemgetter``) where there
    are two or more: the readable rungs' passes read a clue's cells with it."""
    cells = tuple(cells)
    if len(cells) > 1:
        return itemgetter(*cells)
    if cells:
        only = cells[0]
        return lambda dom: (dom[only],)
    return lambda dom: ()


@lru_cache(maxsize=64)
def orth_getters(rows: int, cols: int) -> tuple[tuple[int, tuple[int, ...], Getter], ...]:
    """Per cell in reading order: the cell, its orthogonal neighbours and their getter."""
    return tuple((i, nbs, getter(nbs)) for i, nbs in enumerate(grid(rows, cols).orth))


@lru_cache(maxsize=256)
def grid(rows: int, cols: int) -> Grid:
    """The cached geometry of an R x C board."""
    orth = []
    block = []
    for r in range(rows):
        for c in range(cols):
            orth.append(tuple((r + dr) * cols + c + dc for dr, dc in STEPS
                              if 0 <= r + dr < rows and 0 <= c + dc < cols))
            block.append(tuple((r + dr) * cols + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                               if 0 <= r + dr < rows and 0 <= c + dc < cols))
    return Grid(rows, cols, tuple(orth), tuple(block))
