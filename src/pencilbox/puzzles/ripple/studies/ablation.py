"""Study 5: what the strongest fixpoint loses without each propagator, on 30 solvable 6x6
boards: the seed's (the four propagators, boards the generator makes for them) and ours
(probe over all, boards made for the whole ladder) beside it."""

from __future__ import annotations

from typing import Any

from pencilbox.core import engine
from pencilbox.puzzles.ripple.brute import count_by_regions
from pencilbox.puzzles.ripple.generate import make
from pencilbox.puzzles.ripple.levels import Level
from pencilbox.puzzles.ripple.studies.common import SEED_LEVEL, fixpoints, pct, puzzle, sat_count, size_label
from pencilbox.studies import Figures, Params, figure, mean_cell, plot, rng, table

NUMBER = 5
NAME = "ablation"
TITLE = "Ablation: one propagator dropped from the strongest fixpoint, 30 solvable 6x6 boards"
FULL: Params = {"size": 6, "boards": 30}
QUICK: Params = {"size": 6, "boards": 3}
PROTOCOLS: dict[str, engine.Level] = {"seed": SEED_LEVEL, "ours": engine.PROBE}


def plan(p: Params, seed: int) -> list[tuple[str, int]]:
    return [(which, k) for which in PROTOCOLS for k in range(p["boards"])]


def dropped(top: engine.Level) -> list[str]:
    """What each row drops: nothing, then every rung up to ``top``."""
    levels = engine.levels(puzzle())
    return ["nothing", *levels[: levels.index(top) + 1]]


def work(p: Params, seed: int, which: str, k: int) -> dict[str, Any]:
    """One generated board: the fixpoint at the protocol's top, then without each rung in turn."""
    n, top = p["size"], PROTOCOLS[which]
    made = make(n, n, rng(seed, "ablation", k).randrange(1, 2**31), top)
    b = made.board
    ladders = [engine.asked(puzzle(), top, () if off == "nothing" else (off,)) for off in dropped(top)]
    rows = fixpoints(b, made.answer, ladders)
    brute = count_by_regions(n, n, b.regions, b.clues, 2)[0]
    return {"rows": rows, "givens": made.clues, "sat": sat_count(b, 2), "brute": brute}


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    got: dict[str, list[Any]] = {}
    for (which, _), res in zip(plan(p, seed), results, strict=True):
        got.setdefault(which, []).append(res)
    seed_rows = _rows(got["seed"], SEED_LEVEL)
    m = len(got["seed"])
    by = {r[0]: r for r in seed_rows}
    return {
        "ablation": figure(
            "sample", table(["dropped", "candidates eliminated", "boards finished", "answer lost"],
                            seed_rows),
            n=m, seed="ablation", headline=True,
            title=(f"the strongest fixpoint with one propagator dropped, {m} solvable "
                   f"{size_label(p['size'])} boards"),
            note=("the seed's protocol as we read it: the four propagators (region, ripple, hidden, lines; "
                  "the seed's table drops no probe), on boards the generator makes for them (minimal for "
                  "lines); candidates eliminated: mean over boards of the eliminations as a share of the "
                  "full fixpoint's"),
            lead=(f"Without ripple the fixpoint keeps only {pct(by[Level.RIPPLE][1]['value'])} of its "
                  f"eliminations and finishes {by[Level.RIPPLE][2]} of {m} boards; without hidden "
                  f"{by[Level.HIDDEN][2]}, without lines {by[Level.LINES][2]}: lines finishes "
                  f"{by['nothing'][2] - by[Level.LINES][2]} board that nothing else would."),
            plot=plot("bar", "dropped", ["boards finished"], ylabel="boards finished")),
        "ablation_ours": _ours(got["ours"], p),
        "engines": _engines(got),
    }


def _rows(results: list[Any], top: engine.Level) -> list[list[Any]]:
    rows = []
    for k, name in enumerate(dropped(top)):
        ratio = [res["rows"][k]["gone"] / res["rows"][0]["gone"] if res["rows"][0]["gone"] else 1.0
                 for res in results]
        rows.append([name, mean_cell(ratio), sum(res["rows"][k]["finished"] for res in results),
                     sum(not res["rows"][k]["keeps"] for res in results)])
    return rows


def _ours(results: list[Any], p: Params) -> dict[str, Any]:
    rows = _rows(results, engine.PROBE)
    m = len(results)
    by = {r[0]: r for r in rows}
    return figure(
        "sample", table(["dropped (ours)", "candidates eliminated", "boards finished", "answer lost"], rows),
        n=m, title=f"ours: probe over all, one rung dropped everywhere (inside probe too), {m} boards",
        note="boards the generator makes for the whole ladder (minimal for probe)",
        lead=(f"With probe on top the other rungs stand in for a dropped one: without hidden "
              f"{by[Level.HIDDEN][2]} of {m} boards still finish, without region {by[Level.REGION][2]}; "
              f"only ripple is irreplaceable ({by[Level.RIPPLE][2]} finish)."))


def _engines(got: dict[str, list[Any]]) -> dict[str, Any]:
    rows = [[f"{which} {k}", res["givens"], res["sat"], res["brute"]]
            for which, results in got.items() for k, res in enumerate(results)]
    return figure("exact", table(["board", "givens", "sat", "brute"], rows),
                  title="answer counts by two engines (limit 2)",
                  lead="Every board is unique by SAT and by the region-permutation counter.")


def check(p: Params, figures: Figures) -> list[str]:
    """Every board is unique by SAT and by the brute counter; the full fixpoint finishes all;
    no ablation removes the intended answer."""
    broken = []
    for name in ("ablation", "ablation_ours"):
        rows = figures[name]["value"]["rows"]
        if rows[0][2] != p["boards"]:
            broken.append(f"{name}: the full fixpoint finishes {rows[0][2]} of {p['boards']} boards")
        broken += [f"{name}: dropping {row[0]} loses the intended answer on {row[3]} boards"
                   for row in rows if row[3]]
    broken += [f"board {name}: {sat} answers by SAT, {brute} by brute (want 1)"
               for name, _, sat, brute in figures["engines"]["value"]["rows"] if not sat == brute == 1]
    return broken
