"""The ahead-of-time build (compiled/ahead.py builds, compiled/aot.py loads): where it is built,
solve, count, grade and hint start without numba and give what the jitted code gives (counts,
node counts, answers, fixpoints); a build whose sources changed since is never loaded."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pencilbox import bank, boardio, puzzles
from pencilbox.compiled import ahead, aot
from pencilbox.core import engine

COMPILER = shutil.which("cc") or shutil.which("gcc")
needs_build = pytest.mark.skipif(COMPILER is None, reason="no C compiler: pencilbox warm cannot build ahead")
NAMES = puzzles.names()


def jit_name(name: str) -> str:
    return f"pencilbox.puzzles.{name}.jit"


@pytest.fixture(autouse=True)
def aot_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about the build: a ``PENCILBOX_AOT=0`` in the caller's environment (as
    the contract checks use) does not switch it off for them; the one that wants it off sets it."""
    monkeypatch.delenv(aot.OFF, raising=False)


@pytest.fixture(scope="module")
def built() -> None:
    """Build (or find fresh) every puzzle's module, as pencilbox warm does. A module imported
    earlier in this process may have set ``PENCILBOX_AOT=0`` (bench/readable.py does), which hides
    the modules ``warm`` built and made this build them all again (90 s of the suite)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv(aot.OFF, raising=False)
        failed = {k: v for k, v in ahead.build_all(NAMES).items() if v}
    assert failed == {}


def boards(name: str, most: int = 24) -> list[Any]:
    """Up to ``most`` bank boards of a puzzle, smallest first, without their answers."""
    recs = sorted(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))[:most]
    return [boardio.board_from_json({k: v for k, v in r.items() if k != "answer"}) for r in recs]


@needs_build
@pytest.mark.parametrize("name", NAMES)
def test_built_entries_match_the_jitted_code(built: None, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = puzzles.get(name)
    kernel_module = sys.modules[type(puzzle.kernel).__module__]
    module = aot.load(jit_name(name))
    assert module is not None
    ahead, jitted = aot.Code(jit_name(name)), aot.Code(jit_name(name))
    jitted._looked = True  # as if no build were there
    assert ahead.built() is module and jitted.built() is None

    def run(code: aot.Code) -> list[Any]:
        monkeypatch.setattr(kernel_module, "CODE", code)
        out = []
        for board in boards(name):
            c = engine.count(puzzle, board, engine.ladder(puzzle), 2)
            fix = puzzle.kernel.fixpoint(board, puzzle.kernel.start(board), engine.ladder(puzzle)[:1])
            out.append((c.count, c.nodes, c.capped, c.answers, fix, engine.grade(puzzle, board).grade))
        return out

    assert run(ahead) == run(jitted)


START = """
import sys
from pencilbox import cli
for verb in ("solve", "grade", "hint", "count"):
    cli.main([verb, sys.argv[1]])
print("NUMBA" if "numba" in sys.modules else "clean", file=sys.stderr)
"""


@needs_build
@pytest.mark.parametrize("name", NAMES)
def test_ladder_verbs_start_without_numba(built: None, name: str, tmp_path: Path) -> None:
    board = tmp_path / "b.json"
    rec = max((r for r in bank.load(name) if r["rows"] <= 10), key=lambda r: r["rows"] * r["cols"])
    board.write_text(json.dumps({k: v for k, v in rec.items() if k != "answer"}))
    env = {k: v for k, v in os.environ.items() if k != aot.OFF}
    r = subprocess.run([sys.executable, "-c", START, str(board)], capture_output=True, text=True,
                       env=env, timeout=300)
    assert r.returncode == 0 and r.stderr.splitlines()[-1] == "clean", r.stderr


@needs_build
def test_a_stale_or_switched_off_build_is_not_loaded(built: None, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    jit = jit_name("sukoro")
    folder = Path(aot.cache_dir())
    manifest = json.loads((folder / f"{aot._stem(jit)}.json").read_text())
    for f in folder.glob(f"{manifest['module']}*"):
        shutil.copy(f, tmp_path / f.name)
    rel = next(iter(manifest["sources"]))
    manifest["sources"][rel] = "0" * 64  # as if that source had changed since the build
    (tmp_path / f"{aot._stem(jit)}.json").write_text(json.dumps(manifest))
    monkeypatch.setenv("PENCILBOX_AOT_DIR", str(tmp_path))
    assert aot.load(jit) is None
    monkeypatch.delenv("PENCILBOX_AOT_DIR")
    assert aot.load(jit) is not None
    monkeypatch.setenv(aot.OFF, "0")
    assert aot.load(jit) is None


def test_without_a_build_the_jitted_code_serves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PENCILBOX_AOT_DIR", str(tmp_path / "none"))
    code = aot.Code(jit_name("sukoro"))
    assert code.built() is None
    assert code._search.__wrapped__ is sys.modules[jit_name("sukoro")]._search  # (core/unwind.py)


def test_a_damaged_manifest_is_no_build(tmp_path: Path) -> None:
    """A manifest that is JSON but not one (a hand edit, a damaged cache) was a KeyError or an
    AttributeError in every command that looked for the built module; now that build is not used."""
    for said in ({}, {"sources": [], "module": "m"}, {"sources": {}, "module": 5}, []):
        (tmp_path / "pencilbox_x_jit.json").write_text(json.dumps(said))
        assert aot._load_from(str(tmp_path), "pencilbox.x.jit") is None
