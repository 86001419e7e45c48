#!/usr/bin/env python3
"""Set up and run pencilbox on a fresh machine (Python 3.11+, pip; nothing else needed).
Every verb first compiles the kernels once (`pencilbox warm`) into .numba-cache/<hash of the
kernel sources>, the numba cache every run of this script then uses.

    python3 dev.py play   # make .venv, install, start the player on http://127.0.0.1:8000/
    python3 dev.py demo   # make .venv, install, generate a 10x10 Sukoro, print, solve, grade
    python3 dev.py test   # make .venv, install (and Debian's chromium), run the tests, ruff and mypy
    python3 dev.py bench  # the benchmark scripts in bench/
    python3 dev.py studies [ARGS]  # regenerate every study (2 workers) and the notes page;
                                   # ARGS go to `pencilbox study` (e.g. sukoro 1 3, --quick)
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def run(*argv: str | Path, **kw: object) -> subprocess.CompletedProcess:
    print("+", " ".join(str(a) for a in argv), flush=True)
    kw.setdefault("check", True)
    return subprocess.run([str(a) for a in argv], cwd=ROOT, **kw)


def setup() -> None:
    """Create .venv and install the package with its test and cluster extras (skipped when up to date)."""
    stamp = VENV / ".installed"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == want:
        return
    if not PY.exists():
        run(sys.executable, "-m", "venv", VENV)
    run(PY, "-m", "pip", "install", "-q", "--upgrade", "pip")
    run(PY, "-m", "pip", "install", "-q", "-e", ".[test,cluster]")
    stamp.write_text(want)


NUMBA_CODE = re.compile(rb"^(from numba\b|import numba\b)", re.M)
OWN_IMPORT = re.compile(rb"^\s*from (pencilbox[\w.]*) import \(?([\w, ]*)", re.M)


def kernel_sources() -> list[Path]:
    """Every module that holds numba code, and the project modules those import (constants
    a jitted function reads are frozen into its compiled code)."""
    src = ROOT / "src"
    holders = [p for p in sorted(src.rglob("*.py")) if NUMBA_CODE.search(p.read_bytes())]
    out = set(holders)
    for path in holders:
        for package, names in OWN_IMPORT.findall(path.read_bytes()):
            base = src.joinpath(*package.decode().split("."))
            maybe = [base.with_suffix(".py"), base / "__init__.py"]
            maybe += [base / f"{n.split()[0]}.py" for n in names.decode().split(",") if n.strip()]
            out.update(p for p in maybe if p.exists())
    return sorted(out)


def numba_cache() -> Path:
    """numba's cache folder for this checkout, keyed by a hash of the kernel sources: numba
    keys a cached function on its own file only, so an edit to a jitted helper in another
    file would otherwise be served stale."""
    h = hashlib.sha256()
    for path in kernel_sources():
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return ROOT / ".numba-cache" / h.hexdigest()[:16]


def warm() -> None:
    """Point numba at the keyed cache (older keys removed) and compile every kernel into it once;
    the ahead-of-time build (kept in the cache's aot/ folder) is remade whenever a source it was
    compiled from changed, which the key does not cover."""
    cache = numba_cache()
    os.environ["NUMBA_CACHE_DIR"] = str(cache)
    for old in cache.parent.glob("*"):
        if old != cache:
            shutil.rmtree(old, ignore_errors=True)
    stamp = cache / ".warmed"
    if not stamp.exists():
        compiler()
        run(BIN / "pencilbox", "warm")
        stamp.write_text("pencilbox warm ran here\n")
    else:
        run(PY, "-c", "from pencilbox import warm; import sys; sys.exit(any(warm.build_ahead().values()))")


def compiler() -> None:
    """A C compiler and Python's headers for the ahead-of-time build (apt, when missing)."""
    import sysconfig
    if (shutil.which("cc") and Path(sysconfig.get_paths()["include"], "Python.h").exists()) \
            or not shutil.which("apt-get"):
        return
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    dev = f"python{sys.version_info.major}.{sys.version_info.minor}-dev"
    run(*sudo, "apt-get", "update", "-qq", env=env)
    for package in ("gcc", dev):  # one at a time: a Python not from Debian has no -dev package
        run(*sudo, "apt-get", "install", "-y", "-qq", "--no-install-recommends", package, env=env,
            check=False)


def demo() -> None:
    exe = BIN / "pencilbox"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.txt"
        with open(path, "w") as f:
            run(exe, "generate", "sukoro", "10x10", "--seed", "1", stdout=f)
        print(path.read_text())
        run(exe, "solve", path, check=False)


CHROMIUM = Path("/usr/bin/chromium")


def chromium() -> None:
    """Debian's chromium for the browser tests (installed with apt when missing)."""
    if CHROMIUM.exists() or not shutil.which("apt-get"):
        return
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(*sudo, "apt-get", "update", "-qq", env=env)
    run(*sudo, "apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium", env=env)


def test() -> None:
    chromium()
    env = {**os.environ, "PENCILBOX_REQUIRE_BROWSER": "1"}  # the browser tests fail, not skip
    workers = str(min(os.cpu_count() or 1, 4))  # a file per worker: module fixtures run once
    run(PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", workers, "--dist", "loadfile", env=env)
    run(BIN / "ruff", "check", "src", "tests", "bench", "dev.py")
    run(BIN / "mypy")  # the whole package, configured in pyproject.toml ([tool.mypy])


def play() -> None:
    run(BIN / "pencilbox", "play", *sys.argv[2:], check=False)


def bench() -> None:
    for script in sorted((ROOT / "bench").glob("*.py")):
        run(PY, script)


def studies() -> None:
    """Every study of every puzzle into the shipped stats files, then the notes page."""
    import time
    t = time.perf_counter()
    args = sys.argv[2:] or ["all"]
    run(BIN / "pencilbox", "study", *args, *([] if "--workers" in args else ["--workers", "2"]))
    if "--quick" not in args and "--out" not in args:
        run(BIN / "pencilbox", "notes")
    print(f"studies and notes: {(time.perf_counter() - t) / 60:.1f} min")


def main() -> None:
    verbs = {"play": play, "demo": demo, "test": test, "bench": bench, "studies": studies,
             "setup": lambda: None}
    takes_args = ("play", "studies")
    if len(sys.argv) < 2 or sys.argv[1] not in verbs or (len(sys.argv) > 2 and sys.argv[1] not in takes_args):
        sys.exit(__doc__)
    setup()
    warm()
    verbs[sys.argv[1]]()


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        sys.exit(e.returncode)
