"""The browser's engine, natively: hint walks and the setter on the readable rungs alone
(``PENCILBOX_KERNELS=reference``: nothing compiled, nothing loaded), written to
bench/results/hintwalk.json.

In the static page (Pyodide) the readable rungs are the only engine, and Pyodide runs them
about 1.5 to 3 times slower than native CPython. Its goals: a hint p95 within 150 ms and
within 500 ms at worst, walking the largest bank boards to the end at the top level; the
setter's answer on the largest bank board within 1 s. Natively that is p95 <= 50 ms, max <= 170 ms
a hint and 350 ms for the setter's count (GOALS).

Per puzzle, the bank boards of its largest size (the hardest ladder grades first; ``--boards``
of them, the slowest-hint board of bench/player.py among them), each in two fresh interpreters
(as a page's first call on a board finds nothing of it kept):

- the setter (``verbs.call("setter")``), first, on a board nothing has been computed on:
  its whole time, and the share before its redundant-clue scan (the count, the answers, the
  grade: ``count_ms``). The scan runs until REDUNDANT_BUDGET_S (verbs/play.py) passes, so the
  whole time holds that budget too wherever the scan does not finish (``redundant_checked``);
- the player's hint walk: ``verbs.call("hint", {"board", "position", "level": None})`` from the
  page's start, entering each hint's mark until the answer is not a hint (solved, or stuck on a
  board graded ``search``): every hint's milliseconds, their median, p95 and max.

Each time is taken twice: wall clock (what a player waits) and the process's CPU time (the
engine's work: on a machine busy with other work the wall clock waits for a core too, and the
page's single thread has none to wait for). The machine's load is recorded before and after.
With ``--browser`` numpy, numba, llvmlite and python-sat are refused as the page's Pyodide lacks
them: the verbs then take their browser paths (the first hint after an entry counts the answers
by the ladder, not by SAT).
``python bench/hintwalk.py [--puzzles P ...] [--boards N] [--no-setter] [--browser] [--label NAME]
[--out PATH]`` (the results keep one run per label: ``before`` is this script run against the
code before the readable ladder's fast path, ``PYTHONPATH`` naming that checkout's src/).
"""

from __future__ import annotations

import argparse
import importlib.abc
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

os.environ["PENCILBOX_KERNELS"] = "reference"  # before pencilbox reads it
os.environ["PENCILBOX_AOT"] = "0"
BLOCKED = ("numpy", "numba", "llvmlite", "pysat")  # what the browser's Pyodide lacks (--browser)


class Absent(importlib.abc.MetaPathFinder):
    """Refuses BLOCKED, as tests/project/test_pure_engine.py does: the page's verbs then run as in
    the browser (the player's first hint after an entry counts the answers by the ladder, not SAT)."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (absent in the browser)", name=name)


if "--browser" in sys.argv:  # before anything imports them
    sys.meta_path.insert(0, Absent())

from load import drive  # noqa: E402 - bench/ is on the path when this runs as a script

from pencilbox import __version__, bank, boardio, puzzles, verbs  # noqa: E402 - the policy is set first
from pencilbox.core import engine  # noqa: E402
from pencilbox.studies import runner  # noqa: E402
from pencilbox.verbs import play  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "hintwalk.json"
PUZZLES = ("sukoro", "slant", "ripple", "fillapix")
#: native goals (the page's goals over Pyodide's slowdown of up to 3x)
GOALS = {"hint_p95_ms": 50, "hint_max_ms": 170, "setter_count_ms": 350}


def _ms(seconds: list[float], q: float) -> float:
    """The q-quantile of ``seconds`` in milliseconds (the nearest rank below, as bench/player.py)."""
    s = sorted(seconds)
    return round(1e3 * s[min(len(s) - 1, int(q * (len(s) - 1)))], 2)


def boards(name: str, count: int) -> list[dict[str, Any]]:
    """Up to ``count`` bank boards of the puzzle's largest size: the board bench/player.py walks
    (the slowest hints a player meets) first, then the hardest grades, the highest ids first."""
    puzzle = puzzles.get(name)
    recs = bank.load(name)
    top = max(r["rows"] * r["cols"] for r in recs)
    recs = [r for r in recs if r["rows"] * r["cols"] == top]
    first = drive.largest_board(name)[0]
    recs.sort(key=lambda r: r["id"], reverse=True)
    recs.sort(key=lambda r: (play.board_of(r) != first, -engine.grade_rank(puzzle, r["grade"])))
    return recs[:count]


class Timed:
    """A callable wrapped to add its wall and CPU seconds up (the setter's redundant-clue scan)."""

    def __init__(self, fn: Any) -> None:
        self.fn, self.spent, self.cpu = fn, 0.0, 0.0

    def __call__(self, *args: Any, **kw: Any) -> Any:
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            return self.fn(*args, **kw)
        finally:
            self.spent += time.perf_counter() - t0
            self.cpu += time.process_time() - c0


def setter(board: dict[str, Any]) -> dict[str, Any]:
    """The setter verb's wall and CPU time, and its share before the redundant-clue scan."""
    scan = Timed(play.scan)
    play.scan = scan  # the verb calls the scan by this module's name
    try:
        t0, c0 = time.perf_counter(), time.process_time()
        got = verbs.call("setter", {"board": board})
        total, cpu = time.perf_counter() - t0, time.process_time() - c0
    finally:
        play.scan = scan.fn
    return {"setter_ms": round(1e3 * total, 1), "count_ms": round(1e3 * (total - scan.spent), 1),
            "setter_cpu_ms": round(1e3 * cpu, 1), "count_cpu_ms": round(1e3 * (cpu - scan.cpu), 1),
            "redundant_ms": round(1e3 * scan.spent, 1), "count": got["count"], "setter_grade": got["grade"],
            "redundant_checked": got.get("redundant_checked")}


def walk(board: dict[str, Any]) -> tuple[list[float], list[float], str]:
    """The page's hint walk: each hint's wall and CPU seconds, and the kind of the answer that
    ended it."""
    cols = board["cols"]
    position = drive.start_position(boardio.board_from_json(board))
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(len(position) + 1):
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            got = verbs.call("hint", {"board": board, "position": position, "level": None}).to_dict()
        except Exception as e:  # noqa: BLE001 - the page shows the error; the walk ends there
            got = {"kind": f"refused: {type(e).__name__}: {e}"}
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        if got["kind"] != "hint":
            return wall, cpu, got["kind"]
        r, c = got["cell"]
        position[r * cols + c] = got["mark"]
    return wall, cpu, "unfinished"


def figures(wall: list[float], cpu: list[float]) -> dict[str, Any]:
    """Median, p95 and max of the wall times and of the CPU times (ms), and where the max was."""
    return {"median_ms": _ms(wall, 0.5), "p95_ms": _ms(wall, 0.95), "max_ms": _ms(wall, 1.0),
            "max_at": wall.index(max(wall)), "cpu_median_ms": _ms(cpu, 0.5), "cpu_p95_ms": _ms(cpu, 0.95),
            "cpu_max_ms": _ms(cpu, 1.0), "cpu_max_at": cpu.index(max(cpu)),
            "over_100ms": sum(s > 0.1 for s in wall)}


def part(board_id: str, which: str) -> dict[str, Any]:
    """One part of a board's case, in this process: the setter's figures, or the walk's times."""
    board = verbs.call("board", {"id": board_id})["board"]  # as the page gets it
    if which == "setter":
        return setter(board)
    wall, cpu, end = walk(board)
    return {"wall": wall, "cpu": cpu, "ends": end}


def child(board_id: str, which: str, browser: bool) -> dict[str, Any]:
    """``part`` in a fresh interpreter: each part starts as a page's first call on the board does
    (nothing of it kept from another part: the engine keeps probe fixpoints and trials per board)."""
    argv = [sys.executable, __file__, "--part", which, board_id, *(["--browser"] if browser else [])]
    got = subprocess.run(argv, capture_output=True, text=True, check=True, cwd=Path(__file__).parent)
    return dict(json.loads(got.stdout.splitlines()[-1]))


def case(rec: dict[str, Any], with_setter: bool,
         browser: bool) -> tuple[dict[str, Any], list[float], list[float]]:
    row: dict[str, Any] = {"id": rec["id"], "cells": rec["rows"] * rec["cols"], "grade": rec["grade"]}
    if with_setter:
        row.update(child(rec["id"], "setter", browser))
    got = child(rec["id"], "walk", browser)
    wall, cpu = got["wall"], got["cpu"]
    row.update({"hints": len(wall), "ends": got["ends"], **figures(wall, cpu)})
    return row, wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", nargs="+", default=list(PUZZLES), choices=PUZZLES)
    ap.add_argument("--boards", type=int, default=4, help="boards of the largest size per puzzle (default 4)")
    ap.add_argument("--no-setter", action="store_true", help="walk only")
    ap.add_argument("--browser", action="store_true",
                    help=f"refuse {', '.join(BLOCKED)} as the page's Pyodide lacks them")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--part", nargs=2, metavar=("PART", "ID"), help=argparse.SUPPRESS)  # a child's one part
    ap.add_argument("--label", default="after", help="the run's name in the results (default: after); "
                    "the file keeps the other labels' runs (before: the same script on the code before)")
    args = ap.parse_args()
    if args.part:
        print(json.dumps(part(args.part[1], args.part[0])))
        return
    load = os.getloadavg()[0]
    t0 = time.perf_counter()
    per: dict[str, Any] = {}
    for name in args.puzzles:
        rows, wall, cpu = [], [], []
        for rec in boards(name, args.boards):
            row, w, c = case(rec, not args.no_setter, args.browser)
            rows.append(row)
            wall += w
            cpu += c
            print(name, json.dumps(row), file=sys.stderr, flush=True)
        summary: dict[str, Any] = {"boards": len(rows), "hints": len(wall), **figures(wall, cpu),
                                   "worst_board": max(rows, key=lambda r: r["max_ms"])["id"]}
        del summary["max_at"], summary["cpu_max_at"]
        if not args.no_setter:
            for key in ("setter_ms", "count_ms", "setter_cpu_ms", "count_cpu_ms"):
                summary[f"{key}_max"] = max(r[key] for r in rows)
        summary["meets"] = {f"{clock}hint_{q}": summary[f"{clock}{q}_ms"] <= GOALS[f"hint_{q}_ms"]
                            for clock in ("", "cpu_") for q in ("p95", "max")}
        if not args.no_setter:
            summary["meets"].update({f"{clock}setter_count":
                                     summary[f"count_{clock}ms_max"] <= GOALS["setter_count_ms"]
                                     for clock in ("", "cpu_")})
        per[name] = {"summary": summary, "boards": rows}
    run = {"version": __version__, "commit": runner.commit(), "python": platform.python_version(),
           "machine": platform.machine(), "cpus": os.cpu_count(), "policy": "reference",
           "absent": list(BLOCKED) if args.browser else [],
           "goals_native": GOALS,
           "load_1min_before": round(load, 2), "load_1min_after": round(os.getloadavg()[0], 2),
           "seconds": round(time.perf_counter() - t0, 1), "median_of": "every hint of the puzzle's boards",
           "puzzles": per}
    try:
        out = json.loads(args.out.read_text())
    except (OSError, ValueError):
        out = {}
    out.setdefault("runs", {})[args.label] = run
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({k: v["summary"] for k, v in per.items()}, indent=1))


if __name__ == "__main__":
    main()
