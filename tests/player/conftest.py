"""A live player server for the browser and load tests (uvicorn in a thread, loopback)."""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
from collections.abc import Iterator

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The base URL of a running player (stopped after the session)."""
    import uvicorn

    from pencilbox.player.api import app
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                        backlog=256, limit_concurrency=1000))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "/api/catalog", timeout=5).read()
            break
        except OSError:
            time.sleep(0.05)
    else:
        raise RuntimeError("the player server did not start")
    yield base
    srv.should_exit = True
    thread.join(timeout=10)
