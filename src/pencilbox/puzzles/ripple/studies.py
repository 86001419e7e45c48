"""Ripple Effect studies (ripple.md, Studies 1-6): every table regenerated from a seed.

1 ``reach``: how far one placed v reaches on an empty board against how many v's fit;
2 ``mortality``: how many random partitions are dead and how much the cheap tests explain;
3 ``prefilter``: whether ``looks_dead`` before the solver saves time;
4 ``rule_reach``: what each rule set achieves on unfiltered boards with bank-like givens;
5 ``ablation``: what the strongest fixpoint loses without each propagator;
6 ``bank_grades``: the bank's grade labels and what the backward walk removes.
"""

from __future__ import annotations

import random
import statistics
import time
from itertools import pairwise
from typing import Any

from pencilbox.core import engine
from pencilbox.studies import Figures, Params, Study, figure, nonzero, plot, rng, table

NAME = "ripple"


# ---------------------------------------------------------------- shared helpers

def _sig(x: float) -> float:
    """Four significant digits, so stats files diff well."""
    return float(f"{x:.4g}")


def _share(part: int | float, whole: int | float) -> float:
    return _sig(part / whole) if whole else 0.0


def _puzzle() -> Any:
    from pencilbox.puzzles.ripple import PUZZLE
    return PUZZLE


def _board(rows: int, cols: int, regions: tuple[int, ...],
           clues: tuple[int | None, ...] | None = None) -> Any:
    from pencilbox.puzzles.ripple.board import Board
    return Board(rows, cols, regions, clues if clues is not None else (None,) * (rows * cols))


def _surplus(dom: list[int]) -> int:
    """Candidates beyond the one each cell keeps in the end."""
    return sum(d.bit_count() - 1 for d in dom)


def _keeps(dom: list[int] | None, answer: tuple[int, ...]) -> bool:
    """Every cell still holds its value in ``answer`` (no contradiction either)."""
    return dom is not None and all(d >> v & 1 for d, v in zip(dom, answer, strict=True))


def _sat_count(board: Any, limit: int) -> int:
    """Answers up to ``limit`` by the SAT engine (shares no code with the ladder)."""
    from pencilbox.puzzles.ripple.sat import sat_count
    return sat_count(board.rows, board.cols, board.regions, board.clues, limit)[0]


def _setting_label(n: int, single: float, lo: int, hi: int) -> str:
    return f"{n}x{n} 1s={single:g} {lo}-{hi}"


# ---------------------------------------------------------------- 1 empty-board reach

def _reach_by_pairs(rows: int, cols: int, v: int) -> int:
    """Sum over cells of the other cells one placed v forbids, read from the rule over every
    pair (same row or column, at most v apart)."""
    total = 0
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        for j in range(rows * cols):
            rr, cc = divmod(j, cols)
            if j != i and ((r == rr and abs(c - cc) <= v) or (c == cc and abs(r - rr) <= v)):
                total += 1
    return total


def _reach_by_rung(rows: int, cols: int, v: int) -> int:
    """The same sum as the ``ripple`` rung computes it (one big region, v placed once)."""
    from pencilbox.puzzles.ripple.board import full
    from pencilbox.puzzles.ripple.rungs import Ripple
    n = rows * cols
    board = _board(rows, cols, (0,) * n)
    total = 0
    for i in range(n):
        state = engine.State([full(v + 2)] * n)  # never single after losing v
        state.dom[i] = 1 << v
        Ripple().apply(board, state)
        total += sum(1 for j, d in enumerate(state.dom) if j != i and not d >> v & 1)
    return total


def _conflicts(rows: int, cols: int, v: int) -> list[tuple[int, int]]:
    """Cell pairs that cannot both hold v."""
    out = []
    for r in range(rows):
        for c in range(cols):
            for d in range(1, v + 1):
                if c + d < cols:
                    out.append((r * cols + c, r * cols + c + d))
                if r + d < rows:
                    out.append((r * cols + c, (r + d) * cols + c))
    return out


def _most_by_maxsat(rows: int, cols: int, v: int) -> tuple[int, bool]:
    """Most v's the board holds at once, by MaxSAT (RC2), and whether its witness is a
    valid packing."""
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF
    wcnf = WCNF()
    pairs = _conflicts(rows, cols, v)
    for a, b in pairs:
        wcnf.append([-(a + 1), -(b + 1)])
    for i in range(rows * cols):
        wcnf.append([i + 1], weight=1)
    with RC2(wcnf) as rc2:
        model = rc2.compute()
    chosen = {lit - 1 for lit in model if 0 < lit <= rows * cols}
    valid = not any(a in chosen and b in chosen for a, b in pairs)
    return len(chosen), valid


def _most_by_rows(rows: int, cols: int, v: int) -> int:
    """Most v's the board holds at once, by dynamic programming over rows: the state is,
    per column, how many more rows stay closed to a v."""
    patterns: list[int] = []

    def grow(start: int, mask: int) -> None:
        patterns.append(mask)
        for c in range(start, cols):
            grow(c + v + 1, mask | 1 << c)

    grow(0, 0)
    best = {(0,) * cols: 0}
    for _ in range(rows):
        nxt: dict[tuple[int, ...], int] = {}
        for closed, k in best.items():
            free = sum(1 << c for c in range(cols) if closed[c] == 0)
            aged = tuple(max(b - 1, 0) for b in closed)
            for p in patterns:
                if p & ~free:
                    continue
                state = tuple(v if p >> c & 1 else aged[c] for c in range(cols))
                got = k + p.bit_count()
                if nxt.get(state, -1) < got:
                    nxt[state] = got
        best = nxt
    return max(best.values())


def _capacity_bound(rows: int, cols: int, v: int) -> int:
    """The board-capacity test of ``looks_dead``: at most ceil(n/(v+1)) v's per line of n."""
    return min(rows * -(-cols // (v + 1)), cols * -(-rows // (v + 1)))


def _reach_plan(p: Params, seed: int) -> list[tuple]:
    jobs: list[tuple] = [("capacity", n, v) for n in p["sizes"] for v in p["values"]]
    return jobs + [("demand", n) for n in p["sizes"]]


def _reach_work(p: Params, seed: int, kind: str, n: int, v: int = 0) -> dict[str, Any]:
    """One (size, v): reach two ways and capacity two ways; or one size's demand sample."""
    if kind == "capacity":
        most, valid = _most_by_maxsat(n, n, v)
        return {"pairs": _reach_by_pairs(n, n, v), "rung": _reach_by_rung(n, n, v), "maxsat": most,
                "witness": valid, "rows_dp": _most_by_rows(n, n, v),
                "bound": _capacity_bound(n, n, v)}
    from pencilbox.puzzles.ripple import generate
    r = rng(seed, "reach", "demand", n)
    need = [0] * (max(p["values"]) + 1)
    for _ in range(p["demand_samples"]):
        regions = generate.partition(n, n, r)
        sizes = [regions.count(k) for k in range(max(regions) + 1)]
        for w in p["values"]:
            need[w] += sum(1 for s in sizes if s >= w)
    return {"need": need}


def _reach_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    jobs = _reach_plan(p, seed)
    cap = {(job[1], job[2]): res for job, res in zip(jobs, results, strict=True) if job[0] == "capacity"}
    need = {job[1]: res["need"] for job, res in zip(jobs, results, strict=True) if job[0] == "demand"}
    sizes, values = p["sizes"], p["values"]
    names = [f"{n}x{n}" for n in sizes]
    reach = [[v, *(_sig(cap[n, v]["pairs"] / (n * n)) for n in sizes)] for v in values]
    share = [[v, *(_share(cap[n, v]["pairs"], n * n * (n * n - 1)) for n in sizes)] for v in values]
    most = [[v, *(cap[n, v]["maxsat"] for n in sizes), *(cap[n, v]["bound"] for n in sizes)] for v in values]
    demand = [[v, *(_sig(need[n][v] / p["demand_samples"]) for n in sizes)] for v in values]
    note = "geometry only (no regions): a v at each cell in turn, mean over the cells"
    return {
        "reach": figure("exact", table(["v", *names], reach), note=note,
                        title="mean cells one placed v forbids",
                        plot=plot("line", "v", names, ylabel="cells forbidden")),
        "reach_share": figure("exact", table(["v", *names], share), note=note,
                              title="share of the other cells one placed v forbids"),
        "capacity": figure("exact", table(["v", *(f"most {s}" for s in names),
                                           *(f"bound {s}" for s in names)], most),
                           title="most v's the whole board holds at once (MaxSAT, confirmed by a row DP)",
                           note="bound: rows x ceil(cols/(v+1)), the board-capacity test of looks_dead",
                           plot=plot("line", "v", [f"most {s}" for s in names], ylabel="v's at once")),
        "demand": figure("sample", table(["v", *names], demand), n=p["demand_samples"],
                         title="mean regions of size >= v per drawn partition (generator defaults)",
                         note="each needs one v: set against capacity",
                         plot=plot("line", "v", names, ylabel="regions needing a v")),
    }


def _reach_crosscheck(p: Params, seed: int, results: list[Any]) -> Figures:
    """The reduce of study 1 plus its cross-checks as a figure of their own."""
    figures = _reach_reduce(p, seed, results)
    rows = []
    for job, res in zip(_reach_plan(p, seed), results, strict=True):
        if job[0] == "capacity":
            rows.append([f"{job[1]}x{job[1]}", job[2], res["pairs"], res["rung"], res["maxsat"],
                         res["rows_dp"], res["witness"], res["bound"]])
    figures["cross_checks"] = figure(
        "exact", table(["size", "v", "reach by the rule", "reach by the ripple rung", "most by MaxSAT",
                        "most by row DP", "MaxSAT packing valid", "capacity bound"], rows),
        title="cross-checks: two reach counts, two capacity engines, the witness, the bound",
        note="reach summed over all cells")
    return figures


def _reach_check(p: Params, figures: Figures) -> list[str]:
    """The rung's reach is the rule's; MaxSAT and the row DP agree; the MaxSAT packing is
    valid; no board beats the capacity bound of looks_dead."""
    broken = []
    for size, v, pairs, rung, maxsat, rows_dp, valid, bound in figures["cross_checks"]["value"]["rows"]:
        where = f"{size} v={v}"
        if pairs != rung:
            broken.append(f"{where}: the ripple rung forbids {rung} cells, the rule {pairs}")
        if maxsat != rows_dp:
            broken.append(f"{where}: MaxSAT says {maxsat} v's, the row DP {rows_dp}")
        if not valid:
            broken.append(f"{where}: the MaxSAT packing breaks the ripple rule")
        if maxsat > bound:
            broken.append(f"{where}: {maxsat} v's beat the capacity bound {bound}")
    return broken


# ---------------------------------------------------------------- 2 mortality

REASONS = ("adjacent singletons", "board capacity", "line rule")


def _solver_alive(board: Any, seed: int, node_cap: int) -> bool | None:
    """The alive check's search alone, with an explicit node cap; None when capped (the
    generator then asks SAT)."""
    from pencilbox.puzzles.ripple import kernel
    from pencilbox.puzzles.ripple.board import full
    names = engine.ladder(_puzzle(), _puzzle().search_level)
    res = kernel.search(board, [full(s) for s in board.size], names, 1, node_cap, seed=seed)
    if res.count:
        return True
    return None if res.node_capped else False


def _mortality_plan(p: Params, seed: int) -> list[tuple]:
    chunks = -(-p["partitions"] // p["chunk"])
    return [(k, c) for k in range(len(p["settings"])) for c in range(chunks)]


def _mortality_work(p: Params, seed: int, k: int, c: int) -> dict[str, int]:
    """One chunk of one setting: SAT decides life, the cheap tests and the solver are scored."""
    from pencilbox.puzzles.ripple import generate, rules
    from pencilbox.puzzles.ripple.sat import sat_count
    n, single, lo, hi = p["settings"][k]
    r = rng(seed, "mortality", k, c)
    todo = min(p["chunk"], p["partitions"] - c * p["chunk"])
    out = {"drawn": 0, "dead": 0, "any": 0, "capped": 0, "capped_live": 0, "cheap_live": 0,
           "disagree": 0, "bad_answer": 0, **{reason: 0 for reason in REASONS}}
    for _ in range(todo):
        regions = generate.partition(n, n, r, single, (lo, hi))
        board = _board(n, n, regions)
        reasons = generate.looks_dead(n, n, regions)
        count, _, _, answers = sat_count(n, n, regions, board.clues, 1)
        alive = count > 0
        solver = _solver_alive(board, r.randrange(1, 2**31), p["solver_nodes"])
        out["drawn"] += 1
        out["dead"] += not alive
        out["any"] += bool(reasons)
        for reason in reasons:
            out[reason] += 1
        out["capped"] += solver is None
        out["capped_live"] += solver is None and alive
        out["cheap_live"] += bool(reasons) and (alive or solver is True)
        out["disagree"] += solver is not None and solver != alive
        out["bad_answer"] += alive and not rules.is_answer(board, tuple(answers[0]))
    return out


def _mortality_totals(p: Params, seed: int, results: list[Any]) -> list[dict[str, int]]:
    totals: list[dict[str, int]] = [{} for _ in p["settings"]]
    for (k, _), res in zip(_mortality_plan(p, seed), results, strict=True):
        for key, value in res.items():
            totals[k][key] = totals[k].get(key, 0) + value
    return totals


def _mortality_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    totals = _mortality_totals(p, seed, results)
    rows = []
    for (n, single, lo, hi), t in zip(p["settings"], totals, strict=True):
        rows.append([_setting_label(n, single, lo, hi), n, single, f"{lo}-{hi}", t["drawn"],
                     _share(t["dead"], t["drawn"]), *(_share(t[reason], t["drawn"]) for reason in REASONS),
                     _share(t["any"], t["drawn"]), _share(t["any"], t["dead"]), t["capped"],
                     t["capped_live"]])
    columns = ["setting", "size", "single share", "region sizes", "drawn", "dead", *REASONS, "any test",
               "explained", "solver capped", "capped but live"]
    figures = {
        "mortality": figure(
            "sample", table(columns, rows), n=p["partitions"],
            title="share of random partitions dead, and the share each cheap test calls dead",
            note=("dead: no answer by the SAT engine (uncapped); explained: any test / dead; solver capped: "
                  f"the alive check's search ({p['solver_nodes']} branch points) gave up, and the "
                  "generator asks SAT; settings chosen: 6x6, 8x8, 10x10 at the "
                  "generator's region sizes, plus small regions where board capacity bites"),
            plot=plot("bar", "setting", ["dead", "any test"], ylabel="share of partitions")),
    }
    shares = sorted({s[1] for s in p["settings"]})
    sizes = sorted({s[0] for s in p["settings"] if (s[2], s[3]) == tuple(p["curve_sizes"])})
    if sizes:
        curve_sizes = tuple(p["curve_sizes"])
        dead = {(s[0], s[1]): _share(t["dead"], t["drawn"])
                for s, t in zip(p["settings"], totals, strict=True) if (s[2], s[3]) == curve_sizes}
        names = [f"{n}x{n}" for n in sizes]
        curve = [[share, *(dead.get((n, share)) for n in sizes)] for share in shares
                 if any((n, share) in dead for n in sizes)]
        lo, hi = p["curve_sizes"]
        figures["mortality_curve"] = figure(
            "sample", table(["single share", *names], curve), n=p["partitions"],
            title=f"share of partitions dead against the share of size-1 regions (others {lo}-{hi} cells)",
            plot=plot("line", "single share", names, ylabel="dead"))
    checks = [[_setting_label(*s), t["cheap_live"], t["disagree"], t["bad_answer"]]
              for s, t in zip(p["settings"], totals, strict=True)]
    figures["cross_checks"] = figure(
        "sample", table(["setting", "cheap dead but live", "solver vs SAT disagree", "bad SAT answers"],
                        checks),
        n=p["partitions"], title="cross-checks (all zero)")
    return figures


def _mortality_check(p: Params, figures: Figures) -> list[str]:
    """The cheap tests never call a live partition dead; solver and SAT agree wherever the
    solver finished; every SAT answer passes the validator."""
    broken = []
    for label, cheap_live, disagree, bad in figures["cross_checks"]["value"]["rows"]:
        broken += nonzero((cheap_live, f"{label}: the cheap tests called {cheap_live} live partitions dead"),
                          (disagree, f"{label}: solver and SAT disagree on {disagree} partitions"),
                          (bad, f"{label}: {bad} SAT answers break the rules"))
    return broken


# ---------------------------------------------------------------- 3 prefilter timing

def _prefilter_plan(p: Params, seed: int) -> list[tuple]:
    return [(k,) for k in range(len(p["settings"]))]


def _decide(draws: list[tuple[tuple[int, ...], int]], n: int, prefilter: bool) -> tuple[float, int]:
    """Seconds to decide every drawn partition, and how many live."""
    from pencilbox.puzzles.ripple.generate import alive_answer, looks_dead
    t0 = time.perf_counter()
    live = 0
    for regions, s in draws:
        if prefilter and looks_dead(n, n, regions):
            continue
        live += alive_answer(n, n, regions, s) is not None
    return time.perf_counter() - t0, live


def _prefilter_work(p: Params, seed: int, k: int) -> dict[str, Any]:
    """One setting: both arms timed on the same draws, in one process so they compare."""
    from pencilbox.puzzles.ripple.generate import alive_answer, looks_dead, partition
    n, single, lo, hi = p["settings"][k]
    r = rng(seed, "prefilter", k)
    draws: list[tuple[tuple[int, ...], int]] = []
    live = 0
    while live < p["live"]:  # the generator's loop: draw until enough partitions live
        regions = partition(n, n, r, single, (lo, hi))
        s = r.randrange(1, 2**31)
        draws.append((regions, s))
        live += alive_answer(n, n, regions, s) is not None
    cheap = sum(1 for regions, _ in draws if looks_dead(n, n, regions))
    solver_s, prefilter_s, lives = [], [], set()
    for trial in range(1, p["trials"] + 1):
        order = (False, True) if trial % 2 else (True, False)  # odd: solver only first
        for prefilter in order:
            seconds, got = _decide(draws, n, prefilter)
            (prefilter_s if prefilter else solver_s).append(seconds)
            lives.add((prefilter, got))
    return {"drawn": len(draws), "live": live, "cheap": cheap, "solver_s": solver_s,
            "prefilter_s": prefilter_s, "lives": sorted(lives)}


def _prefilter_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    rows, lives = [], []
    for (n, single, lo, hi), res in zip(p["settings"], results, strict=True):
        a, b = statistics.median(res["solver_s"]), statistics.median(res["prefilter_s"])
        rows.append([_setting_label(n, single, lo, hi), res["drawn"], res["live"], res["cheap"],
                     _sig(a), _sig(b), _sig(a / b) if b else None])
        lives.append([_setting_label(n, single, lo, hi), res["live"],
                      *(dict((pf, got) for pf, got in res["lives"]).get(pf) for pf in (False, True))])
    return {
        "prefilter": figure(
            "timing", table(["setting", "drawn", "live", "cheap tests kill", "solver only s",
                             "looks_dead first s", "speed-up"], rows),
            title="solver only vs looks_dead first, seconds to decide every drawn partition",
            note=(f"median of {p['trials']} trials, order alternated (solver only first in odd trials); "
                  f"partitions drawn until {p['live']} live, before the clock; wall seconds on a shared "
                  "machine; speed-up > 1 means the prefilter helps"),
            plot=plot("bar", "setting", ["solver only s", "looks_dead first s"], ylabel="seconds")),
        "live_counts": figure("exact", table(["setting", "live", "live solver only", "live looks_dead first"],
                                        lives), title="live counts per arm"),
    }


def _prefilter_check(p: Params, figures: Figures) -> list[str]:
    """Both arms find the same live partitions, as many as were asked for."""
    broken = []
    for label, live, a, b in figures["live_counts"]["value"]["rows"]:
        if not live == a == b == p["live"]:
            broken.append(f"{label}: live counts differ: target {p['live']}, drawn {live}, "
                          f"solver only {a}, looks_dead first {b}")
    return broken


# ---------------------------------------------------------------- 4 reach per rule set

def _bank_givens(n: int) -> list[int]:
    """How many givens each bank board of size n x n carries."""
    from pencilbox import bank
    return [sum(v is not None for row in rec["clues"] for v in row)
            for rec in bank.load(NAME) if rec["rows"] == rec["cols"] == n]


def _rule_reach_plan(p: Params, seed: int) -> list[tuple]:
    chunks = -(-p["boards"] // p["chunk"])
    return [(n, c) for n in p["sizes"] for c in range(chunks)]


def _levels_on(board: Any, answer: tuple[int, ...], off: tuple[str, ...] = (),
               levels: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """Per level (or per ablation when ``levels`` is None): share of surplus candidates the
    fixpoint removes, whether it finishes the board, whether the answer survives."""
    puzzle = _puzzle()
    start = puzzle.initial_state(board)
    before = _surplus(start)
    out = []
    for level in levels or engine.levels(puzzle):
        dom = engine.run_fixpoint(puzzle, board, start, engine.ladder(puzzle, level, off))
        keeps = _keeps(dom, answer)
        done = (keeps and dom is not None and all(engine.single(d) for d in dom)
                and puzzle.is_answer(board, dom))
        gone = (before - _surplus(dom)) / before if keeps and dom is not None and before else 1.0
        out.append({"share": gone, "finished": done, "keeps": keeps})
    return out


def _rule_reach_work(p: Params, seed: int, n: int, c: int) -> dict[str, Any]:
    """One chunk of unfiltered boards: per level, surplus removed and boards finished (sums)."""
    from pencilbox.puzzles.ripple import generate
    r = rng(seed, "rule_reach", n, c)
    counts = _bank_givens(n)
    levels = engine.levels(_puzzle())
    out: dict[str, Any] = {"boards": 0, "givens": 0, "unique": 0, "finished_not_unique": 0,
                           "share": [0.0] * len(levels), "finished": [0] * len(levels),
                           "lost": [0] * len(levels), "not_monotone": 0}
    for _ in range(min(p["chunk"], p["boards"] - c * p["chunk"])):
        regions, answer, _ = generate.live(n, n, r)
        empty = _board(n, n, regions)
        spots = [i for i in range(n * n) if empty.size[i] > 1]
        r.shuffle(spots)
        chosen = set(spots[: r.choice(counts)])
        board = _board(n, n, regions, tuple(answer[i] if i in chosen else None for i in range(n * n)))
        per = _levels_on(board, answer)
        unique = _sat_count(board, 2) == 1
        out["boards"] += 1
        out["givens"] += len(chosen)
        out["unique"] += unique
        out["finished_not_unique"] += any(x["finished"] for x in per) and not unique
        for k, x in enumerate(per):
            out["share"][k] += x["share"]
            out["finished"][k] += x["finished"]
            out["lost"][k] += not x["keeps"]
        out["not_monotone"] += any(a["share"] > b["share"] + 1e-12 or a["finished"] > b["finished"]
                                   for a, b in pairwise(per))
    return out


def _rule_reach_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    levels = engine.levels(_puzzle())
    totals: dict[int, dict[str, Any]] = {}
    for (n, _), res in zip(_rule_reach_plan(p, seed), results, strict=True):
        t = totals.setdefault(n, {k: [0] * len(levels) if isinstance(v, list) else 0 for k, v in res.items()})
        for key, value in res.items():
            if isinstance(value, list):
                t[key] = [a + b for a, b in zip(t[key], value, strict=True)]
            else:
                t[key] += value
    sizes = p["sizes"]
    columns = ["level", *(f"eliminated {n}x{n}" for n in sizes), *(f"finished {n}x{n}" for n in sizes)]
    rows = [[level, *(_share(totals[n]["share"][k], totals[n]["boards"]) for n in sizes),
             *(_share(totals[n]["finished"][k], totals[n]["boards"]) for n in sizes)]
            for k, level in enumerate(levels)]
    boards = [[f"{n}x{n}", totals[n]["boards"], _sig(totals[n]["givens"] / totals[n]["boards"]),
               _share(totals[n]["unique"], totals[n]["boards"])] for n in sizes]
    checks = [[f"{n}x{n}", sum(totals[n]["lost"]), totals[n]["not_monotone"],
               totals[n]["finished_not_unique"]] for n in sizes]
    return {
        "rule_reach": figure(
            "sample", table(columns, rows), n=p["boards"],
            title="share of surplus candidates eliminated and of boards finished, per level",
            note=("unfiltered boards: a live partition (generator defaults), a random answer, givens from "
                  "it at random outside size-1 regions, as many as a random bank board of that size; "
                  "eliminated: mean per board of removed / (candidates - cells)"),
            plot=plot("bar", "level", [f"eliminated {n}x{n}" for n in sizes], ylabel="share eliminated")),
        "boards": figure("sample", table(["size", "boards", "mean givens", "unique (SAT)"], boards),
                         n=p["boards"], title="the sampled boards: givens and share with one answer"),
        "cross_checks": figure("sample", table(["size", "answer lost", "not monotone",
                                                "finished but not unique"], checks),
                               n=p["boards"], title="cross-checks (all zero)"),
    }


def _rule_reach_check(p: Params, figures: Figures) -> list[str]:
    """No level removes the planted answer; levels only add; finishing certifies one answer
    (confirmed by SAT)."""
    broken = []
    for size, lost, not_monotone, not_unique in figures["cross_checks"]["value"]["rows"]:
        broken += nonzero((lost, f"{size}: a rule set removed the planted answer {lost} times"),
                          (not_monotone, f"{size}: a higher level did less than a lower one on "
                                         f"{not_monotone} boards"),
                          (not_unique, f"{size}: {not_unique} boards finished by a rule set have another "
                                       "answer (SAT)"))
    return broken


# ---------------------------------------------------------------- 5 ablation

def _ablation_plan(p: Params, seed: int) -> list[tuple]:
    return [(k,) for k in range(p["boards"])]


def _ablation_work(p: Params, seed: int, k: int) -> dict[str, Any]:
    """One generated board: the full ladder, then the ladder less each rung in turn."""
    from pencilbox.puzzles.ripple.brute import count_by_regions
    from pencilbox.puzzles.ripple.generate import make
    n = p["size"]
    made = make(n, n, rng(seed, "ablation", k).randrange(1, 2**31))
    board, answer = made.board, made.answer
    puzzle = _puzzle()
    full = engine.levels(puzzle)[-1]
    rows = _levels_on(board, answer, (), (full,))
    for rung in engine.levels(puzzle):
        rows += _levels_on(board, answer, (rung,), (full,))
    brute = count_by_regions(n, n, board.regions, board.clues, 2)[0]
    return {"rows": rows, "givens": made.clues, "sat": _sat_count(board, 2), "brute": brute}


def _ablation_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    dropped = ("none", *engine.levels(_puzzle()))
    m = len(results)
    rows = []
    for k, name in enumerate(dropped):
        finished = sum(res["rows"][k]["finished"] for res in results)
        rows.append([name, finished, m - finished, _sig(sum(res["rows"][k]["share"] for res in results) / m),
                     sum(not res["rows"][k]["keeps"] for res in results)])
    counts = [[k, res["givens"], res["sat"], res["brute"]] for k, res in enumerate(results)]
    return {
        "ablation": figure(
            "sample", table(["dropped", "finished", "need it", "eliminated", "answer lost"], rows), n=m,
            title=(f"the strongest fixpoint with one propagator dropped, {m} solvable "
                   f"{p['size']}x{p['size']} boards"),
            note=("boards from the generator at the full ladder (minimal for it); dropped everywhere, "
                  "inside probe too; eliminated: mean share of surplus candidates removed"),
            plot=plot("bar", "dropped", ["finished"], ylabel="boards finished")),
        "engines": figure("sample", table(["board", "givens", "sat", "brute"], counts), n=m,
                          title="answer counts by two engines (limit 2)"),
    }


def _ablation_check(p: Params, figures: Figures) -> list[str]:
    """Every board is unique by SAT and by the brute counter; the full ladder finishes all;
    no ablation removes the intended answer."""
    broken = []
    rows = figures["ablation"]["value"]["rows"]
    if rows[0][1] != p["boards"]:
        broken.append(f"the full ladder finishes {rows[0][1]} of {p['boards']} boards")
    broken += [f"dropping {name}: the intended answer lost on {lost} boards"
               for name, _, _, _, lost in rows if lost]
    broken += [f"board {k}: {sat} answers by SAT, {brute} by brute (want 1)"
               for k, _, sat, brute in figures["engines"]["value"]["rows"] if not sat == brute == 1]
    return broken


# ---------------------------------------------------------------- 6 bank grades and the walk

def _walk(rows: int, cols: int, seed: int, level: str) -> tuple[tuple[int | None, ...], int]:
    """The walk ``generate.make`` took for a seed: the givens it ends with and how many it
    added before erasing."""
    from pencilbox.puzzles.ripple.generate import live, walk
    r = random.Random(seed)
    regions, answer, _ = live(rows, cols, r)
    clues, added, _ = walk(rows, cols, regions, answer, r, level)
    return clues, added


def _bank_grades_plan(p: Params, seed: int) -> list[tuple]:
    from pencilbox import bank
    buckets = sorted({(rec["rows"], rec["cols"], rec["grade"]) for rec in bank.load(NAME)},
                     key=lambda b: (b[0], b[1], engine.grade_rank(_puzzle(), b[2])))
    return [b for b in buckets if b[0] in p["sizes"]]


def _bank_grades_work(p: Params, seed: int, rows: int, cols: int, grade: str) -> dict[str, Any]:
    """One bank bucket: replay each board's walk, regrade it, count its answers by SAT."""
    from pencilbox import bank, boardio
    puzzle = _puzzle()
    recs = [rec for rec in bank.load(NAME) if (rec["rows"], rec["cols"], rec["grade"]) == (rows, cols, grade)]
    out: dict[str, Any] = {"boards": len(recs), "walked": 0, "added": 0, "kept": 0, "share": 0.0,
                           "regraded": 0, "not_bank": 0, "not_unique": 0}
    for rec in recs[: p["per_bucket"]]:
        keys = ("puzzle", "rows", "cols", "clues", "regions")
        board = boardio.board_from_json({key: rec[key] for key in keys})
        clues, added = _walk(rows, cols, rec["seed"], grade)
        kept = sum(v is not None for v in clues)
        out["walked"] += 1
        out["added"] += added
        out["kept"] += kept
        out["share"] += (added - kept) / added if added else 0.0
        out["not_bank"] += clues != board.clues
        out["regraded"] += engine.grade(puzzle, board).grade != grade
        out["not_unique"] += _sat_count(board, 2) != 1
    return out


def _bank_grades_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    puzzle = _puzzle()
    jobs = _bank_grades_plan(p, seed)
    sizes = sorted({(r, c) for r, c, _ in jobs})
    grades = sorted({g for _, _, g in jobs}, key=lambda g: engine.grade_rank(puzzle, g))
    got = {job: res for job, res in zip(jobs, results, strict=True)}
    names = [f"{r}x{c}" for r, c in sizes]
    labels = [[g, *(got[(r, c, g)]["boards"] if (r, c, g) in got else 0 for r, c in sizes)] for g in grades]
    labels.append(["all", *(sum(got[j]["boards"] for j in jobs if j[:2] == s) for s in sizes)])
    walk, checks = [], []
    for job in jobs:
        res = got[job]
        name = f"{job[0]}x{job[1]} {job[2]}"
        w = res["walked"]
        walk.append([name, w, _sig(res["added"] / w), _sig(res["kept"] / w),
                     _share(res["added"] - res["kept"], res["added"]), _sig(res["share"] / w)])
        checks.append([name, res["not_bank"], res["regraded"], res["not_unique"]])
    walked = sum(r[1] for r in walk)
    return {
        "grades": figure("exact", table(["grade", *names], labels), title="bank boards per grade label",
                         plot=plot("bar", "grade", names, ylabel="boards")),
        "walk": figure(
            "exact" if all(got[j]["walked"] == got[j]["boards"] for j in jobs) else "sample",
            table(["bucket", "boards", "givens added", "givens kept", "removed (pooled)", "removed (mean)"],
                  walk),
            n=walked, title="givens the backward walk removes, per bank bucket",
            note=("each bank board's seed replayed through the generator; added: givens placed until the "
                  "bucket's level finishes the board; removed: share of those the walk drops"),
            plot=plot("bar", "bucket", ["removed (mean)"], ylabel="share of givens removed")),
        "cross_checks": figure("exact", table(["bucket", "not bank", "regraded", "not unique"],
                                              checks), title="cross-checks (all zero)"),
    }


def _bank_grades_check(p: Params, figures: Figures) -> list[str]:
    """The replayed walk is the generator's and gives the bank's board; every stored grade is
    the one the ladder computes; every bank board has one answer by SAT."""
    broken = []
    for name, not_bank, regraded, not_unique in figures["cross_checks"]["value"]["rows"]:
        broken += nonzero((not_bank, f"{name}: {not_bank} replays differ from the bank"),
                          (regraded, f"{name}: {regraded} boards grade differently now"),
                          (not_unique, f"{name}: {not_unique} boards are not unique by SAT"))
    return broken


# ---------------------------------------------------------------- the list

def _generator_sizes() -> list[int]:
    """The generator's own region-size range (the mortality curve is drawn at it)."""
    from pencilbox.puzzles.ripple.generate import SIZES
    return list(SIZES)


def _alive_nodes() -> int:
    """The generator's node cap for its alive check, so study 2 measures the real generator."""
    from pencilbox.puzzles.ripple.generate import ALIVE_NODES
    return ALIVE_NODES


_SETTINGS = [[n, s, 3, 7] for n in (6, 8, 10) for s in (0.0, 0.1, 0.2, 0.3)] + \
    [[n, 0.0, lo, hi] for n in (6, 8) for lo, hi in ((2, 3), (2, 4))]

STUDIES = [
    Study(1, "reach", "Empty-board reach: cells one placed v forbids against how many v's the board holds",
          {"sizes": [6, 8, 10], "values": [1, 2, 3, 4, 5], "demand_samples": 500},
          {"sizes": [6], "values": [1, 2, 3], "demand_samples": 20},
          _reach_plan, _reach_work, _reach_crosscheck, _reach_check),
    Study(2, "mortality", "Mortality of random partitions and the share the cheap dead-tests explain "
          "(settings chosen: 3 sizes x 4 single shares, plus small regions)",
          {"settings": _SETTINGS, "partitions": 1000, "chunk": 250, "solver_nodes": _alive_nodes(),
           "curve_sizes": _generator_sizes()},
          {"settings": [[6, 0.1, 3, 7], [6, 0.0, 2, 3]], "partitions": 40, "chunk": 20,
           "solver_nodes": _alive_nodes(), "curve_sizes": _generator_sizes()},
          _mortality_plan, _mortality_work, _mortality_reduce, _mortality_check),
    Study(3, "prefilter", "Prefilter timing: the solver alone vs looks_dead first (median of 5, order "
          "alternated; settings chosen: the generator's at 6x6 to 10x10, and 8x8 with 30% 1s)",
          {"settings": [[6, 0.1, 3, 7], [8, 0.1, 3, 7], [10, 0.1, 3, 7], [8, 0.3, 3, 7]], "live": 30,
           "trials": 5},
          {"settings": [[6, 0.1, 3, 7]], "live": 3, "trials": 5},
          _prefilter_plan, _prefilter_work, _prefilter_reduce, _prefilter_check),
    Study(4, "rule_reach", "Reach per rule set on unfiltered boards with bank-like givens, 6x6 and 8x8",
          {"sizes": [6, 8], "boards": 300, "chunk": 50},
          {"sizes": [6], "boards": 6, "chunk": 3},
          _rule_reach_plan, _rule_reach_work, _rule_reach_reduce, _rule_reach_check),
    Study(5, "ablation",
          "Ablation: one propagator dropped from the strongest fixpoint, 30 solvable 6x6 boards",
          {"size": 6, "boards": 30},
          {"size": 6, "boards": 3},
          _ablation_plan, _ablation_work, _ablation_reduce, _ablation_check),
    Study(6, "bank_grades", "Grade labels of the bank and the share of givens the backward walk removes",
          {"sizes": [6, 8, 10], "per_bucket": None},
          {"sizes": [6], "per_bucket": 1},
          _bank_grades_plan, _bank_grades_work, _bank_grades_reduce, _bank_grades_check),
]
