"""The player's server under bad input (issue 16 item 3): every malformed request is a 4xx
with one clear message, never a 500, and a puzzle's other names find its bank."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from pencilbox import puzzles
from pencilbox.player.api import app

client = TestClient(app, raise_server_exceptions=False, base_url="http://127.0.0.1:8000",
                    headers={"Content-Type": "application/json"})
POSTS = ["/api/check", "/api/hint", "/api/ladder", "/api/setter", "/api/minimise", "/api/generate",
         "/api/convert", "/api/export", "/api/reveal"]


@pytest.mark.parametrize("path", POSTS)
def test_json_nested_too_deep_is_a_400(path: str) -> None:
    r = client.post(path, content=b'{"board": ' + b"[" * 1000 + b"]" * 1000 + b"}")
    assert r.status_code == 400 and "nested too deep" in r.json()["error"]


@pytest.mark.parametrize("path", POSTS)
def test_an_integer_over_4300_digits_is_a_400(path: str) -> None:
    r = client.post(path, content=b'{"board": {"rows": ' + b"7" * 5000 + b"}, \"rows\": 1}")
    assert r.status_code == 400 and "number too long" in r.json()["error"]


@pytest.mark.parametrize("alias", ["SUKORO", "Slant", "gokigen", "hakyukoka", "mosaic", " ripple "])
def test_the_bank_answers_to_a_puzzles_other_names(alias: str) -> None:
    r = client.get("/api/bank", params={"puzzle": alias})
    assert r.status_code == 200 and r.json()["boards"], r.text
    name = puzzles.get(alias).name
    assert all(b["id"].startswith(name + "-") for b in r.json()["boards"])


def test_an_unknown_puzzle_in_the_bank_query_is_a_400() -> None:
    r = client.get("/api/bank", params={"puzzle": "sudoku"})
    assert r.status_code == 400 and "unknown puzzle" in r.json()["error"]
