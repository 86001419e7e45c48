"""The union-find of the readable code (Slant's rules, rungs and generator, Ripple's URL
decoding), written once. The counters keep their own (core/unionfind_counters.py): an engine
that checks the ladder shares no code with it."""

from __future__ import annotations


def root(parent: list[int], x: int) -> int:
    """The root of ``x``'s tree, halving the path on the way so later finds are short."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def join(parent: list[int], a: int, b: int) -> bool:
    """Hang ``a``'s tree under ``b``'s; False when they were one tree already (an edge from a
    to b would close a loop)."""
    ra, rb = root(parent, a), root(parent, b)
    if ra == rb:
        return False
    parent[ra] = rb
    return True
