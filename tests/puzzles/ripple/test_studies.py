"""The Ripple Effect studies with their quick parameters: every check holds, the figures
carry the right kinds and known values, and a rerun regenerates them bit for bit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pencilbox import bank
from pencilbox.core import engine
from pencilbox.puzzles.ripple import PUZZLE
from pencilbox.puzzles.ripple import studies as rs
from pencilbox.studies import studies_of
from pencilbox.studies.runner import run_study
from tests.studies.quick import quick_entries, records

STUDIES = {s.name: s for s in studies_of("ripple")}
entries = quick_entries("ripple")


def test_one_study_per_spec_item() -> None:
    assert [s.number for s in studies_of("ripple")] == [1, 2, 3, 4, 5, 6]
    assert len(STUDIES) == 6


def test_full_parameters_are_the_spec_sizes() -> None:
    assert STUDIES["reach"].full["sizes"] == [6, 8, 10]
    assert STUDIES["reach"].full["values"] == [1, 2, 3, 4, 5]
    assert STUDIES["prefilter"].full["trials"] == 5
    assert STUDIES["rule_reach"].full["sizes"] == [6, 8]
    assert STUDIES["ablation"].full == {"size": 6, "boards": 30}
    assert STUDIES["bank_grades"].full["per_bucket"] is None  # the whole bank


@pytest.mark.parametrize("name", list(STUDIES))
def test_checks_hold(entries: dict[str, dict[str, Any]], name: str) -> None:
    assert entries[name]["broken"] == []


def test_reach_known_values(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["reach"]
    assert e["figures"]["reach"]["kind"] == e["figures"]["capacity"]["kind"] == "exact"
    assert e["figures"]["demand"]["kind"] == "sample"
    for n in STUDIES["reach"].quick["sizes"]:
        for row in records(e, "reach"):
            v = row["v"]
            closed = sum(min(v, c) + min(v, n - 1 - c) + min(v, r) + min(v, n - 1 - r)
                         for r in range(n) for c in range(n)) / (n * n)
            assert row[f"{n}x{n}"] == pytest.approx(closed, rel=1e-3)
        capacity = {row["v"]: row for row in records(e, "capacity")}
        assert capacity[1][f"most {n}x{n}"] == n * n // 2  # a checkerboard of 1s
        assert all(row[f"most {n}x{n}"] <= row[f"bound {n}x{n}"] for row in capacity.values())
    for row in records(e, "cross_checks"):
        assert row["reach by the rule"] == row["reach by the ripple rung"]
        assert row["most by MaxSAT"] == row["most by row DP"]


def test_capacity_engines_agree_off_square() -> None:
    for rows_, cols, v in ((3, 5, 1), (4, 7, 2), (5, 4, 3)):
        most, valid = rs._most_by_maxsat(rows_, cols, v)
        assert valid and most == rs._most_by_rows(rows_, cols, v) <= rs._capacity_bound(rows_, cols, v)


def test_mortality_shares(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["mortality"]
    fig = e["figures"]["mortality"]
    assert fig["kind"] == "sample" and fig["n"] == STUDIES["mortality"].quick["partitions"]
    for row in records(e, "mortality"):
        assert row["drawn"] == fig["n"]
        for reason in rs.REASONS:
            assert 0 <= row[reason] <= row["any test"] <= row["dead"] <= 1
    for row in records(e, "cross_checks"):
        assert row["cheap dead but live"] == row["solver vs SAT disagree"] == 0


def test_prefilter_is_a_timing(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["prefilter"]
    assert e["figures"]["prefilter"]["kind"] == "timing"
    target = STUDIES["prefilter"].quick["live"]
    for row in records(e, "prefilter"):
        assert row["live"] == target <= row["drawn"]
        assert row["solver only s"] > 0 and row["looks_dead first s"] > 0


def test_rule_reach_grows_with_the_level(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["rule_reach"]
    table = records(e, "rule_reach")
    assert [row["level"] for row in table] == list(engine.levels(PUZZLE))
    for n in STUDIES["rule_reach"].quick["sizes"]:
        col = f"eliminated {n}x{n}"
        assert all(a[col] <= b[col] for a, b in zip(table, table[1:], strict=False))
        unique = next(row["unique (SAT)"] for row in records(e, "boards") if row["size"] == f"{n}x{n}")
        assert table[-1][f"finished {n}x{n}"] <= unique


def test_ablation(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["ablation"]
    table = {row["dropped"]: row for row in records(e, "ablation")}
    m = STUDIES["ablation"].quick["boards"]
    assert list(table) == ["none", *engine.levels(PUZZLE)]
    assert table["none"]["finished"] == m and table["none"]["eliminated"] == 1.0
    assert all(row["answer lost"] == 0 and row["finished"] + row["need it"] == m for row in table.values())
    assert all(row["sat"] == row["brute"] == 1 for row in records(e, "engines"))


def test_bank_grades(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["bank_grades"]
    sizes = STUDIES["bank_grades"].quick["sizes"]
    labels = records(e, "grades")
    for n in sizes:
        shipped = [rec["grade"] for rec in bank.load("ripple") if rec["rows"] == n]
        assert labels[-1][f"{n}x{n}"] == len(shipped)
        assert {row["grade"]: row[f"{n}x{n}"] for row in labels[:-1]} == \
            {g: shipped.count(g) for g in set(shipped)}
    for row in records(e, "walk"):
        assert row["givens kept"] <= row["givens added"] and 0 <= row["removed (mean)"] <= 1


def test_figures_regenerate_bit_for_bit(tmp_path: Path, entries: dict[str, dict[str, Any]]) -> None:
    again = run_study("ripple", STUDIES["mortality"], quick=True, seed=0, workers=2, state=tmp_path)
    assert again["figures"] == entries["mortality"]["figures"]
    other = run_study("ripple", STUDIES["rule_reach"], quick=True, seed=1, state=tmp_path)
    assert other["figures"] != entries["rule_reach"]["figures"]  # the seed matters
