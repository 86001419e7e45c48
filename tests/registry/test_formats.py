"""Every folder's formats, from its own data: each published URL reads to the board its record
holds and is written back byte for byte (the genre's alias and puzz.link's ``_edit`` aside),
and each line of ``data/bad_input.json`` is refused with one error that says what it names."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pencilbox import boardio, puzzles
from pencilbox.errors import BoardError
from tests import contract

NAMES = puzzles.names()


def bad_inputs(name: str) -> list[dict[str, str]]:
    """The folder's hostile inputs and what the error must say (none where it has no file)."""
    path = puzzles.folder(name) / "data" / "bad_input.json"
    return json.loads(path.read_text()) if path.exists() else []


BAD = [(name, k, case["input"], case["says"]) for name in NAMES for k, case in enumerate(bad_inputs(name))]
URLS = [(name, rec) for name in NAMES if puzzles.get(name).url is not None
        for rec in contract.published_records(name) if rec.get("url")]


@pytest.mark.parametrize("name,k,text,says", BAD, ids=[f"{b[0]}-{b[1]}" for b in BAD])
def test_bad_input_is_one_error_naming_what_and_where(name: str, k: int, text: str, says: str) -> None:
    with pytest.raises(BoardError) as err:
        boardio.parse(text)
    assert says in str(err.value)
    assert "\n" not in str(err.value) and len(str(err.value)) < 400


def canon(key: str, grid: list[list[Any]] | None) -> list[list[Any]] | None:
    """A grid as compared: a clue marked unknown (``?``) as none, region labels renumbered in
    reading order."""
    if grid is None or key == "clues":
        return grid and [[None if v == "?" else v for v in row] for row in grid]
    seen: dict[Any, int] = {}
    return [[seen.setdefault(v, len(seen)) for v in row] for row in grid]


def written_back(rec: dict[str, Any], wrote: str) -> str:
    """The record's URL as pencilbox writes it: the puzzle's own genre name, no ``_edit``."""
    genre, _, rest = rec["url"].split("?", 1)[1].partition("/")
    return f"{wrote.split('?', 1)[1].split('/', 1)[0]}/{rest}" if genre.removesuffix("_edit") else rest


@pytest.mark.parametrize("name,rec", URLS, ids=[f"{u[0]}-{u[1]['id']}" for u in URLS])
def test_published_urls_read_to_their_record_and_write_back(name: str, rec: dict[str, Any]) -> None:
    board = boardio.parse(rec["url"])[0][0].board
    got = json.loads(boardio.dump(board, "json"))
    for key in ("clues", "regions"):
        assert canon(key, got.get(key)) == canon(key, rec.get(key)), key
    wrote = boardio.dump(board, "url")
    assert wrote.split("?", 1)[1] == written_back(rec, wrote)


def test_every_published_puzzle_has_bad_inputs_in_its_folder() -> None:
    assert {n for n in NAMES if contract.published(n)} <= {n for n in NAMES if bad_inputs(n)}
