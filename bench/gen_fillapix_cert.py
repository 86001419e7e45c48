"""Fill-a-Pix generation, certified locally minimal (issue 17, item 1). Writes
bench/results/gen-fillapix-cert.json and prints it.

Per size (10x10, 20x20, 30x30) and seed 0..N-1 (the seeds are recorded), in one process,
alternating which runs first: ``generate.make`` (the compiled node-capped erasure loop,
then every capped check settled by SAT: certified) against the compiled loop alone with
the node cap it had before (64: the generator on main, capped checks keep their clue,
uncertified). Reported:
median, p90, min and max milliseconds of each, the certified share spent in SAT, capped
checks per board, clues kept, and, untimed, ``core.generate.removable`` on every certified
board (exact: SAT settles what the search caps), which must find no clue.

    python bench/gen_fillapix_cert.py [--boards 20] [--sizes 10 20 30] [--verify 30=5 ...] [--out FILE]

``--verify SIZE=K`` runs the exact removable check on only the first K boards of that size
(default: every board; a 30x30 board's check takes a minute or more).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from pathlib import Path
from typing import Any

from pencilbox import __version__
from pencilbox.core.generate import removable
from pencilbox.puzzles.fillapix import PUZZLE, certify, generate, kernel
from pencilbox.puzzles.fillapix.board import BLANK, PAINT, Board

ROOT = Path(__file__).resolve().parent.parent
GOAL_MS = {10: 1.5, 20: 40.0, 30: 300.0}  # issue 17, item 1: certified, median
TODAY_MS = {10: 5.7, 20: 126.0, 30: 428.0}  # the figures for the uncertified generator
BEFORE_NODE_CAP = 64  # the generator before issue 17: capped checks kept their clue


def uncertified(size: int, seed: int, node_cap: int = BEFORE_NODE_CAP) -> tuple[tuple[int | None, ...],
                                                                               tuple[int, ...]]:
    """The compiled loop alone (with the node cap of the generator before the SAT step, by
    default): its clues and its capped clues."""
    rng = random.Random(seed)
    pic, _ = generate.picture(size, size, rng)
    avoid = [PAINT if v else BLANK for v in pic]
    order = list(range(size * size))
    rng.shuffle(order)
    full = Board(size, size, generate.all_clues(size, size, pic))
    clues, _, capped = kernel.minimise_checked(full, order, avoid, generate.check_rungs(), node_cap)
    return clues, capped


def settle_ms(size: int, seed: int) -> tuple[float, int, float, float, float, float]:
    """The SAT step alone on that seed's compiled result (timed apart from the loop), how
    many capped checks it settled, and its parts: the compiled loop, the solver's build
    (Certifier) and its solves, each timed on its own, and the SAT step without the
    touching pairs' redundant constraints (ms; the two steps alternate which runs first,
    and must settle alike)."""
    t = time.perf_counter()
    clues, capped = uncertified(size, seed, generate.NODE_CAP)
    loop = (time.perf_counter() - t) * 1000
    rng = random.Random(seed)
    pic, _ = generate.picture(size, size, rng)
    board = Board(size, size, clues)
    timed: dict[bool, float] = {}
    settled: dict[bool, tuple[int | None, ...]] = {}
    for sides in ((True, False) if seed % 2 == 0 else (False, True)):
        t = time.perf_counter()
        settled[sides] = certify.settle(board, pic, capped, sides=sides)
        timed[sides] = (time.perf_counter() - t) * 1000
    assert settled[True] == settled[False]
    whole, bare = timed[True], timed[False]
    if not capped:
        return whole, 0, loop, 0.0, 0.0, bare
    t = time.perf_counter()
    cert = certify.Certifier(Board(size, size, clues), pic, capped)
    build = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    for p, i in enumerate(capped):
        cert.decide(i, not cert.erasable(i, capped[p + 1:]))
    solve = (time.perf_counter() - t) * 1000
    cert.close()
    return whole, len(capped), loop, build, solve, bare


def stats(xs: list[float]) -> dict[str, float]:
    q = statistics.quantiles(xs, n=10, method="inclusive") if len(xs) > 1 else xs * 9
    return {"median": round(statistics.median(xs), 2), "p90": round(q[8], 2),
            "min": round(min(xs), 2), "max": round(max(xs), 2)}


def bench_size(size: int, boards: int, verify: int) -> dict[str, Any]:
    cert_ms: list[float] = []
    plain_ms: list[float] = []
    sat_ms: list[float] = []
    bare_ms: list[float] = []
    parts: dict[str, list[float]] = {"loop_ms": [], "sat_build_ms": [], "sat_solve_ms": []}
    capped: list[int] = []
    sat_checks: list[int] = []
    kept: list[int] = []
    removable_clues = 0
    for seed in range(boards):
        for side in ((0, 1) if seed % 2 == 0 else (1, 0)):
            t = time.perf_counter()
            if side == 0:
                made = generate.make(size, size, seed)
                cert_ms.append((time.perf_counter() - t) * 1000)
            else:
                _, caps = uncertified(size, seed)
                plain_ms.append((time.perf_counter() - t) * 1000)
        assert made.capped_checks == 0
        ms, settled, *split, bare = settle_ms(size, seed)
        sat_ms.append(ms)
        bare_ms.append(bare)
        for key, value in zip(parts, split, strict=True):
            parts[key].append(value)
        sat_checks.append(settled)
        capped.append(len(caps))
        kept.append(made.clues)
        if seed < verify:
            removable_clues += len(removable(PUZZLE, made.board))
    return {
        "seeds": f"0..{boards - 1} (generate.make(size, size, seed))",
        "boards": boards,
        "certified_ms": stats(cert_ms),
        "goal_ms": GOAL_MS[size],
        "goal_met": statistics.median(cert_ms) <= GOAL_MS[size],
        "uncertified_ms": stats(plain_ms),
        "issue_uncertified_ms": TODAY_MS[size],
        "sat_step_ms": stats(sat_ms),
        "sat_step_without_pairs_ms": stats(bare_ms),
        "sat_step_ratio_of_sums": round(sum(sat_ms) / sum(bare_ms), 3) if sum(bare_ms) else None,
        "parts_ms": {key: stats(values) for key, values in parts.items()},
        "capped_checks_settled_by_sat_per_board": stats([float(c) for c in sat_checks]),
        "capped_checks_per_board_before": stats([float(c) for c in capped]),
        "uncertified_checks_left": 0,
        "clues_kept_median": statistics.median(kept),
        "verified_boards": min(verify, boards),
        "removable_clues_found": removable_clues,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=20)
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 20, 30])
    ap.add_argument("--verify", nargs="*", default=[], help="SIZE=K: exact removable check on K boards only")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "gen-fillapix-cert.json")
    args = ap.parse_args()
    generate.make(5, 5, 0)  # compile (or load) the kernels first
    out: dict[str, Any] = {
        "version": __version__, "python": platform.python_version(), "machine": platform.machine(),
        "node_cap": generate.NODE_CAP,
        "sat_solver": certify.SOLVER_NAME,
        "before_node_cap": BEFORE_NODE_CAP,
        "note": "certified = generate.make (compiled loop + SAT on its capped checks); uncertified = the "
                "compiled loop alone at the node cap of before (capped checks keep their clue); alternated "
                "per seed in one process; ms per board; sat_step_ms: the SAT step alone, timed apart; "
                "parts_ms: the compiled loop at the generator's node cap, the SAT solver's build and its "
                "solves, each timed on its own; sat_step_without_pairs_ms: the SAT step without the touching "
                "pairs' redundant constraints, alternated with sat_step_ms (same verdicts asserted)",
    }
    verify = {int(a): int(b) for a, b in (v.split("=") for v in args.verify)}
    for size in args.sizes:
        out[f"{size}x{size}"] = bench_size(size, args.boards, verify.get(size, args.boards))
        print(json.dumps({f"{size}x{size}": out[f"{size}x{size}"]}), flush=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
