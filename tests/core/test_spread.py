"""The backbone by the ladder's search (core/spread.py, the browser's path) against SAT's on bank
boards: a unique one, and ambiguous ones made by dropping clues. Both count the same, fix the same
cells, and list the same answers where they list them all (SAT's order is its own)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pencilbox import api, bank, boardio, puzzles, service
from pencilbox.core import spread
from tests import contract

NAMES = [n for n in puzzles.names() if puzzles.get(n).spread is not None]
BIG = 10**7


def boards(name: str) -> list[Any]:
    """The smallest bank board, and contract.ambiguous's boards with several answers."""
    rec = min(bank.load(name), key=lambda r: (int(r["rows"]) * int(r["cols"]), str(r["id"])))
    return [boardio.board_from_json({**rec, "answer": None}), *contract.ambiguous(name)]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("limit,keep", [(100, 10), (5, 3)])
def test_the_search_spread_is_sats(name: str, limit: int, keep: int) -> None:
    puzzle = puzzles.get(name)
    free = False
    for board in boards(name):
        count, stop, _, answers, fixed = spread.spread(puzzle, board, limit, keep, BIG)
        sat_count, sat_stop, _, sat_answers, sat_fixed = puzzle.spread(board, limit, keep, None)
        assert (count, stop, fixed) == (sat_count, sat_stop, sat_fixed)
        assert len(answers) == len(sat_answers) == min(count, keep)
        assert len({tuple(a) for a in answers}) == len(answers)
        assert all(puzzle.validate(board, tuple(a)) == [] for a in answers)
        if stop is None and count <= keep:
            assert sorted(map(tuple, answers)) == sorted(map(tuple, sat_answers))
        free |= not all(fixed)
    assert free, "no board had a cell its answers disagree on"


@pytest.mark.parametrize("name", NAMES)
def test_the_searches_stop_at_their_cap_as_sat_does(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past its node cap the search answers as SAT past its budget (issue 47 item 3: it raised
    OutOfNodes, which Board.backbone let out of the library): stop ``"nodes"``, never a guess: a
    cell it calls shared SAT's exact backbone shares, a cell it calls different differs."""
    puzzle = puzzles.get(name)
    blank = boards(name)[1]
    got = spread.spread(puzzle, replace(blank, clues=(None,) * len(blank.clues)), 100, 10, 1)
    assert got[1] == "nodes"
    for board in boards(name)[1:]:
        exact = puzzle.spread(board, 10**6, 10, None)[4]
        for cap in (1, 3, 30):
            count, stop, _, _, fixed = spread.spread(puzzle, board, 10**6, 10, cap)
            if stop != "nodes":
                assert fixed == exact
                continue
            if not fixed:  # nothing found before the cap
                assert count == 0
                continue
            assert all(f is None or f == e for f, e in zip(fixed, exact, strict=True))
    monkeypatch.setattr(service, "sat_present", lambda: False)  # the browser's path, through the library
    got_ = api.Board(replace(blank, clues=(None,) * len(blank.clues))).backbone(node_cap=1)
    assert got_.cap == "nodes" and got_.unsettled and got_.fixed_cells == 0
