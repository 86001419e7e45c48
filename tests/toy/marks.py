"""The player's toy marks: "#" shaded, "." blank."""

from __future__ import annotations

from pencilbox.core.marks import Letters
from tests.toy.board import BLANK, SHADE, state_from_answer

CYCLE = ["#", ".", None]
SAY = {"#": "shaded", ".": "blank"}  # a mark in words, for hints
_LETTERS = Letters({"#": 1, ".": 0}, {SHADE: "#", BLANK: "."}, state_from_answer)
to_answer, to_state, mark, from_answer, broken = (_LETTERS.to_answer, _LETTERS.to_state, _LETTERS.mark,
                                                  _LETTERS.from_answer, _LETTERS.broken)
