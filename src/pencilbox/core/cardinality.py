"""Cardinality clauses of the SAT counters (engine 3 of every folder), written once: "at most
k", "at least k" and "exactly k" of some literals, directly as clauses over subsets (no
auxiliary variables; a clue sees at most nine literals, so the subsets stay few). It imports
nothing of pencilbox; the SAT counters import it, and Fill-a-Pix's certifier, which settles
the generator's erasures on the SAT counter's encoding."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations


def at_most(lits: Sequence[int], k: int) -> list[tuple[int, ...]]:
    """At most ``k`` of ``lits`` true: every k + 1 of them hold a false one (0 <= k)."""
    if k >= len(lits):
        return []
    return [tuple(-v for v in sub) for sub in combinations(lits, k + 1)]


def at_least(lits: Sequence[int], k: int) -> list[tuple[int, ...]]:
    """At least ``k`` of ``lits`` true: every len - k + 1 of them hold a true one (k <= len)."""
    if k <= 0:
        return []
    return list(combinations(lits, len(lits) - k + 1))


def exactly(lits: Sequence[int], k: int) -> list[tuple[int, ...]]:
    """Exactly ``k`` of ``lits`` true (0 <= k <= len): at most k, then at least k."""
    return at_most(lits, k) + at_least(lits, k)
