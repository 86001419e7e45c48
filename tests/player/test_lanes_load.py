"""The API under load, on its worker lanes (lanes.py; loopback only, bounded): 240 mixed requests
from 20 concurrent clients, with no 5xx answer and no dropped connection; and the overload phase, a
flood of heavy requests at the largest allowed sizes during which light requests get no 5xx.
Latencies go to tests/player/out/ (the benchmark bench/player.py records the figures)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.load import flood, loadtest


def test_mixed_load_has_no_server_errors_and_no_drops(server: str) -> None:
    out = loadtest.run(server, clients=20, total=240, seed=7)
    folder = Path(__file__).parent / "out"
    folder.mkdir(exist_ok=True)
    (folder / "load.json").write_text(json.dumps(out, indent=1) + "\n")
    assert out["answered"] == 240 and out["dropped"] == 0, out["dropped_detail"]
    assert out["server_errors"] == 0, (out["statuses"], out["errors_detail"])
    assert out["kinds"]["bad"]["requests"] > 0 and out["kinds"]["hint"]["requests"] > 50
    assert set(out["statuses"]) <= {"200", "400"}


# a flood client's thread that dies (e.g. hung up from another thread mid-read) fails the test
@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_an_overload_flood_leaves_light_calls_answered_and_the_server_recovers() -> None:
    """24 clients send minimise, count, big hints and generation at the largest sizes back to
    back while 4 clients send checks, hints, the ladder view and the catalog; no light call
    gets a 5xx, the flood's excess is refused (503) rather than queued, and once the flood
    hangs up a hint and a count answer again (bench/player.py records how fast)."""
    with flood.served(heavy_budget_s="4") as base:
        out = flood.overload(base, seconds=4)  # the refusals start at once: 4 s shows them
    folder = Path(__file__).parent / "out"
    folder.mkdir(exist_ok=True)
    (folder / "overload.json").write_text(json.dumps(out, indent=1) + "\n")
    assert out["light"]["requests"] > 20 and out["light"]["statuses"] == {"200": out["light"]["requests"]}
    assert out["light"]["server_errors"] == 0
    assert out["heavy"].get("503", 0) > 0, out["heavy"]
    assert out["recovered_s"] is not None
