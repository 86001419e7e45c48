"""The Fill-a-Pix studies beyond what every folder's are held to (tests/registry/
test_studies.py: nothing broken, each seed table reproduced, regenerated bit for bit): known small
values, the seed's protocols, and another seed giving other figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pencilbox.puzzles.fillapix.studies import STUDIES, census, ladder_pricing
from pencilbox.puzzles.fillapix.studies.common import GENERATED
from pencilbox.studies.runner import run_study
from tests.studies.quick import quick_entries, records

BY_NAME = {s.name: s for s in STUDIES}
entries = quick_entries("fillapix")


def test_one_study_per_spec_item() -> None:
    """The spec's seven, then ours past the seed (8: exact twin shares up to 20x20; 9: on every
    grid to 30x30)."""
    assert [s.number for s in STUDIES] == list(range(1, 10))
    assert len(BY_NAME) == 9 and all(s.title and s.full != s.quick for s in STUDIES)


def test_determinant_has_period_six() -> None:
    """d(n) = det T_n, computed by elimination, follows d(n) = d(n-1) - d(n-2): 1, 0, -1,
    -1, 0, 1 again and again, zero exactly when n = 2 (mod 3)."""
    d = [census.det_t(n) for n in range(1, 13)]
    assert d == [1, 0, -1, -1, 0, 1] * 2
    assert all(d[k] == d[k - 1] - d[k - 2] for k in range(2, 12))


def test_census_counts_the_kernel_without_the_zero_vector(entries: dict[str, dict[str, Any]]) -> None:
    rows = {r["grid"]: r for r in records(entries["census"], "census_5x5")}
    for r in rows.values():
        assert r["ternary kernel"] == r["ternary kernel with the zero vector (ours)"] - 1
    assert rows["2x2"]["ternary kernel"] == 18 and rows["2x3"]["ternary kernel"] == 26
    assert rows["3x3"]["ternary kernel"] == 0


def test_census_known_values(entries: dict[str, dict[str, Any]]) -> None:
    twins = {r["grid"]: r for r in records(entries["census"], "twins")}
    assert len(twins) == 9 and entries["census"]["figures"]["twins"]["kind"] == "exact"
    # one side 2 (mod 3): each line across it misses both patterns of u (L = 2 nonzero
    # entries) in 2^L - 2 of its 2^L fillings
    assert twins["2x3"]["closed form"] == 2**6 - 2**3
    assert twins["1x2"]["closed form"] == 2 and twins["2x2"]["closed form"] == 14


def test_twin_shares_agree_with_the_solver(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["twin_shares"]
    (row,) = records(e, "classifier_vs_solver")
    assert row["disagreements"] == 0
    assert row["pictures"] == len(e["params"]["grids"]) * e["params"]["pictures"]
    y = {r["Y"]: r for r in records(e, "y_matrix_counts")}
    assert y["2x2"]["no constant line"] == 2 and y["3x3"]["no constant line"] == 102  # A283624
    shares = {r["grid"]: r for r in records(e, "twin_share")}
    assert shares["2x2"]["lines-only share"] == 0.875
    assert shares["5x5"]["exact twin share"] > shares["5x5"]["lines-only share"]


def test_the_seeds_protocols() -> None:
    """The seed's 25 grids of 2,000 pictures, 12 squares without twins, 176 generated
    boards on 5x5 .. 15x15, a 20-board bank set priced under a 1,000,000-node cap."""
    shares, plain = BY_NAME["twin_shares"].full, BY_NAME["no_second_answer"].full
    assert len(shares["grids"]) * shares["pictures"] == 50_000
    assert len(plain["squares"]) * plain["pictures"] == 24_000
    assert all(n % 3 != 2 for n in plain["squares"])
    assert sum(b for _, _, b in GENERATED) == 176
    assert BY_NAME["generator"].full["grids"] == BY_NAME["clue_survival"].full["grids"] == GENERATED
    ladder = BY_NAME["ladder_pricing"].full
    assert ladder["node_cap"] == 1_000_000 and len(ladder_pricing.bank_set(ladder["per_size"])) == 20
    assert BY_NAME["two_block"].full["draws"] == 1_000_000


def test_no_second_answer_off_the_twin_grids(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["no_second_answer"]
    (row,) = records(e, "no_second_answer")
    assert row["pictures"] == len(e["params"]["squares"]) * e["params"]["pictures"]
    assert row["second answers"] == 0


def test_two_block_only_where_both_sides_are_2_mod_3(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["two_block"]
    for r in records(e, "two_block"):
        assert r["draws"] == e["params"]["draws"] and r["twin vectors that are not"] == 0
        assert r["exact two-block share"] > 0  # 5x5 and 8x8: exact known


def test_generator_loop_is_the_kernel_loop(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["generator"]
    for r in records(e, "capped_checks"):
        assert r["Python loop agrees"] == r["boards"] == r["SAT unique"] == r["twin-free"]
    redraws = {r["grid"]: r for r in records(e, "redraws")}
    assert redraws["4x4"]["redraws"] == 0 and redraws["4x4"]["predicted mean"] == 0
    grades = {r["grade"]: r["boards"]["value"] for r in records(e, "generator_grades")}
    assert sum(grades.values()) == sum(b for _, _, b in e["params"]["grids"]) and grades["pair"] == 0


def test_clue_survival_counts_every_clue(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["clue_survival"]
    ((h, w, boards),) = e["params"]["grids"]
    assert sum(r["clues shown"] for r in records(e, "survival_by_position")) == h * w * boards
    assert sum(r["clues shown"]["value"] for r in records(e, "settle_alone")) == h * w * boards
    assert e["figures"]["by_value"]["plot"]["kind"] == "line"


def test_ladder_pricing_matches_the_bank_grades(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["ladder_pricing"]
    climbing = records(e, "climbing")
    assert [r["rung"] for r in climbing] == ["count", "pair", "probe", "search"]
    assert climbing[-1]["boards finished"] == len(ladder_pricing.bank_set(e["params"]["per_size"]))
    assert climbing[1]["boards gained"] == 0  # pair bounds shared cells only: nothing past count's fixpoint
    grades = {r["grade"]: r for r in records(e, "grades")}
    assert all(grades[g]["bank records"] == grades[g]["graded again"] for g in ("count", "pair"))
    assert grades["sides"]["graded again"] == 0  # the seed's rungs have no sides
    assert sum(r["bank records"] for r in grades.values()) == sum(r["graded again"] for r in grades.values())
    assert e["figures"]["search_nodes"]["kind"] in ("exact", "lower_bound")


def test_regenerates_bit_for_bit(entries: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    for name in ("generator", "two_block"):
        again = run_study("fillapix", BY_NAME[name], quick=True, seed=0, workers=2, state=tmp_path)
        assert again["figures"] == entries[name]["figures"]
    other = run_study("fillapix", BY_NAME["two_block"], quick=True, seed=1, state=tmp_path)
    assert other["figures"] != entries["two_block"]["figures"]


def test_exact_twins_past_the_seed(entries: dict[str, dict[str, Any]]) -> None:
    """Study 8 quick: 8x8 two-block share as the seed prints it (0.0593 %), every grid's
    count confirmed by the recurrence over the source block, and the transfer matrix's
    states a(n) - 1, far fewer than the seed's J-set count from 4 columns on."""
    shares = {r["grid"]: r for r in records(entries["exact_twins"], "exact_twin_shares")}
    assert round(shares["8x8"]["two-block share"] * 100, 4) == 0.0593
    assert shares["2x2"]["two-block share"] == 0 and shares["5x5"]["two-block share"] > 0
    assert all("source recurrence" in r["confirmed by"] and "DIFFER" not in r["confirmed by"]
               for r in shares.values())
    for r in records(entries["exact_twins"], "state_space"):
        if r["columns of Y"] >= 2:
            assert r["transfer-matrix states"] == r["shapes possible a(n)"] - 1
        if r["columns of Y"] >= 4 and r["J-set states (seed's count)"] is not None:
            assert r["J-set states (seed's count)"] > r["transfer-matrix states"]
