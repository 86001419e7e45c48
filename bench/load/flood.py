"""The load test's overload phase: while clients send heavy requests at the largest allowed
sizes back to back (minimise and count on a fully clued 60x100 board, hints on a blank one,
generation at each puzzle's largest size), light requests (check, the catalog, hints and the
ladder view on bank boards) are timed; then the flood's clients hang up and the time until
the server answers as before is measured. ``served`` runs ``pencilbox play`` in a process of
its own, so that the clients' threads do not share the server's interpreter."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

from pencilbox import bank, puzzles
from pencilbox.verbs import play

from . import drive
from .loadtest import largest_boards, quantile

NORMAL_MS = 100.0  # a light call at most this slow counts as the server being back to normal


@contextlib.contextmanager
def served(**settings: str) -> Iterator[str]:
    """``pencilbox play`` in a subprocess on a free loopback port, with PENCILBOX_<name>
    settings, once its workers are warm; yields its URL and stops it after."""
    with server(**settings) as (base, _):
        yield base


@contextlib.contextmanager
def server(*argv: str, **settings: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``served``, yielding the process too (a fault test kills it or its workers); ``argv``
    are more ``play`` options."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, **{f"PENCILBOX_{k.upper()}": v for k, v in settings.items()}}
    proc = subprocess.Popen([sys.executable, "-m", "pencilbox", "play", "--port", str(port), *argv], env=env,
                            stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 900  # a fresh numba cache compiles for minutes
        while True:
            try:
                status, raw, _ = _call(_conn(base), "GET", "/api/status")
                if status == 200 and not json.loads(raw)["warming"]:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError("the player did not start")
            time.sleep(0.2)
        yield base, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def _conn(base: str, timeout: float = 60) -> http.client.HTTPConnection:
    url = urlparse(base)
    return http.client.HTTPConnection(url.hostname or "127.0.0.1", url.port, timeout=timeout)


def _call(conn: http.client.HTTPConnection, method: str, path: str, body: Any = None
          ) -> tuple[int, bytes, float]:
    """(status, body, ms) of one request on a kept-alive connection."""
    status, raw, ms, _ = _ask(conn, method, path, body)
    return status, raw, ms


def _ask(conn: http.client.HTTPConnection, method: str, path: str, body: Any = None
         ) -> tuple[int, bytes, float, float]:
    """(status, body, ms, Retry-After seconds or 0) of one request."""
    t = time.perf_counter()
    data = None if body is None else json.dumps(body).encode()
    conn.request(method, path, data, {"Content-Type": "application/json"})
    res = conn.getresponse()
    raw = res.read()
    retry = res.getheader("Retry-After") or "0"
    return res.status, raw, (time.perf_counter() - t) * 1000, float(retry) if retry.isdigit() else 0.0


def heavy_requests() -> list[tuple[str, str, dict[str, Any]]]:
    """The flood: (kind, path, body) at the largest sizes the player allows."""
    rng = random.Random(3)
    rows, cols = 60, 100  # MAX_CELLS
    pic = [[rng.random() < 0.5 for _ in range(cols)] for _ in range(rows)]
    full = {"puzzle": "fillapix", "rows": rows, "cols": cols,
            "clues": [[sum(pic[i][j] for i in range(max(0, r - 1), min(rows, r + 2))
                           for j in range(max(0, c - 1), min(cols, c + 2))) for c in range(cols)]
                      for r in range(rows)]}
    blank = {"puzzle": "slant", "rows": rows, "cols": cols, "clues": [[None] * (cols + 1)] * (rows + 1)}
    out: list[tuple[str, str, dict[str, Any]]] = [
           ("minimise", "/api/minimise", {"board": full}), ("count", "/api/setter", {"board": full}),
           ("big hint", "/api/hint", {"board": blank, "position": [None] * (rows * cols)})]
    for name in puzzles.names():
        most = puzzles.get(name).generate_max
        out.append(("generate", "/api/generate", {"puzzle": name, "rows": most[0], "cols": most[1]}))
    return out


def light_requests(seed: int) -> list[tuple[str, str, str, dict[str, Any] | None]]:
    """Light calls: (kind, method, path, body) - checks of the largest bank boards from partial
    positions, the catalog, and hints and the ladder view on each puzzle's bank boards."""
    rng = random.Random(seed)
    out: list[tuple[str, str, str, dict[str, Any] | None]] = []
    for board, full in largest_boards():
        pos = [m if rng.random() < 0.5 else None for m in full]
        out.append(("check", "POST", "/api/check", {"board": board, "position": pos}))
    for name in puzzles.names():
        rec = min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))
        small = play.board_of(rec)
        body = {"board": play.board_json(small), "position": drive.start_position(small)}
        out.append(("hint", "POST", "/api/hint", {**body, "level": None}))
        out.append(("ladder", "POST", "/api/ladder", body))
    out.append(("catalog", "GET", "/api/catalog", None))
    return out


def overload(base: str, seconds: float = 30.0, heavy_clients: int = 24, light_clients: int = 4,
             seed: int = 1, patient: bool = False) -> dict[str, Any]:
    """Flood for ``seconds``, timing the light calls; then hang up the flood and time the
    recovery: until a light hint answers within NORMAL_MS and a small count answers 200.
    The flood's clients ask again at once after a refusal, or, ``patient``, after the
    Retry-After the server gave (as the page does)."""
    heavy = heavy_requests()
    light = light_requests(seed)
    before = _workers(base)
    stop = threading.Event()
    lock = threading.Lock()
    heavy_got: list[tuple[str, int]] = []
    light_got: list[tuple[str, int, float]] = []
    conns: list[http.client.HTTPConnection] = []

    def flood(k: int) -> None:
        conn = _conn(base, timeout=600)
        with lock:
            conns.append(conn)
        i = k
        while not stop.is_set():
            kind, path, body = heavy[i % len(heavy)]
            i += 1
            try:
                status, _, _, retry = _ask(conn, "POST", path, body)
            except (OSError, http.client.HTTPException):
                conn.close()
                if stop.is_set():
                    return
                status, retry = 0, 0.0
            with lock:
                heavy_got.append((kind, status))
            if patient and retry:
                stop.wait(retry)
        conn.close()

    def timed(k: int) -> None:
        conn = _conn(base)
        rng = random.Random(seed * 1000 + k)
        while not stop.is_set():
            kind, method, path, body = rng.choice(light)
            try:
                status, _, ms = _call(conn, method, path, body)
            except (OSError, http.client.HTTPException):
                conn.close()
                status, ms = 0, 0.0
            with lock:
                light_got.append((kind, status, ms))
            time.sleep(rng.uniform(0.0, 0.02))
        conn.close()

    threads = [threading.Thread(target=flood, args=(k,), daemon=True) for k in range(heavy_clients)]
    threads += [threading.Thread(target=timed, args=(k,), daemon=True) for k in range(light_clients)]
    for th in threads:
        th.start()
    time.sleep(seconds)
    stop.set()
    t0 = time.perf_counter()
    with lock:
        for conn in conns:  # the flood's clients hang up mid-call: the socket is cut here, and each
            sock = conn.sock  # client closes its own connection (closing it from this thread races
            if sock is not None:  # with the client's read: http.client then raises AttributeError)
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
    recovery = _recovery(base, light, t0)
    for th in threads:
        th.join(timeout=30)
    workers = _workers(base)
    return {"seconds": seconds, "heavy_clients": heavy_clients, "light_clients": light_clients,
            "flood_waits_retry_after": patient,
            "heavy": _statuses(s for _, s in heavy_got), "light": _light(light_got), **recovery,
            "workers_before": before, "workers_after": workers}


Light = list[tuple[str, str, str, dict[str, Any] | None]]


def _recovery(base: str, light: Light, t0: float) -> dict[str, Any]:
    hint = next(body for kind, _, _, body in light if kind == "hint")
    count = {"board": hint["board"]} if hint else None
    conn = _conn(base)
    tries = 0
    while time.perf_counter() - t0 < 120:
        tries += 1
        h_status, _, h_ms = _call(conn, "POST", "/api/hint", hint)
        c_status, _, _ = _call(conn, "POST", "/api/setter", count)
        if h_status == 200 and h_ms <= NORMAL_MS and c_status == 200:
            return {"recovered_s": round(time.perf_counter() - t0, 3), "recovery_tries": tries}
        time.sleep(0.05)
    return {"recovered_s": None, "recovery_tries": tries}


def _workers(base: str) -> Any:
    """The server's worker lanes as /api/status tells them (memory included)."""
    status, raw, _ = _call(_conn(base), "GET", "/api/status")
    return json.loads(raw).get("workers") if status == 200 else None


def _statuses(statuses: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in statuses:
        out[str(s)] = out.get(str(s), 0) + 1
    return dict(sorted(out.items()))


def _light(got: list[tuple[str, int, float]]) -> dict[str, Any]:
    """Statuses and latency quantiles (ms) of the light calls, in all and per kind."""
    ms = sorted(m for _, s, m in got if s)
    kinds = {}
    for kind in sorted({k for k, _, _ in got}):
        mine = sorted(m for k, s, m in got if k == kind and s)
        kinds[kind] = {"requests": len(mine), "p50_ms": round(statistics.median(mine), 2) if mine else None,
                       "p99_ms": round(quantile(mine, 0.99), 2) if mine else None}
    return {"requests": len(got), "statuses": _statuses(s for _, s, _ in got),
            "server_errors": sum(1 for _, s, _ in got if s >= 500 or s == 0),
            "p50_ms": round(statistics.median(ms), 2) if ms else None,
            "p99_ms": round(quantile(ms, 0.99), 2) if ms else None, "kinds": kinds}
