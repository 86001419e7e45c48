"""The Sukoro studies beyond what every folder's are held to (tests/registry/test_studies.py:
nothing broken, each seed table reproduced, regenerated bit for bit): the seed's protocols in
the full parameters, known values, the engines agreeing, and another seed giving other figures."""

from __future__ import annotations

from math import comb
from pathlib import Path
from typing import Any

from pencilbox.puzzles.sukoro.studies import STUDIES, blank_counts, census, erase_move, ladder, scaling
from pencilbox.puzzles.sukoro.studies.blank import all_answers, transfer_counts
from pencilbox.studies import studies_of
from pencilbox.studies.runner import run_study
from tests.studies.quick import column, quick_entries, records, rows

BY_NAME = {s.name: s for s in STUDIES}
entries = quick_entries("sukoro")
KNOWN = blank_counts.KNOWN
BANK_STUDIES = ("digit_worth", "dropped_rules", "ladder", "digits", "erase_move")


def test_one_study_per_spec_item() -> None:
    assert [s.number for s in studies_of("sukoro")] == list(range(1, 12))  # 11: an article's claim measured
    assert [s.name for s in STUDIES] == [
        "blank_counts",
        "lemma",
        "census",
        "true_clue_sets",
        "scaling",
        *BANK_STUDIES[:3],
        "digits",
        "erase_move",
        "conn_tarjan",
    ]


def test_full_parameters_follow_the_seed() -> None:
    one = BY_NAME["blank_counts"].full
    assert one["seed"] == [7, 10] and (one["rows"], one["cols"]) >= (7, 10) and one["brute_cells"] >= 16
    assert one["fill"] == [8, 12]  # fillable rectangles checked to 8 x 12, as the seed did
    assert BY_NAME["lemma"].full["answers"] == 100
    assert BY_NAME["true_clue_sets"].full["boards"] == [[3, 4], [3, 5], [4, 4]]
    assert BY_NAME["digits"].full["blank"] == [5, 5]
    for name in BANK_STUDIES:  # the seed's 72: 24 minimal boards at each of its sizes
        assert BY_NAME[name].full["sizes"] == [[6, 6], [8, 8], [10, 10]]
    assert all(BY_NAME[name].full["boards"] == 24 for name in BANK_STUDIES[:4])
    assert BY_NAME["ladder"].full["node_cap"] == 400_000
    assert BY_NAME["erase_move"].full["moves"] == 3 and BY_NAME["erase_move"].full["count_to"] == 8


def test_the_census_walks_what_the_seed_walked() -> None:
    """3x4, 3x5, 4x4 with 1..4 clues, 4x5 and 5x5 with 1..3: 1,254,128 clue sets, 352 with one clue."""
    p = BY_NAME["census"].full
    jobs = census.plan(p, 0)
    assert sum(comb(r * c, k) * 4**k for r, c, k in jobs) == 1_254_128
    assert sum(comb(r * c, k) * 4**k for r, c, k in jobs if k == 1) == 352


def test_scaling_uses_the_seeds_rows_and_sample_sizes() -> None:
    p = BY_NAME["scaling"].full
    assert p["rows"] == [[6, 6, 3], [6, 6, 12], [8, 8, 8], [8, 8, 25], [10, 10, 8], [10, 10, 25]]
    assert sum(scaling.random_samples(p)) == 4940 and p["true_10x10"] == 66 and p["spread"] == [3, 25]


def test_every_figure_is_led_and_a_few_are_headlines(entries: dict[str, dict[str, Any]]) -> None:
    figures = [(name, f) for e in entries.values() for name, f in e["figures"].items()]
    assert [name for name, f in figures if not f.get("lead")] == []
    assert 2 <= sum(bool(f.get("headline")) for _, f in figures) <= 4
    grids = [f for f in entries["blank_counts"]["figures"].values() if f["value"]["columns"][0] == "columns"]
    assert grids and all(len(f["value"]["columns"]) <= 9 for f in grids)  # a column per row count, to 8
    assert all(len(f["value"]["columns"]) <= 8 for _, f in figures
               if isinstance(f["value"], dict) and f.get("seed") != "blank_counts" and f not in grids)


def test_blank_counts_known_values_and_engine_2(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["blank_counts"]
    by = {r[0]: r[1:] for r in rows(e, "counts")}
    for r, want in KNOWN.items():
        assert by[f"{r}xn"][: len(want)] == want
    assert all(f["kind"] == "exact" for name, f in e["figures"].items() if name != "frontier_time")
    recount = {row[0]: row[1:5] for row in rows(e, "recount")}
    for r in range(1, 5):
        for c in range(1, 5):  # every blank board up to 4x4 recounted by engine 2 (and engine 1)
            transfer, ladder_, brute, _ = recount[f"{r}x{c}"]
            assert transfer == ladder_ == brute
    fill = records(e, "fillable")[0]
    assert fill["rectangles"] == "up to 8x12" and fill["rectangles checked"] == 96
    assert fill["which (up to transpose)"] == "1x3, 3x3" and fill["shapes that can be filled"] == 2
    assert rows(e, "cubic") == [["2x6", 80, 80], ["2x7", 124, 126]]


def test_transfer_matrix_and_enumerator() -> None:
    assert [c for c, _ in transfer_counts(3, 4)] == KNOWN[3]
    assert [c for c, _ in transfer_counts(6, 6)][5] == 1074750  # the bench's exact 6x6 count
    assert len(all_answers(3, 4)) == 162
    assert all_answers(3, 3).max(axis=0).tolist() == [2, 3, 2, 3, 4, 3, 2, 3, 2]  # the solid block
    solid = blank_counts.solid_is_legal
    assert solid(3, 3) and solid(1, 3) and not solid(2, 2) and not solid(8, 12)
    assert blank_counts.cubic_prediction([4, 12, 26, 48], 7) == 124


def test_lemma_under_both_draws(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["lemma"]
    n = e["params"]["answers"]
    lemma = {r[0]: r[1:] for r in rows(e, "lemma")}
    assert [c["value"] for c in lemma["all rules"]] == [n, n]  # every printed answer is unique
    assert all(c["value"] <= n for c in lemma["connectivity off"])
    draws = [r[0] for r in rows(e, "rivals")]
    assert len(draws) == 2 and "seed" in draws[0] and "our draw" in draws[1]
    for _, rivals, ok, differ, _ in rows(e, "rivals"):
        assert ok == rivals and differ == 0


def test_census(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["census"]
    by = {r[0]: r for r in rows(e, "census")}
    assert by["3x4, 1 clue"][1:] == [48, 0.291667, 0.708333, 0.0, 0]  # one clue never pins a 3x4 answer
    assert rows(e, "one_clue")[0][1:] == [48 + 36, 0]
    assert rows(e, "totals")[0][1] == sum(r[1] for r in rows(e, "census"))
    assert all(r[2] == r[3] and r[5] == 0 for r in rows(e, "recheck"))


def test_true_clue_sets_leave_out_the_empty_subset(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["true_clue_sets"]
    by = {r[0]: r for r in rows(e, "true_sets")}
    assert by["3x4"][1:3] == [162, 13582]  # the seed's count: non-empty subsets only
    for _, _, _, unique, fewest, median, worst in rows(e, "true_sets"):
        assert 0 < unique < 1 and fewest <= median <= worst
    assert sum(column(e, "needed", "3x4")) == 162


def test_scaling(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["scaling"]
    assert e["figures"]["scaling"]["kind"] == "sample"
    for row in rows(e, "scaling"):
        assert row[3]["n"] == e["params"]["true_per_row"]
    assert rows(e, "totals")[0][1] == e["params"]["random_total"]
    assert rows(e, "totals")[1][1] == e["params"]["true_10x10"]


def test_bank_studies_run_on_the_minimal_set(entries: dict[str, dict[str, Any]]) -> None:
    ids = [r[0] for r in rows(entries["ladder"], "per_board")]
    assert ids and all("-minimal-" in i for i in ids)
    worth = records(entries["digit_worth"], "unique")[0]
    assert worth["shipped clues, numbers and all"] == worth["every number printed"] == worth["boards"] == 3
    dropped = rows(entries["dropped_rules"], "dropped")
    assert [r[2] for r in dropped] == [0, 0, 0, 0]  # dropping rules never removes the intended answer


def test_erase_move_three_moves_a_clue_and_answers_left(entries: dict[str, dict[str, Any]]) -> None:
    for r in records(entries["erase_move"], "erase_move"):
        assert r["clues moved instead"] == 3 * r["clues erased one at a time"]
        assert r["boards made unsolvable"] == 0 and r["erasures still unique"]["k"] == 0  # minimal boards
        median = r["answers left, median"]
        assert (isinstance(median, dict) and median["at_least"] == 8) or 2 <= median < 8


def test_erase_move_median_is_marked_when_counting_stops() -> None:
    boards = [{"left": [8, 8, 3], "move": [1, 1, 1]}]
    assert erase_move._row("x", boards, 8)[2] == {"at_least": 8}
    assert erase_move._row("x", [{"left": [2, 3, 8], "move": [0, 0, 0]}], 8)[2] == 3


def test_ladder_sums_with_the_cap_marked(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["ladder"]
    pricing = rows(e, "pricing")
    assert pricing[0][0] == "6x6, 3 boards"
    capped = rows(e, "never_finished")[0][1]
    assert capped > 0 and pricing[0][1] == {"at_least": pricing[0][1]["at_least"]}  # deg runs out
    assert e["figures"]["pricing"]["kind"] == "lower_bound"
    assert rows(e, "soundness")[0][1:] == [0, 0, 0]
    settled = rows(e, "settled")[0]
    assert all(0 <= c["value"] <= 1 for c in settled[1:])
    assert rows(e, "probe_finishes")[0][1]["n"] == 3
    assert ladder.FULL["node_cap"] == 400_000


def test_digits(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["digits"]
    enumerated, brute, broken = rows(e, "sources")[0]
    assert enumerated == brute == 702 and broken == 0
    for row in rows(e, "digits"):
        assert abs(sum(c["value"] if isinstance(c, dict) else c for c in row[1:]) - 1) < 1e-3


def test_regenerates_bit_for_bit(tmp_path: Path) -> None:
    """A random study gives the same figures twice, serially and on two worker processes."""
    study = BY_NAME["lemma"]
    a = run_study("sukoro", study, quick=True, seed=0, state=tmp_path / "a")
    b = run_study("sukoro", study, quick=True, seed=0, state=tmp_path / "b", workers=2)
    assert a["figures"] == b["figures"]
    assert run_study("sukoro", study, quick=True, seed=1, state=tmp_path / "c")["figures"] != a["figures"]
