"""The Python side every compiled puzzle kernel shares: rung names to flag bits, the call into
the compiled search, and the engine's Kernel interface built on a puzzle's tables."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import numpy as np

from pencilbox.compiled.aot import Code
from pencilbox.core.outcomes import Count
from pencilbox.core.state import PROBE, OutOfNodes

DONE, BROKE, CAPPED = 1, 0, 2  # a compiled fixpoint's ends, as core/jit.py names them (not imported:
# that module loads numba, and the ahead-of-time path runs without it)


def flag_table(rungs: Sequence[Any]) -> dict[str, int]:
    """A kernel's flag bits: one per rung in the order of the puzzle's RUNGS, probe last, so
    the ladder is written once (the readable rungs) and the compiled code reads it."""
    return {name: 1 << k for k, name in enumerate([r.name for r in rungs] + [PROBE])}


def flags_of(table: dict[str, int], names: tuple[str, ...]) -> int:
    """The flag bits of the named rungs."""
    out = 0
    for name in names:
        out |= table[name]
    return out


def run(code: Code, tabs: tuple[Any, ...], dom: list[int], flags: int, root_flags: int, limit: int,
        node_cap: int, order: int = 0, seed: int = 0, trials: int | None = None) -> Count:
    """The compiled counting search of a puzzle (core/jit.py's, behind its hooks): ``code`` has
    ``_search(dom, flags, root_flags, limit, node_cap, order, seed, tabs, answers, trials)``;
    past ``trials`` probe trials (None: no cap) the count is node-capped."""
    answers = np.zeros((2, len(dom)), dtype=np.int64)
    c, hit, capped, nodes = code._search(np.array(dom, dtype=np.int64), flags, root_flags, limit, node_cap,
                                         order, seed, tabs, answers, _left(trials))
    return Count(int(c), bool(hit), bool(capped), int(nodes),
                 [[int(x) for x in answers[k]] for k in range(min(int(c), 2))])


def _left(trials: int | None) -> int:
    """The compiled code's trial budget: -1 for no cap."""
    return -1 if trials is None else max(trials, 0)


class KernelBase(ABC):
    """A puzzle kernel supplies FLAG (``flag_table(RUNGS)``), CODE (its compiled ``jit``
    module: ``_search`` as ``run`` calls it and ``_finish(dom, flags, tabs, solve, trials)``,
    the fixpoint in place: DONE, BROKE (a contradiction; with ``solve`` also not a whole
    answer) or CAPPED (past ``trials`` probe trials)), ``tables(board)``
    (the board as the compiled hooks read it, one tuple) and ``start(board)`` (the clue
    domains)."""

    FLAG: dict[str, int]
    CODE: Code

    @abstractmethod
    def tables(self, board: Any) -> tuple[Any, ...]:
        """Each puzzle's kernel.py defines it."""

    @abstractmethod
    def start(self, board: Any) -> list[int]:
        """Each puzzle's kernel.py defines it."""

    def flags(self, names: tuple[str, ...]) -> int:
        return flags_of(self.FLAG, names)

    def search(self, board: Any, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
               root: tuple[str, ...] | None = None, trials: int | None = None) -> Count:
        """Compiled counterpart of ``engine.search`` (same branching order, same node counts)."""
        return run(self.CODE, self.tables(board), dom, self.flags(names),
                   self.flags(names if root is None else root), limit, node_cap, trials=trials)

    def finish(self, arr: np.ndarray, board: Any, flags: int, solve: bool, trials: int | None = None) -> int:
        """DONE, BROKE or CAPPED (see the class)."""
        return int(self.CODE._finish(arr, flags, self.tables(board), solve, _left(trials)))

    def supports(self, names: tuple[str, ...]) -> bool:
        return all(n in self.FLAG for n in names)

    def count(self, board: Any, dom: list[int], names: tuple[str, ...], limit: int,
              node_cap: int, root: tuple[str, ...] | None = None, trials: int | None = None) -> Count:
        return self.search(board, dom, names, limit, node_cap, root, trials)

    def fixpoint(self, board: Any, dom: list[int], names: tuple[str, ...],
                 trials: int | None = None) -> list[int] | None:
        """The fixpoint, None on a contradiction; OutOfNodes past ``trials`` probe trials."""
        end, got = self.bounded(board, dom, names, trials)
        if end == "capped":
            raise OutOfNodes
        return None if end == "broke" else got

    def bounded(self, board: Any, dom: list[int], names: tuple[str, ...],
                trials: int | None) -> tuple[str, list[int]]:
        """How the fixpoint within ``trials`` probe trials ends (``done``, ``broke``: a
        contradiction, ``capped``) and the domains it reached (sound unless it broke)."""
        arr = np.array(dom, dtype=np.int64)
        got = self.finish(arr, board, self.flags(names), False, trials)
        return {DONE: "done", BROKE: "broke", CAPPED: "capped"}[got], [int(x) for x in arr]

    def finishes(self, board: Any, names: tuple[str, ...]) -> bool:
        arr = np.array(self.start(board), dtype=np.int64)
        return self.finish(arr, board, self.flags(names), True) == DONE
