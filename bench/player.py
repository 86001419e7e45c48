"""Player benchmark, written to bench/results/player.json:

- ``hints``: a hint-driven solve (apply each hint, ask again) of the largest bank board of
  each puzzle (of its hardest ladder grade) through the API's own hint call, at every level:
  wall-clock p50, p95 and max per hint (goal: p95 within 100 ms, issue 15 item 2);
- ``cold_start``: ``pencilbox play`` launched on an empty numba cache with no ahead-of-time
  build: seconds until the page and the catalog answer (goal: 2 s, item 1), and until a
  hint answers for real (the kernels compiled in the background);
- ``load``: the API load test (20 concurrent clients, 400 mixed requests on the largest
  bank boards of every puzzle) against a server in this process, loopback only;
- ``overload``: the load test's overload phase (bench/load/flood.py) against ``pencilbox play``
  in a process of its own: 24 clients flood heavy requests at the largest allowed sizes for
  30 s while 4 clients time light ones (goal: light p99 within 100 ms and no 5xx); then the
  flood hangs up and the seconds until a light hint answers within 100 ms and a count
  answers 200 again (goal: 2 s; issue 16).

``python bench/player.py [hints] [cold] [load] [overload]`` runs the named parts (default: all) and
keeps the other parts' last figures."""

from __future__ import annotations

import json
import platform
import sys
from pathlib import Path
from typing import Any

from load import drive, flood, loadtest  # bench/ is on the path when this runs as a script

from pencilbox import __version__, puzzles, verbs
from pencilbox.core import engine
from pencilbox.verbs import play

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "player.json"


def _ms(seconds: list[float], q: float) -> float:
    s = sorted(seconds)
    return round(1e3 * s[min(len(s) - 1, int(q * (len(s) - 1)))], 2)


def hints() -> dict[str, Any]:
    """Per puzzle and level, the hint-driven solve's latency figures."""
    verbs.warm(("play",))
    out: dict[str, Any] = {}
    for name in puzzles.names():
        board, grade = drive.largest_board(name)
        for level in engine.levels(puzzles.get(name)):  # below the grade the solve ends stuck
            run = drive.solve_by_hints(board, level)
            out[f"{name} {level}"] = {"board": f"{name} {board.rows}x{board.cols} graded {grade}",
                                      "hints": len(run.seconds), "ends": run.last.get("kind"),
                                      "p50_ms": _ms(run.seconds, 0.5), "p95_ms": _ms(run.seconds, 0.95),
                                      "max_ms": _ms(run.seconds, 1.0)}
            print(name, level, out[f"{name} {level}"], flush=True)
    return out


def cold() -> dict[str, Any]:
    """``pencilbox play`` on an empty numba cache and an empty ahead-of-time folder: seconds
    from launch until the page, the catalog, a hint asked at once (its status), this
    process's kernels, a real hint, and the heavy worker's kernels."""
    import os
    import socket
    import subprocess
    import tempfile
    import time
    import urllib.error
    import urllib.request

    def call(url: str, body: Any = None) -> tuple[int, bytes]:
        data = None if body is None else json.dumps(body).encode()
        try:
            req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=600) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()

    board, _ = drive.largest_board("slant")
    hint = {"board": play.board_json(board), "position": drive.start_position(board), "level": None}
    out: dict[str, Any] = {"cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory() as tmp, socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        base = f"http://127.0.0.1:{port}"
        os.mkdir(f"{tmp}/aot")
        env = {**os.environ, "NUMBA_CACHE_DIR": f"{tmp}/numba", "PENCILBOX_AOT_DIR": f"{tmp}/aot"}
        t0 = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "pencilbox", "play", "--port", str(port)], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while True:
                try:
                    status, _ = call(base + "/")
                    break
                except OSError:
                    time.sleep(0.02)
            out["page_s"] = round(time.monotonic() - t0, 2)
            call(base + "/api/catalog")
            out["catalog_s"] = round(time.monotonic() - t0, 2)
            t1 = time.monotonic()
            status, _ = call(base + "/api/hint", hint)
            out["hint_at_once"] = {"status": status, "s": round(time.monotonic() - t1, 3)}
            for key in ("kernels", "heavy"):
                while not json.loads(call(base + "/api/status")[1])[key]:
                    time.sleep(0.2)
                out[f"{key}_ready_s"] = round(time.monotonic() - t0, 1)
                if key == "kernels":
                    t1 = time.monotonic()
                    status, _ = call(base + "/api/hint", hint)
                    out["first_hint"] = {"status": status, "s": round(time.monotonic() - t1, 3)}
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    print("cold start", out, flush=True)
    return out


def load() -> dict[str, Any]:
    with loadtest.running_server() as base:
        loadtest.run(base, clients=20, total=40, seed=0)  # first contact: connections, caches
        return loadtest.run(base, clients=20, total=400, seed=1)


def overload() -> dict[str, Any]:
    with flood.served() as base:
        return {"goals": {"light_p99_ms": 100, "light_server_errors": 0, "recovered_s": 2},
                **flood.overload(base, seconds=30)}


def main(parts: list[str]) -> None:
    known = {"hints": hints, "cold": cold, "load": load, "overload": overload}
    unknown = [p for p in parts if p not in known]
    if unknown:
        raise SystemExit(f"unknown parts {unknown}; parts: {', '.join(known)}")
    try:
        out = json.loads(RESULTS.read_text())
    except (OSError, ValueError):
        out = {}
    if "kinds" in out:  # the load test's figures from before the parts: moved under "load"
        out = {"load": out}
    out.update({"version": __version__, "python": sys.version.split()[0], "machine": platform.machine()})
    for part in parts or list(known):
        out[{"cold": "cold_start"}.get(part, part)] = known[part]()
    RESULTS.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
