"""The shipped Ripple bank: at least 72 boards at 6x6, 8x8, 10x10, every grade that
occurs, each unique by two engines and graded as recorded, rebuilt bit for bit."""

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


def test_bank_rebuilds_bit_for_bit() -> None:
    boards, short = bank.build(bank.recipe("ripple"))
    assert bank.dumps(boards) == (bank.folder("ripple") / "ripple.json").read_text()
    assert all("lines" in s for s in short)  # only the rare 'lines' buckets stay short
