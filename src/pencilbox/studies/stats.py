"""The stats files: one JSON file per puzzle, ``studies/stats.json`` in the puzzle's folder
(shipped with the package, read by the notes page), or ``<puzzle>.json`` in a folder named
instead (``study --out``, ``notes --stats``). Running some studies replaces their entries and
keeps the others."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pencilbox import puzzles
from pencilbox.core.files import locked, write_atomic
from pencilbox.errors import BoardError

HERE = Path(__file__).resolve().parent
NOTES = HERE / "notes.html"


class StudyError(BoardError):
    """A bad study request: unknown puzzle or study name, bad option, missing extra."""


def located(puzzle: str, where: Path | None, shipped: str) -> Path:
    """``<puzzle>.json`` in ``where``, else the one shipped in the puzzle's folder (``studies/``)."""
    return where / f"{puzzle}.json" if where is not None else puzzles.folder(puzzle) / "studies" / shipped


def path(puzzle: str, where: Path | None = None) -> Path:
    """The puzzle's stats file."""
    return located(puzzle, where, "stats.json")


def load(puzzle: str, where: Path | None = None) -> dict[str, Any]:
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


def save(puzzle: str, entries: dict[str, dict[str, Any]], where: Path | None = None) -> Path:
    """Merge ``entries`` (study name -> entry) into the puzzle's stats file (locked: two runs on
    one puzzle keep both their entries)."""
    p = path(puzzle, where)
    p.parent.mkdir(parents=True, exist_ok=True)
    with locked(p):
        data = load(puzzle, where)
        data["studies"].update(entries)
        data["studies"] = dict(sorted(data["studies"].items(), key=lambda kv: kv[1]["number"]))
        write_atomic(p, json.dumps(data, indent=1) + "\n")
    return p
