"""What keeps other web pages off the local server (guard.py; issue 27): a foreign Host, another
Origin and a body that is not JSON are refused, the loopback names and the page itself served."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from pencilbox.player.api import app
from pencilbox.player.guard import hostname

BASE = "http://127.0.0.1:8000"
client = TestClient(app, base_url=BASE)
JSON = {"Content-Type": "application/json"}
BODY = json.dumps({"text": "https://puzz.link/p?sukoro/5/5/2a2c4a2g2a4c2a2"})


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
