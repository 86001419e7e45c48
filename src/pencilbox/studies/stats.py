"""The stats files: one JSON file per puzzle, ``stats/<puzzle>.json`` beside this module
(shipped with the package, read by the notes page). Running some studies replaces
their entries and keeps the others."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pencilbox.core.files import locked, write_atomic
from pencilbox.errors import BoardError

HERE = Path(__file__).resolve().parent
STATS = HERE / "stats"
NOTES = HERE / "notes.html"


class StudyError(BoardError):
    """A bad study request: unknown puzzle or study name, bad option, missing extra."""


def path(puzzle: str, where: Path = STATS) -> Path:
    return where / f"{puzzle}.json"


def load(puzzle: str, where: Path = STATS) -> dict[str, Any]:
    p = path(puzzle, where)
    if not p.exists():
        return {"puzzle": puzzle, "studies": {}}
    try:
        data = json.loads(p.read_text())
    except json.JSONDecodeError as e:
        raise StudyError(f"{p}: not JSON ({e.msg} at line {e.lineno})") from e
    if not isinstance(data, dict) or not isinstance(data.get("studies"), dict):
        raise StudyError(f"{p}: not a stats file (no 'studies' object)")
    return data


def save(puzzle: str, entries: dict[str, dict[str, Any]], where: Path = STATS) -> Path:
    """Merge ``entries`` (study name -> entry) into the puzzle's stats file (locked: two runs on
    one puzzle keep both their entries)."""
    where.mkdir(parents=True, exist_ok=True)
    p = path(puzzle, where)
    with locked(p):
        data = load(puzzle, where)
        data["studies"].update(entries)
        data["studies"] = dict(sorted(data["studies"].items(), key=lambda kv: kv[1]["number"]))
        write_atomic(p, json.dumps(data, indent=1) + "\n")
    return p
