"""Kernels compiled ahead of time: a command that loads one starts without numba.

numba's import and first-call set-up cost about 1 s per process, more than a whole 10x10
solve. ``pencilbox warm`` therefore also builds each puzzle's entry points (its ``jit``
module's ``EXPORTS``, with the signatures the verbs use) into a small extension module with
numba's ahead-of-time compiler, in a per-user cache folder. A manifest beside it holds a
hash of every source file the compiled code was made from; a module whose sources changed
since, or that fails to load, is never used: the verbs then fall back to the jitted code.

Nothing here imports numba except ``build``.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

from pencilbox.core import cache
from pencilbox.core.files import write_atomic
from pencilbox.core.unwind import unwinds

try:  # the builtin module: hashlib loads OpenSSL, 9 ms of a 0.4 s start (random does the same)
    from _sha256 import sha256  # type: ignore[import-not-found]  # no stub for the builtin
except ImportError:  # pragma: no cover - a Python without it
    from hashlib import sha256

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # src/pencilbox
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
OFF = "PENCILBOX_AOT"  # set to 0 to ignore built modules (the tests compare both paths)


SHIPPED = os.path.join(PACKAGE, "_built")  # modules a platform wheel carries (python3 dev.py wheel)
CPU = "PENCILBOX_AOT_CPU"  # the build's target: the host's CPU unless set (a wheel: a portable one)


def cache_dir() -> str:
    """Where ``pencilbox warm`` builds: the per-user cache of this kernel version (core/cache.py)."""
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
    if not isinstance(manifest, dict) or not _fresh(manifest):
        return None
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


def sources(prefix: str = "pencilbox.") -> dict[str, str]:
    """Hash of every loaded project module's file. Called right after the jitted module is
    imported in a fresh process: these are the files its compiled code may read."""
    from pathlib import Path
    out = {}
    for name, module in sorted(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if name.startswith(prefix) and file and file.endswith(".py"):
            path = Path(file).resolve()
            if Path(PACKAGE) in path.parents:
                out[path.relative_to(PACKAGE).as_posix()] = _digest(str(path))
    return out


def signature(dispatcher: Any) -> Any:
    """The one signature the verbs call an entry point with (they ran first)."""
    sigs = dispatcher.nopython_signatures
    if len(sigs) != 1:
        raise RuntimeError(f"{dispatcher.__name__} has {len(sigs)} compiled signatures, expected 1")
    return sigs[0]


def modules(puzzle: str) -> list[str]:
    """The compiled modules of a puzzle folder that declare EXPORTS (its ``jit*.py``: the
    ladder's, the generators'), found without importing them."""
    import re
    folder = os.path.join(PACKAGE, "puzzles", puzzle)
    try:
        names = sorted(f for f in os.listdir(folder) if f.startswith("jit") and f.endswith(".py"))
    except OSError:
        return []
    out = []
    for f in names:
        with open(os.path.join(folder, f)) as text:
            if re.search(r"^EXPORTS = ", text.read(), re.M):
                out.append(f"pencilbox.puzzles.{puzzle}.{f[:-3]}")
    return out


def built(puzzle: str) -> bool:
    """Whether every compiled module of the puzzle has a fresh built module."""
    return all(load(jit) is not None for jit in modules(puzzle))


def build_all(names: list[str], jobs: int | None = None, folder: str | None = None) -> dict[str, str]:
    """Build every named puzzle's modules where one is missing or stale (into ``folder``: all of
    them, as dev.py's wheel asks), each puzzle in a fresh process (``jobs`` at a time); per puzzle
    "" when built, else why not (the build's last line)."""
    import subprocess
    out = {name: "" for name in names if folder is None and built(name)}
    todo = [n for n in names if n not in out]
    running: list[tuple[str, subprocess.Popen[str]]] = []
    jobs = jobs or os.cpu_count() or 1
    while todo or running:
        while todo and len(running) < jobs:
            name = todo.pop(0)
            running.append((name, subprocess.Popen([sys.executable, "-m", "pencilbox.core.aot", name,
                                                    *([folder] if folder else [])],
                                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                                   text=True)))
        name, proc = running.pop(0)
        err = proc.communicate()[1]
        lines = [ln for ln in err.splitlines() if ln.strip()]
        out[name] = "" if proc.returncode == 0 else (lines[-1] if lines else f"exit {proc.returncode}")
    return out


def build(puzzle: str, folder_: str | None = None) -> list[Path]:
    """In a fresh process: import the puzzle's compiled modules, note their sources, run the
    verbs once (jitted: the ladder's, then the generators') for the entry points' signatures,
    and compile each module's EXPORTS into a module of its own in the cache folder. Each
    manifest is written last, so a half-built module is never loaded."""
    os.environ[OFF] = "0"
    jits = {jit: importlib.import_module(jit) for jit in modules(puzzle)}
    src = sources()
    from pencilbox import warm
    warm.exercise(puzzle, "ladder")
    sigs = {(jit, e): signature(getattr(m, e)) for jit, m in jits.items() for e in m.EXPORTS
            if getattr(m, e).nopython_signatures}  # the ladder verbs' own signatures first
    warm.exercise(puzzle, "generate")
    sigs |= {(jit, e): signature(getattr(m, e)) for jit, m in jits.items() for e in m.EXPORTS
             if (jit, e) not in sigs}
    from pathlib import Path
    folder = Path(folder_ or cache_dir())
    folder.mkdir(parents=True, exist_ok=True)
    return [_compile(jit, m, {e: sigs[(jit, e)] for e in m.EXPORTS}, src, folder) for jit, m in jits.items()]


def _compile(jit: str, module: ModuleType, sigs: dict[str, Any], src: dict[str, str], folder: Path) -> Path:
    import tempfile
    from pathlib import Path

    from numba.pycc import CC  # type: ignore[attr-defined]  # numba.pycc does not list CC in __all__
    name = f"{_stem(jit)}_{sha256(json.dumps(src).encode()).hexdigest()[:12]}"
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        cc = CC(name)
        cc.output_dir = tmp
        cc.target_cpu = os.environ.get(CPU, "host")
        cc.verbose = False
        for entry, sig in sigs.items():
            cc.export(entry, sig)(getattr(module, entry).py_func)
        cc.compile()
        os.replace(Path(tmp) / f"{name}{SUFFIX}", folder / f"{name}{SUFFIX}")
    manifest = {"module": name, "jit": jit, "exports": list(sigs), "sources": src}
    write_atomic(folder / f"{_stem(jit)}.json", json.dumps(manifest, indent=1) + "\n")
    import re
    for old in folder.glob(f"{_stem(jit)}_*{SUFFIX}"):  # this module's older builds (not its siblings')
        stem = old.name[:-len(SUFFIX)]
        if old.name != f"{name}{SUFFIX}" and re.fullmatch(rf"{_stem(jit)}_[0-9a-f]{{12}}", stem):
            old.unlink(missing_ok=True)
    return folder / f"{name}{SUFFIX}"


if __name__ == "__main__":  # python -m pencilbox.core.aot PUZZLE|all [FOLDER] (warm; dev.py wheel)
    from pencilbox.core.lifetime import die_with
    die_with(os.getppid())  # a build stopped half-way leaves no compiler running
    into = sys.argv[2] if len(sys.argv) > 2 else None
    if sys.argv[1] == "all":
        every = list(importlib.import_module("pencilbox.puzzles").names())  # (core does not import up)
        failed = {n: why for n, why in build_all(every, folder=into).items() if why}
        sys.exit(f"the ahead-of-time build failed: {failed}" if failed else 0)
    print(build(sys.argv[1], into))
