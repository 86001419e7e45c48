"""Hostile requests to the local server's app (api.py; issue 27): a huge body is refused before
it is read, errors quote little of the input, and a board that cannot exist is a 400, not a
retryable 503. (Other web pages kept off: test_guard.py; a killed worker: test_lanes_overload.py.)"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.testclient import TestClient

from pencilbox.player.api import MAX_BODY, app

BASE = "http://127.0.0.1:8000"
client = TestClient(app, base_url=BASE)
JSON = {"Content-Type": "application/json"}


def asgi(headers: list[tuple[bytes, bytes]], chunks: list[bytes]) -> tuple[int, int]:
    """(status, chunks the app read) of one POST /api/convert driven by hand: what a server
    would hand the app as the body arrives."""
    taken = 0
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal taken
        if taken < len(chunks):
            taken += 1
            return {"type": "http.request", "body": chunks[taken - 1], "more_body": taken < len(chunks)}
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    base = [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json")]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/api/convert", "raw_path": b"/api/convert", "query_string": b"",
             "root_path": "", "headers": [*base, *headers], "client": ("127.0.0.1", 1),
             "server": ("127.0.0.1", 8000), "app": app}
    asyncio.run(app(scope, receive, send))
    return next(m["status"] for m in sent if m["type"] == "http.response.start"), taken


def test_a_body_whose_length_is_over_the_limit_is_refused_unread() -> None:
    status, taken = asgi([(b"content-length", str(512 * 2**20).encode())], [b"\0" * 65536] * 4)
    assert (status, taken) == (413, 0)


def test_a_chunked_body_is_refused_as_soon_as_it_passes_the_limit() -> None:
    chunk = b" " * 65536
    status, taken = asgi([(b"transfer-encoding", b"chunked")], [chunk] * 200)  # 12.5 MB offered
    assert status == 413 and taken <= MAX_BODY // len(chunk) + 1


def test_an_error_quotes_little_of_a_huge_input() -> None:
    r = client.get("/api/bank", params={"puzzle": "q" * 10_000})
    assert r.status_code == 400 and len(r.text) < 400
    r = client.post("/api/convert", content=json.dumps({"text": "w" * 200_000}), headers=JSON)
    assert r.status_code == 400 and len(r.text) < 600
    r = client.get("/api/" + "p" * 5000)
    assert r.status_code == 404 and len(r.text) < 400


def test_a_grade_no_board_has_is_a_400_not_a_retry() -> None:
    r = client.post("/api/generate", content=json.dumps({"puzzle": "fillapix", "rows": 5, "cols": 5,
                                                         "grade": "pair"}), headers=JSON)
    assert r.status_code == 400 and "pair" in r.json()["error"] and "Retry-After" not in r.headers




def test_a_stalled_body_is_answered_408_once_its_time_is_up(monkeypatch: Any) -> None:
    """The server kept 300 stalled request bodies open (each a connection, for good): a body now
    has BODY_S to arrive, else 408 and the connection closed."""
    from pencilbox.player import api
    monkeypatch.setattr(api, "BODY_S", 0.05)
    sent: list[dict[str, Any]] = []
    first = True

    async def receive() -> dict[str, Any]:
        nonlocal first
        if first:
            first = False
            return {"type": "http.request", "body": b'{"board"', "more_body": True}
        await asyncio.sleep(3600)  # the rest never comes
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    headers = [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
               (b"content-length", b"100")]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/api/convert", "raw_path": b"/api/convert", "query_string": b"",
             "root_path": "", "headers": headers, "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 8000),
             "app": app}
    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    assert start["status"] == 408 and (b"connection", b"close") in start["headers"]
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    assert json.loads(body) == {"error": "the request body did not arrive within 0.05 s"}
