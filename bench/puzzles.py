"""The puzzles' benchmarks, one script over the registry: for each puzzle, writes
bench/results/<puzzle>.json and prints it.

Every puzzle: the uniqueness check (count, limit 2) of its boards, median ms per engine
(compiled ladder, SAT, and brute where named) in this one process and the SAT / ladder
ratio of medians; and the median ms of its generator. Which boards, sizes and grades, and
the figures only one puzzle has, are that puzzle's entry in ``PLANS``:

- sukoro: the bank's 10x10 boards and the 10x10+ published ones (ladder, SAT, brute); a
  locally minimal 10x10 board; the exact blank-board count table (every rectangle up to
  6x6, 7x5, 4x8) by the compiled ladder and by brute, checked equal, with the time of each;
- slant: 10x10 (the bank's) and 20x20 (published plus generated hardest-grade boards);
  10x10 and 20x20 boards at the hardest grade (probe) and the easiest (count);
- ripple: 10x10 (the bank's and the published); a live partition and a finished board
  (whole ladder, ungraded) at 6x6, 8x8 and 10x10;
- fillapix: every clue shown at 10x10, 20x20, 30x30 on twin-free fair-coin pictures; a
  locally minimal board at those sizes by the spec's generator and the level-bounded one at
  ``pair`` (minimal for what count and pair settle: Tatham's criterion); the full census up
  to 5x5; for scale, one from-scratch uniqueness check of the bank's 10x10 and 20x20 boards
  beside the generator's mean ms per erasure check (median board time / cells).

A puzzle without an entry gets the default: its bank's largest boards and its generator at
the bank's sizes. ``--quick`` runs every part once on a few boards, to show the script works
(its figures mean nothing; give it ``--out`` so the recorded results stay).

    python bench/puzzles.py [PUZZLE ...] [--quick] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from pencilbox import __version__, bank, boardio, puzzles
from pencilbox.core import engine
from pencilbox.core.puzzle import Puzzle

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Run:
    """How hard to bench: ``repeat`` timings per board, and the share ``n`` keeps of a count."""

    quick: bool

    @property
    def repeat(self) -> int:
        return 1 if self.quick else 5

    def n(self, full: int) -> int:
        return min(full, 2) if self.quick else full


def median_ms(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def module(puzzle: Puzzle, name: str) -> Any:
    """One module of the puzzle's folder (its generator, studies, census)."""
    return import_module(f"{type(puzzle).__module__}.{name}")


def banked(puzzle: Puzzle, keep: Callable[[dict[str, Any]], bool]) -> list[Any]:
    """The bank's boards that ``keep`` keeps, without their answers."""
    return [boardio.board_from_json({**r, "answer": None}) for r in bank.load(puzzle.name) if keep(r)]


def rows(n: int) -> Callable[[dict[str, Any]], bool]:
    return lambda r: r["rows"] == n


def published(puzzle: Puzzle, keep: Callable[[dict[str, Any]], bool]) -> list[Any]:
    """The published boards (the puzzle folder's ``data/published.json``) that ``keep`` keeps."""
    return [boardio.board_from_json({**r, "answer": None}) for r in puzzles.published(puzzle.name) if keep(r)]


def uniqueness(puzzle: Puzzle, boards: list[Any], run: Run, engines: tuple[str, ...] = ("ladder", "sat"),
               digits: int = 3) -> dict[str, Any]:
    """Median and max ms per engine of the uniqueness check, each board timed ``repeat`` times."""
    check = {"ladder": lambda b: engine.count(puzzle, b, limit=2),
             "sat": lambda b: puzzle.sat_count(b, 2, 10**9),
             "brute": lambda b: puzzle.brute_count(b, 2, 10**9)}
    boards = boards[:run.n(len(boards))]
    for e in engines:
        check[e](boards[0])  # compile / warm up outside the clock
    per: dict[str, list[float]] = {e: [] for e in engines}
    for b in boards:
        for e in engines:
            assert check[e](b).count == 1
            per[e].append(median_ms(lambda e=e, b=b: check[e](b), run.repeat))
    med = {k: round(statistics.median(v), 4) for k, v in per.items()}
    return {"boards": len(boards), "median_ms": med,
            "max_ms": {k: round(max(v), digits) for k, v in per.items()},
            "sat_over_ladder": round(med["sat"] / med["ladder"], 2)}


# ---------------------------------------------------------------- each puzzle's plan

def sukoro(puzzle: Puzzle, run: Run) -> dict[str, Any]:
    generate = module(puzzle, "generate")
    blank_counts = module(puzzle, "studies.blank_counts")
    boards = banked(puzzle, lambda r: r["rows"] >= 10)
    boards += published(puzzle, lambda r: r["rows"] >= 10 and r["cols"] >= 10)
    unique = {"repeat": run.repeat, **uniqueness(puzzle, boards, run, ("ladder", "sat", "brute"), 4)}
    unique = {k: unique[k] for k in ("boards", "repeat", "median_ms", "max_ms", "sat_over_ladder")}
    generate.make(10, 10, 0)
    n = run.n(60)
    times, clues = [], []
    for seed in range(1, n + 1):
        t = time.perf_counter()
        made = generate.make(10, 10, seed)
        times.append((time.perf_counter() - t) * 1000)
        clues.append(made.clues)
    made10 = {"boards": n, "seeds": [1, n], "median_ms": round(statistics.median(times), 3),
              "max_ms": round(max(times), 3), "median_clues": statistics.median(clues)}
    shapes = blank_counts.table_shapes()[:4 if run.quick else None]
    lad, bru = blank_counts.blank_table(shapes, "ladder"), blank_counts.blank_table(shapes, "brute")
    agree = [a["count"] for a in lad["shapes"]] == [b["count"] for b in bru["shapes"]]
    exact = all(a["exact"] for a in lad["shapes"] + bru["shapes"])
    table = {"shapes": len(shapes), "agree": agree, "exact": exact,
             "ladder_total_s": lad["total_s"], "brute_total_s": bru["total_s"],
             "table": [{**a, "brute_s": b["s"]} for a, b in zip(lad["shapes"], bru["shapes"], strict=True)]}
    return {"uniqueness_10x10": unique, "generate_10x10": made10, "blank_table": table}


def slant(puzzle: Puzzle, run: Run) -> dict[str, Any]:
    generate = module(puzzle, "generate")
    generate.generate(5, 5, "probe", 0)
    twenty = published(puzzle, lambda r: (r["rows"], r["cols"]) == (20, 20) and r["solutions"] == "unique")
    twenty += [generate.generate(20, 20, "probe", 7000 + k).board for k in range(run.n(8))]

    def made(size: int, grade: str, n: int) -> dict[str, Any]:
        times, draws = [], []
        for k in range(n):
            t = time.perf_counter()
            got = generate.generate(size, size, grade, 1000 * k)
            times.append((time.perf_counter() - t) * 1000)
            draws.append(got.seed - 1000 * k + 1)
        return {"boards": n, "median_ms": round(statistics.median(times), 2), "max_ms": round(max(times), 1),
                "mean_draws": round(statistics.mean(draws), 2)}
    return {"uniqueness_10x10": uniqueness(puzzle, banked(puzzle, rows(10)), run),
            "uniqueness_20x20": uniqueness(puzzle, twenty, run),
            "generate": {f"{s}x{s} {g}": made(s, g, run.n(31 if s == 10 else 15))
                         for s in (10, 20) for g in ("probe", "count")}}


def ripple(puzzle: Puzzle, run: Run) -> dict[str, Any]:
    generate = module(puzzle, "generate")
    generate.generate(5, 5, None, 0)
    ten = banked(puzzle, rows(10)) + published(puzzle, lambda r: (r["rows"], r["cols"]) == (10, 10))

    def made(size: int, n: int) -> dict[str, Any]:
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
    unique = uniqueness(puzzle, ten, run)
    return {"uniqueness_10x10": unique, "generate": {f"{s}x{s}": made(s, run.n(31)) for s in (6, 8, 10)}}


def fillapix(puzzle: Puzzle, run: Run) -> dict[str, Any]:
    generate = module(puzzle, "generate")
    board_type = module(puzzle, "board").Board
    generate.make(5, 5, 0)
    generate.make(5, 5, 0, "pair")

    def pictures(size: int, n: int) -> dict[str, Any]:
        rng = random.Random(size)
        boards = [board_type(size, size, generate.all_clues(size, size, generate.picture(size, size, rng)[0]))
                  for _ in range(n)]
        got = uniqueness(puzzle, boards, run, digits=4)
        return {"pictures": got["boards"], "median_ms": got["median_ms"],
                "sat_over_ladder": got["sat_over_ladder"]}

    def made(size: int, n: int, level: str | None = None) -> dict[str, Any]:
        times, kept = [], []
        for seed in range(n):
            t = time.perf_counter()
            got = generate.make(size, size, seed, level)
            times.append((time.perf_counter() - t) * 1000)
            kept.append(got.clues / (size * size))
        med = statistics.median(times)
        return {"boards": n, "median_ms": round(med, 2), "max_ms": round(max(times), 1),
                "ms_per_erasure_check": round(med / (size * size), 4),
                "clues_kept_share": round(statistics.mean(kept), 4)}

    def bank_check(size: int) -> dict[str, Any]:
        boards = banked(puzzle, rows(size))[:run.n(12)]
        for b in boards:
            assert engine.count(puzzle, b, limit=2).count == 1
        per = [median_ms(lambda b=b: engine.count(puzzle, b, limit=2), run.repeat) for b in boards]
        return {"boards": len(boards), "median_ms": round(statistics.median(per), 3)}

    census = module(puzzle, "census")
    t = time.perf_counter()
    side = 3 if run.quick else 5
    grids = [census.census(h, w) for h in range(1, side + 1) for w in range(1, side + 1)]
    sizes = (10, 20) if run.quick else (10, 20, 30)
    return {"uniqueness_all_clues": {f"{s}x{s}": pictures(s, run.n(15)) for s in sizes},
            "generate": {f"{s}x{s}": made(s, run.n(31 if s < 30 else 11)) for s in sizes},
            "generate_pair_bounded": {f"{s}x{s}": made(s, run.n(31 if s < 30 else 11), "pair")
                                      for s in sizes},
            "census_5x5": {"grids": len(grids), "seconds": round(time.perf_counter() - t, 2)},
            "bank_full_check": {f"{s}x{s}": bank_check(s) for s in (10, 20)}}


def default(puzzle: Puzzle, run: Run) -> dict[str, Any]:
    """A puzzle without a plan: its bank's largest boards, its generator at the bank's sizes."""
    sizes = sorted({(r["rows"], r["cols"]) for r in bank.load(puzzle.name)})
    r, c = sizes[-1]

    def made(h: int, w: int, n: int) -> dict[str, Any]:
        times = [median_ms(lambda k=k: puzzle.generate(h, w, None, k), 1) for k in range(n)]
        return {"boards": n, "median_ms": round(statistics.median(times), 2), "max_ms": round(max(times), 1)}
    largest = banked(puzzle, lambda rec: (rec["rows"], rec["cols"]) == (r, c))
    return {f"uniqueness_{r}x{c}": uniqueness(puzzle, largest, run),
            "generate": {f"{h}x{w}": made(h, w, run.n(15)) for h, w in sizes}}


PLANS: dict[str, Callable[[Puzzle, Run], dict[str, Any]]] = {
    "sukoro": sukoro, "slant": slant, "ripple": ripple, "fillapix": fillapix}


def bench(name: str, run: Run, out: Path) -> dict[str, Any]:
    """One puzzle's figures, written to ``out/<name>.json``."""
    puzzle = puzzles.get(name)
    got = {"version": __version__, "python": sys.version.split()[0], "machine": platform.machine(),
           **PLANS.get(puzzle.name, default)(puzzle, run)}
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{puzzle.name}.json").write_text(json.dumps(got, indent=1) + "\n")
    return got


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("puzzles", nargs="*", help="puzzle names (default: every registered puzzle)")
    parser.add_argument("--quick", action="store_true", help="every part once, on a few boards")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    args = parser.parse_args(argv)
    for name in args.puzzles or puzzles.names():
        got = bench(name, Run(args.quick), args.out)
        if "blank_table" in got:  # the summary leaves the table out
            got = {**got, "blank_table": {k: v for k, v in got["blank_table"].items() if k != "table"}}
        print(json.dumps(got, indent=1), flush=True)


if __name__ == "__main__":
    main()
