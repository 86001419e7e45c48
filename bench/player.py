"""Player benchmark: the API load test (20 concurrent clients, 400 mixed requests on the
largest bank boards of every puzzle) against a server in this process, loopback only.
Writes bench/results/player.json: statuses, drops and p50/p99 latency per kind; the
goal is a move check or a hint within 100 ms at p99."""

from __future__ import annotations

import json
import platform
import sys
from pathlib import Path

from pencilbox import __version__
from pencilbox.player import loadtest

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    with loadtest.running_server() as base:
        loadtest.run(base, clients=20, total=40, seed=0)  # first contact: connections, caches
        out = loadtest.run(base, clients=20, total=400, seed=1)
    out = {"version": __version__, "python": sys.version.split()[0], "machine": platform.machine(), **out}
    path = ROOT / "bench" / "results" / "player.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
