"""The ahead-of-time builder's copy (dev.py wheel --ahead-from-cache): the modules ``warm`` built
for these sources, copied whole or not at all, and loadable from where they land."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pencilbox import puzzles
from pencilbox.compiled import ahead, aot


def jits() -> list[str]:
    return [jit for name in puzzles.names() for jit in aot.modules(puzzles.package(name))]


def test_a_warm_cache_is_copied_whole_and_loads_from_its_new_folder(tmp_path: Path) -> None:
    if not all(aot.built(puzzles.package(n)) for n in puzzles.names()):
        pytest.skip("the kernel cache holds no built modules (dev.py test runs warm first)")
    assert ahead.copy_built(str(tmp_path)) == []
    for jit in jits():
        manifest = json.loads((tmp_path / f"{aot._stem(jit)}.json").read_text())
        assert (tmp_path / f"{manifest['module']}{aot.SUFFIX}").is_file()
    # loaded in a process of its own: a module of the same name loaded here from another folder
    # would hide the cache's from this process's later tests (test_aot then built them all again)
    probe = (f"from pencilbox.compiled import aot; import sys; "
             f"bad = [j for j in {jits()!r} if aot._load_from({str(tmp_path)!r}, j) is None]; "
             f"sys.exit(str(bad) if bad else 0)")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]


def test_a_cache_without_them_copies_nothing_and_names_what_it_lacks(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(aot, "cache_dir", lambda: str(tmp_path / "empty"))
    assert ahead.copy_built(str(tmp_path / "out")) == jits()
    assert not (tmp_path / "out").exists()
