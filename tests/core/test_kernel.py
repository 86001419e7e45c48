"""The ladder is one list: every kernel's flag bits follow the puzzle's RUNGS, probe last
(issue 14, item 5), so no kernel re-types the ladder's order."""

from __future__ import annotations

import pytest

from pencilbox import puzzles
from pencilbox.core import engine


@pytest.mark.parametrize("name", puzzles.names())
def test_kernel_flags_follow_the_ladder(name: str) -> None:
    puzzle = puzzles.get(name)
    if puzzle.kernel is None:
        pytest.skip("no kernel")
    flags = puzzle.kernel.FLAG
    assert list(flags) == list(engine.ladder(puzzle))
    assert list(flags.values()) == [1 << k for k in range(len(flags))]
