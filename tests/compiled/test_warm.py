"""Kernels compiled once (compiled/warm.py, running exercise.py's jobs): a second process loads
every kernel from numba's cache, `warm` covers every engine, a cold cache is announced once, and
light verbs import no numba (placed here by its main subject: what the build leaves loaded)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pencilbox import bank, puzzles
from pencilbox.compiled import aot, exercise, warm

PROBE = """
import json, sys
from pencilbox.compiled import exercise, warm
for name, job in json.loads(sys.argv[1]):
    exercise.exercise(name, job)
print(json.dumps(warm.cache_stats()))
"""


def probe(jobs: list[tuple[str, str]], env: dict[str, str] | None = None) -> dict[str, dict[str, int]]:
    """Run the jobs in a fresh process; its per-function cache hits and misses."""
    env = {**(env or os.environ), aot.OFF: "0"}  # the jitted code, not the ahead-of-time build
    r = subprocess.run([sys.executable, "-c", PROBE, json.dumps(jobs)], capture_output=True, text=True,
                       env=env, timeout=900)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_warm_covers_every_engine_with_numba_code() -> None:
    want = {(name, e) for name in puzzles.names() for e in puzzles.get(name).counters if e != "sat"}
    have = set(exercise.jobs())
    assert want <= have and {(n, "generate") for n in puzzles.names()} <= have


def ours(name: str, stats: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """The cache stats of the puzzle's own jitted functions and core's."""
    return {k: v for k, v in stats.items()
            if k.startswith((f"pencilbox.puzzles.{name}.", "pencilbox.core."))}  # core/jit.py's hooks too


@pytest.mark.parametrize("name,job", exercise.jobs())
def test_second_process_loads_every_kernel_from_the_cache(name: str, job: str) -> None:
    """A process that runs the job after one that ran it (this test's first, where that one
    compiled what the cache lacked: a cold cache) loads every kernel from the cache."""
    stats = probe([(name, job)])
    if any(v["misses"] for v in ours(name, stats).values()):
        stats = probe([(name, job)])
    mine = ours(name, stats)
    assert mine, "no jitted function was loaded"
    assert {k: v["misses"] for k, v in mine.items() if v["misses"]} == {}
    assert sum(v["hits"] for v in mine.values()) > 0


def test_cold_cache_is_announced_once_then_silent(tmp_path: Path) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    rec = min(bank.load("sukoro"), key=lambda r: r["rows"])
    board = tmp_path / "b.json"
    board.write_text(json.dumps({**rec, "answer": None}))
    argv = [sys.executable, "-m", "pencilbox", "count", str(board), "--engine", "brute", "--limit", "2"]
    first = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=600)
    assert first.returncode == 0 and first.stderr.splitlines() == [warm.NOTE]
    second = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=600)
    assert second.returncode == 0 and second.stderr == ""
    assert second.stdout.split("(")[0] == first.stdout.split("(")[0] == "1 answer "


def test_warm_verb_reports_and_loads() -> None:
    """``warm`` after a warm (this test's first, where that one compiled: a cold cache) compiles
    nothing and reports the ahead-of-time build."""
    def warm_run() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pencilbox", "warm", "--no-progress"],
                              capture_output=True, text=True, timeout=900)
    r = warm_run()
    if not r.stdout.startswith("kernels ready: 0 functions compiled"):
        r = warm_run()
    assert r.returncode == 0 and r.stdout.startswith("kernels ready: 0 functions compiled"), r.stdout
    assert r.stdout.splitlines()[-1].startswith("ahead-of-time build ready"), r.stdout + r.stderr


LIGHT = """
import sys
from pencilbox import cli
try:
    cli.main(sys.argv[1:])
except SystemExit:
    pass
print("NUMBA" if "numba" in sys.modules else "NUMPY" if "numpy" in sys.modules else "clean", file=sys.stderr)
"""


@pytest.mark.parametrize("argv", [["--help"], ["convert", "{board}", "--format", "url"], ["check", "{board}"],
                                  ["solve", "--help"]])
def test_light_verbs_import_no_numba_nor_numpy(tmp_path: Path, argv: list[str]) -> None:
    rec = min(bank.load("sukoro"), key=lambda r: r["rows"])
    board = tmp_path / "b.json"
    board.write_text(json.dumps(rec))
    r = subprocess.run([sys.executable, "-c", LIGHT, *(a.format(board=board) for a in argv)],
                       capture_output=True, text=True, timeout=120)
    assert r.stderr.splitlines()[-1] == "clean", r.stderr


def test_solve_loads_only_the_ladder_kernel(tmp_path: Path) -> None:
    probe([("ripple", "ladder")])  # the ladder's kernels in the cache: the solve below compiles nothing
    rec = min(bank.load("ripple"), key=lambda r: r["rows"])
    board = tmp_path / "b.json"
    board.write_text(json.dumps({**rec, "answer": None}))
    code = ("import sys; from pencilbox import cli; cli.main(['solve', sys.argv[1]]); "
            "print(sorted(m for m in sys.modules if m.endswith(('.brute', '.sat', '.generate')) "
            "or m.startswith(('pysat', 'matplotlib', 'tqdm'))))")
    r = subprocess.run([sys.executable, "-c", code, str(board)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == "[]", r.stdout + r.stderr


def test_a_waiting_build_names_the_pid_that_holds_the_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Two concurrent builds: the second said "another build (pid None)" (the first had not written
    its progress file yet). The holder writes its pid into the lock file as it takes the lock."""
    monkeypatch.setenv("PENCILBOX_CACHE_DIR", str(tmp_path))
    for k in ("NUMBA_CACHE_DIR", "PENCILBOX_AOT_DIR"):
        monkeypatch.delenv(k, raising=False)
    held = warm._lock(block=False)
    assert held is not None
    try:
        warm._hold(held, os.getpid())
        assert warm.holder() == os.getpid() and warm.progress()["pid"] == os.getpid()
        monkeypatch.setattr(warm, "_locked", lambda: False)  # (the wait itself ends at once)
        warm._follow(progress_bar=False)
        assert f"another build (pid {os.getpid()}) is compiling the kernels" in capsys.readouterr().err
        warm._hold(held, 2**22 + 1)  # a pid past Linux's limit: no such process
        warm._follow(progress_bar=False)
        assert "another build, which holds the lock, is compiling" in capsys.readouterr().err
    finally:
        held.close()
