"""The toy puzzle is registered for the tests of this folder only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pencilbox import puzzles
from tests.toy import PUZZLE


@pytest.fixture(autouse=True)
def toy_registered() -> Iterator[None]:
    puzzles.register(PUZZLE)
    yield
    puzzles.unregister(PUZZLE.name)
