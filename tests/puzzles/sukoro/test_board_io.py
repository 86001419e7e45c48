"""Sukoro formats: URLs round-trip byte for byte, text and JSON round-trip, bad input is
one clear error naming where."""

import json

import pytest

from pencilbox import boardio
from pencilbox.errors import BoardError
from tests.conftest import load_testdata

RECS = load_testdata("sukoro")


@pytest.mark.parametrize("rec", RECS, ids=[r["id"] for r in RECS])
def test_url_decodes_to_clues_and_encodes_back(rec: dict) -> None:
    [got], many = boardio.parse(rec["url"])
    assert not many
    assert json.loads(boardio.dump(got.board, "json"))["clues"] == rec["clues"]
    assert boardio.dump(got.board, "url").split("?", 1)[1] == rec["url"].split("?", 1)[1]


def test_url_variants_and_marks() -> None:
    plain = boardio.parse("https://puzz.link/p?sukoro/4/4/a3d4f2b")[0][0].board
    for url in ("http://pzv.jp/p.html?sukoro/4/4/a3d4f2b", "p?sukoro_edit/4/4/a3d4f2b",
                "https://puzz.link/p?sukoro/v:/4/4/a3d4f2b"):
        assert boardio.parse(url)[0][0].board == plain
    marked = boardio.parse("p?sukoro/3/1/.b")[0][0].board
    assert marked.clues == (0, None, None)
    assert boardio.dump(marked, "url").endswith("/3/1/.b")
    assert "?  .  ." in boardio.dump(marked, "text")
    long = boardio.parse("p?sukoro/30/1/z1c")[0][0].board
    assert long.clues[26] == 1 and boardio.dump(long, "url").endswith("z1c")


def test_json_list_keeps_ids() -> None:
    recs, many = boardio.parse(json.dumps(RECS[:3]))
    assert many and [r.id for r in recs] == [r["id"] for r in RECS[:3]]


BAD = [
    ("sukoro 3x3\nclues:\n. . .\n. 7 .\n. . .\n", "line 4, column 3"),
    ("sukoro 3x3\nclues:\n. .\n", "expected 3"),
    ("nonsense", "line 1"),
    ('{"puzzle": "sukoro", "rows": 2}', "missing key 'cols'"),
    ("sukoro 0x5\nclues:\n", "rows = 0"),
    ("sukoro 5000x500\nclues:\n", "over the cell budget of 250000 cells"),
    ("sukoro 1111111111x5\nclues:\n", "at most 9 digits"),
    ("sukoro \u0664x2\nclues:\n. .\n. .\n", "line 1: expected a header"),
    ('{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[1, 9]]}', "column 2"),
    ('{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[1]]}', "row 1"),
    ('[' * 5000 + ']' * 5000, "nested too deeply"),
    ('{"puzzle": "sukoro", "rows": 1, "cols": 1, "clues": [[1%s]]}' % ("0" * 5000),
     "a number of 5001 digits"),
    ('{"puzzle": "sukoro", "rows": 1, "cols": 1, "clues": [[NaN]]}', "not a JSON number"),
    ("https://puzz.link/p?sukoro/10/10/a1b2", "ends after 5 of 100 cells"),
    ("https://puzz.link/p?sukoro/2/2/b12/", "'/' lies past the last of 4 cells"),
    ("https://puzz.link/p?sukoro/\u0664/2/a1", "expected '<pid>/<cols>/<rows>/<body>'"),
    ("https://puzz.link/p?sukoro/99999999999/2/a1", "at most 9 digits"),
    ('{"puzzle": "sukoro", "rows": 2,', "invalid JSON"),
    ("p?sukoro/3/3/1x", "character 2"),
    ("p?sukoro/2/2/1234z", "character 5"),
    ("p?sukoro/3/3/7", "not a Sukoro clue"),
    ("p?sukoro/3", "expected '<pid>/<cols>/<rows>/<body>'"),
    ("p?nopuzzle/3/3/", "unknown puzzle"),
    ("sukoro 2x2\nclues:\n. .\n. .\nanswer:\n1 x\n. .\n", "line 6, column 3"),
    ("sukoro 2x2\nfoo:\n. .\n", "unknown section"),
    ("", "empty input"),
    ("sukoro:3x3:abc", "no Simon Tatham"),
    ("3x3:abc", "as slant"),
]


@pytest.mark.parametrize("text,where", BAD)
def test_bad_input_names_what_and_where(text: str, where: str) -> None:
    with pytest.raises(BoardError, match=None) as err:
        boardio.parse(text)
    assert where in str(err.value)
