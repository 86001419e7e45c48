"""Fill-a-Pix formats: text, JSON, Tatham mosaic IDs and the project's URL, bad input."""

import json

import pytest

from pencilbox import boardio
from pencilbox.errors import BoardError
from tests.conftest import load_testdata

RECS = load_testdata("fillapix")


@pytest.mark.parametrize("rec", RECS[:25], ids=[r["id"] for r in RECS[:25]])
def test_round_trips(rec: dict) -> None:
    board = boardio.parse(json.dumps(rec))[0][0].board
    assert boardio.parse(boardio.dump(board, "text"))[0][0].board == board
    assert boardio.parse(boardio.dump(board, "json"))[0][0].board == board
    tid = boardio.dump(board, "tatham")
    assert tid.startswith(f"{board.cols}x{board.rows}:")
    assert boardio.parse(tid)[0][0].board.clues == board.clues
    assert boardio.parse("mosaic:" + tid)[0][0].board.clues == board.clues
    url = boardio.dump(board, "url")
    assert url.startswith(f"pencilbox://p?fillapix/{board.cols}/{board.rows}/")
    assert boardio.parse(url)[0][0].board.clues == board.clues


def test_answer_text_keeps_hashes() -> None:
    text = "# a comment\nfillapix 2x2\nclues:\n4 .\n. .\nanswer:\n# #\n# #\n"
    board = boardio.parse(text)[0][0].board
    assert board.answer == (1, 1, 1, 1) and board.clues == (4, None, None, None)


BAD = [
    ("fillapix 2x2\nclues:\n. 5\n. .\n", "exceeds its 4-cell block"),
    ("fillapix 2x2\nclues:\n. .\n", "expected 2"),
    ("fillapix 2x2\nclues:\n. x\n. .\n", "line 3, column 3"),
    ("fillapix 1x2\nclues:\n. .\nanswer:\n#x\n", "not a Fill-a-Pix answer"),
    ('{"puzzle": "fillapix", "rows": 1, "cols": 2, "clues": [[10, null]]}', "column 1"),
    ("mosaic:2x2:a!", "character 2"),
    ("mosaic:2x2:a9b", "exceeds"),
    ("mosaic:2x2:c", "expected 4"),
    ("pencilbox://p?fillapix/2/2/b", "expected 4"),
]


@pytest.mark.parametrize("text,where", BAD)
def test_bad_input(text: str, where: str) -> None:
    with pytest.raises(BoardError) as err:
        boardio.parse(text)
    assert where in str(err.value)
