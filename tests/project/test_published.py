"""The published boards live in each puzzle's folder (``data/published.json``), a copy of the
shared test data: the copy is kept equal to it, so a wheel's tests and benchmarks read the same
real boards as a checkout beside ../shared."""

from __future__ import annotations

import json

import pytest

from pencilbox import puzzles
from tests.conftest import SHARED


@pytest.mark.parametrize("name", puzzles.names())
def test_the_folder_copy_is_the_shared_test_data(name: str) -> None:
    boards = puzzles.published(name)
    assert len(boards) >= 18 and all(b["puzzle"] == name for b in boards)
    shared = SHARED / f"{name}.json"
    if shared.exists():
        assert json.loads(shared.read_text()) == boards
