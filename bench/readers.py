"""What the readers cost on hostile and large input (issue 47, item 2). Writes bench/results/readers.json.

Each case is a child process (``pencilbox check FILE``, or ``pencilbox.read(string)`` in the
library) timed with its peak memory (``os.wait4``'s max RSS, the whole interpreter's): a wrong
board must be refused at its first impossible line, in memory proportional to what is kept, and
every input within the 64 MiB limit read within 1 GB. Inputs are written by a child of their
own: a child's max RSS starts at its parent's RSS when it forked, so the parent stays small.
``--src DIR`` (repeatable) runs the same cases against other source trees, e.g. the main
branch's, side by side in one run, so the figures compare on one machine at one load
(``python bench/readers.py --src main=../main/src``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from child import measure  # bench/child.py (this folder is on sys.path when run)

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "results" / "readers.json"
LIMIT_S = 120.0
MB = 2**20


def text_rows(n: int) -> str:
    """The issue's board: a 1x2 Sukoro header, then rows (refused at the third)."""
    return "sukoro 1x2\nclues:\n" + ". .\n" * (n // 4)


def text_wide(n: int) -> str:
    return "sukoro 1x2\nclues:\n" + ". " * (n // 2) + "\n"


def text_blank(n: int) -> str:
    """Blank lines may stand anywhere: the board is wrong only at the end (no 'clues:')."""
    return "sukoro 1x2\n" + "\n" * n


def text_notes(n: int) -> str:
    """A right board after n bytes of comment lines: read, then checked."""
    return "# a note\n" * (n // 9) + "sukoro 1x2\nclues:\n1 .\nanswer:\n1 2\n"


def json_empties(n: int) -> str:
    """The issue's list: ``{}`` after ``{}``, each a bad board."""
    return "[" + ",".join(["{}"] * (n // 3)) + "]"


def json_lists(n: int) -> str:
    """One board whose clues are millions of empty rows (json.loads: 64 bytes a row)."""
    return '{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [' + ",".join(["[]"] * (n // 3)) + "]}"


def json_numbers(n: int) -> str:
    return '{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[' + ",".join(["1000"] * (n // 5)) + "]]}"


def json_valid(n: int) -> str:
    """A list of right 250000x1 Sukoro boards (one number a row): the most lists a board may hold."""
    board = json.dumps({"puzzle": "sukoro", "rows": 250_000, "cols": 1, "clues": [[None]] * 250_000})
    return "[" + ", ".join([board] * max(1, n // len(board))) + "]"


CHECK = ["check"]
CASES: dict[str, tuple[Callable[[int], str], list[str]]] = {
    "text_rows": (text_rows, CHECK), "text_wide": (text_wide, CHECK), "text_blank": (text_blank, CHECK),
    "text_notes": (text_notes, CHECK), "json_empties": (json_empties, CHECK),
    "json_lists": (json_lists, CHECK),
    "json_numbers": (json_numbers, CHECK), "json_valid": (json_valid, ["convert", "--format", "url"]),
    "library_rows": (text_rows, []),  # pencilbox.read(the text as a string)
}


def run(argv: list[str], env: dict[str, str]) -> dict[str, Any]:
    """One child: seconds, peak MB, exit code (None: killed at the limit), its last stderr line."""
    return measure(argv, env, LIMIT_S, width=160, poll_s=0.01)


LIBRARY = ("import sys, pencilbox\ntext = open(sys.argv[1]).read()\n"
           "try:\n    pencilbox.read(text)\nexcept pencilbox.BoardError as e:\n"
           "    print(e, file=sys.stderr)\n    sys.exit(2)\n")


def tree(given: str) -> tuple[str, str]:
    """``--src NAME=DIR`` (or DIR, named by its path) as (name, the folder)."""
    name, _, folder = given.rpartition("=")
    return name or folder, str(Path(folder).resolve())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mb", type=float, nargs="+", default=[2, 8, 60])
    ap.add_argument("--cases", nargs="+", default=list(CASES), choices=list(CASES))
    ap.add_argument("--src", action="append", default=[], help="NAME=DIR: another tree beside this")
    ap.add_argument("--make", nargs=3, metavar=("CASE", "BYTES", "PATH"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.make:  # the child that writes an input
        Path(args.make[2]).write_text(CASES[args.make[0]][0](int(args.make[1])))
        return
    trees = {"this": str(ROOT / "src"), **dict(tree(s) for s in args.src)}
    kept = json.loads(OUT.read_text()).get("cases", {}) if OUT.exists() else {}  # other cases' last runs
    out: dict[str, Any] = {"python": platform.python_version(), "limit_s": LIMIT_S,
                           "load_before": os.getloadavg(), "cpus": os.cpu_count(), "cases": kept}
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.cases:
            verb = CASES[name][1]
            for mb in args.mb:
                path = Path(tmp) / f"{name}.txt"
                make = [sys.executable, __file__, "--make", name, str(int(mb * MB)), str(path)]
                subprocess.run(make, check=True)
                size = round(path.stat().st_size / MB, 1)
                for label, src in trees.items():
                    env = {**os.environ, "PYTHONPATH": src}
                    argv = ([sys.executable, "-m", "pencilbox", verb[0], str(path), *verb[1:]] if verb else
                            [sys.executable, "-c", LIBRARY, str(path)])
                    got = {"input_mb": size, **run(argv, env), "load": os.getloadavg()[0]}
                    out["cases"].setdefault(f"{name}_{mb:g}mb", {})[label] = got
                    print(f"{name:14} {size:6.1f} MB  {label:>10}: exit {got['exit']}, {got['s']:6.2f} s, "
                          f"{got['mb']:7.1f} MB  {got['said'][:70]}", flush=True)
                path.unlink()
    out["load_after"] = os.getloadavg()
    OUT.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
