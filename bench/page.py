"""Hints in the page (issue 28 item 3), written to bench/results/page.json.

A hint-driven solve in Debian's chromium (Playwright) of the largest bank board of each
puzzle, at its grade, clicking Hint until the board is solved: the page's own time from the
click to the painted board (``window.pb.hintMs``: the click event's timestamp to the frame
after the redraw), p50, p95 and max, at desktop (1280x800) and phone (390x844, touch) size.
Goal: p95 within 100 ms. The server runs in this process on loopback (bench/load/loadtest.py).
``python bench/page.py [--puzzles P ...] [--hints N]``
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

from load.loadtest import running_server  # bench/ is on the path when this runs as a script

from pencilbox import __version__, bank, puzzles
from pencilbox.core import engine
from pencilbox.studies import runner

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "page.json"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
SIZES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}
PUZZLES = ("sukoro", "slant", "ripple", "fillapix")
WAIT = """n => { const m = document.getElementById('message'), done = m.dataset.kind !== 'hint';
    return window.pb.hintMs.length > n || (done && m.textContent !== 'Thinking…'); }"""  # a hint, or the end


def largest(name: str) -> dict[str, Any]:
    """The bank's largest board of the hardest grade a ladder level finishes (drive.py's choice)."""
    puzzle = puzzles.get(name)
    recs = [r for r in bank.load(name) if r["grade"] in engine.levels(puzzle)]
    top = max(r["rows"] * r["cols"] for r in recs)
    return max((r for r in recs if r["rows"] * r["cols"] == top),
               key=lambda r: (engine.grade_rank(puzzle, r["grade"]), r["id"]))


def _q(ms: list[float], q: float) -> float:
    s = sorted(ms)
    return round(s[min(len(s) - 1, int(q * (len(s) - 1)))], 1)


def walk(page: Any, base: str, rec: dict[str, Any], most: int) -> dict[str, Any]:
    """Open the board, pick its grade as the hint level, click Hint until it stops hinting."""
    page.goto(f"{base}/#{rec['id']}")
    page.wait_for_selector("body[data-ready='yes']")
    page.wait_for_function("id => window.pb.key === id && window.pb.busy === 0", arg=rec["id"])
    page.select_option("#hint-level", rec["grade"])
    t0 = time.monotonic()
    for _ in range(most):
        n = page.evaluate("window.pb.hintMs.length")
        page.click("#hint")
        page.wait_for_function(WAIT, arg=n)
        if page.evaluate("window.pb.hintMs.length") == n:
            break
    ms = page.evaluate("window.pb.hintMs")
    return {"board": rec["id"], "level": rec["grade"], "hints": len(ms), "p50_ms": _q(ms, 0.5),
            "p95_ms": _q(ms, 0.95), "max_ms": round(max(ms), 1), "mean_ms": round(statistics.fmean(ms), 1),
            "solved": page.evaluate("document.getElementById('message').dataset.kind") == "ok",
            "wall_s": round(time.monotonic() - t0, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--puzzles", nargs="+", default=list(PUZZLES))
    ap.add_argument("--hints", type=int, default=1000, help="at most this many hints a walk")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    out: dict[str, Any] = {"version": __version__, "python": platform.python_version(),
                           "commit": runner.commit(), "goal_p95_ms": 100, "load_before": os.getloadavg(),
                           "walks": {}}
    with running_server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for size, ctx_args in SIZES.items():
            for name in args.puzzles:
                ctx = browser.new_context(**ctx_args)
                page = ctx.new_page()
                page.set_default_timeout(30_000)
                got = walk(page, base, largest(name), args.hints)
                out["walks"][f"{name} {size}"] = got
                print(f"{name} {size}: {got}", file=sys.stderr, flush=True)
                ctx.close()
        browser.close()
    out["load_after"] = os.getloadavg()
    OUT.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
