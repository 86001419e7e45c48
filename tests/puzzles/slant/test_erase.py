"""The plain-Python erasure loop (erase.py) against the readable rungs' passes: every check's
verdict ("the level alone finishes the board") is the readable fixpoint's, so every board is
the readable loop's (the compiled loop is held to it in test_generate.py)."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.core.drivers import erase as erase_loop
from pencilbox.puzzles.slant import PUZZLE, erase, generate
from pencilbox.puzzles.slant.board import Board

LEVELS = ("count", "cycle", "duet", "probe")


def readable_finishes(board: Board, level: str) -> bool:
    """The readable passes' verdict, never the compiled kernel's."""
    names = engine.ladder(PUZZLE, engine.named(PUZZLE, level))
    dom = engine.run_fixpoint(PUZZLE, board, PUZZLE.initial_state(board), names, accel=False)
    return dom is not None and all(engine.single(d) for d in dom) and PUZZLE.is_answer(board, dom)


@pytest.mark.parametrize("level", LEVELS)
def test_checks_agree_with_the_readable_fixpoint_on_random_clue_sets(level: str) -> None:
    rng = random.Random(LEVELS.index(level))
    names = engine.ladder(PUZZLE, engine.named(PUZZLE, level))
    verdicts = set()
    for _ in range(60):
        rows, cols = rng.randint(1, 6), rng.randint(1, 6)
        filling = generate.random_filling(rows, cols, rng)
        full = generate.all_clues(rows, cols, filling)
        density = rng.choice((0.4, 0.6, 0.8, 1.0))
        clues = tuple(v if rng.random() < density else None for v in full)
        loop = erase.Loop(rows, cols, clues, filling, names)
        got = loop.check()
        assert got == readable_finishes(Board(rows, cols, clues), level)
        assert loop.check() == got  # the loop starts afresh each check
        verdicts.add(got)
    assert verdicts == {True, False}


@pytest.mark.parametrize("level", LEVELS)
def test_the_plain_loop_keeps_the_readable_loops_clues(level: str) -> None:
    names = engine.ladder(PUZZLE, engine.named(PUZZLE, level))
    under = LEVELS[LEVELS.index(level) - 1] if level != "count" else None
    below = engine.ladder(PUZZLE, engine.named(PUZZLE, under)) if under else ()
    for size in (3, 5, 7):
        for seed in range(3):
            rng = random.Random(seed)
            filling = generate.random_filling(size, size, rng)
            full = generate.all_clues(size, size, filling)
            order = list(range(len(full)))
            rng.shuffle(order)
            clues, checks, easier = erase.minimise(size, size, full, order, filling, names, below)
            if not readable_finishes(Board(size, size, full), level):
                assert checks == -1
                continue
            want, tried = erase_loop(full, order, lambda c, n=size: readable_finishes(Board(n, n, c), level))
            assert (clues, checks) == (want, tried)
            assert easier == (under is not None and readable_finishes(Board(size, size, clues), under))


def test_the_loop_runs_a_ladder_with_count() -> None:
    with pytest.raises(ValueError, match="count"):
        erase.Loop(2, 2, (None,) * 9, (1, 1, 1, 1), ("cycle",))
