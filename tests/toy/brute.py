"""The toy's brute counter: every filling of the grid, checked clue by clue (standard
library only, no project import: it must not share code with the ladder)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product


def brute_count(rows: int, cols: int, clues: Sequence[int | None], limit: int,
                node_cap: int) -> tuple[int, str | None, int, list[tuple[int, ...]]]:
    """(answers up to ``limit``, the cap that stopped it, fillings tried, the first two)."""
    def sees(fill: tuple[int, ...], i: int) -> int:
        r, c = divmod(i, cols)
        near = [(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        return sum(fill[a * cols + b] for a, b in near if 0 <= a < rows and 0 <= b < cols)

    count, tried, found = 0, 0, []
    for fill in product((0, 1), repeat=rows * cols):
        if tried >= node_cap:
            return count, "nodes", tried, found
        tried += 1
        if all(v is None or sees(fill, i) == v for i, v in enumerate(clues)):
            count += 1
            found = found if len(found) == 2 else [*found, fill]
            if count >= limit:
                return count, "limit", tried, found
    return count, None, tried, found
