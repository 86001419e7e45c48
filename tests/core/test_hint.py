"""Hints (core/hint.py): a hint counts only the variable it says is settled, and one that needs
probe trials stops at its node cap."""

from __future__ import annotations

from pencilbox import api, bank, boardio, puzzles, service
from pencilbox.core import engine


def board_of(name: str):  # noqa: ANN201 - a puzzle's board type
    rec = min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    return boardio.board_from_json({k: v for k, v in rec.items() if k != "answer"})


def test_hint_asks_done_of_the_variable_it_settles() -> None:
    """``done`` reads (variable, domain): a hint counts only what it says is settled."""
    board = board_of("sukoro")
    puzzle = puzzles.get("sukoro")
    dom = puzzle.initial_state(board)
    first = engine.hint(puzzle, board, dom, engine.ladder(puzzle))
    assert isinstance(first, engine.Hint)
    later = engine.hint(puzzle, board, dom, engine.ladder(puzzle),
                        done=lambda var, d: var != first.var and engine.single(d), accel=False)
    assert isinstance(later, engine.Hint) and later.var != first.var


def test_hint_stops_at_its_node_cap() -> None:
    """From the fixpoint below probe of a probe-grade board, the hint needs probe trials."""
    puzzle = puzzles.get("fillapix")
    rec = next(r for r in bank.load("fillapix") if r["grade"] == "probe")
    board = puzzle.from_json({k: v for k, v in rec.items() if k != "answer"})
    names = engine.ladder(puzzle)
    dom = engine.run_fixpoint(puzzle, board, puzzle.initial_state(board), names[:-1])
    assert dom is not None
    found = engine.hint(puzzle, board, dom, names)
    assert isinstance(found, engine.Hint) and found.rung == "probe"
    capped = engine.hint(puzzle, board, dom, names, node_cap=1)
    assert isinstance(capped, engine.Stuck) and capped.capped
    assert service.hint(api.Board(board), service.Options(node_cap=10**5)).kind == "hint"
