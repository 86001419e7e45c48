"""The compiled sweep (allparts.py) against code it shares nothing with: the plain enumerator
(partitions.py) for the partitions, the brute counter by cells for the verdicts,
generate.looks_dead for the static tests and the validator for its answers, on every partition
of small boards; and its two ways (every partition, one per symmetry class) against each other."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from pencilbox.puzzles.ripple import rules
from pencilbox.puzzles.ripple.board import Board
from pencilbox.puzzles.ripple.brute import count_by_cells
from pencilbox.puzzles.ripple.generate import looks_dead
from pencilbox.puzzles.ripple.studies import allparts
from pencilbox.puzzles.ripple.studies.allparts import KEYS, pieces, reasons_named, sweep
from pencilbox.puzzles.ripple.studies.partitions import partitions


def by_largest(rows: int, cols: int, most: int) -> list[int]:
    got = [0] * (most + 1)
    for p in partitions(rows, cols, most):
        got[max(Counter(p).values())] += 1
    return got


@pytest.mark.parametrize("rows,cols,most", [(1, 4, 4), (2, 3, 6), (3, 3, 4), (4, 4, 3), (3, 4, 5)])
def test_totals_by_largest_region_against_the_plain_enumerator(rows: int, cols: int, most: int) -> None:
    counts, _ = sweep(rows, cols, most)
    assert counts[:, KEYS.index("partitions")].tolist() == by_largest(rows, cols, most)


def test_pieces_are_connected_sets_by_lowest_cell() -> None:
    start, masks, sizes, cells = pieces(3, 3, 3)
    assert start[-1] == len(masks) == 9 + 12 + 22  # monominoes, dominoes, trominoes placed on 3 x 3
    for low in range(9):
        for k in range(start[low], start[low + 1]):
            got = [int(c) for c in cells[k] if c >= 0]
            assert min(got) == low and len(got) == sizes[k] and masks[k] == sum(1 << c for c in got)


@pytest.mark.parametrize("rows,cols,most", [(3, 3, 4), (2, 4, 4)])
def test_every_verdict_reason_and_answer_against_independent_code(rows: int, cols: int, most: int) -> None:
    """Sampling every partition (one in 1): each decided again by the brute counter, its reasons
    by looks_dead and its answer by the validator."""
    counts, sample = sweep(rows, cols, most, every_live=1, every_dead=1, cap=5000)
    assert len(sample) == counts[:, 0].sum() == sum(by_largest(rows, cols, most))
    assert sorted(r for r, _, _, _ in sample) == sorted(partitions(rows, cols, most))
    for regions, alive, why, answer in sample:
        board = Board(rows, cols, regions, (None,) * (rows * cols))
        assert alive == (count_by_cells(rows, cols, regions, board.clues, 1)[0] > 0)
        assert reasons_named(why) == looks_dead(rows, cols, regions)
        assert not alive or rules.is_answer(board, answer)
    live = KEYS.index("live")
    assert counts[:, live].sum() == sum(alive for _, alive, _, _ in sample) > 0


def test_one_per_class_weighed_equals_every_partition() -> None:
    """The symmetry-class sweep (the line rule run on a partition and its transpose) gives the
    sweep of every partition's counts, bound by bound."""
    whole, _ = sweep(4, 4, 4)
    classes, _ = sweep(4, 4, 4, orbits=True)
    same = [k for k, key in enumerate(KEYS) if key not in ("nodes", "dead weighed")]
    assert np.array_equal(whole[:, same], classes[:, same])
    assert whole[:, KEYS.index("dead weighed")].tolist() == whole[:, KEYS.index("dead")].tolist()
    assert classes[:, KEYS.index("nodes")].sum() < whole[:, KEYS.index("nodes")].sum()


@pytest.mark.parametrize("orbits", [False, True])
def test_shares_add_up_to_the_whole(orbits: bool) -> None:
    whole, _ = sweep(4, 4, 3, orbits=orbits)
    dealt = sum(sweep(4, 4, 3, part, 5, 3, orbits)[0] for part in range(5))
    assert np.array_equal(dealt, whole)


def test_the_sample_is_seeded() -> None:
    one = sweep(4, 4, 3, salt=4, every_live=7, every_dead=500, cap=100)[1]
    assert one == sweep(4, 4, 3, salt=4, every_live=7, every_dead=500, cap=100)[1]
    assert one != sweep(4, 4, 3, salt=5, every_live=7, every_dead=500, cap=100)[1]
    assert {alive for _, alive, _, _ in one} == {True, False}


def test_the_validator_rejects_broken_answers() -> None:
    domino = np.array([0, 0], np.int64)
    assert allparts._valid(1, 2, domino, np.array([1, 2], np.int64))
    assert allparts._valid(2, 1, domino, np.array([2, 1], np.int64))
    assert not allparts._valid(1, 2, domino, np.array([1, 1], np.int64))  # a region holds 1 twice
    assert not allparts._valid(1, 2, domino, np.array([1, 3], np.int64))  # 3 in a 2-cell region
    singles = np.array([0, 1], np.int64)
    assert not allparts._valid(1, 2, singles, np.array([1, 1], np.int64))  # two 1s side by side
    assert not allparts._valid(2, 1, singles, np.array([1, 1], np.int64))
    pair = np.array([0, 1, 1], np.int64)  # a singleton and a domino in a line
    assert allparts._valid(1, 3, pair, np.array([1, 2, 1], np.int64))  # 1 _ 1: far enough
    assert not allparts._valid(1, 3, pair, np.array([1, 1, 2], np.int64))
    three = np.array([0, 0, 1, 2, 2], np.int64)
    assert not allparts._valid(1, 5, three, np.array([1, 2, 1, 2, 1], np.int64))  # 2 _ 2: too near
