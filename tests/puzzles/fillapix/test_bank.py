"""Fill-a-Pix's bank beyond what every folder's is held to (tests/registry/test_bank.py): 12
boards at each of 5x5, 8x8, 10x10, 15x15, 20x20, every one locally minimal."""

import collections

from pencilbox import bank

BANK = bank.load("fillapix")


def test_sizes() -> None:
    sizes = collections.Counter((r["rows"], r["cols"]) for r in BANK)
    assert sizes == {(5, 5): 12, (8, 8): 12, (10, 10): 12, (15, 15): 12, (20, 20): 12}


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
