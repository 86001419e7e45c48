"""The shipped Fill-a-Pix bank: 12 boards at each of 5x5, 8x8, 10x10, 15x15, 20x20 (both
kinds of grid), each unique by two engines and graded as recorded; rebuilt bit for bit
(the small sizes in the suite: a size's boards depend only on its own seeds)."""

import collections
import json

from pencilbox import bank, boardio
from pencilbox.core import engine
from pencilbox.puzzles.fillapix import PUZZLE

BANK = bank.load("fillapix")


def test_sizes() -> None:
    sizes = collections.Counter((r["rows"], r["cols"]) for r in BANK)
    assert sizes == {(5, 5): 12, (8, 8): 12, (10, 10): 12, (15, 15): 12, (20, 20): 12}


def test_bank_boards_unique_and_graded() -> None:
    for rec in BANK:
        board = boardio.board_from_json({k: rec[k] for k in ("puzzle", "rows", "cols", "clues")})
        pic = tuple(1 if ch == "#" else 0 for row in rec["answer"] for ch in row)
        res = engine.count(PUZZLE, board, limit=2)
        assert res.status == "unique" and PUZZLE.answer_from_state(board, res.answers[0]) == pic
        assert PUZZLE.sat_count(board, 2, 10**9).count == 1, rec["id"]
        assert engine.grade(PUZZLE, board).grade == rec["grade"], rec["id"]


def test_small_sizes_rebuild_bit_for_bit() -> None:
    recipe = {**bank.recipe("fillapix"), "sizes": [[5, 5], [8, 8], [10, 10]]}
    boards, short = bank.build(recipe)
    assert not short
    assert [json.dumps(b) for b in boards] == [json.dumps(r) for r in BANK if r["rows"] <= 10]
