"""The static site in the browser (issue 46 item 4), written to bench/results/site.json.

Headless chromium (Debian's, by Playwright) against the site built by ``pencilbox site`` and
served from a folder on loopback by a plain static file server (no pencilbox process):

- ``page_s``: navigation to the first board drawn (first visit: a fresh browser profile; later
  visit: the same profile reloaded, its service worker holding the files);
- ``engine_s``: navigation to pencilbox answering in the web worker (Pyodide loaded, the wheel
  unpacked, ``pencilbox.verbs.wire`` imported), first and later visit;
- ``hint_ms``: bank boards of each puzzle's largest size walked by hints at the top level
  (``--boards`` of them: the hardest grade the ladder finishes first, so the walk reaches the
  end, and one graded search, whose walk ends stuck where a guess is needed), each call timed
  in the page from ``api("hint")`` to its answer (p50, p95, max over all, and each walk);
- ``new_board_s``: ``generate`` at 10x10 and at the bank's largest size, every grade the bank
  has, ``--seeds`` seeds each, SEEDS_APART apart (each request tries seeds from its own until
  one has the grade: seeds 1, 2, 3 would share most of their tries); the median and the max
  over the seeds. A rare grade costs a geometric number of tries (Fill-a-Pix 10x10 search:
  about 1 uniqueness-minimal board in 21), so the goal is judged on the median, the max beside it;
- ``setter_ms``: the setter's count (answers, grade, the answers drawn) on the largest bank
  board of each puzzle (median of 3); ``redundant_ms`` the redundant-clue scan the page asks
  for after it (its own time budget: verbs/play.py REDUNDANT_BUDGET_S).

The same work natively (this CPython, the readable path: ``PENCILBOX_KERNELS=reference``,
``pencilbox.verbs.wire``, in a child process whose imports of numpy, numba and python-sat fail
as they do in the browser) is recorded beside it as ``native``. The browser's version
and the machine's load are recorded; nothing else should run beside it.
``python bench/site.py [--site DIR] [--seeds N] [--boards N] [--puzzles P ...] [--parts hint setter new]``
"""

from __future__ import annotations

import argparse
import importlib.abc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ["PENCILBOX_KERNELS"] = "reference"  # native figures: the readable path, as the browser runs
ABSENT = ("numpy", "numba", "llvmlite", "pysat")  # what the browser lacks: the native run lacks it too


class Absent(importlib.abc.MetaPathFinder):
    """Refuses the compiled dependencies, as Pyodide (which has none of them) does."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> None:
        if name.split(".")[0] in ABSENT:
            raise ImportError(f"{name} is absent in the browser")


if "--native-only" in sys.argv:  # the child that times the same work natively
    sys.meta_path.insert(0, Absent())

from pencilbox import bank  # noqa: E402
from pencilbox.site import build  # noqa: E402
from pencilbox.site.local import serve  # noqa: E402
from pencilbox.verbs import wire  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "site.json"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
PUZZLES = ("sukoro", "slant", "ripple", "fillapix")
GOALS: dict[str, Any] = {"page_s": {"first": 1.0, "later": 1.0}, "engine_s": {"first": 5.0, "later": 2.0},
         "hint_ms": {"p95": 150, "max": 500}, "new_board_s": {"10x10": 2.0, "largest": 10.0},
         "setter_ms": 1000}

READY = "document.body.dataset.engine === 'ready'"
SNAPSHOT_KEPT = "caches.open('pyodide-snapshots').then((c) => c.keys()).then((k) => k.length > 0)"
CALL = """async ([verb, body]) => {
    const m = await import('./static/api.js');
    const t = performance.now();
    let out, error = null;
    try { out = await m.api(verb, body); } catch (e) { error = e.message; }
    return { ms: performance.now() - t, out, error };
}"""
WALK = """async (board) => {
    const m = await import('./static/api.js');
    const pos = new Array(board.rows * board.cols).fill(null);
    const ms = [];
    for (let k = 0; k < 4 * pos.length; k++) {
        const t = performance.now();
        const res = await m.api('hint', { board, position: pos, level: null });
        ms.push(performance.now() - t);
        if (res.kind !== 'hint') return { ms, end: res.kind };
        pos[res.cell[0] * board.cols + res.cell[1]] = res.mark;
    }
    return { ms, end: 'unfinished' };
}"""


def page_board(rec: dict[str, Any]) -> dict[str, Any]:
    """A bank board as the page's JSON."""
    board: dict[str, Any] = json.loads(wire.answer("board", json.dumps({"id": rec["id"]}))[1])["board"]
    return board


def largest(name: str) -> dict[str, Any]:
    """The puzzle's largest bank board (the first of its size), as the page's JSON."""
    return page_board(max(bank.load(name), key=lambda r: r["rows"] * r["cols"]))


def walk_boards(name: str, count: int) -> list[dict[str, Any]]:
    """Bank boards of the puzzle's largest size to walk by hints: the hardest grade the ladder
    finishes first (those walks reach the end), highest ids first, and one graded search (its walk
    ends stuck, where the ladder needs a guess) where the bank has one."""
    from pencilbox import puzzles
    from pencilbox.core import engine
    recs = bank.load(name)
    top = max(r["rows"] * r["cols"] for r in recs)
    rank = {lv: i for i, lv in enumerate(engine.levels(puzzles.get(name)))}
    big = sorted((r for r in recs if r["rows"] * r["cols"] == top), key=lambda r: r["id"], reverse=True)
    finished = sorted((r for r in big if r["grade"] in rank), key=lambda r: rank[r["grade"]], reverse=True)
    guessed = [r for r in big if r["grade"] not in rank]
    chosen = finished[:count - 1] + guessed[:1] if guessed else finished[:count]
    return [page_board(r) | {"id": r["id"], "grade": r["grade"]} for r in chosen]


SEEDS_APART = 1000  # New board's seeds: 1, 1001, 2001, ... (a request rarely tries 1,000 seeds)


def spread(seeds: int) -> range:
    """The seeds New board is timed at, far enough apart that no two requests share tries."""
    return range(1, 1 + SEEDS_APART * seeds, SEEDS_APART)


def new_board_cases(name: str) -> list[tuple[str, dict[str, Any]]]:
    """(10x10 | largest, a generate request) for every grade the bank has."""
    recs = bank.load(name)
    sizes = {(r["rows"], r["cols"]) for r in recs}
    top = max(sizes, key=lambda s: s[0] * s[1])
    out = []
    for label, size in (("10x10", (10, 10)), ("largest", top)):
        if size not in sizes or (label == "largest" and size == (10, 10)):
            continue
        for grade in sorted({r["grade"] for r in recs if (r["rows"], r["cols"]) == size}):
            out.append((label, {"puzzle": name, "rows": size[0], "cols": size[1], "grade": grade}))
    return out


def stats(values: list[float], digits: int = 1) -> dict[str, float]:
    v = sorted(values)
    return {"n": len(v), "p50": round(statistics.median(v), digits),
            "p95": round(v[min(len(v) - 1, int(0.95 * len(v)))], digits), "max": round(v[-1], digits)}


# ---------------------------------------------------------------- natively

def native_walk(board: dict[str, Any]) -> dict[str, Any]:
    """The page's hint walk, natively: each hint's ms and how the walk ended."""
    pos: list[Any] = [None] * (board["rows"] * board["cols"])
    ms = []
    end = "unfinished"
    for _ in range(4 * len(pos)):
        t = time.perf_counter()
        res = json.loads(wire.answer("hint", json.dumps({"board": board, "position": pos, "level": None}))[1])
        ms.append((time.perf_counter() - t) * 1000)
        if res.get("kind") != "hint":
            end = res.get("kind", "error")
            break
        pos[res["cell"][0] * board["cols"] + res["cell"][1]] = res["mark"]
    return {"ms": ms, "end": end}


def native_call(verb: str, request: dict[str, Any]) -> float:
    t = time.perf_counter()
    status, out = wire.answer(verb, json.dumps(request))
    if status != 200:
        raise RuntimeError(f"{verb} {request}: {status} {out[:200]!r}")
    return time.perf_counter() - t


NATIVE_CAP_S = 180  # a native New board still running then is recorded as this (a lower bound)
CHILD = f"""
import importlib.abc, sys, time
class Absent(importlib.abc.MetaPathFinder):  # as in the browser: no numpy, numba or python-sat
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {ABSENT!r}:
            raise ImportError(name)
sys.meta_path.insert(0, Absent())
from pencilbox.verbs import wire
t = time.perf_counter()
status, _ = wire.answer("generate", sys.argv[1])
print(time.perf_counter() - t if status == 200 else -1)
"""


def native_generate(request: dict[str, Any]) -> float:
    """One New board natively, in a child process (so a slow one can be ended at the cap)."""
    try:
        env = {**os.environ, "PENCILBOX_KERNELS": "reference"}
        done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(request)], capture_output=True,
                              text=True, timeout=NATIVE_CAP_S, env=env)
    except subprocess.TimeoutExpired:
        return float(NATIVE_CAP_S)
    return float(done.stdout.strip() or -1)


# ---------------------------------------------------------------- in the browser

def visit(browser: Any, base: str, context: Any | None = None) -> tuple[Any, Any, float, float]:
    """Open the site (in ``context``, else a fresh one); (context, page, board drawn s, engine s)."""
    ctx = context or browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    t = time.perf_counter()
    page.goto(base + "/")
    page.wait_for_selector("#board .cell")
    drawn = time.perf_counter() - t
    page.wait_for_function(READY, polling=20)
    return ctx, page, drawn, time.perf_counter() - t


PARTS = ("page", "hint", "setter", "new")


def in_browser(base: str, puzzles: list[str], seeds: int, boards: int, log: Callable[[str], None],
               parts: tuple[str, ...] = PARTS) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright
    out: dict[str, Any] = {"page_s": {}, "engine_s": {}, "hint_ms": {}, "new_board_s": {}, "setter_ms": {},
                           "redundant_ms": {}}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        out["browser"] = f"chromium {browser.version}"
        ctx, page, drawn, ready = visit(browser, base)
        out["page_s"]["first"], out["engine_s"]["first"] = round(drawn, 3), round(ready, 3)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function(SNAPSHOT_KEPT, polling=100)  # what a later visit's engine starts from
        page.close()
        later = [visit(browser, base, ctx)[2:] for _ in range(3)]
        out["page_s"]["later"] = round(statistics.median(d for d, _ in later), 3)
        out["engine_s"]["later"] = round(statistics.median(r for _, r in later), 3)
        log(f"page {out['page_s']}  engine {out['engine_s']}")
        _, page, _, _ = visit(browser, base, ctx)
        for name in puzzles:
            board = largest(name)
            if "hint" in parts:
                walks = [(b, page.evaluate(WALK, clean(b))) for b in walk_boards(name, boards)]
                out["hint_ms"][name] = hint_record(walks)
                log(f"{name}: hints {out['hint_ms'][name]}")
            if "setter" in parts:
                count = ["setter", {"board": board, "redundant": False}]
                counts = [page.evaluate(CALL, count)["ms"] for _ in range(3)]
                out["setter_ms"][name] = round(statistics.median(counts), 1)
                scan = page.evaluate(CALL, ["redundant", {"board": board}])["ms"]
                out["redundant_ms"][name] = round(scan, 1)
                log(f"{name}: setter {out['setter_ms'][name]} ms, then redundant clues {scan:.0f} ms")
            for label, request in new_board_cases(name) if "new" in parts else ():
                took: list[float] = []
                errors = []
                for seed in spread(seeds):
                    got = page.evaluate(CALL, ["generate", {**request, "seed": seed}])
                    took.append(got["ms"] / 1000)  # a failure (the page's budget ran out) counts its time
                    if got["error"]:
                        errors.append(f"seed {seed}: {got['error'][:120]}")
                        page.wait_for_function(READY, polling=50)  # a fresh engine after a budget's end
                key = f"{name} {request['rows']}x{request['cols']} {request['grade']}"
                out["new_board_s"][key] = {"size": label, "median": round(statistics.median(took), 2),
                                           "max": round(max(took), 2), "errors": errors}
                log(f"  new board {key}: {out['new_board_s'][key]}")
        browser.close()
    return out


def natively(puzzles: list[str], seeds: int, boards: int, log: Callable[[str], None],
             parts: tuple[str, ...] = PARTS) -> dict[str, Any]:
    """The same work natively, in this process (the child that blocks the compiled imports)."""
    out: dict[str, Any] = {"hint_ms": {}, "new_board_s": {}, "setter_ms": {}, "redundant_ms": {}}
    for name in puzzles:
        board = largest(name)
        if "hint" in parts:
            walks = [(b, native_walk(clean(b))) for b in walk_boards(name, boards)]
            out["hint_ms"][name] = hint_record(walks)
        if "setter" in parts:
            out["setter_ms"][name] = round(statistics.median(
                native_call("setter", {"board": board, "redundant": False}) * 1000 for _ in range(3)), 1)
            out["redundant_ms"][name] = round(native_call("redundant", {"board": board}) * 1000, 1)
        for _label, request in new_board_cases(name) if "new" in parts else ():
            took = [native_generate({**request, "seed": s}) for s in spread(seeds)]
            key = f"{name} {request['rows']}x{request['cols']} {request['grade']}"
            out["new_board_s"][key] = {"median": round(statistics.median(took), 2),
                                       "max": round(max(took), 2)}
        log(f"native {name}: hints {out['hint_ms'].get(name)}  setter {out['setter_ms'].get(name)} ms")
    return out


def clean(board: dict[str, Any]) -> dict[str, Any]:
    """The board as the page sends it (without the bench's own labels)."""
    return {k: v for k, v in board.items() if k not in ("id", "grade")}


def hint_record(walks: list[tuple[dict[str, Any], Any]]) -> dict[str, Any]:
    """Every hint's time over the walks (p50, p95, max), and each walk's board, length and end."""
    each = [(b, w if isinstance(w, dict) else {"ms": w, "end": None}) for b, w in walks]
    return {**stats([ms for _, w in each for ms in w["ms"]]),
            "walks": [{"board": b["id"], "grade": b["grade"], "hints": len(w["ms"]), "end": w["end"],
                       "max": round(max(w["ms"]), 1)} for b, w in each]}


def native_child(args: argparse.Namespace) -> dict[str, Any]:
    """``natively`` in a child process whose imports of numpy, numba and python-sat fail."""
    argv = [sys.executable, __file__, "--native-only", "--seeds", str(args.seeds),
            "--boards", str(args.boards), "--puzzles", *args.puzzles, "--parts", *args.parts]
    done = subprocess.run(argv, capture_output=True, text=True)
    sys.stderr.write(done.stderr)
    if done.returncode:
        raise RuntimeError(f"the native run failed ({done.returncode})")
    got: dict[str, Any] = json.loads(done.stdout)
    return got


def verdicts(got: dict[str, Any]) -> dict[str, bool | None]:
    """Each goal met or not, from the browser's figures (None: not measured this run)."""
    met: dict[str, bool | None] = {
        "page_s": all(got["page_s"][k] <= GOALS["page_s"][k] for k in ("first", "later")),
        "engine_s": all(got["engine_s"][k] <= GOALS["engine_s"][k] for k in ("first", "later")),
        "hint_ms": all(h["p95"] <= GOALS["hint_ms"]["p95"] and h["max"] <= GOALS["hint_ms"]["max"]
                       for h in got["hint_ms"].values()),
        "new_board_s": all(v["median"] <= GOALS["new_board_s"][v["size"]]
                           for v in got["new_board_s"].values()),
        "setter_ms": all(v <= GOALS["setter_ms"] for v in got["setter_ms"].values()),
    }
    return {k: v if k in ("page_s", "engine_s") or got[k] else None for k, v in met.items()}


def commit() -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, timeout=10)
    except OSError:
        return None
    return done.stdout.strip() or None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", help="a built site (default: build one into a temporary folder)")
    ap.add_argument("--seeds", type=int, default=5, help="seeds per New board case (default 5)")
    ap.add_argument("--puzzles", nargs="+", default=list(PUZZLES), choices=PUZZLES)
    ap.add_argument("--parts", nargs="+", default=list(PARTS), choices=PARTS,
                    help="what to measure besides the page and engine start (default: all)")
    ap.add_argument("--boards", type=int, default=3, help="bank boards walked per puzzle (default 3)")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--native-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)
    if args.native_only:
        print(json.dumps(natively(args.puzzles, args.seeds, args.boards, log, tuple(args.parts))))
        return
    machine = {"cpus": os.cpu_count(), "python": platform.python_version(), "load_before": os.getloadavg()}
    record: dict[str, Any] = {"commit": commit(), "machine": machine, "goals": GOALS, "parts": args.parts,
                              "seeds": args.seeds}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            record["site"] = {k: v for k, v in build(folder).items() if k != "out"}
        with serve(folder) as base:
            record["browser"] = in_browser(base, args.puzzles, args.seeds, args.boards, log,
                                           tuple(args.parts))
    record["native"] = native_child(args)
    record["machine"]["load_after"] = os.getloadavg()
    record["met"] = verdicts(record["browser"])
    Path(args.out).write_text(json.dumps(record, indent=1) + "\n")
    print(json.dumps(record["met"]))


if __name__ == "__main__":
    main()
