"""Shared fixtures: the published test boards (each puzzle folder's ``data/published.json``, a copy
of ../shared/testdata that tests/project/test_published.py keeps equal) and small helpers to read
their answers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pencilbox.puzzles import published

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "testdata"


@pytest.fixture(autouse=True)
def _kernel_policy() -> Iterator[None]:
    """The command line sets PENCILBOX_KERNELS=auto for its process (cli.main); run in-process by
    a test it would outlive the test and change the caps of every later one, so it is put back."""
    was = os.environ.get("PENCILBOX_KERNELS")
    yield
    if was is None:
        os.environ.pop("PENCILBOX_KERNELS", None)
    else:
        os.environ["PENCILBOX_KERNELS"] = was


def load_testdata(puzzle: str) -> list[dict[str, Any]]:
    """Published boards with known answers for ``puzzle`` (FileNotFoundError: it has none)."""
    return published(puzzle)


def known_answer(rec: dict[str, Any]) -> Any:
    return rec["answer"] if rec.get("answer") is not None else rec.get("answer_derived")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite each puzzle folder's data/golden.txt from what the CLI prints now")
