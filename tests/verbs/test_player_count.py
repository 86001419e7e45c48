"""The player's count on the readable path (service.player_count: a quick search, then a probe at
every node) finds what the engine's default count finds: the same status and the same answers,
on bank boards with one answer and on boards with several."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pencilbox import bank, puzzles, service
from pencilbox.core import engine
from pencilbox.core.puzzle import BoardShape
from pencilbox.verbs import play

NAMES = ("sukoro", "slant", "ripple", "fillapix")


def _boards(name: str) -> list[BoardShape]:
    """Two search-graded bank boards, the two smallest, and the smallest with every other clue
    erased (several answers)."""
    recs = bank.load(name)
    by_size = sorted(recs, key=lambda r: r["rows"] * r["cols"])
    hard = [r for r in recs if r["grade"] == "search"][:2] + by_size[:2]
    boards = [play.board_of(r) for r in hard]
    small = boards[-1]
    thinned = tuple(v if i % 2 else None for i, v in enumerate(small.clues))
    return [*boards, replace(small, clues=thinned)]


@pytest.mark.parametrize("name", NAMES)
def test_the_readable_player_count_agrees_with_the_default(name: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PENCILBOX_KERNELS", "reference")
    puzzle = puzzles.get(name)
    for board in _boards(name):
        got = service.player_count(puzzle, board, 10**5)
        want = engine.count(puzzle, board, limit=2, node_cap=10**5, accel=False)
        assert (got.status, got.count) == (want.status, want.count), board
        if want.status == engine.UNIQUE:  # several answers: each search may meet other ones first
            assert [tuple(a) for a in got.answers] == [tuple(a) for a in want.answers]


@pytest.mark.parametrize("name", NAMES)
def test_a_grade_told_the_board_is_unique_skips_only_its_count(name: str) -> None:
    """The setter has counted one answer already: its grade (told so) is the grade in full."""
    puzzle = puzzles.get(name)
    for board in _boards(name)[:-1]:
        told, full = engine.grade(puzzle, board, unique=True), engine.grade(puzzle, board)
        assert (told.grade, told.unique, told.settled) == (full.grade, full.unique, full.settled)
