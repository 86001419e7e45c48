"""Slant formats: gokigen URLs round-trip, Tatham IDs, text and JSON, bad input."""

import json

import pytest

from pencilbox import boardio
from pencilbox.errors import BoardError
from tests.conftest import load_testdata

RECS = load_testdata("slant")


@pytest.mark.parametrize("rec", RECS, ids=[r["id"] for r in RECS])
def test_url_round_trip(rec: dict) -> None:
    board = boardio.parse(rec["url"])[0][0].board
    out = json.loads(boardio.dump(board, "json"))["clues"]
    assert [[None if v == "?" else v for v in row] for row in out] == rec["clues"]
    assert boardio.dump(board, "url").split("?", 1)[1] == rec["url"].split("?", 1)[1].replace("_edit", "")


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


BAD = [
    ("slant 2x2\nclues:\n. . .\n. 5 .\n. . .\n", "line 4, column 3"),
    ("slant 2x2\nclues:\n. .\n", "expected 3"),
    ("slant 2x2\nclues:\n. . .\n. . .\n. . .\nanswer:\n/x\n//\n", "not a Slant answer"),
    ("slant 2x2\nclues:\n. . .\n. . .\n. . .\nanswer:\n///\n//\n", "expected 2"),
    ('{"puzzle": "slant", "rows": 2, "cols": 2, "clues": [[0, 0], [0, 0], [0, 0]]}', "row 1"),
    ("p?gokigen/2/2/5x", "character 2"),
    ("p?gokigen/2/2/zzz", "overflows"),
    ("p?gokigen/2/2/0n1", "past the last"),
    ("slant:2x2:a9", "character 2"),
    ("slant:2x2:a", "expected 9"),
    ("2x2:abc", "expected 9"),
    ("sukoro:2x2:i", "no Simon Tatham"),
]


@pytest.mark.parametrize("text,where", BAD)
def test_bad_input(text: str, where: str) -> None:
    with pytest.raises(BoardError) as err:
        boardio.parse(text)
    assert where in str(err.value)
