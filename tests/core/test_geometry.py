"""Geometry on square and non-square boards (pitfall: tables right only for squares)."""

from pencilbox.core.geometry import grid


def test_orth_on_non_square_board() -> None:
    g = grid(2, 3)
    assert g.size == 6
    assert set(g.orth[0]) == {1, 3}
    assert set(g.orth[4]) == {1, 3, 5}
    assert set(g.orth[5]) == {2, 4}
    for i in range(g.size):
        for j in g.orth[i]:
            assert i in g.orth[j]
            (r1, c1), (r2, c2) = g.rc(i), g.rc(j)
            assert abs(r1 - r2) + abs(c1 - c2) == 1


def test_blocks_corners_lines() -> None:
    g = grid(3, 4)
    assert len(g.block[0]) == 4 and len(g.block[5]) == 9 and len(g.block[4]) == 6
    assert g.corners(5) == (6, 7, 11, 12)
    assert g.points == 20
    assert g.lines()[0] == [0, 1, 2, 3] and g.lines()[3] == [0, 4, 8]
    arr = g.orth_array()
    assert arr.shape == (12, 4) and (arr[0] >= 0).sum() == 2
