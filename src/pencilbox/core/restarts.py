"""The brute counters' grid symmetries and symmetry restarts, written once. A reading-order
search has a heavy tail that depends on the board's orientation, so Slant's and Fill-a-Pix's
engine 2 search the eight rotations and reflections in turn under a node budget that doubles
every round, and the first search that finishes answers (each is complete and exact, so the
count is the same whichever finishes); Sukoro's transposes a board wider than tall (its
frontier is then narrower). Plain Python; nothing of the ladder imports it."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

R = TypeVar("R")

SYMMETRIES = 8  # the rotations and reflections of a grid
TRANSPOSE = 4  # the symmetry that swaps rows and columns
FIRST_BUDGET = 2000  # decisions allowed to the first try of each symmetry; doubled every round


@lru_cache(maxsize=256)
def grid_symmetry(h: int, w: int, t: int) -> tuple[int, int, tuple[int, ...]]:
    """Symmetry ``t`` of an h x w grid (bit 4: transpose, then bit 1: mirror columns, bit 2:
    mirror rows; 0 leaves it as it is): the new shape and, for every new position in reading
    order, the old one."""
    h2, w2 = (w, h) if t & 4 else (h, w)
    src: list[int] = []
    for nr in range(h2):
        for nc in range(w2):
            r, c = nr, nc
            if t & 2:
                r = h2 - 1 - r
            if t & 1:
                c = w2 - 1 - c
            if t & 4:
                r, c = c, r
            src.append(r * w + c)
    return h2, w2, tuple(src)


def restarted(attempt: Callable[[int, int], tuple[int, bool, R]], tries: int, node_cap: int) -> tuple[R, int]:
    """Symmetries 0 .. tries - 1 in rounds, ``attempt(t, allowed)`` searching symmetry ``t``
    with ``allowed`` decisions (the round's budget, never past ``node_cap`` over all attempts;
    one try gets the whole cap) and answering (decisions spent, whether its budget stopped it,
    its result). The first attempt its budget did not stop, or the one that reached the cap,
    answers: its result and the decisions of every attempt."""
    total = 0
    budget = FIRST_BUDGET if tries > 1 else node_cap
    while True:
        for t in range(tries):
            nodes, capped, result = attempt(t, min(budget, node_cap - total))
            total += nodes
            if not capped or total >= node_cap:
                return result, total
        budget *= 2
