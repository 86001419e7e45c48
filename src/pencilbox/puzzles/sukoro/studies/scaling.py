"""Study 5: scaling up. Random clue sets against random subsets of an answer's own numbers on
the seed's rows (6x6 with 3 and 12 clues, 8x8 with 8 and 25, 10x10 with 8 and 25), with the
seed's totals: random clue sets in all (4,940 in the seed) and true draws at 10x10 spread over
3..25 clues (66 in the seed). Answers are drawn by the generator's draw."""

from __future__ import annotations

import random
from typing import Literal, NotRequired, TypedDict

from pencilbox.puzzles.sukoro import generate
from pencilbox.puzzles.sukoro.studies.common import count_cell, seed_answer, size_name, verdict, with_clues
from pencilbox.studies import Figures, Job, Params, Row, figure, proportion, rng, table

NUMBER = 5
NAME = "scaling"
TITLE = (
    "Random clue sets vs random subsets of an answer's numbers on the seed's rows at 6x6, 8x8, 10x10, "
    "and true draws at 10x10 over 3..25 clues"
)
SEED_ROWS = [[6, 6, 3], [6, 6, 12], [8, 8, 8], [8, 8, 25], [10, 10, 8], [10, 10, 25]]
FULL = {
    "rows": SEED_ROWS,
    "random_total": 4940,
    "true_per_row": 200,
    "true_10x10": 66,
    "spread": [3, 25],
    "node_cap": 2000,
}
QUICK = {
    "rows": [[6, 6, 3], [6, 6, 12]],
    "random_total": 20,
    "true_per_row": 10,
    "true_10x10": 4,
    "spread": [3, 25],
    "node_cap": 2000,
}
COLS = ["random clue sets: impossible", "random: exactly one", "true clue sets: exactly one"]


def random_samples(p: Params) -> list[int]:
    """The random clue sets per row: ``random_total`` spread as evenly as it goes."""
    q, extra = divmod(p["random_total"], len(p["rows"]))
    return [q + (i < extra) for i in range(len(p["rows"]))]


Draw = Literal["seed", "ours"]
DRAWS: tuple[Draw, ...] = ("seed", "ours")


class Tally(TypedDict):
    """One job's answers (0, 1, 2 or more) of its random clue sets and of its true draws of
    each kind, the verdicts SAT settled and the answers redrawn; a spread job adds its clues."""

    random: list[int]
    seed: list[int]
    ours: list[int]
    sat: int
    redrawn: int
    k: NotRequired[int]


class Spread(TypedDict):
    """The spread jobs summed: how many, and the answer counts of each kind of true draw."""

    n: int
    seed: list[int]
    ours: list[int]


def plan(p: Params, seed: int) -> list[Job]:
    jobs: list[Job] = [
        ("row", r, c, k, n) for (r, c, k), n in zip(p["rows"], random_samples(p), strict=True)
    ]
    return jobs + [("spread", 10, 10, j) for j in range(p["true_10x10"])]


def true_draw(rows: int, cols: int, k: int, g: random.Random, draw: Draw) -> tuple[dict[int, int], int]:
    """k random numbers of a random answer with at least k numbers (and how many answers were
    redrawn), the answer drawn as the seed describes (``seed``) or by our generator (``ours``)."""
    redrawn = -1
    answer: tuple[int, ...] = ()
    while sum(map(bool, answer)) < k:
        redrawn += 1
        answer = seed_answer(rows, cols, g) if draw == "seed" else generate.random_answer(rows, cols, g)
    cells = g.sample([i for i in range(rows * cols) if answer[i]], k)
    return {i: answer[i] for i in cells}, redrawn


def _count_true(p: Params, rows: int, cols: int, k: int, g: random.Random, draw: Draw,
                out: Tally) -> None:
    clues, redrawn = true_draw(rows, cols, k, g, draw)
    count, how = verdict(with_clues(rows, cols, clues), p["node_cap"])
    out[draw][count] += 1
    out["sat"] += how == "sat"
    out["redrawn"] += redrawn


def work(p: Params, seed: int, kind: str, rows: int, cols: int, *job: int) -> Tally:
    """A row: n random clue sets of k cells and ``true_per_row`` true draws of each kind,
    answers up to 2 each; a spread job: one true draw of each kind at 10x10, 3..25 clues in turn."""
    out: Tally = {"random": [0, 0, 0], "seed": [0, 0, 0], "ours": [0, 0, 0], "sat": 0, "redrawn": 0}
    if kind == "spread":
        (j,) = job
        lo, hi = p["spread"]
        k = lo + j % (hi - lo + 1)
        for draw in DRAWS:
            _count_true(p, rows, cols, k, rng(seed, "scaling-spread", draw, j), draw, out)
        return {**out, "k": k}
    k, n = job
    g = rng(seed, "scaling", rows, cols, k)
    for _ in range(n):
        clues = {i: g.randint(1, 4) for i in g.sample(range(rows * cols), k)}
        count, how = verdict(with_clues(rows, cols, clues), p["node_cap"])
        out["random"][count] += 1
        out["sat"] += how == "sat"
    for draw in DRAWS:
        g = rng(seed, "scaling-true", draw, rows, cols, k)
        for _ in range(p["true_per_row"]):
            _count_true(p, rows, cols, k, g, draw, out)
    return out


def reduce(p: Params, seed: int, results: list[Tally]) -> Figures:
    rows: list[Row] = []
    engines: list[Row] = []
    spread: Spread = {"n": 0, "seed": [0, 0, 0], "ours": [0, 0, 0]}
    m = p["true_per_row"]
    for job, res in zip(plan(p, seed), results, strict=True):
        if job[0] == "spread":
            spread["n"] += 1
            for draw in DRAWS:
                spread[draw] = [a + b for a, b in zip(spread[draw], res[draw], strict=True)]
            continue
        _, r, c, k, n = job
        rnd = res["random"]
        rows.append([f"{size_name(r, c)}, {k} clues", proportion(rnd[0], n), proportion(rnd[1], n),
                     proportion(res["seed"][1], m), proportion(res["ours"][1], m), proportion(rnd[2], n),
                     proportion(res["seed"][2], m)])
        engines.append([size_name(r, c), k, n + 2 * m, res["sat"], res["redrawn"]])
    sampled = sum(random_samples(p))
    rnd_unique = sum(r[2]["k"] for r in rows)
    lo, hi = p["spread"]
    sn = max(spread["n"], 1)
    totals = [["random clue sets, every row", sampled, count_cell(rnd_unique, sampled)],
              [f"10x10 true draws, {lo} to {hi} clues", spread["n"], count_cell(spread["seed"][1], sn)],
              [f"10x10 true draws, {lo} to {hi} clues (our draw)", spread["n"],
               count_cell(spread["ours"][1], sn)]]
    best = max(rows, key=lambda row: row[3]["value"] or 0)
    return {
        "scaling": figure(
            "sample",
            table(["clue set", *COLS, "true (our draw): exactly one", "random: several", "true: several"],
                  rows),
            n=sampled,
            seed="scaling",
            lead=f"Scattered digits almost never make a puzzle ({rnd_unique} of {sampled:,} random "
            f"clue sets had exactly one answer); random subsets of a real answer's numbers do "
            f"better, up to {100 * best[3]['value']:.1f}% unique ({best[0]}).",
            title="Random clue sets (k cells, random digits) against random k-subsets of a random "
            "answer's numbers: share with no answer, exactly one, several",
            note=f"random clue sets: {p['random_total']} spread over the rows; true clue sets: "
            f"{p['true_per_row']} per row and draw, answers drawn as the seed describes (one randomised "
            "search, no cover asked) and by our generator's draw (40% cover); verdicts by "
            f"engine 1 (node cap {p['node_cap']}), SAT past the cap",
        ),
        "totals": figure(
            "sample",
            table(["sample", "sampled", "exactly one"], totals),
            n=sampled,
            seed="scaling_totals",
            lead=f"{rnd_unique} of {sampled:,} random clue sets were puzzles; at 10x10, "
            f"{spread['seed'][1]} of {spread['n']} random subsets of an answer's numbers "
            f"({lo} to {hi} clues) were unique ({spread['ours'][1]} under our draw).",
            title="The seed's totals: random clue sets with exactly one answer over every row, and "
            f"true draws at 10x10 spread over {lo}..{hi} clues",
        ),
        "engines": figure(
            "sample",
            table(["size", "clues", "boards counted", f"settled by SAT (engine 1 past {p['node_cap']} nodes)",
                   "answers redrawn (too few numbers)"], engines),
            n=sampled,
            lead=f"Engine 1 settled all but {sum(e[3] for e in engines)} of the "
            f"{sum(e[2] for e in engines):,} verdicts within {p['node_cap']:,} branch points; SAT settled "
            "the rest.",
            title="How the scaling verdicts were reached",
        ),
        "spread_none": figure(
            "sample",
            spread["seed"][0] + spread["ours"][0],
            n=sn,
            lead=f"{spread['seed'][0] + spread['ours'][0]} of the 10x10 true draws have no answer, as none "
            "can: the answer they came from satisfies them.",
            title="10x10 true draws with no answer (must be 0: the answer satisfies them)",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    for row in figures["scaling"]["value"]["rows"]:
        if row[3]["k"] + row[6]["k"] != row[3]["n"]:
            out.append(f"{row[0]}: a subset of an answer's numbers has no answer")
    if figures["spread_none"]["value"]:
        out.append("a 10x10 true draw has no answer")
    return out
