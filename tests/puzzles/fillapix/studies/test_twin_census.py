"""The twin census (twin_census.py): its four counts (clue grouping, ternary kernel, classifier,
closed form) agree on every grid up to 4x4 and a few with a side of 5; the kernel matches its
derivation (lines off and on the pattern, two-block vectors)."""

from __future__ import annotations

import pytest

from pencilbox.puzzles.fillapix import twins
from pencilbox.puzzles.fillapix.studies import twin_census, twin_counts

GRIDS = [(h, w) for h in range(1, 5) for w in range(1, 5)] + [(2, 5), (5, 2), (3, 5), (5, 1)]


@pytest.mark.parametrize("h,w", GRIDS)
def test_four_ways_agree(h: int, w: int) -> None:
    r = twin_census.census(h, w)
    assert set(r["with_twin"]) == set(twin_census.METHODS)
    assert len(set(r["with_twin"].values())) == 1, r["with_twin"]
    assert len(set(r["twins_not_single_line"].values())) == 1, r["twins_not_single_line"]
    assert r["agree"]
    assert r["minimal_vectors"] == r["conformal_minimal"]
    if h % 3 != 2 and w % 3 != 2:
        assert r["kernel_size"] == 1 and r["with_twin"]["clues"] == 0


def expected_kernel(h: int, w: int) -> tuple[int, int]:
    """(ternary kernel size with zero, minimal vectors) from the derivation in twins.py."""
    lh, lw = twins.pattern_size(h), twins.pattern_size(w)
    if lh and lw:
        # on P x Q: column flips + row flips - the three shared (zero, all +, all -) + two-blocks
        s = 3 ** lw + 3 ** lh - 3 + (2 ** lh - 2) * (2 ** lw - 2)
        size = s * 3 ** (w - lw) * 3 ** (h - lh)
        return size, 2 * (h + w) + (2 ** lh - 2) * (2 ** lw - 2)
    if lh:
        return 3 ** w, 2 * w
    if lw:
        return 3 ** h, 2 * h
    return 1, 0


@pytest.mark.parametrize("h,w", [(2, 2), (2, 5), (5, 2), (5, 5), (5, 4), (1, 8)])
def test_kernel_shape(h: int, w: int) -> None:
    kernel = list(twin_census.ternary_kernel(h, w))
    minimal = twin_census.minimal_vectors(kernel)
    assert (len(kernel), len(minimal)) == expected_kernel(h, w)
    assert set(minimal) == set(twin_census.minimal_vectors(kernel, conformal=True))


def test_kernel_5x5() -> None:
    """The kernel count alone at 5x5 (2^25 pictures, under a second)."""
    r = twin_census.with_twin_by_kernel(5, 5)
    assert (r["kernel_size"], r["minimal_vectors"], r["line_vectors"]) == (3195, 216, 20)
    assert r["with_twin"] == 2 ** 25 - twin_counts.twin_free(5, 5) == 24644272
    lines_only = twin_counts.line_twin_free(5, 5) - twin_counts.twin_free(5, 5)
    assert r["with_twin"] - r["line_twins"] == lines_only == 56448


def test_main_prints_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert twin_census.main(["2x2", "3x3"]) == 0
    out = capsys.readouterr().out
    assert "2x2" in out and "3x3" in out and "agree: yes" in out
    with pytest.raises(ValueError):
        twin_census.census(6, 5)
