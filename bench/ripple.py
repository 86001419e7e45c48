"""Ripple Effect benchmarks. Writes bench/results/ripple.json and prints it.

- uniqueness check (count, limit 2) on 10x10 boards (the bank's and the published
  ones): median ms of the compiled ladder and of SAT, same boards, same process;
- median ms to find a live partition and to generate a finished board (whole ladder,
  ungraded) at 6x6, 8x8 and 10x10.
"""

from __future__ import annotations

import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

from pencilbox import __version__, bank, boardio
from pencilbox.core import engine
from pencilbox.puzzles.ripple import PUZZLE, generate

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 5


def boards10() -> list:
    out = [boardio.board_from_json({**r, "answer": None}) for r in bank.load("ripple") if r["rows"] == 10]
    for folder in (ROOT.parent / "shared" / "testdata", ROOT / "tests" / "data"):
        path = folder / "ripple.json"
        if path.exists():
            out += [boardio.board_from_json({**r, "answer": None}) for r in json.loads(path.read_text())
                    if (r["rows"], r["cols"]) == (10, 10)]
            break
    return out


def median_ms(fn) -> float:  # noqa: ANN001 - a zero-argument callable
    times = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def uniqueness(boards: list) -> dict:
    engines = {"ladder": lambda b: engine.count(PUZZLE, b, limit=2),
               "sat": lambda b: PUZZLE.sat_count(b, 2, 10**9)}
    for fn in engines.values():
        fn(boards[0])
    per: dict[str, list[float]] = {k: [] for k in engines}
    for b in boards:
        for name, fn in engines.items():
            assert fn(b).count == 1
            per[name].append(median_ms(lambda fn=fn, b=b: fn(b)))
    med = {k: round(statistics.median(v), 4) for k, v in per.items()}
    return {"boards": len(boards), "median_ms": med, "max_ms": {k: round(max(v), 3) for k, v in per.items()},
            "sat_over_ladder": round(med["sat"] / med["ladder"], 2)}


def generation(size: int, n: int) -> dict:
    live_ms, draws, make_ms = [], [], []
    for k in range(n):
        t = time.perf_counter()
        _, _, drawn = generate.live(size, size, random.Random(k))
        live_ms.append((time.perf_counter() - t) * 1000)
        draws.append(drawn)
        t = time.perf_counter()
        generate.generate(size, size, None, k)
        make_ms.append((time.perf_counter() - t) * 1000)
    return {"boards": n, "live_partition_median_ms": round(statistics.median(live_ms), 2),
            "partitions_drawn_mean": round(statistics.mean(draws), 2),
            "generate_median_ms": round(statistics.median(make_ms), 2),
            "generate_max_ms": round(max(make_ms), 1)}


def main() -> None:
    generate.generate(5, 5, None, 0)
    out = {"version": __version__, "python": sys.version.split()[0], "machine": platform.machine(),
           "uniqueness_10x10": uniqueness(boards10()),
           "generate": {f"{s}x{s}": generation(s, 31) for s in (6, 8, 10)}}
    path = ROOT / "bench" / "results" / "ripple.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
