"""Standalone checks of the Fill-a-Pix brute-force (engine 2, brute.py) and SAT (engine 3, sat.py)
counters.

An exhaustive enumeration written here and a tiny answer checker pin both engines down, and the
published boards brute, without relying on any other solver in the project (the published boards'
SAT and ladder counts are in tests/registry/test_contract.py: each board counted by each engine
once).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pencilbox import puzzles
from pencilbox.puzzles.fillapix.brute import _count_kernel, _count_kernel_src, brute_count
from pencilbox.puzzles.fillapix.sat import sat_count

BOARDS = puzzles.published("fillapix")  # the folder's published boards (data/published.json)


def flat(board: dict) -> list[int | None]:
    return [v for row in board["clues"] for v in row]


def as_rows(cols: int, ans: Sequence[int]) -> list[str]:
    return ["".join("#" if v else "." for v in ans[k : k + cols]) for k in range(0, len(ans), cols)]


def block(rows: int, cols: int, i: int) -> list[int]:
    """Cells of the 3x3 block centred on cell i, clipped at the border."""
    r, c = divmod(i, cols)
    return [
        rr * cols + cc
        for rr in range(max(0, r - 1), min(rows, r + 2))
        for cc in range(max(0, c - 1), min(cols, c + 2))
    ]


def is_answer(rows: int, cols: int, clues: Sequence[int | None], ans: Sequence[int]) -> bool:
    """Tiny independent checker: a 0/1 picture whose every clue counts its painted block cells."""
    if len(ans) != rows * cols or any(v not in (0, 1) for v in ans):
        return False
    return all(
        v is None or v == -1 or sum(ans[j] for j in block(rows, cols, i)) == v for i, v in enumerate(clues)
    )


def exhaustive(rows: int, cols: int, clues: Sequence[int | None]) -> int:
    """Count pictures by trying all 2**(rows*cols) of them (bit j of ``pic`` = cell j painted)."""
    cons = []
    for i, v in enumerate(clues):
        if v is not None and v != -1:
            cons.append((sum(1 << j for j in block(rows, cols, i)), v))
    return sum(all((pic & m).bit_count() == k for m, k in cons) for pic in range(1 << (rows * cols)))


def clues_of(rows: int, cols: int, pic: Sequence[int]) -> list[int]:
    return [sum(pic[j] for j in block(rows, cols, i)) for i in range(rows * cols)]


def test_checker_and_exhaustive() -> None:
    assert exhaustive(2, 2, [None] * 4) == 16
    assert exhaustive(2, 2, [4, None, None, None]) == 1
    assert exhaustive(2, 2, [2, None, None, None]) == 6
    assert is_answer(2, 2, [2, 2, 2, 2], [1, 0, 0, 1])
    assert not is_answer(2, 2, [2, 2, 2, 2], [1, 0, 0, 0])
    assert not is_answer(2, 2, [None] * 4, [1, 0, 0, 2])


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 3), (2, 2), (2, 3), (3, 1)])
def test_blank_boards_count_everything(rows: int, cols: int) -> None:
    n = rows * cols
    for jit in (True, False):
        b = brute_count(rows, cols, [None] * n, limit=10**6, jit=jit)
        assert b[:2] == (2**n, None)
    s = sat_count(rows, cols, [None] * n, limit=10**6)
    assert s[:2] == (2**n, None)
    for a in b[3] + s[3]:
        assert is_answer(rows, cols, [None] * n, a)


def test_limits_cap() -> None:
    clues = [None] * 9
    assert brute_count(3, 3, clues, limit=5)[:2] == (5, "limit")
    assert sat_count(3, 3, clues, limit=5)[:2] == (5, "limit")
    count, stop, nodes, _ = brute_count(3, 3, clues, limit=10**6, node_cap=10)
    assert stop == "nodes" and count < 512 and nodes <= 10


def test_unsatisfiable_bad_clues_and_errors() -> None:
    # a corner clue sees 4 cells only
    clues: list[int | None] = [5, None, None, None]
    assert brute_count(2, 2, clues)[:2] == (0, None)
    assert sat_count(2, 2, clues)[:2] == (0, None)
    # contradictory neighbours: 0 next to a full block
    clues = [0, None, 4, None]
    assert brute_count(2, 2, clues)[:2] == (0, None)
    assert brute_count(2, 2, clues, jit=False)[:2] == (0, None)
    assert sat_count(2, 2, clues)[:2] == (0, None)
    for bad in (10, -2):
        assert brute_count(2, 2, [bad, None, None, None])[:2] == (0, None)
        assert sat_count(2, 2, [bad, None, None, None])[:2] == (0, None)
    # -1 is "no clue"
    assert brute_count(1, 2, [-1, None], limit=10)[:2] == (4, None)
    assert sat_count(1, 2, [-1, None], limit=10)[:2] == (4, None)
    assert brute_count(0, 3, []) == (0, None, 0, [])
    assert sat_count(0, 3, []) == (0, None, 0, [])
    with pytest.raises(ValueError):
        brute_count(2, 2, [None] * 3)
    with pytest.raises(ValueError):
        sat_count(2, 2, [None] * 5)
    with pytest.raises(ValueError):
        sat_count(2, 2, [None] * 4, encoding="nonsense")
    with pytest.raises(ValueError):
        sat_count(2, 2, [1, None, None, None], solver_name="minisat22", encoding="native")


def test_sat_encodings_agree() -> None:
    rng = random.Random(5)
    for _ in range(10):
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        pic = [rng.randint(0, 1) for _ in range(rows * cols)]
        clues: list[int | None] = [v if rng.random() < 0.5 else None for v in clues_of(rows, cols, pic)]
        ref = sat_count(rows, cols, clues, limit=10**6)
        for solver, enc in (("minisat22", "direct"), ("minisat22", "seqcounter"), ("glucose4", "totalizer")):
            assert sat_count(rows, cols, clues, 10**6, solver, enc)[:2] == ref[:2]


SMALL = [b for b in BOARDS if b["rows"] * b["cols"] <= 400]  # brute's range (10x10) and past it
TWINNED = {b["id"] for b in [b for b in SMALL if b["rows"] * b["cols"] <= 100][:8]}


def test_every_published_board_in_brute_range_is_counted_here() -> None:
    """The registry-wide contract leaves the brute counts of published boards to this file
    (tests/contract.py, standalone); the ladder and SAT count them there."""
    brute = puzzles.get("fillapix").counters["brute"]
    assert all(b in SMALL for b in BOARDS if brute.holds(b["rows"], b["cols"])) and len(TWINNED) == 8


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
    rng = random.Random(20240611)
    for _ in range(200):
        rows, cols = rng.randint(2, 5), rng.randint(2, 5)
        p = rng.choice([0.3, 0.6, 1.0])
        pic = [rng.randint(0, 1) for _ in range(rows * cols)]
        clues: list[int | None] = [v if rng.random() < p else None for v in clues_of(rows, cols, pic)]
        # jitted engines count everything; the slower ones stop at ``lim`` (a few boards have 10**5 answers)
        full = brute_count(rows, cols, clues, limit=10**6)
        bare = brute_count(rows, cols, clues, limit=10**6, propagate=False)
        total = full[0]
        assert not full[1] and bare[:2] == full[:2] and total >= 1
        if rows * cols <= 16:
            assert total == exhaustive(rows, cols, clues)
        lim = 300
        jit = brute_count(rows, cols, clues, limit=lim)
        py = brute_count(rows, cols, clues, limit=lim, jit=False)
        sat = sat_count(rows, cols, clues, limit=lim)
        assert jit == py
        assert jit[:2] == sat[:2] == (min(total, lim), "limit" if total >= lim else None)
        for a in full[3] + bare[3] + jit[3] + sat[3]:
            assert is_answer(rows, cols, clues, a)
        # the uniqueness check (limit 2) agrees too, and the picture is found when unique
        b2 = brute_count(rows, cols, clues)
        s2 = sat_count(rows, cols, clues)
        assert b2[0] == s2[0] == min(jit[0], 2)
        assert b2[1] == s2[1] == ("limit" if jit[0] >= 2 else None)
        if jit[0] == 1:
            assert b2[3] == s2[3] == [pic]


def test_random_unsolvable_boards_agree() -> None:
    rng = random.Random(77)
    zero = 0
    for _ in range(60):
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        pic = [rng.randint(0, 1) for _ in range(rows * cols)]
        clues: list[int | None] = [v if rng.random() < 0.7 else None for v in clues_of(rows, cols, pic)]
        i = rng.randrange(rows * cols)
        clues[i] = rng.randint(0, 9)
        expected = exhaustive(rows, cols, clues)
        zero += expected == 0
        for jit in (True, False):
            assert brute_count(rows, cols, clues, limit=10**6, jit=jit)[:2] == (expected, None)
        assert sat_count(rows, cols, clues, limit=10**6)[:2] == (expected, None)
    assert zero > 10


def test_kernel_variants() -> None:
    assert hasattr(_count_kernel, "py_func")
    assert not hasattr(_count_kernel_src, "py_func")


def test_the_sat_encoding_is_no_larger_than_it_says() -> None:
    """``sat_clauses`` bounds the encoding before it is built (issue 47 item 3): two of the
    solver's cardinality constraints a clue, and the clause that declares the variables."""
    from pencilbox import boardio
    from pencilbox.puzzles.fillapix.sat import ENCODING, SOLVER_NAME, _encode
    for b in BOARDS[:4]:
        board = boardio.board_from_json({**b, "answer": None})
        encoded = _encode(board.rows, board.cols, board.clues, SOLVER_NAME, ENCODING)
        assert encoded is not None
        with encoded.solver as solver:
            real = 1 + 2 * sum(v is not None for v in board.clues)
            assert solver.nof_clauses() <= real == puzzles.get("fillapix").sat_clauses(board)
