"""Study 3: on grids with no side 2 (mod 3) every picture is pinned by its full set of
clues; the seed's check is 2,000 random pictures on each of 12 such squares (24,000),
ours adds rectangles and a 30x30 square, SAT confirming the first few of each grid."""

from __future__ import annotations

from typing import TypedDict

from pencilbox.core import engine
from pencilbox.puzzles.fillapix import PUZZLE
from pencilbox.puzzles.fillapix.board import BLANK, PAINT, Board
from pencilbox.puzzles.fillapix.studies.common import clue_vector, grid_name, pictures, rows_of
from pencilbox.puzzles.fillapix.studies.twin_shares import PLAIN_SQUARES
from pencilbox.studies import Figures, Params, Row, figure, table

NUMBER = 3
NAME = "no_second_answer"
TITLE = (
    "Every clue shown never leaves a second answer: 12 squares with no side 2 mod 3 (the seed's "
    "24,000 pictures), and our rectangles"
)
FULL = {
    "squares": PLAIN_SQUARES,
    "pictures": 2000,
    "sat": 20,
    "sides": [1, 3, 4, 6, 7, 9, 10, 12, 13],
    "extra_squares": [30],
    "extra_pictures": 500,
}
QUICK = {
    "squares": [3, 4],
    "pictures": 30,
    "sat": 5,
    "sides": [1, 3],
    "extra_squares": [6],
    "extra_pictures": 10,
}


class Checked(TypedDict):
    """One grid's pictures with every clue shown: how many, with a second answer, node-capped,
    with the wrong one answer, needing a branch; and how many SAT checked and found unique."""

    which: str
    grid: str
    pictures: int
    second: int
    capped: int
    wrong: int
    branched: int
    sat_checked: int
    sat_unique: int


def plan(p: Params, seed: int) -> list[tuple[str, int, int]]:
    extra = [(h, w) for h in p["sides"] for w in p["sides"] if h < w] + [(n, n) for n in p["extra_squares"]]
    return [("seed", n, n) for n in p["squares"]] + [("ours", h, w) for h, w in extra]


def work(p: Params, seed: int, which: str, h: int, w: int) -> Checked:
    """Every clue shown on a grid with no side 2 (mod 3): one answer, the picture (the
    ladder's count on all; SAT, which shares no code with it, on the first few)."""

    count = p["pictures"] if which == "seed" else p["extra_pictures"]
    out: Checked = {
        "which": which,
        "grid": grid_name(h, w),
        "pictures": 0,
        "second": 0,
        "capped": 0,
        "wrong": 0,
        "branched": 0,
        "sat_checked": 0,
        "sat_unique": 0,
    }
    for k, x in enumerate(pictures(seed, "no_second_answer", h, w, count=count, cells=h * w)):
        board = Board(h, w, clue_vector(x, h, w))
        want = [PAINT if v else BLANK for v in x]
        res = engine.count(PUZZLE, board, limit=2)
        out["pictures"] += 1
        out["second"] += res.count >= 2
        out["capped"] += res.node_capped
        out["wrong"] += res.count == 1 and res.answers[0] != want
        out["branched"] += res.nodes > 0
        if k < p["sat"]:
            sat = PUZZLE.sat_count(board, 2, 10**9)
            out["sat_checked"] += 1
            out["sat_unique"] += sat.count == 1 and sat.answers[0] == want
    return out


def reduce(p: Params, seed: int, results: list[Checked]) -> Figures:
    rows: list[Row] = [
        [
            r["grid"],
            r["pictures"],
            r["second"],
            r["capped"],
            r["wrong"],
            r["branched"],
            r["sat_checked"],
            r["sat_unique"],
        ]
        for r in results
    ]
    mine = [r for r in results if r["which"] == "seed"]
    total = sum(r["pictures"] for r in mine)
    second = sum(r["second"] for r in mine)
    everything = sum(r["pictures"] for r in results)
    return {
        "no_second_answer": figure(
            "sample",
            table(
                ["grids", "square sizes", "pictures", "second answers"],
                [["squares, no side 2 (mod 3)", len(mine), total, second]],
            ),
            n=total,
            seed="no_second_answer",
            lead=f"On {len(mine)} square sizes with no side 2 (mod 3), {total:,} random pictures with every "
            f"clue shown left a second answer {second} times.",
            note=f"squares {', '.join(map(str, p['squares']))}, {p['pictures']:,} fair-coin pictures each",
        ),
        "checked": figure(
            "sample",
            table(
                [
                    "grid",
                    "pictures",
                    "second answer",
                    "capped",
                    "answer not the picture",
                    "needed branching",
                    "SAT checked",
                    "SAT unique",
                ],
                rows,
            ),
            n=everything,
            lead=f"Every grid checked, the seed's squares first and then ours ({everything:,} pictures in "
            f"all): {sum(r[2] for r in rows)} second answers, and SAT agrees on all "
            f"{sum(r[6] for r in rows)} it was asked about but {sum(r[6] - r[7] for r in rows)}.",
            note=f"ours: h < w from sides {p['sides']} and squares {p['extra_squares']}, "
            f"{p['extra_pictures']} pictures each; SAT confirms the first {p['sat']} per grid",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    broken = []
    for r in rows_of(figures["checked"]):
        if r["second answer"] or r["capped"] or r["answer not the picture"]:
            broken.append(
                f"{r['grid']}: {r['second answer']} second answers, {r['capped']} capped, "
                f"{r['answer not the picture']} answers not the picture"
            )
        if r["SAT unique"] != r["SAT checked"]:
            broken.append(f"{r['grid']}: SAT found a second answer or another picture")
    return broken
