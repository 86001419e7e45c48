"""The player's toy marks: "#" shaded, "." blank."""

from __future__ import annotations

from pencilbox.core.marks import Letters, PageUI

from .board import BLANK, SHADE, state_from_answer

CYCLE = ["#", ".", None]
SAY = {"#": "shaded", ".": "blank"}  # a mark in words, for hints
# the page draws it as Fill-a-Pix's shading, a clue counting its plus (itself and 4 neighbours)
UI = PageUI(
    cycle=CYCLE, keys="cycle", drag=True, cell="paint", clue_on="cells", fixed=None,
    clue_range=(0, 5), clue_extra={}, regions=False,
    count=[[dr, dc, "#"] for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))])
_LETTERS = Letters({"#": 1, ".": 0}, {SHADE: "#", BLANK: "."}, state_from_answer)
to_answer, to_state, mark, from_answer, broken = (_LETTERS.to_answer, _LETTERS.to_state, _LETTERS.mark,
                                                  _LETTERS.from_answer, _LETTERS.broken)
