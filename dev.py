#!/usr/bin/env python3
"""Set up and run pencilbox on a fresh machine (Python 3.11+, pip; nothing else needed).

    python3 dev.py demo   # make .venv, install, generate a 10x10 Sukoro, print, solve, grade
    python3 dev.py test   # make .venv, install, run the whole test suite and ruff
    python3 dev.py bench  # the benchmark scripts in bench/
"""

from __future__ import annotations

import hashlib
import os
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
    """Create .venv and install the package with its test extras (skipped when up to date)."""
    stamp = VENV / ".installed"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == want:
        return
    if not PY.exists():
        run(sys.executable, "-m", "venv", VENV)
    run(PY, "-m", "pip", "install", "-q", "--upgrade", "pip")
    run(PY, "-m", "pip", "install", "-q", "-e", ".[test]")
    stamp.write_text(want)


def demo() -> None:
    exe = BIN / "pencilbox"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.txt"
        with open(path, "w") as f:
            run(exe, "generate", "sukoro", "10x10", "--seed", "1", stdout=f)
        print(path.read_text())
        run(exe, "solve", path, check=False)


def test() -> None:
    run(PY, "-m", "pytest", "-q", "-p", "no:cacheprovider")
    run(BIN / "ruff", "check", "src", "tests", "bench", "dev.py")


def bench() -> None:
    for script in sorted((ROOT / "bench").glob("*.py")):
        run(PY, script)


def main() -> None:
    verbs = {"demo": demo, "test": test, "bench": bench, "setup": lambda: None}
    if len(sys.argv) != 2 or sys.argv[1] not in verbs:
        sys.exit(__doc__)
    setup()
    verbs[sys.argv[1]]()


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        sys.exit(e.returncode)
