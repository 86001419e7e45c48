"""Study 4: the census restricted to true clue sets: every non-empty subset of every answer's
numbers on 3x4, 3x5 and 4x4, the fewest clues that ever pin an answer, and the median and worst
number an answer needs."""

from __future__ import annotations

import statistics
from itertools import combinations
from typing import Any

import numpy as np
from numba import njit

from pencilbox.core.poll import stopped
from pencilbox.puzzles.sukoro.studies.blank import all_answers
from pencilbox.puzzles.sukoro.studies.census import consistent
from pencilbox.puzzles.sukoro.studies.common import ladder_count, size_name, with_clues
from pencilbox.studies import Figures, Params, figure, plot, rng, share, table

NUMBER = 4
NAME = "true_clue_sets"
TITLE = "True clue sets on 3x4, 3x5, 4x4: fewest clues that ever work, median and worst an answer needs"
FULL = {"boards": [[3, 4], [3, 5], [4, 4]], "recheck": 30}
QUICK = {"boards": [[3, 3], [3, 4]], "recheck": 5}


@njit(cache=True)
def _true_sets(answers: np.ndarray, needs: np.ndarray, total: np.ndarray, unique: np.ndarray) -> None:
    """Per answer a, every subset S of its numbers: S pins a unless some other answer agrees
    with a on S, i.e. S lies inside one of the agreement sets (closed downwards). Writes the
    fewest clues that pin each answer and, per size, the subsets and the pinning ones."""
    n_ans, n = answers.shape
    cells = np.empty(n, dtype=np.int64)
    for a in range(n_ans):
        if stopped():
            break  # a signal: the call returns at once, unread (core/poll.py)
        m = 0
        for i in range(n):
            if answers[a, i]:
                cells[m] = i
                m += 1
        inside = np.zeros(1 << m, dtype=np.bool_)
        for b in range(n_ans):
            if b != a:
                agree = 0
                for j in range(m):
                    if answers[b, cells[j]] == answers[a, cells[j]]:
                        agree |= 1 << j
                inside[agree] = True
        for j in range(m):
            for s in range(1 << m):
                if s >> j & 1 == 0 and inside[s | 1 << j]:
                    inside[s] = True
        best = n + 1
        for s in range(1 << m):
            k = 0
            x = s
            while x:
                x &= x - 1
                k += 1
            total[k] += 1
            if not inside[s]:
                unique[k] += 1
                best = min(best, k)
        needs[a] = best


def fewest_directly(answers: np.ndarray, a: int) -> int:
    """The fewest of answer a's numbers that pin it, by trying subsets in order of size."""
    numbered = [i for i in range(answers.shape[1]) if answers[a, i]]
    for k in range(len(numbered) + 1):
        for cells in combinations(numbered, k):
            if consistent(answers, list(cells), [int(answers[a, i]) for i in cells]) == 1:
                return k
    width: int = answers.shape[1]
    return width + 1


def _whole(x: float) -> float | int:
    """A median as an int when it is one (3, not 3.0)."""
    return int(x) if x == int(x) else x


def plan(p: Params, seed: int) -> list[tuple[int, int]]:
    return [tuple(b) for b in p["boards"]]


def work(p: Params, seed: int, rows: int, cols: int) -> dict[str, Any]:
    """Every subset of every answer's numbers; a sample of answers rechecked by trying subsets
    directly, and their fewest pinning clue sets counted by engine 1."""
    answers = all_answers(rows, cols)
    n = rows * cols
    needs = np.zeros(len(answers), dtype=np.int64)
    total = np.zeros(n + 1, dtype=np.int64)
    unique = np.zeros(n + 1, dtype=np.int64)
    _true_sets(np.asarray(answers), needs, total, unique)
    g = rng(seed, "true", rows, cols)
    disagree = 0
    for a in g.sample(range(len(answers)), min(p["recheck"], len(answers))):
        k = fewest_directly(answers, a)
        disagree += int(k != needs[a])
        numbered = [i for i in range(n) if answers[a, i]]
        for cells in combinations(numbered, k):  # the first pinning set: engine 1 must agree
            digits = [int(answers[a, i]) for i in cells]
            if consistent(answers, list(cells), digits) == 1:
                board = with_clues(rows, cols, dict(zip(cells, digits, strict=True)))
                disagree += int(ladder_count(board).count != 1)
                break
    return {
        "answers": len(answers),
        "needs": needs.tolist(),
        "total": total.tolist(),
        "unique": unique.tolist(),
        "rechecked": min(p["recheck"], len(answers)),
        "disagree": disagree,
    }


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    names = [size_name(r, c) for r, c in p["boards"]]
    rows, again = [], []
    for name, res in zip(names, results, strict=True):
        needs = res["needs"]
        walked, pinned = sum(res["total"][1:]), sum(res["unique"][1:])  # the empty subset is no clue set
        rows.append(
            [
                name,
                res["answers"],
                walked,
                share(pinned, walked),
                min(needs),
                _whole(statistics.median(needs)),
                max(needs),
            ]
        )
        again.append([name, res["rechecked"], res["disagree"], res["total"][0]])
    top = max(max(r["needs"]) for r in results)
    hist = [[k, *(r["needs"].count(k) for r in results)] for k in range(top + 1)]
    top_k = max(len(r["total"]) for r in results)
    by_k = [
        [k, *(share(r["unique"][k], r["total"][k]) if k < len(r["total"]) else None for r in results)]
        for k in range(1, top_k)
    ]
    by_k = [row for row in by_k if any(v is not None for v in row[1:])]
    last = rows[-1]
    return {
        "true_sets": figure(
            "exact",
            table(
                [
                    "board",
                    "answers",
                    "true clue sets walked",
                    "share unique",
                    "fewest clues that ever work",
                    "median answer needs",
                    "worst answer needs",
                ],
                rows,
            ),
            seed="true_clue_sets",
            lead=f"Read off the answers themselves, two numbers can already pin one "
            f"(fewest: {min(r[4] for r in rows)}); on {last[0]} the median answer needs "
            f"{last[5]} of its numbers and the worst {last[6]}.",
            title="Every non-empty subset of every answer's numbers as a clue set: the fewest "
            "clues that pin some answer, and the median and worst an answer needs",
            note="an answer needs the size of its smallest pinning subset; clue sets are "
            "counted once per (answer, subset); the empty subset is not walked",
        ),
        "needed": figure(
            "exact",
            table(["clues needed", *names], hist),
            lead=f"Most answers need {max(range(len(hist)), key=lambda k: sum(hist[k][1:]))} of their own "
            f"numbers to be pinned; the worst needs {top}.",
            title="Answers by the fewest of their own numbers that pin them",
            plot=plot("bar", "clues needed", names, ylabel="answers"),
        ),
        "unique_by_size": figure(
            "exact",
            table(["clues", *names], by_k),
            lead=f"The more of an answer's numbers are kept, the likelier they pin it: on {names[-1]}, "
            f"{100 * (by_k[1][-1] or 0):.1f}% of the 2-clue subsets do.",
            title="Share of true clue sets of each size that pin their answer",
            plot=plot("line", "clues", names, ylabel="share unique"),
        ),
        "recheck": figure(
            "sample",
            table(["board", "answers rechecked", "disagreements", "empty subsets left out"], again),
            n=sum(a[1] for a in again),
            lead=f"{sum(a[1] for a in again)} sampled answers rechecked by trying subsets in order: "
            f"{sum(a[2] for a in again)} disagreements.",
            title="Sampled answers: fewest pinning clues found again by trying subsets in "
            "order, and that clue set counted unique by engine 1",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    top = {size_name(r, c): r * c for r, c in p["boards"]}
    for name, _, _, _, fewest, _, worst in figures["true_sets"]["value"]["rows"]:
        if not 0 <= fewest <= worst:
            out.append(f"{name}: fewest {fewest}, worst {worst}")
        if worst > top[name]:
            out.append(f"{name}: an answer is not pinned by all its numbers (the lemma fails)")
    for name, _, disagree, _ in figures["recheck"]["value"]["rows"]:
        if disagree:
            out.append(f"{name}: {disagree} rechecks disagree")
    answers = {r[0]: r[1] for r in figures["true_sets"]["value"]["rows"]}
    for name, _, _, empty in figures["recheck"]["value"]["rows"]:
        if empty != answers[name]:
            out.append(f"{name}: {empty} empty subsets for {answers[name]} answers")
    return out
