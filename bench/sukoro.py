"""Sukoro benchmarks (issue: foundation). Writes bench/results/sukoro.json and prints it.

- uniqueness check (count, limit 2) on the bank's 10x10 boards and the 10x10+ published
  boards: median ms per engine (compiled ladder, SAT, brute) in this one process, and
  the SAT / ladder ratio of medians;
- median ms to generate a locally minimal 10x10 board (unique-minimal, ungraded);
- the exact blank-board count table (every rectangle up to 6x6, 7x5, 4x8) by the
  compiled ladder and by brute, checked equal, with the time of each.
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
from pencilbox.puzzles.sukoro import PUZZLE, generate
from pencilbox.puzzles.sukoro.studies import blank_counts

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 5


def boards() -> list[tuple[str, object]]:
    out = []
    for rec in bank.load("sukoro"):
        if rec["rows"] >= 10:
            out.append((rec["id"], boardio.board_from_json({**rec, "answer": None})))
    for folder in (ROOT.parent / "shared" / "testdata", ROOT / "tests" / "data"):
        path = folder / "sukoro.json"
        if path.exists():
            for rec in json.loads(path.read_text()):
                if rec["rows"] >= 10 and rec["cols"] >= 10:
                    out.append((rec["id"], boardio.board_from_json({**rec, "answer": None})))
            break
    return out


def timed(fn) -> float:  # noqa: ANN001 - any zero-argument callable
    """Median of REPEAT runs, in ms."""
    times = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def uniqueness(items: list[tuple[str, object]]) -> dict:
    check = {
        "ladder": lambda b: engine.count(PUZZLE, b, limit=2),
        "sat": lambda b: PUZZLE.sat_count(b, 2, 10**9),
        "brute": lambda b: PUZZLE.brute_count(b, 2, 10**9),
    }
    per: dict[str, list[float]] = {k: [] for k in check}
    for _, b in items[:1]:
        for fn in check.values():
            fn(b)  # compile / warm up outside the clock
    for _, b in items:
        for name, fn in check.items():
            assert fn(b).count == 1
            per[name].append(timed(lambda fn=fn, b=b: fn(b)))
    med = {k: round(statistics.median(v), 4) for k, v in per.items()}
    return {"boards": len(items), "repeat": REPEAT, "median_ms": med,
            "max_ms": {k: round(max(v), 4) for k, v in per.items()},
            "sat_over_ladder": round(med["sat"] / med["ladder"], 2)}


def generation(n: int = 60) -> dict:
    generate.make(10, 10, 0)
    times, clues = [], []
    for seed in range(1, n + 1):
        t = time.perf_counter()
        made = generate.make(10, 10, seed)
        times.append((time.perf_counter() - t) * 1000)
        clues.append(made.clues)
    return {"boards": n, "seeds": [1, n], "median_ms": round(statistics.median(times), 3),
            "max_ms": round(max(times), 3), "median_clues": statistics.median(clues)}


def blank_tables() -> dict:
    shapes = blank_counts.table_shapes()
    lad = blank_counts.blank_table(shapes, "ladder")
    bru = blank_counts.blank_table(shapes, "brute")
    agree = [a["count"] for a in lad["shapes"]] == [b["count"] for b in bru["shapes"]]
    exact = all(a["exact"] for a in lad["shapes"] + bru["shapes"])
    return {"shapes": len(shapes), "agree": agree, "exact": exact, "ladder_total_s": lad["total_s"],
            "brute_total_s": bru["total_s"],
            "table": [{**a, "brute_s": b["s"]} for a, b in zip(lad["shapes"], bru["shapes"], strict=True)]}


def main() -> None:
    out = {"version": __version__, "python": sys.version.split()[0], "machine": platform.machine(),
           "uniqueness_10x10": uniqueness(boards()), "generate_10x10": generation(),
           "blank_table": blank_tables()}
    path = ROOT / "bench" / "results" / "sukoro.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=1) + "\n")
    summary = {k: v for k, v in out.items() if k != "blank_table"}
    summary["blank_table"] = {k: v for k, v in out["blank_table"].items() if k != "table"}
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
