"""Fill-a-Pix benchmarks. Writes bench/results/fillapix.json and prints it.

- uniqueness check (count, limit 2) with every clue shown at 10x10, 20x20, 30x30 on
  twin-free fair-coin pictures: median ms of the compiled ladder and of SAT, same
  pictures, same process;
- median ms to generate a locally minimal board at 10x10, 20x20, 30x30, two ways: the
  spec's generator (minimal for uniqueness, node-capped searches) and the level-bounded
  one at ``pair`` (minimal for what count and pair settle: the criterion of Tatham's
  generator; with the seed's pair, which bounds shared cells only, these are the boards
  minimal for count);
- the time of the full census up to 5x5, all four ways;
- for scale, the median ms of one from-scratch uniqueness check (count, limit 2) of the
  finished bank boards at 10x10 and 20x20, beside the generator's mean ms per erasure
  check (median board time / cells).
"""

from __future__ import annotations

import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

from pencilbox import __version__
from pencilbox.core import engine
from pencilbox.puzzles.fillapix import PUZZLE, generate
from pencilbox.puzzles.fillapix.board import Board

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 5


def median_ms(fn) -> float:  # noqa: ANN001 - a zero-argument callable
    times = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def uniqueness(size: int, n: int) -> dict:
    rng = random.Random(size)
    boards = []
    for _ in range(n):
        pic, _ = generate.picture(size, size, rng)
        boards.append(Board(size, size, generate.all_clues(size, size, pic)))
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
    return {"pictures": n, "median_ms": med, "sat_over_ladder": round(med["sat"] / med["ladder"], 2)}


def generation(size: int, n: int, level: str | None = None) -> dict:
    times, kept = [], []
    for seed in range(n):
        t = time.perf_counter()
        made = generate.make(size, size, seed, level)
        times.append((time.perf_counter() - t) * 1000)
        kept.append(made.clues / (size * size))
    med = statistics.median(times)
    return {"boards": n, "median_ms": round(med, 2), "max_ms": round(max(times), 1),
            "ms_per_erasure_check": round(med / (size * size), 4),
            "clues_kept_share": round(statistics.mean(kept), 4)}


def bank_checks(size: int) -> dict:
    from pencilbox import bank, boardio
    boards = [boardio.board_from_json(r) for r in bank.load("fillapix") if r["rows"] == size]
    for b in boards:
        assert engine.count(PUZZLE, b, limit=2).count == 1
    per = [median_ms(lambda b=b: engine.count(PUZZLE, b, limit=2)) for b in boards]
    return {"boards": len(boards), "median_ms": round(statistics.median(per), 3)}


def census_time() -> dict:
    from pencilbox.puzzles.fillapix import census
    t = time.perf_counter()
    table = [census.census(h, w) for h in range(1, 6) for w in range(1, 6)]
    return {"grids": len(table), "seconds": round(time.perf_counter() - t, 2)}


def main() -> None:
    generate.make(5, 5, 0)
    generate.make(5, 5, 0, "pair")
    out = {"version": __version__, "python": sys.version.split()[0], "machine": platform.machine(),
           "uniqueness_all_clues": {f"{s}x{s}": uniqueness(s, 15) for s in (10, 20, 30)},
           "generate": {f"{s}x{s}": generation(s, 31 if s < 30 else 11) for s in (10, 20, 30)},
           "generate_pair_bounded": {f"{s}x{s}": generation(s, 31 if s < 30 else 11, "pair")
                                     for s in (10, 20, 30)},
           "census_5x5": census_time(),
           "bank_full_check": {f"{s}x{s}": bank_checks(s) for s in (10, 20)}}
    path = ROOT / "bench" / "results" / "fillapix.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
