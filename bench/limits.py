"""Big-board benchmarks (issue 13, items 1 and 2). Writes bench/results/limits.json and prints it.

Each case runs ``pencilbox count FILE --limit 2 --node-cap 100000 --json`` in a fresh
child process REPEAT times (the ladder engine, the default) and records the median wall
seconds, the largest max RSS (``os.wait4`` gives each child's own), nodes and count:

- a blank 100x100 board of each puzzle (Slant: 101x101 lattice points, all without a
  clue; Ripple: no givens, regions the 2x2 blocks: a regular tiling of any even board
  whose regions each hold 1..4, so domains stay small and the search has real choices);
- a 150x120 Fill-a-Pix showing every clue of a random filling (seeded): item 1's board.
  A board the size check refuses is reported as refused (exit 2 and its message).
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pencilbox import __version__

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 3
ARGS = ("--limit", "2", "--node-cap", "100000", "--json")
SEED = 13


def blank(puzzle: str, rows: int, cols: int) -> dict:
    """A board with no clue at all (Ripple: 2x2 block regions)."""
    side = (rows + 1, cols + 1) if puzzle == "slant" else (rows, cols)
    board = {"puzzle": puzzle, "rows": rows, "cols": cols,
             "clues": [[None] * side[1] for _ in range(side[0])]}
    if puzzle == "ripple":
        board["regions"] = [[(r // 2) * ((cols + 1) // 2) + c // 2 for c in range(cols)] for r in range(rows)]
    return board


def fillapix_full(rows: int, cols: int, seed: int) -> dict:
    """Every clue of a random filling: each cell counts the painted cells of its 3x3 block."""
    rng = random.Random(seed)
    paint = [[rng.random() < 0.5 for _ in range(cols)] for _ in range(rows)]
    clues = [[sum(paint[y][x] for y in range(max(r - 1, 0), min(r + 2, rows))
                  for x in range(max(c - 1, 0), min(c + 2, cols))) for c in range(cols)]
             for r in range(rows)]
    return {"puzzle": "fillapix", "rows": rows, "cols": cols, "clues": clues}


def run_once(path: Path) -> dict:
    """One child: wall seconds, its own max RSS in MB, exit code, stdout and stderr."""
    exe = Path(sys.executable).with_name("pencilbox")
    t = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen([str(exe), "count", str(path), *ARGS], stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - t
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return {"wall_s": wall, "rss_mb": usage.ru_maxrss / 1024, "rc": child.returncode,
                "stdout": out.read().decode(), "stderr": err.read().decode().strip()}


def case(name: str, board: dict, folder: Path) -> dict:
    """REPEAT fresh children on one board: medians, or the refusal as printed."""
    path = folder / f"{name}.json"
    path.write_text(json.dumps(board))
    runs = [run_once(path) for _ in range(REPEAT)]
    first = runs[0]
    if first["rc"] == 2:
        return {"refused": True, "message": first["stderr"].splitlines()[-1:]}
    if first["rc"] != 0:
        return {"failed": True, "rc": first["rc"], "stderr": first["stderr"][-400:]}
    result = json.loads(first["stdout"])
    return {"median_s": round(statistics.median(r["wall_s"] for r in runs), 3),
            "max_rss_mb": round(max(r["rss_mb"] for r in runs), 1),
            "count": result["count"], "capped": result["capped"], "nodes": result["nodes"]}


def main() -> None:
    cases = {f"{p}_blank_100x100": blank(p, 100, 100) for p in ("sukoro", "slant", "ripple", "fillapix")}
    cases["fillapix_full_150x120"] = fillapix_full(150, 120, SEED)
    with tempfile.TemporaryDirectory() as tmp:
        results = {name: case(name, board, Path(tmp)) for name, board in cases.items()}
    out = {"version": __version__, "python": sys.version.split()[0], "machine": platform.machine(),
           "command": "pencilbox count FILE " + " ".join(ARGS), "repeat": REPEAT, "seed": SEED,
           "cases": results}
    path = ROOT / "bench" / "results" / "limits.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
