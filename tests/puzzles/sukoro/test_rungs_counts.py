"""Solution counts of the ladder (rungs.py, readable and compiled), each confirmed by engines that
share no code: the one-bit-per-cell brute counter and SAT."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.sukoro import PUZZLE
from pencilbox.puzzles.sukoro.board import Board
from tests.conftest import load_testdata
from tests.puzzles.sukoro.helpers import flat, published

KNOWN = {1: [0, 0, 1, 2, 3, 4, 5, 6, 7, 8],
         2: [0, 4, 12, 26, 48, 80, 126, 190, 278, 398],
         3: [1, 12, 54, 162]}
BLANK = [(r, n + 1, want) for r, row in KNOWN.items() for n, want in enumerate(row)]


def blank(rows: int, cols: int) -> Board:
    return Board(rows, cols, (None,) * (rows * cols))


def ladder_count(board: Board, limit: int = 10**9, accel: bool = True, level: str = "conn") -> engine.Count:
    return engine.count(PUZZLE, board, engine.ladder(PUZZLE, level), limit, 10**9, accel=accel)


@pytest.mark.parametrize("rows,cols,want", BLANK)
def test_blank_counts_by_ladder_and_brute(rows: int, cols: int, want: int) -> None:
    b = blank(rows, cols)
    for board in (b, blank(cols, rows)):
        assert ladder_count(board).count == want
        assert PUZZLE.brute_count(board, 10**9, 10**9).count == want
    if rows * cols <= 12:
        assert ladder_count(b, accel=False).count == want


@pytest.mark.parametrize("n", range(1, 31))
def test_strip_has_n_minus_2_answers(n: int) -> None:
    want = max(n - 2, 0)
    assert ladder_count(blank(1, n)).count == want
    assert PUZZLE.brute_count(blank(n, 1), 10**9, 10**9).count == want


@pytest.mark.parametrize("rows,cols", [(r, c) for r in range(1, 5) for c in range(r, 5)])
def test_blank_up_to_4x4_engine_2_agrees(rows: int, cols: int) -> None:
    assert ladder_count(blank(rows, cols)).count == PUZZLE.brute_count(blank(rows, cols), 10**9, 10**9).count


def test_small_shapes_from_the_spec() -> None:
    assert ladder_count(blank(1, 3)).count == 1  # the zero-clue puzzle
    block = Board(3, 3, (2, 3, 2, 3, 4, 3, 2, 3, 2))
    assert PUZZLE.is_answer(block, PUZZLE.initial_state(block))
    assert not PUZZLE.is_answer(Board(1, 2, (1, 1)), PUZZLE.initial_state(Board(1, 2, (1, 1))))


PUB = published()


@pytest.mark.parametrize("bid,board,answer", PUB, ids=[p[0] for p in PUB])
def test_published_boards_counted_by_brute_past_its_range(bid: str, board: Board,
                                                          answer: tuple[int, ...]) -> None:
    """(Every engine in range: tests/registry/test_contract.py.) The brute counter also settles
    every published board, beyond its declared range."""
    brute = PUZZLE.brute_count(board, 2, 10**9)
    assert brute.count == 1 and PUZZLE.answer_from_state(board, brute.answers[0]) == answer


def test_default_count_probes_at_the_root_only_in_both_engines() -> None:
    for _, board, answer in PUB[:12]:
        fast = engine.count(PUZZLE, board)
        slow = engine.count(PUZZLE, board, accel=False)
        assert (fast.count, fast.nodes) == (slow.count, slow.nodes) == (1, fast.nodes)
        assert PUZZLE.answer_from_state(board, fast.answers[0]) == answer


def test_multiple_boards_report_two_answers() -> None:
    for rec in load_testdata("sukoro"):
        if rec.get("solutions") == "multiple":
            board = Board(rec["rows"], rec["cols"], tuple(v for row in rec["clues"] for v in row))
            assert ladder_count(board, 2).count == 2
            assert PUZZLE.brute_count(board, 2, 10**9).count == 2
    wide = blank(3, 4)
    res = ladder_count(wide, 2)
    a, b = (PUZZLE.answer_from_state(wide, d) for d in res.answers)
    assert a != b and PUZZLE.validate(wide, a) == [] and PUZZLE.validate(wide, b) == []


def test_random_clue_sets_agree_across_engines_and_levels() -> None:
    rng = random.Random(3)
    for _ in range(60):
        rows, cols = rng.randint(2, 5), rng.randint(2, 5)
        clues = tuple(rng.choice((1, 2, 3, 4, 0)) if rng.random() < 0.15 else None
                      for _ in range(rows * cols))
        board = Board(rows, cols, clues)
        brute = PUZZLE.brute_count(board, 10**9, 10**9).count
        for level in ("deg", "neq", "conn", "probe"):
            fast = ladder_count(board, level=level)
            assert fast.count == brute
            if rows * cols <= 12:
                slow = ladder_count(board, level=level, accel=False)
                assert (slow.count, slow.nodes) == (fast.count, fast.nodes)
        if brute <= 50:
            assert PUZZLE.sat_count(board, 10**9, 10**9).count == brute


ABLATIONS = [(), ("deg",), ("neq",), ("conn",), ("deg", "neq"), ("deg", "conn"), ("neq", "conn"),
             ("deg", "neq", "conn")]


@pytest.mark.parametrize("off", ABLATIONS, ids=["-".join(o) or "full" for o in ABLATIONS])
def test_ablated_ladders_count_the_same(off: tuple[str, ...]) -> None:
    """A sound rule set cannot change a count: any rung off, inside probe too."""
    names = engine.ladder(PUZZLE, "probe", off)
    for rows, cols in ((1, 3), (1, 6), (2, 3), (3, 2), (3, 3)):
        res = engine.count(PUZZLE, blank(rows, cols), names, 10**9, 10**7)
        assert not res.node_capped and res.count == KNOWN[min(rows, cols)][max(rows, cols) - 1]
    if "deg" not in off:  # without deg the search is far too wide for clued boards
        for _, board, answer in PUB:
            if board.rows <= 8:
                res = engine.count(PUZZLE, board, names, 2, 10**6)
                assert res.count == 1 and not res.node_capped
                assert PUZZLE.answer_from_state(board, res.answers[0]) == answer


def test_answers_parse_flat() -> None:
    assert flat([[1, 0], [None, 2]]) == (1, 0, 0, 2)
