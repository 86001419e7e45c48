"""Standalone checks of the Sukoro brute-force (engine 2, brute.py) and SAT (engine 3, sat.py)
counters.

Known blank-board counts and random clue sets pin both engines down, and the published boards brute,
without relying on any other solver in the project (the published boards' SAT and ladder counts are
in tests/registry/test_contract.py: each board counted by each engine once).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pencilbox import puzzles
from pencilbox.puzzles.sukoro.brute import _count_kernel, brute_count
from pencilbox.puzzles.sukoro.sat import sat_count

BLANK_1xN = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8]
BLANK_2xN = [0, 4, 12, 26, 48, 80, 126, 190, 278, 398]
BLANK_3xN = [1, 12, 54, 162]
BLANK_CASES = (
    [(1, n, v) for n, v in enumerate(BLANK_1xN, 1)]
    + [(2, n, v) for n, v in enumerate(BLANK_2xN, 1)]
    + [(3, n, v) for n, v in enumerate(BLANK_3xN, 1)]
)


def check_answer(rows: int, cols: int, clues: Sequence[int | None], ans: list[int]) -> None:
    """Assert that ``ans`` obeys every Sukoro rule and the clues."""
    n = rows * cols
    assert len(ans) == n

    def nbrs(i: int) -> list[int]:
        r, c = divmod(i, cols)
        out = []
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < rows and 0 <= cc < cols:
                out.append(rr * cols + cc)
        return out

    on = [i for i in range(n) if ans[i]]
    assert on, "at least one numbered cell"
    for i in on:
        deg = sum(1 for j in nbrs(i) if ans[j])
        assert 1 <= ans[i] <= 4 and ans[i] == deg
        assert all(ans[j] != ans[i] for j in nbrs(i) if ans[j])
    for i, clue in enumerate(clues):
        if clue is not None:
            assert ans[i] != 0 and (clue == 0 or ans[i] == clue)
    seen = {on[0]}
    stack = [on[0]]
    while stack:
        u = stack.pop()
        for w in nbrs(u):
            if ans[w] and w not in seen:
                seen.add(w)
                stack.append(w)
    assert len(seen) == len(on), "numbered cells connected"


@pytest.mark.parametrize(("rows", "cols", "expected"), BLANK_CASES)
def test_brute_blank_counts(rows: int, cols: int, expected: int) -> None:
    for r, c in ((rows, cols), (cols, rows)):
        for mirror in (False, True):
            count, stop, _, answers = brute_count(r, c, [None] * (r * c), limit=10**9, mirror=mirror)
            assert (count, stop) == (expected, None)
            assert len(answers) == min(2, expected)
            for a in answers:
                check_answer(r, c, [None] * (r * c), a)


def test_brute_larger_blank_counts() -> None:
    # cross-checked against the mirror-free search and (4x4) exhaustive 2^16
    assert brute_count(4, 4, [None] * 16, limit=10**9)[0] == 702
    assert brute_count(4, 4, [None] * 16, limit=10**9, mirror=False)[0] == 702
    assert brute_count(4, 5, [None] * 20, limit=10**9)[0] == 2810
    assert brute_count(5, 5, [None] * 25, limit=10**9)[0] == 18230


@pytest.mark.parametrize(
    ("rows", "cols", "expected"),
    [c for c in BLANK_CASES if c[0] == 1 or (c[0] == 2 and c[1] <= 6) or c[0] == 3 and c[1] <= 3],
)
def test_sat_blank_counts(rows: int, cols: int, expected: int) -> None:
    count, stop, calls, answers = sat_count(rows, cols, [None] * (rows * cols), limit=expected + 5)
    assert (count, stop) == (expected, None)
    assert calls >= expected + 1
    for a in answers:
        check_answer(rows, cols, [None] * (rows * cols), a)


def test_blank_limit_caps() -> None:
    assert brute_count(3, 3, [None] * 9, limit=5, mirror=False)[:2] == (5, "limit")
    # with the mirror a pair can overshoot the limit; the count is clamped to it
    assert brute_count(3, 3, [None] * 9, limit=5)[:2] == (5, "limit")
    assert brute_count(2, 2, [None] * 4, limit=1)[:2] == (1, "limit")
    count, stop, _, _ = sat_count(3, 3, [None] * 9, limit=5)
    assert (count, stop) == (5, "limit")


BOARDS = puzzles.published("sukoro")  # the folder's published boards (data/published.json)
#: the boards this file pinned from their puzz.link bodies before: brute's plain-Python twin too
TWINNED = {"pzprjs-test", "cspuz-test", "janko-sukoro-13_10x10"}
BRUTE = puzzles.get("sukoro").counters["brute"]
COUNTED = [b for b in BOARDS if BRUTE.holds(b["rows"], b["cols"]) or b["id"] in TWINNED]


def flat(grid: list[list]) -> list:
    return [v for row in grid for v in row]


def test_every_published_board_in_brute_range_is_counted_here() -> None:
    """The registry-wide contract leaves the brute counts of published boards to this file
    (tests/contract.py, standalone); the ladder and SAT count them there."""
    assert {b["id"] for b in COUNTED} >= TWINNED and len(COUNTED) > len(TWINNED)


@pytest.mark.parametrize("board", COUNTED, ids=[b["id"] for b in COUNTED])
def test_published_unique(board: dict) -> None:
    """Brute (its plain-Python twin too, node for node, on three boards) and the checker
    written here agree with the published answer."""
    rows, cols, clues = board["rows"], board["cols"], flat(board["clues"])
    b = brute_count(rows, cols, clues, limit=2)
    if board["id"] in TWINNED:
        assert brute_count(rows, cols, clues, limit=2, jit=False) == b
    assert b[:2] == (1, None) and board["solutions"] == "unique"
    check_answer(rows, cols, clues, b[3][0])
    assert b[3][0] == flat(board.get("answer") or board["answer_derived"])


@pytest.mark.parametrize(("rows", "cols"), [(r, c) for r in range(1, 4) for c in range(1, 5)])
def test_jit_matches_python_blank(rows: int, cols: int) -> None:
    clues = [None] * (rows * cols)
    assert brute_count(rows, cols, clues, limit=10**9) == brute_count(
        rows, cols, clues, limit=10**9, jit=False
    )


def test_kernel_is_numba_wrapped() -> None:
    assert hasattr(_count_kernel, "py_func")


def test_random_clues_agree() -> None:
    rng = random.Random(1234)
    for _ in range(40):
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        n = rows * cols
        clues: list[int | None] = [None] * n
        for i in rng.sample(range(n), rng.randint(1, 3)):
            clues[i] = rng.choice([0, 1, 2, 2, 3])
        jit = brute_count(rows, cols, clues, limit=10**9)
        py = brute_count(rows, cols, clues, limit=10**9, jit=False)
        assert jit == py
        sat = sat_count(rows, cols, clues, limit=10**9)
        assert sat[0] == jit[0] and not sat[1]
        for a in jit[3] + sat[3]:
            check_answer(rows, cols, clues, a)


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 5), (2, 3), (6, 6), (9, 14)])
def test_the_sat_encoding_is_no_larger_than_it_says(rows: int, cols: int) -> None:
    """``sat_clauses`` bounds the encoding a verb may build before it builds it (SAT_CLAUSES,
    issue 47 item 3: a blank 500x500 Sukoro's clauses passed 2.6 GB)."""
    from pencilbox.puzzles.sukoro.board import Board
    from pencilbox.puzzles.sukoro.sat import _base_cnf
    clues = tuple(random.Random(rows * cols).choice([None, None, 0, 1, 2]) for _ in range(rows * cols))
    real = len(_base_cnf(rows, cols)) + sum(v is not None for v in clues)
    assert real <= puzzles.get("sukoro").sat_clauses(Board(rows, cols, clues)) <= 4 * real + 40


def test_the_sat_loop_stops_at_its_calls_or_its_propagations() -> None:
    """Either half of the budget, (calls, unit propagations), stops a count or a backbone with
    ``"nodes"`` and what it has: distinct answers, and no cell called shared that was not shown."""
    from pencilbox.puzzles.sukoro.sat import sat_spread
    blank = [None] * 16
    assert sat_count(4, 4, blank, limit=10**6)[1] is None  # no budget: exact
    assert sat_count(4, 4, blank, limit=10**6, solver_name="cadical153")[:2] == (702, None)  # keeps no budget
    for limits in ((3, 10**9), (10**6, 60)):
        count, stop, calls, answers = sat_count(4, 4, blank, limit=10**6, limits=limits)
        assert stop == "nodes" and calls <= limits[0] and count == len({tuple(a) for a in answers}) <= 2
        count, stop, calls, answers, fixed = sat_spread(4, 4, blank, 100, 5, limits=limits)
        assert stop == "nodes" and True not in fixed and len({tuple(a) for a in answers}) == len(answers)
        for a in answers:
            check_answer(4, 4, blank, a)
    assert sat_spread(4, 4, blank, 100, 5, limits=(10**6, 10**9))[1] == "limit"  # ample: as unbounded


def test_the_brute_counter_holds_no_more_than_its_node_cap_reaches() -> None:
    """Issue 47 item 3: count --engine brute on a blank 500x500 held 1.2 GB under its default cap
    of 16,000 nodes (a connectivity profile per cell); the search reaches a depth no deeper than
    the nodes it tried, so it keeps a profile per node instead (the readable twin, measured)."""
    import tracemalloc
    tracemalloc.start()
    try:
        got = brute_count(300, 300, [None] * 90_000, limit=2, node_cap=200, jit=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got[1] == "nodes" and got[2] == 201
    assert peak < 40 * 2**20, peak  # a profile per cell: 90,001 x 300 x 8 bytes = 216 MB
    assert brute_count(2, 5, [None] * 10, limit=10**6, node_cap=5, jit=False)[1] == "nodes"
    assert brute_count(2, 5, [None] * 10, limit=10**6, jit=False)[0] == BLANK_2xN[4]
