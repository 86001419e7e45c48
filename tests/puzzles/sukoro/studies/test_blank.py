"""The blank-board counts (blank.py) past the seed's table (study 1 to R <= 10, C <= 12): the
memoised transfer matrix agrees with the readable one, and its small cases with a naive count
written here (every subset of cells checked against the rules) and with engine 2 on the new shapes
engine 2 can reach."""

from __future__ import annotations

from itertools import product

import pytest

from pencilbox.puzzles.sukoro.studies import blank_counts
from pencilbox.puzzles.sukoro.studies.blank import all_answers, transfer_counts, transfer_counts_fast
from pencilbox.puzzles.sukoro.studies.common import blank_count


def naive(rows: int, cols: int) -> tuple[int, int]:
    """(answers, most numbered cells; -1 when none) of the blank board: every subset of the cells,
    kept when non-empty, connected, every cell with a neighbour and no two neighbours of one degree."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    count, most = 0, -1
    for bits in product((0, 1), repeat=len(cells)):
        on = {cell for cell, b in zip(cells, bits, strict=True) if b}
        if not on:
            continue
        nbrs = {(r, c): [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if x in on]
                for r, c in on}
        if any(not ns for ns in nbrs.values()):
            continue
        if any(len(nbrs[a]) == len(nbrs[b]) for a in on for b in nbrs[a]):
            continue
        seen, todo = set(), [next(iter(on))]
        while todo:
            x = todo.pop()
            if x not in seen:
                seen.add(x)
                todo += nbrs[x]
        if seen == on:
            count, most = count + 1, max(most, len(on))
    return count, most


@pytest.mark.parametrize("width", range(1, 6))
def test_the_memoised_transfer_matrix_agrees_with_the_readable_one(width: int) -> None:
    fast, held = transfer_counts_fast(width, 9 - width)
    assert fast == transfer_counts(width, 9 - width)
    assert held >= 1


@pytest.mark.parametrize("rows,cols", [(1, 12), (2, 6), (2, 7), (3, 4), (3, 5), (4, 4)])
def test_small_counts_and_largest_answers_against_every_subset(rows: int, cols: int) -> None:
    want = naive(rows, cols)
    assert transfer_counts_fast(rows, cols)[0][cols - 1] == want  # width rows, length cols
    assert transfer_counts_fast(cols, rows)[0][rows - 1] == want  # the transpose, another width


def test_the_new_shapes_against_engine_2_and_the_enumerator() -> None:
    """Columns 11 and 12 on the thin rows (new past the seed's 10), and 4 x 9, 5 x 8 (new past its
    4 x 8 and 5 x 7); the enumerator gives the largest answer where it reaches."""
    for rows, cols in [(1, 11), (2, 11), (2, 12), (3, 11), (4, 9), (5, 8)]:
        count, most = transfer_counts_fast(rows, cols)[0][cols - 1]
        assert (count, False) == blank_count(rows, cols, "brute"), (rows, cols)
        if rows * cols <= 24:
            answers = all_answers(rows, cols)
            assert len(answers) == count and int((answers > 0).sum(axis=1).max()) == most


def test_transposes_agree_at_two_widths() -> None:
    five, _ = transfer_counts_fast(5, 7)
    seven, _ = transfer_counts_fast(7, 5)
    assert five[6] == seven[4]  # 7 x 5 at width 5, 5 x 7 at width 7: the seed's 666,757
    assert five[6][0] == 666_757


def test_the_study_goes_past_the_seed() -> None:
    full = blank_counts.FULL
    assert (full["rows"], full["cols"]) == (10, 12) and full["compiled"] == 10 and full["seed"] == [7, 10]
    assert full["widths"] >= 7  # the plain matrix still checks the compiled one and the row counter
    assert sum(blank_counts.SEED_PRINTED.values()) == 56  # the seed's table: 3 rows of 10, then 8, 7, 6, 5
