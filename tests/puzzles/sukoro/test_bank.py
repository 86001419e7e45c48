"""The shipped bank: big enough, every board unique by two engines, graded as recorded,
its answer valid, and rebuilt bit for bit from its recipe."""

import collections

from pencilbox import bank
from pencilbox.core import engine
from pencilbox.core.generate import removable
from pencilbox.puzzles.sukoro import PUZZLE
from tests.puzzles.sukoro.helpers import banked

BANK = banked()


def test_bank_fills_every_bucket() -> None:
    sizes = collections.Counter(bid.split("-")[1] for bid, *_ in BANK)
    assert all(sizes[s] >= 24 for s in ("6x6", "8x8", "10x10"))
    rec = bank.recipe("sukoro")
    buckets = collections.Counter((bid.split("-")[1], grade) for bid, _, _, grade in BANK
                                  if "-minimal-" not in bid)
    assert len(buckets) == len(rec["sizes"]) * len(rec["grades"])
    assert set(buckets.values()) == {rec["per_grade"]}


def test_the_minimal_set_is_the_seeds_72_locally_minimal_boards() -> None:
    """24 boards per size made by erase-while-unique, every one locally minimal (exact)."""
    records = [r for r in bank.load("sukoro") if r.get("set") == "minimal"]
    sizes = collections.Counter((r["rows"], r["cols"]) for r in records)
    assert sizes == {(6, 6): 24, (8, 8): 24, (10, 10): 24}
    assert all(r["minimal"] and "-minimal-" in r["id"] and r["grade"] for r in records)
    assert all("set" not in r for r in bank.load("sukoro") if "-minimal-" not in r["id"])
    for bid, board, _, _ in BANK:
        if "-minimal-" in bid:  # erasing any one clue leaves more than one answer
            assert removable(PUZZLE, board) == [], bid


def test_grades_agree_with_the_readable_ladder() -> None:
    for bid, board, _, grade in BANK[::4]:
        assert engine.grade(PUZZLE, board, accel=False).grade == grade, bid


def test_bank_rebuilds_bit_for_bit() -> None:
    boards, short = bank.build(bank.recipe("sukoro"))
    assert not short
    path = bank.folder("sukoro") / "sukoro.json"
    assert bank.dumps(boards) == path.read_text()
