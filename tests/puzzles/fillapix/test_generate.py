"""The Fill-a-Pix generator: twin-free pictures, locally minimal unique boards."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.fillapix import PUZZLE, generate, twins
from pencilbox.puzzles.fillapix.board import Board


@pytest.mark.parametrize("seed", range(4))
def test_compiled_erasure_loop_equals_the_readable_one(seed: int) -> None:
    from pencilbox.core import engine as eng
    from pencilbox.puzzles.fillapix import kernel
    rng = random.Random(seed)
    rows, cols = rng.randint(3, 7), rng.randint(3, 7)
    pic, _ = generate.picture(rows, cols, rng)
    avoid = [2 if v else 1 for v in pic]
    order = list(range(rows * cols))
    rng.shuffle(order)
    full = Board(rows, cols, generate.all_clues(rows, cols, pic))
    names = eng.ladder(PUZZLE, PUZZLE.search_level)
    assert kernel.minimise(full, order, avoid, names, generate.NODE_CAP) == \
        generate.minimise_reference(full, order, avoid)


def test_pictures_are_twin_free_where_twins_exist() -> None:
    rng = random.Random(1)
    for size in ((5, 5), (8, 8), (5, 7), (4, 4)):
        pic, _ = generate.picture(*size, rng)
        assert twins.find_twin(list(pic), *size) is None


@pytest.mark.parametrize("size", [(5, 5), (6, 7), (8, 8)])
def test_boards_unique_and_locally_minimal(size: tuple[int, int]) -> None:
    rows, cols = size
    made = generate.make(rows, cols, 3)
    assert made == generate.make(rows, cols, 3)
    board = made.board
    assert PUZZLE.validate(board, made.answer) == []
    assert PUZZLE.brute_count(board, 2, 10**9).count == 1
    assert PUZZLE.sat_count(board, 2, 10**9).count == 1
    removable = 0
    for i, v in enumerate(board.clues):
        if v is not None:
            fewer = Board(rows, cols, board.clues[:i] + (None,) + board.clues[i + 1:])
            removable += PUZZLE.sat_count(fewer, 2, 10**9).count == 1
    # a capped check keeps its clue, so a few kept clues may be removable; most are not
    assert removable <= made.clues // 4
    assert engine.grade(PUZZLE, board).grade in ("count", "pair", "probe", "search")
