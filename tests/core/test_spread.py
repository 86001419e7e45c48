"""The backbone by the ladder's search (core/spread.py, the browser's path) against SAT's on bank
boards: a unique one, and ambiguous ones made by dropping clues. Both count the same, fix the same
cells, and list the same answers where they list them all (SAT's order is its own)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pencilbox import bank, boardio, puzzles
from pencilbox.core import spread
from pencilbox.core.engine import OutOfNodes

NAMES = [n for n in puzzles.names() if puzzles.get(n).spread is not None]
BIG = 10**7


def boards(name: str) -> list[Any]:
    """The smallest bank board, and the two smallest with every second clue dropped and with a
    third kept."""
    recs = sorted(bank.load(name), key=lambda r: (int(r["rows"]) * int(r["cols"]), str(r["id"])))[:2]
    out = [boardio.board_from_json({**recs[0], "answer": None})]
    for rec in recs:
        board = boardio.board_from_json({**rec, "answer": None})
        clued = [i for i, v in enumerate(board.clues) if v is not None]
        for keep in (2, 3):
            dropped = {i for k, i in enumerate(clued) if k % keep}
            clues = tuple(None if i in dropped else v for i, v in enumerate(board.clues))
            out.append(replace(board, clues=clues))
    return out


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("limit,keep", [(100, 10), (5, 3)])
def test_the_search_spread_is_sats(name: str, limit: int, keep: int) -> None:
    puzzle = puzzles.get(name)
    free = False
    for board in boards(name):
        count, stop, _, answers, fixed = spread.spread(puzzle, board, limit, keep, BIG)
        sat_count, sat_stop, _, sat_answers, sat_fixed = puzzle.spread(board, limit, keep)
        assert (count, stop, fixed) == (sat_count, sat_stop, sat_fixed)
        assert len(answers) == len(sat_answers) == min(count, keep)
        assert len({tuple(a) for a in answers}) == len(answers)
        assert all(puzzle.validate(board, tuple(a)) == [] for a in answers)
        if stop is None and count <= keep:
            assert sorted(map(tuple, answers)) == sorted(map(tuple, sat_answers))
        free |= not all(fixed)
    assert free, "no board had a cell its answers disagree on"


@pytest.mark.parametrize("name", NAMES)
def test_the_searches_stop_at_their_node_cap(name: str) -> None:
    """A board with many answers and one node to find them: OutOfNodes, never a guess."""
    puzzle = puzzles.get(name)
    blank = boards(name)[1]
    with pytest.raises(OutOfNodes):
        spread.spread(puzzle, replace(blank, clues=(None,) * len(blank.clues)), 100, 10, 1)
