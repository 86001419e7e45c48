"""A fifth puzzle is one more folder (issue 29, item 4): copy the tree, drop the toy puzzle
(tests/toy/, a folder written as any puzzle's: relative imports, its bank and studies inside)
into ``src/pencilbox/puzzles/`` with no other edit, and run the registry-wide tests, the
contract, command line, service, bank, studies and player API, over it in that copy."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIP = shutil.ignore_patterns("__pycache__", "*.egg-info", ".pytest_cache", "screenshots", "out")
#: the registry-wide test files: each parametrizes over ``puzzles.names()``
REGISTRY_TESTS = ["tests/registry", "tests/test_service.py", "tests/player/test_api.py"]


def copied_tree(to: Path) -> Path:
    """The checkout's sources, tests and load-test tooling as they are, then the toy folder in the
    package."""
    for part in ("src", "tests", "bench/load"):  # bench/load: the player tests' server and drive
        shutil.copytree(ROOT / part, to / part, ignore=SKIP)
    shutil.copy(ROOT / "pyproject.toml", to)
    shutil.copytree(ROOT / "tests" / "toy", to / "src" / "pencilbox" / "puzzles" / "toy", ignore=SKIP)
    return to


def in_tree(tree: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": f"{tree / 'src'}{os.pathsep}{tree}"}
    return subprocess.run([sys.executable, *argv], cwd=tree, env=env, capture_output=True, text=True,
                          timeout=900)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copied_tree(tmp_path_factory.mktemp("tree"))


def test_the_copy_finds_the_toy_as_one_of_its_own(tree: Path) -> None:
    got = in_tree(tree, "-c", "import pencilbox, pencilbox.puzzles as p; "
                  "print(pencilbox.__file__); print(p.names()); print(p.package('toy'))")
    assert got.returncode == 0, got.stderr
    where, names, package = got.stdout.splitlines()
    assert Path(where).is_relative_to(tree) and "'toy'" in names and package == "pencilbox.puzzles.toy"


def test_the_registry_wide_tests_pass_over_the_dropped_toy(tree: Path) -> None:
    """Every test of those files that names the toy (they are parametrized by puzzle) passes,
    and each area (contract, bank, command line and service, formats, generator, studies,
    the hint driver, player API) ran some over it."""
    got = in_tree(tree, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", "-p", "no:xdist", "-k", "toy",
                  "-o", "addopts=", *REGISTRY_TESTS)
    tail = got.stdout[-3000:] + got.stderr[-2000:]
    assert got.returncode == 0, tail
    passed = [line.split()[1] for line in got.stdout.splitlines() if line.startswith("PASSED ")]
    areas = {t.split("::")[0] for t in passed}
    registry = {f"tests/registry/{f.name}" for f in (ROOT / "tests" / "registry").glob("test_*.py")}
    assert areas == {"tests/test_service.py", "tests/player/test_api.py", *registry}
    assert len(passed) >= 50 and all("toy" in t for t in passed), tail
