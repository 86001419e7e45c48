"""The player's JSON API, in process (starlette's TestClient): every route for every
puzzle, and bad input answered with one clear 4xx message."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import bank, boardio, puzzles
from pencilbox.core import engine
from pencilbox.player.api import app

client = TestClient(app)
NAMES = puzzles.names()


@pytest.fixture(scope="module", autouse=True)
def warm_kernels() -> None:
    """What the server's lifespan does before its first request (this client skips it):
    on a fresh clone numba compiles here, not inside a request's time budget."""
    from pencilbox.player import play
    play.warm()


def smallest(name: str) -> dict[str, Any]:
    return min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))


def answer_position(rec: dict[str, Any]) -> list[Any]:
    board = boardio.board_from_json(rec)
    return puzzles.get(rec["puzzle"]).marks.from_answer(board, board.answer)


def post(path: str, body: Any) -> Any:
    return client.post(path, content=json.dumps(body))


def test_catalog_lists_every_puzzle_with_its_ladder() -> None:
    cat = client.get("/api/catalog").json()["puzzles"]
    assert [p["name"] for p in cat] == list(NAMES)
    for p in cat:
        assert p["levels"] == list(engine.levels(puzzles.get(p["name"])))
        assert p["sizes"] and p["grades"]


@pytest.mark.parametrize("name", NAMES)
def test_bank_board_plays_to_a_win(name: str) -> None:
    rec = smallest(name)
    listing = client.get(f"/api/bank?puzzle={name}&rows={rec['rows']}&cols={rec['cols']}").json()["boards"]
    assert rec["id"] in [b["id"] for b in listing]
    got = client.get(f"/api/board/{rec['id']}").json()
    assert got["unique"] and got["grade"] == rec["grade"] and "answer" not in got["board"]
    board = got["board"]
    n = rec["rows"] * rec["cols"]
    empty = post("/api/check", {"board": board, "position": [None] * n}).json()
    assert not empty["won"] and not empty["complete"]
    full = answer_position(rec)
    won = post("/api/check", {"board": board, "position": full}).json()
    assert won["won"] and won["ok"], won
    if name == "slant":
        assert won["trees"] == rec["rows"] + rec["cols"] + 1


@pytest.mark.parametrize("name", NAMES)
def test_hint_names_a_rung_and_flags_wrong_entries_first(name: str) -> None:
    rec = smallest(name)
    board = client.get(f"/api/board/{rec['id']}").json()["board"]
    n = rec["rows"] * rec["cols"]
    h = post("/api/hint", {"board": board, "position": [None] * n, "level": None}).json()
    assert h["kind"] == "hint" and h["rung"] in engine.levels(puzzles.get(name)), h
    r, c = h["cell"]
    full = answer_position(rec)
    assert full[r * rec["cols"] + c] == h["mark"]  # the hint agrees with the answer
    assert h["rung"] in h["message"]
    # one wrong entry: the hint points at it before anything else
    k = next(i for i, m in enumerate(full) if board_clue_free(name, board, i))
    wrong = [None] * n
    wrong[k] = other_mark(name, full[k])
    w = post("/api/hint", {"board": board, "position": wrong, "level": None}).json()
    assert w["kind"] == "wrong" and w["cells"] == [list(divmod(k, rec["cols"]))]
    done = post("/api/hint", {"board": board, "position": full, "level": None}).json()
    assert done["kind"] == "solved"


def board_clue_free(name: str, board: dict[str, Any], i: int) -> bool:
    if name == "slant":
        return True
    r, c = divmod(i, board["cols"])
    return board["clues"][r][c] is None


def other_mark(name: str, m: Any) -> Any:
    return {"sukoro": {"n": "x", "x": "n"}, "slant": {"/": "\\", "\\": "/"},
            "fillapix": {"#": ".", ".": "#"}}.get(name, {}).get(m, 1 if m != 1 else 2)


@pytest.mark.parametrize("name", NAMES)
def test_ladder_view_and_setter_calls(name: str) -> None:
    rec = smallest(name)
    board = client.get(f"/api/board/{rec['id']}").json()["board"]
    n = rec["rows"] * rec["cols"]
    lad = post("/api/ladder", {"board": board, "position": [None] * n}).json()["rungs"]
    assert [x["rung"] for x in lad] == list(engine.levels(puzzles.get(name)))
    full = answer_position(rec)
    for x in lad:  # whatever a rung shades agrees with the answer
        for cell in x["cells"]:
            r, c = cell["cell"]
            assert full[r * rec["cols"] + c] == cell["mark"]
    cnt = post("/api/count", {"board": board}).json()
    assert cnt["count"] == 1 and cnt["grade"] == rec["grade"] and cnt["answer"] == full
    bare = {**board, "clues": [[None] * len(row) for row in board["clues"]]}
    if name == "ripple":
        bare["regions"] = [[0] * rec["cols"] for _ in range(rec["rows"])]
    if name != "ripple" or rec["rows"] * rec["cols"] <= 9:
        two = post("/api/count", {"board": bare}).json()
        assert two["count"] == "2+" and two["second"] is not None and two["second"] != two["answer"]
    mini = post("/api/minimise", {"board": board}).json()
    assert post("/api/count", {"board": mini["board"]}).json()["count"] == 1
    assert post("/api/count", {"board": mini["board"]}).json()["redundant"] == []


@pytest.mark.parametrize("name", NAMES)
def test_share_and_import_round_trip(name: str) -> None:
    rec = smallest(name)
    got = client.get(f"/api/board/{rec['id']}").json()
    for fmt in ("url", "text", "tatham"):
        if got["share"][fmt] is None:
            continue
        back = post("/api/convert", {"text": got["share"][fmt]}).json()
        assert back["board"] == got["board"] and back["key"] == got["key"], fmt
    exp = post("/api/export", {"board": got["board"]}).json()
    assert exp["json"] == got["board"] and exp["text"] == got["share"]["text"]


def test_generate_makes_a_unique_board_of_the_grade_asked() -> None:
    ask = {"puzzle": "slant", "rows": 5, "cols": 5, "grade": "count", "seed": 3}
    made = post("/api/generate", ask).json()
    assert made["grade"] == "count" and made["seed"] == 3
    assert post("/api/count", {"board": made["board"]}).json()["count"] == 1


BAD = [
    ("post", "/api/check", "{not json", 400, "not JSON"),
    ("post", "/api/check", json.dumps({"position": []}), 400, "missing 'board'"),
    ("post", "/api/check", json.dumps({"board": {"puzzle": "slant"}, "position": []}), 400, "rows"),
    ("post", "/api/check", json.dumps({"board": {"puzzle": "nope", "rows": 2, "cols": 2}, "position": []}),
     400, "unknown puzzle"),
    ("post", "/api/hint", json.dumps({"board": {"puzzle": "fillapix", "rows": 2, "cols": 2,
                                                "clues": [[None, None], [None, None]]},
                                      "position": ["#"]}), 400, "list of 4"),
    ("post", "/api/hint", json.dumps({"board": {"puzzle": "fillapix", "rows": 2, "cols": 2,
                                                "clues": [[None, None], [None, None]]},
                                      "position": ["#", "?", None, None]}), 400, "row 1, column 2"),
    ("post", "/api/count", json.dumps({"board": {"puzzle": "fillapix", "rows": 100, "cols": 100,
                                                 "clues": [[None] * 100] * 100}}), 413, "at most"),
    ("post", "/api/convert", json.dumps({"text": "https://puzz.link/p?gokigen/x/4/zz"}), 400, "URL"),
    ("post", "/api/convert", json.dumps({"text": ""}), 400, "non-empty"),
    ("post", "/api/generate", json.dumps({"puzzle": "sukoro", "rows": 99, "cols": 99}), 400, "3..12"),
    ("post", "/api/hint", json.dumps({"board": {"puzzle": "fillapix", "rows": 1, "cols": 1, "clues": [[1]]},
                                      "position": [None], "level": "magic"}), 400, "unknown level"),
    ("post", "/api/generate", json.dumps({"puzzle": 5, "rows": 5, "cols": 5}), 400, "puzzle name"),
    ("post", "/api/generate", json.dumps({"rows": 5, "cols": 5}), 400, "missing 'puzzle'"),
    ("get", "/api/board/sukoro-nope", None, 404, "no bank board"),
    ("get", "/api/nothing", None, 404, "no API route"),
    ("get", "/api/bank", None, 400, "puzzle"),
    ("get", "/api/check", None, 405, "not allowed"),
    ("post", "/api/check", "x" * 300_000, 413, "body"),
]


@pytest.mark.parametrize("method,path,body,status,words", BAD)
def test_bad_requests_get_one_clear_4xx(method: str, path: str, body: str | None, status: int,
                                        words: str) -> None:
    res = client.post(path, content=body) if method == "post" else client.get(path)
    assert res.status_code == status, res.text
    assert words in res.json()["error"]


def test_the_page_links_to_the_notes_page() -> None:
    assert 'href="/notes"' in client.get("/").text
    r = client.get("/notes")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "pencilbox — notes" in r.text and "<svg" in r.text


def _graded(name: str) -> list[dict[str, Any]]:
    """Bank boards a ladder level finishes: every Ripple board (the puzzle with cells the rules
    settle before any rung), the smallest size of the others (the test's time bound)."""
    puzzle = puzzles.get(name)
    recs = [r for r in bank.load(name) if r["grade"] in engine.levels(puzzle)]
    if name == "ripple":
        return recs
    least = min(r["rows"] * r["cols"] for r in recs)
    return [r for r in recs if r["rows"] * r["cols"] == least]


@pytest.mark.parametrize("name", NAMES)
def test_a_hint_driven_solve_at_the_boards_grade_reaches_the_win(name: str) -> None:
    """Issue 15 item 3: a hint never answers stuck where the board's grade says the chosen
    level finishes it (Ripple's one-cell regions were never hinted)."""
    from pencilbox.player import drive, play
    recs = _graded(name)
    unfinished = []
    for rec in recs:
        board = play.board_of(rec)
        run = drive.solve_by_hints(board, rec["grade"])
        won = play.check(play.board_json(board), run.position)["won"]
        if not (run.solved and won):
            unfinished.append(f"{rec['id']}: {run.last.get('message')}")
    assert len(recs) >= 12 and not unfinished, unfinished


def test_the_ladder_view_shades_a_one_cell_region_at_the_first_rung() -> None:
    rec = next(r for r in bank.load("ripple") if 1 in boardio.board_from_json(r).size)
    board = boardio.board_from_json(rec)
    one = next(i for i, s in enumerate(board.size) if s == 1 and board.clues[i] is None)
    position = [None] * (board.rows * board.cols)
    rungs = post("/api/ladder", {"board": rec, "position": position}).json()["rungs"]
    assert {"cell": list(board.grid.rc(one)), "mark": 1} in rungs[0]["cells"]
