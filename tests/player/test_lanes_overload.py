"""The served player's worker lanes (lanes.py) under overload and faults (issue 16 items 1, 2, 4,
5): ``pencilbox play`` in a process of its own, with the numba cache the checkout warmed, and short
budgets so that a call past its budget shows within the test. No speed is asserted (the load test's
overload phase measures it); what is asserted is the order things answer in, their statuses and
which processes are left."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.load import drive
from pencilbox import bank
from pencilbox.verbs import play
from tests.test_player_start import call
from tests.test_player_start import descendants as children

READY_S = 600.0  # the test's patience for the workers to load (not a goal)
HEAVY_BUDGET_S = 4  # so that a call past it shows within the test
PATIENCE_S = 40.0  # far above that budget: a client still waiting here was never answered


def serve(**settings: str) -> tuple[subprocess.Popen[bytes], str]:
    """``pencilbox play`` with PENCILBOX_<name> settings, once its workers are ready."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, **{f"PENCILBOX_{k.upper()}": v for k, v in settings.items()}}
    proc = subprocess.Popen([sys.executable, "-m", "pencilbox", "play", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    t0 = time.monotonic()
    while time.monotonic() - t0 < READY_S:
        try:
            if not json.loads(call(base + "/api/status")[2])["warming"]:
                return proc, base
        except OSError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the player did not finish warming up")


def running(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (a zombie waiting for init to reap it has ended)."""
    out = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state not in ("Z", "X"):
            out.add(pid)
    return out


def end(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server and every process it started (a failed test leaves nothing behind)."""
    kids = children(proc.pid)
    proc.kill()
    proc.wait()
    for pid in running(kids):
        os.kill(pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    proc, base = serve(heavy_budget_s=str(HEAVY_BUDGET_S))
    try:
        yield base
    finally:
        end(proc)


def full_board(rows: int = 60, cols: int = 100) -> dict[str, Any]:
    """A fully clued Fill-a-Pix board of the largest allowed size: minimising it takes minutes."""
    rng = random.Random(5)
    pic = [[rng.random() < 0.5 for _ in range(cols)] for _ in range(rows)]
    def clue(r: int, c: int) -> int:
        return sum(pic[i][j] for i in range(max(0, r - 1), min(rows, r + 2))
                   for j in range(max(0, c - 1), min(cols, c + 2)))
    return {"puzzle": "fillapix", "rows": rows, "cols": cols,
            "clues": [[clue(r, c) for c in range(cols)] for r in range(rows)]}


def small(name: str = "slant") -> dict[str, Any]:
    """The smallest bank board of a puzzle, as a request's board and its start position."""
    rec = min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    board = play.board_of(rec)
    return {"board": play.board_json(board), "position": drive.start_position(board)}


HEAVY_LANE = {"size": 2, "queue_limit": 16, "busy": 1, "ended": 0}  # what a server without lanes is read as


def workers(base: str) -> dict[str, Any]:
    """The status's worker lanes (a server without them reads as one busy heavy worker, so
    that the tests below fail on what it does, not on its status)."""
    out: dict[str, Any] = json.loads(call(base + "/api/status")[2]).get("workers", {"heavy": HEAVY_LANE})
    return out


class Calls:
    """Requests sent from threads, each answer recorded with the order it came in."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.answers: list[tuple[str, int, dict[str, Any], Any]] = []
        self.threads: list[threading.Thread] = []
        self.lock = threading.Lock()

    def send(self, tag: str, path: str, body: Any = None) -> None:
        def go() -> None:
            try:
                status, headers, raw = call(self.base + path, body, timeout=PATIENCE_S)
                got = (tag, status, json.loads(raw), headers)
            except ValueError:  # a server stopped under it
                got = (tag, status, {"error": f"not JSON: {raw[:100]!r}"}, {})
            except OSError as e:
                got = (tag, 0, {"error": f"no answer: {e}"}, {})
            with self.lock:
                self.answers.append(got)
        th = threading.Thread(target=go, daemon=True)
        th.start()
        self.threads.append(th)

    def join(self) -> list[tuple[str, int, dict[str, Any], Any]]:
        for th in self.threads:
            th.join(PATIENCE_S + 5)
        return self.answers


def test_heavy_work_past_its_budget_is_ended_and_the_lane_serves_again(served: str) -> None:
    """Before: the 503 came after 60 s and the worker computed on, so the next count waited
    and got 503 too."""
    ended = workers(served)["heavy"]["ended"]
    try:
        status, _, raw = call(served + "/api/minimise", {"board": full_board()}, timeout=PATIENCE_S)
    except OSError as e:
        status, raw = 0, json.dumps({"error": f"no answer within {PATIENCE_S} s: {e}"}).encode()
    assert status == 503 and "more time than a request may take" in json.loads(raw)["error"], raw
    assert workers(served)["heavy"]["ended"] == ended + 1, "the worker past its budget was ended"
    status, _, raw = call(served + "/api/setter", {"board": small()["board"]}, timeout=PATIENCE_S)
    assert status == 200 and json.loads(raw)["count"] == 1, raw


def test_a_full_heavy_lane_refuses_at_once_with_retry_after(served: str) -> None:
    """As many calls as the lane runs and queues, and one more: that one is refused before
    any of the others ends (before: every call queued, and each 503 came after the budget)."""
    lane = workers(served)["heavy"]
    n = int(lane["size"] + lane["queue_limit"] + 1)
    calls = Calls(served)
    for k in range(n):
        calls.send(f"minimise {k}", "/api/minimise", {"board": full_board()})
    got = calls.join()
    assert len(got) == n
    busy = [i for i, (_, status, out, _) in enumerate(got) if status == 503 and "busy" in out["error"]]
    assert busy and busy[0] == 0, [(t, s, o) for t, s, o, _ in got]
    assert int(got[0][3]["Retry-After"]) > 0
    assert all(s == 503 for _, s, _, _ in got), "a full-board minimise cannot end within the budget"


def test_light_calls_never_wait_behind_heavy_ones(served: str) -> None:
    """While hints on the largest allowed boards and minimises run, the catalog, checks, hints and
    the ladder view on bank boards all answer, and before any heavy call does. Before, the
    big hints held the thread slots the catalog and the small hints waited for."""
    blank = {"puzzle": "slant", "rows": 60, "cols": 100, "clues": [[None] * 101 for _ in range(61)]}
    heavy = Calls(served)
    for k in range(3):
        heavy.send(f"minimise {k}", "/api/minimise", {"board": full_board()})
    time.sleep(0.3)
    for k in range(6):
        heavy.send(f"big hint {k}", "/api/hint", {"board": blank, "position": [None] * 6000})
    time.sleep(0.3)
    light = Calls(served)
    for name in ("slant", "fillapix", "sukoro", "ripple"):
        body = small(name)
        light.send(f"check {name}", "/api/check", body)
        light.send(f"hint {name}", "/api/hint", {**body, "level": None})
        light.send(f"ladder {name}", "/api/ladder", body)
    light.send("catalog", "/api/catalog")
    light_got = light.join()
    with heavy.lock:
        heavy_done = list(heavy.answers)
    assert [(t, s) for t, s, _, _ in light_got if s != 200] == []
    assert len(light_got) == 13
    assert [t for t, s, o, _ in heavy_done if s == 200 or "busy" not in o.get("error", "")] == [], \
        "a heavy call ended before the light ones"
    heavy.join()


def test_a_worker_past_its_memory_limit_is_ended() -> None:
    """A limit below what a loaded worker holds: a call still running when its worker is seen
    past it is answered 503 and its worker ended; a call that ended first is answered, and its
    worker recycled (before: no limit, the minimise ran on for its whole budget and the count's
    worker stayed)."""
    proc, base = serve(worker_mb="30")  # a started worker holds 36-42 MB (the kernels built ahead, no numba)
    try:
        status, _, raw = call(base + "/api/minimise", {"board": full_board()}, timeout=PATIENCE_S)
        assert status == 503 and "more memory than a request may take (30 MB)" in json.loads(raw)["error"]
        assert workers(base)["heavy"]["ended"] == 1
        status, _, raw = call(base + "/api/setter", {"board": small()["board"]}, timeout=PATIENCE_S)
        assert status == 200 or "more memory" in json.loads(raw)["error"], raw
        assert workers(base)["heavy"]["ended"] == 2, "the count's worker was not recycled"
        status, _, raw = call(base + "/api/check", small())
        assert status == 200, raw
    finally:
        end(proc)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_with_the_server(how: signal.Signals) -> None:
    """Killed outright (SIGKILL) or stopped (SIGTERM) while a heavy call runs, the server leaves
    no worker computing on (before: after SIGKILL the worker and multiprocessing's resource
    tracker ran on; SIGTERM waited for the call's whole budget)."""
    proc, base = serve(heavy_budget_s=str(HEAVY_BUDGET_S * 10))
    try:
        calls = Calls(base)
        calls.send("minimise", "/api/minimise", {"board": full_board()})
        while not workers(base)["heavy"]["busy"]:
            time.sleep(0.05)
        kids = children(proc.pid)
        assert kids, "the workers are processes of their own"
        os.kill(proc.pid, how)
        proc.wait(timeout=30)
        deadline = time.monotonic() + 10
        while running(kids) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not running(kids), "workers outlived their server"
        got = [(s, o["error"]) for _, s, o, _ in calls.join()]
        if how == signal.SIGTERM:  # stopped like Ctrl+C: the running call is told, not left hanging
            assert got == [(503, "the server is stopping; this request was ended")]
    finally:
        end(proc)


def test_a_worker_killed_while_idle_costs_no_request() -> None:
    """kill -9 idle workers, then hints at once: each one answered (a dead worker is seen dead,
    reaped or not, or the call that meets it is tried once more, on a live one)."""
    import os
    import signal
    import subprocess
    import sys
    import urllib.request
    from pathlib import Path

    from pencilbox.core.lifetime import descendants
    from tests.patience import until
    from tests.test_player_start import call, first_answer, free_port, hint_body, stop

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-m", "pencilbox", "play", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert first_answer(base + "/api/status", 120) == 200

        def up() -> bool:
            return not json.loads(urllib.request.urlopen(base + "/api/status", timeout=10).read())["warming"]
        assert until(up, 300, 0.2), "the workers never came up"
        hint = hint_body("sukoro")
        assert call(base + "/api/hint", hint)[0] == 200
        workers = [p for p in descendants(proc.pid)
                   if b"pencilbox.player.worker" in Path(f"/proc/{p}/cmdline").read_bytes()]
        for pid in sorted(workers)[:-1]:  # all but one (so no call waits for a fresh start): the
            os.kill(pid, signal.SIGKILL)  # next calls meet dead ones first
        got = [call(base + "/api/hint", hint, timeout=120) for _ in range(3)]
        assert [g[0] for g in got] == [200, 200, 200], [g[2][:200] for g in got]
    finally:
        stop(proc)


def test_the_status_counts_a_dead_idle_worker_as_dead_not_ready() -> None:
    """/api/status counted a worker killed while idle as ready (until a call met it)."""
    from types import SimpleNamespace

    from pencilbox.player import lanes
    lane = lanes.Lane("play", size=2, spares=1, waiting=4, budget_s=1.0, nice=0, warm=(), worker_mb=512.0)
    workers = [lanes.Worker(0) for _ in range(3)]
    gone = SimpleNamespace(pid=2**22 + 1, returncode=-9)  # killed, seen
    live = SimpleNamespace(pid=os.getpid(), returncode=None)
    for worker, proc in zip(workers, (live, gone, gone), strict=True):
        worker.proc = proc  # type: ignore[assignment]
    lane.adopt(workers[0])
    lane.adopt(workers[1])
    lane.members.add(workers[2])
    lane.standby.append(workers[2])
    got = lane.status()
    assert (got["ready"], got["spare"], got["dead"]) == (1, 0, 2), got
