"""Study 6: the grade labels of a bank and the share of givens the backward walk removes: a
48-board set shaped like the seed's bank (walked at lines, then graded), and our shipped
bank replayed beside it."""

from __future__ import annotations

import random
from typing import Any

from pencilbox import bank, boardio
from pencilbox.core import engine
from pencilbox.core.drivers import check_grade, erase
from pencilbox.core.generate import finishes
from pencilbox.core.puzzle import known
from pencilbox.puzzles.ripple.generate import live, walk
from pencilbox.puzzles.ripple.levels import Level
from pencilbox.puzzles.ripple.studies.common import (
    NAME as PUZZLE_NAME,
)
from pencilbox.puzzles.ripple.studies.common import (
    SEED_LEVEL,
    board,
    pct,
    puzzle,
    sat_count,
    seed_bank,
    size_label,
)
from pencilbox.studies import Figures, Params, Row, figure, nonzero, plot, proportion, rng, share, sig, table

NUMBER = 6
NAME = "bank_grades"
TITLE = ("Grade labels of a 48-board set shaped like the seed's bank and of ours, and the share of "
         "givens the backward walk removes")
FULL: Params = {"sizes": [6, 8, 10], "seed_sizes": [6, 8], "bank_per_size": 24, "per_bucket": None}
QUICK: Params = {"sizes": [6], "seed_sizes": [6], "bank_per_size": 2, "per_bucket": 1}

BankJob = tuple[str, int, int, str]  # ("seed" or "ours", rows, cols, grade)


def _walk(rows: int, cols: int, seed: int, level: str) -> tuple[tuple[int | None, ...], int]:
    """The walk ``generate.make`` took for a seed: the givens it ends with and how many it
    added before erasing."""
    r = random.Random(seed)
    regions, answer, _ = live(rows, cols, r)
    clues, added, _ = walk(rows, cols, regions, answer, r, known(check_grade(puzzle(), level)))
    return clues, added


def walk_skipping(rows: int, cols: int, regions: tuple[int, ...], answer: tuple[int, ...],
                  r: random.Random, level: Level) -> tuple[int, int]:
    """The article's forward pass, as it reads: givens in random order, a cell the rule set
    already settles from the givens so far skipped, until the rule set finishes; then the same
    backward erase as ours. (givens added, givens kept)."""
    n = rows * cols
    names = engine.ladder(puzzle(), level)
    spots = [i for i in range(n) if board(rows, cols, regions, (None,) * n).size[i] > 1]
    r.shuffle(spots)
    givens: list[int | None] = [None] * n
    added: list[int] = []
    for i in spots:
        b = board(rows, cols, regions, tuple(givens))
        dom = engine.run_fixpoint(puzzle(), b, puzzle().initial_state(b), names)
        if dom is None or all(engine.single(d) for d in dom):
            break  # the rule set finishes the board (a contradiction cannot come from true givens)
        if engine.single(dom[i]):
            continue  # already settled: the article's pass does not print it
        givens[i] = answer[i]
        added.append(i)
    r.shuffle(added)
    kept, _ = erase(tuple(givens), added,
                    lambda clues: finishes(puzzle(), board(rows, cols, regions, clues), level))
    return len(added), sum(v is not None for v in kept)


def skip_walks(sizes: tuple[int, ...], per_size: int, seed: int) -> dict[int, tuple[int, int]]:
    """The seed-shaped set's boards (the same partitions and answers as ``seed_bank``) walked
    the article's way: givens added and kept, per size."""
    out: dict[int, tuple[int, int]] = {}
    for n in sizes:
        added = kept = 0
        for k in range(per_size):
            r = random.Random(rng(seed, "seed bank", n, k).randrange(1, 2**31))
            regions, answer, _ = live(n, n, r)
            a, k_ = walk_skipping(n, n, regions, answer, r, SEED_LEVEL)
            added, kept = added + a, kept + k_
        out[n] = (added, kept)
    return out


def plan(p: Params, seed: int) -> list[BankJob]:
    buckets = sorted({(rec["rows"], rec["cols"], rec["grade"]) for rec in bank.load(PUZZLE_NAME)},
                     key=lambda b: (b[0], b[1], engine.grade_rank(puzzle(), b[2])))
    return [("seed", n, n, SEED_LEVEL) for n in p["seed_sizes"]] + \
        [("ours", *b) for b in buckets if b[0] in p["sizes"]]


def work(p: Params, seed: int, which: str, rows: int, cols: int, grade: str) -> dict[str, Any]:
    """The seed-shaped set's boards of one size, or one bucket of our bank replayed."""
    if which == "seed":
        recs = [rec for rec in seed_bank(tuple(p["seed_sizes"]), p["bank_per_size"], seed)
                if rec["size"] == rows]
        skip_added, skip_kept = skip_walks((rows,), p["bank_per_size"], seed)[rows]
        return {"grades": [rec["grade"] for rec in recs], "added": sum(rec["added"] for rec in recs),
                "kept": sum(rec["givens"] for rec in recs),
                "not_unique": sum(not rec["unique"] for rec in recs),
                "skip_added": skip_added, "skip_kept": skip_kept}
    return _replay(p, rows, cols, grade)


def _replay(p: Params, rows: int, cols: int, grade: str) -> dict[str, Any]:
    """One bank bucket: replay each board's walk, regrade it, count its answers by SAT."""
    recs = [rec for rec in bank.load(PUZZLE_NAME)
            if (rec["rows"], rec["cols"], rec["grade"]) == (rows, cols, grade)]
    out: dict[str, Any] = {"boards": len(recs), "walked": 0, "added": 0, "kept": 0, "share": 0.0,
                           "regraded": 0, "not_bank": 0, "not_unique": 0}
    for rec in recs[: p["per_bucket"]]:
        keys = ("puzzle", "rows", "cols", "clues", "regions")
        b = boardio.board_from_json({key: rec[key] for key in keys})
        clues, added = _walk(rows, cols, rec["seed"], grade)
        kept = sum(v is not None for v in clues)
        out["walked"] += 1
        out["added"] += added
        out["kept"] += kept
        out["share"] += (added - kept) / added if added else 0.0
        out["not_bank"] += clues != b.clues
        out["regraded"] += engine.grade(puzzle(), b).grade != grade
        out["not_unique"] += sat_count(b, 2) != 1
    return out


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    jobs = plan(p, seed)
    seed_res = [(j, r) for j, r in zip(jobs, results, strict=True) if j[0] == "seed"]
    ours = {j[1:]: r for j, r in zip(jobs, results, strict=True) if j[0] == "ours"}
    return {**_seed_figures(p, seed_res), **_ours_figures(p, ours)}


def _seed_figures(p: Params, seed_res: list[tuple[BankJob, dict[str, Any]]]) -> Figures:
    grades = [g for _, r in seed_res for g in r["grades"]]
    levels = [*engine.levels(puzzle()), engine.SEARCH]
    total = len(grades)
    label = f"{total} boards"
    others = [g for g in levels if g != SEED_LEVEL]
    sizes = " and ".join(f"{len(r['grades'])} {size_label(j[1])}" for j, r in seed_res)
    walk = [[size_label(j[1]), r["skip_added"], r["skip_kept"],
             proportion(r["skip_added"] - r["skip_kept"], r["skip_added"]),
             r["added"], r["kept"], proportion(r["added"] - r["kept"], r["added"])] for j, r in seed_res]
    removed, ours_removed = [row[3] for row in walk], [row[6] for row in walk]
    lo = min(removed, key=lambda c: c["value"])
    hi = max(removed, key=lambda c: c["value"])
    our_lo = min(ours_removed, key=lambda c: c["value"])
    our_hi = max(ours_removed, key=lambda c: c["value"])
    labelled = ", ".join(f"{g} ({grades.count(g)})" for g in levels if grades.count(g))
    return {
        "seed_bank": figure(
            "exact", table(["bank", "boards", "labelled lines", *(f"labelled {g}" for g in others)],
                           [[label, total, grades.count(SEED_LEVEL), *(grades.count(g) for g in others)]]),
            seed="bank_grades", headline=True,
            title="a bank shaped like the seed's: grade labels",
            note=(f"{sizes} boards, each walked by the generator at the lines rule set (the strongest "
                  "propagation), then graded: the lowest rule set that finishes it"),
            lead=(f"Of {total} boards the generator walks at the lines rule set, {grades.count(SEED_LEVEL)} "
                  f"is labelled lines; the labels are {labelled}.")),
        "seed_walk": figure(
            "sample", table(["board", "givens added", "givens kept", "removed",
                             "ours: givens added", "ours: givens kept", "ours: removed"], walk), n=total,
            title="the seed-shaped set: share of the givens the backward walk removes, after the article's "
                  "forward pass (a cell the rules already settle is not printed) and after ours (every cell "
                  "in turn until the rules finish)",
            lead=(f"After the article's forward pass the backward walk drops {pct(lo['value'])} to "
                  f"{pct(hi['value'])} of the givens; after ours, which prints cells the rules already "
                  f"settle, {pct(our_lo['value'])} to {pct(our_hi['value'])}: the share follows the forward "
                  "pass, not the board.")),
        "walk_range": figure(
            "sample", table(["walk", "least removed", "most removed"],
                            [["backward walk", lo, hi], ["ours: backward walk after our forward pass",
                                                         our_lo, our_hi]]), n=total,
            seed="walk", title="the range of the removal share over the seed-shaped set's sizes",
            lead=(f"Removal share from {pct(lo['value'])} to {pct(hi['value'])} across the board sizes "
                  f"with the article's forward pass ({pct(our_lo['value'])} to {pct(our_hi['value'])} "
                  "with ours).")),
        "seed_unique": figure(
            "exact", table(["board", "not unique (SAT)"],
                           [[size_label(j[1]), r["not_unique"]] for j, r in seed_res]),
            title="cross-check: every board of the seed-shaped set has one answer by SAT",
            lead="The walk's test, that the rule set finishes the board, certifies one answer; SAT agrees."),
    }


def _ours_figures(p: Params, got: dict[tuple[int, int, str], dict[str, Any]]) -> Figures:
    jobs = list(got)
    sizes = sorted({(r, c) for r, c, _ in jobs})
    grades = sorted({g for _, _, g in jobs}, key=lambda g: engine.grade_rank(puzzle(), g))
    names = [size_label(r) if r == c else f"{r}x{c}" for r, c in sizes]
    labels: list[Row] = [[g, *(got[(r, c, g)]["boards"] if (r, c, g) in got else 0 for r, c in sizes)]
                         for g in grades]
    labels.append(["all", *(sum(got[j]["boards"] for j in jobs if j[:2] == s) for s in sizes)])
    walk, checks = [], []
    for job in jobs:
        res = got[job]
        name = f"{size_label(job[0])} {job[2]}"
        w = res["walked"]
        walk.append([name, w, sig(res["added"] / w), sig(res["kept"] / w),
                     share(res["added"] - res["kept"], res["added"]), sig(res["share"] / w)])
        checks.append([name, res["not_bank"], res["regraded"], res["not_unique"]])
    lines = next((sum(row[1:]) for row in labels if row[0] == Level.LINES), 0)
    added = sum(got[j]["added"] for j in jobs)
    pooled = share(added - sum(got[j]["kept"] for j in jobs), added)
    return {
        "grades": figure("exact", table(["grade", *names], labels),
                         title="ours: shipped bank boards per grade label",
                         lead=(f"Our shipped bank is filled per grade, so it holds {lines} lines boards "
                               "on purpose, found by asking the generator for that grade."),
                         plot=plot("bar", "grade", names, ylabel="boards")),
        "walk": figure(
            "exact" if all(got[j]["walked"] == got[j]["boards"] for j in jobs) else "sample",
            table(["bucket", "boards", "givens added", "givens kept", "removed (pooled)", "removed (mean)"],
                  walk),
            n=sum(r[1] for r in walk),
            title="ours: givens the backward walk removes, per shipped bank bucket",
            note=("each bank board's seed replayed through the generator; added: givens placed until the "
                  "bucket's level finishes the board; removed: share of those the walk drops"),
            lead=f"Over our shipped bank the walk removes {pct(pooled)} of the givens it added.",
            plot=plot("bar", "bucket", ["removed (mean)"], ylabel="share of givens removed")),
        "cross_checks": figure("exact", table(["bucket", "not bank", "regraded", "not unique"], checks),
                               title="cross-checks (all zero)",
                               lead="Each replay gives the shipped board, which grades as stored and is "
                                    "unique."),
    }


def check(p: Params, figures: Figures) -> list[str]:
    """The replayed walk is the generator's and gives the bank's board; every stored grade is
    the one the ladder computes; every bank board, ours or seed-shaped, has one answer by SAT."""
    broken = []
    for name, not_bank, regraded, not_unique in figures["cross_checks"]["value"]["rows"]:
        broken += nonzero((not_bank, f"{name}: {not_bank} replays differ from the bank"),
                          (regraded, f"{name}: {regraded} boards grade differently now"),
                          (not_unique, f"{name}: {not_unique} boards are not unique by SAT"))
    for name, not_unique in figures["seed_unique"]["value"]["rows"]:
        broken += nonzero((not_unique, f"seed-shaped {name}: {not_unique} boards are not unique by SAT"))
    return broken
