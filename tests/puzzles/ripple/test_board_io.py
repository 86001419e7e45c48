"""Ripple formats: URLs round-trip byte for byte, text and JSON round-trip, bad input."""

import json

import pytest

from pencilbox import boardio
from pencilbox.errors import BoardError
from tests.conftest import load_testdata

RECS = load_testdata("ripple")


def canon(regions: list[list]) -> list[list[int]]:
    seen: dict = {}
    return [[seen.setdefault(x, len(seen)) for x in row] for row in regions]


@pytest.mark.parametrize("rec", RECS, ids=[r["id"] for r in RECS])
def test_url_round_trip(rec: dict) -> None:
    board = boardio.parse(rec["url"])[0][0].board
    out = json.loads(boardio.dump(board, "json"))
    assert out["clues"] == rec["clues"] and out["regions"] == canon(rec["regions"])
    body = rec["url"].split("?", 1)[1].replace("hakyukoka", "ripple").replace("_edit", "")
    assert boardio.dump(board, "url").split("?", 1)[1] == body


BAD = [
    ("ripple 2x2\nregions:\na b\nc d\nclues:\n. 3\n. .\n", "given 3 does not fit"),
    ("ripple 2x2\nclues:\n. .\n. .\n", "missing section 'regions:'"),
    ("ripple 2x2\nregions:\na b\nb a\nclues:\n. .\n. .\n", "not connected"),
    ("ripple 2x2\nregions:\na a\na a\nclues:\n. x\n. .\n", "line 6, column 3"),
    ('{"puzzle": "ripple", "rows": 1, "cols": 2, "regions": [[0, 0]], "clues": [[0, null]]}', "column 1"),
    ('{"puzzle": "ripple", "rows": 1, "cols": 2, "regions": [[0, 1]], "clues": [[null, 2]]}', "does not fit"),
    ("p?ripple/4/4/9n8", "borders alone need"),
    ("p?ripple/4/4/9n8rigk14h32z", "overflows"),
    ("p?ripple/4/4/9n8rigk1-4", "2 hex digits"),
]


@pytest.mark.parametrize("text,where", BAD)
def test_bad_input(text: str, where: str) -> None:
    with pytest.raises(BoardError) as err:
        boardio.parse(text)
    assert where in str(err.value)
