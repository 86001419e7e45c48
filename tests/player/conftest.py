"""A live player server for the browser and load tests (uvicorn in a thread, loopback)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pencilbox.player.loadtest import running_server


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The base URL of a running player (stopped after the session)."""
    with running_server() as base:
        yield base
