"""forests.py against a determinant computed here with fractions: the colour graphs' shape,
both matrices, the elimination modulo primes (a prime lost to a zero pivot included), the
values worked out by hand, and the weights a filling's trees can carry."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from pencilbox.puzzles.slant.studies import forests


def dense(matrix: np.ndarray) -> list[list[int]]:
    """The symmetric matrix of a band."""
    n, w1 = matrix.shape
    out = [[0] * n for _ in range(n)]
    for i in range(n):
        for t in range(w1):
            if i + t < n:
                out[i][i + t] = out[i + t][i] = int(matrix[i, t])
    return out


def fraction_det(rows: list[list[int]]) -> int:
    """Gaussian elimination on fractions, with row swaps."""
    a = [[Fraction(v) for v in row] for row in rows]
    n, det = len(a), Fraction(1)
    for k in range(n):
        pivot = next((i for i in range(k, n) if a[i][k]), None)
        if pivot is None:
            return 0
        if pivot != k:
            a[k], a[pivot] = a[pivot], a[k]
            det = -det
        det *= a[k][k]
        for i in range(k + 1, n):
            f = a[i][k] / a[k][k]
            a[i] = [x - f * y for x, y in zip(a[i], a[k], strict=True)]
    assert det.denominator == 1
    return int(det)


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 4), (2, 2), (2, 5), (3, 3), (4, 3), (5, 6)])
def test_each_colour_graph_has_one_edge_per_cell_and_half_the_border(rows: int, cols: int) -> None:
    total = 0
    for colour in (0, 1):
        g = forests.colour_graph(rows, cols, colour)
        assert len(g.edges) == rows * cols
        assert all((i + j) % 2 == colour for i, j in g.points)
        assert sum(g.border) == forests.border_points(rows, cols) == rows + cols
        for a, b in g.edges:  # a diagonal: one step each way
            (i, j), (k, m) = g.points[a], g.points[b]
            assert abs(i - k) == 1 and abs(j - m) == 1
        total += len(g.points)
    assert total == (rows + 1) * (cols + 1)


@pytest.mark.parametrize("rows,cols", [(1, 1), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (2, 7)])
def test_the_matrices_are_the_laplacians_and_their_determinants_exact(rows: int, cols: int) -> None:
    for colour in (0, 1):
        g = forests.colour_graph(rows, cols, colour)
        lap = [[0] * len(g.points) for _ in g.points]
        for a, b in g.edges:
            lap[a][a] += 1
            lap[b][b] += 1
            lap[a][b] -= 1
            lap[b][a] -= 1
        inner = [v for v in range(len(g.points)) if not g.border[v]]
        wired = [[lap[i][j] for j in inner] for i in inner]
        everyone = range(len(g.points))
        apex = [[lap[i][j] + (i == j and g.border[i]) for j in everyone] for i in everyone]
        assert dense(forests.band(g, "wired")) == wired
        assert dense(forests.band(g, "apex")) == apex
        assert forests.det(forests.band(g, "wired")) == (fraction_det(wired) if wired else 1)
        assert forests.det(forests.band(g, "apex")) == fraction_det(apex)


def test_the_values_worked_out_by_hand() -> None:
    """2x2: the star (wired 4, apex 2^4 (4 - 4/2) = 32) and the 4-cycle (wired 1, apex 1*3*3*5)."""
    assert forests.bounds(2, 2) == {"wired_0": 4, "apex_0": 32, "wired_1": 1, "apex_1": 45}
    assert forests.bounds(1, 1) == {"wired_0": 1, "apex_0": 3, "wired_1": 1, "apex_1": 3}
    assert forests.bounds(3, 7) == forests.bounds(7, 3)  # turning the board keeps each colour


def test_a_prime_lost_to_a_zero_pivot_is_replaced() -> None:
    p = forests.primes()[0]
    matrix = np.array([[float(p), 1.0], [3.0, 0.0]])  # diag(p, 3) with a 1 beside: det 3p - 1
    got, served = forests.det_mod(matrix, np.array([p, forests.primes()[1]], dtype=np.int64))
    assert not served[0] and served[1]
    assert forests.det(matrix) == 3 * p - 1


def test_crt_and_the_primes() -> None:
    ps = forests.primes()
    assert ps[0] < forests.PRIME_TOP and all(a > b for a, b in itertools.pairwise(ps[:50]))
    assert all(all(q % d for d in range(2, int(q**0.5) + 1)) for q in ps[:20])
    x, m = forests.crt([2, 3], [5, 7])
    assert (x, m) == (17, 35)


def test_bad_requests() -> None:
    with pytest.raises(ValueError, match="colour graph"):
        forests.colour_graph(0, 3, 0)
    with pytest.raises(ValueError, match="kind"):
        forests.band(forests.colour_graph(2, 2, 0), "free")


def test_the_largest_weight_of_a_split_border() -> None:
    def brute(total: int) -> int:
        best = 0
        for k in range(1, total + 1):
            for parts in itertools.product(range(1, total + 1), repeat=k):
                if sum(parts) == total:
                    best = max(best, int(np.prod(parts)))
        return best
    assert [forests.max_product(s) for s in range(1, 9)] == [brute(s) for s in range(1, 9)]
    assert forests.max_product(30) == 3**10 and forests.max_product(31) == 4 * 3**9
