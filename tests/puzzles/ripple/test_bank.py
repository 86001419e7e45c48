"""Ripple's bank beyond what every folder's is held to (tests/registry/test_bank.py): at least
72 boards, and every grade of the ladder occurs."""

import collections

from pencilbox import bank, boardio

BANK = bank.load("ripple")


def board_of(rec: dict):  # noqa: ANN201 - a Ripple Board
    return boardio.board_from_json({k: rec[k] for k in ("puzzle", "rows", "cols", "clues", "regions")})


def test_bank_size_and_grades() -> None:
    assert len(BANK) >= 72
    grades = collections.Counter(r["grade"] for r in BANK)
    assert set(grades) == {"region", "ripple", "hidden", "lines", "probe"}
    sizes = collections.Counter(r["rows"] for r in BANK)
    assert set(sizes) == {6, 8, 10}
