"""The page's ambiguity and paper calls (verbs/paper.py; issue 30, items 5 and 6), in process: /api/ambiguity
answers the backbone as marks, /api/image a board as SVG or PNG, /api/booklet the bank list as
a PDF; bad input is one clear 4xx."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import api, bank, boardio, puzzles, service
from pencilbox.player.api import app

client = TestClient(app, base_url="http://127.0.0.1:8000", headers={"Content-Type": "application/json"})
NAMES = puzzles.names()


def smallest(name: str) -> dict[str, Any]:
    return min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))


def post(path: str, body: Any) -> Any:
    return client.post(path, content=json.dumps(body))


def clues_halved(rec: dict[str, Any]) -> dict[str, Any]:
    """The board without its answer and with every second clue dropped: several answers."""
    board = {k: v for k, v in rec.items() if k != "answer"}
    seen = 0
    rows = []
    for row in board["clues"]:
        out = []
        for v in row:
            if v is not None:
                seen += 1
                v = v if seen % 2 else None
            out.append(v)
        rows.append(out)
    return {**board, "clues": rows}


@pytest.mark.parametrize("name", NAMES)
def test_the_backbone_comes_as_marks(name: str) -> None:
    board = clues_halved(smallest(name))
    got = post("/api/ambiguity", {"board": board}).json()
    want = service.backbone(api.Board(boardio.board_from_json(board))).to_dict()
    keys = ("count", "capped", "fixed_cells")
    assert [got[k] for k in keys] == [want[k] for k in keys]
    assert got["count"] >= 2 and len(got["answers"]) == min(got["count"], 10)
    fixed = got["fixed"]
    assert sum(m is not None for m in fixed) == got["fixed_cells"] < got["cells"]
    for i, m in enumerate(fixed):  # a fixed cell holds its mark in every answer listed
        if m is not None:
            assert {json.dumps(a[i]) for a in got["answers"]} == {json.dumps(m)}, i


@pytest.mark.parametrize("name", NAMES)
def test_a_board_downloads_as_svg_and_png(name: str) -> None:
    rec = smallest(name)
    board = {k: v for k, v in rec.items() if k != "answer"}
    svg = post("/api/image", {"board": board, "format": "svg", "answer": True}).json()
    assert svg["data"].startswith("<svg") and svg["name"].endswith("-answer.svg")
    png = post("/api/image", {"board": board, "format": "png", "answer": False}).json()
    assert base64.b64decode(png["data"])[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_bank_list_prints_as_a_booklet() -> None:
    ids = [b["id"] for b in client.get("/api/bank?puzzle=slant").json()["boards"]][:5]
    got = post("/api/booklet", {"ids": ids, "answers": True}).json()
    pdf = base64.b64decode(got["pdf"])
    assert pdf[:5] == b"%PDF-" and got["boards"] == 5 and got["name"].endswith(".pdf")


@pytest.mark.parametrize(("path", "body", "words"), [
    ("/api/ambiguity", {}, "missing 'board'"),
    ("/api/image", {"board": {"puzzle": "slant", "rows": 2, "cols": 2, "clues": [[None] * 3] * 3},
                    "format": "gif"}, "'format' must be svg or png"),
    ("/api/image", {"board": {"puzzle": "slant", "rows": 2, "cols": 2, "clues": [[None] * 3] * 3},
                    "answer": True}, "no answer to draw: it has several answers"),
    ("/api/image", {"board": {"puzzle": "slant", "rows": 1, "cols": 6000, "clues": [[None] * 6001] * 2},
                    "format": "png"}, "a PNG of a 1x6000 board would be 240044x84 pixels at its smallest"),
    ("/api/booklet", {"ids": "slant-1"}, "'ids' must be a list"),
    ("/api/booklet", {"ids": ["slant-nothing"]}, "no bank board 'slant-nothing'"),
    ("/api/booklet", {"ids": ["x"] * 61}, "a booklet takes 1..60 boards"),
])
def test_bad_requests_are_one_clear_4xx(path: str, body: Any, words: str) -> None:
    got = post(path, body)
    assert got.status_code == 400 and words in got.json()["error"], got.text


def test_an_ambiguity_view_not_settled_in_its_budget_is_refused_with_what_it_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47 item 3: on a blank 60x60 Sukoro the view held a heavy worker for the lane's whole
    60 s (and the call queued behind it); now SAT runs within PLAYER_SAT_WORK cell-calls (here
    made tiny) and a backbone it could not settle is 503 saying how far it got."""
    from pencilbox.verbs import paper
    monkeypatch.setattr(paper, "PLAYER_SAT_WORK", 1)
    got = post("/api/ambiguity", {"board": api.blank("sukoro", 6, 6).to_dict()})
    assert got.status_code == 503, got.text
    assert "were not settled within this request's 1 SAT calls" in got.json()["error"]
