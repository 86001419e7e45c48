"""Hostile requests to the local server (issue 27): a huge body is refused before it is read,
other web pages are kept off (Host, Origin, Content-Type), errors quote little of the input,
and a board that cannot exist is a 400, not a retryable 503."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox.player.api import MAX_BODY, app
from pencilbox.player.guard import hostname

BASE = "http://127.0.0.1:8000"
client = TestClient(app, base_url=BASE)
JSON = {"Content-Type": "application/json"}
BODY = json.dumps({"text": "https://puzz.link/p?sukoro/5/5/2a2c4a2g2a4c2a2"})


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


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example",
                                  "localhost.evil.example:8000"])
def test_a_foreign_host_is_refused(host: str) -> None:
    r = client.get("/api/catalog", headers={"Host": host})
    assert r.status_code == 403 and "--allow-host" in r.json()["error"]
    r = client.post("/api/convert", content=BODY, headers={**JSON, "Host": host})
    assert r.status_code == 403


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "LOCALHOST", "[::1]:8000"])
def test_the_loopback_names_are_served(host: str) -> None:
    assert client.get("/api/catalog", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:9999",
                                    "http://localhost:8000"])
def test_a_post_from_another_origin_is_refused(origin: str) -> None:
    r = client.post("/api/convert", content=BODY, headers={**JSON, "Origin": origin})
    assert r.status_code == 403 and "origin" in r.json()["error"]


def test_a_post_from_the_page_itself_or_with_no_origin_is_served() -> None:
    assert client.post("/api/convert", content=BODY, headers={**JSON, "Origin": BASE}).status_code == 200
    assert client.post("/api/convert", content=BODY, headers=JSON).status_code == 200


@pytest.mark.parametrize("media", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                   ""])
def test_a_post_that_is_not_json_is_refused(media: str) -> None:
    headers = {"Content-Type": media} if media else {}
    r = client.post("/api/convert", content=BODY, headers=headers)
    assert r.status_code == 415 and "application/json" in r.json()["error"]


def test_the_issue_reproduction_is_refused() -> None:
    r = client.post("/api/generate", content='{"puzzle":"fillapix","rows":30,"cols":30}',
                    headers={"Origin": "http://evil.example", "Host": "evil.example",
                             "Content-Type": "text/plain"})
    assert r.status_code == 403


def test_hostname_reads_every_form_of_the_header() -> None:
    assert [hostname(h) for h in ("127.0.0.1:80", "[::1]:8000", "::1", "Localhost")] == \
        ["127.0.0.1", "::1", "::1", "localhost"]


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


def test_a_worker_killed_while_idle_costs_no_request() -> None:
    """kill -9 idle workers, then hints at once: each one answered (a dead worker is seen dead,
    reaped or not, or the call that meets it is tried once more, on a live one)."""
    import os
    import signal
    import subprocess
    import sys
    import urllib.request
    from pathlib import Path

    from pencilbox.core.lifetime import descendants
    from tests.patience import until
    from tests.test_player_start import call, first_answer, free_port, hint_body, stop

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-m", "pencilbox", "play", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert first_answer(base + "/api/status", 120) == 200

        def up() -> bool:
            return not json.loads(urllib.request.urlopen(base + "/api/status", timeout=10).read())["warming"]
        assert until(up, 300, 0.2), "the workers never came up"
        hint = hint_body("sukoro")
        assert call(base + "/api/hint", hint)[0] == 200
        workers = [p for p in descendants(proc.pid)
                   if b"pencilbox.player.worker" in Path(f"/proc/{p}/cmdline").read_bytes()]
        for pid in sorted(workers)[:-1]:  # all but one (so no call waits for a fresh start): the
            os.kill(pid, signal.SIGKILL)  # next calls meet dead ones first
        got = [call(base + "/api/hint", hint, timeout=120) for _ in range(3)]
        assert [g[0] for g in got] == [200, 200, 200], [g[2][:200] for g in got]
    finally:
        stop(proc)
