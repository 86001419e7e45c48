"""Kernels compiled ahead of time: a command that loads one starts without numba.

numba's import and first-call set-up cost about 1 s per process, more than a whole 10x10
solve. ``pencilbox warm`` therefore also builds each puzzle's entry points (its ``jit``
module's ``EXPORTS``, with the signatures the verbs use) into a small extension module with
numba's ahead-of-time compiler, in a per-user cache folder. A manifest beside it holds a
hash of every source file the compiled code was made from; a module whose sources changed
since, or that fails to load, is never used: the verbs then fall back to the jitted code.

This module is the loader only (the core imports nothing above it); the builder, which runs
the verbs to learn the signatures, is ``pencilbox.compiled.ahead``. Nothing here imports numba.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import sys
from types import ModuleType
from typing import Any

from pencilbox.compiled import cache
from pencilbox.core.unwind import unwinds

try:  # the builtin module: hashlib loads OpenSSL, 9 ms of a 0.4 s start (random does the same)
    from _sha256 import sha256  # type: ignore[import-not-found]  # no stub for the builtin
except ImportError:  # pragma: no cover - a Python without it
    from hashlib import sha256

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # src/pencilbox
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
OFF = "PENCILBOX_AOT"  # set to 0 to ignore built modules (the tests compare both paths)


SHIPPED = os.path.join(PACKAGE, "_built")  # modules a platform wheel carries (python3 dev.py wheel)


def cache_dir() -> str:
    """Where ``pencilbox warm`` builds: the per-user cache of this kernel version (compiled/cache.py)."""
    return cache.aot_dir()


def _folders() -> list[str]:
    """Where built modules are looked for: the ones a wheel shipped, then the user's."""
    return [SHIPPED, cache_dir()]


def _digest(path: str) -> str:
    with open(path, "rb") as f:
        return str(sha256(f.read()).hexdigest())


def _stem(jit: str) -> str:
    return jit.replace(".", "_")


def _fresh(manifest: dict[str, Any]) -> bool:
    """Whether every source the module was compiled from is unchanged."""
    try:
        return all(_digest(os.path.join(PACKAGE, rel)) == h for rel, h in manifest["sources"].items())
    except OSError:
        return False


def load(jit: str) -> ModuleType | None:
    """The built module of ``jit`` (a module path such as pencilbox.puzzles.sukoro.jit) when
    it exists and its sources are unchanged; else None."""
    if os.environ.get(OFF) == "0":
        return None
    for folder in _folders():
        module = _load_from(folder, jit)
        if module is not None:
            return module
    return None


def _load_from(folder: str, jit: str) -> ModuleType | None:
    try:
        with open(os.path.join(folder, f"{_stem(jit)}.json")) as f:
            manifest = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("sources"), dict) \
            or not isinstance(manifest.get("module"), str) or not _fresh(manifest):
        return None  # (a manifest damaged but still JSON is no manifest)
    name = manifest["module"]
    if name in sys.modules:
        return sys.modules[name]
    path = os.path.join(folder, f"{name}{SUFFIX}")
    loader = importlib.machinery.ExtensionFileLoader(name, path)  # importlib.util costs 10 ms
    try:
        module = loader.create_module(importlib.machinery.ModuleSpec(name, loader, origin=path))
        loader.exec_module(module)
    except (ImportError, OSError):
        return None
    sys.modules[name] = module
    return module


class Code:
    """A puzzle's compiled entry points: the built module's where it has them, else the jitted
    module's (imported, with numba, only on first need); a signal that stops one raises as
    itself (pencilbox.core.unwind)."""

    def __init__(self, jit: str) -> None:
        self.jit = jit
        self._looked = False
        self._built: ModuleType | None = None
        self._jit: ModuleType | None = None

    def built(self) -> ModuleType | None:
        if not self._looked:
            self._built, self._looked = load(self.jit), True
        return self._built

    def jitted(self) -> ModuleType:
        if self._jit is None:
            self._jit = importlib.import_module(self.jit)
        return self._jit

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # asked by the class machinery (ABCMeta reads __isabstractmethod__)
            raise AttributeError(name)
        built = self.built()
        found = getattr(built, name) if built is not None and hasattr(built, name) else \
            getattr(self.jitted(), name)
        if not callable(found):
            return found
        entry = unwinds(found)
        setattr(self, name, entry)  # which module serves a name is fixed once looked at
        return entry


def modules(package: str) -> list[str]:
    """The compiled modules of a puzzle package that declare EXPORTS (its ``jit*.py``: the
    ladder's, the generators'), found without importing them."""
    import re
    from importlib.util import find_spec
    try:
        spec = find_spec(package)
    except (ImportError, ValueError):
        return []
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    out = []
    for folder in folders[:1]:
        for f in sorted(f for f in os.listdir(folder) if f.startswith("jit") and f.endswith(".py")):
            with open(os.path.join(folder, f)) as text:
                if re.search(r"^EXPORTS = ", text.read(), re.M):
                    out.append(f"{package}.{f[:-3]}")
    return out


def built(package: str) -> bool:
    """Whether every compiled module of the puzzle package has a fresh built module."""
    return all(load(jit) is not None for jit in modules(package))
