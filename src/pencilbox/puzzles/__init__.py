"""The registry of puzzles: every sub-folder here that exposes ``PUZZLE`` is one puzzle.

Adding a fifth puzzle means adding one folder; the CLI, the web and the studies read
this registry and nothing else.
"""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module, resources
from pathlib import Path
from typing import Any, cast

from pencilbox.core.puzzle import Puzzle
from pencilbox.errors import BoardError, shown

#: a registered puzzle, whatever its board and answer types (each folder's own module is
#: typed with its own; the registry hands them out by name)
AnyPuzzle = Puzzle[Any, Any]

def engines() -> tuple[str, ...]:
    """Every engine ``count`` offers: the ladder, then each puzzle's counters (brute, sat, and
    any a folder adds), as the puzzles declare them."""
    return ("ladder", *dict.fromkeys(e for name in names() for e in get(name).counters))


def brute_range_text() -> str:
    """The brute counters' range in words, for ``count --help``."""
    ranges = sorted((name, e, c.meant_for) for name in names() for e, c in get(name).counters.items()
                    if c.meant_for is not None)
    return ", ".join(f"{name}{'' if e == 'brute' else ' ' + e} up to {r}x{c}" for name, e, (r, c) in ranges)


def in_brute_range(name: str, engine: str, rows: int, cols: int) -> bool:
    """Whether a board is within a counter's range (either orientation)."""
    return get(name).counters[engine].holds(rows, cols)


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
    """The puzzle called ``name`` (or one of its puzz.link genre ids); a name that is no string
    is a TypeError (``blank(None, 2, 2)`` was an AttributeError)."""
    if not isinstance(name, str):
        raise TypeError(f"a puzzle's name is a str, not {type(name).__name__}")
    key = name.strip().lower()
    if key in _REGISTERED:
        return _REGISTERED[key]
    if key in names():
        found: AnyPuzzle = import_module(f"{__name__}.{key}").PUZZLE
        return found
    for other in names():
        puzzle = get(other)
        if any(form is not None and key in form.names for form in (puzzle.url, puzzle.tatham)):
            return puzzle
    raise BoardError(f"unknown puzzle {shown(name)}; known: {', '.join(names())}")


def package(name: str) -> str:
    """The module path of a puzzle's package (``pencilbox.puzzles.NAME``, or wherever a
    registered one lies)."""
    return type(get(name)).__module__


def folder(name: str) -> Path:
    """A puzzle's own folder: its code and its data (``bank/``, ``studies/stats.json`` and
    ``reference.json``, ``data/published.json``), wherever its package lies."""
    return Path(str(resources.files(package(name))))


def published(name: str) -> list[dict[str, Any]]:
    """The puzzle's published boards with known answers (its folder's ``data/published.json``):
    the tests' and benchmarks' real boards. FileNotFoundError when the folder has none."""
    import json
    return cast(list[dict[str, Any]], json.loads((folder(name) / "data" / "published.json").read_text()))
