"""The Ripple ladder: each rung alone is sound, the kernel reaches the readable rungs'
fixpoints node for node, published boards solve, looks_dead never calls a live partition
dead, and the three counters (cells, regions, ladder) and SAT agree."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.ripple import PUZZLE, generate
from pencilbox.puzzles.ripple.board import Board
from tests.puzzles.ripple.helpers import published, random_board

PUB = published()
SMALL = published(100)
ALONE = [("region",), ("ripple",), ("hidden",), ("lines",), ("region", "probe"), ("ripple", "probe"),
         ("hidden", "probe"), ("lines", "probe"), ("region", "ripple", "hidden", "lines", "probe")]
LEVELS = [("region",), ("region", "ripple"), ("region", "ripple", "hidden"),
          ("region", "ripple", "hidden", "lines"), ("region", "ripple", "hidden", "lines", "probe"),
          ("ripple", "lines", "probe")]


def partial(board: Board, answer: tuple[int, ...], rng: random.Random, share: float) -> list[int]:
    dom = PUZZLE.initial_state(board)
    return [1 << a if rng.random() < share else d for d, a in zip(dom, answer, strict=True)]


@pytest.mark.parametrize("names", ALONE, ids=["+".join(n) for n in ALONE])
def test_each_rung_alone_keeps_the_answer(names: tuple[str, ...]) -> None:
    rng = random.Random(3)
    for _, board, answer in SMALL:
        for share in (0.0, 0.2, 0.5):
            state = engine.State(partial(board, answer, rng, share))
            engine.fixpoint(PUZZLE, board, state, names)
            assert all(d >> a & 1 for d, a in zip(state.dom, answer, strict=True))


@pytest.mark.parametrize("names", LEVELS, ids=["+".join(n) for n in LEVELS])
def test_kernel_fixpoint_equals_reference(names: tuple[str, ...]) -> None:
    rng = random.Random(4)
    for _, board, answer in SMALL:
        for share in (0.0, 0.3):
            dom = partial(board, answer, rng, share)
            if rng.random() < 0.3:
                i = rng.randrange(len(dom))
                dom[i] = 1 << rng.randint(1, board.size[i])
            assert engine.run_fixpoint(PUZZLE, board, dom, names, accel=False) == \
                engine.run_fixpoint(PUZZLE, board, dom, names, accel=True)


@pytest.mark.parametrize("bid,board,answer", PUB, ids=[p[0] for p in PUB])
def test_published_boards_solved(bid: str, board: Board, answer: tuple[int, ...]) -> None:
    res = engine.count(PUZZLE, board, limit=2)
    assert res.status == "unique"
    assert PUZZLE.answer_from_state(board, res.answers[0]) == answer
    assert PUZZLE.validate(board, answer) == []
    if board.rows * board.cols <= 100:
        slow = engine.count(PUZZLE, board, limit=2, accel=False)
        assert (slow.count, slow.nodes) == (res.count, res.nodes)
        assert PUZZLE.brute_count(board, 2, 10**9).count == 1
        assert PUZZLE.cells_count(board, 2, 10**9).count == 1
        assert PUZZLE.sat_count(board, 2, 10**9).count == 1


def test_counters_agree_on_random_small_boards() -> None:
    rng = random.Random(8)
    dead = alive = 0
    for _ in range(300):
        board = random_board(rng)
        cells = PUZZLE.brute_count(board, 10**6, 10**9).count
        assert PUZZLE.cells_count(board, 10**6, 10**9).count == cells
        for level in ("region", "hidden", "lines", "probe"):
            assert engine.count(PUZZLE, board, engine.ladder(PUZZLE, level), 10**6, 10**8).count == cells
        if board.rows * board.cols <= 8:
            assert engine.count(PUZZLE, board, engine.ladder(PUZZLE, "lines"), 10**6, 10**8,
                                accel=False).count == cells
        if cells <= 30:
            assert PUZZLE.sat_count(board, 10**6, 10**9).count == cells
        dead += cells == 0
        alive += cells > 0
    assert dead > 30 and alive > 30  # both kinds were exercised


def test_looks_dead_never_calls_a_live_partition_dead() -> None:
    rng = random.Random(12)
    named = 0
    for _ in range(400):
        rows, cols = rng.randint(3, 6), rng.randint(3, 6)
        regions = generate.partition(rows, cols, rng, rng.choice((0.1, 0.3, 0.5)), (1, 3))
        reasons = generate.looks_dead(rows, cols, regions)
        board = Board(rows, cols, regions, (None,) * (rows * cols))
        count = PUZZLE.cells_count(board, 1, 10**9).count
        if reasons:
            named += 1
            assert count == 0, (regions, reasons)
    assert named > 20


def test_looks_dead_names_its_reasons() -> None:
    assert generate.looks_dead(1, 2, (0, 1)) == ["adjacent singletons", "board capacity", "line rule"]
    assert "board capacity" in generate.looks_dead(2, 2, (0, 1, 2, 3))  # four 1s, room for two
    assert generate.looks_dead(2, 2, (0, 0, 1, 1)) == []  # two dominoes live: 1 2 / 2 1
