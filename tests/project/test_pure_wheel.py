"""The pure wheel (issue 46, item 6): ``pip wheel .`` from the tracked sources makes a
py3-none-any wheel that holds every file of the package (modules, banks, the player's files, the
notes page) and nothing compiled, even from a checkout whose src/pencilbox/_built holds modules
(only ``dev.py wheel``'s PENCILBOX_WHEEL=platform puts them in); its compiled dependencies are
optional where PyPI lacks wheels, and matplotlib is the [paper] extra."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: the package's files the wheel leaves out: the tests' golden boards (tests/conftest.py)
TESTS_ONLY = "golden.txt"


def tracked() -> list[str]:
    """The checkout's files as git sees them (tracked, and new ones not ignored)."""
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True,
                         capture_output=True, text=True, timeout=60).stdout
    return [rel for rel in out.splitlines() if (ROOT / rel).is_file()]


def backend_here() -> bool:
    """Whether this Python has the build backend pyproject.toml asks for (setuptools 70.1+, the
    [test] extra's): then the build runs offline, without an isolated environment."""
    try:
        major, minor = (int(p) for p in version("setuptools").split(".")[:2])
    except (PackageNotFoundError, ValueError):
        return False
    return (major, minor) >= (70, 1)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> tuple[zipfile.ZipFile, list[str]]:
    """The wheel built from a copy of the tracked files plus a stray built module; (it, the
    package's tracked files under src/)."""
    tmp = tmp_path_factory.mktemp("pure")
    stage = tmp / "pencilbox"
    files = tracked()
    for rel in files:
        (stage / rel).parent.mkdir(parents=True, exist_ok=True)
        (stage / rel).write_bytes((ROOT / rel).read_bytes())
    built = stage / "src" / "pencilbox" / "_built"  # what a developer's ahead-of-time build leaves
    built.mkdir(exist_ok=True)
    (built / "pencilbox_puzzles_sukoro_jit.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
    (built / "pencilbox_puzzles_sukoro_jit.json").write_text("{}")
    env = {k: v for k, v in os.environ.items() if k != "PENCILBOX_WHEEL"}
    argv = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp / "dist"), str(stage)]
    r = subprocess.run(argv + (["--no-build-isolation"] if backend_here() else []), env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    (path,) = (tmp / "dist").glob("pencilbox-*.whl")
    package = [rel.removeprefix("src/") for rel in files if rel.startswith("src/pencilbox/")]
    return zipfile.ZipFile(path), package


def test_the_wheel_is_pure_and_holds_the_package_and_nothing_compiled(
        wheel: tuple[zipfile.ZipFile, list[str]]) -> None:
    whl, package = wheel
    assert Path(str(whl.filename)).name.endswith("-py3-none-any.whl"), whl.filename
    names = [n for n in whl.namelist() if ".dist-info/" not in n]
    tags = whl.read(next(n for n in whl.namelist() if n.endswith(".dist-info/WHEEL"))).decode()
    assert "Root-Is-Purelib: true" in tags and "Tag: py3-none-any" in tags, tags
    assert not [n for n in names if n.endswith((".so", ".pyd", ".dylib")) or "/_built/" in n], names
    shipped = sorted(rel for rel in package if Path(rel).name != TESTS_ONLY)
    assert sorted(names) == shipped  # every module, bank, player file and the notes page; no more
    for must in ("pencilbox/player/static/index.html", "pencilbox/studies/notes.html",
                 "pencilbox/puzzles/sukoro/bank/sukoro.json", "pencilbox/py.typed"):
        assert must in names


def test_matplotlib_is_an_extra_and_the_compiled_dependencies_are_marked(
        wheel: tuple[zipfile.ZipFile, list[str]]) -> None:
    whl, _ = wheel
    meta = whl.read(next(n for n in whl.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    requires: dict[str, list[str]] = {}
    for line in meta.splitlines():
        if line.startswith("Requires-Dist: "):
            requires.setdefault(re.split(r"[<>=!~;\[ ]", line.split(" ", 1)[1])[0], []).append(line)
    assert all("extra ==" in line for line in requires["matplotlib"])  # [paper], and [test]'s
    assert any('extra == "paper"' in line for line in requires["matplotlib"])
    for compiled in ("numba", "numpy", "python-sat"):  # left out by marker where PyPI has no wheel
        assert all("platform_machine" in line or "extra ==" in line for line in requires[compiled])
    assert {"Provides-Extra: paper", "Provides-Extra: sat"} <= set(meta.splitlines())
