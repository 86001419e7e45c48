"""The Ripple Effect studies beyond what every folder's are held to (tests/registry/
test_studies.py: nothing broken, each seed table reproduced, regenerated bit for bit): the seed's
protocols, labels and known values, and another seed giving other figures."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from pencilbox import bank
from pencilbox.core import engine
from pencilbox.puzzles.ripple import PUZZLE, generate
from pencilbox.puzzles.ripple.studies import ablation, mortality, reach
from pencilbox.studies import cell_value, studies_of
from pencilbox.studies.runner import run_study
from tests.studies.quick import quick_entries, records

STUDIES = {s.name: s for s in studies_of("ripple")}
entries = quick_entries("ripple")


def test_one_study_per_spec_item() -> None:
    """Item 2 has two: the sampled settings and every partition of the small squares."""
    assert [s.number for s in studies_of("ripple")] == [1, 2, 2, 3, 4, 5, 6]
    assert list(STUDIES) == ["reach", "mortality", "every_partition", "prefilter", "rule_reach", "ablation",
                             "bank_grades"]


def test_full_parameters_are_the_seeds() -> None:
    assert STUDIES["reach"].full["sizes"] == [6, 8, 10]
    assert STUDIES["reach"].full["values"] == [1, 2, 3, 4, 5]
    assert STUDIES["mortality"].full["settings"] == [[6, 0.05], [6, 0.12], [6, 0.25], [6, 0.40], [8, 0.12],
                                                     [8, 0.40], [10, 0.12]]
    assert STUDIES["prefilter"].full["trials"] == 5
    assert STUDIES["prefilter"].full["settings"][:2] == [[6, 40], [8, 20]]  # the seed's live targets
    assert STUDIES["rule_reach"].full["boards"] == {"6": 40, "8": 25}  # the seed's N
    assert STUDIES["ablation"].full == {"size": 6, "boards": 30}
    full = STUDIES["bank_grades"].full
    assert full["bank_per_size"] * len(full["seed_sizes"]) == 48  # the seed's bank of 48
    assert full["per_bucket"] is None  # our whole bank


def test_every_figure_has_a_lead(entries: dict[str, dict[str, Any]]) -> None:
    figs = [(s, f, fig) for s, e in entries.items() for f, fig in e["figures"].items()]
    assert [(s, f) for s, f, fig in figs if not fig.get("lead")] == []
    assert 2 <= sum(bool(fig.get("headline")) for _, _, fig in figs) <= 4
    assert all(len(fig["value"]["columns"]) <= 8 for _, _, fig in figs)


def test_reach_known_values(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["reach"]
    assert e["figures"]["reach"]["kind"] == e["figures"]["room"]["kind"] == "exact"
    for n in STUDIES["reach"].quick["sizes"]:
        for row in records(e, "reach"):
            v = int(row["value"][2:])
            closed = sum(min(v, c) + min(v, n - 1 - c) + min(v, r) + min(v, n - 1 - r)
                         for r in range(n) for c in range(n)) / (n * n)
            assert row[f"{n}×{n}"] == pytest.approx(closed, rel=1e-3)
        room = {row["value"]: row for row in records(e, "room")}
        assert room["v=1"][f"{n}×{n} most"] == n * n // 2  # a checkerboard of 1s
        assert all(row[f"{n}×{n} most"] <= row[f"{n}×{n}"] == n * -(-n // (int(v[2:]) + 1))
                   for v, row in room.items())


def test_the_seeds_room_is_an_upper_bound_off_by_two_cells_on_6x6() -> None:
    """The seed's room (rows x ceil(cols/(v+1))) against the exact maximum on 6x6."""
    over = [v for v in range(1, 6) if reach.most_by_rows(6, 6, v) < reach.room(6, 6, v)]
    assert over == [3, 4]
    assert [reach.most_by_rows(6, 6, v) for v in range(1, 6)] == [18, 12, 10, 8, 6]


def test_capacity_engines_agree_off_square() -> None:
    for rows_, cols, v in ((3, 5, 1), (4, 7, 2), (5, 4, 3)):
        most, valid = reach.most_by_maxsat(rows_, cols, v)
        assert valid and most == reach.most_by_rows(rows_, cols, v) <= reach.capacity_bound(rows_, cols, v)


def _single_share(draw: Any, n: int = 6, m: int = 300) -> float:
    r = random.Random(7)
    ones = total = 0
    for _ in range(m):
        regions = draw(r)
        sizes = [regions.count(k) for k in range(max(regions) + 1)]
        ones += sizes.count(1)
        total += len(sizes)
    return ones / total


@pytest.mark.parametrize("share", [0.05, 0.12, 0.4])
def test_the_size1_share_is_a_share_of_regions(share: float) -> None:
    """The seed's size-1 share is the share of regions with one cell; the generator's own
    chance of 0.1 gives far more (boxed-in cells stay single)."""
    got = _single_share(lambda r: generate.partition_share(6, 6, r, share))
    assert got == pytest.approx(share, abs=0.015)
    assert _single_share(lambda r: generate.partition(6, 6, r, 0.1)) > 0.2


def test_partition_share_draws_connected_regions() -> None:
    r = random.Random(3)
    for _ in range(50):
        regions = generate.partition_share(8, 8, r, 0.25)  # canonical() raises on a broken region
        assert len(regions) == 64
    assert 1 not in [generate.partition_share(6, 6, r, 0.0).count(k) for k in range(3)]


def test_mortality_shares(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["mortality"]
    fig = e["figures"]["mortality"]
    assert fig["kind"] == "sample" and fig["seed"] == "mortality"
    labels = [mortality.label(n, s) for n, s in STUDIES["mortality"].quick["settings"]]
    assert [row["board"] for row in records(e, "mortality")] == labels == ["6×6 12%", "6×6 40%"]
    for row in records(e, "mortality"):
        dead = row["dead"]
        assert dead["n"] == row["partitions"] == STUDIES["mortality"].quick["partitions"]
        for reason in mortality.REASONS:  # shares of the dead, as the seed's table
            assert row[reason]["n"] == dead["k"]
            assert row[reason]["k"] <= row["any of them"]["k"] <= dead["k"]
    assert sum(row["re-decided by regions"] for row in records(e, "verified")) > 0
    small = records(e, "mortality_small")  # ours: the same settings, smaller regions
    assert [row["board (ours)"] for row in small] == labels
    assert all(row["dead"]["n"] == STUDIES["mortality"].quick["ours_partitions"] for row in small)


def test_prefilter_is_a_timing(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["prefilter"]
    assert e["figures"]["prefilter"]["kind"] == "timing"
    for (_, target), row in zip(STUDIES["prefilter"].quick["settings"], records(e, "prefilter"), strict=True):
        assert row["live / drawn"] == target <= row["drawn"]
        assert row["solver only"] > 0 and row["with prefilter"] > 0


def test_rule_reach_grows_with_the_level(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["rule_reach"]
    levels = list(engine.levels(PUZZLE))
    for name in ("rule_reach_eliminated", "rule_reach_finished"):
        table = e["figures"][name]["value"]
        assert table["columns"] == ["board", *levels]
        assert [r[0] for r in table["rows"]] == ["6×6 (N=4)"]
        values = [cell_value(c) for c in table["rows"][0][1:]]
        assert values == sorted(values)


def test_ablation_drops_the_four_propagators(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["ablation"]
    m = STUDIES["ablation"].quick["boards"]
    seed = {row["dropped"]: row for row in records(e, "ablation")}
    assert list(seed) == ["nothing", "region", "ripple", "hidden", "lines"]  # the seed drops no probe
    assert seed["nothing"]["boards finished"] == m
    assert seed["nothing"]["candidates eliminated"]["value"] == 1.0
    ours = {row["dropped (ours)"]: row for row in records(e, "ablation_ours")}
    assert list(ours) == ablation.dropped(engine.PROBE)
    assert all(row["sat"] == row["brute"] == 1 for row in records(e, "engines"))


def test_bank_grades(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["bank_grades"]
    sizes = STUDIES["bank_grades"].quick["sizes"]
    labels = records(e, "grades")
    for n in sizes:
        shipped = [rec["grade"] for rec in bank.load("ripple") if rec["rows"] == n]
        assert labels[-1][f"{n}×{n}"] == len(shipped)
        assert {row["grade"]: row[f"{n}×{n}"] for row in labels[:-1]} == \
            {g: shipped.count(g) for g in set(shipped)}
    for row in records(e, "walk"):
        assert row["givens kept"] <= row["givens added"] and 0 <= row["removed (mean)"] <= 1
    seed_bank = records(e, "seed_bank")[0]
    quick = STUDIES["bank_grades"].quick
    assert seed_bank["boards"] == quick["bank_per_size"] * len(quick["seed_sizes"])
    assert seed_bank["bank"] == f"{seed_bank['boards']} boards"


def test_figures_regenerate_bit_for_bit(tmp_path: Path, entries: dict[str, dict[str, Any]]) -> None:
    again = run_study("ripple", STUDIES["mortality"], quick=True, seed=0, workers=2, state=tmp_path)
    assert again["figures"] == entries["mortality"]["figures"]
    other = run_study("ripple", STUDIES["rule_reach"], quick=True, seed=1, state=tmp_path)
    assert other["figures"] != entries["rule_reach"]["figures"]  # the seed matters
