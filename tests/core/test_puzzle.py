"""The typed contract: every registered puzzle has every member the Puzzle protocol
declares, and the optional capabilities are read as declared fields, never looked up."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pencilbox import puzzles
from pencilbox.core.puzzle import Puzzle
from pencilbox.core.puzzlebase import PuzzleBase

SRC = Path(__file__).resolve().parents[2] / "src" / "pencilbox"
OPTIONAL = ("url", "tatham", "raw")


def members() -> list[str]:
    """The names the protocol declares (methods, properties and fields)."""
    declared = {*vars(Puzzle), *getattr(Puzzle, "__annotations__", {})}
    return sorted(n for n in declared if not n.startswith("_"))


def test_the_protocol_declares_what_the_code_calls() -> None:
    for name in ("clue_rc", "marks", "kernel", "counters", *OPTIONAL):
        assert name in members()


@pytest.mark.parametrize("name", puzzles.names())
def test_every_puzzle_has_every_declared_member(name: str) -> None:
    puzzle = puzzles.get(name)
    assert isinstance(puzzle, PuzzleBase)
    assert [m for m in members() if not hasattr(puzzle, m)] == []


def test_optional_capabilities_default_to_none() -> None:
    assert all(getattr(PuzzleBase, field) is None for field in OPTIONAL)


def test_no_capability_is_looked_up_by_name() -> None:
    lookup = re.compile(r"\b(?:getattr|hasattr)\([^,]*puzzle[^,]*,")
    found = [f"{p.relative_to(SRC)}:{n}" for p in SRC.rglob("*.py")
             for n, line in enumerate(p.read_text().splitlines(), 1) if lookup.search(line)]
    assert found == []
