"""Hints stay the readable ladder's (issue 15 item 2): the compiled screen (core/hint.py)
changes how long a hint takes, never what it says. How long it takes is measured by
bench/player.py (p50/p95/max of a hint-driven solve of the largest bank boards), not here."""

from __future__ import annotations

from typing import Any

import pytest

from bench.load import drive
from pencilbox import bank, puzzles
from pencilbox.core import engine
from pencilbox.core.budgets import PLAYER_NODES
from pencilbox.verbs import play


def _boards(name: str, size: tuple[int, int] | None, grades: tuple[str, ...]) -> list[dict[str, Any]]:
    """The first bank board of each grade (at ``size``; None: the largest size)."""
    recs = bank.load(name)
    if size is None:
        top = max(r["rows"] * r["cols"] for r in recs)
        recs = [r for r in recs if r["rows"] * r["cols"] == top]
    else:
        recs = [r for r in recs if (r["rows"], r["cols"]) == size]
    out = []
    for g in grades:
        out += [r for r in recs if r["grade"] == g][:1]
    return out


SMALL = {"fillapix": (8, 8), "ripple": (6, 6), "slant": (7, 7), "sukoro": (6, 6)}
MIDDLE = {"fillapix": (10, 10), "ripple": (10, 10), "slant": (10, 10), "sukoro": (10, 10)}
CASES = [(name, rec["id"], level) for name, size in SMALL.items()
         for rec in _boards(name, size, engine.levels(puzzles.get(name)))
         for level in (rec["grade"], engine.PROBE)]
CASES += [(name, rec["id"], engine.PROBE) for name, size in MIDDLE.items()
          for rec in _boards(name, size, (engine.PROBE,))]


@pytest.mark.parametrize(("name", "board_id", "level"), sorted(set(CASES)))
def test_hint_is_the_readable_drivers(name: str, board_id: str, level: str) -> None:
    """Along a hint-driven solve, every hint (cell, value, rung, premises; or stuck, or a
    contradiction) equals what the readable fixpoint alone gives from the same position."""
    puzzle = puzzles.get(name)
    board = play.board_of(next(r for r in bank.load(name) if r["id"] == board_id))
    marks = puzzle.marks
    names = engine.ladder(puzzle, level)
    compared = 0

    def both(data: Any, position: list[Any], lvl: str | None) -> dict[str, Any]:
        nonlocal compared
        dom = marks.to_state(board, position)

        def done(var: int, d: int) -> bool:
            return marks.mark(board, var, d) is not None
        fast = engine.hint(puzzle, board, dom, names, done=done, early=True, node_cap=PLAYER_NODES)
        slow = engine.hint(puzzle, board, dom, names, done=done, early=True, node_cap=PLAYER_NODES,
                           accel=False)
        assert fast == slow, f"{board_id} at {level}, position {position}"
        compared += 1
        return play.hint(data, position, lvl)
    drive.solve_by_hints(board, level, both)
    assert compared > 1
