"""Slant's bank beyond what every folder's is held to (tests/registry/test_bank.py): answers
with R + C + 1 trees."""


from pencilbox import bank, boardio
from pencilbox.puzzles.slant import rules
from tests.puzzles.slant.helpers import cells

BANK = bank.load("slant")


def board_of(rec: dict):  # noqa: ANN201 - a Slant Board
    return boardio.board_from_json({k: rec[k] for k in ("puzzle", "rows", "cols", "clues")})


def test_bank_answers_have_r_plus_c_plus_1_trees() -> None:
    """(Unique by two engines, valid and graded as recorded: tests/registry/test_contract.py.)"""
    for rec in BANK:
        board, answer = board_of(rec), cells(rec["answer"])
        assert rules.trees(board, answer) == board.rows + board.cols + 1, rec["id"]
