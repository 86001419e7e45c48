"""The shipped Fill-a-Pix bank: 12 boards at each of 5x5, 8x8, 10x10, 15x15, 20x20 (both
kinds of grid), each unique by two engines and graded as recorded; rebuilt bit for bit
(the small sizes in the suite: a size's boards depend only on its own seeds)."""

import collections
import json

from pencilbox import bank

BANK = bank.load("fillapix")


def test_sizes() -> None:
    sizes = collections.Counter((r["rows"], r["cols"]) for r in BANK)
    assert sizes == {(5, 5): 12, (8, 8): 12, (10, 10): 12, (15, 15): 12, (20, 20): 12}


def test_small_sizes_rebuild_bit_for_bit() -> None:
    recipe = {**bank.recipe("fillapix"), "sizes": [[5, 5], [8, 8], [10, 10]]}
    boards, short = bank.build(recipe)
    assert not short
    assert [json.dumps(b) for b in boards] == [json.dumps(r) for r in BANK if r["rows"] <= 10]


def test_every_board_is_locally_minimal() -> None:
    """No clue of a shipped board can go: each erased alone leaves two answers (exact: a
    fresh SAT count per erasure, apart from the generator's incremental certifier)."""
    from pencilbox import puzzles
    from pencilbox.boardio import board_from_json
    puzzle = puzzles.get("fillapix")
    for rec in BANK:
        assert rec["minimal"] is True
        board = board_from_json({**rec, "answer": None})
        for i, v in enumerate(board.clues):
            if v is not None:
                fewer = type(board)(board.rows, board.cols, board.clues[:i] + (None,) + board.clues[i + 1:])
                assert puzzle.sat_count(fewer, 2, 10**9).count == 2, (rec["id"], i)
