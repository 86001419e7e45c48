"""One verb over a wire, as both back ends of the page call it: a status and JSON for every call,
the bad ones a 4xx naming what is wrong, never an exception."""

from __future__ import annotations

import json

from pencilbox.verbs import wire
from pencilbox.verbs.play import board_json, smallest


def said(verb: str, body: str | bytes, light: bool = True) -> tuple[int, dict[str, object]]:
    status, out = wire.answer(verb, body, light)
    return status, json.loads(out)


def test_a_call_answers_its_verb() -> None:
    board = board_json(smallest("sukoro").shape)
    status, got = said("solve", json.dumps({"board": board}))
    assert status == 200 and got["status"] == "unique"
    assert wire.line("catalog", "{}").startswith("200 {")


def test_bad_calls_are_4xx_with_one_message() -> None:
    assert said("hint", "[1]") == (400, {"error": "request body must be a JSON object"})
    status, got = said("hint", "{nope")
    assert status == 400 and "not JSON" in str(got["error"])
    assert said("hint", "{}") == (400, {"error": "missing 'board' in the request body"})
    status, got = said("nope", "{}")
    assert status == 400 and "nope" in str(got["error"])
    status, got = said("hint", b"{" + b" " * wire.MAX_BODY + b"}")
    assert status == 413
    status, got = said("board", json.dumps({"id": "sukoro-no-such"}))
    assert status == 404 and "no bank board" in str(got["error"])
    status, got = said("hint", "[" * 100_000 + "]" * 100_000)
    assert status == 400


def test_a_worker_refuses_the_verbs_the_server_answers_itself() -> None:
    status, got = said("catalog", "{}", light=False)
    assert status == 400 and "no worker call" in str(got["error"])
