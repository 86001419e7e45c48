"""The two-block count past the seed (placed by twins_order.py): the transfer matrix over the order
of the columns (twins_order) and the recurrence over the source block (twins_source) against a brute
force written here from the definition, against the seed's J-set count (twin_counts.no_split_count)
where it runs, and against each other where neither of those reaches."""

from __future__ import annotations

from itertools import product

import pytest

from pencilbox.puzzles.fillapix import twins
from pencilbox.puzzles.fillapix.studies import twin_census, twin_counts, twins_order, twins_source


def brute(m: int, n: int) -> int:
    """Every m x n 0/1 matrix Y, one at a time (a row as the bits of its 1s): no row or
    column constant, and no proper nonempty column set J such that every row is all 0 on J
    or all 1 off J."""
    full = (1 << n) - 1
    total = 0
    for y in product(range(1 << n), repeat=m):
        if any(r in (0, full) for r in y):
            continue
        ones_everywhere = zeros_everywhere = full
        for r in y:
            ones_everywhere &= r
            zeros_everywhere &= ~r
        if ones_everywhere or zeros_everywhere & full:
            continue
        if any(all(r & j == 0 or r | j == full for r in y) for j in range(1, full)):
            continue
        total += 1
    return total


SMALL = [(m, n) for m in range(1, 5) for n in range(1, 5)] + [(2, 5), (5, 2), (3, 5), (2, 6), (6, 2)]


@pytest.mark.parametrize("m,n", SMALL)
def test_both_new_counts_match_brute_force(m: int, n: int) -> None:
    want = brute(m, n)
    assert twins_order.no_split(m, n) == want
    assert twins_source.no_split(m, n) == want


def test_both_match_the_seeds_count_where_it_runs() -> None:
    for m in range(1, 7):
        for n in range(1, 7):
            old = twin_counts.no_split_count(m, n)
            assert twins_order.order_counts(m, n)[0][m - 1] == old, (m, n)
            assert twins_source.no_split(m, n) == old, (m, n)


def test_transfer_matrix_and_recurrence_agree_past_the_seed() -> None:
    """Every m x n up to 10 x 8 (Y of 11x11 grids is 8 x 8, of 14x14 10 x 10: the study
    runs those), read both ways round where the transfer matrix reads rows."""
    for n in range(1, 9):
        counts, _ = twins_order.order_counts(10, n)
        assert counts == [twins_source.no_split(m, n) for m in range(1, 11)], n
    for m in range(1, 8):
        for n in range(1, 8):
            assert twins_order.order_counts(m, n)[0][m - 1] == twins_order.order_counts(n, m)[0][n - 1]


def test_states_are_the_shapes_but_the_start() -> None:
    """On n columns every composition of n with its parts of two or more marked one of two
    ways is reached, but the one loose block of the start: a(n) - 1 states, a(n) = 2 a(n-1) +
    a(n-2); the seed's J-set count needs far more."""
    a = [1, 1]
    for _ in range(2, 11):
        a.append(2 * a[-1] + a[-2])
    for n in range(2, 11):
        _, states = twins_order.order_counts(n, n)
        assert states[0] == 1 and max(states) == states[n] == a[n] - 1, n
    layers: list[int] = []
    twin_counts.no_split_count(5, 5, layers)
    assert len(layers) == 5 and max(layers) > 10 * (a[5] - 1)


def test_the_recurrence_counts_strong_orientations() -> None:
    """s(a, b) by the source recurrence: none on one row or one column, the two 4-cycles on
    K(2, 2), and the transpose alike."""
    table = twins_source.strong_table(6, 6)
    assert [table[1, b] for b in range(1, 7)] == [0] * 6
    assert table[2, 2] == 2
    assert all(table[a, b] == table[b, a] for a in range(1, 7) for b in range(1, 7))


def test_pictures_grouped_by_clues() -> None:
    """The whole chain where both sides are 2 (mod 3) and every picture can be grouped by
    its clue vector (no theory): 2x2, 2x5; 5x5 (Y is 4 x 4) through twin_counts.twin_free, which
    test_twins groups by clues too."""
    for h, w in ((2, 2), (2, 5), (5, 5)):
        lh, lw = twins.pattern_size(h), twins.pattern_size(w)
        off_pattern = twin_counts.line_twin_free(h, w) // twin_counts.a283624(lh, lw)
        free = twins_order.no_split(lh, lw) * off_pattern
        assert twin_counts.twin_free(h, w) == free
        if h * w <= 10:
            assert twin_census.with_twin_by_clues(h, w) == 2 ** (h * w) - free


def test_twin_share_is_exact_past_the_seed() -> None:
    """twin_counts.twin_share now counts the two-block family at 11x11 and 14x14 (at once): it
    adds to the lines-only share, by the transfer matrix's count."""
    for side in (11, 14):
        lm = twins.pattern_size(side)
        two_block = (twin_counts.a283624(lm, lm) - twins_order.no_split(lm, lm)) * (
            twin_counts.line_twin_free(side, side) // twin_counts.a283624(lm, lm))
        assert two_block > 0
        assert twin_counts.line_twin_free(side, side) - twin_counts.twin_free(side, side) == two_block


def test_bad_sizes() -> None:
    with pytest.raises(ValueError):
        twins_order.no_split(0, 3)
    with pytest.raises(ValueError):
        twins_source.no_split(3, 0)
