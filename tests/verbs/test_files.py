"""A board and the player's position saved as a file and loaded back (verbs/files.py; issue 48,
item 7): the project's text and JSON formats, read by the library as any board file, the page's
marks coming back exactly (a Sukoro cell numbered before its digit is known included), and a bad
file refused with one line naming what is wrong and where."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pencilbox import api, bank, boardio, puzzles, verbs
from pencilbox.errors import BoardError
from pencilbox.verbs import files, play

NAMES = puzzles.names()


def smallest(name: str) -> dict[str, Any]:
    return min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))


def half_played(name: str) -> tuple[dict[str, Any], list[Any]]:
    """A bank board's JSON (no answer) and a position: the answer's marks in every other cell."""
    rec = smallest(name)
    board = boardio.board_from_json(rec)
    marks = puzzles.get(name).marks.from_answer(board, board.answer)
    return play.board_json(board), [m if i % 2 == 0 else None for i, m in enumerate(marks)]


@pytest.mark.parametrize("fmt", files.FORMATS)
@pytest.mark.parametrize("name", NAMES)
def test_a_saved_position_loads_back_exactly_and_the_library_reads_the_file(name: str, fmt: str) -> None:
    board, position = half_played(name)
    saved = verbs.call("save", {"board": board, "position": position, "format": fmt, "seed": "4294967295",
                                "grade": "count"})
    loaded = verbs.call("load", {"text": saved["text"]})
    assert loaded["board"] == board and loaded["position"] == position
    read = api.read(saved["text"])  # any reader of the formats: the answer section is the position's
    want = puzzles.get(name).marks.to_answer(boardio.board_from_json(board), position)
    assert read.shape.answer == want and read.clues == board["clues"]
    if fmt == "json":
        assert json.loads(saved["text"])["seed"] == 4294967295
    else:
        assert saved["text"].startswith("# seed 4294967295, grade count\n")


def test_a_sukoro_cell_numbered_before_its_digit_is_known_comes_back() -> None:
    """The answer section holds a digit, which a numbered cell with undecided neighbours has
    not yet: the marks travel beside it, in both formats."""
    board = {"puzzle": "sukoro", "rows": 2, "cols": 3, "clues": [[None] * 3, [None] * 3]}
    position = ["n", None, "x", None, None, None]
    for fmt in files.FORMATS:
        text = verbs.call("save", {"board": board, "position": position, "format": fmt})["text"]
        assert api.read(text).shape.answer == (None, None, 0, None, None, None)
        assert verbs.call("load", {"text": text})["position"] == position, fmt


def test_a_board_without_a_position_and_any_board_format_load() -> None:
    board, _ = half_played("slant")
    plain = verbs.call("save", {"board": board})["text"]
    assert "answer:" not in plain and verbs.call("load", {"text": plain})["position"] is None
    url = verbs.call("export", {"board": board})["url"]
    assert verbs.call("load", {"text": url})["board"] == board


BAD = [
    ("", "the file is empty"),
    ("   \n", "the file is empty"),
    ("sukoro 2x2\nclues:\n1 .\n. 7\n", "line 4, column 3"),
    ("sukoro 2x2\nclues:\n1 .\n. .\nanswer:\n1 ?\n? x\n", "line 7, column 3"),
    ('[{"puzzle": "sukoro", "rows": 1, "cols": 1, "clues": [[null]]},'
     ' {"puzzle": "sukoro", "rows": 1, "cols": 1, "clues": [[null]]}]', "a list of 2 boards"),
    ('{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[null, null]], "position": ["n"]}',
     "position must be a list of 2"),
    ('{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[null, null]], "answer": [[0, null]],'
     ' "position": ["n", null]}', "row 1, column 1 disagrees"),
    ("# position: [n\nsukoro 1x2\nclues:\n. .\n", "line 1: the position comment"),
    ("# position: [\"q\", null]\nsukoro 1x2\nclues:\n. .\n", "row 1, column 1"),
    ("x" * (files.MAX_TEXT + 1), "at most 200,000"),
    ("\x89PNG\r\n\x1a\n\x00\x00", "line 1"),
]


@pytest.mark.parametrize("text,words", BAD, ids=[w for _, w in BAD])
def test_a_bad_file_says_what_and_where_in_one_line(text: str, words: str) -> None:
    with pytest.raises(BoardError) as e:
        verbs.call("load", {"text": text})
    assert words in str(e.value) and "\n" not in str(e.value), str(e.value)


def test_save_refuses_a_bad_position_and_an_unknown_format() -> None:
    board, position = half_played("fillapix")
    with pytest.raises(BoardError, match="row 1, column 2"):
        verbs.call("save", {"board": board, "position": [None, "?", *position[2:]]})
    with pytest.raises(BoardError, match="text or json"):
        verbs.call("save", {"board": board, "format": "png"})
