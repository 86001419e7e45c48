"""Study 3: every clue set a small board can carry, the walk the seed made (3x4, 3x5 and 4x4 with
k = 1..4 clues, 4x5 and 5x5 with k = 1..3): how many have no answer, several, exactly one, and
the one-clue boards."""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from pencilbox.puzzles.sukoro.studies.blank import all_answers
from pencilbox.puzzles.sukoro.studies.common import blank_count, ladder_count, pct, size_name, with_clues
from pencilbox.studies import Figures, Params, figure, plot, rng, share, table

NUMBER = 3
NAME = "census"
TITLE = (
    "Census of every clue set on 3x4, 3x5, 4x4 (k = 1..4), 4x5 and 5x5 (k = 1..3): impossible, "
    "ambiguous, unique"
)
FULL = {
    "boards": [
        [3, 4, [1, 2, 3, 4]],
        [3, 5, [1, 2, 3, 4]],
        [4, 4, [1, 2, 3, 4]],
        [4, 5, [1, 2, 3]],
        [5, 5, [1, 2, 3]],
    ],
    "recheck": 200,
}
QUICK = {"boards": [[3, 4, [1, 2]], [3, 3, [1]]], "recheck": 20}
SHARES = ["impossible", "ambiguous", "exactly one"]


def plan(p: Params, seed: int) -> list[tuple[int, int, int]]:
    return [(r, c, k) for r, c, ks in p["boards"] for k in ks]


def census(answers: np.ndarray, k: int) -> tuple[int, int, int]:
    """(impossible, ambiguous, unique) clue sets of k cells with digits 1-4: per choice of
    cells, the answers are binned by their digits there (a pattern with an empty cell is no
    clue set)."""
    weights = 5 ** np.arange(k, dtype=np.int64)
    digits = np.array([[code // 5**j % 5 for j in range(k)] for code in range(5**k)])
    clue_set = (digits > 0).all(axis=1)
    seen = unique = 0
    for cells in combinations(range(answers.shape[1]), k):
        bins = np.bincount(answers[:, list(cells)].astype(np.int64) @ weights, minlength=5**k)[clue_set]
        seen += int((bins > 0).sum())
        unique += int((bins == 1).sum())
    walked = comb(answers.shape[1], k) * 4**k
    return walked - seen, seen - unique, unique


def consistent(answers: np.ndarray, cells: list[int], digits: list[int]) -> int:
    """How many answers hold these digits in these cells (read straight off the answers)."""
    return int(np.all(answers[:, cells] == np.array(digits, dtype=np.int8), axis=1).sum())


def work(p: Params, seed: int, rows: int, cols: int, k: int) -> dict[str, Any]:
    """Every clue set of k cells; a sample of random and of true clue sets recounted by engine 1."""
    answers = all_answers(rows, cols)
    impossible, ambiguous, unique = census(answers, k)
    g = rng(seed, "census", rows, cols, k)
    n = rows * cols
    disagree = 0
    for t in range(p["recheck"]):
        if t % 2:
            cells = g.sample(range(n), k)
            digits = [g.randint(1, 4) for _ in cells]
        else:  # a true clue set, so unique and ambiguous ones are rechecked too
            a = answers[g.randrange(len(answers))]
            numbered = [i for i in range(n) if a[i]]
            cells = g.sample(numbered, min(k, len(numbered)))
            digits = [int(a[i]) for i in cells]
        res = ladder_count(with_clues(rows, cols, dict(zip(cells, digits, strict=True))))
        disagree += res.node_capped or res.count != min(consistent(answers, cells, digits), 2)
    return {
        "walked": comb(n, k) * 4**k,
        "impossible": impossible,
        "ambiguous": ambiguous,
        "unique": unique,
        "answers": len(answers),
        "brute": blank_count(rows, cols, "brute")[0],
        "rechecked": p["recheck"],
        "disagree": disagree,
    }


def label(rows: int, cols: int, k: int) -> str:
    return f"{size_name(rows, cols)}, {k} clue{'s' if k > 1 else ''}"


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    rows, again = [], []
    for (r, c, k), res in zip(plan(p, seed), results, strict=True):
        w = res["walked"]
        rows.append(
            [
                label(r, c, k),
                w,
                share(res["impossible"], w),
                share(res["ambiguous"], w),
                share(res["unique"], w),
                res["unique"],
            ]
        )
        again.append([size_name(r, c), k, res["answers"], res["brute"], res["rechecked"], res["disagree"]])
    total = sum(res["walked"] for res in results)
    sums = {key: sum(res[key] for res in results) for key in ("impossible", "ambiguous", "unique")}
    one = [
        (res["walked"], res["unique"])
        for (_, _, k), res in zip(plan(p, seed), results, strict=True)
        if k == 1
    ]
    ones, one_unique = sum(w for w, _ in one), sum(u for _, u in one)
    worst = max(rows, key=lambda row: row[2])
    boards = ", ".join(f"{size_name(r, c)} (k = {min(ks)}..{max(ks)})" for r, c, ks in p["boards"])
    return {
        "totals": figure(
            "exact",
            table(
                ["walk", "clue sets", *SHARES],
                [
                    [
                        "every clue set walked",
                        total,
                        share(sums["impossible"], total),
                        share(sums["ambiguous"], total),
                        share(sums["unique"], total),
                    ]
                ],
            ),
            seed="census_totals",
            headline=True,
            lead=f"Of all {total:,} clue sets the walk covers, {pct(share(sums['impossible'], total))} "
            f"have no answer and only {pct(share(sums['unique'], total))} exactly one; the "
            f"dead share peaks at {pct(worst[2])} ({worst[0]}).",
            title=f"Every clue set of k cells with a digit 1-4 in each, on {boards}: the whole walk",
        ),
        "census": figure(
            "exact",
            table(["clue sets of", "clue sets", *SHARES, "unique clue sets"], rows),
            seed="census",
            lead=f"All {len(rows)} rows of the walk, each exact (the seed printed an extract of nine).",
            title="Every clue set of k cells with a digit 1-4 in each: share with no answer, "
            "several answers, exactly one",
            plot=plot("bar", "clue sets of", SHARES, ylabel="share of clue sets"),
        ),
        "one_clue": figure(
            "exact",
            table(
                ["boards", "one-clue boards", "exactly one answer"],
                [["every board walked", ones, one_unique]],
            ),
            seed="one_clue",
            lead=f"A single clue is never enough: {one_unique} of the {ones} one-clue boards has "
            "exactly one answer.",
            title="One-clue boards (every cell, every digit) with exactly one answer",
        ),
        "recheck": figure(
            "sample",
            table(
                [
                    "board",
                    "clues",
                    "answers enumerated",
                    "engine 2 (brute) count",
                    "clue sets recounted by engine 1",
                    "disagreements",
                ],
                again,
            ),
            n=sum(a[4] for a in again),
            lead=f"Engine 2 counts the same answers as the enumerator on every board, and engine 1 agrees "
            f"with the census on {sum(a[4] for a in again) - sum(a[5] for a in again):,} of "
            f"{sum(a[4] for a in again):,} sampled clue sets.",
            title="The census's answers against engine 2, and sampled clue sets (half random, "
            "half true) recounted by engine 1",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    for row in figures["census"]["value"]["rows"]:
        if abs(sum(row[2:5]) - 1) > 1e-3:
            out.append(f"{row[0]}: impossible + ambiguous + unique shares do not add up to 1")
    for board, k, answers, brute, _, disagree in figures["recheck"]["value"]["rows"]:
        if answers != brute:
            out.append(f"{board}: {answers} answers enumerated, engine 2 counts {brute}")
        if disagree:
            out.append(f"{board}, k={k}: engine 1 disagrees with the census on {disagree} clue sets")
    walked = figures["totals"]["value"]["rows"][0][1]
    if walked != sum(r[1] for r in figures["census"]["value"]["rows"]):
        out.append("the total walked is not the sum of the rows")
    return out
