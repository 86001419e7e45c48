"""The registry of puzzles: every sub-folder here that exposes ``PUZZLE`` is one puzzle.

Adding a fifth puzzle means adding one folder; the CLI, the web and the studies read
this registry and nothing else.
"""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module
from typing import Any

from pencilbox.core.puzzle import Puzzle
from pencilbox.errors import BoardError, shown

#: a registered puzzle, whatever its board and answer types (each folder's own module is
#: typed with its own; the registry hands them out by name)
AnyPuzzle = Puzzle[Any, Any]

#: the largest board (rows, cols, either way round) each brute counter is meant for, by
#: (puzzle, engine): small-board witnesses that confirm every shipped bank board this size
#: under the default node cap (tests/test_brute_range.py)
BRUTE_RANGE: dict[tuple[str, str], tuple[int, int]] = {
    ("fillapix", "brute"): (10, 10), ("ripple", "brute"): (8, 8), ("ripple", "cells"): (6, 6),
    ("slant", "brute"): (15, 15), ("sukoro", "brute"): (8, 8)}


def brute_range_text() -> str:
    """The brute counters' range in words, for ``count --help``."""
    return ", ".join(f"{name}{'' if engine == 'brute' else ' ' + engine} up to {r}x{c}"
                     for (name, engine), (r, c) in sorted(BRUTE_RANGE.items()))


def in_brute_range(name: str, engine: str, rows: int, cols: int) -> bool:
    """Whether a board is within a brute counter's range (either orientation)."""
    r, c = BRUTE_RANGE[(name, engine)]
    return rows * cols <= r * c and max(rows, cols) <= max(r, c)


#: puzzles whose folder lies elsewhere, by name (the tests' toy puzzle registers itself here)
_REGISTERED: dict[str, AnyPuzzle] = {}


def register(puzzle: AnyPuzzle) -> None:
    """List a puzzle whose folder lies outside this package, as the sub-packages are."""
    _REGISTERED[puzzle.name] = puzzle
    names.cache_clear()


def unregister(name: str) -> None:
    """Forget a puzzle ``register`` listed."""
    _REGISTERED.pop(name, None)
    names.cache_clear()


@cache
def names() -> tuple[str, ...]:
    """Puzzle names, one per sub-package and one per registered puzzle."""
    return tuple(sorted({*(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg), *_REGISTERED}))


def get(name: str) -> AnyPuzzle:
    """The puzzle called ``name`` (or one of its puzz.link genre ids)."""
    key = name.strip().lower()
    if key in _REGISTERED:
        return _REGISTERED[key]
    if key in names():
        found: AnyPuzzle = import_module(f"{__name__}.{key}").PUZZLE
        return found
    for other in names():
        puzzle = get(other)
        if key in puzzle.url_names or key == puzzle.tatham_name:
            return puzzle
    raise BoardError(f"unknown puzzle {shown(name)}; known: {', '.join(names())}")
