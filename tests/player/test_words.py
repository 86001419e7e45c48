"""The player's words from each puzzle's folder (issue 15): the rules box, the player's
grade names and the reason a hint gives, for every rung of every puzzle; and a puzzle
without words of its own (the tests' toy) still works."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pencilbox import puzzles
from pencilbox.core import engine, words
from pencilbox.core.puzzle import PuzzleBase
from pencilbox.player import play
from tests.toy import PUZZLE as TOY

NAMES = ("fillapix", "ripple", "slant", "sukoro")


@pytest.fixture
def toy() -> Iterator[None]:
    puzzles.register(TOY)
    yield
    puzzles.unregister(TOY.name)


@pytest.mark.parametrize("name", NAMES)
def test_every_puzzle_folder_has_its_rules(name: str) -> None:
    puzzle = puzzles.get(name)
    assert puzzle.rules_text != PuzzleBase.rules_text  # the folder's own, not the empty default
    assert 2 <= len(puzzle.rules_text) <= 4


def test_a_puzzle_without_words_still_has_a_catalog_entry(toy: None) -> None:
    entry = next(p for p in play.catalog()["puzzles"] if p["name"] == "toy")
    assert entry["rules"] == []


def test_a_puzzle_without_grade_names_gets_the_ladders_defaults(toy: None) -> None:
    entry = next(p for p in play.catalog()["puzzles"] if p["name"] == "toy")
    levels = engine.levels(TOY)
    named = [(g["name"], g["level"]) for g in entry["named_grades"]]
    assert named == list(words.default_grades(levels)) and named[-1][1] == levels[-1], named
    assert entry["default_grade"] == "Easy"


def test_default_grades_fit_any_ladder() -> None:
    assert words.default_grades(("a", "b")) == (("Easy", "a"), ("Medium", "b"))
    assert words.default_grades(("a", "b", "c", "d", "e", "probe")) == (
        ("Easy", "a"), ("Medium", "b"), ("Hard", "c"), ("Expert", "probe"))
