"""The plain-Python level check (erase.py) against the readable rungs' passes: every check's
verdict ("the level alone finishes the board") is the readable fixpoint's, so every board is
the readable loop's (make_reference, which the compiled kernel answers where it is built)."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.core.generate import grade_of
from pencilbox.puzzles.sukoro import PUZZLE, erase, generate
from pencilbox.puzzles.sukoro.board import Board, initial_state

LEVELS = ("deg", "neq", "conn", "probe")


def readable_finishes(board: Board, level: str) -> bool:
    """The readable passes' verdict, never the compiled kernel's."""
    names = engine.ladder(PUZZLE, engine.named(PUZZLE, level))
    dom = engine.run_fixpoint(PUZZLE, board, initial_state(board), names, accel=False)
    return dom is not None and all(engine.single(d) for d in dom) and PUZZLE.is_answer(board, dom)


@pytest.mark.parametrize("level", LEVELS)
def test_checks_agree_with_the_readable_fixpoint_on_random_clue_sets(level: str) -> None:
    rng = random.Random(LEVELS.index(level))
    names = engine.ladder(PUZZLE, engine.named(PUZZLE, level))
    verdicts = set()
    for _ in range(40):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        answer = generate.random_answer(rows, cols, rng)
        density = rng.choice((0.3, 0.6, 1.0))
        clues = [v if v and rng.random() < density else None for v in answer]
        loop = erase.Loop(rows, cols, clues, answer, names)
        got = loop.check()
        assert got == readable_finishes(Board(rows, cols, tuple(clues)), level)
        assert loop.check() == got  # the loop starts afresh each check
        verdicts.add(got)
    assert verdicts == {True, False}


@pytest.mark.parametrize("level", LEVELS)
def test_the_plain_loop_keeps_the_readable_loops_clues(level: str) -> None:
    named = engine.named(PUZZLE, level)
    for size in (3, 5, 7):
        for seed in range(3):
            plain = generate.make_plain(size, size, seed, named)
            want = generate.make_reference(size, size, seed, named)
            assert (plain.board, plain.answer) == (want.board, want.answer)
            assert plain.erase_checks == want.erase_checks
            want_grade = engine.grade(PUZZLE, want.board).grade
            assert generate.grade_plain(plain) == grade_of(PUZZLE, plain) == want_grade


def test_generate_without_the_kernel_grades_as_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generate, "generator_ready", lambda puzzle: False)
    made = generate.generate(6, 6, "conn", seed=4, tries=40)
    assert made.grade == "conn" and made.board == generate.make_reference(6, 6, made.seed, made.grade).board
    for skipped in range(4, made.seed):  # the seeds before it made boards of another grade
        assert engine.grade(PUZZLE, generate.make_reference(6, 6, skipped, made.grade).board).grade != "conn"


def test_the_loop_runs_a_ladder_with_deg() -> None:
    with pytest.raises(ValueError, match="deg"):
        erase.Loop(2, 2, [None] * 4, (0, 0, 0, 0), ("neq",))
