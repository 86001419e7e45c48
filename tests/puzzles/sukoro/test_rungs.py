"""Soundness of the ladder (rungs.py): every rung alone, on boards with known answers, from the
clues and from random partial states, keeps the answer's value in every cell. And the compiled
kernel reaches the same fixpoints as the readable rungs."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.sukoro import PUZZLE
from pencilbox.puzzles.sukoro.board import Board
from tests.puzzles.sukoro.helpers import answer_dom, banked, partial_state, published

BOARDS = [(i, b, a) for i, b, a in published()] + [(i, b, a) for i, b, a, _ in banked()[::3]]
ALONE = [("deg",), ("neq",), ("conn",), ("deg", "probe"), ("neq", "probe"), ("conn", "probe"),
         ("deg", "neq", "conn", "probe")]


def survives(board: Board, dom: list[int], names: tuple[str, ...], answer: tuple[int, ...]) -> bool:
    state = engine.State(dom.copy())
    engine.fixpoint(PUZZLE, board, state, names)  # a Contradiction here fails the test
    return all(d & a for d, a in zip(state.dom, answer_dom(answer), strict=True))


@pytest.mark.parametrize("names", ALONE, ids=["+".join(n) for n in ALONE])
def test_each_rung_alone_keeps_the_answer(names: tuple[str, ...]) -> None:
    rng = random.Random(7)
    checked = 0
    for _, board, answer in BOARDS:
        assert survives(board, PUZZLE.initial_state(board), names, answer)
        for share in (0.1, 0.3, 0.5):
            assert survives(board, partial_state(board, answer, rng, share), names, answer)
            checked += 1
    assert checked >= 3 * len(BOARDS)


def test_rungs_find_contradictions() -> None:
    board = Board(1, 3, (1, 1, None))  # two adjacent 1s
    with pytest.raises(engine.Contradiction) as why:
        engine.fixpoint(PUZZLE, board, engine.State(PUZZLE.initial_state(board)), ("neq",))
    assert why.value.rung == "neq"
    cut = Board(3, 3, (1, None, None, None, None, None, None, None, 1))  # two 1s, far apart
    dom = PUZZLE.initial_state(cut)
    dom[1] = dom[3] = dom[4] = 1  # wall them off: empty
    with pytest.raises(engine.Contradiction) as why:
        engine.fixpoint(PUZZLE, cut, engine.State(dom), ("conn",))
    assert why.value.rung == "conn"


def test_conn_numbers_articulation_points_and_strikes_the_unreachable() -> None:
    # 1x5: clues at both ends of a 3-long answer force the middle; the far end is cut off.
    board = Board(1, 5, (1, None, 1, None, None))
    state = engine.State(PUZZLE.initial_state(board))
    engine.fixpoint(PUZZLE, board, state, ("conn",))
    assert state.dom[1] & 1 == 0  # numbered: the articulation point between the two 1s
    board = Board(2, 3, (1, None, None, None, None, None))
    dom = PUZZLE.initial_state(board)
    dom[1] = dom[3] = 1  # both neighbours of the clue empty: everything else is unreachable
    state = engine.State(dom)
    engine.fixpoint(PUZZLE, board, state, ("conn",))
    assert state.dom[1:] == [1] * 5


LEVELS = [("deg",), ("deg", "neq"), ("deg", "neq", "conn"), ("deg", "neq", "conn", "probe"),
          ("deg", "conn"), ("neq", "conn", "probe"), ("conn",)]


@pytest.mark.parametrize("names", LEVELS, ids=["+".join(n) for n in LEVELS])
def test_kernel_fixpoint_equals_reference(names: tuple[str, ...]) -> None:
    rng = random.Random(11)
    for _, board, answer in BOARDS:
        for share in (0.0, 0.2, 0.4):
            dom = partial_state(board, answer, rng, share)
            if rng.random() < 0.3:  # also inconsistent states: a random wrong cell
                v = rng.randrange(len(dom))
                dom[v] = 1 << rng.randrange(5)
            ref = engine.run_fixpoint(PUZZLE, board, dom, names, accel=False)
            fast = engine.run_fixpoint(PUZZLE, board, dom, names, accel=True)
            assert ref == fast
