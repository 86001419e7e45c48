"""Shared fixtures: the published test boards (each puzzle folder's ``data/published.json``, a copy
of ../shared/testdata that tests/project/test_published.py keeps equal) and small helpers to read
their answers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from pencilbox.puzzles import published

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "testdata"


@contextmanager
def kept_environment() -> Iterator[None]:
    """The environment as it was on entry, whatever the block set or removed."""
    was = dict(os.environ)
    try:
        yield
    finally:
        if os.environ != was:
            os.environ.clear()
            os.environ.update(was)


@pytest.fixture(autouse=True)
def _environment() -> Iterator[None]:
    """Each test ends with the environment it began with. The command line sets PENCILBOX_KERNELS
    for its own process (cli.main), and a cache folder that cannot be used sets PENCILBOX_CACHE_DIR
    for the processes started after it (compiled/cache.py); run in-process by a test, either would
    outlive the test and change every later one in its worker (an empty kernel cache made the rest
    of that worker's tests compile everything again, test_aot's build 82 s)."""
    with kept_environment():
        yield


def load_testdata(puzzle: str) -> list[dict[str, Any]]:
    """Published boards with known answers for ``puzzle`` (FileNotFoundError: it has none)."""
    return published(puzzle)


def known_answer(rec: dict[str, Any]) -> Any:
    return rec["answer"] if rec.get("answer") is not None else rec.get("answer_derived")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite each puzzle folder's data/golden.txt from what the CLI prints now")
