"""Study 2: how many random partitions are dead, and how much of the dying the cheap static
tests explain, at the seed's seven settings (the size-1 share is the share of REGIONS that
have one cell); a sample of verdicts is re-decided by the region-permutation counter."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pencilbox.core import engine
from pencilbox.puzzles.ripple import generate, kernel, rules
from pencilbox.puzzles.ripple.board import Board, full
from pencilbox.puzzles.ripple.brute import count_by_regions
from pencilbox.puzzles.ripple.generate import ALIVE_NODES, SIZES
from pencilbox.puzzles.ripple.sat import sat_count
from pencilbox.puzzles.ripple.studies.common import board, pct, puzzle, size_label
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
                "ours": OUR_SETTINGS, "ours_partitions": 300, "small_sizes": [2, 5]}
QUICK: Params = {"settings": [[6, 0.12], [6, 0.4]], "sizes": _sizes(), "partitions": 30, "chunk": 15,
                 "verify": 3, "brute_nodes": 200_000, "solver_nodes": _alive_nodes(),
                 "ours": [[6, 0.1, 3, 7], [6, 0.0, 2, 3]], "ours_partitions": 20, "small_sizes": [2, 5]}


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
        [("ours", k, c) for k in range(len(p["ours"])) for c in range(ours)]


def _empty_counts() -> dict[str, int]:
    return {"drawn": 0, "dead": 0, "any": 0, "regions": 0, "singles": 0, "capped": 0, "capped_live": 0,
            "cheap_live": 0, "disagree": 0, "bad_answer": 0, "verified": 0, "brute_capped": 0,
            "brute_disagree": 0, **{reason: 0 for reason in REASONS}, **{f"dead {r}": 0 for r in REASONS},
            "dead any": 0}


def work(p: Params, seed: int, which: str, k: int, c: int) -> dict[str, int]:
    """One chunk of one setting: SAT decides life, the cheap tests and the solver are scored,
    the first few partitions are re-decided by the region-permutation counter."""
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
        for key, value in res.items():
            out[which][k][key] += value
    return out


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    tt = totals(p, seed, results)
    labels = [label(n, s) for n, s in p["settings"]]
    return {"mortality": _seed_figure(p, labels, tt["seed"]),
            "mortality_text": _text_figure(p, labels, tt["seed"]),
            "mortality_small": _small_figure(p, labels, tt["small"], tt["seed"]),
            "cheap_tests": _cheap_figure(p, tt["seed"] + tt["small"], tt["ours"]),
            "verified": _verified_figure(p, labels, tt["seed"]),
            "mortality_ours": _ours_figure(p, tt["ours"])}


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
    return broken

