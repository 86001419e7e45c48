#!/usr/bin/env python3
"""Set up and run pencilbox on a fresh machine (Python 3.11+, pip; nothing else needed).
Every verb but play first compiles the kernels once (`pencilbox warm`) into pencilbox's
per-user cache (~/.cache/pencilbox/<hash of the kernel sources and numba's version>), the one
every way of starting pencilbox finds; play starts at once and builds them in the background.

    python3 dev.py play   # make .venv, install what playing needs, serve http://127.0.0.1:8000/
    python3 dev.py wheel  # a platform wheel in dist/ with the ahead-of-time modules inside
                          # (`pip wheel .` makes the pure one: README, Install)
    python3 dev.py demo   # make .venv, install, generate a 10x10 Sukoro, print, solve, grade
    python3 dev.py test   # make .venv, install with the test tools (and Debian's chromium),
                          # run the tests, ruff and mypy
    python3 dev.py site   # the static site (the player in any browser, offline) in build/site/ (--out DIR)
    python3 dev.py docs   # the reference docs of the Python API (pdoc) in build/docs/ (--into DIR)
    python3 dev.py bench  # the benchmark scripts in bench/
    python3 dev.py studies [ARGS]  # regenerate every study (2 workers) and the notes page;
                                   # ARGS go to `pencilbox study` (e.g. sukoro 1 3, --quick)
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def run(*argv: str | Path, **kw: object) -> subprocess.CompletedProcess:
    print("+", " ".join(str(a) for a in argv), flush=True)
    kw.setdefault("check", True)
    return subprocess.run([str(a) for a in argv], cwd=ROOT, **kw)


#: the extras a verb installs (pyproject.toml): play only what the page needs, [paper] for its
#: image and booklet buttons; site the package alone; every other verb what the tests, the docs
#: and the studies need
EXTRAS = {"play": ("paper",), "site": ()}
EVERYTHING = ("test", "cluster", "paper")


def setup(extras: Sequence[str] = EVERYTHING) -> None:
    """Create .venv and install the package with ``extras`` (skipped when they, or more, are
    installed for this pyproject.toml: the stamp holds its hash and the extras)."""
    stamp = VENV / ".installed"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    had = stamp.read_text().split() if stamp.exists() else []
    if had[:1] == [want] and set(extras) <= set(had[1:]):
        return
    if not PY.exists():
        run(sys.executable, "-m", "venv", VENV)
    run(PY, "-m", "pip", "install", "-q", "--upgrade", "pip")
    run(PY, "-m", "pip", "install", "-q", "-e", f".[{','.join(extras)}]" if extras else ".")
    stamp.write_text(" ".join([want, *extras]))


def warm() -> None:
    """Compile every kernel into pencilbox's per-user cache (keyed by the kernel sources and
    numba's version; the package finds the same cache however it is started) and build the
    ladder's entry points ahead of time; a no-op once done for these sources."""
    compiler()
    run(BIN / "pencilbox", "warm")


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
#: what the tests run from Debian: chromium for the browser tests, pdftoppm to look at the booklets,
#: npm to fetch Pyodide for the static site
TEST_DEBS = {CHROMIUM: "chromium", Path("/usr/bin/pdftoppm"): "poppler-utils", Path("/usr/bin/npm"): "npm"}


def chromium() -> None:
    """Debian's chromium and poppler-utils for the tests (installed with apt when missing)."""
    missing = [deb for path, deb in TEST_DEBS.items() if not path.exists()]
    if not missing or not shutil.which("apt-get"):
        return
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(*sudo, "apt-get", "update", "-qq", env=env)
    run(*sudo, "apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing, env=env)


#: a step of `dev.py test`: its name, its command line and its environment (None: this one's)
Step = tuple[str, Sequence[str | Path], dict[str, str] | None]


def run_steps(steps: Sequence[Step]) -> int:
    """Run every step whatever the ones before did (a failing pytest must not hide what ruff and
    mypy find), then print one line per step; the first failing step's exit code, else 0."""
    import time
    done = []
    for name, argv, env in steps:
        start = time.monotonic()
        code = run(*argv, env=env, check=False).returncode
        done.append((name, code, time.monotonic() - start))
    for name, code, seconds in done:
        print(f"{name}: {'passed' if code == 0 else 'FAILED'} (exit {code}, {seconds:.0f} s)", flush=True)
    return next((code for _, code, _ in done if code != 0), 0)


def test() -> None:
    chromium()
    env = {**os.environ, "PENCILBOX_REQUIRE_BROWSER": "1"}  # the browser tests fail, not skip
    # bytecode is written (as `pencilbox warm` writes the package's): with PYTHONDONTWRITEBYTECODE
    # each worker rewrote and compiled every test module again, 4.5 s of its start (2026-12-06)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    workers = str(min(os.cpu_count() or 1, 4))  # a file per worker: module fixtures run once
    sys.exit(run_steps([
        ("pytest", [PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", workers, "--dist", "loadfile"],
         env),
        ("ruff", [BIN / "ruff", "check", "src", "tests", "bench", "docs", "dev.py"], None),
        ("mypy", [BIN / "mypy"], None),  # the whole package, configured in pyproject.toml ([tool.mypy])
    ]))


def play() -> None:
    """Become the server (exec): a signal to this PID, or the terminal closing, reaches it and
    its workers directly. It compiles nothing first: its background build does that while the
    readable rungs answer."""
    exe = BIN / "pencilbox"
    print("+", exe, "play", *sys.argv[2:], flush=True)
    os.execv(exe, [str(exe), "play", *sys.argv[2:]])


def wheel() -> None:
    """A platform wheel (in dist/, or the folder after --into) that carries the ahead-of-time
    modules built for a portable CPU, so an install compiles nothing for the ladder verbs and
    needs no C compiler. The modules are built into a staged copy of the tracked files
    (--ahead-from-cache: copied from what `warm` built for this CPU, a wheel for this machine)."""
    args = sys.argv[2:]
    out = Path(args[args.index("--into") + 1]).resolve() if "--into" in args else ROOT / "dist"
    compiler()
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp) / "pencilbox"
        files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True,
                               capture_output=True, text=True).stdout.splitlines()
        for rel in files:
            if (ROOT / rel).is_file():
                (stage / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / rel, stage / rel)
        built = stage / "src" / "pencilbox" / "_built"
        env = {**os.environ, "PENCILBOX_AOT_CPU": "generic", "PYTHONPATH": str(stage / "src")}
        if "--ahead-from-cache" in args and run(PY, "-m", "pencilbox.compiled.ahead", "copy", built,
                                                env=env, check=False).returncode == 0:
            print("+ the ahead-of-time modules `warm` built for these sources (this CPU's), copied into",
                  built, "(a wheel for this machine only: its test)", flush=True)
        else:
            print("+ ahead-of-time build for a portable CPU into", built, flush=True)
            # the staged sources, not the checkout's: the modules' manifests must name what the wheel holds
            run(PY, "-m", "pencilbox.compiled.ahead", "all", built, env=env)
        out.mkdir(parents=True, exist_ok=True)
        # setup.py leaves _built out of the wheel (a pure one) unless asked for the platform wheel
        run(PY, "-m", "pip", "wheel", "-q", "--no-deps", "-w", out, stage,
            env={**os.environ, "PENCILBOX_WHEEL": "platform"})
    print("wheel:", max(out.glob("pencilbox-*.whl"), key=lambda p: p.stat().st_mtime))


def site() -> None:
    """The static site into build/site/ (or the folder after --out): Pyodide comes from the npm
    registry (Debian's npm is installed with apt when missing)."""
    args = sys.argv[2:]
    out = Path(args[args.index("--out") + 1]).resolve() if "--out" in args else ROOT / "build" / "site"
    if not shutil.which("npm"):
        chromium()
    run(BIN / "pencilbox", "site", "--out", out)


def docs() -> None:
    """The reference docs of the public API (``pencilbox`` and what its ``__all__`` names), built
    from the docstrings by pdoc into build/docs/ (or the folder after --into); a warning from pdoc
    fails the build (docs/build.py)."""
    args = sys.argv[2:]
    out = Path(args[args.index("--into") + 1]).resolve() if "--into" in args else ROOT / "build" / "docs"
    run(PY, ROOT / "docs" / "build.py", out)


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
    verbs = {"play": play, "demo": demo, "test": test, "bench": bench, "studies": studies, "wheel": wheel,
             "docs": docs, "site": site, "setup": lambda: None}
    takes_args = ("play", "studies", "wheel", "docs", "site")
    if len(sys.argv) < 2 or sys.argv[1] not in verbs or (len(sys.argv) > 2 and sys.argv[1] not in takes_args):
        sys.exit(__doc__)
    setup(EXTRAS.get(sys.argv[1], EVERYTHING))
    if sys.argv[1] not in ("play", "docs", "site"):  # these import the package but compile nothing
        warm()
    verbs[sys.argv[1]]()


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        sys.exit(e.returncode)
