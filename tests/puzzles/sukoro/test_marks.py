"""Sukoro's marks (marks.py): the rule a player's position breaks beyond its answer (a numbered
cell with every neighbour empty), a rule that left the player for the puzzle's folder; and a
digit 1..4 typed as the player's own claim (issue 48 item 7)."""

from __future__ import annotations

import pytest

from pencilbox import api, bank, boardio, puzzles
from pencilbox.errors import BoardError
from pencilbox.puzzles.sukoro import marks
from pencilbox.puzzles.sukoro.board import digit_bit
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


def line3() -> api.Board:
    return api.Board(boardio.parse("sukoro 1x3\nclues:\n. . .\n")[0][0].board)


def broken_of(position: list[object]) -> list[tuple[str, str]]:
    out = play.check(line3(), position).to_dict()
    return [(b["rule"], b["message"]) for b in out["broken"] if b["rule"] != "complete"]


def test_a_claimed_digit_is_the_players_own_number() -> None:
    """A typed digit pins its cell to that digit (a claim, right or wrong) and counts as numbered
    for its neighbours; a right claim wins, a wrong one is a broken count as soon as it shows."""
    b = line3()
    assert play.check(b, [1, 2, 1]).to_dict()["won"] and play.check(b, ["n", 2, "n"]).to_dict()["won"]
    assert marks.to_state(b.shape, [None, 3, "x"]) == [0b11111, digit_bit(3), 1]
    assert marks.to_answer(b.shape, ["n", 2, "n"]) == (1, 2, 1)
    assert broken_of([None, 3, None]) == [
        ("count", "the 3 at r1c2 has 0 numbered neighbours and 2 undecided")]
    assert broken_of(["x", 2, "n"]) == [("count", "the 2 at r1c2 has 1 numbered neighbour")]
    # the validator cannot see these yet (an "n" neighbour's digit waits on its own neighbours)
    board = boardio.parse("sukoro 2x3\nclues:\n. . .\n. . .\n")[0][0].board
    got = play.check(api.Board(board), ["n", 1, "n", None, None, None]).to_dict()["broken"]
    assert {"rule": "count", "cells": [[0, 1]], "message": "the 1 at r1c2 has 2 numbered neighbours"} in got
    for bad in (0, 5, True, 2.0, "2"):
        with pytest.raises(BoardError, match="is not a mark here"):
            marks.to_state(b.shape, [bad, None, None])


def test_a_wrong_claim_is_wrong_to_the_hint_and_to_back_to_correct() -> None:
    board = boardio.parse("sukoro 1x3\nclues:\n. 2 .\n")[0][0].board
    b = api.Board(board)
    hint = play.hint(b, [3, "n", None]).to_dict()
    assert hint["kind"] == "wrong" and [0, 0] in hint["cells"]
    assert play.rewind(b, [[3, "n", None], [1, "n", None], [None, "n", None]])["index"] == 1
