"""Fill-a-Pix formats (codec.py, and board.py's text): text, JSON, Tatham mosaic IDs and the
project's URL, bad input."""

import json

import pytest

from pencilbox import boardio
from tests.conftest import load_testdata

RECS = load_testdata("fillapix")


@pytest.mark.parametrize("rec", RECS[:25], ids=[r["id"] for r in RECS[:25]])
def test_tatham_ids_and_the_projects_urls(rec: dict) -> None:
    """(Every format round-trips: tests/registry/test_contract.py.) Mosaic IDs, and the project's URLs."""
    board = boardio.parse(json.dumps(rec))[0][0].board
    assert boardio.dump(board, "tatham").startswith(f"{board.cols}x{board.rows}:")
    assert boardio.dump(board, "url").startswith(f"pencilbox://p?fillapix/{board.cols}/{board.rows}/")


def test_answer_text_keeps_hashes() -> None:
    text = "# a comment\nfillapix 2x2\nclues:\n4 .\n. .\nanswer:\n# #\n# #\n"
    board = boardio.parse(text)[0][0].board
    assert board.answer == (1, 1, 1, 1) and board.clues == (4, None, None, None)
