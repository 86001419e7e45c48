"""The verb table (issue 45, item 2): a verb is one entry and its handler, read by the command line,
the HTTP API, the workers and the warm-up; handlers are plain functions called with a dict, with
nothing of the server loaded; a request's board is parsed once."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pencilbox import api, bank, boardio, cli, verbs
from pencilbox.results import Result


@dataclass(frozen=True)
class Clued(Result):
    """A toy verb's answer: the board's clues, counted."""

    clues: int

    def to_dict(self) -> dict[str, Any]:
        return {"clues": self.clues}

    def __str__(self) -> str:
        return f"{self.clues} clues"


def clues(board: api.Board, at_least: int) -> Clued:
    n = sum(v is not None for v in board.shape.clues)
    if n < at_least:
        raise ValueError(f"{n} clues, fewer than {at_least}")
    return Clued(n)


def smallest(name: str = "sukoro") -> dict[str, Any]:
    rec = min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    return {k: v for k, v in rec.items() if k in ("puzzle", "rows", "cols", "clues", "regions")}


@pytest.fixture
def toy_verb(monkeypatch: pytest.MonkeyPatch) -> verbs.Verb:
    """One new entry in the table, nothing else added anywhere."""
    verb = verbs.Verb("clues", clues, (verbs.BOARD, verbs.Field("at_least", int, 0, flag="--at-least",
                                                                  cli={"type": verbs.integer})),
                      "heavy", "count the clues", cli=True, yes=lambda r: r.clues > 0,
                      warm=lambda name: {"board": verbs.play.smallest(name)})
    monkeypatch.setitem(verbs.VERBS, "clues", verb)
    return verb


def test_a_new_verb_is_one_entry(toy_verb: verbs.Verb, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The command line, the HTTP API, the worker and the warm-up all take it from the table."""
    from starlette.applications import Starlette
    from starlette.testclient import TestClient

    from pencilbox.player import api as http
    from pencilbox.player import worker
    board = smallest()
    want = sum(v is not None for row in board["clues"] for v in row)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(board))
    assert cli.main(["clues", str(path)]) == 0 and capsys.readouterr().out == f"{want} clues\n"
    assert cli.main(["clues", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"clues": want}
    with pytest.raises(SystemExit, match="2"):
        cli.main(["clues", str(path), "--at-least", "x"])
    assert "'x' is not an integer" in capsys.readouterr().err
    client = TestClient(Starlette(routes=http.verb_routes()))
    assert client.post("/api/clues", json={"board": board}).json() == {"clues": want}
    said = client.post("/api/clues", json={"board": board, "at_least": 10**6})
    assert said.status_code == 400 and "fewer than" in said.json()["error"]
    assert client.post("/api/clues", json={}).json() == {"error": "missing 'board' in the request body"}
    answered = worker.answer("clues", json.dumps({"board": board}).encode())
    assert answered == (200, json.dumps({"clues": want}).encode())
    assert verbs.warm(("heavy",)) >= len(verbs.puzzles.names())  # its warm-up ran on every puzzle


def test_every_verb_is_called_with_a_plain_dict() -> None:
    """The library's in-process call: a dict of JSON values, the handler's result back."""
    board = smallest("slant")
    n = board["rows"] * board["cols"]
    assert verbs.call("solve", {"board": board}).unique
    assert verbs.call("count", {"board": board, "engine": "sat", "limit": 2}).count == 1
    assert verbs.call("hint", {"board": board, "position": [None] * n}).kind == "hint"
    assert verbs.call("check", {"board": board, "position": ["/"] * n}).to_dict()["won"] is False
    assert verbs.call("setter", {"board": board})["count"] == 1
    assert verbs.call("catalog", {})["puzzles"]
    with pytest.raises(verbs.BoardError, match="no verb 'nope'"):
        verbs.call("nope", {})
    with pytest.raises(verbs.BoardError, match="'off' must be a rung name"):
        verbs.call("grade", {"board": board, "off": 3})


def test_the_handlers_load_nothing_of_the_server() -> None:
    """Every handler runs with neither starlette nor uvicorn imported (the static site's worker
    runs this same table)."""
    code = ("import json, sys; from pencilbox import verbs\n"
            "b = json.loads(sys.argv[1]); n = b['rows'] * b['cols']\n"
            "verbs.call('hint', {'board': b, 'position': [None] * n}); verbs.call('grade', {'board': b})\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn')))")
    r = subprocess.run([sys.executable, "-c", code, json.dumps(smallest())], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "[]", r.stdout + r.stderr


def test_a_request_reads_its_board_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """From the HTTP body to the answer, the board is parsed once (it used to be parsed again
    on the way to every layer)."""
    from starlette.testclient import TestClient

    from pencilbox.player.api import app
    parsed: list[object] = []
    real = boardio.board_from_json
    monkeypatch.setattr(boardio, "board_from_json", lambda *a, **k: (parsed.append(a), real(*a, **k))[1])
    board = smallest()
    n = board["rows"] * board["cols"]
    client = TestClient(app, base_url="http://127.0.0.1:8000")
    for route, body in (("/api/hint", {"board": board, "position": [None] * n}),
                        ("/api/check", {"board": board, "position": [None] * n}),
                        ("/api/solve", {"board": board}), ("/api/setter", {"board": board})):
        parsed.clear()
        got = client.post(route, json=body)
        assert got.status_code == 200 and len(parsed) == 1, (route, got.text, len(parsed))


def test_the_command_lines_verbs_are_the_tables() -> None:
    """Each verb the table marks for the command line is a subcommand with its fields' options."""
    parser = cli.build_parser()
    for verb in (v for v in verbs.VERBS.values() if v.cli):
        args = parser.parse_args([verb.name, "b.txt"])
        assert args.fn is cli.cmd_verb and args.verb == verb.name
        assert all(hasattr(args, f.name) for f in verb.fields if f.flag)
