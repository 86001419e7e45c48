"""The generators' goals of issue 17, each as median and p90 over at least 20 boards (seeds
recorded), with the goal and Simon Tatham's figures beside it: writes
bench/results/generators.json and prints it.

Every registered puzzle is run through its public ``generate(rows, cols, grade, seed)``;
a puzzle's cases (sizes, grades, goals, the Tatham game that matches) are its entry in
``CASES`` (a puzzle without one gets its bank's largest size, ungraded). Besides the
generators: the uniqueness check (the ladder's count, limit 2) of boards Tatham's own
generator made, against his solver on the same boards.

Tatham's figures come two ways. ``REFERENCE`` holds the constants the issue gives (measured
by its author on this machine, 2026); they moved by 35-50 % between two sessions, so with
``--tatham DIR`` the script also times his generator beside ours in this one run: DIR holds
an executable ``tatham`` (built outside the repo from his collection's C source; nothing of
his enters the project) that reads one command a line and answers one line, timing itself
in-process, so no process start is timed:

    gen slant W H DIFF SEED    -> "<ms> <desc>"   DIFF 0 Easy, 1 Hard
    gen mosaic W H SEED        -> "<ms> <desc>"   default settings
    solve slant W H DIFF DESC  -> "<ms> <r>"      r 1: his solver finishes it at DIFF
    solve mosaic W H DESC      -> "<ms> <r>"      r 1: his deductions settle every cell

Board k of a case is ours from seed 1000 k and his with seed k, the two timed in turn (ours
first on even k, his first on odd k); beside the driver a case runs ``--runs`` times over the
same seeds (else once), and the spread is (max - min) / median of the runs' medians. Without
``--tatham`` the uniqueness cases reuse the game IDs recorded in the results file (his
generator's output, as data).

    python bench/generators.py [PUZZLE ...] [--boards N] [--runs R] [--tatham DIR] [--only TEXT]
                               [--quick] [--out FILE]

``--quick`` runs every case on tiny boards, two boards, one run: it shows the script works
(its figures mean nothing; give it ``--out``). A run updates only the cases it ran in the
results file (each case records its own date and commit).
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pencilbox import __version__, bank, boardio, puzzles
from pencilbox.core import engine

ROOT = Path(__file__).resolve().parent.parent
SOURCE = "measured by the issue's author on this machine, 2026 (issue 17)"
# Tatham's medians in ms, as the issue gives them: (game, W, H, setting) -> ms.
REFERENCE = {("slant", 10, 10, "Easy"): 1.7, ("slant", 10, 10, "Hard"): 5.6,
             ("slant", 20, 20, "Easy"): 47.0, ("slant", 20, 20, "Hard"): 132.0,
             ("mosaic", 10, 10, "default"): 0.82, ("mosaic", 20, 20, "default"): 27.0,
             ("mosaic", 30, 30, "default"): 228.0,
             ("solve slant", 20, 20, "Hard"): 0.57, ("solve mosaic", 20, 20, "default"): 0.22,
             ("solve mosaic", 30, 30, "default"): 0.88}
DIFF = {"Easy": 0, "Hard": 1}


@dataclass(frozen=True)
class Case:
    """One generator goal: a puzzle at a size and grade, its goal (median ms, or a ratio to
    Tatham's median), and the Tatham game and setting that match it."""

    puzzle: str
    rows: int
    cols: int
    grade: str | None
    goal_ms: float | None = None
    goal_ratio: float | None = None
    game: str | None = None  # "slant" or "mosaic"
    setting: str = "default"

    @property
    def name(self) -> str:
        return f"{self.puzzle} {self.rows}x{self.cols} {self.grade or 'any'}"

    def gen_command(self, seed: int) -> str:
        if self.game == "slant":
            return f"gen slant {self.cols} {self.rows} {DIFF[self.setting]} {seed}"
        return f"gen mosaic {self.cols} {self.rows} {seed}"


@dataclass(frozen=True)
class Unique:
    """The uniqueness check of boards Tatham's generator made (game, size, setting), ours
    against his solver, with its goal."""

    puzzle: str
    game: str
    rows: int
    cols: int
    setting: str
    goal_ms: float | None = None

    @property
    def name(self) -> str:
        return f"uniqueness {self.puzzle} {self.rows}x{self.cols} of Tatham {self.setting}"

    def solve_command(self, desc: str) -> str:
        if self.game == "slant":
            return f"solve slant {self.cols} {self.rows} {DIFF[self.setting]} {desc}"
        return f"solve mosaic {self.cols} {self.rows} {desc}"


SLANT_RATIO = 1.5  # issue 17 item 2: within 1.5x of Tatham at the matching grade
CASES: dict[str, list[Case]] = {
    "slant": [Case("slant", 10, 10, "count", 2.5, SLANT_RATIO, "slant", "Easy"),
              Case("slant", 10, 10, "probe", 8.0, SLANT_RATIO, "slant", "Hard"),
              Case("slant", 20, 20, "count", None, SLANT_RATIO, "slant", "Easy"),
              Case("slant", 20, 20, "probe", 200.0, SLANT_RATIO, "slant", "Hard")],
    "fillapix": [Case("fillapix", 10, 10, None, 1.5, None, "mosaic"),
                 Case("fillapix", 20, 20, None, 40.0, None, "mosaic"),
                 Case("fillapix", 30, 30, None, 300.0, None, "mosaic")],
    "sukoro": [Case("sukoro", 10, 10, None), Case("sukoro", 15, 15, None, 500.0),
               Case("sukoro", 20, 20, None, 2000.0)],
    "ripple": [Case("ripple", 8, 8, None), Case("ripple", 12, 12, None), Case("ripple", 15, 15, None)],
}
UNIQUE: dict[str, list[Unique]] = {
    "slant": [Unique("slant", "slant", 20, 20, "Hard", 1.0)],
    "fillapix": [Unique("fillapix", "mosaic", 20, 20, "default"),
                 Unique("fillapix", "mosaic", 30, 30, "default")],
}


def cases_of(name: str) -> list[Case]:
    """A puzzle's cases; without an entry, its bank's largest size, ungraded."""
    if name in CASES:
        return CASES[name]
    sizes = sorted({(r["rows"], r["cols"]) for r in bank.load(name)})
    return [Case(name, *sizes[-1], None)] if sizes else []


def tiny(case: Case) -> Case:
    """The case on a 5x5 board (for --quick)."""
    return Case(case.puzzle, 5, 5, case.grade, case.goal_ms, case.goal_ratio, case.game, case.setting)


class Tatham:
    """The driver process (see the module's docstring), kept alive for the whole run."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "tatham"
        self.proc = subprocess.Popen([str(self.path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)

    def ask(self, command: str) -> tuple[float, str]:
        """One command; its in-process ms and its answer."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline().split()
        if len(line) != 2 or line[0] == "error":
            raise RuntimeError(f"the Tatham driver answered {line!r} to {command!r}")
        return float(line[0]), line[1]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("quit\n")
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def stats(ms: list[float]) -> dict[str, float]:
    """Median and p90 (nearest rank) of a list of ms."""
    ordered = sorted(ms)
    p90 = ordered[min(len(ordered) - 1, max(0, -(-9 * len(ordered) // 10) - 1))]
    return {"median_ms": round(statistics.median(ordered), 3), "p90_ms": round(p90, 3)}


def spread(medians: list[float]) -> float | None:
    """(max - min) / median of the runs' medians; None with one run."""
    if len(medians) < 2:
        return None
    return round((max(medians) - min(medians)) / statistics.median(medians), 3)


SEED_STEP = 1000  # board k is ours from seed 1000 k: a graded generator tries k, k+1, ... for its grade


def ours(case: Case, seed: int) -> tuple[float, Any]:
    puzzle = puzzles.get(case.puzzle)
    t = time.perf_counter()
    made = puzzle.generate(case.rows, case.cols, case.grade, seed)
    return (time.perf_counter() - t) * 1000, made


def total(counts: list[int | None]) -> int | None:
    """The sum, or None where a generator does not count (its Made says None)."""
    return None if None in counts else sum(c or 0 for c in counts)


def run_case(case: Case, boards: int, runs: int, tatham: Tatham | None,
             named: Case | None = None) -> dict[str, Any]:
    """The case's boards, ours and (with the driver) his in turn, ``runs`` times; ``named`` is
    the case whose goal and reference it reports (itself, or the full-size case of a quick run)."""
    named = named or case
    ours(case, 0)  # compile and load outside the clock
    if tatham is not None and case.game:
        tatham.ask(case.gen_command(0))
    side: dict[str, list[list[float]]] = {"ours": [], "tatham": []}
    seeds_used: list[int] = []
    capped: list[int | None] = []
    clues: list[int] = []
    for r in range(runs):
        mine: list[float] = []
        his: list[float] = []
        for k in range(boards):
            turns = ("ours", "tatham") if k % 2 == 0 else ("tatham", "ours")
            for who in turns:
                if who == "ours":
                    ms, made = ours(case, SEED_STEP * k)
                    mine.append(ms)
                    if r == 0:
                        seeds_used.append(made.seed)
                        clues.append(made.clues)
                        capped.append(made.capped_checks)
                elif tatham is not None and case.game:
                    his.append(tatham.ask(case.gen_command(k))[0])
        side["ours"].append(mine)
        if his:
            side["tatham"].append(his)
    return report(case.name, side, {"rows": case.rows, "cols": case.cols,
                                    "seeds": [SEED_STEP * k for k in range(boards)], "seeds_used": seeds_used,
                                    "tatham_seeds": list(range(boards)) if side["tatham"] else [],
                                    "median_clues": statistics.median(clues),
                                    "capped_checks_total": total(capped)},
                  case.goal_ms, case.goal_ratio, (named.game, named.cols, named.rows, named.setting))


def run_unique(case: Unique, boards: int, runs: int, tatham: Tatham | None,
               recorded: list[str], named: Unique | None = None) -> dict[str, Any] | None:
    """Ours (engine.count, limit 2) against his solver on his boards: fresh ones from his
    generator (seeds 0..boards-1) with the driver, else the game IDs recorded before."""
    named = named or case
    if tatham is not None:
        ids = [tatham.ask(f"gen {case.game} {case.cols} {case.rows} "
                          f"{str(DIFF[case.setting]) + ' ' if case.game == 'slant' else ''}{k}")[1]
               for k in range(boards)]
    else:
        ids = [i.split(":", 2)[2] for i in recorded[:boards]]
    if not ids:
        return None
    puzzle = puzzles.get(case.puzzle)
    boards_ = [boardio.parse_tatham(f"{case.game}:{case.cols}x{case.rows}:{d}") for d in ids]
    for b in boards_:
        got = engine.count(puzzle, b, limit=2)
        if got.status != "unique":
            raise RuntimeError(f"a Tatham {case.game} board is {got.status} by our count")
    side: dict[str, list[list[float]]] = {"ours": [], "tatham": []}
    solved = 0  # of his boards, those his solver finishes at the setting (first run)
    for r in range(runs):
        mine: list[float] = []
        his: list[float] = []
        for k, (d, b) in enumerate(zip(ids, boards_, strict=True)):
            for who in (("ours", "tatham") if k % 2 == 0 else ("tatham", "ours")):
                if who == "ours":
                    t = time.perf_counter()
                    engine.count(puzzle, b, limit=2)
                    mine.append((time.perf_counter() - t) * 1000)
                elif tatham is not None:
                    ms, answer = tatham.ask(case.solve_command(d))
                    his.append(ms)
                    solved += r == 0 and answer == "1"
        side["ours"].append(mine)
        if his:
            side["tatham"].append(his)
    extra: dict[str, Any] = {"game_ids": [f"{case.game}:{case.cols}x{case.rows}:{d}" for d in ids]}
    if tatham is not None:
        extra["tatham_solver_finished"] = solved
    return report(case.name, side, extra,
                  case.goal_ms, None, ("solve " + named.game, named.cols, named.rows, named.setting))


def report(name: str, side: dict[str, list[list[float]]], extra: dict[str, Any], goal_ms: float | None,
           goal_ratio: float | None, ref_key: tuple[Any, ...]) -> dict[str, Any]:
    """One case's entry: ours (median, p90, per-run medians, spread), the goal and whether it
    holds, the Tatham reference constant, and his figures and the ratio where timed."""
    everything = [ms for run in side["ours"] for ms in run]
    out: dict[str, Any] = {"case": name, "boards": len(side["ours"][0]), "runs": len(side["ours"]),
                           "ours": {**stats(everything),
                                    "run_medians_ms": [round(statistics.median(r), 3) for r in side["ours"]],
                                    "spread": spread([statistics.median(r) for r in side["ours"]])}}
    if goal_ms is not None:
        out["goal_median_ms"] = goal_ms
        out["goal_met"] = out["ours"]["median_ms"] <= goal_ms
    game, w, h, setting = ref_key
    ref = REFERENCE.get((game, w, h, setting)) if game else None
    if ref is not None:
        out["tatham_reference"] = {"median_ms": ref, "game": f"{game} {w}x{h} {setting}", "source": SOURCE}
        out["ratio_to_reference"] = round(out["ours"]["median_ms"] / ref, 3)
    if side["tatham"]:
        his = [ms for run in side["tatham"] for ms in run]
        run_ratios = [statistics.median(a) / statistics.median(b)
                      for a, b in zip(side["ours"], side["tatham"], strict=True)]
        out["tatham_here"] = {**stats(his), "game": f"{game} {w}x{h} {setting}",
                              "run_medians_ms": [round(statistics.median(r), 3) for r in side["tatham"]],
                              "spread": spread([statistics.median(r) for r in side["tatham"]])}
        out["ratio"] = round(statistics.median(everything) / statistics.median(his), 3)
        out["ratio_per_run"] = [round(x, 3) for x in run_ratios]
        out["ratio_spread"] = spread(run_ratios)
        if goal_ratio is not None:
            out["goal_ratio"] = goal_ratio
            out["goal_ratio_met"] = out["ratio"] <= goal_ratio
    return {**out, **extra}


def commit() -> str | None:
    try:
        got = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, timeout=10)
    except OSError:
        return None
    return got.stdout.strip() or None


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("puzzles", nargs="*", help="puzzle names (default: every registered puzzle)")
    ap.add_argument("--boards", type=int, default=20, help="boards per case (default 20)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each case timed beside Tatham (default 3)")
    ap.add_argument("--tatham", type=Path, help="folder holding the built Tatham driver 'tatham'")
    ap.add_argument("--only", default="", help="only the cases whose name holds this text")
    ap.add_argument("--quick", action="store_true", help="tiny boards, two of each, one run")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "generators.json")
    args = ap.parse_args(argv)
    boards = 2 if args.quick else args.boards
    runs = 1 if args.quick else args.runs
    old: dict[str, Any] = json.loads(args.out.read_text()) if args.out.exists() else {}
    results: dict[str, Any] = dict(old.get("cases", {}))
    tatham = Tatham(args.tatham) if args.tatham else None
    stamp = {"date": datetime.date.today().isoformat(), "commit": commit(), "version": __version__,
             "python": sys.version.split()[0], "machine": platform.machine(), "quick": args.quick,
             "tatham_driver": tatham is not None}
    try:
        for name in args.puzzles or puzzles.names():
            for case in cases_of(name):  # a quick run keeps each case's name, on a tiny board
                if args.only in case.name:
                    timed = case.game is not None and tatham is not None
                    got = run_case(tiny(case) if args.quick else case, boards, runs if timed else 1, tatham,
                                   case)
                    results[case.name] = {**got, "case": case.name, "size": f"{got['rows']}x{got['cols']}",
                                          **stamp}
                    print(json.dumps(results[case.name]), flush=True)
            for u in UNIQUE.get(name, []):
                if args.only in u.name:
                    recorded = old.get("cases", {}).get(u.name, {}).get("game_ids", [])
                    small = Unique(u.puzzle, u.game, 5, 5, u.setting, u.goal_ms) if args.quick else u
                    got = run_unique(small, boards, runs if tatham else 1, tatham, recorded, u)
                    if got is not None:
                        results[u.name] = {**got, "case": u.name, **stamp}
                        print(json.dumps({k: v for k, v in results[u.name].items() if k != "game_ids"}),
                              flush=True)
    finally:
        if tatham is not None:
            tatham.close()
    out = {"about": "issue 17's generator goals; see bench/generators.py", "cases": results}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    return out


if __name__ == "__main__":
    main()
