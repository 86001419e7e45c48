"""What a puzzle's ``quick_nodes`` buys: the engine's default count (limit 2) with the quick
search of that many branch points before the root's probe, against other budgets, on the
same boards in one process (alternated per board). Writes bench/results/quick_nodes.json.

Slant's sets: Tatham's Hard 20x20 boards (the game IDs bench/generators.py recorded: his
generator's output, as data), the bank's boards by size, and the raw (non-unique for the
most part) stream at 10x10 and 20x20 at three clue densities.

    python bench/quick_nodes.py [--budgets 0,16,256] [--reps 5] [--quick] [--out FILE]
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from pencilbox import __version__, bank, boardio, puzzles
from pencilbox.core import engine

ROOT = Path(__file__).resolve().parent.parent


def board_sets(quick: bool) -> dict[str, list[Any]]:
    puzzle = puzzles.get("slant")
    cases = json.loads((ROOT / "bench/results/generators.json").read_text())["cases"]
    ids = cases["uniqueness slant 20x20 of Tatham Hard"]["game_ids"]
    sets: dict[str, list[Any]] = {"Tatham Hard 20x20": [boardio.parse_tatham(i) for i in ids]}
    for rec in bank.load("slant"):
        sets.setdefault(f"bank {rec['rows']}x{rec['cols']}", []).append(puzzle.from_json(rec))
    for size in (10, 20):
        for density in (0.3, 0.5, 0.7):
            sets[f"raw {size}x{size} density {density}"] = [
                puzzle.raw(size, size, density, seed).board for seed in range(20)]  # type: ignore[misc]
    if quick:
        sets = {k: v[:2] for k, v in list(sets.items())[:3]}
    return sets


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budgets", default="0,16,256")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", type=Path, default=ROOT / "bench/results/quick_nodes.json")
    a = ap.parse_args()
    budgets = [int(b) for b in a.budgets.split(",")]
    base = puzzles.get("slant")
    variants = {b: WithBudget(base, b) for b in budgets}
    out: dict[str, Any] = {}
    for name, boards in board_sets(a.quick).items():
        times: dict[int, list[float]] = {b: [] for b in budgets}
        statuses = set()
        for board in boards:  # warm up, and every budget gives the same verdict
            got = {engine.count(variants[b], board, limit=2).status for b in budgets}
            if len(got) != 1:
                raise RuntimeError(f"{name}: the budgets disagree: {got}")
            statuses |= got
        for rep in range(1 if a.quick else a.reps):
            for k, board in enumerate(boards):
                order = budgets if (k + rep) % 2 == 0 else budgets[::-1]
                for b in order:
                    t = time.perf_counter()
                    engine.count(variants[b], board, limit=2)
                    times[b].append((time.perf_counter() - t) * 1000)
        out[name] = {"boards": len(boards), "statuses": sorted(statuses),
                     "median_ms": {str(b): round(statistics.median(v), 3) for b, v in times.items()},
                     "p90_ms": {str(b): p90(v) for b, v in times.items()}}
        print(name, out[name], flush=True)
    commit = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
                            capture_output=True, text=True).stdout.strip()
    doc = {"about": __doc__.split("\n\n")[0], "puzzle": "slant", "shipped_quick_nodes": base.quick_nodes,
           "budgets": budgets, "reps": a.reps, "sets": out, "date": datetime.date.today().isoformat(),
           "commit": commit, "version": __version__, "python": platform.python_version(),
           "quick": a.quick}
    a.out.write_text(json.dumps(doc, indent=1) + "\n")
    print("wrote", a.out, file=sys.stderr)


def p90(v: list[float]) -> float:
    return round(sorted(v)[min(len(v) - 1, int(0.9 * len(v)))], 3)


class WithBudget:
    """The puzzle with another quick budget (every other attribute its own)."""

    def __init__(self, puzzle: Any, budget: int) -> None:
        self._puzzle = puzzle
        self.quick_nodes = budget

    def __getattr__(self, name: str) -> Any:
        return getattr(self._puzzle, name)


if __name__ == "__main__":
    main()
