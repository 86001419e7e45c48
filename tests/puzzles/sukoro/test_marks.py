"""Sukoro's marks (marks.py): the rule a player's position breaks beyond its answer (a numbered
cell with every neighbour empty), a rule that left the player for the puzzle's folder."""

from __future__ import annotations

from pencilbox import api, bank, boardio, puzzles
from pencilbox.verbs import play

NAMES = puzzles.names()


def board_of(name: str):  # noqa: ANN201 - a puzzle's board type
    rec = min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    return boardio.board_from_json({k: v for k, v in rec.items() if k != "answer"})


def test_sukoro_lonely_rule_lives_in_its_marks() -> None:
    """A numbered cell whose neighbours are all empty would be a 0: its answer cannot show
    that, so the marks report it (the player used to add it by hand)."""
    board = boardio.parse("sukoro 1x3\nclues:\n. . .\n")[0][0].board
    out = play.check(api.Board(board), ["x", "n", "x"]).to_dict()
    assert [b for b in out["broken"] if b["rule"] == "count"] == [
        {"rule": "count", "cells": [[0, 1]], "message": "r1c2 is numbered but every neighbour is empty"}]
    assert not out["ok"] and not out["won"]
    assert all(puzzles.get(n).marks.broken(board_of(n), [None] * (board_of(n).rows * board_of(n).cols)) == []
               for n in NAMES)
