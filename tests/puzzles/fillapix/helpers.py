"""Helpers for the Fill-a-Pix tests: published boards with their pictures."""

from __future__ import annotations

from pencilbox import boardio
from pencilbox.puzzles.fillapix.board import Board
from tests.conftest import known_answer, load_testdata


def picture(rows: list[str]) -> tuple[int, ...]:
    return tuple(1 if ch == "#" else 0 for row in rows for ch in row)


def published(max_cells: int = 10**9) -> list[tuple[str, Board, tuple[int, ...]]]:
    out = []
    for rec in load_testdata("fillapix"):
        if rec.get("solutions") == "unique" and rec["rows"] * rec["cols"] <= max_cells:
            board = boardio.board_from_json({k: rec[k] for k in ("puzzle", "rows", "cols", "clues")})
            out.append((rec["id"], board, picture(known_answer(rec))))
    return out
