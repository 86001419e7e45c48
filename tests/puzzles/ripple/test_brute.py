"""Standalone checks of the Ripple Effect brute-force (engine 2, two counters, brute.py) and SAT
(engine 3, sat.py) counters.

The published boards (the two brute counters; their SAT and ladder counts are in
tests/registry/test_contract.py, so each board is counted by each engine once), small random boards
(all three counters, jitted and plain Python, must agree exactly; a tiny exhaustive enumeration
written here joins in where it is cheap) and hand-made edge cases pin the engines down without
relying on any other solver in the project. Every returned answer is judged by ``is_answer``, a
checker written here from the rules.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from pencilbox import puzzles
from pencilbox.puzzles.ripple.brute import (
    _cells_kernel,
    _cells_kernel_src,
    _regions_kernel,
    _regions_kernel_src,
    count_by_cells,
    count_by_regions,
)
from pencilbox.puzzles.ripple.sat import sat_count

Clues = Sequence[int | None]


BOARDS = puzzles.published("ripple")  # the folder's published boards (data/published.json)
SMALL = [b for b in BOARDS if b["rows"] * b["cols"] <= 100]  # both counters' ranges and past them
TWINNED = 36  # cells: the plain-Python twins run on the published boards up to here


def flat(grid: list[list]) -> list:
    return [v for row in grid for v in row]


def is_answer(rows: int, cols: int, regions: Sequence[int], clues: Clues, ans: Sequence[int]) -> bool:
    """Tiny independent checker: regions hold 1..s, givens kept, equal values in a line more than v apart."""
    if len(ans) != rows * cols:
        return False
    members: dict[int, list[int]] = {}
    for i, g in enumerate(regions):
        members.setdefault(g, []).append(ans[i])
    if any(sorted(vals) != list(range(1, len(vals) + 1)) for vals in members.values()):
        return False
    if any(g is not None and g != a for g, a in zip(clues, ans, strict=True)):
        return False
    grid = [list(ans[r * cols : (r + 1) * cols]) for r in range(rows)]
    for line in grid + [list(col) for col in zip(*grid, strict=True)]:
        for a, b in itertools.combinations(range(len(line)), 2):
            if line[a] == line[b] and b - a <= line[a]:
                return False
    return True


def exhaustive(rows: int, cols: int, regions: Sequence[int], clues: Clues) -> int:
    """Count by trying every permutation of every region (only for tiny search spaces)."""
    members: dict[int, list[int]] = {}
    for i, g in enumerate(regions):
        members.setdefault(g, []).append(i)
    groups = list(members.values())
    count = 0
    for perms in itertools.product(*(itertools.permutations(range(1, len(m) + 1)) for m in groups)):
        ans = [0] * (rows * cols)
        for cells, perm in zip(groups, perms, strict=True):
            for i, v in zip(cells, perm, strict=True):
                ans[i] = v
        count += is_answer(rows, cols, regions, clues, ans)
    return count


def space(regions: Sequence[int]) -> int:
    """Number of fillings ``exhaustive`` would try (product of s! over regions)."""
    out = 1
    for g in set(regions):
        for k in range(1, list(regions).count(g) + 1):
            out *= k
    return out


def all_counts(rows: int, cols: int, regions: Sequence[int], clues: Clues, limit: int = 10**6) -> list[tuple]:
    """All five counters (two brute, jitted and plain, plus SAT); jit and plain must agree exactly."""
    cj = count_by_cells(rows, cols, regions, clues, limit=limit)
    cp = count_by_cells(rows, cols, regions, clues, limit=limit, jit=False)
    rj = count_by_regions(rows, cols, regions, clues, limit=limit)
    rp = count_by_regions(rows, cols, regions, clues, limit=limit, jit=False)
    assert cj == cp
    assert rj == rp
    s = sat_count(rows, cols, regions, clues, limit=limit)
    for res in (cj, rj, s):
        assert len(res[3]) == min(res[0], 2)
        for a in res[3]:
            assert is_answer(rows, cols, regions, clues, a)
    return [cj, rj, s]


# --- published boards ---------------------------------------------------------------------------


def test_every_published_board_in_a_brute_counters_range_is_counted_here() -> None:
    """The registry-wide contract leaves the brute counts (both counters) of published boards to
    this file (tests/contract.py, standalone); the ladder and SAT count them there."""
    counters = puzzles.get("ripple").counters
    assert all(b in SMALL for b in BOARDS for e in ("brute", "cells")
               if counters[e].holds(b["rows"], b["cols"]))
    assert any(b["rows"] * b["cols"] <= TWINNED for b in SMALL)


@pytest.mark.parametrize("board", SMALL, ids=[b["id"] for b in SMALL])
def test_published_boards(board: dict) -> None:
    """Both brute counters (their plain-Python twins too, node for node, up to 36 cells) and the
    checker written here agree with the published answer."""
    rows, cols = board["rows"], board["cols"]
    regions, clues = flat(board["regions"]), flat(board["clues"])
    answer = flat(board.get("answer") or board.get("answer_derived"))
    assert is_answer(rows, cols, regions, clues, answer)
    for fn in (count_by_cells, count_by_regions):
        res = fn(rows, cols, regions, clues, limit=2)
        if rows * cols <= TWINNED:
            assert fn(rows, cols, regions, clues, limit=2, jit=False) == res
        assert res[:2] == (1, None)
        assert res[3] == [answer]


# --- hand-made cases ----------------------------------------------------------------------------


def test_tiny_boards() -> None:
    assert all(r[:2] == (1, None) and r[3] == [[1]] for r in all_counts(1, 1, [0], [None]))
    # one region in a row: every permutation (values in one region never repeat)
    assert [r[0] for r in all_counts(1, 3, [0, 0, 0], [None] * 3)] == [6, 6, 6]
    # two lone cells side by side both hold 1, one apart: dead
    assert [r[0] for r in all_counts(1, 2, [0, 1], [None] * 2)] == [0, 0, 0]
    assert [r[0] for r in all_counts(1, 3, [0, 1, 2], [None] * 3)] == [0, 0, 0]
    # 1 2 1: the two 1s are two apart, which is enough; the same vertically
    for rows, cols in ((1, 3), (3, 1)):
        res = all_counts(rows, cols, [0, 1, 1], [None] * 3)
        assert all(r[:2] == (1, None) and r[3] == [[1, 2, 1]] for r in res)
    # 1 | 1 2 | 1 in either order puts a 1 next to a lone 1
    assert [r[0] for r in all_counts(1, 4, [0, 1, 1, 2], [None] * 4)] == [0, 0, 0]
    # pairs in a row: neighbouring pairs must not meet with equal values, and 1 2 1 2 / 2 1 2 1
    # put two 2s only two apart -- dead
    assert [r[0] for r in all_counts(1, 6, [0, 0, 1, 1, 2, 2], [None] * 6)] == [0, 0, 0]
    # 2 . . . 2 is fine, 2 . 2 is not
    regions = [0, 0, 1, 1, 1]
    assert is_answer(1, 5, regions, [None] * 5, [2, 1, 3, 1, 2])
    assert not is_answer(1, 5, regions, [None] * 5, [1, 2, 3, 2, 1])
    expected = exhaustive(1, 5, regions, [None] * 5)
    assert expected >= 1
    assert [r[0] for r in all_counts(1, 5, regions, [None] * 5)] == [expected] * 3


def test_bad_givens_count_zero() -> None:
    regions = [0, 0, 1, 1]
    for clues in (
        [3, None, None, None],  # larger than its region
        [0, None, None, None],  # not a positive value
        [1, 1, None, None],  # repeated in a region
        [1, None, 1, None],  # two 1s one above the other
    ):
        for res in all_counts(2, 2, regions, clues):
            assert res[:2] == (0, None)
            assert res[3] == []


def test_givens_fix_the_answer() -> None:
    regions = [0, 0, 0, 1, 1, 1]  # two rows of three
    free = [r[0] for r in all_counts(2, 3, regions, [None] * 6)]
    assert free[0] == free[1] == free[2] == exhaustive(2, 3, regions, [None] * 6)
    res = all_counts(2, 3, regions, [1, 2, 3, None, None, None])
    assert [r[0] for r in res] == [exhaustive(2, 3, regions, [1, 2, 3, None, None, None])] * 3


def test_limits_and_node_cap() -> None:
    regions = [0] * 6
    for fn in (count_by_cells, count_by_regions):
        assert fn(2, 3, regions, [None] * 6, limit=5)[:2] == (5, "limit")
        count, stop, nodes, _ = fn(2, 3, regions, [None] * 6, limit=10**6, node_cap=10)
        assert stop == "nodes" and count < 720 and nodes <= 10
        assert fn(2, 3, regions, [None] * 6, limit=10**6)[:2] == (720, None)
    assert sat_count(2, 3, regions, [None] * 6, limit=5)[:2] == (5, "limit")
    assert sat_count(2, 3, regions, [None] * 6, limit=10**6)[:2] == (720, None)


def test_wrong_lengths_raise() -> None:
    for fn in (count_by_cells, count_by_regions, sat_count):
        with pytest.raises(ValueError):
            fn(2, 2, [0, 0, 0], [None] * 4)
        with pytest.raises(ValueError):
            fn(2, 2, [0] * 4, [None] * 3)


# --- random boards ------------------------------------------------------------------------------


def _neighbours(rows: int, cols: int, i: int) -> list[int]:
    r, c = divmod(i, cols)
    return [
        rr * cols + cc
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < rows and 0 <= cc < cols
    ]


def random_regions(rng: random.Random, rows: int, cols: int, small: float) -> list[int]:
    """Random connected partition by region growing; ``small`` is the chance a region aims at size 1 or 2."""
    n = rows * cols
    reg = [-1] * n
    k = 0
    starts = list(range(n))
    rng.shuffle(starts)
    for start in starts:
        if reg[start] >= 0:
            continue
        target = rng.choice((1, 2)) if rng.random() < small else rng.randint(2, 5)
        reg[start] = k
        grown = [start]
        while len(grown) < target:
            frontier = [j for i in grown for j in _neighbours(rows, cols, i) if reg[j] < 0]
            if not frontier:
                break
            j = rng.choice(frontier)
            reg[j] = k
            grown.append(j)
        k += 1
    return reg


def random_solution(rng: random.Random, rows: int, cols: int, regions: Sequence[int]) -> list[int] | None:
    """A random answer of the unclued board by a shuffled reading-order search (None if none is found)."""
    n = rows * cols
    size = {g: list(regions).count(g) for g in set(regions)}
    val = [0] * n
    opts: list[list[int]] = [[] for _ in range(n)]
    budget = 20000
    i = 0
    opts[0] = rng.sample(range(1, size[regions[0]] + 1), size[regions[0]])
    while 0 <= i < n and budget > 0:
        budget -= 1
        val[i] = 0
        if not opts[i]:
            i -= 1
            continue
        v = opts[i].pop()
        r, c = divmod(i, cols)
        if any(val[j] == v for j in range(i) if regions[j] == regions[i]):
            continue
        if any(val[r * cols + c - k] == v for k in range(1, v + 1) if c - k >= 0):
            continue
        if any(val[(r - k) * cols + c] == v for k in range(1, v + 1) if r - k >= 0):
            continue
        val[i] = v
        i += 1
        if i < n:
            opts[i] = rng.sample(range(1, size[regions[i]] + 1), size[regions[i]])
    return val if i == n else None


def test_random_boards_agree() -> None:
    rng = random.Random(20240611)
    tally = {"zero": 0, "one": 0, "many": 0, "exhaustive": 0}
    for _ in range(150):
        rows, cols = rng.randint(2, 4), rng.randint(2, 5)
        regions = random_regions(rng, rows, cols, rng.choice([0.0, 0.0, 0.15, 0.4, 0.8]))
        size = {g: regions.count(g) for g in set(regions)}
        sol = random_solution(rng, rows, cols, regions) if rng.random() < 0.8 else None
        density = rng.choice([0.0, 0.1, 0.25, 0.4])
        clues: list[int | None] = [None] * (rows * cols)
        for i in range(rows * cols):
            if rng.random() < density:
                s = size[regions[i]]
                if sol is not None and rng.random() < 0.9:
                    clues[i] = sol[i]
                else:
                    clues[i] = rng.randint(1, s) if rng.random() < 0.9 else s + 1
        # keep counts small enough for the plain-Python runs: add givens from an answer while huge
        while True:
            res = count_by_cells(rows, cols, regions, clues, limit=300)
            if not res[1]:
                break
            free = [i for i in range(rows * cols) if clues[i] is None]
            i = rng.choice(free)
            clues[i] = res[3][0][i]
        counts = all_counts(rows, cols, regions, clues)
        assert counts[0][0] == counts[1][0] == counts[2][0] == res[0]
        assert not any(r[1] for r in counts)
        if space(regions) <= 3000:
            assert exhaustive(rows, cols, regions, clues) == res[0]
            tally["exhaustive"] += 1
        tally["zero" if res[0] == 0 else "one" if res[0] == 1 else "many"] += 1
    # the mix must exercise dead, unique and multiple boards
    assert min(tally.values()) >= 10, tally


def test_kernel_variants() -> None:
    for jitted, plain in ((_cells_kernel, _cells_kernel_src), (_regions_kernel, _regions_kernel_src)):
        assert hasattr(jitted, "py_func")
        assert not hasattr(plain, "py_func")


def test_the_sat_encoding_is_no_larger_than_it_says() -> None:
    """``sat_clauses`` bounds the encoding before it is built (issue 47 item 3: 10,000 cells of
    60-cell regions held 9.7 GB); it grows with the square of the region sizes, as the clauses do."""
    from pencilbox import boardio
    from pencilbox.puzzles.ripple.sat import _shape
    shapes = [(b["rows"], b["cols"], tuple(flat(b["regions"]))) for b in SMALL[:6]]
    shapes += [(r, c, tuple((i // c) // h * (c // w) + (i % c) // w for i in range(r * c)))
               for r, c, h, w in ((1, 1, 1, 1), (4, 6, 2, 2), (6, 10, 6, 10), (12, 10, 3, 5))]
    for rows, cols, regions in shapes:
        grid = [list(regions[r * cols:(r + 1) * cols]) for r in range(rows)]
        board = boardio.board_from_json({"puzzle": "ripple", "rows": rows, "cols": cols, "regions": grid,
                                         "clues": [[None] * cols for _ in range(rows)]})
        real = len(_shape(rows, cols, regions)[2])
        assert real <= puzzles.get("ripple").sat_clauses(board) <= 4 * real + 40, (rows, cols)


def _region_order_by_rescoring(rows: int, cols: int, reg: Sequence[int], size: Sequence[int],
                               clue: Sequence[int]) -> list[int]:
    """The region order as it was first written: every region rescored at every step."""
    nreg = len(size)
    known = [bool(v > 0) for v in clue]
    cells: list[list[int]] = [[] for _ in range(nreg)]
    for i, g in enumerate(reg):
        cells[int(g)].append(i)
    nbrs = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        nb = [rr * cols + cc for rr, cc in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c))
              if 0 <= rr < rows and 0 <= cc < cols]
        nbrs.append([j for j in nb if reg[j] != reg[i]])
    left, order = set(range(nreg)), []
    for _ in range(nreg):
        best, best_key = -1, (0.0, 0)
        for g in sorted(left):
            score = sum(2 * known[i] + sum(known[j] for j in nbrs[i]) for i in cells[g])
            key = (score / len(cells[g]), -g)
            if best < 0 or key > best_key:
                best, best_key = g, key
        order.append(best)
        left.discard(best)
        for i in cells[best]:
            known[i] = True
    return order


def test_the_region_order_is_the_rescoring_one_without_its_square_cost() -> None:
    """Issue 47 item 3: count --engine brute on a 500x500 Ripple spent minutes ordering its 62,500
    regions (each step rescored them all); the heap gives the same order on every board."""
    from pencilbox.puzzles.ripple.brute import _prepare, _region_order
    boards = [(b["rows"], b["cols"], flat(b["regions"]), flat(b["clues"])) for b in SMALL[:8]]
    boards += [(r, c, [(i // c) // h * (c // w) + (i % c) // w for i in range(r * c)], [None] * (r * c))
               for r, c, h, w in ((1, 1, 1, 1), (4, 6, 2, 2), (6, 9, 3, 3), (7, 5, 1, 5))]
    for rows, cols, regions, clues in boards:
        reg, size, clue, _ = _prepare(rows, cols, regions, clues)
        assert list(_region_order(rows, cols, reg, size, clue)) == \
            _region_order_by_rescoring(rows, cols, list(reg), list(size), list(clue))


def test_the_brute_counters_keep_a_value_table_as_wide_as_the_largest_region() -> None:
    """Issue 47 item 3: the value tables took a column per cell (regions x cells: a 500x500 board
    of 2x2 regions asked for 500 GB, MemoryError, exit 3); a region's values are 1..its size."""
    import tracemalloc
    regions = [(i // 60) // 2 * 30 + (i % 60) // 2 for i in range(3600)]
    for count in (count_by_regions, count_by_cells):
        tracemalloc.start()
        try:
            got = count(60, 60, regions, [None] * 3600, limit=2, node_cap=300, jit=False)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert got[0] == 0 and peak < 8 * 2**20, (count.__name__, got[:3], peak)  # a table per cell: 26 MB
