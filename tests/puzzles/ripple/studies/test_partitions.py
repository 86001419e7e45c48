"""The partition enumerator (partitions.py) behind the exact mortality rows: its counts against a
naive walk over every labelling of the cells written here, the published counts it should meet, its
shares, its symmetry classes, and the study's weighted verdicts against deciding every partition one
by one with the cell-order brute counter."""

from __future__ import annotations

from collections import Counter

import pytest

from pencilbox.puzzles.ripple.brute import count_by_cells
from pencilbox.puzzles.ripple.generate import looks_dead
from pencilbox.puzzles.ripple.studies import mortality
from pencilbox.puzzles.ripple.studies.partitions import (
    class_size,
    images,
    orbits,
    partitions,
    relabel,
    symmetries,
)


def naive(rows: int, cols: int, most: int) -> int:
    """Partitions into connected pieces of at most ``most`` cells: every labelling in which each
    cell takes a label already used or the next new one (each set partition once), kept when
    every piece is connected and small enough."""
    n = rows * cols

    def connected(cells: list[int]) -> bool:
        todo, seen = [cells[0]], {cells[0]}
        while todo:
            i = todo.pop()
            r, c = divmod(i, cols)
            for j in (i - cols if r else -1, i + cols if r + 1 < rows else -1, i - 1 if c else -1,
                      i + 1 if c + 1 < cols else -1):
                if j in cells and j not in seen:
                    seen.add(j)
                    todo.append(j)
        return len(seen) == len(cells)

    count = 0

    def walk(labels: list[int]) -> None:
        nonlocal count
        if len(labels) == n:
            pieces = [[i for i, x in enumerate(labels) if x == k] for k in range(max(labels) + 1)]
            count += all(len(p) <= most and connected(p) for p in pieces)
            return
        for k in range(max(labels, default=-1) + 2):
            walk([*labels, k])

    walk([])
    return count


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 4), (2, 2), (2, 3), (3, 3)])
def test_counts_against_every_labelling(rows: int, cols: int) -> None:
    for most in range(1, rows * cols + 1):
        assert sum(1 for _ in partitions(rows, cols, most)) == naive(rows, cols, most), most


def test_published_counts() -> None:
    # monomer-dimer coverings (OEIS A028420) and partitions into connected pieces (A068416)
    assert [sum(1 for _ in partitions(n, n, 2)) for n in (1, 2, 3, 4)] == [1, 7, 131, 10012]
    assert [sum(1 for _ in partitions(n, n, n * n)) for n in (1, 2, 3)] == [1, 12, 1434]


def test_each_partition_once_connected_small_and_spelled_canonically() -> None:
    got = list(partitions(3, 4, 4))
    assert len(set(got)) == len(got) == 14539  # naive(3, 4, 4): its walk over 4.2 million labellings
    # takes 20-45 s, so its answer is written here (test_counts_against_every_labelling runs it to 3x3)
    for p in got:
        assert relabel(p) == p and max(Counter(p).values()) <= 4


@pytest.mark.parametrize("parts", [2, 3, 7])
def test_shares_are_disjoint_and_cover_every_partition(parts: int) -> None:
    whole = Counter(partitions(3, 3, 5))
    dealt = Counter(p for k in range(parts) for p in partitions(3, 3, 5, k, parts))
    assert dealt == whole


def test_symmetry_classes() -> None:
    perms = symmetries(3)
    assert sorted(map(tuple, perms)) == sorted(set(map(tuple, perms)))  # eight distinct symmetries
    total = 0
    for p in partitions(3, 3, 9):
        seen = images(3, p)
        want = len(set(seen)) if p == min(seen) else 0
        assert class_size(p, perms) == want
        total += want
    assert total == 1434 == sum(w for _, w in orbits(3, 9))


def test_exact_mortality_matches_deciding_every_partition() -> None:
    """The study's rows against the brute counter by cells and the static tests on each of the
    1,003 partitions of 3 x 3 into regions of at most 4 cells, walked here without shares; SAT's
    symmetry classes, weighed, give the same dead count."""
    p = {**mortality.QUICK, "exact": [[3, 4, 3, 2]]}
    jobs = [j for j in mortality.plan(p, 0) if j[0] == "exact"]
    results = [mortality.work(p, 0, *j) if j[0] == "exact" else {} for j in mortality.plan(p, 0)]
    upto = mortality.exact_totals(p, 0, results)[0]
    assert len(jobs) == 3
    want: dict[int, Counter[str]] = {limit: Counter() for limit in range(1, 5)}
    for regions in partitions(3, 3, 4):
        alive = count_by_cells(3, 3, regions, (None,) * 9, 1)[0] > 0
        reasons = looks_dead(3, 3, regions)
        for limit in range(max(Counter(regions).values()), 5):
            want[limit].update({"partitions": 1, "dead": not alive, "live": alive,
                                "dead any": bool(reasons) and not alive,
                                **{f"dead {r}": not alive for r in reasons}})
    for limit in range(1, 5):
        got = upto[limit]
        assert {k: got[k] for k in want[limit]} == dict(want[limit]), limit
        assert got["sat vs ladder"] == got["ladder vs brute"] == got["capped"] == got["cheap live"] == 0
        assert got["sat dead"] == got["dead"]
    assert upto[4]["partitions"] == 1003 and 0 < upto[4]["classes"] < 1003
