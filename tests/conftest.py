"""Shared fixtures: the published test boards (each puzzle folder's ``data/published.json``, a copy
of ../shared/testdata that tests/project/test_published.py keeps equal) and small helpers to read
their answers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pencilbox.puzzles import published

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "testdata"


def load_testdata(puzzle: str) -> list[dict[str, Any]]:
    """Published boards with known answers for ``puzzle`` (FileNotFoundError: it has none)."""
    return published(puzzle)


def known_answer(rec: dict[str, Any]) -> Any:
    return rec["answer"] if rec.get("answer") is not None else rec.get("answer_derived")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite each puzzle folder's data/golden.txt from what the CLI prints now")
