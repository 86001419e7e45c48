"""The Slant studies with their quick parameters: no broken property, the spec's sizes in
the full parameters, the anchor and tree counts, and bit-for-bit regeneration."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from pencilbox.puzzles.slant import studies as ss
from pencilbox.studies import Study, studies_of
from pencilbox.studies.runner import run_study
from tests.studies.quick import quick_entries, rows

BY_NAME = {s.name: s for s in ss.STUDIES}
entries = quick_entries("slant")


def test_one_study_per_spec_item() -> None:
    assert [s.number for s in studies_of("slant")] == [1, 2, 3, 4, 5, 6]
    assert list(BY_NAME) == ["incremental", "ablation", "density_sweep", "clue_values", "branchings", "trees"]


def test_full_parameters_are_the_specs() -> None:
    one, two, sweep = BY_NAME["incremental"].full, BY_NAME["ablation"].full, BY_NAME["density_sweep"].full
    assert one["sizes"] == [[5, 5], [7, 7], [10, 10]] and one["boards"] == 300 and one["density"] == 0.75
    same = ("sizes", "boards", "density")
    assert {k: two[k] for k in same} == {k: one[k] for k in same}
    assert sweep["size"] == [10, 10] and sweep["boards"] == 150
    assert ss.densities(sweep) == [0.55, 0.59, 0.63, 0.67, 0.71, 0.75, 0.79, 0.83, 0.87, 0.91, 0.95]
    assert BY_NAME["clue_values"].full["size"] == [10, 10]
    assert BY_NAME["branchings"].full["size"] == [10, 10] and BY_NAME["branchings"].full["boards"] == 100
    trees = BY_NAME["trees"].full
    assert trees["min_boards"] == 1500
    assert len(trees["raw_sizes"]) * trees["raw"] + len(trees["graded_sizes"]) * 4 * trees["graded"] >= 1500


def test_nothing_broken(entries: dict[str, dict[str, Any]]) -> None:
    assert {name: e["broken"] for name, e in entries.items()} == {name: [] for name in entries}


def test_raw_stream_shared_by_studies() -> None:
    """Study 2 ablates the very boards of study 1: board k depends on size, density and k."""
    a = ss.raw_board(0, 7, 7, 0.75, 3)
    assert a == ss.raw_board(0, 7, 7, 0.75, 3)
    assert a != ss.raw_board(0, 7, 7, 0.75, 4) and a != ss.raw_board(1, 7, 7, 0.75, 3)


def test_incremental(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["incremental"]
    assert {f["kind"] for f in e["figures"].values()} == {"sample"}
    assert e["figures"]["finished"]["n"] == BY_NAME["incremental"].quick["boards"]
    for row in rows(e, "finished"):
        assert row[1:] == sorted(row[1:])  # count <= cycle <= duet <= probe <= unique
    verdicts: dict[str, set[tuple[int, ...]]] = {}
    for size, _, *counts in rows(e, "engines"):
        verdicts.setdefault(size, set()).add(tuple(counts))
    assert all(len(v) == 1 for v in verdicts.values())  # ladder, brute and SAT agree
    assert [r[0] for r in rows(e, "engines")].count("10x10") == 3


def test_ablation(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["ablation"]
    assert rows(e, "finished")[0][0] == "5x5"
    for row in rows(e, "finished"):
        assert all(v <= row[1] for v in row[2:])
    # the full ladder of study 2 is the probe level of study 1, board for board
    probe = {r[0]: r[4] for r in rows(entries["incremental"], "finished")}
    assert {r[0]: r[1] for r in rows(e, "finished")} == probe
    assert ss.ablation_names("-cycle") == ("count", "duet", "probe")


def test_density_sweep(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["density_sweep"]
    sweep = rows(e, "sweep")
    assert [r[0] for r in sweep] == ss.densities(BY_NAME["density_sweep"].quick)
    assert all(r[1] >= r[2] >= r[5] for r in sweep)  # unique >= probe >= count
    assert sweep[0][-1] < sweep[-1][-1]  # more clues at higher density
    assert e["figures"]["sweep"]["plot"]["y"] == ["unique", "probe", "count"]


def test_clue_values(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["clue_values"]
    values = rows(e, "clue_values")
    assert [r[0] for r in values] == [0, 1, 2, 3, 4]
    per_board = e["figures"]["clues_per_board"]
    assert abs(sum(r[1] for r in values) / per_board["n"] - per_board["value"]) < 0.01
    assert abs(sum(r[2] for r in values) - 1) < 1e-3
    assert values[0][5] == 0  # an interior 0 would be the diamond loop
    assert e["figures"]["diagonal_ends_per_board"]["value"] == 200


def test_branchings(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["branchings"]
    assert e["figures"]["anchor_2x2"]["kind"] == "exact"
    assert dict(rows(e, "anchor_2x2")) == {e: 15 for e in (*ss.LEVELS, "brute", "sat")}
    table = rows(e, "branchings")
    assert [r[0] for r in table] == list(ss.LEVELS)
    assert all(r[-1] == 0 for r in table)  # nothing capped at quick sizes
    assert ss.median_cell([(3, False), (1, False), (9, True)]) == 3
    assert ss.median_cell([(3, False), (1, True), (9, True)]) == {"at_least": 3}


def test_trees(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["trees"]
    table = rows(e, "trees")
    assert {(r[1], r[2]) for r in table} == {("5x5", 11), ("7x7", 15), ("10x10", 21), ("6x9", 16)}
    assert all(r[3] == r[4] == r[5] and r[6] == r[7] == r[2] for r in table)
    assert e["figures"]["boards"]["value"] == sum(r[3] for r in table)
    assert {r[0] for r in table} == {"raw", "graded"}


def regenerate(study: Study, state: Path, workers: int) -> dict[str, Any]:
    return run_study("slant", study, quick=True, seed=3, workers=workers, state=state)["figures"]


def test_regenerates_bit_for_bit(tmp_path: Path) -> None:
    study = BY_NAME["incremental"]
    first = regenerate(study, tmp_path / "a", 1)
    assert regenerate(study, tmp_path / "b", 1) == first
    assert regenerate(study, tmp_path / "c", 2) == first  # any number of workers, any job order


def test_checks_catch_broken_figures(entries: dict[str, dict[str, Any]]) -> None:
    """A check names what breaks: a wrong anchor, a board short of R + C + 1 trees, engines at odds."""
    five = copy.deepcopy(entries["branchings"]["figures"])
    five["anchor_2x2"]["value"]["rows"][4][1] = 16
    assert ss.check_branchings(BY_NAME["branchings"].quick, five) == [
        "brute counts 16 fillings of the clueless 2x2 board, not 15"]
    six = copy.deepcopy(entries["trees"]["figures"])
    six["trees"]["value"]["rows"][0][4] -= 1
    assert len(ss.check_trees(BY_NAME["trees"].quick, six)) == 1
    one = copy.deepcopy(entries["incremental"]["figures"])
    one["soundness"]["value"]["rows"][2][-1] = 1
    broken = ss.check_incremental(BY_NAME["incremental"].quick, one)
    assert broken == ["10x10: 1 boards with engines disagree"]
