"""Every real board we hold, solved by the readable rungs under the default caps (issue 27).
Writes bench/results/readable.json.

A fresh install answers from the readable rungs until its kernels are built, under a smaller
work budget (core/budgets.py WORK_READABLE). This run checks that no published board comes back
``capped`` on that path: each board of ../shared/testdata is solved by ``pencilbox solve``'s
service call with ``PENCILBOX_KERNELS=reference`` (nothing compiled, nothing loaded) and its
default caps; the answer is compared with the source's, and the seconds are recorded.
``python bench/readable.py [--puzzles P ...]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ["PENCILBOX_KERNELS"] = "reference"  # before pencilbox reads it
os.environ["PENCILBOX_AOT"] = "0"

from pencilbox import __version__, api, boardio, service  # noqa: E402 - the policy is set first
from pencilbox.studies import runner  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "testdata"
OUT = ROOT / "bench" / "results" / "readable.json"
PUZZLES = ("sukoro", "slant", "ripple", "fillapix")
BOARD_KEYS = ("puzzle", "rows", "cols", "clues", "regions")


def case(rec: dict[str, Any]) -> dict[str, Any]:
    """One board: its status, whether the answer is the source's, the grade and the seconds."""
    board = boardio.board_from_json({k: rec[k] for k in BOARD_KEYS if k in rec})
    t0 = time.perf_counter()
    got = service.solve(api.Board(board)).to_dict()
    seconds = time.perf_counter() - t0
    expected = rec.get("answer") or rec.get("answer_derived")
    want = "unique" if rec.get("solutions", "unique") == "unique" else "multiple"
    right = got["status"] == want and (want != "unique" or expected is None or got["answer"] == expected)
    return {"id": rec["id"], "cells": board.rows * board.cols, "status": got["status"], "want": want,
            "right": right, "grade": got["grade"], "nodes": got["nodes"], "s": round(seconds, 4)}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    secs = [r["s"] for r in rows]
    return {"boards": len(rows), "right": sum(r["right"] for r in rows),
            "capped": sum(r["status"] == "capped" for r in rows),
            "wrong": [r["id"] for r in rows if not r["right"]],
            "median_s": round(statistics.median(secs), 4), "max_s": max(secs),
            "largest_cells": max(r["cells"] for r in rows)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", nargs="+", default=list(PUZZLES), choices=PUZZLES)
    args = ap.parse_args()
    load = os.getloadavg()[0]
    per: dict[str, Any] = {}
    for name in args.puzzles:
        rows = [case(rec) for rec in json.loads((DATA / f"{name}.json").read_text())]
        per[name] = {"summary": summary(rows), "boards": rows}
        print(name, json.dumps(per[name]["summary"]), file=sys.stderr)
    out = {"version": __version__, "commit": runner.commit(), "python": platform.python_version(),
           "machine": platform.machine(), "policy": "reference", "load_1min_before": round(load, 2),
           "puzzles": per}
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({k: v["summary"] for k, v in per.items()}, indent=1))


if __name__ == "__main__":
    main()
