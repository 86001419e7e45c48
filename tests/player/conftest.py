"""A live player server for the browser and load tests (uvicorn in a thread, loopback), and one
chromium per page-test module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bench.load.loadtest import running_server


@pytest.fixture(scope="session")
def play_server() -> Iterator[str]:
    """The base URL of a running player (stopped after the session)."""
    with running_server() as base:
        yield base


@pytest.fixture(scope="session")
def server(play_server: str) -> str:
    """The player's server (tests/player/static/ also runs every page test on the static site)."""
    return play_server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium (tests/player/chrome.py), one per test module: Playwright's sync API
    keeps an event loop running while it is open, and a later module's asyncio.run (the hostile
    HTTP tests, in the same worker) must not find it."""
    from tests.player.chrome import launch
    with launch() as b:
        yield b
