"""``pencilbox play`` on a fresh install (issue 15 item 1): an empty numba cache and no
ahead-of-time build. The page and the catalog answer while the kernels still compile in the
background (the old server answered only after compiling, a minute or more), a hint answers
during the warm-up ("warming up" or a real hint), and a real hint once they are ready. No
timing goal is asserted (bench/player.py measures the start: 0.4 s); the limits below are
the test's patience. The kernels compile from nothing here: minutes on a slow machine."""

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

from pencilbox import bank
from pencilbox.player import drive, play

PAGE_S = 30.0  # the first answer from launch (the test's patience, not a goal)
READY_S = 900.0  # the kernels compiled from nothing (the test's patience, not a goal)


def call(url: str, body: Any = None, timeout: float = 10) -> tuple[int, Any, bytes]:
    """(status, headers (any case), body) of a GET, or a POST of ``body`` as JSON."""
    data = None if body is None else json.dumps(body).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=timeout) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def launch(tmp: Path) -> tuple[subprocess.Popen[bytes], str, float]:
    """``pencilbox play`` in a fresh process on a free port, with an empty numba cache and an
    empty ahead-of-time folder; (process, base URL, launch time)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp / "numba"), "PENCILBOX_AOT_DIR": str(tmp / "aot")}
    (tmp / "aot").mkdir()
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "pencilbox", "play", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc, f"http://127.0.0.1:{port}", t0


def first_answer(url: str, t0: float, limit: float) -> tuple[int, float]:
    """Poll ``url`` until the server answers; (status, seconds since launch)."""
    while time.monotonic() - t0 < limit:
        try:
            status, _, _ = call(url, timeout=limit)
            return status, time.monotonic() - t0
        except OSError:
            time.sleep(0.02)
    return 0, time.monotonic() - t0


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.add(int(stat.parent.name))
    return out


def stop(proc: subprocess.Popen[bytes]) -> set[int]:
    """Stop the server as Ctrl+C or a service manager does; the processes it started that are
    still there 10 s later (then killed: a test leaves nothing behind)."""
    started = children(proc.pid)
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{c}").exists() for c in started):
        time.sleep(0.1)
    left = {c for c in started if Path(f"/proc/{c}").exists()}
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return left


def drawn_in_browser(base: str) -> None:
    """Open the page in chromium and wait until it has drawn a board (as a player sees it)."""
    from playwright.sync_api import sync_playwright

    from tests.player.test_browser import ARGS, CHROMIUM, TIMEOUT_MS, wait_ready
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(base + "/")
        wait_ready(page)
        page.wait_for_selector("[data-cell='0,0']")
        browser.close()


@pytest.fixture
def cold(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes], float]]:
    proc, base, t0 = launch(tmp_path)
    try:
        yield base, proc, t0
    finally:
        if proc.poll() is None:  # a test that failed early
            stop(proc)


def test_a_fresh_install_serves_at_once_and_hints_once_warm(
        cold: tuple[str, subprocess.Popen[bytes], float]) -> None:
    base, proc, t0 = cold
    status, page_s = first_answer(base + "/", t0, PAGE_S)
    assert status == 200, f"the page answered {status} after {page_s:.1f} s"
    status, _, raw = call(base + "/api/catalog")
    assert status == 200 and len(json.loads(raw)["puzzles"]) == 4
    assert json.loads(call(base + "/api/status")[2])["warming"], "the page waited for the kernels"
    drawn_in_browser(base)
    assert json.loads(call(base + "/api/status")[2])["warming"], "the board waited for the kernels"

    rec = min(bank.load("slant"), key=lambda r: r["rows"] * r["cols"])
    board = play.board_of(rec)
    body = {"board": play.board_json(board), "position": drive.start_position(board), "level": None}
    status, headers, raw = call(base + "/api/hint", body, timeout=30)
    got = json.loads(raw)
    if status == 503:
        assert got["warming"] and "warming up" in got["error"] and int(headers["Retry-After"]) > 0
    else:
        assert status == 200 and got["kind"] == "hint"
    while json.loads(call(base + "/api/status")[2])["warming"] and time.monotonic() - t0 < READY_S:
        time.sleep(1)
    status, _, raw = call(base + "/api/hint", body, timeout=30)
    assert status == 200 and json.loads(raw)["kind"] == "hint", raw
    assert children(proc.pid), "the heavy worker runs in a process of its own"
    assert not stop(proc), "the server's processes outlived it"
