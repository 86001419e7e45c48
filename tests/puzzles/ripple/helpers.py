"""Helpers for the Ripple tests: published boards with their answers, random boards."""

from __future__ import annotations

import random

from pencilbox import boardio
from pencilbox.puzzles.ripple import generate
from pencilbox.puzzles.ripple.board import Board
from tests.conftest import known_answer, load_testdata


def published(max_cells: int = 10**9) -> list[tuple[str, Board, tuple[int, ...]]]:
    out = []
    for rec in load_testdata("ripple"):
        if rec.get("solutions") == "unique" and rec["rows"] * rec["cols"] <= max_cells:
            keys = ("puzzle", "rows", "cols", "clues", "regions")
            board = boardio.board_from_json({k: rec[k] for k in keys})
            out.append((rec["id"], board, tuple(v for row in known_answer(rec) for v in row)))
    return out


def random_board(rng: random.Random) -> Board:
    """A small random board, often dead: small regions, a few givens (some from an answer)."""
    rows, cols = rng.randint(2, 4), rng.randint(2, 5)
    sizes = rng.choice(((1, 3), (2, 4), (2, 6)))
    regions = generate.partition(rows, cols, rng, rng.choice((0.1, 0.3)), sizes)
    board = Board(rows, cols, regions, (None,) * (rows * cols))
    answer = generate.alive_answer(rows, cols, regions, rng.randrange(1, 2**31))
    clues: list[int | None] = [None] * (rows * cols)
    for i in range(rows * cols):
        if rng.random() < 0.2:
            clues[i] = answer[i] if answer and rng.random() < 0.7 else rng.randint(1, board.size[i])
    return Board(rows, cols, regions, tuple(clues))
