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
    for fig in said.values():
        assert fig["kind"] == "proof" and "  " not in fig["value"]["claim"]


def test_the_integrals_behind_the_growth_constant() -> None:
    four_g_over_pi = 4 * fc.catalan() / math.pi
    assert math.isclose(fp.torus_mean(400), four_g_over_pi, abs_tol=1e-5)
    gaps = [fp.riemann_mean(n) - four_g_over_pi for n in (10, 20, 40)]
    assert gaps[0] > gaps[1] > gaps[2] > 0  # the Riemann sum comes down on it like 1/n
    assert 1.6 < gaps[0] / gaps[1] < 2.4 and 1.6 < gaps[1] / gaps[2] < 2.4
