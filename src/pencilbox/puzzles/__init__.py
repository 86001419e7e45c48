"""The registry of puzzles: every sub-folder here that exposes ``PUZZLE`` is one puzzle.

Adding a fifth puzzle means adding one folder; the CLI, the web and the studies read
this registry and nothing else.
"""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module

from pencilbox.core.puzzle import Puzzle
from pencilbox.errors import BoardError


@cache
def names() -> tuple[str, ...]:
    """Puzzle names, one per sub-package."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg))


def get(name: str) -> Puzzle:
    """The puzzle called ``name`` (or one of its puzz.link genre ids)."""
    key = name.strip().lower()
    if key in names():
        return import_module(f"{__name__}.{key}").PUZZLE
    for other in names():
        puzzle = get(other)
        if key in puzzle.url_names or key == puzzle.tatham_name:
            return puzzle
    raise BoardError(f"unknown puzzle {name!r}; known: {', '.join(names())}")
