"""Study 5: the seed's branchings. Branch points the counting search (limit 2) needs to
certify the solution count of 100 raw 10 x 10 boards, per level, held to the brute counter;
and the exact anchor: the clueless 2 x 2 board counted by every engine (15 fillings)."""

from __future__ import annotations

from typing import Any

from pencilbox.core import engine
from pencilbox.core.puzzle import known
from pencilbox.puzzles.slant import PUZZLE
from pencilbox.puzzles.slant.board import Board
from pencilbox.puzzles.slant.studies.common import LEVELS, NODE_CAP, plan_chunks, raw_board, size_name
from pencilbox.studies import (
    Figures,
    Params,
    at_least,
    cell_value,
    figure,
    mean_cell,
    median_cell,
    plot,
    table,
)

NUMBER = 5
NAME = "branchings"
TITLE = "Median branch points certifying the solution count of 100 raw 10x10 boards"
FULL = {"size": [10, 10], "boards": 100, "chunk": 25, "density": 0.75, "node_cap": NODE_CAP}
QUICK = {"size": [10, 10], "boards": 8, "chunk": 4, "density": 0.75, "node_cap": NODE_CAP}
ANCHOR_ENGINES = (*LEVELS, "brute", "sat")
COLUMNS = ["level", "median", "median, unique boards", "median, several answers", "mean", "most",
           "boards capped"]


def plan(p: Params, seed: int) -> list[tuple[str] | tuple[str, int, int]]:
    """The anchor, then the boards in chunks."""
    return [("anchor",), *(("boards", a, b) for a, b in plan_chunks(p, seed))]


def anchor(p: Params) -> dict[str, int]:
    """Fillings of the clueless 2 x 2 board by every level's search and both engines."""
    blank = Board(2, 2, (None,) * 9)
    out: dict[str, int] = {
        lv: known(PUZZLE.kernel).count(blank, PUZZLE.initial_state(blank), engine.ladder(PUZZLE, lv),
                                       10**6, p["node_cap"]).count for lv in LEVELS}
    out["brute"] = PUZZLE.brute_count(blank, 10**6, p["node_cap"]).count
    out["sat"] = PUZZLE.sat_count(blank, 10**6, p["node_cap"]).count
    return out


def work(p: Params, seed: int, kind: str, start: int = 0, stop: int = 0) -> Any:
    """Branch points of the counting search (limit 2) at each level, per board, with the
    brute count; or the anchor."""
    if kind == "anchor":
        return anchor(p)
    rows, cols = p["size"]
    boards = []
    for k in range(start, stop):
        board, _ = raw_board(seed, rows, cols, p["density"], k)
        per = []
        for lv in LEVELS:
            names = engine.ladder(PUZZLE, lv)
            res = known(PUZZLE.kernel).count(board, PUZZLE.initial_state(board), names, 2, p["node_cap"])
            per.append([res.nodes, res.node_capped, res.count])
        brute = PUZZLE.brute_count(board, 2, p["node_cap"])
        boards.append({"levels": per, "brute": [brute.count, brute.node_capped]})
    return boards


def _level_row(lv: str, i: int, boards: list[dict[str, Any]]) -> list[Any]:
    vals = [(b["levels"][i][0], bool(b["levels"][i][1])) for b in boards]
    uniq = [v for v, b in zip(vals, boards, strict=True) if b["brute"][0] == 1]
    mult = [v for v, b in zip(vals, boards, strict=True) if b["brute"][0] >= 2]
    capped = sum(c for _, c in vals)
    mean = mean_cell([v for v, _ in vals])
    return [lv, median_cell(vals), median_cell(uniq), median_cell(mult),
            at_least(mean["value"]) if capped else mean, max(v for v, _ in vals), capped]


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    first, boards = results[0], [b for chunk in results[1:] for b in chunk]
    n = len(boards)
    rows = [_level_row(lv, i, boards) for i, lv in enumerate(LEVELS)]
    agree = [[lv, sum(b["levels"][i][2] == b["brute"][0] and not b["levels"][i][1] and not b["brute"][1]
                      for b in boards)] for i, lv in enumerate(LEVELS)]
    unique = sum(b["brute"][0] == 1 for b in boards)
    r, c = p["size"]
    found = " / ".join(str(v) for v in sorted(set(first.values())))
    medians = ", ".join(f"{cell_value(row[1])} for {row[0]}" for row in rows)
    return {
        "branchings": figure("sample", table(COLUMNS, rows), n=n, seed="branchings",
                             title=f"Branch points the counting search (limit 2, node cap {p['node_cap']}) "
                                   f"needs to certify the count of {n} raw {size_name(r, c)} boards "
                                   f"(density {p['density']}), per level",
                             note=f"{unique} unique and {n - unique} multiple boards by the brute counter; "
                                  "a capped board only bounds its count from below",
                             lead=f"Certifying the count barely needs search at the top of the ladder: "
                                  f"the median branch points over {n} raw boards are {medians}; the mean "
                                  f"falls from {cell_value(rows[0][4])} to {cell_value(rows[-1][4])}.",
                             plot=plot("bar", "level", ["median", "mean"], ylabel="branch points")),
        "counts_agree": figure("sample", table(["level", "boards whose count (limit 2) matches brute"],
                                               agree), n=n,
                               lead=f"The fewest boards on which a level's search gives the brute "
                                    f"counter's count: {min(k for _, k in agree)} of {n}."),
        "anchor_2x2": figure("exact", table(["engine", "fillings"], [[e, first[e]] for e in ANCHOR_ENGINES]),
                             seed="anchor",
                             title="Fillings of the clueless 2x2 board by every engine (16 minus the "
                                   "diamond)",
                             lead=f"The exact anchor: the {len(ANCHOR_ENGINES)} counters find {found} "
                                  "fillings of the clueless 2×2 board, the 16 assignments less the one "
                                  "diamond loop."),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    n = figures["counts_agree"]["n"]
    for lv, k in figures["counts_agree"]["value"]["rows"]:
        if k != n:
            out.append(f"{lv}: {n - k} boards whose count differs from brute (or was capped)")
    for e, v in figures["anchor_2x2"]["value"]["rows"]:
        if v != 15:
            out.append(f"{e} counts {v} fillings of the clueless 2x2 board, not 15")
    return out
