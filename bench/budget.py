"""The cell budget, measured at its edge (issue 27, item 8; issue 47, item 3). Writes
bench/results/budget.json.

Every verb of the command line (``VERBS``: solve, count by each engine, grade, hint, check,
convert, backbone, generate at the board's size, render as SVG and PNG, print) with its default
caps runs on blank boards of each puzzle (no clue; Ripple: 2x2 block regions; ``check`` reads
the text form with an answer section of undecided cells) at the cell budgets it is given,
in a fresh child process with a 60 s limit and its peak memory (``os.wait4``'s max RSS) and CPU
seconds recorded: the budget holds where every verb answers (an honest ``capped`` is an answer)
or refuses with its reason (exit 2) within 60 s and 1 GB. ``out`` keeps the first line it
printed (its answer), ``said`` the last of stderr. The kernels are warm (``pencilbox warm`` has
run); ``--cold`` runs on an empty kernel cache instead, where the readable rungs answer.

``--thin R`` runs strips of R rows instead, ``--dense`` the heaviest boards of each kind (see
``dense``). ``python bench/budget.py [--cells N ...] [--puzzles P ...] [--verbs V ...] [--thin R]
[--dense] [--cold]`` (cases of an earlier run that this one does not repeat are kept in the file).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from child import measure  # bench/child.py (this folder is on sys.path when run)

from pencilbox import __version__, boardio, puzzles
from pencilbox.studies import runner

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "budget.json"
VERBS = ("check", "convert", "hint", "solve", "count", "grade", "backbone", "count-sat", "count-brute",
         "generate", "render-svg", "render-png", "print")
PUZZLES = ("sukoro", "slant", "ripple", "fillapix")
LIMIT_S = 60.0
LIMIT_MB = 1024.0


def blank(puzzle: str, cells: int, thin: int = 0) -> dict[str, Any]:
    """A blank board of about ``cells`` cells: near-square with even sides, or with ``thin``
    rows (a strip); Ripple's regions are 2x2 blocks (1x2 on a one-row strip)."""
    side = max(2, int(math.isqrt(cells)) // 2 * 2)
    rows = thin or side
    cols = cells // thin if thin else max(2, cells // side // 2 * 2)
    lattice = (rows + 1, cols + 1) if puzzle == "slant" else (rows, cols)
    board: dict[str, Any] = {"puzzle": puzzle, "rows": rows, "cols": cols,
                             "clues": [[None] * lattice[1] for _ in range(lattice[0])]}
    if puzzle == "ripple":
        wide = (cols + 1) // 2
        board["regions"] = [[(r // 2) * wide + c // 2 for c in range(cols)] for r in range(rows)]
    return board


def dense(puzzle: str, cells: int, seed: int = 27) -> dict[str, Any] | None:
    """The heaviest boards of a kind the readers take, seeded: Fill-a-Pix every clue of a random
    filling, Slant every point's clue of a random slash field, Ripple the largest regions (6x10
    blocks, 60 cells); None for Sukoro (its blank board is its heaviest)."""
    board = blank(puzzle, cells)
    rows, cols, rng = board["rows"], board["cols"], random.Random(seed)
    if puzzle == "fillapix":
        paint = [[rng.random() < 0.5 for _ in range(cols)] for _ in range(rows)]
        board["clues"] = [[sum(paint[y][x] for y in range(max(r - 1, 0), min(r + 2, rows))
                               for x in range(max(c - 1, 0), min(c + 2, cols))) for c in range(cols)]
                          for r in range(rows)]
    elif puzzle == "slant":
        back = [[rng.random() < 0.5 for _ in range(cols)] for _ in range(rows)]  # True: "\\"
        touch = [[0] * (cols + 1) for _ in range(rows + 1)]
        for r in range(rows):
            for c in range(cols):
                for y, x in (((r, c), (r + 1, c + 1)) if back[r][c] else ((r, c + 1), (r + 1, c))):
                    touch[y][x] += 1
        board["clues"] = touch
    elif puzzle == "ripple":
        rows, cols = rows // 6 * 6, cols // 10 * 10
        board = {"puzzle": puzzle, "rows": rows, "cols": cols, "clues": [[None] * cols for _ in range(rows)],
                 "regions": [[(r // 6) * (cols // 10) + c // 10 for c in range(cols)] for r in range(rows)]}
    else:
        return None
    return board


def undecided(data: dict[str, Any]) -> str:
    """The board as text with an answer section of undecided cells (what ``check`` reads)."""
    board = boardio.board_from_json(data)
    puzzle = puzzles.get(board.puzzle)
    answer = puzzle.answer_from_state(board, puzzle.initial_state(board))
    return boardio.dump(puzzle.with_answer(board, answer), "text")


def argv_of(verb: str, board: dict[str, Any], path: Path, marked: Path, tmp: Path) -> list[str]:
    """The command line a verb of VERBS runs on the board (``generate``: a board of its size)."""
    name, size = board["puzzle"], f"{board['rows']}x{board['cols']}"
    out = {"render-svg": ["--format", "svg", "--out", str(tmp / "out.svg")],
           "render-png": ["--format", "png", "--out", str(tmp / "out.png")]}
    if verb == "check":
        return ["check", str(marked)]
    if verb == "convert":
        return ["convert", str(path), "--format", "text"]
    if verb.startswith("count-"):
        return ["count", str(path), "--engine", verb.removeprefix("count-")]
    if verb == "generate":
        return ["generate", name, size, "--seed", "1"]
    if verb in out:
        return ["render", str(path), *out[verb]]
    if verb == "print":
        return ["print", str(path), "--out", str(tmp / "out.pdf")]
    return [verb, str(path)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cells", type=int, nargs="+", default=[10_000, 40_000, 100_000, 250_000])
    ap.add_argument("--cold", action="store_true", help="an empty kernel cache (the readable rungs answer)")
    ap.add_argument("--puzzles", nargs="+", default=list(PUZZLES))
    ap.add_argument("--verbs", nargs="+", default=list(VERBS), choices=VERBS)
    ap.add_argument("--thin", type=int, default=0, help="strips of this many rows, not squares")
    ap.add_argument("--dense", action="store_true", help="the heaviest boards (see dense), not blank ones")
    args = ap.parse_args()
    env = {**os.environ}
    kept = json.loads(OUT.read_text()).get("cases", {}) if OUT.exists() else {}  # other sizes' last runs
    out: dict[str, Any] = {"version": __version__, "python": platform.python_version(), "cold": args.cold,
                           "commit": runner.commit(),
                           "limit_s": LIMIT_S, "limit_mb": LIMIT_MB, "load_before": os.getloadavg(),
                           "cases": kept}
    with tempfile.TemporaryDirectory() as tmp:
        if args.cold:
            env = {**env, "PENCILBOX_CACHE_DIR": str(Path(tmp) / "cache"), "PENCILBOX_BUILD": "0"}
        for cells in args.cells:
            for name in args.puzzles:
                made = dense(name, cells) if args.dense else blank(name, cells, args.thin)
                if made is None:
                    continue
                board = made
                path = Path(tmp) / f"{name}-{cells}.json"
                path.write_text(json.dumps(board))
                marked = Path(tmp) / f"{name}-{cells}.txt"  # check reads a text board with an answer
                marked.write_text(undecided(board))
                size = f"{board['rows']}x{board['cols']}"
                for verb in args.verbs:
                    load = round(os.getloadavg()[0], 2)  # the machine is shared: wall seconds grow with it
                    argv = argv_of(verb, board, path, marked, Path(tmp))
                    pb = [sys.executable, "-m", "pencilbox", *argv]
                    got = {**measure(pb, env, LIMIT_S, width=160, answer=True), "load": load}
                    got["holds"] = got["exit"] in (0, 1, 2) and got["s"] <= LIMIT_S and got["mb"] <= LIMIT_MB
                    kind = " dense" if args.dense else ""
                    key = f"{name} {size}{kind} {verb}" + (" cold" if args.cold else "")
                    out["cases"][key] = {"cells": cells, "cold": args.cold, "dense": args.dense,
                                         "commit": out["commit"], **got}
                    print(f"{name} {size} {verb}: {got}", file=sys.stderr, flush=True)
                    save(out)  # after each case: a run cut short keeps what it measured
    save(out)


def save(out: dict[str, Any]) -> None:
    """The stats file as it stands (the load and the cell budget at this moment)."""
    out["load_after"] = os.getloadavg()
    out["max_cells"] = boardio.MAX_CELLS
    OUT.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
