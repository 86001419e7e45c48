"""A puzzle folder without a ``kernel`` module (PuzzleBase finds it by name) still solves,
counts and grades: the engine runs its readable rungs (issue 14, item 2)."""

from __future__ import annotations

from pencilbox import boardio, puzzles
from pencilbox.core import engine

SUKORO = type(puzzles.get("sukoro"))


class Bare(SUKORO):  # type: ignore[misc, valid-type]
    """Sukoro as a folder with no kernel.py would be: this module has no ``kernel`` beside it."""


def test_a_puzzle_without_a_kernel_module_uses_the_readable_rungs() -> None:
    bare = Bare()
    assert bare.kernel is None and puzzles.get("sukoro").kernel is not None
    board = boardio.parse("https://puzz.link/p?sukoro/5/5/2a2c4a2g2a4c2a2")[0][0].board
    got = engine.count(bare, board, limit=2)
    want = engine.count(puzzles.get("sukoro"), board, limit=2)
    assert (got.count, got.nodes, got.answers) == (want.count, want.nodes, want.answers)
    assert engine.grade(bare, board).grade == engine.grade(puzzles.get("sukoro"), board).grade == "neq"
    assert isinstance(engine.hint(bare, board, bare.initial_state(board), engine.ladder(bare)), engine.Hint)
