"""Study 2, every partition (exhaustive.py): the independent partition count against the plain
enumerator and the published counts, the sample's re-decision catching a wrong verdict or reason,
and a quick run whose rows equal the count and whose two sweeps agree."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pencilbox.puzzles.ripple.studies import exhaustive
from pencilbox.puzzles.ripple.studies.allparts import LINE, sweep
from pencilbox.puzzles.ripple.studies.exhaustive import QUICK, confirm, cover_counts
from pencilbox.puzzles.ripple.studies.partitions import partitions
from pencilbox.studies import from_module
from pencilbox.studies.runner import run_study


def test_cover_counts_against_the_plain_enumerator_and_published_counts() -> None:
    for n, most in ((2, 4), (3, 4), (3, 9), (4, 3)):
        want = Counter(max(Counter(p).values()) for p in partitions(n, n, most))
        assert list(cover_counts(n, most)) == [want[k] for k in range(most + 1)]
    assert sum(cover_counts(5, 2)) == 2_810_694  # monomer-dimer coverings of 5 x 5 (OEIS A028420)
    assert sum(cover_counts(3, 9)) == 1434  # partitions into connected pieces (A068416)


def test_confirm_catches_a_wrong_verdict_a_wrong_reason_and_a_bad_answer() -> None:
    _, sample = sweep(3, 3, 4, every_live=1, every_dead=1, cap=2000)
    clean = confirm(3, sample, 10**6)
    assert clean["sampled"] == 1003 and clean["sampled live"] > 0
    assert clean["ladder disagrees"] == clean["brute disagrees"] == clean["reasons differ"] == 0
    assert clean["bad answers"] == clean["capped"] == clean["line rule splits"] == 0
    live = next(s for s in sample if s[1])
    dead = next(s for s in sample if not s[1] and not s[2] & LINE)
    wrong = [(live[0], False, live[2], live[3]), (dead[0], dead[1], dead[2] | LINE, dead[3]),
             (live[0], True, live[2], (1,) * 9)]
    got = confirm(3, wrong, 10**6)
    assert got["ladder disagrees"] == got["brute disagrees"] == 1
    assert got["reasons differ"] == 1 and got["bad answers"] == 1


def test_a_quick_run(tmp_path: Path) -> None:
    entry = run_study("ripple", from_module(exhaustive), quick=True, seed=0, state=tmp_path)
    assert entry["broken"] == []
    figs = entry["figures"]
    rows = {(r[0], r[1]): r for r in figs["every_partition"]["value"]["rows"]}
    for (n, most, _, _) in QUICK["cases"]:
        for limit in range(2, most + 1):
            assert rows[(f"{n}×{n}", limit)][2] == sum(cover_counts(n, most)[1:limit + 1])
    checks = figs["every_partition_checks"]["value"]["rows"]
    assert any("the two sweeps" in r[0] for r in checks)
    assert all(r[1] == r[2] and r[3] == r[5] == r[6] == r[7] == 0 for r in checks)
    assert figs["every_partition_runs"]["kind"] == "timing"
    dead = {(r[0], r[1]): r[2] for r in figs["every_partition_reasons"]["value"]["rows"]}
    assert dead == {key: r[4] for key, r in rows.items()}
