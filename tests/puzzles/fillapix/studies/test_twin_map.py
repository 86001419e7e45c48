"""Study 9, the exact twin share on every grid: the recurrence over the source block against the
transfer matrix and against every picture grouped by its clues, the one-side closed form against
every column grouped by its clues, no twins at all where no side is 2 (mod 3), and the quick run
end to end with nothing broken."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pencilbox.puzzles.fillapix import twins
from pencilbox.puzzles.fillapix.studies import STUDIES, twin_counts, twin_map, twins_order, twins_source
from pencilbox.puzzles.fillapix.studies.common import exact_det, side_kind
from pencilbox.puzzles.fillapix.studies.twin_census import with_twin_by_clues
from pencilbox.studies.runner import run_study
from tests.studies.quick import records


def test_the_recurrence_is_the_transfer_matrix_on_small_y() -> None:
    """s(m, n) for every m, n <= 7 both ways: the strongly connected orientations of K(m, n)."""
    strong = twins_source.strong_table(7, 7)
    for n in range(1, 8):
        assert twins_order.order_counts(7, n)[0] == [strong[m, n] for m in range(1, 8)], n
    assert strong[2, 2] == 2 and all(strong[1, n] == strong[n, 1] == 0 for n in range(1, 8))


@pytest.mark.parametrize("h,w", twin_map.small_grids(12))
def test_shares_are_every_picture_grouped_by_its_clues(h: int, w: int) -> None:
    """Every grid of at most 12 cells, all three kinds: the engine's twin-free count against the
    pictures that share their clue vector with another."""
    assert 2 ** (h * w) - twin_counts.twin_free(h, w) == with_twin_by_clues(h, w)


def test_no_side_2_mod_3_means_no_twin() -> None:
    """T_h (x) T_w is invertible (its exact determinant is +-1) and the share is exactly 0."""
    for h in range(1, 8):
        for w in range(1, 8):
            d = exact_det(twin_map.kron_t(h, w))
            if side_kind(h, w) == "no side":
                assert d in (1, -1) and twin_counts.twin_free(h, w) == 2 ** (h * w), (h, w)
            else:
                assert d == 0, (h, w)
    assert [exact_det(twin_map.kron_t(n, 1)) for n in range(1, 13)] == [1, 0, -1, -1, 0, 1] * 2


def test_one_side_is_a_power_of_the_columns_without_twin() -> None:
    """A column of h cells has a twin column exactly when it takes +-u: 2^(h-L) (2^L - 2) do not;
    with the other side invertible the picture's count is that to the power w."""
    for h in range(1, 15):
        unique = twin_map.columns_without_twin(h)
        if h % 3 == 2:
            size = twins.pattern_size(h)
            assert unique == 2 ** (h - size) * (2**size - 2), h
            for w in (1, 3, 4, 6, 7, 9):
                assert twin_counts.twin_free(h, w) == unique**w == twin_counts.twin_free(w, h)
        else:
            assert unique == 2**h, h


def test_shares_are_written_exactly() -> None:
    assert twin_map.fraction_text(twin_map.exact_share(2, 2, 2)) == "7/2^3"
    assert twin_map.fraction_text(Fraction(0)) == "0" and twin_map.fraction_text(Fraction(1)) == "1"


def test_the_quick_run_end_to_end(tmp_path: Path) -> None:
    study = next(s for s in STUDIES if s.name == twin_map.NAME)
    assert study.number == 9 and study.full["top"] == 30
    entry = run_study("fillapix", study, quick=True, seed=0, state=tmp_path)
    assert entry["broken"] == []
    checks = records(entry, "checks")
    assert len(checks) == 7 and all(r["cases"] > 0 and r["mismatches"] == 0 for r in checks)
    squares = {r["grid"]: r for r in records(entry, "squares")}
    top = study.quick["top"]
    assert len(squares) == top and squares["2x2"]["twin share, exact"] == "7/2^3"
    assert all((r["twin share"] > 0) == (n % 3 == 2) for n, r in enumerate(squares.values(), start=1))
    every = records(entry, "every_grid")
    assert len(every) == top and len(every[0]) == 1 + sum(h % 3 == 2 for h in range(1, top + 1))
    regimes = {r["sides 2 (mod 3)"]: r for r in records(entry, "by_regime")}
    assert sum(r["grids"] for r in regimes.values()) == top * top
    assert regimes["no side"]["greatest share"] == 0
    assert {f["kind"] for f in entry["figures"].values()} == {"exact", "proof", "timing"}
