"""Sukoro's bank beyond what every folder's is held to (tests/registry/test_bank.py): the
seed's set of 72 locally minimal boards."""

import collections

from pencilbox import bank
from pencilbox.core.generate import removable
from pencilbox.puzzles.sukoro import PUZZLE
from tests.puzzles.sukoro.helpers import banked

BANK = banked()


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
