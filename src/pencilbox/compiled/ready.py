"""Whether this process may run a puzzle's compiled code now: its ladder kernel
(``compiled_ready``) and its generator's loops (``generator_ready``), as the cache's policy,
the build's stamps and the ahead-of-time modules say. Until then the readable rungs and loops
answer (the same answers) and nothing compiles on the way. Remembered per process; a cold
puzzle is told once to whoever listens (``COLD``: the command line's notice)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pencilbox.compiled import aot, cache

_READY: set[str] = set()  # puzzles whose compiled kernel this process has found ready
_LOOKED: dict[str, float] = {}
LOOK_S = 1.0  # how often a process in ``auto`` looks again for a kernel that was not ready
COLD: list[Callable[[str], None]] = []  # told once per puzzle whose kernel is not ready (the CLI)
_TOLD: set[str] = set()
_GEN_READY: set[str] = set()  # puzzles whose compiled generator this process has found ready
_GEN_LOOKED: dict[str, float] = {}


def compiled_ready(puzzle: Any) -> bool:
    """Whether ladder calls may run the puzzle's compiled kernel now (cache.policy): in ``auto``,
    once its ahead-of-time module loads or the build has stamped its ladder ready; until then
    the readable rungs answer (the same answers) and nothing compiles on the way."""
    policy = cache.policy()
    if policy != "auto":
        return policy == "compile"
    name = puzzle.name
    if name in _READY:
        return True
    first = name not in _LOOKED
    if not _due(_LOOKED, name):
        return False
    if cache.ready(name, "ladder") or aot.load(f"{type(puzzle).__module__}.jit") is not None:
        _READY.add(name)
        return True
    if first:
        _tell_cold(name)
    return False


def _due(looked: dict[str, float], name: str) -> bool:
    """Whether to look at the cache for this puzzle now: at most once each LOOK_S (and note it)."""
    now = time.monotonic()
    if now - looked.get(name, -LOOK_S) < LOOK_S:
        return False
    looked[name] = now
    return True


def _tell_cold(name: str) -> None:
    if name not in _TOLD:
        _TOLD.add(name)
        for tell in COLD:
            tell(name)


def generator_built(puzzle: Any) -> bool:
    """Whether the build has compiled the puzzle's generator: its job stamped in numba's cache,
    or its ahead-of-time modules fresh."""
    return cache.ready(puzzle.name, "generate") or aot.built(type(puzzle).__module__)


def generator_ready(puzzle: Any) -> bool:
    """Whether a generator may run its compiled loops now (as ``compiled_ready``): in ``auto``
    once the build has stamped the puzzle's generate job or its built modules load; until then
    its readable loops make the same boards from the same seeds."""
    policy = cache.policy()
    if policy != "auto":
        return policy == "compile"
    name = puzzle.name
    if name in _GEN_READY:
        return True
    if not _due(_GEN_LOOKED, name):  # called per erasure: look again each LOOK_S
        return False
    if generator_built(puzzle):
        _GEN_READY.add(name)
        return True
    _tell_cold(name)
    return False
