"""Slant formats (codec.py, and board.py's text and marks): gokigen URLs round-trip, Tatham IDs,
text and JSON, bad input."""

import json

from pencilbox import boardio
from tests.conftest import load_testdata

RECS = load_testdata("slant")


def test_tatham_ids_from_the_test_data_notes() -> None:
    for rec in RECS:
        src = rec.get("source", "") + " " + str(rec.get("note", ""))
        if "Tatham game id" in json.dumps(rec):
            tid = json.dumps(rec).split("Tatham game id ")[1].split(")")[0]
            board = boardio.parse(tid)[0][0].board
            assert board.clues == boardio.parse(rec["url"])[0][0].board.clues, src
            assert boardio.dump(board, "tatham") == tid


def test_legacy_d_flag_and_marks() -> None:
    board = boardio.parse("p?gokigen/d/2/1/0.1...")[0][0].board
    assert board.clues == (0, None, 1, None, None, None)
    marked = boardio.parse("p?gokigen/2/2/.n")[0][0].board
    assert marked.clues[0] == -1 and boardio.dump(marked, "url").endswith("/2/2/.n")
