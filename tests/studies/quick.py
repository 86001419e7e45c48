"""What every puzzle's studies tests share: each study run once with its quick parameters
(a module fixture) and ways to read a table figure."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pencilbox.studies.runner import run_quick


def quick_entries(puzzle: str) -> Callable[..., dict[str, dict[str, Any]]]:
    """A module fixture ``entries``: every study of ``puzzle`` run once, quick, seed 0."""
    @pytest.fixture(scope="module")
    def entries(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
        return run_quick(puzzle, tmp_path_factory.mktemp("state"))
    return entries


def rows(entry: dict[str, Any], name: str) -> list[list[Any]]:
    return entry["figures"][name]["value"]["rows"]


def records(entry: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """A table figure's rows as dicts keyed by column."""
    value = entry["figures"][name]["value"]
    return [dict(zip(value["columns"], r, strict=True)) for r in value["rows"]]


def column(entry: dict[str, Any], name: str, col: str) -> list[Any]:
    value = entry["figures"][name]["value"]
    k = value["columns"].index(col)
    return [r[k] for r in value["rows"]]
