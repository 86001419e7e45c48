"""A toy puzzle registered only in the tests: a shaded-or-blank grid whose clues count the
shaded cells of their plus (the cell and its orthogonal neighbours). One folder, no kernel,
no codec: what the registry, the CLI, the service, the studies and the player need of a
puzzle, and nothing more."""

from __future__ import annotations

from pencilbox.core.engine import Count
from pencilbox.core.puzzle import Engine, Places
from pencilbox.core.puzzlebase import PuzzleBase

from . import board as tb
from . import rules
from .board import Board
from .levels import Level
from .rungs import RUNGS


class Toy(PuzzleBase):
    name = "toy"
    title = "Toy (plus counts)"
    generate_max = (5, 5)
    board_module = tb
    rules_module = rules
    rungs = RUNGS
    search_level = Level.COUNT
    brute_range = (4, 4)  # 2^16 fillings at most

    def unclued(self, board: Board) -> list[int]:
        return [i for i, v in enumerate(board.clues) if v is None]

    def describe(self, board: Board, var: int, value: int) -> str:
        return {tb.SHADE: "shaded", tb.BLANK: "blank"}.get(value, "?")

    def places(self, board: Board, ids: tuple[int, ...]) -> tuple[Places, Places]:
        return tuple(board.grid.rc(i) for i in ids), ()

    @property
    def counters(self) -> dict[str, Engine[Board]]:
        """Both counters in plain Python: no build job."""
        return {"brute": Engine(self.brute_count, self.brute_range, compiled=False),
                "sat": Engine(self.sat_count, None, compiled=False)}

    def brute_count(self, board: Board, limit: int, node_cap: int) -> Count:
        from .brute import brute_count
        return self.counted(board, "brute", brute_count(board.rows, board.cols, board.clues, limit, node_cap))

    def sat_count(self, board: Board, limit: int, node_cap: int) -> Count:
        from .sat import sat_count
        return self.counted(board, "sat", sat_count(board.rows, board.cols, board.clues, limit))


PUZZLE = Toy()
