"""The player's readable count (``service.player_count``, the first hint's and the setter's) on
Fill-a-Pix under its branching variants, natively as the browser runs it: the readable path
(``PENCILBOX_KERNELS=reference``) in a child interpreter whose imports of numpy, numba and
python-sat fail. Written to bench/results/lookahead.json.

Variants (``--variants``), each in a child of its own that counts every board once (a board's
probe memos stay with it in the process, so a second count of it would be cheaper):

- ``fewest``: no lookahead (the count as it was: a quick search of QUICK_NODES, then a probe at
  every node, branching on the first cell of the fewest values);
- ``window``: Fill-a-Pix's lookahead as shipped (fillapix/branch.py);
- ``product``: the lookahead on the product alone (a window of every open cell);
- ``lowest``: the shipped lookahead, each child lowest value first;
- ``misses16``: the shipped lookahead, its quick search giving up at 16 dead ends.

Boards: the bank's Fill-a-Pix boards (one answer each), and the setter's (several answers,
mostly): every third 10x10-or-larger bank board with its clues kept at random (seeded), 0, 20, 50,
80 and 95 in 100. Per board: status, nodes, milliseconds (wall and CPU); per variant and set:
the sum and the largest. The machine's load is recorded; nothing else should run beside it.
``python bench/lookahead.py [--variants fewest window ...] [--quick]``
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ("fewest", "window", "product", "lowest", "misses16")
KEEPS = (0.0, 0.2, 0.5, 0.8, 0.95)

CHILD = """
import importlib.abc, json, os, random, sys, time
from dataclasses import replace
class Absent(importlib.abc.MetaPathFinder):  # as in the browser: no numpy, numba or python-sat
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ("numpy", "numba", "llvmlite", "pysat"):
            raise ImportError(name)
sys.meta_path.insert(0, Absent())
os.environ["PENCILBOX_KERNELS"] = "reference"
from pencilbox import bank, puzzles, service
from pencilbox.core import ladder
from pencilbox.puzzles.fillapix import branch
from pencilbox.verbs import play

variant, quick, keeps = sys.argv[1], sys.argv[2] == "1", json.loads(sys.argv[3])
puzzle = puzzles.get("fillapix")
if variant == "fewest":
    puzzle.lookahead = None
elif variant == "product":
    puzzle.lookahead = branch.Window(1.0)
elif variant == "misses16":
    service.QUICK_MISSES = 16
elif variant == "lowest":
    ladder.Trials.first = lambda self, var, rem: rem & -rem
recs = bank.load("fillapix")
cases = [("bank", r["id"], play.board_of(r)) for r in recs]
rng = random.Random(1)
for r in [r for r in recs if r["rows"] * r["cols"] >= 100][::3]:
    board = play.board_of(r)
    for keep in keeps:
        clues = tuple(v if v is not None and rng.random() < keep else None for v in board.clues)
        cases.append(("setter", f"{r['id']}-keep{keep}", replace(board, clues=clues)))
if quick:
    cases = [c for c in cases if "20x20-any-0" in c[1] and c[1].endswith(("04", "05", "keep0.5"))]
out = []
for kind, name, board in cases:
    t, c = time.perf_counter(), time.process_time()
    got = service.player_count(puzzle, board, 20000)
    ms, cpu = (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000
    out.append({"set": kind, "board": name, "status": got.status, "nodes": got.nodes, "ms": round(ms, 1),
                "cpu_ms": round(cpu, 1)})
print(json.dumps(out))
"""


def run(variant: str, quick: bool) -> list[dict[str, Any]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    got = subprocess.run([sys.executable, "-c", CHILD, variant, "1" if quick else "0", json.dumps(KEEPS)],
                         capture_output=True, text=True, env=env, timeout=3600)
    if got.returncode:
        raise RuntimeError(got.stderr[-2000:])
    rows: list[dict[str, Any]] = json.loads(got.stdout.splitlines()[-1])
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kind in ("bank", "setter"):
        mine = [r for r in rows if r["set"] == kind]
        if mine:
            top = max(mine, key=lambda r: r["cpu_ms"])
            out[kind] = {"boards": len(mine), "cpu_ms_sum": round(sum(r["cpu_ms"] for r in mine)),
                         "cpu_ms_max": top["cpu_ms"], "slowest": top["board"],
                         "nodes_sum": sum(r["nodes"] for r in mine)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    ap.add_argument("--quick", action="store_true", help="a few boards only")
    ap.add_argument("--out", type=Path, default=ROOT / "bench/results/lookahead.json")
    a = ap.parse_args()
    results = {}
    for variant in a.variants:
        rows = run(variant, a.quick)
        results[variant] = {"summary": summary(rows), "boards": rows}
        print(variant, json.dumps(results[variant]["summary"]), flush=True)
    statuses = {v: [r["status"] for r in res["boards"]] for v, res in results.items()}
    if len({tuple(s) for s in statuses.values()}) > 1:
        raise RuntimeError(f"the variants disagree on a board's status: {statuses}")
    commit = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
                            capture_output=True, text=True).stdout.strip()
    doc = {"about": __doc__.split("\n\n")[0], "date": datetime.date.today().isoformat(), "commit": commit,
           "python": platform.python_version(), "load": os.getloadavg(), "variants": results}
    if not a.quick:
        a.out.write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
