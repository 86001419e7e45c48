"""What a PNG costs (issue 47, item 4). Writes bench/results/png.json.

Each case is ``pencilbox render BOARD --format png --out FILE`` of a blank board (Slant: its
lattice points make the widest picture) in a child process of its own, timed with its peak
memory (``os.wait4``'s max RSS) and the image's size in pixels, read from the PNG's header: a
board the pixel bound takes must be drawn within a minute and 1 GB, one it does not must be
refused before any drawing. ``--src DIR`` (repeatable) runs the same cases against other
source trees side by side (``python bench/png.py --src main=../main/src``: the main branch before
the bound drew a 1x40000 Slant 3,200,088 pixels wide).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import struct
import sys
import tempfile
from pathlib import Path
from typing import Any

from child import measure  # bench/child.py (this folder is on sys.path when run)

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "png.json"
LIMIT_S = 180.0
SIZES = ("60x100", "100x100", "150x150", "200x200", "1x400", "1x40000")


def blank(puzzle: str, rows: int, cols: int) -> str:
    side = (rows + 1, cols + 1) if puzzle == "slant" else (rows, cols)
    return json.dumps({"puzzle": puzzle, "rows": rows, "cols": cols, "clues": [[None] * side[1]] * side[0]})


def dense(rows: int, cols: int, seed: int = 47) -> str:
    """A Sukoro whose every cell is drawn: a third of them clued, an answer section filled in
    everywhere (render --answer draws it as it is), so a disc and a digit, or a cross, a cell."""
    rng = random.Random(seed)
    return json.dumps({"puzzle": "sukoro", "rows": rows, "cols": cols,
                       "clues": [[rng.choice([1, 2, None, None]) for _ in range(cols)] for _ in range(rows)],
                       "answer": [[rng.choice([0, 1, 2, 3, 4]) for _ in range(cols)] for _ in range(rows)]})


def pixels(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG's IHDR chunk (None: no PNG there)."""
    try:
        head = path.read_bytes()[:24]
    except OSError:
        return None
    return struct.unpack(">II", head[16:24]) if head[:8] == b"\x89PNG\r\n\x1a\n" else None


def run(argv: list[str], env: dict[str, str]) -> dict[str, Any]:
    """One child: seconds, peak MB, exit code (None: killed at the limit), its last stderr line."""
    return measure(argv, env, LIMIT_S, width=200, poll_s=0.02)


def tree(given: str) -> tuple[str, str]:
    """``--src NAME=DIR`` (or DIR, named by its path) as (name, the folder)."""
    name, _, folder = given.rpartition("=")
    return name or folder, str(Path(folder).resolve())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", nargs="+", default=list(SIZES))
    ap.add_argument("--puzzle", default="slant")
    ap.add_argument("--dense", action="store_true", help="Sukoro with every cell drawn (see dense), --answer")
    ap.add_argument("--src", action="append", default=[], help="NAME=DIR: another tree beside this")
    args = ap.parse_args()
    trees = {"this": str(ROOT / "src"), **dict(tree(s) for s in args.src)}
    kept = json.loads(OUT.read_text()).get("cases", {}) if OUT.exists() else {}  # other cases' last runs
    out: dict[str, Any] = {"python": platform.python_version(), "limit_s": LIMIT_S,
                           "load_before": os.getloadavg(), "cpus": os.cpu_count(), "cases": kept}
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            rows, cols = (int(x) for x in size.split("x"))
            board = Path(tmp) / "board.json"
            board.write_text(dense(rows, cols) if args.dense else blank(args.puzzle, rows, cols))
            for label, src in trees.items():
                png = Path(tmp) / "out.png"
                png.unlink(missing_ok=True)
                argv = [sys.executable, "-m", "pencilbox", "render", str(board), "--format", "png",
                        "--out", str(png), *(["--answer"] if args.dense else [])]
                got = {**run(argv, {**os.environ, "PYTHONPATH": src}), "pixels": pixels(png),
                       "load": os.getloadavg()[0]}
                case = f"{'dense_sukoro' if args.dense else args.puzzle}_{size}"
                out["cases"].setdefault(case, {})[label] = got
                print(f"{size:>8} {label:>10}: exit {got['exit']}, {got['s']:7.2f} s, {got['mb']:7.1f} MB, "
                      f"{got['pixels']}  {got['said'][:90]}", flush=True)
    out["load_after"] = os.getloadavg()
    OUT.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
