"""Sukoro formats (codec.py, and board.py's text and JSON): URLs round-trip byte for byte, text and
JSON round-trip, bad input is one clear error naming where."""

import json

from pencilbox import boardio
from tests.conftest import load_testdata

RECS = load_testdata("sukoro")


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
