"""A hint-driven solve through the API's own hint call: apply each hint, ask again. The
bench times it (bench/player.py) and the tests check that it always finishes."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from pencilbox import api, bank, puzzles
from pencilbox.core import engine
from pencilbox.verbs import play


def largest_board(name: str) -> tuple[Any, str]:
    """The bank's largest board of a puzzle with the hardest grade a ladder level finishes
    (probe where there is one), and that grade: the slowest hints a player meets."""
    puzzle = puzzles.get(name)
    recs = [r for r in bank.load(name) if r["grade"] in engine.levels(puzzle)]
    top = max(r["rows"] * r["cols"] for r in recs)
    rec = max((r for r in recs if r["rows"] * r["cols"] == top),
              key=lambda r: (engine.grade_rank(puzzle, r["grade"]), r["id"]))
    return play.board_of(rec), rec["grade"]


def start_position(board: Any) -> list[Any]:
    """The position the page starts from: the clue cells' fixed marks (Sukoro's numbered
    clues, Ripple's givens) filled in, every other cell undecided."""
    marks = puzzles.get(board.puzzle).marks
    start = puzzles.get(board.puzzle).initial_state(board)
    cells = board.rows * board.cols
    if len(board.clues) != cells:
        return [None] * cells
    return [marks.mark(board, i, start[i]) if v is not None else None for i, v in enumerate(board.clues)]


@dataclass
class Drive:
    """How a hint-driven solve ended (``last`` is the answer that stopped it) and each hint's
    wall time in seconds."""

    last: dict[str, Any]
    position: list[Any]
    seconds: list[float] = field(default_factory=list)
    hints: list[dict[str, Any]] = field(default_factory=list)

    @property
    def solved(self) -> bool:
        return self.last.get("kind") == "solved"


def solve_by_hints(board: Any, level: str | None = None, hint: Any = play.hint) -> Drive:
    """Ask ``hint`` (the API's, by default) and enter what it proves until it answers anything
    but a hint; at most one hint per cell, plus the last answer."""
    data = api.Board(board)
    position = start_position(board)
    out = Drive({}, position)
    for _ in range(len(position) + 1):
        t0 = time.perf_counter()
        said = hint(data, list(position), level)
        out.seconds.append(time.perf_counter() - t0)
        got = said.to_dict() if hasattr(said, "to_dict") else said
        out.last = got
        if got.get("kind") != "hint":
            break
        out.hints.append(got)
        r, c = got["cell"]
        position[r * board.cols + c] = got["mark"]
    return out
