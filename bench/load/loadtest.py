"""A load test of a running player: concurrent clients sending mixed requests (checks and
hints on the largest bank boards of every puzzle, setter counts, malformed requests),
recording each status and latency; and an overload phase (flood.py): a flood of heavy
requests at the largest allowed sizes while light ones are timed, then the recovery.
``python bench/loadtest.py URL [overload]``."""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

from pencilbox import bank, boardio, puzzles
from pencilbox.verbs import play

BAD_BODIES = [
    b"{not json",
    json.dumps({"position": []}).encode(),
    json.dumps({"board": {"puzzle": "nope", "rows": 2, "cols": 2}, "position": []}).encode(),
    json.dumps({"board": {"puzzle": "fillapix", "rows": 2, "cols": 2, "clues": [[None, None], [None, None]]},
                "position": ["#"]}).encode(),
]


def largest_boards() -> list[tuple[dict[str, Any], list[Any]]]:
    """Per puzzle, its largest bank board (JSON) and that board's answer as marks."""
    out = []
    for name in puzzles.names():
        rec = max(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))
        board = boardio.board_from_json(rec)
        out.append((play.board_json(board), puzzles.get(name).marks.from_answer(board, board.answer)))
    return out


def requests(n: int, seed: int) -> list[tuple[str, str, bytes]]:
    """``n`` mixed requests (kind, path, body): checks and hints from partial correct
    positions (some with one wrong entry), a few setter counts, a few malformed bodies."""
    rng = random.Random(seed)
    boards = largest_boards()
    out = []
    for k in range(n):
        board, full = boards[k % len(boards)]
        pos = [m if rng.random() < rng.random() else None for m in full]
        roll = rng.random()
        if roll < 0.05:
            out.append(("bad", "/api/hint", rng.choice(BAD_BODIES)))
        elif roll < 0.10:
            out.append(("count", "/api/setter", json.dumps({"board": board}).encode()))
        elif roll < 0.50:
            out.append(("check", "/api/check", json.dumps({"board": board, "position": pos}).encode()))
        else:
            body = {"board": board, "position": pos, "level": None}
            out.append(("hint", "/api/hint", json.dumps(body).encode()))
    return out


def run(base: str, clients: int = 20, total: int = 240, seed: int = 1) -> dict[str, Any]:
    """Send ``total`` requests from ``clients`` threads (keep-alive connections); return
    the statuses, dropped connections and latency quantiles per kind, in ms."""
    url = urlparse(base)
    host = url.hostname
    if host is None:
        raise ValueError(f"{base!r} names no host")
    work = requests(total, seed)
    results: list[tuple[str, int, float]] = []
    dropped: list[str] = []
    errors: list[str] = []
    lock = threading.Lock()

    def client(part: list[tuple[str, str, bytes]]) -> None:
        conn = http.client.HTTPConnection(host, url.port, timeout=60)
        for kind, path, body in part:
            t = time.perf_counter()
            try:
                conn.request("POST", path, body, {"Content-Type": "application/json"})
                res = conn.getresponse()
                raw = res.read()
                status = res.status
                if status >= 500:
                    with lock:
                        errors.append(f"{kind} {status}: {raw[:200]!r}")
            except (OSError, http.client.HTTPException) as e:
                with lock:
                    dropped.append(f"{kind}: {type(e).__name__}: {e}")
                conn.close()
                conn = http.client.HTTPConnection(host, url.port, timeout=60)
                continue
            with lock:
                results.append((kind, status, (time.perf_counter() - t) * 1000))
        conn.close()

    threads = [threading.Thread(target=client, args=(work[i::clients],)) for i in range(clients)]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    wall = time.perf_counter() - t0
    kinds: dict[str, Any] = {}
    for kind in sorted({k for k, _, _ in results}):
        ms = sorted(m for k, _, m in results if k == kind)
        kinds[kind] = {"requests": len(ms), "p50_ms": round(statistics.median(ms), 2),
                       "p99_ms": round(quantile(ms, 0.99), 2), "max_ms": round(ms[-1], 2)}
    statuses: dict[str, int] = {}
    for _, s, _ in results:
        statuses[str(s)] = statuses.get(str(s), 0) + 1
    moves = sorted(m for k, _, m in results if k in ("check", "hint"))
    return {"clients": clients, "requests": total, "answered": len(results), "dropped": len(dropped),
            "dropped_detail": dropped[:5], "statuses": statuses, "errors_detail": errors[:5],
            "server_errors": sum(1 for _, s, _ in results if s >= 500), "wall_s": round(wall, 2),
            # the heavy lane's back-pressure (503 with Retry-After when its queue is full) apart
            "light_server_errors": sum(1 for k, s, _ in results if s >= 500 and k != "count"),
            "heavy_refused": sum(1 for k, s, _ in results if s == 503 and k == "count"),
            "moves_p50_ms": round(statistics.median(moves), 2),
            "moves_p99_ms": round(quantile(moves, 0.99), 2),
            "kinds": kinds, "boards": {b["puzzle"]: f"{b['rows']}x{b['cols']}" for b, _ in largest_boards()}}


@contextlib.contextmanager
def running_server() -> Iterator[str]:
    """A player served by uvicorn in a thread on a free loopback port; yields its URL."""
    import urllib.request

    import uvicorn

    from pencilbox.player.api import app
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", backlog=256))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120  # a loaded machine (CI's two test workers) starts it slowly
    while True:
        try:
            urllib.request.urlopen(base + "/api/catalog", timeout=5).read()
            break
        except OSError:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the player server did not start") from None
            time.sleep(0.05)
    for _ in range(6000):  # the kernels warm up in the background (a fresh cache: minutes)
        if not json.loads(urllib.request.urlopen(base + "/api/status", timeout=5).read())["warming"]:
            break
        time.sleep(0.1)
    try:
        yield base
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


def quantile(sorted_ms: list[float], q: float) -> float:
    """The nearest-rank quantile of sorted values."""
    return sorted_ms[min(len(sorted_ms) - 1, max(0, int(round(q * len(sorted_ms) + 0.5)) - 1))]

