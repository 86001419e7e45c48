"""Helpers for the Slant tests: published boards with their answers."""

from __future__ import annotations

from pencilbox import boardio
from pencilbox.puzzles.slant.board import BACK, FWD, Board
from tests.conftest import known_answer, load_testdata


def cells(rows: list[str]) -> tuple[int, ...]:
    return tuple(FWD if ch == "/" else BACK for row in rows for ch in row)


def published(max_cells: int = 10**9) -> list[tuple[str, Board, tuple[int, ...]]]:
    """(id, board, answer) for every unique published board up to ``max_cells`` cells."""
    out = []
    for rec in load_testdata("slant"):
        if rec.get("solutions") == "unique" and rec["rows"] * rec["cols"] <= max_cells:
            board = boardio.board_from_json({k: rec[k] for k in ("puzzle", "rows", "cols", "clues")})
            out.append((rec["id"], board, cells(known_answer(rec))))
    return out
