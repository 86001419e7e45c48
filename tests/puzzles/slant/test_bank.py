"""The shipped Slant bank: every bucket full, boards unique by two engines, graded as
recorded, answers valid with R + C + 1 trees, and rebuilt bit for bit from the recipe."""

import collections

from pencilbox import bank, boardio
from pencilbox.puzzles.slant import rules
from tests.puzzles.slant.helpers import cells

BANK = bank.load("slant")


def board_of(rec: dict):  # noqa: ANN201 - a Slant Board
    return boardio.board_from_json({k: rec[k] for k in ("puzzle", "rows", "cols", "clues")})


def test_every_bucket_full() -> None:
    rec = bank.recipe("slant")
    buckets = collections.Counter((r["rows"], r["cols"], r["grade"]) for r in BANK)
    assert len(buckets) == len(rec["sizes"]) * len(rec["grades"])
    assert set(buckets.values()) == {rec["per_grade"]} and rec["per_grade"] >= 12


def test_bank_answers_have_r_plus_c_plus_1_trees() -> None:
    """(Unique by two engines, valid and graded as recorded: tests/test_contract.py.)"""
    for rec in BANK:
        board, answer = board_of(rec), cells(rec["answer"])
        assert rules.trees(board, answer) == board.rows + board.cols + 1, rec["id"]


def test_bank_rebuilds_bit_for_bit() -> None:
    boards, short = bank.build(bank.recipe("slant"))
    assert not short
    assert bank.dumps(boards) == (bank.folder("slant") / "slant.json").read_text()
