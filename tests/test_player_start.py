"""``pencilbox play`` (the player package's serve) on a fresh install (issue 26): an empty kernel
cache and no ahead-of-time build. Nothing compiles on the way to the page and the first hint: the
workers answer from the readable rungs while the background build compiles; a New board waits for
its generator (never a 503, never killed by a request budget); the build's progress is in
/api/status; a killed build keeps what it finished and the next one goes on from there; stopping
the server (SIGTERM, or SIGHUP as a closing terminal sends) ends every process it started. No
timing goal is asserted (bench/first_run.py measures them); the limits below are its patience.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.load import drive
from pencilbox import bank, puzzles
from pencilbox.compiled.exercise import jobs
from pencilbox.core.lifetime import alive, descendants
from pencilbox.verbs import play
from tests.patience import until

PAGE_S = 60.0  # the first answer from launch (the test's patience, not a goal)
READY_S = 1200.0  # the kernels compiled from nothing (the test's patience, not a goal)
ROOT = Path(__file__).resolve().parents[1]


def call(url: str, body: Any = None, timeout: float = 10) -> tuple[int, Any, bytes]:
    """(status, headers (any case), body) of a GET, or a POST of ``body`` as JSON."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fresh_env(tmp: Path) -> dict[str, str]:
    """An empty per-user cache, as on a fresh install (numba's own setting left unset)."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "PENCILBOX_AOT_DIR",
                                                            "PENCILBOX_KERNELS", "PENCILBOX_BUILD")}
    return {**env, "PENCILBOX_CACHE_DIR": str(tmp / "cache")}


def launch(argv: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([*argv, "--port", str(port)], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc, f"http://127.0.0.1:{port}"


def first_answer(url: str, patience: float) -> int:
    """Poll ``url`` until the server answers: its status (0: none within the patience)."""
    got: list[int] = []

    def answered() -> bool:
        try:
            got.append(call(url, timeout=patience)[0])
            return True
        except OSError:
            return False
    until(answered, patience)
    return got[0] if got else 0


def stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM, patience: float = 10) -> set[int]:
    """Signal the server; the processes it started that are still there ``patience`` seconds
    later (then killed: a test leaves nothing behind)."""
    started = descendants(proc.pid)
    proc.send_signal(sig)
    until(lambda: proc.poll() is not None and not any(alive(c) for c in started), patience)
    left = {c for c in started if alive(c)}
    for pid in left | ({proc.pid} if proc.poll() is None else set()):
        os.kill(pid, signal.SIGKILL)
    proc.wait()
    return left


def holders() -> list[str]:
    """The processes holding a build's lock open (what a failed assertion shows)."""
    out = []
    for fd in Path("/proc").glob("[0-9]*/fd/*"):
        try:
            if fd.resolve().name == "build.lock":
                out.append(Path(fd.parent.parent, "cmdline").read_text().replace("\0", " "))
        except OSError:
            continue
    return out


def status(base: str) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(call(base + "/api/status")[2])
    return out


def hint_body(name: str) -> dict[str, Any]:
    rec = min(bank.load(name), key=lambda r: r["rows"] * r["cols"])
    board = play.board_of(rec)
    return {"board": play.board_json(board), "position": drive.start_position(board), "level": None}


def wrong_entry_body(name: str) -> dict[str, Any]:
    """The largest bank board of a puzzle (its hardest grade), one cell entered against its answer:
    the hint must find the answer first (the readable search takes a minute on some 20x20 ones)."""
    recs = bank.load(name)
    rec = max(recs, key=lambda r: (r["rows"] * r["cols"], r["grade"] == "search", r["id"]))
    board = play.board_of(rec)
    marks = puzzles.get(name).marks
    right = marks.from_answer(board, tuple(puzzles.get(name).from_json(rec).answer))
    position: list[Any] = [None] * len(right)
    cycle = [m for m in puzzles.get(name).marks.UI.cycle if m is not None]
    position[0] = next(m for m in cycle if m != right[0])
    return {"board": play.board_json(board), "position": position, "level": None}


@pytest.fixture
def cold(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes], Path]]:
    proc, base = launch([sys.executable, "-m", "pencilbox", "play"], fresh_env(tmp_path))
    try:
        yield base, proc, tmp_path / "cache"
    finally:
        if proc.poll() is None:  # a test that failed early
            stop(proc)


def test_a_fresh_install_answers_at_once_generates_once_built_and_a_killed_build_keeps_its_work(
        cold: tuple[str, subprocess.Popen[bytes], Path]) -> None:
    """One cold server, from launch until its first generator is built and a little after:
    hints and a setter count answer at once (the readable rungs; never a 503); a New board waits
    for its generator (outside any budget) and answers; every worker killed, as an overrun
    request's would be, leaves the build going; the build itself killed keeps what it finished (a
    generator it built answers at once, one it did not waits and starts the build again); and
    stopping the server ends every process it started, the new build included."""
    base, proc, _ = cold
    assert first_answer(base + "/", PAGE_S) == 200
    # at once, while the workers still start: each lane's first call waits for them, never a 503
    code, _, raw = call(base + "/api/setter", {"board": hint_body("sukoro")["board"]}, timeout=120)
    assert code == 200 and json.loads(raw)["count"] == 1, raw
    for name in ("sukoro", "slant", "ripple", "fillapix"):  # answered by the readable rungs
        code, _, raw = call(base + "/api/hint", hint_body(name), timeout=120)
        assert code == 200 and json.loads(raw)["kind"] == "hint", raw
    code, _, raw = call(base + "/api/hint", wrong_entry_body("fillapix"), timeout=120)  # the answer by SAT
    assert code == 200 and json.loads(raw)["kind"] == "wrong", raw
    now = status(base)
    assert not now["warming"] and now["build"]["state"] == "running", now
    assert status(base)["build"]["ready"] < status(base)["build"]["total"], "the build had already finished"

    # a New board waits for its generator (outside any budget), then answers: the build's first
    first, last = jobs()[0][0], [p for p, job in jobs() if job == "generate"][-1]
    code, _, raw = call(base + "/api/generate", {"puzzle": first, "rows": 5, "cols": 5}, timeout=READY_S)
    assert code == 200 and json.loads(raw)["unique"], raw
    build = status(base)["build"]
    assert first in build["generators"] and last not in build["generators"], build

    workers = descendants(proc.pid) - {build["pid"]} - descendants(build["pid"])
    for pid in workers:  # every worker killed, as an overrun request's would be: the build goes on
        os.kill(pid, signal.SIGKILL)
    time.sleep(1)
    after = status(base)["build"]
    assert after["state"] == "running" and after["pid"] == build["pid"], after
    assert after["ready"] >= build["ready"]

    os.kill(build["pid"], signal.SIGKILL)  # the build itself killed mid-way
    until(lambda: not alive(build["pid"]) and status(base)["build"]["state"] != "running",
          10)  # the lock goes with the process (a moment after its death)
    kept = status(base)["build"]
    assert kept["state"] == "stopped" and kept["ready"] >= after["ready"], (kept, build, holders())
    code, _, raw = call(base + "/api/generate", {"puzzle": first, "rows": 4, "cols": 4, "seed": 1},
                        timeout=60)  # seeded: a drawn seed may find no 4x4 board in 40 tries
    assert code == 200, raw
    with pytest.raises(OSError):  # one it did not finish waits, and starts the build again
        call(base + "/api/generate", {"puzzle": last, "rows": 4, "cols": 4}, timeout=3)
    again = status(base)["build"]
    assert again["state"] == "running" and again["pid"] != build["pid"], again
    assert again["ready"] >= kept["ready"]
    # stopped mid-build: the rest (the counters' kernels and the ahead-of-time modules) is minutes
    # more of the same loop `pencilbox warm` runs to "done" at the start of every `dev.py test`
    assert not stop(proc), "the server's processes outlived it"
    assert not alive(again["pid"]), "the build outlived the server"


def test_dev_py_play_ends_with_every_process_on_sigterm_and_sighup(tmp_path: Path) -> None:
    """``python3 dev.py play`` becomes the server (exec), so a signal to its PID, from a service
    manager or a closing terminal, ends it, its workers and its build."""
    if not (ROOT / ".venv" / ".installed").exists():
        pytest.skip("dev.py's .venv is not set up here")
    for sig in (signal.SIGTERM, signal.SIGHUP):
        proc, base = launch([sys.executable, str(ROOT / "dev.py"), "play"], fresh_env(tmp_path))
        assert first_answer(base + "/", PAGE_S) == 200
        until(lambda url=base: not status(url)["warming"], PAGE_S, 0.1)
        assert len(descendants(proc.pid)) >= 5, "the workers and the build run below the PID dev.py had"
        assert not stop(proc, sig), f"processes outlived the server after signal {sig}"


def test_a_port_in_use_or_an_unknown_host_is_one_line_and_exit_2() -> None:
    """Issue 47 item 7: `play` printed its address, then uvicorn's error, and exited 3 (uvicorn's
    code, pencilbox's internal-error code); now the socket is bound first."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        cases = ((["--port", str(port)], f"cannot serve on 127.0.0.1:{port}: Address already in use"),
                 (["--host", "no.such.host.invalid"], "cannot serve on no.such.host.invalid:8000: "))
        for argv, said in cases:
            done = subprocess.run([sys.executable, "-m", "pencilbox", "play", *argv], capture_output=True,
                                  text=True, timeout=120)
            assert done.returncode == 2 and done.stdout == "", (done.stdout, done.stderr)
            assert done.stderr.startswith(f"pencilbox: error: {said}") and done.stderr.count("\n") == 1


def test_play_with_a_cache_folder_that_cannot_be_made_serves_and_says_so_once(tmp_path: Path) -> None:
    """Issue 47 item 6: ``XDG_CACHE_HOME=/etc/hostname pencilbox play`` printed its address, then a
    traceback and "Application startup failed", exit 3. It serves from a stand-in folder, which its
    workers and build share, said once (each of them said it again)."""
    a_file = tmp_path / "hostname"
    a_file.write_text("x")
    (tmp_path / "tmp").mkdir()
    env = {k: v for k, v in fresh_env(tmp_path).items() if k != "PENCILBOX_CACHE_DIR"}
    env.update(XDG_CACHE_HOME=str(a_file), TMPDIR=str(tmp_path / "tmp"), PENCILBOX_BUILD="0")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with open(tmp_path / "err", "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "pencilbox", "play", "--port", str(port)], env=env,
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)
        try:
            assert first_answer(base + "/api/status", PAGE_S) == 200
            until(lambda: not status(base)["warming"], PAGE_S, 0.1)
            assert call(base + "/api/hint", hint_body("sukoro"), timeout=PAGE_S)[0] == 200
        finally:
            stop(proc)
    said = (tmp_path / "err").read_text()
    assert proc.returncode == 128 + signal.SIGTERM
    assert "Traceback" not in said and "startup failed" not in said, said
    assert said.count("cannot be used (Not a directory)") == 1, said
