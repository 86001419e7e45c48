"""Study 2: how many random partitions are dead, and how much of the dying the cheap static
tests explain, at the seed's seven settings (the size-1 share is the share of REGIONS that
have one cell); a sample of verdicts is re-decided by the region-permutation counter.

Past the seed, exactly: every partition of 4 x 4 into connected regions of at most 5 cells and
of 5 x 5 into regions of at most 2 (partitions.py), each decided by the ladder's search and by
the brute counter by cells (they share no code) and put to the same static tests; SAT decides
one partition per symmetry class of the square a third time, each class weighed by its size."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pencilbox.core import engine
from pencilbox.puzzles.ripple import generate, kernel, rules
from pencilbox.puzzles.ripple.board import Board, full
from pencilbox.puzzles.ripple.brute import count_by_cells, count_by_regions
from pencilbox.puzzles.ripple.generate import ALIVE_NODES, SIZES
from pencilbox.puzzles.ripple.sat import sat_count
from pencilbox.puzzles.ripple.studies.common import board, pct, puzzle, size_label
from pencilbox.puzzles.ripple.studies.partitions import class_size, partitions, symmetries
from pencilbox.studies import Figures, Params, Row, figure, nonzero, plot, proportion, rng, share, table

NUMBER = 2
NAME = "mortality"
TITLE = ("Mortality of random partitions at the seed's seven settings and the share of the dead "
         "that the cheap static tests explain")
REASONS = ("adjacent singletons", "board capacity", "line rule")
SEED_SETTINGS = [[6, 0.05], [6, 0.12], [6, 0.25], [6, 0.40], [8, 0.12], [8, 0.40], [10, 0.12]]
OUR_SETTINGS = [[n, s, 3, 7] for n in (6, 8) for s in (0.0, 0.1, 0.2, 0.3)] + [[10, 0.1, 3, 7]] + \
    [[n, 0.0, lo, hi] for n in (6, 8) for lo, hi in ((2, 3), (2, 4))]


def _alive_nodes() -> int:
    """The generator's node cap for its alive check, so the solver column is the generator's."""
    return ALIVE_NODES


def _sizes() -> list[int]:
    return list(SIZES)


FULL: Params = {"settings": SEED_SETTINGS, "sizes": _sizes(), "partitions": 1000, "chunk": 250,
                "verify": 25, "brute_nodes": 2_000_000, "solver_nodes": _alive_nodes(),
                "ours": OUR_SETTINGS, "ours_partitions": 300, "small_sizes": [2, 5],
                "exact": [[4, 5, 8, 3], [5, 2, 16, 7]]}
QUICK: Params = {"settings": [[6, 0.12], [6, 0.4]], "sizes": _sizes(), "partitions": 30, "chunk": 15,
                 "verify": 3, "brute_nodes": 200_000, "solver_nodes": _alive_nodes(),
                 "ours": [[6, 0.1, 3, 7], [6, 0.0, 2, 3]], "ours_partitions": 20, "small_sizes": [2, 5],
                 "exact": [[3, 4, 2, 3]]}


def label(n: int, single: float) -> str:
    """A row of the seed's table: board and size-1 share ("6×6 12%")."""
    return f"{size_label(n)} {100 * single:.0f}%"


def our_label(n: int, single: float, lo: int, hi: int) -> str:
    return f"{size_label(n)}, 1-cell chance {single:g}, others {lo}-{hi}"


def _solver_alive(b: Board, seed: int, node_cap: int) -> bool | None:
    """The alive check's search alone, with an explicit node cap; None when capped (the
    generator then asks SAT)."""
    names = engine.ladder(puzzle(), puzzle().search_level)
    res = kernel.search(b, [full(s) for s in b.size], names, 1, node_cap, seed=seed)
    if res.count:
        return True
    return None if res.node_capped else False


def plan(p: Params, seed: int) -> list[tuple[str, int, int]]:
    chunks = -(-p["partitions"] // p["chunk"])
    ours = -(-p["ours_partitions"] // p["chunk"])
    return [("seed", k, c) for k in range(len(p["settings"])) for c in range(chunks)] + \
        [("small", k, c) for k in range(len(p["settings"])) for c in range(ours)] + \
        [("ours", k, c) for k in range(len(p["ours"])) for c in range(ours)] + \
        [("exact", k, c) for k, (_, _, parts, _) in enumerate(p["exact"]) for c in range(parts)]


def _empty_counts() -> dict[str, int]:
    return {"drawn": 0, "dead": 0, "any": 0, "regions": 0, "singles": 0, "capped": 0, "capped_live": 0,
            "cheap_live": 0, "disagree": 0, "bad_answer": 0, "verified": 0, "brute_capped": 0,
            "brute_disagree": 0, **{reason: 0 for reason in REASONS}, **{f"dead {r}": 0 for r in REASONS},
            "dead any": 0}


def work(p: Params, seed: int, which: str, k: int, c: int) -> Any:
    """One chunk of one setting: SAT decides life, the cheap tests and the solver are scored,
    the first few partitions are re-decided by the region-permutation counter. An ``exact``
    job walks one share of the partitions of one square (``exact_share``)."""
    if which == "exact":
        return exact_share(p, seed, k, c)
    draw: Callable[[random.Random], tuple[int, ...]]
    if which in ("seed", "small"):
        n, single = p["settings"][k]
        total = p["partitions"] if which == "seed" else p["ours_partitions"]
        sizes = tuple(p["sizes"] if which == "seed" else p["small_sizes"])
        draw = lambda r: generate.partition_share(n, n, r, single, sizes)  # noqa: E731
    else:
        n, single, lo, hi = p["ours"][k]
        total = p["ours_partitions"]
        draw = lambda r: generate.partition(n, n, r, single, (lo, hi))  # noqa: E731
    r = rng(seed, "mortality", which, k, c)
    out = _empty_counts()
    for t in range(min(p["chunk"], total - c * p["chunk"])):
        verify = which == "seed" and c == 0 and t < p["verify"]
        _score(p, out, n, draw(r), r.randrange(1, 2**31), verify)
    return out


def _score(p: Params, out: dict[str, int], n: int, regions: tuple[int, ...], s: int, verify: bool) -> None:
    """Add one partition's verdicts to the chunk's counts."""
    b = board(n, n, regions)
    sizes = [len(m) for m in b.members]
    reasons = generate.looks_dead(n, n, regions)
    count, _, _, answers = sat_count(n, n, regions, b.clues, 1)
    alive = count > 0
    solver = _solver_alive(b, s, p["solver_nodes"])
    out["drawn"] += 1
    out["regions"] += len(sizes)
    out["singles"] += sizes.count(1)
    out["dead"] += not alive
    out["any"] += bool(reasons)
    out["dead any"] += bool(reasons) and not alive
    for reason in reasons:
        out[reason] += 1
        out[f"dead {reason}"] += not alive
    out["capped"] += solver is None
    out["capped_live"] += solver is None and alive
    out["cheap_live"] += bool(reasons) and (alive or solver is True)
    out["disagree"] += solver is not None and solver != alive
    out["bad_answer"] += alive and not rules.is_answer(b, tuple(answers[0]))
    if verify:
        got, capped, _, _ = count_by_regions(n, n, regions, b.clues, 1, p["brute_nodes"])
        settled = got > 0 or not capped
        out["verified"] += settled
        out["brute_capped"] += not settled
        out["brute_disagree"] += settled and (got > 0) != alive


def totals(p: Params, seed: int, results: list[Any]) -> dict[str, list[dict[str, int]]]:
    """Counts per setting: the seed's, the seed's with small regions, and ours."""
    out = {which: [_empty_counts() for _ in p["settings"]] for which in ("seed", "small")}
    out["ours"] = [_empty_counts() for _ in p["ours"]]
    for (which, k, _), res in zip(plan(p, seed), results, strict=True):
        if which == "exact":
            continue
        for key, value in res.items():
            out[which][k][key] += value
    return out


# ---------------------------------------------------------------- every partition, exactly

LADDER_NODES = 10**7  # the ladder's and the brute counter's searches on a blank 5 x 5 never come near it
EXACT_KEYS = ("partitions", "live", "dead", *(f"dead {r}" for r in REASONS), "dead any", "cheap live",
              "ladder vs brute", "capped", "classes", "sat vs ladder", "sat dead")


def _ladder_alive(b: Board) -> tuple[bool, bool]:
    """The ladder's verdict (its compiled search to one answer) and whether it was capped."""
    names = engine.ladder(puzzle(), puzzle().search_level)
    res = kernel.search(b, [full(s) for s in b.size], names, 1, LADDER_NODES)
    return res.count > 0, bool(res.node_capped and not res.count)


def exact_share(p: Params, seed: int, k: int, part: int) -> dict[str, dict[str, int]]:
    """One share of the partitions of the n x n square into regions of at most ``most`` cells,
    counted by largest region: every partition decided by the ladder's search and by the
    cell-order brute counter (no shared code) and put to the static tests; the least spelling of
    each symmetry class decided a third time by SAT and weighed by its class's size."""
    n, most, parts, depth = p["exact"][k]  # depth: the first regions whose placings are dealt out
    out: dict[str, dict[str, int]] = {}
    perms = symmetries(n)
    for regions in partitions(n, n, most, part, parts, depth):
        t = out.setdefault(str(max(regions.count(x) for x in set(regions))), dict.fromkeys(EXACT_KEYS, 0))
        b = board(n, n, regions)
        alive, capped = _ladder_alive(b)
        got, stop, _, _ = count_by_cells(n, n, regions, b.clues, 1, LADDER_NODES)
        reasons = generate.looks_dead(n, n, regions)  # per partition: the line rule reads rows first
        t["partitions"] += 1
        t["live"] += alive
        t["dead"] += not alive
        for reason in reasons:
            t[f"dead {reason}"] += not alive
        t["dead any"] += bool(reasons) and not alive
        t["cheap live"] += bool(reasons) and alive
        t["capped"] += capped + (stop == "nodes" and not got)
        t["ladder vs brute"] += alive != (got > 0)
        w = class_size(regions, perms)
        if w:
            count, _, _, answers = sat_count(n, n, regions, b.clues, 1)
            sat_alive = count > 0 and rules.is_answer(b, tuple(answers[0]))
            t["classes"] += 1
            t["sat vs ladder"] += sat_alive != alive or (count > 0) != sat_alive
            t["sat dead"] += w * (not sat_alive)
    return out


def exact_totals(p: Params, seed: int, results: list[Any]) -> list[dict[int, dict[str, int]]]:
    """Per exact square, the counts for regions of at most L cells, L = 1..most (cumulative)."""
    by_size: list[dict[int, dict[str, int]]] = [{} for _ in p["exact"]]
    for (which, k, _), res in zip(plan(p, seed), results, strict=True):
        if which != "exact":
            continue
        for big, counts in res.items():
            t = by_size[k].setdefault(int(big), dict.fromkeys(EXACT_KEYS, 0))
            for key, value in counts.items():
                t[key] += value
    out: list[dict[int, dict[str, int]]] = []
    for (_, most, _, _), sizes in zip(p["exact"], by_size, strict=True):
        upto: dict[int, dict[str, int]] = {}
        for limit in range(1, most + 1):
            upto[limit] = {key: sum(sizes.get(b, {}).get(key, 0) for b in range(1, limit + 1))
                           for key in EXACT_KEYS}
        out.append(upto)
    return out


def _exact_rows(p: Params, tt: list[dict[int, dict[str, int]]]) -> list[tuple[str, int, dict[str, int]]]:
    """(board, region bound, counts) for every bound from 2 cells up (1 leaves one partition)."""
    return [(size_label(n), limit, t[limit]) for (n, most, _, _), t in zip(p["exact"], tt, strict=True)
            for limit in range(min(2, most), most + 1)]


def _exact_figures(p: Params, tt: list[dict[int, dict[str, int]]], seed_t: list[dict[str, int]],
                   labels: list[str]) -> Figures:
    rows = _exact_rows(p, tt)
    big = [row for row in rows if row[1] == next(m for n, m, _, _ in p["exact"] if size_label(n) == row[0])]
    said = "; ".join(f"{t['partitions']:,} partitions of {name} into regions of at most {limit} cells, "
                     f"{t['dead']:,} ({pct(share(t['dead'], t['partitions']))}) dead"
                     for name, limit, t in big)
    k = labels.index("6×6 12%") if "6×6 12%" in labels else 0
    sampled = f"{pct(share(seed_t[k]['dead'], seed_t[k]['drawn']))} of sampled {labels[k]} partitions"
    counts = figure(
        "exact",
        table(["board", "regions of at most", "partitions", "live", "dead", "share dead"],
              [[name, limit, t["partitions"], t["live"], t["dead"], share(t["dead"], t["partitions"])]
               for name, limit, t in rows]),
        title="every partition, not a sample: partitions of small squares into connected regions of at most "
              "L cells, live and dead",
        note=("each partition counted once (partitions.py: regions in order of their first cell, each "
              "grown once) and decided by the ladder's search and the brute counter by cells (table "
              "below); a row counts every partition whose largest region has at most L cells; 5×5 stops "
              "at dominoes: with 3-cell regions the plain-Python enumeration did not finish in the five "
              "minutes tried, let alone decide each partition"),
        lead=(f"Exactly, not sampled: {said}, against {sampled} in the table above (regions of "
              f"{p['sizes'][0]}-{p['sizes'][1]} cells)."),
        plot=plot("bar", "regions of at most", ["share dead"], ylabel="share dead"))
    reason_rows = [[name, limit, t["dead"], *(t[f"dead {r}"] for r in REASONS), t["dead any"],
                    t["dead"] - t["dead any"]] for name, limit, t in rows]
    name, limit, t = big[0]
    reasons = figure(
        "exact",
        table(["board", "regions of at most", "dead", *REASONS, "any of them", "no static reason"],
              reason_rows),
        title="every dead partition and the static tests that explain it (counts of partitions)",
        note="a dead partition may be flagged by several tests; any of them: by at least one; no static "
             "reason: dead though no test fires; the tests run on every partition, not one per symmetry "
             "class: the line rule is one pass over the rows, then the columns, and a partition and its "
             "transpose can get different verdicts",
        lead=(f"Of the {t['dead']:,} dead partitions of {name} (regions of at most {limit}), adjacent "
              f"singletons explain {pct(share(t['dead adjacent singletons'], t['dead']))}, board capacity "
              f"{pct(share(t['dead board capacity'], t['dead']))}, the line rule "
              f"{pct(share(t['dead line rule'], t['dead']))}; "
              f"{pct(share(t['dead'] - t['dead any'], t['dead']))} die for no static reason."))
    checks = figure(
        "exact",
        table(["board", "partitions decided", "ladder vs brute disagree", "capped searches",
               "classes decided by SAT", "SAT vs ladder disagree", "dead, SAT's classes weighed",
               "live called dead"],
              [[f"{name}, regions ≤ {limit}", t["partitions"], t["ladder vs brute"], t["capped"],
                t["classes"], t["sat vs ladder"], t["sat dead"], t["cheap live"]] for name, limit, t in big]),
        title="cross-checks of the exact rows: every partition decided twice, and once more by SAT per "
              "symmetry class",
        note=("the ladder's compiled search and the brute counter by cells (each capped at "
              f"{LADDER_NODES:,} nodes) share no code, nor does SAT (pysat) with either; SAT decides the "
              "least spelling of each class of the square's eight symmetries (an answer maps to an answer), "
              "its answer checked by the validator (a broken one counts as a disagreement), and the class "
              "weighs its size; live called dead: live partitions a static test flags (must be 0)"),
        lead=(f"The ladder and the brute counter disagree on {sum(t['ladder vs brute'] for _, _, t in big)} "
              f"of the {sum(t['partitions'] for _, _, t in big):,} partitions; SAT disagrees with them on "
              f"{sum(t['sat vs ladder'] for _, _, t in big)} of the {sum(t['classes'] for _, _, t in big):,} "
              "symmetry classes, and its classes weighed give the same dead counts; static tests call "
              f"{sum(t['cheap live'] for _, _, t in big)} live partitions dead."))
    return {"mortality_exact": counts, "mortality_exact_reasons": reasons, "mortality_exact_checks": checks}


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    tt = totals(p, seed, results)
    labels = [label(n, s) for n, s in p["settings"]]
    return {"mortality": _seed_figure(p, labels, tt["seed"]),
            "mortality_text": _text_figure(p, labels, tt["seed"]),
            "mortality_small": _small_figure(p, labels, tt["small"], tt["seed"]),
            "cheap_tests": _cheap_figure(p, tt["seed"] + tt["small"], tt["ours"]),
            "verified": _verified_figure(p, labels, tt["seed"]),
            "mortality_ours": _ours_figure(p, tt["ours"]),
            **_exact_figures(p, exact_totals(p, seed, results), tt["seed"], labels)}


def _rows(labels: list[str], tt: list[dict[str, int]]) -> list[list[Any]]:
    """The seed's columns: measured size-1 share, dead, and each test as a share of the dead."""
    return [[name, proportion(t["singles"], t["regions"]), proportion(t["dead"], t["drawn"]),
             *(proportion(t[f"dead {r}"], t["dead"]) for r in REASONS), proportion(t["dead any"], t["dead"]),
             t["drawn"]] for name, t in zip(labels, tt, strict=True)]


def _small_figure(p: Params, labels: list[str], tt: list[dict[str, int]],
                  seed_t: list[dict[str, int]]) -> dict[str, Any]:
    rows = _rows(labels, tt)
    lo, hi = p["small_sizes"]
    columns = ["board (ours)", "size-1 share", "dead", *REASONS, "any of them", "partitions"]
    k = labels.index("6×6 12%") if "6×6 12%" in labels else 0  # the seed's middle row
    big, small = seed_t[k], rows[k]
    return figure(
        "sample", table(columns, rows), n=p["ours_partitions"],
        title=f"ours: the seed's settings with the other regions at {lo}-{hi} cells",
        note="as the table above, with smaller regions: the seed does not say how large its other "
             "regions are",
        lead=(f"Region size decides mortality: at {small[0]}, other regions of {lo}-{hi} cells leave "
              f"{pct(small[2]['value'])} of partitions dead against "
              f"{pct(share(big['dead'], big['drawn']))} with "
              f"{p['sizes'][0]}-{p['sizes'][1]} cells; adjacent singletons explain "
              f"{pct(small[3]['value'])} of those dead."),
        plot=plot("bar", "board (ours)", ["dead", "any of them"], ylabel="share"))


def _seed_figure(p: Params, labels: list[str], tt: list[dict[str, int]]) -> dict[str, Any]:
    rows = _rows(labels, tt)
    lo, hi = p["sizes"]
    dead = [row[2]["value"] for row in rows]
    least, most = dead.index(min(dead)), dead.index(max(dead))
    return figure(
        "sample", table(["board", "size-1 share", "dead", *REASONS, "any of them", "partitions"], rows),
        n=p["partitions"], seed="mortality", headline=True,
        title="share of random partitions dead, and the share of the dead each cheap test explains",
        note=(f"the seed's settings; size-1 share: measured share of regions with one cell (the drawer "
              f"aims at it); other regions aim at {lo}-{hi} cells (the generator's range; the seed does not "
              "give its own); dead: no answer by SAT; the test columns are shares of the dead partitions"),
        lead=(f"With the size-1 share a share of regions and the other regions of {lo}-{hi} cells, "
              f"from {pct(dead[least])} ({labels[least]}) to {pct(dead[most])} ({labels[most]}) of "
              f"partitions are dead; the cheap tests explain {pct(rows[most][6]['value'])} of the dead "
              f"at {labels[most]}."),
        plot=plot("bar", "board", ["dead", "any of them"], ylabel="share"))


def _text_figure(p: Params, labels: list[str], tt: list[dict[str, int]]) -> dict[str, Any]:
    rows: list[Row] = [[name, proportion(t["dead"], t["drawn"]),
                        proportion(t["dead"] - t["dead any"], t["dead"])]
                       for name, t in zip(labels, tt, strict=True)]
    mid = rows[min(1, len(rows) - 1)]
    return figure(
        "sample", table(["board", "dead", "dead for no static reason"], rows), n=p["partitions"],
        seed="mortality_text", title="the dead, and the share of them no cheap test explains",
        lead=(f"At {mid[0]}, {pct(mid[1]['value'])} of partitions are dead and "
              f"{pct(mid[2]['value'])} of those die for reasons no static test catches."))


def _cheap_figure(p: Params, seed_t: list[dict[str, int]], ours_t: list[dict[str, int]]) -> dict[str, Any]:
    live = sum(t["drawn"] - t["dead"] for t in seed_t + ours_t)
    wrong = sum(t["cheap_live"] for t in seed_t + ours_t)
    rows = [["every setting", wrong, live, sum(t["drawn"] for t in seed_t + ours_t)]]
    return figure(
        "exact", table(["setting", "live partitions called dead", "live partitions", "partitions"], rows),
        seed="cheap_tests", title="live partitions the cheap tests call dead (the seed: never once)",
        lead=f"The cheap tests called {wrong} of {live} live partitions dead, over every setting drawn.")


def _verified_figure(p: Params, labels: list[str], tt: list[dict[str, int]]) -> dict[str, Any]:
    rows: list[Row] = [[name, t["verified"], t["brute_disagree"], t["brute_capped"], t["capped"],
                        t["disagree"], t["bad_answer"]] for name, t in zip(labels, tt, strict=True)]
    checked = sum(r[1] for r in rows)
    wrong = sum(r[2] for r in rows)
    return figure(
        "exact", table(["board", "re-decided by regions", "disagreements", "counter capped",
                        "solver capped", "solver vs SAT disagree", "bad SAT answers"], rows),
        title="cross-checks: the verdicts re-decided by the region-permutation counter",
        note=(f"the first {p['verify']} partitions of each setting, counted by regions (brute engine) up to "
              f"{p['brute_nodes']:,} placements; capped ones are left out; solver: the generator's alive "
              f"check ({p['solver_nodes']:,} branch points)"),
        lead=(f"The region-permutation counter re-decided {checked} verdicts and disagreed with SAT on "
              f"{wrong}."))


def _ours_figure(p: Params, tt: list[dict[str, int]]) -> dict[str, Any]:
    rows: list[Row] = [[our_label(*s), proportion(t["singles"], t["regions"]),
                        proportion(t["dead"], t["drawn"]), proportion(t["dead any"], t["dead"]), t["drawn"]]
                       for s, t in zip(p["ours"], tt, strict=True)]
    gen = next((r for s, r in zip(p["ours"], rows, strict=True) if s[1:] == [0.1, 3, 7]), rows[0])
    return figure(
        "sample", table(["setting (ours)", "size-1 share", "dead", "any of them", "partitions"], rows),
        n=p["ours_partitions"], title="ours: the generator's own drawer at our settings",
        note=("the generator's drawer: a region aims at one cell with the given chance, else at the given "
              "size range; boxed-in cells stay single, so the share of size-1 regions is higher than the "
              "chance; any of them: share of the dead"),
        lead=(f"The generator's drawer ({gen[0]}) gives {pct(gen[1]['value'])} size-1 regions, not the "
              f"chance it is set to, and kills {pct(gen[2]['value'])} of its partitions."),
        plot=plot("bar", "setting (ours)", ["dead"], ylabel="share dead"))


def check(p: Params, figures: Figures) -> list[str]:
    """The cheap tests never call a live partition dead; solver, SAT and the region-permutation
    counter agree wherever they finished; every SAT answer passes the validator."""
    broken = []
    for name, _, brute, _, _, disagree, bad in figures["verified"]["value"]["rows"]:
        broken += nonzero((brute, f"{name}: the region-permutation counter and SAT disagree on {brute}"),
                          (disagree, f"{name}: solver and SAT disagree on {disagree} partitions"),
                          (bad, f"{name}: {bad} SAT answers break the rules"))
    wrong = figures["cheap_tests"]["value"]["rows"][0][1]
    broken += nonzero((wrong, f"the cheap tests called {wrong} live partitions dead"))
    for name, limit, parts, live, dead, _ in figures["mortality_exact"]["value"]["rows"]:
        if live + dead != parts:
            broken.append(f"{name}, regions <= {limit}: {live} live and {dead} dead of {parts}")
    dead_at = {f"{r[0]}, regions ≤ {r[1]}": r[4] for r in figures["mortality_exact"]["value"]["rows"]}
    for name, _, vs, capped, _, sat, sat_dead, cheap in figures["mortality_exact_checks"]["value"]["rows"]:
        broken += nonzero((vs, f"{name}: the ladder and the brute counter disagree on {vs} partitions"),
                          (capped, f"{name}: {capped} searches capped"),
                          (sat, f"{name}: SAT and the ladder disagree on {sat} classes"),
                          (sat_dead != dead_at[name], f"{name}: SAT's classes weigh {sat_dead} dead"),
                          (cheap, f"{name}: static tests call {cheap} live partitions dead"))
    return broken

