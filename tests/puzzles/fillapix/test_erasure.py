"""The plain erasure loop's drivers (fillapix/erasure.py; minimise and settle are tested in
test_erase.py with the loop): the grade it gives a bank board is the engine's and the bank's."""

from __future__ import annotations

import pytest

from pencilbox import bank
from pencilbox.core import engine
from pencilbox.puzzles.fillapix import PUZZLE, erasure
from pencilbox.puzzles.fillapix.board import BLANK, PAINT
from pencilbox.verbs import play


@pytest.mark.parametrize("size", [5, 8])
def test_the_plain_grade_is_the_engines(size: int) -> None:
    levels = engine.levels(PUZZLE)
    ladders = tuple(engine.ladder(PUZZLE, lv) for lv in levels)
    recs = [r for r in bank.load("fillapix") if r["rows"] == size][:4]
    assert recs
    for rec in recs:
        board = play.board_of(rec)
        avoid = [PAINT if v == "#" else BLANK for row in rec["answer"] for v in row]
        found = erasure.grade(board.rows, board.cols, board.clues, avoid, ladders)
        got = engine.SEARCH if found < 0 else levels[found]
        assert got == engine.grade(PUZZLE, board).grade == rec["grade"], rec["id"]
