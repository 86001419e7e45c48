"""A hint names the rung whose deduction it shows (core/hint.py; issue 28 item 4): the ladder
with only the rungs up to the one a hint names settles its cell to its mark, and the ladder one
rung shorter does not. A deg step that reads a digit neq ruled out is a neq hint."""

from __future__ import annotations

from typing import Any

import pytest

from bench.load import drive
from pencilbox import api, bank, puzzles
from pencilbox.core import engine
from pencilbox.verbs import play

PUZZLES = ("sukoro", "slant", "ripple", "fillapix")


def _reproduced(board: Any, position: list[Any], got: dict[str, Any]) -> None:
    """The hint's cell is settled to its mark by the ladder up to its rung, not by the one before."""
    puzzle = puzzles.get(board.puzzle)
    marks = puzzle.marks
    dom = marks.to_state(board, position)
    r, c = got["cell"]
    var = r * board.cols + c
    order = engine.levels(puzzle)
    rung = got["rung"]
    at = engine.run_fixpoint(puzzle, board, dom, engine.ladder(puzzle, rung))
    assert at is not None and marks.mark(board, var, at[var]) == got["mark"], (
        f"{got['message']}: the ladder up to {rung} does not settle r{r + 1}c{c + 1}")
    k = order.index(rung)
    if k:
        below = engine.run_fixpoint(puzzle, board, dom, engine.ladder(puzzle, order[k - 1]))
        assert below is not None and marks.mark(board, var, below[var]) is None, (
            f"{got['message']}: the ladder up to {order[k - 1]} settles it already")


@pytest.mark.parametrize("name", PUZZLES)
def test_every_bank_boards_first_hint_at_every_level_names_its_rung(name: str) -> None:
    puzzle = puzzles.get(name)
    named = 0
    for rec in bank.load(name):
        board = play.board_of(rec)
        board_ = api.Board(board)
        position = drive.start_position(board)
        for level in engine.levels(puzzle):
            got = play.hint(board_, list(position), level).to_dict()
            if got["kind"] == "hint":
                assert engine.grade_rank(puzzle, got["rung"]) <= engine.grade_rank(puzzle, level)
                _reproduced(board, position, got)
                named += 1
    assert named >= len(bank.load(name))


def _walks(name: str) -> list[tuple[str, str]]:
    """The first bank board of each size and grade, walked at its grade (probe past the ladder)."""
    puzzle = puzzles.get(name)
    seen: dict[tuple[int, int, str], str] = {}
    for rec in bank.load(name):
        seen.setdefault((rec["rows"], rec["cols"], rec["grade"]), rec["id"])
    return [(board_id, grade if grade in engine.levels(puzzle) else engine.PROBE)
            for (_, _, grade), board_id in sorted(seen.items())]


@pytest.mark.parametrize(("name", "board_id", "level"), [(n, *w) for n in PUZZLES for w in _walks(n)])
def test_every_hint_of_a_walk_names_its_rung(name: str, board_id: str, level: str) -> None:
    rec = next(r for r in bank.load(name) if r["id"] == board_id)
    board = play.board_of(rec)
    walk = drive.solve_by_hints(board, level)
    position = drive.start_position(board)
    for got in walk.hints:
        _reproduced(board, position, got)
        r, c = got["cell"]
        position[r * board.cols + c] = got["mark"]


def test_the_neq_hints_of_the_issue_are_neqs() -> None:
    """sukoro-10x10-probe-01 at neq: the two steps deg takes from neq's digits were labelled deg."""
    rec = next(r for r in bank.load("sukoro") if r["id"] == "sukoro-10x10-probe-01")
    walk = drive.solve_by_hints(play.board_of(rec), "neq")
    said = {tuple(h["cell"]): h["rung"] for h in walk.hints}
    assert said[(7, 2)] == said[(7, 0)] == "neq"
