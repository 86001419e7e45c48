"""Twins in Fill-a-Pix: two pictures with the same full set of clues.

Showing every clue of an h x w picture is the linear map T_h (x) T_w, where T_n is the
n x n matrix with ones on the diagonal and next to it. T_n is singular exactly when
n = 2 (mod 3), with kernel spanned by u = (+1, -1, 0, +1, -1, 0, ..., +1, -1). A twin of x
is x + d with d a kernel vector with entries in {-1, 0, 1} that x can absorb (x + d stays
0/1), so everything here is about the ternary kernel.

Derivation (kept here because the classifier and the counts of studies/twin_counts.py
rest on it). Let P be the
rows where u_h is nonzero and Q the columns where u_w is nonzero (u_h, u_w the kernel
vectors of T_h, T_w when they exist).

* One side = 2 (mod 3), say h: the kernel is u_h (x) a. Ternary forces a in {-1,0,1}^w,
  so d flips whole columns by +-u_h, and a column can absorb +u_h (-u_h) exactly when it
  reads 0 1 ? 0 1 ? ... 0 1 (its complement) on P.
* Both sides = 2 (mod 3): the kernel is u_h a^T + b u_w^T. Off P x Q this is whole
  column flips on columns outside Q and whole row flips on rows outside P, with
  a_j, b_i in {-1,0,1}. On P x Q write d_ij = u_i v_j (alpha_j + beta_i) with
  alpha_j = a_j v_j, beta_i = b_i u_i (v = u_w). Shifting alpha by t and beta by -t
  changes nothing, so take min beta = 0; then every alpha_j + beta_i in {-1,0,1} leaves
  three cases: beta = 0 (column flips), alpha constant (row flips), or alpha in {-1,0},
  beta in {0,1}, both non-constant: the two-block vector +u_i v_j on I' x J,
  -u_i v_j on (P - I') x (Q - J), with I' = {beta = 1}, J = {alpha = 0} proper.
  With Y_ij = x_ij XOR [u_i v_j = -1] on P x Q, a cell can take +u_i v_j iff Y_ij = 0 and
  -u_i v_j iff Y_ij = 1. So a line fits when a row or column of Y is constant, and a
  two-block vector fits when there is a proper nonempty J such that every row of Y is
  all 0 on J or all 1 off J. Writing Z_r for the zero set of row r, that says J is
  comparable (by inclusion) with every Z_r.
* The parts (off-pattern columns, off-pattern rows, P x Q) have disjoint supports, so
  a picture has a twin iff one part absorbs a nonzero vector of its own; and the
  cells outside P and Q in both directions are never touched.

Finding J without trying all 2^|Q| sets: with no constant row, J exists iff the rows
split into nonempty B, A with every Z_b inside every Z_a (then J = union of the Z_b).
Such a split, if any, is a prefix of the rows sorted by |Z_r| (rows of equal size on
both sides of a valid split are equal sets), so testing the m - 1 prefixes is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pencilbox.compiled.aot import Code

NONE, COLUMN, ROW, TWO_BLOCK = 0, 1, 2, 3
TWINS = Code("pencilbox.puzzles.fillapix.jit_twins")  # the compiled core, built ahead with the generator
KIND_NAMES = {COLUMN: "column", ROW: "row", TWO_BLOCK: "two-block"}


def pattern(n: int) -> list[int]:
    """The kernel vector u of T_n, or all zeros when T_n is invertible (n != 2 mod 3)."""
    if n % 3 != 2:
        return [0] * n
    return [(1, -1, 0)[i % 3] for i in range(n)]


def pattern_size(n: int) -> int:
    """L: the number of nonzero entries of u (0 when n != 2 mod 3)."""
    return 2 * (n // 3 + 1) if n % 3 == 2 else 0


def clues_of(picture: Sequence[int], h: int, w: int) -> list[int]:
    """The full clue vector: painted cells in each clipped 3x3 block, reading order."""
    out = []
    for r in range(h):
        for c in range(w):
            out.append(sum(picture[rr * w + cc]
                           for rr in range(max(r - 1, 0), min(r + 2, h))
                           for cc in range(max(c - 1, 0), min(c + 2, w))))
    return out


# ---------------------------------------------------------------- the classifier (numba)

class Workspace:
    """Arrays the compiled classifier needs for one grid size, made once so that the
    census (studies/twin_census.py) can call it 2^25 times without allocating."""

    def __init__(self, h: int, w: int) -> None:
        import numpy as np  # the compiled side only: the readable twin (twin_vector_reference) runs without
        self.h, self.w = h, w
        self.uh = np.array(pattern(h), dtype=np.int8)
        self.uw = np.array(pattern(w), dtype=np.int8)
        self.pidx = np.flatnonzero(self.uh).astype(np.int64)
        self.qidx = np.flatnonzero(self.uw).astype(np.int64)
        m, n = len(self.pidx), len(self.qidx)
        self.z = np.zeros((max(m, 1), max(n, 1)), dtype=np.int8)
        self.ifrom = np.zeros((max(m, 1) + 1, max(n, 1)), dtype=np.int8)
        self.union = np.zeros(max(n, 1), dtype=np.int8)
        self.cnt = np.zeros(max(m, 1), dtype=np.int64)
        self.order = np.zeros(max(m, 1), dtype=np.int64)

    def args(self) -> tuple:
        return (self.h, self.w, self.uh, self.uw, self.pidx, self.qidx, self.z, self.ifrom,
                self.union, self.cnt, self.order)


def twin_vector(picture: Sequence[int], h: int, w: int) -> tuple[int, list[int] | None]:
    """(kind, d): a ternary kernel vector d the picture absorbs and its kind
    (COLUMN, ROW, TWO_BLOCK), or (NONE, None)."""
    if len(picture) != h * w:
        raise ValueError(f"picture has {len(picture)} cells, expected {h * w}")
    if h % 3 != 2 and w % 3 != 2:
        return NONE, None  # T_h (x) T_w is invertible
    import numpy as np
    x = np.asarray(picture, dtype=np.int8)
    if ((x != 0) & (x != 1)).any():
        raise ValueError("picture must be 0/1")
    d = np.zeros(h * w, dtype=np.int8)
    kind = TWINS._twin_core(x, d, *Workspace(h, w).args())
    return (kind, [int(v) for v in d]) if kind != NONE else (NONE, None)


def find_twin(picture: Sequence[int], h: int, w: int) -> list[int] | None:
    """Another picture with the same full clue vector, or None when there is none (exact:
    every ternary kernel vector is checked, through the derivation in the module doc)."""
    kind, d = twin_vector(picture, h, w)
    if d is None:
        return None
    return [int(p) + v for p, v in zip(picture, d, strict=True)]


def twin_kind(picture: Sequence[int], h: int, w: int) -> str | None:
    """'column', 'row' or 'two-block' (the first family found), or None."""
    return KIND_NAMES.get(twin_vector(picture, h, w)[0])


# ---------------------------------------------------------------- the classifier, readably

def twin_vector_reference(picture: Sequence[int], h: int, w: int) -> tuple[int, list[int] | None]:
    """``twin_vector`` in plain Python (jit_twins' ``_twin_core`` step for step, the same kind
    and vector): what the generator asks where numpy and numba are absent (the browser)."""
    if len(picture) != h * w:
        raise ValueError(f"picture has {len(picture)} cells, expected {h * w}")
    if h % 3 != 2 and w % 3 != 2:
        return NONE, None
    if any(v not in (0, 1) for v in picture):
        raise ValueError("picture must be 0/1")
    d = [0] * (h * w)
    kind = _line_twin(picture, d, h, w) or _two_block(picture, d, h, w)
    return (kind, d) if kind != NONE else (NONE, None)


def _line_fit(x: Sequence[int], start: int, stride: int, u: Sequence[int]) -> int:
    """+1 if the line absorbs +u (0 where u = 1, 1 where u = -1), -1 if it absorbs -u, else 0."""
    plus = minus = True
    for k, uk in enumerate(u):
        if uk:
            if x[start + k * stride] == (0 if uk == 1 else 1):
                minus = False
            else:
                plus = False
            if not plus and not minus:
                return 0
    return 1 if plus else -1


def _line_twin(x: Sequence[int], d: list[int], h: int, w: int) -> int:
    """A whole column flip by +-u_h, else a whole row flip by +-u_w, written into ``d``: its
    kind, or NONE."""
    uh, uw = pattern(h), pattern(w)
    if h % 3 == 2:
        for j in range(w):
            f = _line_fit(x, j, w, uh)
            if f:
                for i in range(h):
                    d[i * w + j] = f * uh[i]
                return COLUMN
    if w % 3 == 2:
        for i in range(h):
            f = _line_fit(x, i * w, 1, uw)
            if f:
                for j in range(w):
                    d[i * w + j] = f * uw[j]
                return ROW
    return NONE


def _two_block(x: Sequence[int], d: list[int], h: int, w: int) -> int:
    """Where both sides are 2 mod 3 and no line fits: a proper J comparable with every row's
    zero set Z_a of Y (the module's derivation), rows taken by growing |Z_a| (a stable sort:
    the compiled insertion sort's order); its two-block vector written into ``d``."""
    if h % 3 != 2 or w % 3 != 2:
        return NONE
    uh, uw = pattern(h), pattern(w)
    pidx = [i for i in range(h) if uh[i]]
    qidx = [j for j in range(w) if uw[j]]
    m, n = len(pidx), len(qidx)
    z = [[1 - (x[i * w + j] ^ (uh[i] * uw[j] == -1)) for j in qidx] for i in pidx]
    order = sorted(range(m), key=lambda a: sum(z[a]))
    within: list[Any] = [[1] * n]  # within[t]: the cells in the zero set of every row order[k:], k >= m - t
    for k in range(m - 1, -1, -1):
        within.append([a & b for a, b in zip(within[-1], z[order[k]], strict=True)])
    within.reverse()  # within[k]: the intersection over order[k:]
    union = [0] * n
    for k in range(1, m):
        union = [a | b for a, b in zip(union, z[order[k - 1]], strict=True)]
        if all(u <= f for u, f in zip(union, within[k], strict=True)):
            for t in range(m):
                i = pidx[order[t]]
                for b, j in enumerate(qidx):
                    if t >= k and union[b]:
                        d[i * w + j] = uh[i] * uw[j]
                    elif t < k and not union[b]:
                        d[i * w + j] = -uh[i] * uw[j]
            return TWO_BLOCK
    return NONE
