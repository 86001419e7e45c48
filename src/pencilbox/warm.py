"""Compiled kernels ahead of need: ``pencilbox warm`` runs a tiny job of every puzzle and
engine so numba compiles (or loads) each kernel with the signatures real calls use, and
a command that finds the cache cold says so once on stderr before numba compiles.

numba is imported only inside the functions: this module costs nothing to import.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

from pencilbox import puzzles
from pencilbox.core import aot

NOTE = "pencilbox: compiling kernels, first run only (pencilbox warm compiles them all ahead)"
JOBS = ("ladder", "brute", "cells", "generate")  # the numba code paths of every puzzle


def jobs() -> list[tuple[str, str]]:
    """(puzzle, job) for every puzzle and every job its numba code serves."""
    return [(name, job) for name in puzzles.names() for job in JOBS
            if job != "cells" or puzzles.get(name).cells_count is not None]


def small_board(name: str) -> Any:
    """The smallest bank board of a puzzle: every kernel's real signature, next to no work."""
    from pencilbox import bank, boardio
    rec = min(bank.load(name), key=lambda r: r["rows"] * r["cols"])
    return boardio.board_from_json({k: v for k, v in rec.items() if k != "answer"})


def exercise(name: str, job: str) -> None:
    """One tiny run of a job through the verbs' own code paths (so the compiled signatures
    are the ones the verbs use)."""
    from pencilbox import service
    board = small_board(name)
    if job == "ladder":
        service.solve(board)
        service.count(board, "ladder", service.Options(limit=2))
        service.grade(board)
        service.hint(board)
    elif job == "generate":
        made = puzzles.get(name).generate(3, 3, None, 1)
        service.count(made.board, "ladder", service.Options(limit=2))
    else:
        service.count(board, job, service.Options(limit=2))


def compiles() -> Callable[[], int]:
    """Start counting numba compilations in this process; the returned function reads the count."""
    from numba.core import event

    class Tally(event.Listener):
        n = 0

        def on_start(self, ev: event.Event) -> None:
            self.n += 1

        def on_end(self, ev: event.Event) -> None:
            pass

    tally = Tally()
    event.register("numba:compile", tally)
    return lambda: tally.n


_announcing: list[bool] = []  # one listener per process, however often main() runs


def announce() -> None:
    """Print NOTE once on stderr just before numba's first compilation in this process (a
    cold cache); a warm cache never triggers it, so a warm run costs nothing extra. Until
    something imports numba (a command the ahead-of-time build serves never does), this only
    waits for that import: it does not import numba itself."""
    if _announcing:
        return
    _announcing.append(True)
    if "numba" in sys.modules:
        _listen()
    else:
        sys.meta_path.insert(0, _AfterNumba())


class _AfterNumba:
    """A meta path finder: finds numba as usual, then starts the listener once numba's import
    has run (importlib.abc and .util are not imported here: they cost a solve 20 ms)."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "numba":
            return None
        sys.meta_path.remove(self)
        from importlib.util import find_spec
        spec = find_spec(name)
        if spec is not None and spec.loader is not None:
            run = spec.loader.exec_module

            def exec_module(module: Any) -> None:
                run(module)
                _listen()

            spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _listen() -> None:
    from numba.core import event

    class Note(event.Listener):
        said = False

        def on_start(self, ev: event.Event) -> None:
            if not self.said:
                self.said = True
                print(NOTE, file=sys.stderr, flush=True)

        def on_end(self, ev: event.Event) -> None:
            pass

    event.register("numba:compile", Note())


def warm(progress: bool = True) -> tuple[int, float]:
    """Compile (or load from the cache) every jitted kernel, the ahead-of-time build's entry points
    included (they stay the fallback); returns (functions compiled, seconds)."""
    from tqdm import tqdm

    t0 = time.perf_counter()
    bytecode()
    compiled = compiles()
    todo = jobs()
    was = os.environ.get(aot.OFF)
    os.environ[aot.OFF] = "0"
    try:
        with tqdm(todo, desc="compiling kernels", unit="job", disable=not progress, file=sys.stderr) as bar:
            for name, job in bar:
                bar.set_postfix_str(f"{name} {job}")
                exercise(name, job)
    finally:
        if was is None:
            del os.environ[aot.OFF]
        else:
            os.environ[aot.OFF] = was
    return compiled(), time.perf_counter() - t0


def bytecode() -> None:
    """Write the package's bytecode now (an editable install, or one made with
    PYTHONDONTWRITEBYTECODE, would otherwise compile its sources in every process: 50 ms of a
    0.4 s start); a folder we may not write is left as it is."""
    import compileall
    compileall.compile_dir(aot.PACKAGE, quiet=2)


def build_ahead() -> dict[str, str]:
    """Build every puzzle's entry points ahead of time (core/aot.py) for puzzles that have a
    jitted module; per puzzle "" when built, else why not."""
    from importlib.util import find_spec

    names = [n for n in puzzles.names() if find_spec(f"{type(puzzles.get(n)).__module__}.jit") is not None]
    return aot.build_all(names)


def cache_stats() -> dict[str, dict[str, int]]:
    """Per jitted function of every loaded pencilbox module: cache hits and misses (compiles)
    in this process."""
    from numba.core.dispatcher import Dispatcher
    out: dict[str, dict[str, int]] = {}
    for mod in [m for n, m in sorted(sys.modules.items()) if n.startswith("pencilbox.")]:
        for attr, obj in vars(mod).items():
            if isinstance(obj, Dispatcher) and obj.__module__ == mod.__name__:
                st = obj.stats
                out[f"{mod.__name__}.{attr}"] = {"hits": sum(st.cache_hits.values()),
                                                 "misses": sum(st.cache_misses.values())}
    return out
