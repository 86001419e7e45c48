"""forest_proofs.py: each statement carries the study's numbers, and the integrals behind the
growth constant come out as the proof says."""

from __future__ import annotations

import math

from pencilbox.puzzles.slant.studies import forest_checks as fc
from pencilbox.puzzles.slant.studies import forest_proofs as fp
from pencilbox.puzzles.slant.studies import forests


def _sizes(most: int) -> dict[tuple[int, int], dict[str, object]]:
    return {(n, n): {**forests.bounds(n, n), "eigen": True} for n in range(1, most + 1)}


def test_the_statements_carry_the_numbers() -> None:
    sizes = _sizes(4)
    brute = {(2, 2): fc.enumerate_fillings(2, 2)}
    said = fp.statements({"brute_cells": 4, "square": 4}, sizes, {(2, 2): 15, (3, 3): 384}, brute, 2, 0.7)
    assert list(said) == ["bijection", "not_kirchhoff", "bounds", "wired_product", "growth"]
    assert "they disagree 0 times" in said["bijection"]["value"]["checked"]
    claim = said["not_kirchhoff"]["value"]["claim"]
    assert "wired determinants are 4 and 1, the legal fillings 15" in claim
    assert "2 inside" in said["bounds"]["value"]["checked"] and "0.7 <" in said["bounds"]["value"]["checked"]
    assert "on 4 of the 4 boards" in said["wired_product"]["value"]["checked"]
    assert "0.8412669 bits per cell" in said["growth"]["value"]["claim"]
    assert "settling on a constant" in said["growth"]["value"]["checked"]
    for fig in said.values():
        assert fig["kind"] == "proof" and "  " not in fig["value"]["claim"]


def test_the_integral_and_the_expansion_behind_the_growth_constant() -> None:
    assert math.isclose(fp.sine_integral(20_000), 4 * fc.catalan(), abs_tol=1e-8)
    left = [fp.remainder(forests.bounds(n, n), n) for n in (10, 20, 40)]
    assert abs(left[1] - left[0]) < 2e-3 and abs(left[2] - left[1]) < 5e-4  # an O(1) that settles


def test_the_chebyshev_product_of_one_row_of_eigenvalues() -> None:
    """The closed form of the proof's second paragraph, for a few angles and lengths."""
    for cols in (3, 4, 7, 10):
        for theta in (0.3, 1.2, math.pi / 2, 2.5):
            row = math.prod(4 - 4 * math.cos(theta) * math.cos(math.pi * b / cols) for b in range(1, cols))
            c = abs(math.cos(theta))
            tail = 1 - math.exp(-2 * cols * math.acosh(1 / c)) if c > 1e-12 else 1.0
            assert math.isclose(row, (2 + 2 * math.sin(theta)) ** cols * tail / (4 * math.sin(theta)),
                                rel_tol=1e-12)
