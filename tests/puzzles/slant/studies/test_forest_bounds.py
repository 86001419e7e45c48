"""Study 9 (forest_bounds.py) on its quick parameters: every figure there, the bounds around
the transfer matrix's counts, the checks catching broken figures, the fits and the bounds of
one board."""

from __future__ import annotations

import copy
import math
from pathlib import Path
from typing import Any

import pytest

from pencilbox.puzzles.slant.studies import STUDIES, forest_bounds
from pencilbox.studies.runner import run_study

QUICK = forest_bounds.QUICK


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    study = next(s for s in STUDIES if s.name == forest_bounds.NAME)
    entry = run_study("slant", study, quick=True, seed=0, state=tmp_path_factory.mktemp("state"))
    assert entry["broken"] == []
    return entry["figures"]


def test_the_figures_and_their_order(figures: dict[str, Any]) -> None:
    assert list(figures) == ["bijection", "enumerated", "not_kirchhoff", "bounds", "sandwich",
                             "wired_product", "rectangles", "growth", "squares", "fits", "checks", "values",
                             "timing"]
    proofs = [f for f in figures.values() if f["kind"] == "proof"]
    assert len(proofs) == 5 and all(f["value"]["claim"] and f["value"]["proof"] for f in proofs)
    assert "Kenyon" in figures["not_kirchhoff"]["note"]  # the open question stands on the page


def test_every_count_lies_inside_its_bounds(figures: dict[str, Any]) -> None:
    rows = figures["sandwich"]["value"]["rows"]
    side, square = QUICK["transfer_sides"], QUICK["transfer_square"]
    assert len(rows) == side * (side + 1) // 2 + (square - side)
    assert all(r[1] <= r[3] <= r[4] and r[5] for r in rows)
    two = next(r for r in rows if r[0] == "2×2")
    assert two[3] == 15 and two[4] == 32  # the seed's anchor under the star's apex determinant


def test_the_values_and_their_checks(figures: dict[str, Any]) -> None:
    values = figures["values"]["value"]["rows"]
    assert values[1] == [2, "4", "1", "32", "45"]
    assert len(values) == QUICK["square"]
    checks = figures["checks"]["value"]["rows"]
    assert all(r[3] == 0 for r in checks) and all(r[2] > 0 for r in checks)
    assert len(figures["rectangles"]["value"]["rows"]) == QUICK["sides"] * (QUICK["sides"] + 1) // 2


def test_checks_catch_broken_figures(figures: dict[str, Any]) -> None:
    assert forest_bounds.check(QUICK, figures) == []
    bad = copy.deepcopy(figures)
    bad["sandwich"]["value"]["rows"][1][5] = False
    assert forest_bounds.check(QUICK, bad) == ["2×2: 15 fillings outside [8, 32]"]
    bad = copy.deepcopy(figures)
    bad["values"]["value"]["rows"][1][4] = "44"
    assert forest_bounds.check(QUICK, bad) == ["2×2: determinants ['4', '1', '32', '44'], by hand "
                                               "['4', '1', '32', '45']"]
    bad = copy.deepcopy(figures)
    bad["enumerated"]["value"]["rows"][0][2] = 1
    assert forest_bounds.check(QUICK, bad) == ["1×1: the forest rule and the loop test disagree 1 times"]
    bad = copy.deepcopy(figures)
    bad["rectangles"]["value"]["rows"][0][4] = 1.2
    assert forest_bounds.check(QUICK, bad) == ["1×1: ln(apex/wired) per border point 1.2 exceeds ln 3"]
    bad = copy.deepcopy(figures)
    bad["checks"]["value"]["rows"][0][3] = 2
    assert len(forest_bounds.check(QUICK, bad)) == 1


def test_the_bounds_of_one_board() -> None:
    rec = {"rows": 2, "cols": 2, "wired_0": 4, "wired_1": 1, "apex_0": 32, "apex_1": 45}
    assert forest_bounds.lower(rec) == (8, "apex / weight")  # 32 over the weight 2 * 2 of four border points
    assert forest_bounds.upper(rec) == 32
    rec = {"rows": 1, "cols": 1, "wired_0": 5, "wired_1": 1, "apex_0": 6, "apex_1": 9}
    assert forest_bounds.lower(rec) == (5, "wired")


def test_the_fit_recovers_a_known_curve() -> None:
    ns = list(range(5, 40))
    ys = [forest_bounds.LIMIT_BITS + 0.5 / n + 0.25 * math.log(n) / n**2 - 1 / n**2 for n in ns]
    free = forest_bounds._fit(ns, ys, False, False)
    fixed = forest_bounds._fit(ns, ys, True, False)
    assert math.isclose(free["a"], forest_bounds.LIMIT_BITS, abs_tol=1e-9)
    assert math.isclose(fixed["b"], 0.5, abs_tol=1e-9) and fixed["residual"] < 1e-12
    wobbly = [y + (-1) ** n * 0.3 / n**2 + math.cos(2 * math.pi * n / 3) / n**2
              for n, y in zip(ns, ys, strict=True)]
    again = forest_bounds._fit(ns, wobbly, True, True)
    assert math.isclose(again["b"], 0.5, abs_tol=1e-9) and again["residual"] < 1e-12
    assert forest_bounds._fit(ns, wobbly, True, False)["residual"] > 1e-4  # the plain model cannot


def test_the_plan_covers_every_size() -> None:
    jobs = forest_bounds.plan(QUICK, 0)
    assert [j for j in jobs if j[0] == "sides"] == [("sides", r) for r in range(1, QUICK["sides"] + 1)]
    squares = [j[1] for j in jobs if j[0] == "square"]
    assert squares == list(range(QUICK["sides"] + 1, QUICK["square"] + 1))
    full = forest_bounds.FULL
    assert (full["sides"], full["square"], full["transfer_square"]) == (40, 100, 22)


def test_work_on_one_board(tmp_path: Path) -> None:
    got = forest_bounds.work(QUICK, 0, "square", 6)
    assert got["eigen"] and got["bareiss"] and got["residue"] and len(got["s"]) == len(got["cpu"]) == 4
    far = forest_bounds.work({**QUICK, "bareiss_square": 5}, 0, "square", 6)
    assert far["bareiss"] is None and forest_bounds.confirmed(far)
    small = forest_bounds.work(QUICK, 0, "brute", 2, 2)
    assert small["fillings"] == 15 and small["det"]["apex_1"] == 45 and small["cpu"] >= 0
    assert forest_bounds.work(QUICK, 0, "transfer", 3)["count"] == 384
