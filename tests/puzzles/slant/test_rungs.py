"""The Slant ladder (rungs.py): every level counts like the independent engines, the rungs catch
contradictions, published answers have R + C + 1 trees (soundness, kernel = reference and the
published boards solved by every engine: tests/registry/test_contract.py)."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.slant import PUZZLE, generate
from pencilbox.puzzles.slant.board import BOTH, Board
from tests.puzzles.slant.helpers import published

PUB = published()


@pytest.mark.parametrize("bid,board,answer", PUB, ids=[p[0] for p in PUB])
def test_published_boards_have_r_plus_c_plus_1_trees(bid: str, board: Board, answer: tuple[int, ...]) -> None:
    assert PUZZLE.extras(board, answer) == {"trees": board.rows + board.cols + 1}


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
