"""The Python side every compiled puzzle kernel shares: rung names to flag bits, and the
engine's Kernel interface built on a puzzle's ``search``, ``finish`` and ``start``."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import numpy as np

from pencilbox.core.engine import PROBE, Count


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


class KernelBase(ABC):
    """A puzzle kernel supplies FLAG, ``search(board, dom, names, limit, node_cap, root)``,
    ``finish(arr, board, flags, solve)`` (fixpoint in place; with ``solve`` also whether
    it is a whole answer) and ``start(board)`` (the clue domains)."""

    FLAG: dict[str, int]

    @abstractmethod
    def search(self, board: Any, dom: list[int], names: tuple[str, ...], limit: int, node_cap: int,
               root: tuple[str, ...] | None = None) -> Count:
        """Each puzzle's kernel.py defines it."""

    @abstractmethod
    def finish(self, arr: np.ndarray, board: Any, flags: int, solve: bool) -> bool:
        """Each puzzle's kernel.py defines it."""

    @abstractmethod
    def start(self, board: Any) -> list[int]:
        """Each puzzle's kernel.py defines it."""

    def supports(self, names: tuple[str, ...]) -> bool:
        return all(n in self.FLAG for n in names)

    def count(self, board: Any, dom: list[int], names: tuple[str, ...], limit: int,
              node_cap: int, root: tuple[str, ...] | None = None) -> Count:
        return self.search(board, dom, names, limit, node_cap, root)

    def fixpoint(self, board: Any, dom: list[int], names: tuple[str, ...]) -> list[int] | None:
        arr = np.array(dom, dtype=np.int64)
        if not self.finish(arr, board, flags_of(self.FLAG, names), False):
            return None
        return [int(x) for x in arr]

    def finishes(self, board: Any, names: tuple[str, ...]) -> bool:
        arr = np.array(self.start(board), dtype=np.int64)
        return bool(self.finish(arr, board, flags_of(self.FLAG, names), True))
