"""The ahead-of-time builder: ``pencilbox warm`` (and dev.py's wheel) compile each puzzle's
entry points (its ``jit`` modules' ``EXPORTS``, with the signatures the verbs use) into small
extension modules with numba's ahead-of-time compiler; compiled/aot.py loads them. It lives above
the core because it runs the verbs (``exercise``) to learn those signatures.

numba is imported only while a module compiles, in a process of its own.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

from pencilbox import puzzles
from pencilbox.compiled import aot
from pencilbox.compiled.exercise import exercise
from pencilbox.core.files import write_atomic

if TYPE_CHECKING:
    from pathlib import Path

try:  # the builtin module: hashlib loads OpenSSL (as compiled/aot.py)
    from _sha256 import sha256  # type: ignore[import-not-found]  # no stub for the builtin
except ImportError:  # pragma: no cover - a Python without it
    from hashlib import sha256

CPU = "PENCILBOX_AOT_CPU"  # the build's target: the host's CPU unless set (a wheel: a portable one)


def sources(prefix: str = "pencilbox.") -> dict[str, str]:
    """Hash of every loaded project module's file. Called right after the jitted module is
    imported in a fresh process: these are the files its compiled code may read."""
    from pathlib import Path
    out = {}
    for name, module in sorted(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if name.startswith(prefix) and file and file.endswith(".py"):
            path = Path(file).resolve()
            if Path(aot.PACKAGE) in path.parents:
                out[path.relative_to(aot.PACKAGE).as_posix()] = aot._digest(str(path))
    return out


def signature(dispatcher: Any) -> Any:
    """The one signature the verbs call an entry point with (they ran first)."""
    sigs = dispatcher.nopython_signatures
    if len(sigs) != 1:
        raise RuntimeError(f"{dispatcher.__name__} has {len(sigs)} compiled signatures, expected 1")
    return sigs[0]


def build_all(names: list[str], jobs: int | None = None, folder: str | None = None) -> dict[str, str]:
    """Build every named puzzle's modules where one is missing or stale (into ``folder``: all of
    them, as dev.py's wheel asks), each puzzle in a fresh process (``jobs`` at a time); per puzzle
    "" when built, else why not (the build's last line)."""
    import subprocess
    out = {name: "" for name in names if folder is None and aot.built(puzzles.package(name))}
    todo = [n for n in names if n not in out]
    running: list[tuple[str, subprocess.Popen[str]]] = []
    jobs = jobs or os.cpu_count() or 1
    while todo or running:
        while todo and len(running) < jobs:
            name = todo.pop(0)
            running.append((name, subprocess.Popen([sys.executable, "-m", "pencilbox.compiled.ahead", name,
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
    os.environ[aot.OFF] = "0"
    jits = {jit: importlib.import_module(jit) for jit in aot.modules(puzzles.package(puzzle))}
    src = sources()
    exercise(puzzle, "ladder")
    sigs = {(jit, e): signature(getattr(m, e)) for jit, m in jits.items() for e in m.EXPORTS
            if getattr(m, e).nopython_signatures}  # the ladder verbs' own signatures first
    exercise(puzzle, "generate")
    sigs |= {(jit, e): signature(getattr(m, e)) for jit, m in jits.items() for e in m.EXPORTS
             if (jit, e) not in sigs}
    from pathlib import Path
    folder = Path(folder_ or aot.cache_dir())
    folder.mkdir(parents=True, exist_ok=True)
    return [_compile(jit, m, {e: sigs[(jit, e)] for e in m.EXPORTS}, src, folder) for jit, m in jits.items()]


def _compile(jit: str, module: ModuleType, sigs: dict[str, Any], src: dict[str, str], folder: Path) -> Path:
    import tempfile
    from pathlib import Path

    from numba.pycc import CC  # type: ignore[attr-defined]  # numba.pycc does not list CC in __all__
    name = f"{aot._stem(jit)}_{sha256(json.dumps(src).encode()).hexdigest()[:12]}"
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        cc = CC(name)
        cc.output_dir = tmp
        cc.target_cpu = os.environ.get(CPU, "host")
        cc.verbose = False
        for entry, sig in sigs.items():
            cc.export(entry, sig)(getattr(module, entry).py_func)
        cc.compile()
        os.replace(Path(tmp) / f"{name}{aot.SUFFIX}", folder / f"{name}{aot.SUFFIX}")
    manifest = {"module": name, "jit": jit, "exports": list(sigs), "sources": src}
    write_atomic(folder / f"{aot._stem(jit)}.json", json.dumps(manifest, indent=1) + "\n")
    import re
    for old in folder.glob(f"{aot._stem(jit)}_*{aot.SUFFIX}"):  # its older builds (not its siblings')
        stem = old.name[:-len(aot.SUFFIX)]
        if old.name != f"{name}{aot.SUFFIX}" and re.fullmatch(rf"{aot._stem(jit)}_[0-9a-f]{{12}}", stem):
            old.unlink(missing_ok=True)
    return folder / f"{name}{aot.SUFFIX}"


def copy_built(folder: str) -> list[str]:
    """Copy the modules the user's cache holds for these sources (host CPU) into ``folder``; the
    jitted modules it lacks a fresh one for (nothing is copied then). The wheel test's shortcut:
    the same modules as a wheel's, built once by ``warm``, not again for a portable CPU."""
    import shutil
    from pathlib import Path
    jits = [jit for name in puzzles.names() for jit in aot.modules(puzzles.package(name))]
    cached = Path(aot.cache_dir())
    found: dict[str, dict[str, Any]] = {}
    for jit in jits:
        try:
            manifest = json.loads((cached / f"{aot._stem(jit)}.json").read_text())
        except (OSError, ValueError):
            continue
        if aot._fresh(manifest) and (cached / f"{manifest['module']}{aot.SUFFIX}").is_file():
            found[jit] = manifest
    missing = [jit for jit in jits if jit not in found]
    if missing:
        return missing
    Path(folder).mkdir(parents=True, exist_ok=True)
    for jit, manifest in found.items():
        shutil.copy2(cached / f"{manifest['module']}{aot.SUFFIX}", Path(folder))
        shutil.copy2(cached / f"{aot._stem(jit)}.json", Path(folder))
    return []


if __name__ == "__main__":  # python -m pencilbox.compiled.ahead PUZZLE|all|copy [FOLDER] (warm; dev.py wheel)
    from pencilbox.core.lifetime import die_with
    die_with(os.getppid())  # a build stopped half-way leaves no compiler running
    into = sys.argv[2] if len(sys.argv) > 2 else None
    if sys.argv[1] == "copy" and into:
        lacking = copy_built(into)
        sys.exit(f"the cache has no fresh built module of {', '.join(lacking)}" if lacking else 0)
    if sys.argv[1] == "all":
        every = list(puzzles.names())
        failed = {n: why for n, why in build_all(every, folder=into).items() if why}
        sys.exit(f"the ahead-of-time build failed: {failed}" if failed else 0)
    print(build(sys.argv[1], into))
