"""Standalone checks of the Slant brute-force (engine 2, brute.py) and SAT (engine 3, sat.py)
counters.

Blank-board counts and an exhaustive enumeration written here pin both engines down, and the
published boards brute, without relying on any other solver in the project (the published boards'
SAT and ladder counts are in tests/registry/test_contract.py: each board counted by each engine
once).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from pencilbox import puzzles
from pencilbox.puzzles.slant.brute import _count_kernel, _count_kernel_src, brute_count
from pencilbox.puzzles.slant.sat import sat_count

BOARDS = puzzles.published("slant")  # the folder's published boards (data/published.json)


def flat(board: dict) -> list[int | None]:
    return [v for row in board["clues"] for v in row]


def as_rows(cols: int, ans: Sequence[int]) -> list[str]:
    return ["".join("/" if v == 1 else "\\" for v in ans[k : k + cols]) for k in range(0, len(ans), cols)]


def is_answer(rows: int, cols: int, clues: Sequence[int | None], ans: Sequence[int]) -> bool:
    """Tiny independent checker: every clue counted, no loop (union-find over the points)."""
    w = cols + 1
    if len(ans) != rows * cols or any(v not in (1, 2) for v in ans):
        return False
    deg = [0] * ((rows + 1) * w)
    par = list(range((rows + 1) * w))

    def find(x: int) -> int:
        while par[x] != x:
            x = par[x]
        return x

    for r in range(rows):
        for c in range(cols):
            if ans[r * cols + c] == 1:
                a, b = r * w + c + 1, (r + 1) * w + c
            else:
                a, b = r * w + c, (r + 1) * w + c + 1
            deg[a] += 1
            deg[b] += 1
            ra, rb = find(a), find(b)
            if ra == rb:
                return False
            par[ra] = rb
    return all(v is None or v == -1 or deg[p] == v for p, v in enumerate(clues))


def exhaustive(rows: int, cols: int, clues: Sequence[int | None]) -> int:
    return sum(is_answer(rows, cols, clues, ans) for ans in itertools.product((1, 2), repeat=rows * cols))


def blank(rows: int, cols: int) -> list[int | None]:
    return [None] * ((rows + 1) * (cols + 1))


def test_blank_2x2_is_15() -> None:
    for jit in (True, False):
        assert brute_count(2, 2, blank(2, 2), limit=100, jit=jit)[:2] == (15, None)
    assert sat_count(2, 2, blank(2, 2), limit=100)[:2] == (15, None)
    assert exhaustive(2, 2, blank(2, 2)) == 15


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_blank_1xn(n: int) -> None:
    for r, c in ((1, n), (n, 1)):
        b = brute_count(r, c, blank(r, c), limit=10**6)
        assert b[:2] == (2**n, None)
        assert brute_count(r, c, blank(r, c), limit=10**6, jit=False)[:2] == (2**n, None)
        s = sat_count(r, c, blank(r, c), limit=10**6)
        assert s[:2] == (2**n, None)
        for a in b[3] + s[3]:
            assert is_answer(r, c, blank(r, c), a)


@pytest.mark.parametrize(("rows", "cols"), [(2, 3), (3, 2), (3, 3)])
def test_blank_small_agree_with_exhaustive(rows: int, cols: int) -> None:
    expected = exhaustive(rows, cols, blank(rows, cols))
    assert expected == {(2, 3): 56, (3, 2): 56, (3, 3): 384}[(rows, cols)]
    b = brute_count(rows, cols, blank(rows, cols), limit=10**6)
    assert b == brute_count(rows, cols, blank(rows, cols), limit=10**6, jit=False)
    s = sat_count(rows, cols, blank(rows, cols), limit=10**6)
    assert b[:2] == s[:2] == (expected, None)
    for a in b[3] + s[3]:
        assert is_answer(rows, cols, blank(rows, cols), a)


def test_limits_cap() -> None:
    assert brute_count(3, 3, blank(3, 3), limit=5)[:2] == (5, "limit")
    assert sat_count(3, 3, blank(3, 3), limit=5)[:2] == (5, "limit")
    count, stop, nodes, _ = brute_count(3, 3, blank(3, 3), limit=10**6, node_cap=10)
    assert stop == "nodes" and count < 384 and nodes <= 10


def test_unsatisfiable_and_bad_clues() -> None:
    clues = blank(1, 1)
    clues[0] = 1
    clues[3] = 1
    clues[1] = 1  # all three corners touched: impossible
    assert brute_count(1, 1, clues)[:2] == (0, None)
    assert sat_count(1, 1, clues)[:2] == (0, None)
    clues = blank(2, 2)
    clues[4] = 4  # centre 4 needs both diagonals through it: fine
    assert brute_count(2, 2, clues, limit=100)[0] == sat_count(2, 2, clues, limit=100)[0] == 1
    clues[0] = 4  # a corner point touches one cell only
    assert brute_count(2, 2, clues)[:2] == (0, None)
    assert sat_count(2, 2, clues)[:2] == (0, None)
    with pytest.raises(ValueError):
        brute_count(2, 2, [None] * 4)
    with pytest.raises(ValueError):
        sat_count(2, 2, [None] * 4)


BRUTE = puzzles.get("slant").counters["brute"]
SMALL = [b for b in BOARDS if b["rows"] * b["cols"] <= 100 or BRUTE.holds(b["rows"], b["cols"])]
TWINNED = {b["id"] for b in [b for b in SMALL if b["rows"] * b["cols"] <= 49
                              and b["solutions"] == "unique"][:6]}


def test_every_published_board_in_brute_range_is_counted_here() -> None:
    """The registry-wide contract leaves the brute counts of published boards to this file
    (tests/contract.py, standalone); the ladder and SAT count them there."""
    assert all(b in SMALL for b in BOARDS if BRUTE.holds(b["rows"], b["cols"])) and len(TWINNED) == 6


@pytest.mark.parametrize("board", SMALL, ids=[b["id"] for b in SMALL])
def test_published_boards(board: dict) -> None:
    """Brute (its plain-Python twin too, node for node, on the first small boards) and the
    checker written here agree with the published answer."""
    rows, cols, clues = board["rows"], board["cols"], flat(board)
    b = brute_count(rows, cols, clues, limit=2)
    if board["id"] in TWINNED:
        assert brute_count(rows, cols, clues, jit=False) == b
    for a in b[3]:
        assert is_answer(rows, cols, clues, a)
    if board["solutions"] == "multiple":
        assert b[:2] == (2, "limit") and b[3][0] != b[3][1]
        return
    answer = board.get("answer") or board.get("answer_derived")
    assert b[:2] == (1, None)
    assert as_rows(cols, b[3][0]) == answer


def test_random_boards_agree() -> None:
    rng = random.Random(20240607)
    for _ in range(40):
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        npts = (rows + 1) * (cols + 1)
        density = rng.choice([0.1, 0.25, 0.4, 0.6])
        # clues from a random loop-free filling keep many boards solvable
        fill = [rng.choice((1, 2)) for _ in range(rows * cols)]
        deg = [0] * npts
        w = cols + 1
        for i, o in enumerate(fill):
            r, c = divmod(i, cols)
            for p in (r * w + c + 1, (r + 1) * w + c) if o == 1 else (r * w + c, (r + 1) * w + c + 1):
                deg[p] += 1
        clues: list[int | None] = [None] * npts
        for p in range(npts):
            if rng.random() < density:
                clues[p] = deg[p] if rng.random() < 0.8 else rng.choice([-1, 0, 1, 2, 3, 4])
        jit = brute_count(rows, cols, clues, limit=10**6)
        py = brute_count(rows, cols, clues, limit=10**6, jit=False)
        assert jit == py
        sat = sat_count(rows, cols, clues, limit=10**6)
        assert sat[0] == jit[0] == exhaustive(rows, cols, clues)
        assert not sat[1] and not jit[1]
        for a in jit[3] + sat[3]:
            assert is_answer(rows, cols, clues, a)


def test_kernel_variants() -> None:
    assert hasattr(_count_kernel, "py_func")
    assert not hasattr(_count_kernel_src, "py_func")


def test_the_sat_encoding_is_no_larger_than_it_says() -> None:
    """``sat_clauses`` bounds the encoding before it is built (issue 47 item 3): a clause a cell
    at most for the diamonds, and each clue's own "exactly k" clauses."""
    from pencilbox import boardio
    from pencilbox.puzzles.slant.sat import _clue_clauses, _diamonds, _point_literals
    rng = random.Random(47)
    for rows, cols in ((1, 1), (1, 6), (3, 3), (7, 5), (10, 10)):
        clues = [rng.choice([None, None, 0, 1, 2, 3, 4]) for _ in range((rows + 1) * (cols + 1))]
        lits = _point_literals(rows, cols)
        clues = [v if v is None or v <= len(lits[p]) else None for p, v in enumerate(clues)]
        real = len(_diamonds(rows, cols)) + sum(len(_clue_clauses(lits[p], v) or ())
                                                for p, v in enumerate(clues) if v is not None)
        board = boardio.board_from_json({"puzzle": "slant", "rows": rows, "cols": cols,
                                         "clues": [clues[r * (cols + 1):(r + 1) * (cols + 1)]
                                                   for r in range(rows + 1)]})
        assert real <= puzzles.get("slant").sat_clauses(board) <= real + rows * cols
