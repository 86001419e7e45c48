"""Until the generators are compiled, the command line makes boards with their readable loops
(compiled.ready.generator_ready): they must be the very boards the compiled loops make from the
same seed, at every grade, or a seed would name two boards. While they run, every compiled
entry point (compiled.aot.Code) refuses: the readable loops really ran."""

from __future__ import annotations

import pytest

from pencilbox import puzzles
from pencilbox.compiled import aot, cache

CASES = [("sukoro", 7, 7), ("slant", 6, 6), ("ripple", 6, 6), ("fillapix", 7, 7), ("fillapix", 8, 8)]


def made(name: str, rows: int, cols: int, grade: str | None, seed: int) -> tuple[object, ...]:
    m = puzzles.get(name).generate(rows, cols, grade, seed)
    return m.board, m.answer, m.seed, m.grade


@pytest.mark.parametrize(("name", "rows", "cols"), CASES)
def test_readable_and_compiled_generators_make_the_same_boards(name: str, rows: int, cols: int,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = puzzles.get(name)
    grades = [None, *dict.fromkeys(level for _, level in puzzle.named_grades)]
    for seed in (1, 2):
        for grade in grades:
            monkeypatch.setenv(cache.POLICY, "compile")
            fast = made(name, rows, cols, grade, seed)
            with monkeypatch.context() as cold:
                cold.setenv(cache.POLICY, "reference")
                cold.setattr(aot.Code, "__getattr__", _refuse)
                assert made(name, rows, cols, grade, seed) == fast, (seed, grade)


def _refuse(self: aot.Code, name: str) -> None:
    raise AttributeError(f"compiled {self.jit}.{name} called while the readable loops should run")
