"""The player's words from each puzzle's folder (its words.py, with core/words.py; issue 15):
the rules box, the player's grade names and the reason a hint gives, for every rung of every
puzzle; and a puzzle without words of its own (the tests' toy) still works."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pencilbox import api, bank, boardio, puzzles
from pencilbox.core import engine, words
from pencilbox.core.puzzlebase import PuzzleBase
from pencilbox.verbs import play
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


def bank_boards(name: str) -> list[dict[str, Any]]:
    """The smallest bank board of each ladder grade (a search grade is beyond hints)."""
    first: dict[str, dict[str, Any]] = {}
    for rec in sorted(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"])):
        if rec["grade"] != engine.SEARCH:
            first.setdefault(rec["grade"], rec)
    return list(first.values())


def start(name: str, board: Any) -> list[Any]:
    """An empty position as the page starts it (Sukoro's clue cells are numbered)."""
    if name == "sukoro":
        return ["n" if v is not None else None for v in board.clues]
    return [None] * (board.rows * board.cols)


#: rungs that never settle a cell alone (Fill-a-Pix's pair only finds contradictions, inside probe)
NEVER_HINTED = {"pair"}


@pytest.mark.parametrize("name", NAMES)
def test_every_hint_of_a_hint_driven_solve_gives_its_reason_in_plain_words(name: str) -> None:
    """Item 5: one plain sentence per hint, naming the hinted cell as r1c8 and what it is,
    for every rung of every puzzle (the bank's smallest board of each grade, solved by hints)."""
    puzzle = puzzles.get(name)
    rungs: set[str] = set()
    for rec in bank_boards(name):
        board = boardio.board_from_json(rec)
        position = start(name, board)
        for _ in range(board.rows * board.cols + 1):
            h = play.hint(api.Board(board), position, None).to_dict()
            if h["kind"] != "hint":
                break
            (r, c), reason = h["cell"], h["reason"]
            rungs.add(h["rung"])
            assert f"r{r + 1}c{c + 1}" in reason and "\n" not in reason and ". " not in reason, reason
            assert h["rung"] in h["message"]  # the rung's name stays beside the reason
            said = puzzle.marks.SAY.get(h["mark"], str(h["mark"]))
            assert reason.endswith(f"is {said}") or reason.endswith(f"be {said}") or \
                reason.endswith(f"at r{r + 1}c{c + 1}"), reason
            assert not any(w in reason for w in ("None", "is undecided", "were undecided")), reason
            if reason.startswith("if "):  # issue 48 item 4: what probe did, not its rungs' names
                assert "following the simpler rules from there would break one" in reason, reason
            position[r * board.cols + c] = h["mark"]
        assert h["kind"] in ("solved", "stuck"), (rec["id"], h)  # stuck: issue 15 item 3
    assert rungs == set(engine.levels(puzzle)) - NEVER_HINTED, rungs


@pytest.mark.parametrize("name", NAMES)
def test_a_counting_reason_is_read_off_the_position_not_the_premises(name: str) -> None:
    """The first rung's sentences name the clue from the position itself, so a faster hint
    path that logs fewer premises says the same."""
    puzzle = puzzles.get(name)
    rec = bank_boards(name)[0]
    board = boardio.board_from_json(rec)
    position = start(name, board)
    names = engine.ladder(puzzle, engine.levels(puzzle)[-2])  # below probe
    seen = 0

    def done(var: int, d: int) -> bool:
        return puzzle.marks.mark(board, var, d) is not None
    for _ in range(board.rows * board.cols):
        dom = puzzle.marks.to_state(board, position)
        h = engine.hint(puzzle, board, dom, names, done=done)
        if not isinstance(h, engine.Hint):
            break
        if h.rung == names[0]:
            seen += 1
            bare = engine.Hint(h.var, h.value, h.rung, ())
            assert puzzle.reason(board, dom, bare, names) == puzzle.reason(board, dom, h, names)
        position[h.var] = puzzle.marks.mark(board, h.var, h.value)
    assert seen


@pytest.mark.parametrize("name", NAMES)
def test_every_rung_has_a_plain_name_and_says_what_it_does(name: str) -> None:
    """Issue 48 item 4: the page says a rule's plain name and keeps the spec name (deg, cycle)
    for its glossary: every level of the ladder and search, each its own plain name and one
    or two sentences of what the rule does, none of them naming a rung."""
    puzzle = puzzles.get(name)
    entry = next(p for p in play.catalog()["puzzles"] if p["name"] == name)
    said = entry["glossary"]
    assert [g["rung"] for g in said] == [*engine.levels(puzzle), engine.SEARCH]
    plain = [g["name"] for g in said]
    assert len(set(plain)) == len(plain) and not set(plain) & {g["rung"] for g in said}, plain
    for g in said:
        assert g["name"][0].isupper() and len(g["name"]) <= 22, g  # a select's option on a phone
        assert g["words"][0].isupper() and g["words"].endswith(".") and 20 < len(g["words"]) < 240, g


def test_a_rung_without_words_is_its_own_name(toy: None) -> None:
    entry = next(p for p in play.catalog()["puzzles"] if p["name"] == "toy")
    said = {g["rung"]: g for g in entry["glossary"]}
    assert said[engine.PROBE]["name"] == words.ENGINE_WORDS[engine.PROBE][0]
    own = [r for r in engine.levels(TOY) if r != engine.PROBE]
    assert all(said[r]["name"] == r and said[r]["words"] == "" for r in own), said
