"""The API under load (loopback only, bounded): 240 mixed requests from 20 concurrent
clients, with no 5xx answer and no dropped connection. Latencies go to
tests/player/out/load.json (the benchmark bench/player.py records the figures)."""

from __future__ import annotations

import json
from pathlib import Path

from pencilbox.player import loadtest


def test_mixed_load_has_no_server_errors_and_no_drops(server: str) -> None:
    out = loadtest.run(server, clients=20, total=240, seed=7)
    folder = Path(__file__).parent / "out"
    folder.mkdir(exist_ok=True)
    (folder / "load.json").write_text(json.dumps(out, indent=1) + "\n")
    assert out["answered"] == 240 and out["dropped"] == 0, out["dropped_detail"]
    assert out["server_errors"] == 0, out["statuses"]
    assert out["kinds"]["bad"]["requests"] > 0 and out["kinds"]["hint"]["requests"] > 50
    assert set(out["statuses"]) <= {"200", "400"}
