"""The engine's fast path for Sukoro: the Python side of the compiled ladder in jit.py. It
imports no numba, so a command the ahead-of-time build serves (compiled/aot.py) starts without it."""

from __future__ import annotations

import numpy as np

from pencilbox.compiled.aot import Code
from pencilbox.core.engine import PROBE, Count
from pencilbox.core.kernel import KernelBase, flag_table, run
from pencilbox.core.kernel import flags_of as shared_flags
from pencilbox.puzzles.sukoro.board import Board, initial_state
from pencilbox.puzzles.sukoro.rungs import RUNGS

FLAG = flag_table(RUNGS)
DEG, NEQ, CONN, PRB = FLAG["deg"], FLAG["neq"], FLAG["conn"], FLAG[PROBE]
ORDER_LOW, ORDER_RANDOM, ORDER_NUMBERED = 0, 1, 2
# Rule variants for studies: which of the rules "adjacent numbers differ" and "numbers
# connected" a leaf must obey (the rungs that rely on a dropped rule must be off too).
DIFFER, CONNECTED = 1, 2
ALL_RULES = DIFFER | CONNECTED
RULE_BITS = {"differ": DIFFER, "connected": CONNECTED}
CODE = Code("pencilbox.puzzles.sukoro.jit")


def flags_of(names: tuple[str, ...]) -> int:
    return shared_flags(FLAG, names)


def rules_mask(dropped: tuple[str, ...] = ()) -> int:
    """The rules in force once ``dropped`` (names from RULE_BITS) are switched off."""
    mask = ALL_RULES
    for name in dropped:
        mask &= ~RULE_BITS[name]
    return mask


def search(board: Board, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
           order: int = ORDER_LOW, seed: int = 0, dropped: tuple[str, ...] = (),
           root: tuple[str, ...] | None = None) -> Count:
    """Compiled counterpart of ``engine.search`` (same order of branching when ORDER_LOW).
    ``dropped`` switches rules off for studies; rungs that rely on them must be left out."""
    used = set(names) | set(root or ())
    if ("connected" in dropped and "conn" in used) or ("differ" in dropped and "neq" in used):
        raise ValueError("a rung that relies on a dropped rule is still enabled")
    return run(CODE, (board.grid.orth_array(), rules_mask(dropped)), dom, flags_of(names),
               flags_of(names if root is None else root), limit, node_cap, order, seed)


class Kernel(KernelBase):
    """The engine's fast path for Sukoro."""

    FLAG = FLAG
    CODE = CODE

    def tables(self, board: Board) -> tuple[np.ndarray, int]:
        """Each cell's neighbours, and the rules in force (all of them)."""
        return board.grid.orth_array(), ALL_RULES

    def start(self, board: Board) -> list[int]:
        return initial_state(board)
