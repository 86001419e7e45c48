"""The Slant generator: loop-free fillings with R + C + 1 trees, seeded and repeatable,
graded boards unique and first finished at the requested level."""

import random

import pytest

from pencilbox.puzzles.slant import PUZZLE, generate, rules
from pencilbox.puzzles.slant.board import Board


def test_fillings_are_forests_with_r_plus_c_plus_1_trees() -> None:
    rng = random.Random(1)
    for _ in range(300):
        rows, cols = rng.randint(1, 12), rng.randint(1, 12)
        filling = generate.random_filling(rows, cols, rng)
        board = Board(rows, cols, generate.all_clues(rows, cols, filling))
        assert rules.validate(board, filling) == []
        assert rules.trees(board, filling) == rows + cols + 1


def test_raw_stream_repeatable() -> None:
    assert generate.raw(7, 7, 0.75, 3) == generate.raw(7, 7, 0.75, 3)
    assert generate.raw(7, 7, 0.75, 3) != generate.raw(7, 7, 0.75, 4)


@pytest.mark.parametrize("level", ["count", "cycle", "duet", "probe"])
def test_compiled_erasure_loop_makes_the_readable_loops_board(level: str) -> None:
    """The compiled loop (probe tries only the diagonal away from the answer and skips what
    an earlier trial settled) keeps exactly the clues the readable loop keeps."""
    for size in (4, 7, 10):
        for seed in range(4):
            fast = generate.make(size, size, seed, level)
            assert fast == generate.make(size, size, seed, level, compiled=False)


def test_the_compiled_loop_reads_an_erased_clue_as_nothing() -> None:
    """A duet whose clue was erased constrains nothing: a board whose clues were erased in
    the loop finishes at a level exactly when its rebuilt board does."""
    from pencilbox.core.generate import finishes
    for seed in range(6):
        made = generate.make(8, 8, seed, "duet")
        assert finishes(PUZZLE, made.board, "duet")
        kept = [i for i, v in enumerate(made.board.clues) if v is not None]
        for i in kept[:5]:  # locally minimal: every kept clue is needed
            clues = made.board.clues[:i] + (None,) + made.board.clues[i + 1:]
            assert not finishes(PUZZLE, Board(8, 8, clues), "duet")


def test_uniqueness_checks_that_run_out_of_nodes_are_counted() -> None:
    """Without a grade each erasure is a node-capped uniqueness check; one that runs out
    keeps its clue and is counted (none under the default cap on a small board)."""
    made = generate.make(6, 6, 2, None, node_cap=0)
    assert made.capped_checks is not None and made.capped_checks > 0
    rng = random.Random(2)
    filling = generate.random_filling(6, 6, rng)
    assert filling == made.answer
    assert generate.make(6, 6, 2).capped_checks == 0
    for grade in ("count", "probe"):
        assert generate.generate(6, 6, grade, 4).capped_checks == 0  # a level's checks never cap


@pytest.mark.parametrize("grade", ["count", "cycle", "duet", "probe"])
def test_a_level_grades_itself_as_graded_does(grade: str) -> None:
    """At a level, generate grades in the compiled loop (the level under does not finish the
    board): the board graded() finds with engine.grade on the readable loop's boards."""
    from pencilbox.core.generate import graded
    for seed in (0, 40):
        fast = generate.generate(7, 7, grade, seed)
        slow = graded(PUZZLE, lambda s, g: generate.make(7, 7, s, g, compiled=False), grade, seed, 500)
        assert fast == slow
