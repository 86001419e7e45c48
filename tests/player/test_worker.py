"""The worker process's side of the lanes, in process: a header line and the request's body in,
one ``STATUS JSON`` line out, every error answered with the status the server gives it (a fault
as 500, never a dead worker)."""

from __future__ import annotations

import io
import json
from typing import Any

from pencilbox import bank
from pencilbox.player import worker
from pencilbox.verbs import play


def call(verb: str, body: Any) -> bytes:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return json.dumps({"verb": verb, "size": len(data)}).encode() + b"\n" + data


def answers(*calls: bytes) -> list[tuple[int, Any]]:
    out = io.BytesIO()
    worker.serve(io.BytesIO(b"".join(calls)), out)
    lines = (line.partition(b" ") for line in out.getvalue().splitlines())
    return [(int(status), json.loads(said)) for status, _, said in lines]


def test_a_call_is_answered_with_its_value_or_its_status() -> None:
    rec = min(bank.load("slant"), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    board = play.board_json(play.board_of(rec))
    got = answers(call("setter", {"board": board}),
                  call("setter", {"board": {"puzzle": "nope"}}),
                  call("generate", {"puzzle": "slant", "rows": 99, "cols": 99, "seed": 1}),
                  call("exec", {}),
                  call("convert", {"text": "2x2:i"}),  # light: the server answers it, not a worker
                  b"{not json\n",
                  call("setter", {}),
                  call("setter", b"[1, 2]"))
    assert got[0][0] == 200 and got[0][1]["count"] == 1
    assert got[1][0] == 400 and "rows" in got[1][1]["error"]
    assert got[2][0] == 400 and "past the 1,225" in got[2][1]["error"]  # New board: any size generate makes
    assert got[3] == (400, {"error": "no worker call 'exec'"})
    assert got[4] == (400, {"error": "no worker call 'convert'"})
    assert got[5][0] == 400 and got[5][1]["error"].startswith("bad worker call")
    assert got[6] == (400, {"error": "missing 'board' in the request body"})
    assert got[7] == (400, {"error": "request body must be a JSON object"})


def test_the_answer_is_the_verbs_result_as_json() -> None:
    """What a worker writes is the verb's ``to_dict``, byte for byte the server's own answer."""
    from pencilbox import verbs
    rec = min(bank.load("sukoro"), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    request = {"board": play.board_json(play.board_of(rec)), "position": [None] * (rec["rows"] * rec["cols"])}
    ((status, got),) = answers(call("hint", request))
    assert status == 200 and got == json.loads(json.dumps(verbs.call("hint", request).to_dict()))
    assert got["kind"] == "hint" and "mark" in got


def test_statuses_match_the_servers() -> None:
    assert worker.status_of(play.TooMuchWork("x")) == (503, "x")
    assert worker.status_of(play.TooLarge("y")) == (413, "y")
    assert worker.status_of(LookupError("'no bank board'")) == (404, "no bank board")
    assert worker.status_of(ZeroDivisionError()) is None


def test_a_served_answer_is_the_workers_bytes(server: str) -> None:
    """The server sends the worker's JSON on as it came (no decoding, no encoding again): the
    body of a served hint is byte for byte ``json.dumps`` of the verb's result."""
    import urllib.request

    from pencilbox import verbs
    rec = min(bank.load("ripple"), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    request = {"board": play.board_json(play.board_of(rec)), "position": [None] * (rec["rows"] * rec["cols"])}
    sent = urllib.request.Request(f"{server}/api/hint", data=json.dumps(request).encode(),
                                  headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(sent, timeout=60) as r:
        body = r.read()
    assert body == json.dumps(verbs.call("hint", request).to_dict()).encode()


def test_an_answer_in_the_servers_own_thread_has_the_workers_bytes() -> None:
    """An app driven without its lanes (a TestClient, or one whose loop is not the server's)
    answers in a thread with the same bytes a worker writes, so the two paths cannot differ."""
    from starlette.testclient import TestClient

    from pencilbox import verbs
    from pencilbox.player import api
    rec = min(bank.load("ripple"), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    request = {"board": play.board_json(play.board_of(rec)), "position": [None] * (rec["rows"] * rec["cols"])}
    body = TestClient(api.app, base_url="http://127.0.0.1:8000").post("/api/hint", json=request).content
    assert body == json.dumps(verbs.call("hint", request).to_dict()).encode()


def test_a_second_app_in_the_process_leaves_the_servers_lanes(server: str) -> None:
    """A TestClient's lifespan in the server's process starts and ends its own lanes: the
    served app keeps answering from its workers (the lanes are held by loop)."""
    import urllib.request

    from starlette.testclient import TestClient

    from pencilbox.player import api
    with TestClient(api.app, base_url="http://127.0.0.1:8000") as client:
        assert client.get("/api/status").status_code == 200
    with urllib.request.urlopen(f"{server}/api/status", timeout=60) as r:
        assert "workers" in json.loads(r.read())
