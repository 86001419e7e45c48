"""forest_checks.py, the second computations of study 9, against forests.py and against
values worked out here: the enumeration of every filling, the eigenvalue product, Bareiss on
the planar dual and its residues, the fixed-point cosine, the border walk and Catalan's G."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from pencilbox.puzzles.slant.studies import forest_checks as fc
from pencilbox.puzzles.slant.studies import forests
from pencilbox.puzzles.slant.studies.transfer import blank_count


@pytest.mark.parametrize("rows,cols", list(fc.shapes(10)))
def test_the_enumeration_agrees_with_the_determinants_and_the_transfer_matrix(rows: int, cols: int) -> None:
    got = fc.enumerate_fillings(rows, cols)
    assert got["fillings"] == blank_count(rows, cols)
    assert got["rule_misses_0"] == got["rule_misses_1"] == 0  # the bijection
    assert {k: got[k] for k in ("wired_0", "apex_0", "wired_1", "apex_1")} == forests.bounds(rows, cols)


def test_the_enumeration_counts_the_seed_anchor() -> None:
    got = fc.enumerate_fillings(2, 2)
    assert got == {"fillings": 15, "rule_misses_0": 0, "rule_misses_1": 0, "wired_0": 4, "wired_1": 1,
                   "apex_0": 32, "apex_1": 45}


@pytest.mark.parametrize("rows,cols", [(1, 5), (2, 2), (2, 3), (3, 3), (4, 4), (4, 6), (5, 7), (8, 8),
                                       (9, 12)])
def test_the_eigenvalue_product_is_the_wired_determinants(rows: int, cols: int) -> None:
    b = forests.bounds(rows, cols)
    assert fc.wired_by_eigenvalues(rows, cols) == (b["wired_0"], b["wired_1"])
    assert b["wired_0"] == b["wired_1"] * (4 if rows % 2 == cols % 2 == 0 else 1)


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 6), (2, 2), (3, 5), (4, 4), (6, 7)])
def test_the_planar_dual_counts_the_apex_determinants(rows: int, cols: int) -> None:
    b = forests.bounds(rows, cols)
    for k in (0, 1):
        assert fc.apex_by_dual(rows, cols, k) == b[f"apex_{k}"]
        for q in fc.RESIDUE_PRIMES:
            assert fc.apex_residue(rows, cols, k, q) == b[f"apex_{k}"] % q


def test_bareiss_is_exact_on_a_banded_matrix() -> None:
    """A tridiagonal matrix with growing entries against fractions."""
    n = 12
    full = [[(i + 3) * (i == j) - (abs(i - j) == 1) * (i + j) for j in range(n)] for i in range(n)]
    want = Fraction(1)
    a = [[Fraction(v) for v in row] for row in full]
    for k in range(n):
        want *= a[k][k]
        for i in range(k + 1, n):
            f = a[i][k] / a[k][k]
            a[i] = [x - f * y for x, y in zip(a[i], a[k], strict=True)]
    sparse = [{j: v for j, v in enumerate(row) if v} for row in full]
    assert fc.bareiss(sparse, 1) == want
    assert fc.bareiss([], 0) == 1


def test_the_fixed_point_cosine() -> None:
    bits = 200
    for num, den in ((1, 3), (1, 7), (5, 12), (2, 3), (7, 9), (1, 2), (0, 5), (4, 4)):
        got = fc._cos_pi(num, den, bits) / 2**bits
        assert math.isclose(got, math.cos(math.pi * num / den), abs_tol=1e-15)
    assert abs(fc._cos_pi(1, 3, 300) - (1 << 299)) <= 2  # cos(pi/3) = 1/2 to the last bit or two


def test_the_border_walk_alternates_colours() -> None:
    for rows, cols in ((1, 1), (2, 5), (4, 3)):
        walk = fc.border_walk(rows, cols)
        assert len(walk) == len(set(walk)) == 2 * (rows + cols)
        for a, b in zip(walk, walk[1:] + walk[:1], strict=True):
            assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def test_catalan_and_the_shapes() -> None:
    assert math.isclose(fc.catalan(), 0.915965594177219015, rel_tol=1e-15)
    assert list(fc.shapes(4)) == [(1, 1), (1, 2), (1, 3), (1, 4), (2, 2)]
