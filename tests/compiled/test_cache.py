"""One kernel cache for every way of starting pencilbox (issue 26): a per-user folder keyed by
the kernel sources and numba's version, found by the package itself; numba keeps pencilbox's
functions (only theirs) there; a stale or foreign cache is never read; a command that finds its
kernels cold answers from the readable rungs, compiling nothing, and says so; one build at a time
(ready.py's cold path and warm.py's background build, placed here by the cache that decides them)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pencilbox import bank
from pencilbox.compiled import cache, warm

SRC = Path(cache.PACKAGE)


def fresh_env(tmp: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "PENCILBOX_AOT_DIR",
                                                            "PENCILBOX_KERNELS", "PENCILBOX_BUILD")}
    return {**env, "PENCILBOX_CACHE_DIR": str(tmp / "cache"), **extra}


def board_file(tmp: Path, name: str) -> Path:
    """The first of the puzzle's 10x10 bank boards (the smallest, where it has none)."""
    recs = bank.load(name)
    rec = next((r for r in recs if r["rows"] == 10), min(recs, key=lambda r: r["rows"] * r["cols"]))
    path = tmp / f"{name}.json"
    path.write_text(json.dumps({k: v for k, v in rec.items() if k != "answer"}))
    return path


def test_the_key_follows_the_kernel_sources_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "pencilbox"
    shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("__pycache__", "_built"))
    monkeypatch.setattr(cache, "PACKAGE", str(copy))
    cache.key.cache_clear()
    try:
        before = cache.key()
        sources = {os.path.relpath(p, copy) for p in cache.kernel_sources()}
        assert {"core/jit.py", "puzzles/sukoro/jit.py", "puzzles/sukoro/kernel.py"} <= sources
        assert "cli.py" not in sources and "player/api.py" not in sources
        assert "core/poll.py" in sources and "errors.py" not in sources  # a message edit keeps the cache
        (copy / "cli.py").write_text((copy / "cli.py").read_text() + "\n# an edit the kernels never read\n")
        cache.key.cache_clear()
        assert cache.key() == before
        helper = copy / "puzzles" / "sukoro" / "kernel.py"  # read by the jitted code, not jitted itself
        helper.write_text(helper.read_text() + "\n# an edit to a constant the kernels read\n")
        cache.key.cache_clear()
        assert cache.key() != before
    finally:
        cache.key.cache_clear()


def test_without_numba_the_readable_rungs_answer_whatever_the_policy_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser (no numba, no numpy): ``reference`` for any PENCILBOX_KERNELS, and
    ``compiling`` leaves the setting as it found it (tests/project/test_pure_engine.py runs the
    verbs so)."""
    assert cache.kernels_present() and cache.importable("numba") and not cache.importable("no_such_module")
    monkeypatch.setenv(cache.POLICY, "compile")
    assert cache.policy() == "compile"
    monkeypatch.setattr(cache, "kernels_present", lambda: False)
    for said in ("compile", "auto", "reference"):
        monkeypatch.setenv(cache.POLICY, said)
        with cache.compiling():
            assert cache.policy() == "reference" and os.environ[cache.POLICY] == said


def test_the_key_names_numbas_version_without_importing_it() -> None:
    code = ("import sys; from pencilbox.compiled import cache; v = cache.numba_version(); "
            "print(v, 'numba' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    import numba
    assert r.stdout.split() == [numba.__version__, "False"], r.stdout + r.stderr


def test_numba_keeps_our_functions_in_the_keyed_folder(tmp_path: Path) -> None:
    code = ("from pencilbox.compiled import exercise; exercise.exercise('sukoro', 'brute'); "
            "from pencilbox.compiled import cache; print(cache.numba_dir())")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                       env=fresh_env(tmp_path))
    assert r.returncode == 0, r.stderr
    folder = Path(r.stdout.split()[-1])
    assert folder.parent.parent == tmp_path / "cache" and folder.name == "numba"
    assert any(folder.rglob("brute.*.nbi")), "no cached index of the brute counter"


def test_a_foreign_or_stale_stamp_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for k in ("NUMBA_CACHE_DIR", "PENCILBOX_AOT_DIR"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("PENCILBOX_CACHE_DIR", str(tmp_path))
    other = tmp_path / ("0" * 16) / "ready"  # another kernel version's cache
    other.mkdir(parents=True)
    (other / "sukoro-ladder").write_text("{}")
    monkeypatch.setattr(cache, "_READY", set())
    assert not cache.ready("sukoro", "ladder")
    cache.mark_ready("sukoro", "ladder", 1.0)
    assert cache.ready("sukoro", "ladder")
    recent = tmp_path / ("1" * 16) / "ready"  # one used lately: another checkout's, in use beside us
    recent.mkdir(parents=True)
    (recent / "sukoro-ladder").write_text("{}")
    old = cache.time.time() - cache.PRUNE_AGE_S - 60
    for path in (other / "sukoro-ladder", other, other.parent):
        os.utime(path, (old, old))
    cache.prune()
    assert not other.exists() and (tmp_path / cache.key()).exists()
    assert recent.exists()  # (it was removed, kernels and all, whenever another version ran warm)


def test_a_cache_removed_from_outside_mid_build_is_made_again(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``warm`` exited 3 (FileNotFoundError) when the cache folder was removed while it built (by
    another checkout's prune, or by hand): the stamps and progress file make their folder again."""
    for k in ("NUMBA_CACHE_DIR", "PENCILBOX_AOT_DIR"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("PENCILBOX_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cache, "_READY", set())
    cache.mark_ready("sukoro", "ladder", 1.0)
    shutil.rmtree(tmp_path)
    assert cache.write_json(os.path.join(cache.state_dir(), "build.json"), {"state": "running"})
    shutil.rmtree(tmp_path)
    cache.mark_ready("slant", "ladder", 1.0)
    assert cache.ready("slant", "ladder")
    (tmp_path / "file").write_text("")  # a folder that cannot be made: the write is skipped, not fatal
    assert not cache.write_json(str(tmp_path / "file" / "ready" / "x"), {})


LADDER_ONLY = """
import sys
from pencilbox import cli
code = cli.main(sys.argv[1:])
print(code, "NUMBA" if "numba" in sys.modules else "clean", file=sys.stderr)
"""


@pytest.mark.parametrize("name", ["sukoro", "slant", "ripple", "fillapix"])
def test_a_cold_command_answers_from_the_readable_rungs_and_says_so(tmp_path: Path, name: str) -> None:
    env = fresh_env(tmp_path, PENCILBOX_BUILD="0")  # no background build here: the next test starts one
    argv = [sys.executable, "-c", LADDER_ONLY, "solve", str(board_file(tmp_path, name)), "--json"]
    r = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
    lines = r.stderr.splitlines()
    assert lines[-1] == "0 clean", r.stderr  # solved, and numba never imported: nothing compiled
    assert "readable code" in lines[0] and "PENCILBOX_BUILD=0" in lines[0]
    assert json.loads(r.stdout)["status"] == "unique"


@pytest.mark.parametrize(("name", "size"), [("sukoro", "10x10"), ("slant", "10x10"), ("ripple", "7x7"),
                                          ("fillapix", "8x8")])
def test_a_cold_generate_compiles_nothing_and_makes_the_warm_board(tmp_path: Path, name: str,
                                                                   size: str) -> None:
    """The generators' readable loops make the board the compiled ones make from the same seed
    (8x8 Fill-a-Pix: its twin check too), numba never imported."""
    argv = ["generate", name, size, "--seed", "4", "--format", "json"]
    cold = subprocess.run([sys.executable, "-c", LADDER_ONLY, *argv], capture_output=True, text=True,
                          env=fresh_env(tmp_path, PENCILBOX_BUILD="0"), timeout=300)
    assert cold.stderr.splitlines()[-1] == "0 clean", cold.stderr
    assert "readable code" in cold.stderr
    warm_run = subprocess.run([sys.executable, "-m", "pencilbox", *argv], capture_output=True, text=True,
                              env={**os.environ, "PENCILBOX_KERNELS": "compile"}, timeout=300)
    assert warm_run.returncode == 0 and json.loads(cold.stdout) == json.loads(warm_run.stdout)


def test_a_cold_command_starts_one_background_build(tmp_path: Path) -> None:
    env = fresh_env(tmp_path)
    board = board_file(tmp_path, "sukoro")
    first = subprocess.run([sys.executable, "-m", "pencilbox", "solve", str(board)], capture_output=True,
                           text=True, env=env, timeout=300)
    assert first.returncode == 0 and "building them in the background now (pid" in first.stderr, first.stderr
    pid = int(first.stderr.split("(pid ")[1].split(",")[0])
    try:
        second = subprocess.run([sys.executable, "-m", "pencilbox", "hint", str(board)], capture_output=True,
                                text=True, env=env, timeout=300)
        assert second.returncode == 0 and "a background build is at" in second.stderr, second.stderr
        code = "from pencilbox.compiled import warm; print(warm.start_background())"
        again = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                               timeout=60)
        assert again.stdout.split() == ["None"], "a second build started beside the first"
    finally:
        os.kill(pid, 9)


def test_warm_waits_for_a_running_build_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PENCILBOX_CACHE_DIR", str(tmp_path))
    for k in ("NUMBA_CACHE_DIR", "PENCILBOX_AOT_DIR"):
        monkeypatch.delenv(k, raising=False)
    held = warm._lock(block=False)
    assert held is not None
    try:
        assert warm._locked() and warm.start_background() is None
        assert warm.build(progress_bar=False, wait=False) is None
    finally:
        held.close()
    assert not warm._locked()


def test_an_unusable_cache_folder_is_bypassed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 47 item 6: XDG_CACHE_HOME naming a file made `pencilbox solve` exit 3 (the build's
    lock folder could not be made); a folder of this user's under the temporary folder serves
    instead, and one line says so."""
    from pencilbox.compiled import cache
    a_file = tmp_path / "hostname"
    a_file.write_text("x")
    monkeypatch.delenv("PENCILBOX_CACHE_DIR", raising=False)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(a_file))
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)  # TMPDIR read again
    monkeypatch.setattr(cache, "_USABLE", {})
    got = cache.root()
    assert got.startswith(str(tmp_path / "tmp")) and os.access(got, os.W_OK)
    assert "cannot be used (Not a directory)" in capsys.readouterr().err
    os.makedirs(cache.state_dir(), exist_ok=True)  # what the build's lock needs
    assert cache.root() == got and capsys.readouterr().err == ""  # said once


def test_a_stand_in_cache_folder_is_the_one_every_process_started_from_here_uses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The player's workers and the background build each said the stand-in line again (six lines for
    one ``play``), and each made a folder of its own where the shared one was another user's."""
    a_file = tmp_path / "hostname"
    a_file.write_text("x")
    monkeypatch.delenv("PENCILBOX_CACHE_DIR", raising=False)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(a_file))
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)  # TMPDIR read again
    monkeypatch.setattr(cache, "_USABLE", {})
    got = cache.root()
    assert got.startswith(str(tmp_path / "tmp")) and "cannot be used" in capsys.readouterr().err
    code = "from pencilbox.compiled import cache; print(cache.root())"
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert child.stdout.strip() == got and child.stderr == "", child.stderr


def test_a_stand_in_cache_folder_set_by_a_test_ends_with_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The two tests above set PENCILBOX_CACHE_DIR for the rest of their worker (monkeypatch
    undoes only what it set), so every later test there compiled each kernel again into an empty
    cache; tests/conftest.py's kept_environment, around every test, ends it with the test."""
    from pencilbox.compiled import cache
    from tests.conftest import kept_environment
    a_file = tmp_path / "hostname"
    a_file.write_text("x")
    before = os.environ.get("PENCILBOX_CACHE_DIR")
    with kept_environment():
        os.environ.pop("PENCILBOX_CACHE_DIR", None)
        monkeypatch.setenv("XDG_CACHE_HOME", str(a_file))
        monkeypatch.setattr(cache, "_USABLE", {})
        stand_in = cache.root()
        assert os.environ["PENCILBOX_CACHE_DIR"] == stand_in and "cannot be used" in capsys.readouterr().err
    assert os.environ.get("PENCILBOX_CACHE_DIR") == before


TINY = "from pencilbox.core.jit import lowest; print(lowest(0, 12, 0, 0))"  # a jitted function, cached


def test_a_damaged_file_of_numbas_cache_is_removed_and_compiled_again(tmp_path: Path) -> None:
    """Issue 47 item 6: a truncated numba index file made ``count --engine brute`` fail with
    UnpicklingError (exit 3); a truncated data file the same. Now it is removed, the kernel is
    compiled again and saved whole, and the next process loads it without a word."""
    import pickle
    env = fresh_env(tmp_path)
    first = subprocess.run([sys.executable, "-c", TINY], capture_output=True, text=True, env=env, timeout=300)
    assert first.returncode == 0 and first.stdout.split() == ["4"], first.stderr
    for suffix in (".nbi", ".1.nbc"):
        [damaged] = (tmp_path / "cache").rglob(f"jit.lowest-*.py*{suffix}")
        damaged.write_bytes(damaged.read_bytes()[:40])
        again = subprocess.run([sys.executable, "-c", TINY], capture_output=True, text=True, env=env,
                               timeout=300)
        assert again.returncode == 0 and again.stdout.split() == ["4"], again.stderr
        assert "removed a damaged file of the kernel cache" in again.stderr
        with open(damaged, "rb") as f:  # saved whole again
            if suffix == ".nbi":
                pickle.load(f)
            pickle.loads(f.read())
        quiet = subprocess.run([sys.executable, "-c", TINY], capture_output=True, text=True, env=env,
                               timeout=300)
        assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr


def test_warm_mends_a_damaged_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``warm`` said "kernels ready" over a truncated index file: its check removes every file that
    does not unpickle and the stamps, so the build runs each job again (the intact load)."""
    import pickle
    for k in ("NUMBA_CACHE_DIR", "PENCILBOX_AOT_DIR"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("PENCILBOX_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cache, "_READY", set())
    folder = Path(cache.numba_dir()) / "core_0123"
    folder.mkdir(parents=True)
    whole = pickle.dumps("0.0") + pickle.dumps(("stamp", {}))
    for name, data in (("a-1.py311.nbi", whole), ("a-1.py311.1.nbc", pickle.dumps((1, 2))),
                       ("b-2.py311.nbi", whole[:-3]), ("c-3.py311.1.nbc", b"\x80\x05junk")):
        (folder / name).write_bytes(data)
    cache.mark_ready("sukoro", "ladder", 1.0)
    assert cache.mend() == [str(folder / "b-2.py311.nbi"), str(folder / "c-3.py311.1.nbc")]
    assert sorted(p.name for p in folder.iterdir()) == ["a-1.py311.1.nbc", "a-1.py311.nbi"]
    assert not cache.ready("sukoro", "ladder")
    cache.mark_ready("sukoro", "ladder", 1.0)
    assert cache.mend() == [] and cache.ready("sukoro", "ladder")  # nothing damaged: the stamps stay
