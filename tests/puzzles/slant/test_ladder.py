"""The Slant ladder: each rung alone is sound, the kernel reaches the readable rungs'
fixpoints, every level counts like the independent engines, published boards solve."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.slant import PUZZLE, generate
from pencilbox.puzzles.slant.board import BOTH, Board
from tests.puzzles.slant.helpers import published

PUB = published()
SMALL = published(150)
ALONE = [("count",), ("cycle",), ("duet",), ("count", "probe"), ("cycle", "probe"), ("duet", "probe"),
         ("count", "cycle", "duet", "probe")]
LEVELS = [("count",), ("count", "cycle"), ("count", "cycle", "duet"), ("count", "cycle", "duet", "probe"),
          ("cycle", "duet", "probe"), ("count", "duet")]


def partial(board: Board, answer: tuple[int, ...], rng: random.Random, share: float) -> list[int]:
    return [a if rng.random() < share else BOTH for a in answer]


@pytest.mark.parametrize("names", ALONE, ids=["+".join(n) for n in ALONE])
def test_each_rung_alone_keeps_the_answer(names: tuple[str, ...]) -> None:
    rng = random.Random(5)
    for _, board, answer in SMALL:
        for share in (0.0, 0.2, 0.5):
            state = engine.State(partial(board, answer, rng, share))
            engine.fixpoint(PUZZLE, board, state, names)
            assert all(d & a for d, a in zip(state.dom, answer, strict=True))


@pytest.mark.parametrize("names", LEVELS, ids=["+".join(n) for n in LEVELS])
def test_kernel_fixpoint_equals_reference(names: tuple[str, ...]) -> None:
    rng = random.Random(9)
    for _, board, answer in SMALL:
        for share in (0.0, 0.3):
            dom = partial(board, answer, rng, share)
            if rng.random() < 0.3:
                dom[rng.randrange(len(dom))] = rng.choice((1, 2))
            assert engine.run_fixpoint(PUZZLE, board, dom, names, accel=False) == \
                engine.run_fixpoint(PUZZLE, board, dom, names, accel=True)


@pytest.mark.parametrize("bid,board,answer", PUB, ids=[p[0] for p in PUB])
def test_published_boards_solved(bid: str, board: Board, answer: tuple[int, ...]) -> None:
    res = engine.count(PUZZLE, board, limit=2)
    assert res.status == "unique"
    assert PUZZLE.answer_from_state(board, res.answers[0]) == answer
    assert PUZZLE.validate(board, answer) == []
    assert PUZZLE.extras(board, answer) == {"trees": board.rows + board.cols + 1}
    if board.rows * board.cols <= 150:
        slow = engine.count(PUZZLE, board, limit=2, accel=False)
        assert (slow.count, slow.nodes) == (res.count, res.nodes)


def blank(rows: int, cols: int) -> Board:
    return Board(rows, cols, (None,) * ((rows + 1) * (cols + 1)))


@pytest.mark.parametrize("level", ["count", "cycle", "duet", "probe"])
def test_clueless_2x2_has_15_fillings_at_every_level(level: str) -> None:
    names = engine.ladder(PUZZLE, level)
    for accel in (True, False):
        assert engine.count(PUZZLE, blank(2, 2), names, 100, 10**6, accel=accel).count == 15
    assert engine.count(PUZZLE, blank(1, 3), names, 100, 10**6).count == 8


def test_levels_agree_on_counts_over_random_small_boards() -> None:
    rng = random.Random(17)
    for _ in range(300):
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        board, _filling = generate.raw(rows, cols, rng.choice((0.3, 0.5, 0.8)), rng.randrange(10**6))
        brute = PUZZLE.brute_count(board, 10**6, 10**9).count
        counts = {engine.count(PUZZLE, board, engine.ladder(PUZZLE, lv), 10**6, 10**7).count
                  for lv in ("count", "cycle", "duet", "probe")}
        assert counts == {brute}
        if rows * cols <= 6:
            assert engine.count(PUZZLE, board, engine.ladder(PUZZLE, "duet"), 10**6, 10**7,
                                accel=False).count in counts


def test_rungs_catch_contradictions() -> None:
    board = Board(1, 1, (4, None, None, None))  # a corner can touch one diagonal at most
    with pytest.raises(engine.Contradiction) as why:
        engine.fixpoint(PUZZLE, board, engine.State([BOTH]), ("count",))
    assert why.value.rung == "count"
    ring = Board(2, 2, (None,) * 9)  # the diamond round the centre: / \ on top, \ / below
    state = engine.State([1, 2, 2, BOTH])
    engine.fixpoint(PUZZLE, ring, state, ("cycle",))
    assert state.dom[3] == 2  # the last cell must not close the diamond
    with pytest.raises(engine.Contradiction):
        engine.fixpoint(PUZZLE, ring, engine.State([1, 2, 2, 1]), ("cycle",))
