"""Shared fixtures: the published test boards (../shared/testdata, else the copy in
tests/data) and small helpers to read their answers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "testdata"
LOCAL = Path(__file__).resolve().parent / "data"


def load_testdata(puzzle: str) -> list[dict[str, Any]]:
    """Published boards with known answers for ``puzzle``."""
    for folder in (SHARED, LOCAL):
        path = folder / f"{puzzle}.json"
        if path.exists():
            return json.loads(path.read_text())
    raise FileNotFoundError(f"no test data for {puzzle}")


def known_answer(rec: dict[str, Any]) -> Any:
    return rec["answer"] if rec.get("answer") is not None else rec.get("answer_derived")
