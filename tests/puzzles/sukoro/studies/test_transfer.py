"""The compiled transfer matrix (transfer.py) against the plain one in blank.py, with which it
shares no code, and against every subset of cells; its exact two-limb counts carry."""

from __future__ import annotations

import numpy as np
import pytest

from pencilbox.puzzles.sukoro.studies.blank import transfer_counts_fast
from pencilbox.puzzles.sukoro.studies.transfer import BASE, MAX_WIDTH, _add, compiled_counts
from tests.puzzles.sukoro.studies.test_blank import naive


@pytest.mark.parametrize("width", range(1, 6))
def test_the_compiled_matrix_agrees_with_the_plain_one(width: int) -> None:
    """Width 5 holds 1,395 frontiers, past the first table's 614: a column redone in a larger
    table must not count its finished answers twice."""
    counts, held = compiled_counts(width, 9 - width)
    plain, plain_held = transfer_counts_fast(width, 9 - width)
    assert counts == plain
    assert max(held) == plain_held  # the same frontiers, packed


@pytest.mark.parametrize("rows,cols", [(1, 10), (2, 7), (3, 4), (3, 5), (4, 4)])
def test_small_counts_and_largest_answers_against_every_subset(rows: int, cols: int) -> None:
    want = naive(rows, cols)
    assert compiled_counts(rows, cols)[0][cols - 1] == want
    assert compiled_counts(cols, rows)[0][rows - 1] == want


def test_the_two_limbs_carry() -> None:
    hi, lo = np.zeros(1, np.int64), np.array([BASE - 1], np.int64)
    _add(hi, lo, 0, 3, BASE - 1)
    assert (int(hi[0]), int(lo[0])) == (4, BASE - 2)
    assert int(hi[0]) * BASE + int(lo[0]) == 2 * (BASE - 1) + 3 * BASE


def test_widths_out_of_reach_are_refused() -> None:
    with pytest.raises(ValueError, match="1 to 10"):
        compiled_counts(MAX_WIDTH + 1, 2)
    with pytest.raises(ValueError):
        compiled_counts(0, 2)
