"""The worker process's side of the lanes, in process: one JSON line in, one out, every error
answered with the status the server gives it (a fault as 500, never a dead worker)."""

from __future__ import annotations

import io
import json

from pencilbox import bank
from pencilbox.player import play, worker


def answers(*lines: str) -> list[dict[str, object]]:
    out = io.StringIO()
    worker.serve(io.StringIO("".join(line + "\n" for line in lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_call_is_answered_with_its_value_or_its_status() -> None:
    rec = min(bank.load("slant"), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    board = play.board_json(play.board_of(rec))
    got = answers(json.dumps({"verb": "count", "args": [board]}),
                  json.dumps({"verb": "count", "args": [{"puzzle": "nope"}]}),
                  json.dumps({"verb": "generate", "args": ["slant", 99, 99, None, 1]}),
                  json.dumps({"verb": "exec", "args": []}),
                  "{not json",
                  json.dumps({"verb": "count"}))
    assert got[0]["ok"]["count"] == 1
    assert got[1]["status"] == 400 and "rows" in got[1]["error"]
    assert got[2]["status"] == 400 and "rows must be an integer" in got[2]["error"]
    assert got[3] == {"status": 400, "error": "no worker call 'exec'"}
    assert got[4]["status"] == 400 and got[4]["error"].startswith("bad worker call")
    assert got[5]["status"] == 400


def test_statuses_match_the_servers() -> None:
    assert worker.status_of(play.TooMuchWork("x")) == (503, "x")
    assert worker.status_of(play.TooLarge("y")) == (413, "y")
    assert worker.status_of(LookupError("'no bank board'")) == (404, "no bank board")
    assert worker.status_of(ZeroDivisionError()) is None
