"""The Slant studies beyond what every folder's are held to (tests/registry/test_studies.py:
nothing broken, each seed table reproduced, regenerated bit for bit): the seed's protocols in the
full parameters, every row of the seed's tables, the anchor and tree counts, the checks."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from pencilbox.puzzles.slant import studies as ss
from pencilbox.puzzles.slant.studies import ablation, branchings, common, density_sweep, incremental, trees
from pencilbox.studies import Study, cell_value, compare, studies_of
from pencilbox.studies.runner import run_study
from tests.studies.quick import quick_entries, rows

BY_NAME = {s.name: s for s in ss.STUDIES}
entries = quick_entries("slant")


def values(row: list[Any]) -> list[Any]:
    return [cell_value(c) for c in row]


def test_one_study_per_spec_item() -> None:
    assert [s.number for s in studies_of("slant")] == [1, 2, 3, 4, 5, 6, 7, 8, 9]  # 7-9: past the seed
    assert list(BY_NAME) == ["incremental", "ablation", "density_sweep", "clue_values", "branchings", "trees",
                             "blank_fillings", "bank_buckets", "forest_bounds"]


def test_full_parameters_are_the_seeds() -> None:
    one, two, sweep = BY_NAME["incremental"].full, BY_NAME["ablation"].full, BY_NAME["density_sweep"].full
    assert one["sizes"] == [[5, 5], [7, 7], [10, 10]] and one["boards"] == 300 and one["density"] == 0.75
    same = ("sizes", "boards", "density")
    assert {k: two[k] for k in same} == {k: one[k] for k in same}
    assert sweep["size"] == [10, 10] and sweep["boards"] == 150
    assert BY_NAME["clue_values"].full["size"] == [10, 10]
    assert BY_NAME["branchings"].full["size"] == [10, 10] and BY_NAME["branchings"].full["boards"] == 100
    six = BY_NAME["trees"].full
    assert six["boards"] == 1500
    assert len(six["raw_sizes"]) * six["raw"] + len(six["graded_sizes"]) * 4 * six["graded"] == 1500


def test_density_sweep_has_the_seeds_eleven_points() -> None:
    """The seed prints 0.55, 0.65, 0.75, 0.85, 0.95 of eleven points (0.65 and 0.85 were missing)."""
    points = BY_NAME["density_sweep"].full["densities"]
    assert len(points) == 11 and {0.55, 0.65, 0.75, 0.85, 0.95} <= set(points)
    assert points == [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0]
    assert [str(d) for d in points][1::2] == ["0.55", "0.65", "0.75", "0.85", "0.95"]  # the seed's row labels


def test_every_seed_table_is_reproduced(entries: dict[str, dict[str, Any]]) -> None:
    found = compare.figures_by_seed({"studies": entries})
    tables = compare.load("slant")["tables"]
    assert {t["id"] for t in tables} <= set(found)
    for t in tables:
        fig = found[t["id"]][2]["value"]
        assert set(t["columns"]) <= set(fig["columns"][1:]), t["id"]
        ours = {str(r[0]) for r in fig["rows"]}
        missing = {r["row"] for r in t["rows"]} - ours
        if t["id"] != "density_sweep":  # the quick sweep has three of the points
            assert not missing, (t["id"], missing)


def test_figures_say_what_they_show(entries: dict[str, dict[str, Any]]) -> None:
    figs = [f for e in entries.values() for f in e["figures"].values()
            if isinstance(f["value"], dict) and f["kind"] != "proof"]  # a proof is a statement, not a table
    assert all(f.get("lead") for f in figs)
    assert 2 <= sum(bool(f.get("headline")) for e in entries.values() for f in e["figures"].values()) <= 4
    assert all(len(f["value"]["columns"]) <= 8 for f in figs)


def test_raw_stream_shared_by_studies() -> None:
    """Study 2 ablates the very boards of study 1: board k depends on size, density and k."""
    a = common.raw_board(0, 7, 7, 0.75, 3)
    assert a == common.raw_board(0, 7, 7, 0.75, 3)
    assert a != common.raw_board(0, 7, 7, 0.75, 4) and a != common.raw_board(1, 7, 7, 0.75, 3)


def test_incremental(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["incremental"]
    assert {f["kind"] for f in e["figures"].values()} == {"sample"}
    assert e["figures"]["finished"]["n"] == BY_NAME["incremental"].quick["boards"]
    for row in rows(e, "finished"):
        assert values(row[1:]) == sorted(values(row[1:]))  # count <= +cycle <= +duet <= +probe <= unique
        assert row[4]["n"] == BY_NAME["incremental"].quick["boards"]
    verdicts: dict[str, set[tuple[int, ...]]] = {}
    for size, _, *counts in rows(e, "engines"):
        verdicts.setdefault(size, set()).add(tuple(counts))
    assert all(len(v) == 1 for v in verdicts.values())  # ladder, brute and SAT agree
    assert [r[0] for r in rows(e, "engines")].count("10×10") == 3


def test_gains_are_the_steps_between_levels(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["incremental"]
    for shares, gains in zip(rows(e, "finished"), rows(e, "gains"), strict=True):
        steps = [100 * (b - a) for a, b in zip(values(shares[1:4]), values(shares[2:5]), strict=True)]
        assert [round(g, 1) for g in values(gains[1:])] == [round(s, 1) for s in steps]


def test_ablation(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["ablation"]
    assert rows(e, "finished")[0][0] == "5×5"
    for row in rows(e, "finished"):
        assert all(v <= cell_value(row[1]) for v in values(row[2:]))
    # the full ladder of study 2 is the probe level of study 1, board for board
    probe = {r[0]: r[4] for r in rows(entries["incremental"], "finished")}
    assert {r[0]: r[1] for r in rows(e, "finished")} == probe
    assert ablation.ablation_names("−cycle") == ("count", "duet", "probe")
    for shares, losses in zip(rows(e, "finished"), rows(e, "losses"), strict=True):
        drops = [100 * (values(shares)[1] - v) for v in values(shares[2:])]
        assert [round(x, 1) for x in values(losses[1:])] == [round(d, 1) for d in drops]


def test_density_sweep(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["density_sweep"]
    sweep = rows(e, "sweep")
    assert [r[0] for r in sweep] == BY_NAME["density_sweep"].quick["densities"]
    # unique >= probe >= count
    assert all(cell_value(r[1]) >= cell_value(r[2]) >= cell_value(r[5]) for r in sweep)
    assert sweep[0][-1] < sweep[-1][-1]  # more clues at higher density
    assert e["figures"]["sweep"]["plot"]["y"] == ["unique", "probe", "count"]
    assert rows(e, "ceiling") == [["density points", len(sweep)]]


def test_clue_values(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["clue_values"]
    table = rows(e, "clue_values")
    assert [r[0] for r in table] == [0, 1, 2, 3, 4]
    per_board = e["figures"]["clues_per_board"]
    assert abs(sum(r[1] for r in table) / per_board["n"] - per_board["value"]) < 0.01
    assert abs(sum(cell_value(r[2]) for r in table) - 1) < 1e-3
    assert table[0][5] == 0  # an interior 0 would be the diamond loop
    assert e["figures"]["diagonal_ends_per_board"]["value"] == 200


def test_branchings(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["branchings"]
    assert e["figures"]["anchor_2x2"]["kind"] == "exact"
    assert dict(rows(e, "anchor_2x2")) == {e: 15 for e in (*common.LEVELS, "brute", "sat")}
    table = rows(e, "branchings")
    assert [r[0] for r in table] == list(common.LEVELS)
    assert all(r[-1] == 0 for r in table)  # nothing capped at quick sizes


def test_trees(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["trees"]
    table = rows(e, "trees")
    assert {(r[1], r[2]) for r in table} == {("5×5", 11), ("7×7", 15), ("10×10", 21), ("6×9", 16)}
    assert all(r[3] == r[4] == r[5] and r[6] == r[7] == r[2] for r in table)
    assert rows(e, "summary") == [["generated boards", sum(r[3] for r in table), 0]]
    assert {r[0] for r in table} == {"raw", "graded"}


def regenerate(study: Study, state: Path, workers: int) -> dict[str, Any]:
    return run_study("slant", study, quick=True, seed=3, workers=workers, state=state)["figures"]


def test_regenerates_bit_for_bit(tmp_path: Path) -> None:
    study = BY_NAME["incremental"]
    first = regenerate(study, tmp_path / "a", 1)
    assert regenerate(study, tmp_path / "b", 1) == first
    assert regenerate(study, tmp_path / "c", 2) == first  # any number of workers, any job order


def test_checks_catch_broken_figures(entries: dict[str, dict[str, Any]]) -> None:
    """A check names what breaks: a wrong anchor, a board short of R + C + 1 trees, engines at
    odds, probe below the unique share."""
    quick = {s.name: s.quick for s in ss.STUDIES}
    five = copy.deepcopy(entries["branchings"]["figures"])
    five["anchor_2x2"]["value"]["rows"][4][1] = 16
    assert branchings.check(quick["branchings"], five) == [
        "brute counts 16 fillings of the clueless 2x2 board, not 15"]
    six = copy.deepcopy(entries["trees"]["figures"])
    six["trees"]["value"]["rows"][0][4] -= 1
    assert len(trees.check(quick["trees"], six)) == 1
    one = copy.deepcopy(entries["incremental"]["figures"])
    one["soundness"]["value"]["rows"][2][-1] = 1
    assert incremental.check(quick["incremental"], one) == ["10×10: 1 boards with engines disagree"]
    three = copy.deepcopy(entries["density_sweep"]["figures"])
    three["sweep"]["value"]["rows"][1][2] = {"value": 0.0, "k": -1, "n": 8}
    assert any("probe finishes -1 boards" in b for b in density_sweep.check(quick["density_sweep"], three))
