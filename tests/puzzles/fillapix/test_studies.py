"""Fill-a-Pix studies with their quick parameters: every check holds, the figures say
what kind of number they are, known small values come out, and a rerun (in a process
pool) regenerates the same figures bit for bit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pencilbox.puzzles.fillapix.studies import STUDIES
from pencilbox.studies import Study
from pencilbox.studies.runner import run_study
from tests.studies.quick import quick_entries, records

BY_NAME = {s.name: s for s in STUDIES}
entries = quick_entries("fillapix")


def test_one_study_per_spec_item() -> None:
    assert [s.number for s in STUDIES] == list(range(1, 8))
    assert len(BY_NAME) == 7 and all(s.title and s.full != s.quick for s in STUDIES)


@pytest.mark.parametrize("study", STUDIES, ids=[s.name for s in STUDIES])
def test_quick_run_breaks_nothing(study: Study, entries: dict[str, dict[str, Any]]) -> None:
    entry = entries[study.name]
    assert entry["broken"] == []
    for fig in entry["figures"].values():
        assert fig["kind"] in ("exact", "sample", "lower_bound", "timing")
        assert fig["kind"] != "sample" or fig["n"] > 0


def test_census_known_values(entries: dict[str, dict[str, Any]]) -> None:
    twins = {(r["h"], r["w"]): r for r in records(entries["census"], "twins")}
    kernel = {(r["h"], r["w"]): r for r in records(entries["census"], "kernel")}
    assert len(twins) == 9 and entries["census"]["figures"]["twins"]["kind"] == "exact"
    for (h, w), r in twins.items():
        assert len({r["by_clues"], r["by_kernel"], r["by_classifier"], r["closed_form"]}) == 1
        if h % 3 != 2 and w % 3 != 2:
            assert r["closed_form"] == 0 and kernel[h, w]["ternary_kernel"] == 1
    # one side 2 (mod 3): each line across it misses both patterns of u (L = 2 nonzero
    # entries) in 2^L - 2 of its 2^L fillings
    assert twins[2, 3]["closed_form"] == 2 ** 6 - 2 ** 3
    assert twins[1, 2]["closed_form"] == 2 and kernel[2, 3]["ternary_kernel"] == 3 ** 3
    assert twins[2, 2]["closed_form"] == 14 and kernel[2, 2]["ternary_kernel"] == 19


def test_twin_shares_agree_with_the_solver(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["twin_shares"]
    assert e["figures"]["disagreements"]["value"] == 0
    y = {(r["m"], r["n"]): r for r in records(e, "y_matrix_counts")}
    assert y[2, 2]["no_constant_line"] == 2 and y[3, 3]["no_constant_line"] == 102  # A283624
    shares = {(r["h"], r["w"]): r for r in records(e, "twin_share")}
    assert shares[2, 2]["exact_lines_only"] == 0.875
    assert shares[5, 5]["exact_with_two_block"] > shares[5, 5]["exact_lines_only"]
    assert e["figures"]["square_share"]["plot"]["x"] == "n"


def test_no_second_answer_off_the_twin_grids(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["no_second_answer"]
    p = e["params"]
    grids = len(p["sides"]) * (len(p["sides"]) + 1) // 2 + len(p["squares"])
    assert e["figures"]["pictures_checked"]["value"] == grids * p["pictures"]
    assert e["figures"]["second_answers"]["value"] == 0


def test_two_block_only_where_both_sides_are_2_mod_3(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["two_block"]
    for r in records(e, "two_block"):
        assert r["draws"] == e["params"]["draws"] and r["bad_twin_vectors"] == 0
        assert r["exact_two_block_share"] > 0  # 5x5 and 8x8: exact known


def test_generator_loop_is_the_kernel_loop(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["generator"]
    for r in records(e, "capped_checks"):
        assert r["same_as_kernel"] == r["boards"] == r["sat_unique"] == r["twin_free"]
    redraws = {(r["h"], r["w"]): r for r in records(e, "redraws")}
    assert redraws[4, 4]["redraws"] == 0 and redraws[4, 4]["predicted_mean"] == 0


def test_clue_survival_counts_every_clue(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["clue_survival"]
    (h, w, boards), = e["params"]["grids"]
    assert sum(r["clues_shown"] for r in records(e, "by_position")) == h * w * boards
    assert sum(r["clues_shown"] for r in records(e, "settle_alone")) == h * w * boards
    assert e["figures"]["value_distribution"]["plot"]["kind"] == "bar"


def test_ladder_pricing_matches_the_bank_grades(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["ladder_pricing"]
    pricing = records(e, "ladder_pricing")
    assert [r["rung"] for r in pricing] == ["count", "pair", "probe", "search"]
    assert pricing[-1]["climb_finished"] == e["params"]["boards"]
    assert all(r["bank_records"] == r["graded_again"] for r in records(e, "grades"))
    assert e["figures"]["search_nodes"]["kind"] in ("exact", "lower_bound")


def test_regenerates_bit_for_bit(entries: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    for name in ("generator", "two_block"):
        again = run_study("fillapix", BY_NAME[name], quick=True, seed=0, workers=2, state=tmp_path)
        assert again["figures"] == entries[name]["figures"]
    other = run_study("fillapix", BY_NAME["two_block"], quick=True, seed=1, state=tmp_path)
    assert other["figures"] != entries["two_block"]["figures"]
