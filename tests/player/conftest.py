"""A live player server for the browser and load tests (uvicorn in a thread, loopback), and one
chromium for every page test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pencilbox.player.loadtest import running_server


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The base URL of a running player (stopped after the session)."""
    with running_server() as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium, started once (tests/player/chrome.py)."""
    from tests.player.chrome import launch
    with launch() as b:
        yield b
