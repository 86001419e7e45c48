"""Second ways to every figure of study 9, sharing no code with forests.py (which builds the
colour graphs and eliminates their bands modulo many primes):

* ``enumerate_fillings``: every one of the 2^(RC) fillings of a small board, its loops found
  by a union-find over all the lattice points, and the forest rule, the wired count and the
  apex weight read off each filling's trees (the matrix-tree theorems checked by brute force);
* ``wired_by_eigenvalues``: the wired determinants from their closed form, a product of
  4 - 4 cos(pi a / R) cos(pi b / C) over half the eigenvalues (forest_proofs.py proves it),
  evaluated in big-integer fixed point and rounded;
* ``apex_by_dual``: the apex determinant as the spanning trees of the planar dual, the other
  colour's graph with a chord across each border point of this colour, counted by exact
  fraction-free (Bareiss) elimination on Python integers;
* ``apex_residue``: the same dual count modulo a 31-bit prime by numpy elimination, where
  Bareiss would take too long.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from functools import lru_cache

import numpy as np

RESIDUE_PRIMES = (2**31 - 1, 2**31 - 19)  # not among forests.py's (all below 2^22)


def _border(rows: int, cols: int, i: int, j: int) -> bool:
    return i in (0, rows) or j in (0, cols)


def enumerate_fillings(rows: int, cols: int) -> dict[str, int]:
    """By brute force over every filling: ``fillings`` (no loop), ``rule_misses_<k>`` (fillings
    where "colour k's diagonals form a forest whose every tree holds a border point" and "no
    loop" disagree), ``wired_<k>`` (legal fillings whose colour-k trees each hold one border
    point) and ``apex_<k>`` (the sum over legal fillings of the product of border points per
    colour-k tree)."""
    w = cols + 1
    n = (rows + 1) * w
    colour = [(p // w + p % w) % 2 for p in range(n)]
    border = [_border(rows, cols, p // w, p % w) for p in range(n)]
    back = [(r * w + c, (r + 1) * w + c + 1) for r in range(rows) for c in range(cols)]  # \
    fore = [(r * w + c + 1, (r + 1) * w + c) for r in range(rows) for c in range(cols)]  # /
    out = {"fillings": 0, **{f"{key}_{k}": 0 for key in ("rule_misses", "wired", "apex") for k in (0, 1)}}
    for choice in itertools.product((0, 1), repeat=rows * cols):
        parent = list(range(n))

        def root(x: int, parent: list[int] = parent) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        cycle = [False, False]
        for cell, slash in enumerate(choice):
            a, b = fore[cell] if slash else back[cell]
            ra, rb = root(a), root(b)
            if ra == rb:
                cycle[colour[a]] = True
            else:
                parent[ra] = rb
        on_border = [0] * n
        for p in range(n):
            on_border[root(p)] += border[p]
        legal = not cycle[0] and not cycle[1]
        out["fillings"] += legal
        for k in (0, 1):
            trees = [on_border[p] for p in range(n) if colour[p] == k and root(p) == p]
            rule = not cycle[k] and all(trees)
            out[f"rule_misses_{k}"] += rule != legal
            if legal:
                out[f"wired_{k}"] += all(t == 1 for t in trees)
                out[f"apex_{k}"] += math.prod(trees)
    return out


# ---------------------------------------------------------------- the wired closed form


def _arctan_inverse(x: int, one: int) -> int:
    """arctan(1/x) in fixed point (``one`` is 1.0)."""
    total, term, k, sign = 0, one // x, 1, 1
    while term:
        total += sign * (term // k)
        term //= x * x
        k += 2
        sign = -sign
    return total


@lru_cache(maxsize=4)
def _pi(bits: int) -> int:
    """pi in fixed point with ``bits`` fractional bits (Machin's formula)."""
    one = 1 << (bits + 16)
    return (16 * _arctan_inverse(5, one) - 4 * _arctan_inverse(239, one)) >> 16


def _cos_pi(num: int, den: int, bits: int) -> int:
    """cos(pi num / den) in fixed point with ``bits`` fractional bits (0 <= num <= den)."""
    if 2 * num > den:
        return -_cos_pi(den - num, den, bits)
    halvings = 32
    guard = bits + 2 * halvings + 32
    one = 1 << guard
    x = _pi(guard) * num // (den << halvings)
    x2 = x * x >> guard
    total, term, k = one, one, 0
    while term:
        k += 2
        term = -(term * x2 >> guard) // ((k - 1) * k)
        total += term
    for _ in range(halvings):
        total = 2 * (total * total >> guard) - one
    return total >> (guard - bits)


def _orbits(rows: int, cols: int) -> tuple[list[tuple[int, int]], bool]:
    """One (a, b) per pair {(a, b), (R - a, C - b)} of eigenvalue indices, and whether the
    pair's fixed point (R/2, C/2) exists."""
    fixed = rows % 2 == 0 and cols % 2 == 0
    reps = [(a, b) for a in range(1, rows) for b in range(1, cols) if (a, b) < (rows - a, cols - b)]
    return reps, fixed


def wired_by_eigenvalues(rows: int, cols: int) -> tuple[int, int]:
    """(wired_0, wired_1) from the eigenvalue product: each pair of eigenvalues gives one to
    each colour, the fixed point's 4 to colour 0."""
    reps, fixed = _orbits(rows, cols)
    if not reps:
        return (4 if fixed else 1), 1
    logs = [math.log2(4 - 4 * math.cos(math.pi * a / rows) * math.cos(math.pi * b / cols)) for a, b in reps]
    keep = math.ceil(sum(logs)) + math.ceil(math.log2(len(reps))) + 64  # mantissa bits of the product
    frac = keep + 16 + max(0, math.ceil(-min(logs)))  # fractional bits of each factor
    cos_a = {a: _cos_pi(a, rows, frac) for a in range(1, rows)}
    cos_b = {b: _cos_pi(b, cols, frac) for b in range(1, cols)}
    mant, exp = 1, 0  # the product is mant * 2^exp, mant kept to ``keep`` bits
    for a, b in reps:
        mant *= (4 << frac) - (4 * cos_a[a] * cos_b[b] >> frac)
        exp -= frac
        extra = mant.bit_length() - keep
        if extra > 0:
            mant >>= extra
            exp += extra
    shift = -exp
    value = (mant + (1 << (shift - 1))) >> shift
    off = abs(mant - (value << shift))
    if off >> (shift - 20):  # not within 2^-20 of an integer: the precision did not hold
        raise ArithmeticError(f"the {rows}x{cols} eigenvalue product is not near an integer")
    return (4 * value if fixed else value), value


# ---------------------------------------------------------------- the apex determinant by duality


def border_walk(rows: int, cols: int) -> list[tuple[int, int]]:
    """The border's 2(R + C) lattice points in order around the board."""
    top = [(0, j) for j in range(cols)]
    right = [(i, cols) for i in range(rows)]
    bottom = [(rows, j) for j in range(cols, 0, -1)]
    left = [(i, 0) for i in range(rows, 0, -1)]
    return top + right + bottom + left


def dual_edges(rows: int, cols: int, colour: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The dual of colour ``colour``'s graph with an apex on its border: the other colour's
    points and diagonals, and for each border point of ``colour`` a chord joining its two
    neighbours along the border."""
    other = 1 - colour
    nodes = [(i, j) for i in range(rows + 1) for j in range(cols + 1) if (i + j) % 2 == other]
    name = {p: k for k, p in enumerate(nodes)}
    edges = []
    for r, c in itertools.product(range(rows), range(cols)):
        a, b = ((r, c), (r + 1, c + 1)) if (r + c) % 2 == other else ((r, c + 1), (r + 1, c))
        edges.append((name[a], name[b]))
    walk = border_walk(rows, cols)
    for t, (i, j) in enumerate(walk):
        if (i + j) % 2 == colour:
            edges.append((name[walk[t - 1]], name[walk[(t + 1) % len(walk)]]))
    return nodes, edges


def _reduced_laplacian(size: int, edges: list[tuple[int, int]]) -> tuple[list[dict[int, int]], int]:
    """The Laplacian less its last row and column, as sparse rows, and its half-bandwidth."""
    rows: list[dict[int, int]] = [{} for _ in range(size - 1)]
    width = 0
    for a, b in edges:
        for x, y in ((a, b), (b, a)):
            if x < size - 1:
                rows[x][x] = rows[x].get(x, 0) + 1
                if y < size - 1:
                    rows[x][y] = rows[x].get(y, 0) - 1
                    width = max(width, abs(x - y))
    return rows, width


def bareiss(rows: list[dict[int, int]], width: int) -> int:
    """The exact determinant of a banded integer matrix with nonzero leading minors, by
    fraction-free elimination; a row below the band is untouched but for the factor that
    Bareiss's step applies to every row, brought in (the previous pivot) as it enters."""
    n = len(rows)
    if n == 0:
        return 1
    window: dict[int, dict[int, int]] = {}
    prev = 1
    for k in range(n):
        for i in range(k, min(n, k + width + 1)):
            if i not in window:
                window[i] = {j: v * prev for j, v in rows[i].items() if j >= k}
        pivot = window[k].get(k, 0)
        if pivot == 0:
            raise ArithmeticError("a leading minor is zero")
        top = window.pop(k)
        for i in range(k + 1, min(n, k + width + 1)):
            row = window[i]
            lead = row.pop(k, 0)
            for j in set(row) | {j for j in top if j > k}:
                row[j] = (pivot * row.get(j, 0) - lead * top.get(j, 0)) // prev
        prev = pivot
    return prev


def apex_by_dual(rows: int, cols: int, colour: int) -> int:
    """The apex determinant of colour ``colour``: the dual graph's spanning trees (Bareiss)."""
    nodes, edges = dual_edges(rows, cols, colour)
    matrix, width = _reduced_laplacian(len(nodes), edges)
    return bareiss(matrix, width)


def _window_det_mod(rows: list[dict[int, int]], width: int, p: int) -> int:
    """A symmetric banded determinant modulo p < 2^31 by numpy elimination on a sliding window."""
    n = len(rows)
    size = min(n, width + 1)
    win = np.zeros((size, size), dtype=np.int64)
    for i in range(size):
        for j, v in rows[i].items():
            if j < size:
                win[i, j] = v % p
    det = 1
    for k in range(n):
        pivot = int(win[0, 0])
        if pivot == 0:
            raise ArithmeticError("a pivot is zero modulo the prime")
        det = det * pivot % p
        factor = win[1:, 0] * pow(pivot, -1, p) % p
        rest = (win[1:, 1:] - factor[:, None] * win[0, 1:][None, :] % p) % p
        nxt = k + size
        if nxt < n:  # the next row and column enter the window
            new = np.zeros((size, size), dtype=np.int64)
            new[:-1, :-1] = rest
            for j, v in rows[nxt].items():
                if k < j <= nxt:  # the later ones enter with their own rows
                    new[-1, j - k - 1] = new[j - k - 1, -1] = v % p
            win = new
        else:
            win = rest
    return det


def apex_residue(rows: int, cols: int, colour: int, p: int) -> int:
    """The apex determinant modulo p, from the dual graph."""
    nodes, edges = dual_edges(rows, cols, colour)
    matrix, width = _reduced_laplacian(len(nodes), edges)
    return _window_det_mod(matrix, width, p)


def catalan(terms: int = 40) -> float:
    """Catalan's constant G: pi/8 ln(2 + sqrt 3) + 3/8 sum 1 / ((2k+1)^2 C(2k, k)) (fast)."""
    series = sum(1 / ((2 * k + 1) ** 2 * math.comb(2 * k, k)) for k in range(terms))
    return math.pi / 8 * math.log(2 + math.sqrt(3)) + 3 / 8 * series


def shapes(most_cells: int) -> Iterator[tuple[int, int]]:
    """Every R <= C board of at most ``most_cells`` cells."""
    return ((r, c) for r in range(1, most_cells + 1) for c in range(r, most_cells // r + 1))
