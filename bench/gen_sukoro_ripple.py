"""Issue 17 items 3 and 4: the Sukoro and Ripple generators' wall time per board, written to
bench/results/gen-sukoro-ripple.json and printed.

- sukoro: ``generate(rows, cols, None, seed)`` (erase while unique, SAT checks) at 10x10,
  15x15 and 20x20 (goals: 15x15 <= 0.5 s, 20x20 <= 2 s median), and at 20x20 for each grade
  the player can ask (it now goes to 20x20); beside it, paired and alternating seed by seed,
  the readable loop (``make_reference``: the engine's verdict per erasure, graded by
  ``engine.grade``, as the generator was before) at 12x12 and 15x15, with its capped checks
  and whether the two boards agree;
- ripple: the ``search`` grade (erase while unique) at 8x8, 10x10, 12x12 and 15x15, the
  ungraded generator (the whole ladder's backward walk) at 12x12 and 15x15, and at 15x15
  each grade the player can ask (it now goes to 15x15).

Every figure: the seeds, each board's seconds, median, p90, min and max (the spread); the
machine drifts 20-30 % within a minute, so compare only figures of one run.

    python bench/gen_sukoro_ripple.py [--boards N] [--quick] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pencilbox import __version__
from pencilbox.core.generate import Made, graded
from pencilbox.puzzles.ripple import PUZZLE as RIPPLE
from pencilbox.puzzles.ripple import generate as ripple_gen
from pencilbox.puzzles.sukoro import PUZZLE as SUKORO
from pencilbox.puzzles.sukoro import generate as sukoro_gen

ROOT = Path(__file__).resolve().parent.parent


def spread(seconds: list[float]) -> dict[str, Any]:
    """Median, p90 (nearest rank), min and max of a list of seconds."""
    s = sorted(seconds)
    return {"boards": len(s), "median_s": round(statistics.median(s), 4),
            "p90_s": round(s[min(len(s) - 1, round(0.9 * len(s) + 0.5) - 1)], 4),
            "min_s": round(s[0], 4), "max_s": round(s[-1], 4)}


def timed(make: Callable[[int], Made[Any]], seeds: list[int]) -> dict[str, Any]:
    """Each seed's board made and timed; the figures and what the boards were."""
    seconds, grades, capped, used = [], Counter(), 0, []
    for seed in seeds:
        t = time.perf_counter()
        made = make(seed)
        seconds.append(time.perf_counter() - t)
        grades[str(made.grade)] += 1
        capped += made.capped_checks or 0
        used.append(made.seed)
    return {**spread(seconds), "seconds": [round(x, 4) for x in seconds], "seeds": seeds,
            "seeds_used": used, "grades": dict(grades), "capped_checks": capped}


def paired(rows: int, cols: int, seeds: list[int]) -> dict[str, Any]:
    """The SAT loop and the readable loop on the same seeds, alternating which goes first."""
    fast: list[float] = []
    slow: list[float] = []
    same, capped, grades = 0, 0, Counter()

    def reference(seed: int) -> Made[Any]:
        return graded(SUKORO, lambda s, g: sukoro_gen.make_reference(rows, cols, s, g), None, seed, 1)

    for k, seed in enumerate(seeds):
        runs = [("fast", lambda s=seed: sukoro_gen.generate(rows, cols, None, s)),
                ("slow", lambda s=seed: reference(s))]
        got: dict[str, Made[Any]] = {}
        for name, fn in runs if k % 2 == 0 else runs[::-1]:
            t = time.perf_counter()
            got[name] = fn()
            (fast if name == "fast" else slow).append(time.perf_counter() - t)
        same += got["fast"].board == got["slow"].board
        capped += got["slow"].capped_checks or 0
        grades[f"{got['fast'].grade} / {got['slow'].grade}"] += 1
    return {"seeds": seeds, "sat": spread(fast), "reference": spread(slow),
            "sat_seconds": [round(x, 4) for x in fast], "reference_seconds": [round(x, 4) for x in slow],
            "same_board": same, "reference_capped_checks": capped, "grades_sat_vs_reference": dict(grades),
            "speedup_of_medians": round(statistics.median(slow) / statistics.median(fast), 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=24, help="boards per goal figure (default 24)")
    parser.add_argument("--quick", action="store_true", help="two boards per figure (to show it runs)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "gen-sukoro-ripple.json")
    args = parser.parse_args(argv)
    n = 2 if args.quick else args.boards
    few = 2 if args.quick else max(4, n // 3)
    seeds = list(range(n))
    sukoro_gen.generate(6, 6, None, 0)  # compile / warm up outside the clock
    ripple_gen.generate(6, 6, None, 0)
    out: dict[str, Any] = {"version": __version__, "python": sys.version.split()[0],
                           "machine": platform.machine(),
                           "goals_s": {"sukoro 15x15": 0.5, "sukoro 20x20": 2.0}}
    su: dict[str, Any] = {}
    for size in (10, 15, 20):
        su[f"{size}x{size}"] = timed(lambda s, size=size: sukoro_gen.generate(size, size, None, s), seeds)
        print(f"sukoro {size}x{size}", {k: v for k, v in su[f"{size}x{size}"].items() if k.endswith("_s")},
              flush=True)
    su["20x20 by grade"] = {g: timed(lambda s, g=g: sukoro_gen.generate(20, 20, g, 1000 * s, tries=40),
                                     list(range(few)))
                            for g in (*(lv for _, lv in SUKORO.named_grades), "search")}
    print("sukoro 20x20 by grade", {g: v["median_s"] for g, v in su["20x20 by grade"].items()}, flush=True)
    su["reference, paired"] = {f"{s}x{s}": paired(s, s, list(range(few))) for s in (12, 15)}
    print("sukoro paired", {k: v["speedup_of_medians"] for k, v in su["reference, paired"].items()},
          flush=True)
    out["sukoro"] = su
    ri: dict[str, Any] = {}
    for size in (8, 10, 12, 15):
        ri[f"search {size}x{size}"] = timed(
            lambda s, size=size: ripple_gen.generate(size, size, "search", 1000 * s), seeds)
        print(f"ripple search {size}x{size}", ri[f"search {size}x{size}"]["median_s"], flush=True)
    for size in (12, 15):
        ri[f"ungraded {size}x{size}"] = timed(
            lambda s, size=size: ripple_gen.generate(size, size, None, s), seeds)
        print(f"ripple ungraded {size}x{size}", ri[f"ungraded {size}x{size}"]["median_s"], flush=True)
    ri["15x15 by grade"] = {g: timed(lambda s, g=g: ripple_gen.generate(15, 15, g, 1000 * s, tries=40),
                                     list(range(few)))
                            for g in (lv for _, lv in RIPPLE.named_grades)}
    print("ripple 15x15 by grade", {g: v["median_s"] for g, v in ri["15x15 by grade"].items()}, flush=True)
    out["ripple"] = ri
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
