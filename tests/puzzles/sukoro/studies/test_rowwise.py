"""The row counter (rowwise.py) against both transfer matrices and every subset of cells, and
its residues joined back exactly."""

from __future__ import annotations

import random

import pytest

from pencilbox.puzzles.sukoro.studies.blank import transfer_counts_fast
from pencilbox.puzzles.sukoro.studies.rowwise import M1, M2, MAX_CELLS, crt, row_counts
from pencilbox.puzzles.sukoro.studies.transfer import compiled_counts
from tests.puzzles.sukoro.studies.test_blank import naive


@pytest.mark.parametrize("width", range(1, 6))
def test_the_row_counter_agrees_with_the_plain_matrix(width: int) -> None:
    assert row_counts(width, 9 - width)[0] == transfer_counts_fast(width, 9 - width)[0]


def test_a_table_that_grows_loses_nothing() -> None:
    """Width 6 holds 5,465 row states, past half of the first table's 4,096 slots."""
    counts, held = row_counts(6, 7)
    assert max(held) > 2048
    assert counts == compiled_counts(6, 7)[0]


@pytest.mark.parametrize("rows,cols", [(1, 12), (2, 7), (3, 4), (3, 5), (4, 4)])
def test_small_counts_and_largest_answers_against_every_subset(rows: int, cols: int) -> None:
    want = naive(rows, cols)
    assert row_counts(rows, cols)[0][cols - 1] == want
    assert row_counts(cols, rows)[0][rows - 1] == want


def test_the_residues_join_back() -> None:
    g = random.Random(49)
    for n in [0, 1, M1 - 1, M1, M2, 2**63, 2**120, M1 * M2 - 1, *(g.randrange(M1 * M2) for _ in range(50))]:
        assert crt(n % M1, n % M2) == n
    assert M1 * M2 > 2**MAX_CELLS


def test_boards_past_the_residues_are_refused() -> None:
    with pytest.raises(ValueError, match="121"):
        row_counts(11, 12)
    with pytest.raises(ValueError):
        row_counts(13, 1)
