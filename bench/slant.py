"""Slant benchmarks. Writes bench/results/slant.json and prints it.

- uniqueness check (count, limit 2) at 10x10 (the bank's boards) and 20x20 (the
  published 20x20 boards plus generated hardest-grade boards): median ms of the
  compiled ladder and of SAT on the same boards in this one process, and their ratio;
- median ms to generate a 10x10 and a 20x20 board at the hardest grade (probe) and at
  the easiest (count).
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from pathlib import Path

from pencilbox import __version__, bank, boardio
from pencilbox.core import engine
from pencilbox.puzzles.slant import PUZZLE, generate

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 5


def published(rows: int, cols: int) -> list:
    for folder in (ROOT.parent / "shared" / "testdata", ROOT / "tests" / "data"):
        path = folder / "slant.json"
        if path.exists():
            return [boardio.board_from_json({**r, "answer": None}) for r in json.loads(path.read_text())
                    if (r["rows"], r["cols"]) == (rows, cols) and r["solutions"] == "unique"]
    return []


def median_ms(fn, repeat: int = REPEAT) -> float:  # noqa: ANN001 - a zero-argument callable
    times = []
    for _ in range(repeat):
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


def generation(size: int, grade: str, n: int) -> dict:
    times, draws = [], []
    for k in range(n):
        t = time.perf_counter()
        made = generate.generate(size, size, grade, 1000 * k)
        times.append((time.perf_counter() - t) * 1000)
        draws.append(made.seed - 1000 * k + 1)
    return {"boards": n, "median_ms": round(statistics.median(times), 2), "max_ms": round(max(times), 1),
            "mean_draws": round(statistics.mean(draws), 2)}


def main() -> None:
    generate.generate(5, 5, "probe", 0)
    ten = [boardio.board_from_json({**r, "answer": None}) for r in bank.load("slant") if r["rows"] == 10]
    twenty = published(20, 20) + [generate.generate(20, 20, "probe", 7000 + k).board for k in range(8)]
    out = {"version": __version__, "python": sys.version.split()[0], "machine": platform.machine(),
           "uniqueness_10x10": uniqueness(ten), "uniqueness_20x20": uniqueness(twenty),
           "generate": {f"{s}x{s} {g}": generation(s, g, 31 if s == 10 else 15)
                        for s in (10, 20) for g in ("probe", "count")}}
    path = ROOT / "bench" / "results" / "slant.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
