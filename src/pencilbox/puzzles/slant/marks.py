"""The player's Slant marks: "\\" and "/"."""

from __future__ import annotations

from pencilbox.core.marks import Letters, PageUI
from pencilbox.puzzles.slant.board import BACK, FWD, state_from_answer

CYCLE = ["\\", "/", None]
SAY: dict[str, str] = {}  # a mark in words, for hints (a slash says itself)
_LETTERS = Letters({"/": FWD, "\\": BACK}, {FWD: "/", BACK: "\\"}, state_from_answer)
to_answer, to_state, mark, from_answer, broken = (_LETTERS.to_answer, _LETTERS.to_state, _LETTERS.mark,
                                                  _LETTERS.from_answer, _LETTERS.broken)

# How the page draws and edits a Slant board (catalog "ui"): clues sit on lattice points and
# count the diagonals that touch them ([row offset, column offset, the mark that touches]).
UI = PageUI(
    cycle=CYCLE, keys="cycle", drag=False, cell="slash", clue_on="points", fixed=None,
    clue_range=(0, 4), clue_extra={}, regions=False,
    count=[[-1, -1, "\\"], [-1, 0, "/"], [0, -1, "/"], [0, 0, "\\"]], forest=True,
    help=("Slant: left click \\ → / → empty; right click the reverse.",
          "Slant: f (or the Forest button) colours each tree of your slashes; those touching the border "
          "fade, a loop is outlined.",
          "Setter, Slant: select a corner, type its clue."))
