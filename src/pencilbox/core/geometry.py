"""Grid geometry in one place: cells in reading order, orthogonal neighbours, 3x3 blocks,
lattice points (cell corners) and lines, each table built once per size and cached.

Glossary: a *cell* is an index ``r * cols + c``; a *point* is a lattice point index
``r * (cols + 1) + c`` for 0 <= r <= rows, 0 <= c <= cols; a *line* is a row or column
of cells in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
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
        r, c = self.rc(i)
        return (self.point(r, c), self.point(r, c + 1), self.point(r + 1, c), self.point(r + 1, c + 1))

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

    def within(self, i: int, v: int) -> list[int]:
        """The cells at most ``v`` steps from ``i`` along its row and column, nearest first (at
        each distance: left, right, up, down); computed per call, so no table grows with the board."""
        r, c = divmod(i, self.cols)
        w, out = self.cols, []
        for step in range(1, v + 1):
            if step <= c:
                out.append(i - step)
            if c + step < w:
                out.append(i + step)
            if step <= r:
                out.append(i - step * w)
            if r + step < self.rows:
                out.append(i + step * w)
            if step > c and c + step >= w and step > r and r + step >= self.rows:
                break
        return out

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


@lru_cache(maxsize=256)
def _around(rows: int, cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    g = grid(rows, cols)
    out: list[list[tuple[int, int]]] = [[] for _ in range(g.points)]
    for i in range(g.size):
        for corner, p in enumerate(g.corners(i)):
            out[p].append((i, corner))
    return tuple(tuple(x) for x in out)


STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


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
