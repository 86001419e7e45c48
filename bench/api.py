"""What the library adds to a solve (issue 32, item 6: a 10x10 ``Board.solve()`` from a warm
interpreter costs at most 1 ms more than the kernel's own work). Writes bench/results/api.json
and prints it.

For each 10x10 bank board of each puzzle (compiled kernels, warm: every call made once first),
REPS interleaved rounds time three calls on the same board:
- ``kernel``: what ``service.solve`` asks of the engine, called directly with the same budgets:
  the count up to two answers, then the grade;
- ``service``: ``service.solve`` (options, budgets, the answers as boards);
- ``api``: ``pencilbox.Board.solve()`` (the service, then the answers as Boards in a
  ``Solution``).
Per board the median of each; the overhead is api minus kernel. The figure is the median over
boards (and the worst board) per puzzle and over all.
"""

from __future__ import annotations

import json
import platform
import statistics
import time
from pathlib import Path
from typing import Any

from pencilbox import __version__, api, bank, boardio, puzzles, service
from pencilbox.compiled.ready import compiled_ready
from pencilbox.core import engine
from pencilbox.core.budgets import SOLVE_NODES

ROOT = Path(__file__).resolve().parent.parent
REPS = 30
GOAL_MS = 1.0
SIZE = (10, 10)


def kernel(puzzle: Any, board: Any) -> None:
    """The engine's work of ``service.solve`` under its default budgets, nothing around it."""
    node_cap = service.Options().nodes(SOLVE_NODES, board)
    res = engine.count(puzzle, board, None, 2, node_cap, probe_cap=node_cap)
    if res.status == engine.UNIQUE:
        engine.grade(puzzle, board, (), node_cap, probe_cap=node_cap)


def ms(fn: Any) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def board_times(puzzle: Any, shape: Any) -> dict[str, float]:
    board = api.Board(shape)
    calls = {"kernel": lambda: kernel(puzzle, shape), "service": lambda: service.solve(board),
             "api": board.solve}
    for fn in calls.values():
        fn()  # warm: compiled code loaded, caches filled
    got: dict[str, list[float]] = {k: [] for k in calls}
    for _ in range(REPS):
        for k, fn in calls.items():
            got[k].append(ms(fn))
    return {k: statistics.median(v) for k, v in got.items()}


def main() -> dict[str, Any]:
    per: dict[str, Any] = {}
    overheads: list[float] = []
    for name in puzzles.names():
        puzzle = puzzles.get(name)
        if not compiled_ready(puzzle):
            raise SystemExit(f"{name}: compiled kernel not ready (run pencilbox warm first)")
        recs = [r for r in bank.load(name) if (r["rows"], r["cols"]) == SIZE]
        rows = []
        for rec in recs:
            shape = boardio.board_from_json({**rec, "answer": None})
            t = board_times(puzzle, shape)
            rows.append({"id": rec["id"], **{k: round(v, 4) for k, v in t.items()},
                         "overhead": round(t["api"] - t["kernel"], 4)})
        over = [r["overhead"] for r in rows]
        overheads += over
        per[name] = {"boards": len(rows),
                     "kernel_ms_median": round(statistics.median(r["kernel"] for r in rows), 4),
                     "api_ms_median": round(statistics.median(r["api"] for r in rows), 4),
                     "overhead_ms_median": round(statistics.median(over), 4),
                     "overhead_ms_max": round(max(over), 4),
                     "service_overhead_ms_median": round(statistics.median(r["service"] - r["kernel"]
                                                                           for r in rows), 4),
                     "rows": rows}
    out = {"what": "Board.solve() minus the kernel's own work, 10x10 bank boards, warm interpreter",
           "version": __version__, "python": platform.python_version(), "machine": platform.machine(),
           "reps": REPS, "goal_ms": GOAL_MS, "boards": len(overheads),
           "overhead_ms_median": round(statistics.median(overheads), 4),
           "overhead_ms_max": round(max(overheads), 4),
           "meets_goal": statistics.median(overheads) <= GOAL_MS, "puzzles": per}
    path = ROOT / "bench" / "results" / "api.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({k: v for k, v in out.items() if k != "puzzles"}, indent=1))
    for name, p in per.items():
        print(name, {k: v for k, v in p.items() if k != "rows"})
    return out


if __name__ == "__main__":
    main()
