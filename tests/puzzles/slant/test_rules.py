"""Slant's validator (rules.py): a broken clue names its lattice point, through the check verb, a
rule that left the service for the puzzle's folder."""

from __future__ import annotations

from dataclasses import replace

from pencilbox import api, boardio, puzzles, service


def test_slant_broken_clues_name_their_lattice_points() -> None:
    board = boardio.parse("2x2:i")[0][0].board  # no clue: add a 0 on the centre point
    puzzle = puzzles.get("slant")
    centre = 4  # lattice points of 2x2 are 3x3, row-major: the centre is point 4
    clues = tuple(0 if p == centre else None for p in range(9))
    full = replace(board, clues=clues, answer=(puzzle.board_module.BACK,) * 4)
    out = service.check(api.Board(full))
    clue = next(b for b in out.broken if b.rule == "clue")
    assert clue.points == ((1, 1),) and clue.to_dict()["points"] == [[1, 1]]
