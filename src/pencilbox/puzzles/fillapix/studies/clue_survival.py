"""Study 6: which clues the generator keeps, pooled over the boards of study 5 (the same
176 boards): by position (with binomial standard errors, as the seed gives them), by
value, and the clues that settle their whole block alone against the rest."""

from __future__ import annotations

from typing import Any

import numpy as np

from pencilbox.puzzles.fillapix import generate
from pencilbox.puzzles.fillapix.studies.common import (
    GENERATED,
    POSITIONS,
    binomial_se,
    board_seeds,
    by_grid,
    chunks,
    clue_vector,
    count_cell,
    rows_of,
)
from pencilbox.studies import Figures, Params, Row, figure, plot, proportion, table

NUMBER = 6
NAME = "clue_survival"
TITLE = (
    "Which clues the generator keeps (the 176 boards of study 5): by position, by value, and clues "
    "that settle their block alone"
)
FULL = {"grids": GENERATED, "chunk": 8}
QUICK = {"grids": [[6, 6, 4]], "chunk": 2}
BLOCK = (9, 6, 4)  # block size inside, on an edge, in a corner


def position(r: int, c: int, h: int, w: int) -> int:
    """0 inside, 1 edge, 2 corner (index into POSITIONS)."""
    return (r in (0, h - 1)) + (c in (0, w - 1))


def plan(p: Params, seed: int) -> list[tuple[int, int, int, int]]:
    return chunks(p)


def work(p: Params, seed: int, h: int, w: int, k: int, count: int) -> dict[str, Any]:
    """Clues shown and kept by (position, value), summed over a chunk of boards; a kept
    clue must be the picture's clue."""

    shown = np.zeros((3, 10), dtype=np.int64)
    kept = np.zeros((3, 10), dtype=np.int64)
    bad = 0
    for s in board_seeds(seed, h, w, k, count):
        made = generate.make(h, w, s)
        for i, v in enumerate(clue_vector(np.array(made.answer), h, w)):
            pos = position(i // w, i % w, h, w)
            got = made.board.clues[i]
            shown[pos, v] += 1
            kept[pos, v] += got is not None
            bad += got is not None and got != v
    return {"shown": shown.ravel().tolist(), "kept": kept.ravel().tolist(), "bad": bad}


def _share_of(shown: np.ndarray, kept: np.ndarray, cells: list[tuple[int, int]]) -> tuple[int, int]:
    return int(sum(kept[c] for c in cells)), int(sum(shown[c] for c in cells))


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    grids = by_grid(p, results)
    shown = sum(np.array(g["shown"]).reshape(-1, 3, 10).sum(axis=0) for _, _, g in grids)
    kept = sum(np.array(g["kept"]).reshape(-1, 3, 10).sum(axis=0) for _, _, g in grids)
    boards = sum(b for _, _, b in p["grids"])
    clues = int(shown.sum())
    pos_rows: list[Row] = []
    for pos, label in enumerate(POSITIONS):
        k, n = _share_of(shown, kept, [(pos, v) for v in range(10)])
        pos_rows.append([label, proportion(k, n), binomial_se(k, n), n])
    inside = [(v, *_share_of(shown, kept, [(0, v)])) for v in range(1, 9)]
    inside = [x for x in inside if x[2]]
    low = min(inside, key=lambda x: x[1] / x[2]) if inside else (None, 0, 0)
    high = max(inside, key=lambda x: x[1] / x[2]) if inside else (None, 0, 0)
    settle = [(pos, v) for pos in range(3) for v in (0, BLOCK[pos])]
    rest = [(pos, v) for pos in range(3) for v in range(1, BLOCK[pos])]
    alone: list[Row] = []
    for label, cells in (("settles its block alone", settle), ("the rest", rest)):
        k, n = _share_of(shown, kept, cells)
        alone.append([label, proportion(k, n), count_cell(n, clues), binomial_se(k, n)])
    value_rows = []
    for v in range(10):
        per = [_share_of(shown, kept, [(pos, v)]) for pos in range(3)]
        k, n = _share_of(shown, kept, [(pos, v) for pos in range(3)])
        value_rows.append([v, *(proportion(a, b) if b else None for a, b in per), proportion(k, n), n])
    note = f"pooled over the {boards} boards of study 5 ({clues:,} clues shown); binomial standard errors"
    ins, edge, corner = (r[1]["value"] for r in pos_rows)
    return {
        "survival_by_position": figure(
            "sample",
            table(["position", "survival", "standard error", "clues shown"], pos_rows),
            n=boards,
            seed="survival_by_position",
            headline=True,
            note=note,
            lead=f"Where a clue sits matters more than what it says: {ins:.1%} of inside clues survive, "
            f"{edge:.1%} of edge clues and {corner:.1%} of corner clues.",
        ),
        "survival_by_value": figure(
            "sample",
            table(
                ["clues", "lowest survival", "highest survival", "lowest value", "highest value"],
                [
                    [
                        "inside, values 1 to 8",
                        proportion(low[1], low[2]),
                        proportion(high[1], high[2]),
                        low[0],
                        high[0],
                    ]
                ],
            ),
            n=boards,
            seed="survival_by_value",
            note=note,
            lead=f"Inside the grid the values 1 to 8 all survive between {low[1] / max(low[2], 1):.1%} "
            f"(value {low[0]}) and {high[1] / max(high[2], 1):.1%} (value {high[0]}).",
        ),
        "settle_alone": figure(
            "sample",
            table(["clues", "survival", "clues shown", "standard error"], alone),
            n=boards,
            seed="settle_alone",
            note=note + "; a clue settles its block alone when it is 0 or its block size (4 corner, 6 edge, "
            "9 inside)",
            lead=f"Clues that settle their whole block alone survive less often: "
            f"{alone[0][1]['value'] or 0:.1%} of {alone[0][2]['value']} against "
            f"{alone[1][1]['value'] or 0:.1%} for the rest.",
        ),
        "by_value": figure(
            "sample",
            table(
                ["value", "survival inside", "on an edge", "in a corner", "anywhere", "clues shown"],
                value_rows,
            ),
            n=boards,
            note=note,
            plot=plot(
                "line",
                "value",
                ["survival inside", "on an edge", "in a corner"],
                xlabel="clue value",
                ylabel="share of clues kept",
            ),
            lead="Survival by clue value and position: the value barely moves the rate, the position does.",
        ),
        "kept_values_wrong": figure(
            "sample",
            sum(g["bad"] for _, _, g in grids),
            n=boards,
            lead="Kept clues that differ from the picture's clue (must be 0).",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    broken = []
    if figures["kept_values_wrong"]["value"]:
        broken.append("a kept clue differs from the picture's clue")
    for r in rows_of(figures["survival_by_position"]) + rows_of(figures["settle_alone"]):
        s = r["survival"]["value"]
        if s is not None and not 0 <= s <= 1:
            broken.append(f"{r.get('position', r.get('clues'))}: survival {s} out of [0, 1]")
    return broken
