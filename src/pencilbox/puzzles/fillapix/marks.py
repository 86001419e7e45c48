"""The player's Fill-a-Pix marks: "#" painted, "." blank."""

from __future__ import annotations

from pencilbox.core.marks import Letters, PageUI
from pencilbox.puzzles.fillapix.board import BLANK, PAINT, state_from_answer

CYCLE = ["#", ".", None]
SAY = {"#": "painted", ".": "blank"}  # a mark in words, for hints
_LETTERS = Letters({"#": 1, ".": 0}, {PAINT: "#", BLANK: "."}, state_from_answer)
to_answer, to_state, mark, from_answer, broken = (_LETTERS.to_answer, _LETTERS.to_state, _LETTERS.mark,
                                                  _LETTERS.from_answer, _LETTERS.broken)

# How the page draws and edits a Fill-a-Pix board (catalog "ui"): a drag paints several
# cells; a clue counts the painted cells of its 3x3 block.
UI = PageUI(
    cycle=CYCLE, keys="cycle", drag=True, cell="paint", clue_on="cells", fixed=None,
    clue_range=(0, 9), clue_extra={}, regions=False,
    count=[[dr, dc, "#"] for dr in (-1, 0, 1) for dc in (-1, 0, 1)],
    help=("Fill-a-Pix: drag to paint several cells with the first cell's mark.",))
