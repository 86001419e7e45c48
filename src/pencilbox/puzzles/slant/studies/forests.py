"""The legal fillings of the empty Slant board as boundary-rooted forests of one colour's
lattice graph, and the two determinants that bound their number (study 9).

The lattice points (i, j), 0 <= i <= R, 0 <= j <= C, take the colour (i + j) mod 2; every
cell's two diagonals join two points of one colour, one diagonal per colour, so each cell
gives one edge to the even graph G_0 and one to the odd graph G_1 (``colour_graph``). A
legal filling is exactly a spanning forest of G_0 whose every tree holds a border point
(forest_proofs.py proves it), so its number lies between two determinants of G_0's
Laplacian (and of G_1's):

* ``wired``: the Laplacian with the border points' rows and columns deleted. It counts the
  forests whose every tree holds exactly one border point (the matrix-tree theorem on G_0
  with its border merged into one vertex): a lower bound.
* ``apex``: the Laplacian plus 1 on each border point's diagonal. It is the sum over the
  border-rooted forests of the product over their trees of the tree's border points (the
  all-minors matrix-tree theorem): an upper bound.

Both are computed exactly: the points are ordered row by row, so the matrix is a band of
half-width about min(R, C) / 2; ``det_mod`` eliminates the band (symmetric, no pivoting)
modulo many primes below 2^22 in float64 arithmetic with the reduction delayed (each entry
takes at most ``width`` products below 2^44 before it is reduced, which stays exact below
2^53), and ``det`` joins the residues by the Chinese remainder theorem past Hadamard's bound
(the product of the diagonal, for a positive definite matrix). forest_checks.py confirms
every value by code that shares nothing with this module.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt
from numba import njit

Band = npt.NDArray[np.float64]  # band[i, t] = A[i, i + t], t = 0..width (a symmetric matrix's upper band)
Ints = npt.NDArray[np.int64]
KINDS = ("wired", "apex")
PRIME_TOP = 1 << 22  # every prime below it: a product of two residues is below 2^44
MARGIN_BITS = 16  # primes past Hadamard's bound, so a prime or two lost to a zero pivot costs no rerun


@dataclass(frozen=True)
class ColourGraph:
    """The lattice points of one colour on an R x C board (row by row), the diagonal each
    cell gives them, and which points lie on the border."""

    rows: int
    cols: int
    colour: int
    points: tuple[tuple[int, int], ...]
    edges: tuple[tuple[int, int], ...]  # one per cell, as indices into points
    border: tuple[bool, ...]


def colour_graph(rows: int, cols: int, colour: int) -> ColourGraph:
    """G_colour: the points with (i + j) % 2 == colour and each cell's diagonal of that colour."""
    if rows < 1 or cols < 1 or colour not in (0, 1):
        raise ValueError(f"no colour graph for a {rows}x{cols} board and colour {colour}")
    points = tuple((i, j) for i in range(rows + 1) for j in range(cols + 1) if (i + j) % 2 == colour)
    index = {p: n for n, p in enumerate(points)}
    edges = []
    for r in range(rows):
        for c in range(cols):
            if (r + c) % 2 == colour:  # the cell's \ joins (r, c) and (r + 1, c + 1)
                edges.append((index[r, c], index[r + 1, c + 1]))
            else:  # its / joins (r, c + 1) and (r + 1, c)
                edges.append((index[r, c + 1], index[r + 1, c]))
    border = tuple(i in (0, rows) or j in (0, cols) for i, j in points)
    return ColourGraph(rows, cols, colour, points, tuple(edges), border)


def band(graph: ColourGraph, kind: str) -> Band:
    """The ``wired`` or ``apex`` matrix of the graph in band storage (see the module's doc)."""
    if kind not in KINDS:
        raise ValueError(f"matrix kind {kind!r} is not one of {KINDS}")
    degree = [0] * len(graph.points)
    for a, b in graph.edges:
        degree[a] += 1
        degree[b] += 1
    keep = [v for v in range(len(graph.points)) if kind == "apex" or not graph.border[v]]
    position = {v: n for n, v in enumerate(keep)}
    inner = [(position[a], position[b]) for a, b in graph.edges if a in position and b in position]
    width = max((abs(x - y) for x, y in inner), default=0)
    out = np.zeros((len(keep), width + 1))
    for v, n in position.items():
        out[n, 0] = degree[v] + (kind == "apex" and graph.border[v])
    for x, y in inner:
        low, high = min(x, y), max(x, y)
        out[low, high - low] -= 1.0
    return out


@njit(cache=True)
def _power(a: int, e: int, p: int) -> int:
    out = 1
    a %= p
    while e:
        if e & 1:
            out = out * a % p
        a = a * a % p
        e >>= 1
    return out


@njit(cache=True)
def det_mod(band0: Band, primes: Ints) -> tuple[Ints, npt.NDArray[np.bool_]]:
    """The determinant of the banded symmetric matrix modulo each prime, and whether the
    prime served (a pivot divisible by it is a failed prime, not a zero determinant)."""
    n, w1 = band0.shape
    out = np.zeros(len(primes), np.int64)
    served = np.ones(len(primes), np.bool_)
    work = np.empty_like(band0)
    for q in range(len(primes)):
        p = primes[q]
        work[:, :] = band0
        det = 1
        for k in range(n):
            row = work[k]
            for t in range(w1):  # row k is final now: reduce it once
                row[t] = float(np.int64(row[t]) % p)
            pivot = int(row[0])
            if pivot == 0:
                served[q] = False
                break
            det = det * pivot % p
            inverse = _power(pivot, p - 2, p)
            for s in range(1, min(w1, n - k)):
                u = row[s]
                if u == 0.0:
                    continue
                factor = float(np.int64(u) * inverse % p)
                below = work[k + s]
                for t in range(w1 - s):  # A[k+s, k+s+t] -= A[k+s, k] A[k, k+s+t] / A[k, k]
                    below[t] -= factor * row[s + t]
        out[q] = det
    return out, served


@lru_cache(maxsize=1)
def primes() -> tuple[int, ...]:
    """Every prime below PRIME_TOP, largest first (a sieve)."""
    sieve = np.ones(PRIME_TOP, dtype=bool)
    sieve[:2] = False
    for d in range(2, math.isqrt(PRIME_TOP) + 1):
        if sieve[d]:
            sieve[d * d::d] = False
    return tuple(int(x) for x in np.flatnonzero(sieve)[::-1])


def hadamard_bits(matrix: Band) -> float:
    """log2 of Hadamard's bound on a positive definite matrix's determinant (its diagonal's product)."""
    return float(sum(math.log2(v) for v in matrix[:, 0]))


def crt(residues: list[int], moduli: list[int]) -> tuple[int, int]:
    """The x in [0, M) with x = r mod m for each pair, and M, the moduli's product."""
    x, m = 0, 1
    for r, p in zip(residues, moduli, strict=True):
        x += m * ((r - x) * pow(m % p, -1, p) % p)
        m *= p
    return x, m


def det(matrix: Band) -> int:
    """The exact determinant of a positive definite banded integer matrix."""
    if matrix.shape[0] == 0:
        return 1
    width = matrix.shape[1] - 1
    if width * float(PRIME_TOP) ** 2 >= 2.0**52:
        raise ValueError(f"a band of half-width {width} would overflow the exact float64 range")
    need = hadamard_bits(matrix) + 1
    pool = primes()
    res: list[int] = []
    used: list[int] = []
    start, have = 0, 0.0
    while have <= need:  # a prime that met a zero pivot served nothing: take more
        take: list[int] = []
        bits = have
        while bits <= need + MARGIN_BITS:
            take.append(pool[start + len(take)])
            bits += math.log2(take[-1])
        start += len(take)
        got, served = det_mod(matrix, np.array(take, dtype=np.int64))
        for r, ok, p in zip(got, served, take, strict=True):
            if ok:
                res.append(int(r))
                used.append(p)
                have += math.log2(p)
    value, _ = crt(res, used)
    return value


def bounds(rows: int, cols: int) -> dict[str, int]:
    """The wired (lower) and apex (upper) determinants of both colours' graphs: keys
    ``wired_0``, ``apex_0``, ``wired_1``, ``apex_1`` (colour 0: the top-left corner's).
    Computed on the board turned so that the band is narrow (turning keeps each colour)."""
    if cols > rows:
        rows, cols = cols, rows
    out = {}
    for colour in (0, 1):
        graph = colour_graph(rows, cols, colour)
        for kind in KINDS:
            out[f"{kind}_{colour}"] = det(band(graph, kind))
    return out


def max_product(parts_sum: int) -> int:
    """The largest product of positive integers adding up to ``parts_sum`` (threes, and
    a two or two twos): what a filling's border points, split among its trees, can weigh."""
    if parts_sum <= 4:
        return max(parts_sum, 1)
    threes, rest = divmod(parts_sum, 3)
    power = int(3 ** (threes - 1 if rest == 1 else threes))
    return power * (4 if rest == 1 else 2 if rest == 2 else 1)


def border_points(rows: int, cols: int) -> int:
    """Border points of one colour: the border's 2(R + C) points alternate colours."""
    return rows + cols
