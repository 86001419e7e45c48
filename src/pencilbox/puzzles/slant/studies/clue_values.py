"""Study 4: the seed's degree distribution of the raw 10 x 10 stream, the clue values 0-4
shown at density 0.75, by place (corner, edge, interior), and the values of every lattice
point of the fillings (whose sum is two ends per diagonal)."""

from __future__ import annotations

from typing import Any

from pencilbox.core.puzzle import known
from pencilbox.puzzles.slant import generate
from pencilbox.puzzles.slant.studies.common import plan_chunks, raw_board, size_name
from pencilbox.studies import Figures, Params, cell_value, figure, plot, proportion, share, sig, table

NUMBER = 4
NAME = "clue_values"
TITLE = "Clue value distribution (0-4) of the raw 10x10 stream (1,000 boards at 0.75)"
FULL = {"size": [10, 10], "boards": 1000, "chunk": 250, "density": 0.75}
QUICK = {"size": [10, 10], "boards": 20, "chunk": 10, "density": 0.75}
PLACES = ("corner", "edge", "interior")


def place(rows: int, cols: int, p: int) -> str:
    """Where a lattice point sits: it meets 1, 2 or 4 cells."""
    r, c = divmod(p, cols + 1)
    outer = (r in (0, rows)) + (c in (0, cols))
    return PLACES[2 - outer]


def plan(p: Params, seed: int) -> list[tuple[int, int]]:
    """The boards in chunks."""
    return plan_chunks(p, seed)


def work(p: Params, seed: int, start: int, stop: int) -> dict[str, Any]:
    """Shown clue values by place, and every lattice value of the fillings (for the ends sum)."""
    rows, cols = p["size"]
    shown = {pl: [0] * 5 for pl in PLACES}
    lattice = {pl: [0] * 5 for pl in PLACES}
    ends = 0
    for k in range(start, stop):
        board, filling = raw_board(seed, rows, cols, p["density"], k)
        for pt, v in enumerate(generate.all_clues(rows, cols, filling)):
            lattice[place(rows, cols, pt)][v] += 1
            ends += v
        for pt in board.clued:
            shown[place(rows, cols, pt)][known(board.clues[pt])] += 1
    return {"boards": stop - start, "shown": shown, "lattice": lattice, "ends": ends}


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    n = sum(r["boards"] for r in results)
    rows, cols = p["size"]
    shown = {pl: [sum(r["shown"][pl][v] for r in results) for v in range(5)] for pl in PLACES}
    lattice = {pl: [sum(r["lattice"][pl][v] for r in results) for v in range(5)] for pl in PLACES}
    total = sum(map(sum, shown.values()))
    every = sum(map(sum, lattice.values()))
    value_rows = []
    for v in range(5):
        k = sum(shown[pl][v] for pl in PLACES)
        value_rows.append([v, k, proportion(k, total), *(shown[pl][v] for pl in PLACES),
                           share(sum(lattice[pl][v] for pl in PLACES), every)])
    top = {pl: max((v for v in range(5) if shown[pl][v]), default=None) for pl in PLACES}
    pct = " / ".join(f"{100 * cell_value(r[2]):.1f}" for r in value_rows)
    return {
        "clue_values": figure("sample", table(["value", "clues", "share of clues", *PLACES,
                                               "share of all points"], value_rows), n=n, seed="degrees",
                              title=f"Clue values of {n} raw {size_name(rows, cols)} boards (density "
                                    f"{p['density']}): shown clues per value and place, and the value "
                                    "share over every lattice point of the fillings",
                              lead=f"Of {total} clues on {n} raw boards, values 0/1/2/3/4 make {pct}%: a "
                                   "4 needs an interior point with all four diagonals turned to it, and the "
                                   f"highest value shown is {top['corner']} on a corner, {top['edge']} on an "
                                   "edge.",
                              plot=plot("bar", "value", ["share of clues", "share of all points"],
                                        ylabel="share")),
        "lattice_by_place": figure("sample", table(["place", *map(str, range(5))],
                                                   [[pl, *lattice[pl]] for pl in PLACES]), n=n,
                                   title="Every lattice point of the fillings, values per place",
                                   lead=f"Over the {every} lattice points of the fillings, "
                                        f"{lattice['interior'][0]} interior points are 0 (a diamond loop "
                                        "would circle each)."),
        "clues_per_board": figure("sample", sig(total / n), n=n, title="Clues shown per board"),
        "diagonal_ends_per_board": figure("sample", sig(sum(r["ends"] for r in results) / n), n=n,
                                          title="Diagonal ends per board, summed over every lattice point",
                                          note="every diagonal has two ends: 2RC on every filling"),
    }


def check(p: Params, figures: Figures) -> list[str]:
    rows, cols = p["size"]
    out = []
    if figures["diagonal_ends_per_board"]["value"] != 2 * rows * cols:
        out.append(f"diagonal ends per board {figures['diagonal_ends_per_board']['value']} != 2RC")
    top = {"corner": 1, "edge": 2, "interior": 4}
    for pl, *counts in figures["lattice_by_place"]["value"]["rows"]:
        if any(counts[v] for v in range(top[pl] + 1, 5)):
            out.append(f"a {pl} point reaches more than {top[pl]}: {counts}")
        if pl == "interior" and counts[0]:
            out.append(f"{counts[0]} interior points at 0: each is a diamond loop")
    return out
