"""The Sukoro studies with their quick parameters: no broken property, the spec's known
blank counts and sizes, the engines agreeing, figure kinds, and bit-for-bit regeneration."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pencilbox.puzzles.sukoro import studies as ss
from pencilbox.studies import studies_of
from pencilbox.studies.runner import run_study
from tests.studies.quick import column, quick_entries, rows

BY_NAME = {s.name: s for s in ss.STUDIES}
entries = quick_entries("sukoro")
KNOWN = {1: [0, 0, 1, 2, 3, 4, 5, 6, 7, 8],
         2: [0, 4, 12, 26, 48, 80, 126, 190, 278, 398],
         3: [1, 12, 54, 162]}


def test_one_study_per_spec_item() -> None:
    assert [s.number for s in studies_of("sukoro")] == list(range(1, 11))


def test_full_parameters_are_the_specs() -> None:
    one = BY_NAME["blank_counts"].full
    assert (one["rows"], one["cols"]) == (7, 10) and one["brute_cells"] >= 16
    assert BY_NAME["lemma"].full["answers"] == 100
    census = [[3, 4, [1, 2, 3, 4]], [4, 4, [2, 4]], [4, 5, [3]], [5, 5, [2, 3]]]
    assert BY_NAME["census"].full["boards"] == census
    assert BY_NAME["true_clue_sets"].full["boards"] == [[3, 4], [3, 5], [4, 4]]
    assert BY_NAME["scaling"].full["sizes"] == [[6, 6], [8, 8], [10, 10]]
    assert BY_NAME["digits"].full["blank"] == [5, 5]
    for name in ("digit_worth", "dropped_rules", "ladder", "digits", "erase_move"):
        assert BY_NAME[name].full["sizes"] == [[6, 6], [8, 8], [10, 10]]
        assert BY_NAME[name].full["per_bucket"] == 8  # the whole shipped bank


def test_nothing_broken(entries: dict[str, dict[str, Any]]) -> None:
    assert {name: e["broken"] for name, e in entries.items()} == {name: [] for name in entries}


def test_blank_counts_known_values_and_engine_2(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["blank_counts"]
    for r, want in KNOWN.items():
        assert column(e, "counts", f"{r} row{'s' if r > 1 else ''}")[: len(want)] == want
    assert all(f["kind"] == "exact" for f in e["figures"].values())
    recount = {row[0]: row[1:5] for row in rows(e, "recount")}
    for r in range(1, 5):
        for c in range(1, 5):  # every blank board up to 4x4 recounted by engine 2 (and engine 1)
            transfer, ladder, brute, _ = recount[f"{r}x{c}"]
            assert transfer == ladder == brute
    assert {"1x3", "3x1", "3x3"} <= set(e["figures"]["fillable"]["value"])
    assert "2x2" not in e["figures"]["fillable"]["value"]


def test_transfer_matrix_and_enumerator() -> None:
    assert [c for c, _ in ss.transfer_counts(3, 4)] == KNOWN[3]
    assert [c for c, _ in ss.transfer_counts(6, 6)][5] == 1074750  # the bench's exact 6x6 count
    assert len(ss.all_answers(3, 4)) == 162
    assert ss.all_answers(3, 3).max(axis=0).tolist() == [2, 3, 2, 3, 4, 3, 2, 3, 2]  # the solid block
    assert ss.solid_is_legal(3, 3) and ss.solid_is_legal(1, 3) and not ss.solid_is_legal(2, 2)


def test_lemma(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["lemma"]
    n = e["params"]["answers"]
    strict = [r for r in rows(e, "lemma") if r[0] == "all rules"]
    assert [r[2] for r in strict] == [n, n]  # both engines: every printed answer is unique
    rivals, ok, differ = rows(e, "rivals")[0]
    assert rivals > 0 and ok == rivals and differ == 0  # without rule 3 the lemma fails here


def test_census(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["census"]
    by = {r[0]: r for r in rows(e, "census")}
    assert by["3x4, k=1"][3:7] == [48, 14, 34, 0]  # one clue never pins a 3x4 answer
    assert e["figures"]["walked"]["value"] == sum(r[3] for r in rows(e, "census"))
    assert all(r[2] == r[3] and r[5] == 0 for r in rows(e, "recheck"))


def test_true_clue_sets(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["true_clue_sets"]
    for _, _, walked, unique, _, fewest, median, worst in rows(e, "true_sets"):
        assert 0 < unique < walked and fewest <= median <= worst
    assert sum(column(e, "needed", "3x4")) == 162


def test_scaling(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["scaling"]
    assert column(e, "scaling_6x6", "true: no answer") == [0.0, 0.0]
    assert e["figures"]["scaling_6x6"]["kind"] == "sample" and e["figures"]["scaling_6x6"]["n"] == 10


def test_bank_studies(entries: dict[str, dict[str, Any]]) -> None:
    worth = rows(entries["digit_worth"], "unique")[0]
    assert worth[1] == worth[2] == worth[5] == 5  # shipped clues and every number printed: unique
    relaxed = rows(entries["dropped_rules"], "relaxed")
    assert [r[5] for r in relaxed] == [0, 0, 0, 0]  # dropping rules never removes the intended answer
    erasing = rows(entries["erase_move"], "erasing")[0]
    assert erasing[3] == erasing[6] == 0  # erasing never makes a board unsolvable


def test_ladder_marks_capped_counts(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["ladder"]
    capped = sum(column(e, "pricing", "6x6 capped"))
    assert capped > 0  # the deg-only search runs out on the quick cap
    assert e["figures"]["pricing"]["kind"] == e["figures"]["per_board"]["kind"] == "lower_bound"
    cells = [c for r in rows(e, "per_board") for c in r[2:6]]
    assert sum(isinstance(c, dict) and "at_least" in c for c in cells) == capped
    assert rows(e, "soundness")[0][1:] == [0, 0, 0]
    assert column(e, "settled", "all")[-1] <= 1.0


def test_digits(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["digits"]
    enumerated, brute, broken = rows(e, "sources")[0]
    assert enumerated == brute == 702 and broken == 0
    for col in e["figures"]["digits"]["value"]["columns"][1:]:
        assert abs(sum(column(e, "digits", col)) - 1) < 1e-3


def test_regenerates_bit_for_bit(tmp_path: Path) -> None:
    """A random study gives the same figures twice, serially and on two worker processes."""
    study = BY_NAME["lemma"]
    a = run_study("sukoro", study, quick=True, seed=0, state=tmp_path / "a")
    b = run_study("sukoro", study, quick=True, seed=0, state=tmp_path / "b", workers=2)
    assert a["figures"] == b["figures"]
    assert run_study("sukoro", study, quick=True, seed=1, state=tmp_path / "c")["figures"] != a["figures"]
