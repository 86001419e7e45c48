"""Two source trees side by side: the compiled kernels' timings and results, a refactor's check
that nothing got slower or changed.

    python bench/tools/ab.py OLD/src NEW/src [--rounds 15] [--only TEXT] [--out FILE]

One worker process per tree (its own numba cache; PENCILBOX_AOT=0, the jitted code), both
kept alive; the driver hands each case to the two in turn, in alternating order, round after
round. This machine's speed drifts by tens of percent over a minute, so only times taken
seconds apart are compared: a case's figure is the median over rounds of new/old. Each task
also returns a digest of what it computed (counts, node counts, fixpoints, boards), which must
be equal on both sides. Cases: the uniqueness check and the whole-ladder fixpoint of every bank
board, and the generators (one seed per round) at 10x10, Slant 20x20 at probe, Fill-a-Pix
20x20 and 30x30, Sukoro 12x12, Ripple 8x8.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

WORKER = r'''
import hashlib, json, sys, time
from pencilbox import bank, boardio, puzzles
from pencilbox.core import engine

boards = {}
def bank_boards(name):
    if name not in boards:
        boards[name] = [boardio.board_from_json({**r, "answer": None}) for r in bank.load(name)]
    return boards[name]

def task(kind, name, rows, cols, grade, seed):
    p = puzzles.get(name)
    h = hashlib.sha256()
    if kind == "count":
        for b in bank_boards(name):
            c = engine.count(p, b, limit=2)
            h.update(repr((c.count, c.nodes, c.node_capped)).encode())
    elif kind == "fixpoint":
        full = engine.ladder(p)
        for b in bank_boards(name):
            h.update(repr(p.kernel.fixpoint(b, p.initial_state(b), full)).encode())
    else:
        h.update(p.to_text(p.generate(rows, cols, grade, seed).board).encode())
    return h.hexdigest()[:12]

for line in sys.stdin:
    args = json.loads(line)
    t = time.perf_counter()
    digest = task(*args)
    print(json.dumps([time.perf_counter() - t, digest]), flush=True)
'''

CASES = [(kind, name, 0, 0, None, 0) for name in ("slant", "sukoro", "ripple", "fillapix")
         for kind in ("count", "fixpoint")]
CASES += [("generate", name, r, c, grade, 0) for name, r, c, grade in (
    ("slant", 10, 10, "count"), ("slant", 10, 10, "probe"), ("slant", 20, 20, "probe"),
    ("fillapix", 10, 10, None), ("fillapix", 20, 20, None), ("fillapix", 30, 30, None),
    ("sukoro", 10, 10, None), ("sukoro", 12, 12, None), ("ripple", 8, 8, None))]


def label(case: tuple) -> str:
    kind, name, rows, cols, grade, _ = case
    return f"{kind} {name}" + (f" {rows}x{cols} {grade or 'any'}" if kind == "generate" else " (bank)")


class Worker:
    def __init__(self, src: Path, cache: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(src), "NUMBA_CACHE_DIR": str(cache), "PENCILBOX_AOT": "0"}
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def run(self, case: tuple) -> tuple[float, str]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(case) + "\n")
        self.proc.stdin.flush()
        t, digest = json.loads(self.proc.stdout.readline())
        return t, digest


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--only", default="", help="the cases whose name holds this text")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    cases = [c for c in CASES if args.only in label(c)]
    with tempfile.TemporaryDirectory() as tmp:
        side = {s: Worker(getattr(args, s).resolve(), Path(tmp) / s) for s in ("old", "new")}
        for case in cases:  # compile and load outside the clock
            for s in side.values():
                s.run(case)
        ratios: dict[str, list[float]] = {label(c): [] for c in cases}
        times: dict[str, dict[str, list[float]]] = {label(c): {"old": [], "new": []} for c in cases}
        same = {label(c): True for c in cases}
        for k in range(args.rounds):
            for case in cases:
                case = (*case[:5], k + 1)  # the generators' seed for this round
                got = {}
                for s in (("old", "new") if k % 2 == 0 else ("new", "old")):
                    got[s] = side[s].run(case)
                    times[label(case)][s].append(got[s][0])
                ratios[label(case)].append(got["new"][0] / got["old"][0])
                same[label(case)] &= got["new"][1] == got["old"][1]
        for s in side.values():
            s.proc.kill()
    table = {}
    for name, r in ratios.items():
        med = {s: statistics.median(times[name][s]) for s in ("old", "new")}
        table[name] = {"old_s": round(med["old"], 4), "new_s": round(med["new"], 4),
                       "new_over_old": round(statistics.median(r), 3), "same_results": same[name]}
        print(f"{name:40} {med['old']:8.4f} {med['new']:8.4f}  x{statistics.median(r):.3f}  "
              f"{'same' if same[name] else 'DIFFER'}")
    geo = statistics.geometric_mean([v["new_over_old"] for v in table.values()])
    print(f"geometric mean of new/old: {geo:.3f}")
    if args.out:
        args.out.write_text(json.dumps({"old": str(args.old), "new": str(args.new), "rounds": args.rounds,
                                        "geometric_mean": round(geo, 3), "cases": table}, indent=1) + "\n")


if __name__ == "__main__":
    main()
