"""Command-line start-up (issue 13, item 8: `pencilbox solve` on a 10x10 bank board, goal a
median of 0.4 s or less). Writes bench/results/cli.json and prints it.

- median wall seconds over RUNS processes of: bare Python, `import numpy`, `import numba`,
  `pencilbox --help`, `convert`, `check`, and `solve` on a 10x10 bank board of each puzzle,
  twice: served by the ahead-of-time build (``pencilbox warm`` makes it; compiled/aot.py), and by
  the jitted code alone (PENCILBOX_AOT=0: numba loads its cache); kernels already built and
  cached (one untimed run first);
- where a solve's time goes, measured inside RUNS processes on either path: each import, the
  kernel module, the first solve (with numba: its typing/target set-up and the cache load) and
  a second solve of the same board (the search itself), and whether numba was imported.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pencilbox import __version__, bank
from pencilbox.compiled import aot

ROOT = Path(__file__).resolve().parent.parent
RUNS = 10
GOAL_S = 0.4
EXE = str(Path(sys.executable).parent / "pencilbox")

PHASES = """
import json, sys, time
t = [time.perf_counter()]
import numpy
t.append(time.perf_counter())
from pencilbox import api, boardio, puzzles, service
t.append(time.perf_counter())
board = api.Board(boardio.load(sys.argv[1])[0][0].board)
puzzles.get(board.puzzle).kernel
t.append(time.perf_counter())
service.solve(board)
t.append(time.perf_counter())
service.solve(board)
t.append(time.perf_counter())
names = ["import numpy", "import pencilbox", "kernel module", "first solve", "second solve"]
out = {n: b - a for n, a, b in zip(names, t, t[1:])}
out["numba imported"] = float("numba" in sys.modules)
print(json.dumps(out))
"""
JITTED = {**os.environ, "PENCILBOX_AOT": "0"}


def wall(argv: list[str], env: dict[str, str] | None = None) -> float:
    """Median wall seconds of RUNS runs of a command (its output discarded)."""
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
        times.append(time.perf_counter() - t)
    return round(statistics.median(times), 4)


def phases(path: str, env: dict[str, str] | None = None) -> dict[str, float]:
    """Median seconds of each phase of a solve, over RUNS processes."""
    runs = [json.loads(subprocess.run([sys.executable, "-c", PHASES, path], capture_output=True, text=True,
                                      check=True, env=env).stdout) for _ in range(RUNS)]
    return {k: round(statistics.median(r[k] for r in runs), 4) for k in runs[0]}


def boards(folder: Path) -> dict[str, Path]:
    """The first 10x10 bank board of every puzzle, as a JSON file (with and without answer)."""
    out = {}
    for name in ("sukoro", "slant", "ripple", "fillapix"):
        rec = next(r for r in bank.load(name) if (r["rows"], r["cols"]) == (10, 10))
        out[name] = folder / f"{name}.json"
        out[name].write_text(json.dumps({**rec, "answer": None}))
        (folder / f"{name}-answer.json").write_text(json.dumps(rec))
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        paths = boards(Path(tmp))
        for p in paths.values():  # kernels into numba's cache, untimed
            subprocess.run([EXE, "solve", str(p)], capture_output=True, check=False, env=JITTED)
        py = sys.executable
        start = {"python": wall([py, "-c", "pass"]), "import numpy": wall([py, "-c", "import numpy"]),
                 "import numba": wall([py, "-c", "import numba"]), "--help": wall([EXE, "--help"]),
                 "convert": wall([EXE, "convert", str(paths["sukoro"]), "--format", "url"]),
                 "check": wall([EXE, "check", str(Path(tmp) / "sukoro-answer.json")])}
        solve = {name: wall([EXE, "solve", str(p)]) for name, p in paths.items()}
        solve_jitted = {name: wall([EXE, "solve", str(p)], JITTED) for name, p in paths.items()}
        where = phases(str(paths["sukoro"]))
        where_jitted = phases(str(paths["sukoro"]), JITTED)
    worst = max(solve.values())
    out = {
        "issue": "13 item 8: process start-up of the command line",
        "version": __version__, "python": platform.python_version(), "machine": platform.machine(),
        "cpus": os.cpu_count(), "load_average_1min": round(os.getloadavg()[0], 2), "runs": RUNS,
        "median_s": start, "ahead_of_time_built": bool(aot.load("pencilbox.puzzles.sukoro.jit")),
        "solve_10x10_median_s (ahead-of-time build)": solve,
        "solve_10x10_median_s (jitted, PENCILBOX_AOT=0)": solve_jitted,
        "solve_phases_median_s (sukoro, in-process, ahead-of-time build)": where,
        "solve_phases_median_s (sukoro, in-process, jitted)": where_jitted,
        "goal_s": GOAL_S, "goal_met": worst <= GOAL_S and where["numba imported"] == 0,
    }
    path = ROOT / "bench" / "results" / "cli.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
