"""Sukoro: numbers 1-4 that count their numbered neighbours, adjacent numbers differ,
all numbers connected. This module fills in the engine's Puzzle interface."""

from __future__ import annotations

from typing import Any

from pencilbox.core.engine import Count
from pencilbox.core.puzzle import PuzzleBase
from pencilbox.puzzles.sukoro import board as sb
from pencilbox.puzzles.sukoro import codec, rules
from pencilbox.puzzles.sukoro.board import EMPTY, Board
from pencilbox.puzzles.sukoro.rungs import RUNGS


class Sukoro(PuzzleBase):
    name = "sukoro"
    title = "Sukoro"
    generate_max = (12, 12)  # the player's New board stays within one request's time
    board_module = sb
    rules_module = rules
    rungs = RUNGS
    search_level = "conn"
    url_names = ("sukoro",)
    tatham_name = None

    # boards and answers
    def unclued(self, board: Board) -> list[int]:
        return [i for i, v in enumerate(board.clues) if v is None]

    def places(self, board: Board, ids: tuple[int, ...]) -> tuple[list[list[int]], list[list[int]]]:
        """Premise ids as plain cells and clue cells, each [r, c]."""
        rc = board.grid.rc
        return ([list(rc(i)) for i in ids if board.clues[i] is None],
                [list(rc(i)) for i in ids if board.clues[i] is not None])

    def describe(self, board: Board, var: int, value: int) -> str:
        return "empty" if value == EMPTY else str(value.bit_length() - 1)

    # formats
    def decode_url(self, cols: int, rows: int, body: str, flags: tuple[str, ...] = ()) -> Board:
        return codec.decode(cols, rows, body, flags)

    def encode_url(self, board: Board) -> str:
        return codec.encode(board)

    # independent engines and the generator
    def brute_count(self, board: Board, limit: int, node_cap: int) -> Count:
        from pencilbox.puzzles.sukoro.brute import brute_count
        c, capped, nodes, answers = brute_count(board.rows, board.cols, board.clues, limit, node_cap)
        return _as_count(c, capped, nodes, answers, limit, "brute")

    def sat_count(self, board: Board, limit: int, node_cap: int) -> Count:
        from pencilbox.puzzles.sukoro.sat import sat_count
        c, capped, nodes, answers = sat_count(board.rows, board.cols, board.clues, limit)
        return _as_count(c, capped, nodes, answers, limit, "sat")

    def generate(self, rows: int, cols: int, grade: str | None, seed: int, tries: int = 500) -> Any:
        from pencilbox.puzzles.sukoro.generate import generate
        return generate(rows, cols, grade, seed, tries)


def _as_count(c: int, capped: bool, nodes: int, answers: list[list[int]], limit: int,
              engine: str) -> Count:
    """An engine's (count, capped, nodes, answers) as a Count with answers as domains."""
    doms = [[EMPTY if v == 0 else 1 << v for v in a] for a in answers[:2]]
    hit = capped and c >= limit
    return Count(c, hit, capped and not hit, nodes, doms, engine)


PUZZLE = Sukoro()
