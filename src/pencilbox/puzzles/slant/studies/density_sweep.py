"""Study 3: the seed's density sweep on raw 10 x 10 boards, 150 per point: the unique share,
the share the fixpoint finishes at probe (and each level below) down to count.

The points: the seed prints 0.55, 0.65, 0.75, 0.85 and 0.95 and says the sweep has eleven.
Five printed points 0.10 apart among eleven means a 0.05 step, and two eleven-point 0.05
grids hold all five: 0.45-0.95 and 0.50-1.00. We take 0.50-1.00, which ends at the board
with every lattice point shown (the densest there is), where 0.45 would add a second row
below the seed's first in which next to no board is unique. (Before issue 12 the sweep took eleven
points 0.04 apart from 0.55 to 0.95, which missed 0.65 and 0.85.)
"""

from __future__ import annotations

from typing import Any

from pencilbox.core.engine import PROBE
from pencilbox.puzzles.slant.levels import Level
from pencilbox.puzzles.slant.studies.common import (
    LEVELS,
    NODE_CAP,
    STATUSES,
    check_engines,
    check_soundness,
    level_verdicts,
    nested,
    raw_board,
    size_name,
    statuses,
    tally,
    unsound,
)
from pencilbox.studies import Figures, Params, cell_value, figure, plot, proportion, sig, table

NUMBER = 3
NAME = "density_sweep"
TITLE = "Unique, probe and count shares of raw 10x10 boards at eleven densities from 0.50 to 1.00"
DENSITIES = [round(0.50 + 0.05 * i, 2) for i in range(11)]
FULL = {"size": [10, 10], "boards": 150, "densities": DENSITIES, "node_cap": NODE_CAP,
        "engines": ["brute", "sat"]}
QUICK = {"size": [10, 10], "boards": 8, "densities": [0.55, 0.75, 0.95], "node_cap": NODE_CAP,
         "engines": ["brute", "sat"]}


def plan(p: Params, seed: int) -> list[tuple[float]]:
    """One job per density point."""
    return [(d,) for d in p["densities"]]


def work(p: Params, seed: int, density: float) -> dict[str, Any]:
    """One density point: boards finished per level, unique by the ladder and the engines."""
    rows, cols = p["size"]
    finished = dict.fromkeys(LEVELS, 0)
    status = tally(tuple(p["engines"]))
    bad = not_nested = clues = disagree = 0
    for k in range(p["boards"]):
        board, filling = raw_board(seed, rows, cols, density, k)
        clues += len(board.clued)
        verdicts = level_verdicts(board, filling)
        for lv, v in zip(LEVELS, verdicts, strict=True):
            finished[lv] += v == "finished"
        bad += unsound(verdicts)
        not_nested += not nested(verdicts)
        st = statuses(board, p["node_cap"], tuple(p["engines"]))
        for e, s in st.items():
            status[e][s] += 1
        disagree += len(set(st.values())) > 1
    return {"boards": p["boards"], "finished": finished, "status": status, "unsound": bad,
            "not_nested": not_nested, "clues": clues, "disagree": disagree}


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    n = p["boards"]
    points = p["densities"]
    rows = [[d, proportion(res["status"]["ladder"]["unique"], n),
             *(proportion(res["finished"][lv], n) for lv in reversed(LEVELS)), sig(res["clues"] / n)]
            for d, res in zip(points, results, strict=True)]
    engines = [[d, e, *(counts[s] for s in STATUSES)]
               for d, res in zip(points, results, strict=True) for e, counts in res["status"].items()]
    checks = [[d, res["boards"], res["unsound"], res["not_nested"], res["disagree"]]
              for d, res in zip(points, results, strict=True)]
    equal = sum(res["finished"][PROBE] == res["status"]["ladder"]["unique"] for res in results)
    return {
        "sweep": _sweep(p, rows),
        "ceiling": figure("sample", table(["where", "probe equals unique"], [["density points", equal]]), n=n,
                          seed="sweep_ceiling", title="Density points at which probe finishes exactly the "
                                                      "boards with a unique answer",
                          lead=f"As in the first table, the whole ladder sits on the uniqueness ceiling: "
                               f"probe equals the unique share at {equal} of {len(points)} density points."),
        "engines": figure("sample", table(["density", "engine", *STATUSES], engines), n=n,
                          title="Uniqueness verdicts (count limit 2) of the ladder's search and the "
                                "brute and SAT counters, boards per verdict",
                          lead=f"The three engines agree on every board's uniqueness at "
                               f"{sum(r[4] == 0 for r in checks)} of {len(points)} points."),
        "soundness": figure("sample", table(["density", "boards", "unsound fixpoints", "not nested",
                                             "engines disagree"], checks), n=n,
                            lead=f"{sum(r[2] for r in checks)} unsound fixpoints and "
                                 f"{sum(r[3] for r in checks)} boards finished by a level but not by a "
                                 f"larger one over {sum(r[1] for r in checks)} boards."),
    }


def _sweep(p: Params, rows: list[list[Any]]) -> dict[str, Any]:
    r, c = p["size"]
    lo, hi = rows[0], rows[-1]
    half = next((row[0] for row in rows if cell_value(row[1]) >= 0.5), None)
    where = f"; half the boards are unique from density {half:.2f}" if half is not None else ""
    cols = ["density", "unique", *reversed(LEVELS), "clues per board"]  # probe down to count
    return figure("sample", table(cols, rows), n=p["boards"], seed="density_sweep", headline=True,
                  title=f"Density sweep on {p['boards']} raw {size_name(r, c)} boards per point: share "
                        "unique, share finished by the fixpoint at probe (and each level below), down to "
                        "count",
                  lead=f"Slant is clue-hungry: at density {lo[0]:.2f} ({lo[6]:.0f} clues a board) "
                       f"{100 * cell_value(lo[1]):.1f}% of raw {size_name(r, c)} boards have a unique "
                       f"answer, at {hi[0]:.2f} ({hi[6]:.0f} clues) {100 * cell_value(hi[1]):.1f}%{where}.",
                  plot=plot("line", "density", ["unique", PROBE, Level.COUNT], ylabel="share of boards"))


def check(p: Params, figures: Figures) -> list[str]:
    out = check_engines(figures) + check_soundness(figures)
    for row in figures["sweep"]["value"]["rows"]:
        values = [cell_value(c) for c in row[1:6]]
        if values != sorted(values, reverse=True):
            out.append(f"density {row[0]}: unique >= probe >= duet >= cycle >= count fails: {values}")
        if row[1]["k"] != row[2]["k"]:
            out.append(f"density {row[0]}: probe finishes {row[2]['k']} boards, {row[1]['k']} are unique")
    return out
