"""Study 7: dropping rules. Each board of the minimal set (the seed's 72) counted with the
adjacent-differ rule off, connectivity off, and both: boards that stop being unique, and of
those, boards left with no answer; our graded boards as extra rows by grade."""

from __future__ import annotations

from typing import Any

from pencilbox.core import engine
from pencilbox.puzzles.sukoro import PUZZLE, kernel, rules
from pencilbox.puzzles.sukoro.board import Board
from pencilbox.puzzles.sukoro.levels import Level
from pencilbox.puzzles.sukoro.studies.common import GRADES, SIZES, Banked, bank_set, ladder_count, size_name
from pencilbox.studies import Figures, Params, Row, at_least, cell_value, figure, table

NUMBER = 7
NAME = "dropped_rules"
TITLE = (
    "Dropping rules (adjacent-differ, connectivity, both): minimal boards that stop being unique or lose "
    "every answer"
)
FULL = {"sizes": SIZES, "boards": 24, "graded": 8, "node_cap": 10**6, "retries": 8, "retry_cap": 10**5}
QUICK = {"sizes": [[6, 6]], "boards": 3, "graded": 1, "node_cap": 10**6, "retries": 8, "retry_cap": 10**5}
# the rule sets: the seed's label, the rules switched off, and the rungs that do not rely on them
RELAXED = {
    "nothing removed": ((), (Level.DEG, Level.NEQ, Level.CONN)),
    "adjacent numbers may repeat": (("differ",), (Level.DEG, Level.CONN)),
    "the numbers need not be connected": (("connected",), (Level.DEG, Level.NEQ)),
    "both removed": (("differ", "connected"), (Level.DEG,)),
}


def plan(p: Params, seed: int) -> list[tuple[str, int, int]]:
    return [("minimal", r, c) for r, c in p["sizes"]] + [
        ("graded", r, c) for r, c in p["sizes"] if p["graded"]
    ]


def retry(p: Params, board: Board, names: tuple[str, ...], dropped: tuple[str, ...]) -> engine.Count | None:
    """A capped count tried again by ``retries`` searches in random order (seeded, so the run
    repeats): the first that finishes, or finds two answers, settles it; None if none does."""
    for k in range(p["retries"]):
        res = kernel.search(board, PUZZLE.initial_state(board), names, 2, p["retry_cap"],
                            kernel.ORDER_RANDOM, k, dropped=dropped)
        if not res.node_capped or res.count >= 2:
            return res
    return None


def relaxed_counts(p: Params, board: Board, answer: tuple[int, ...]) -> dict[str, list[Any]]:
    """The board counted (up to 2) under each rule set; a rival must obey the remaining rules
    and break a dropped one (rules.py), the one answer must be the intended."""
    rec = {}
    for name, (dropped, names) in RELAXED.items():
        res = ladder_count(board, names, node_cap=p["node_cap"], dropped=dropped)
        if res.node_capped and res.count < 2:
            res = retry(p, board, names, dropped) or res
        found = [PUZZLE.answer_from_state(board, d) for d in res.answers]
        ok = not rules.validate(board, answer, dropped)  # relaxing keeps the intended answer
        if res.count == 1 and not res.node_capped:
            ok &= found[0] == answer
        for other in (a for a in found if a != answer):
            broken = {b.rule for b in rules.validate(board, other)}
            ok &= not rules.validate(board, other, dropped) and bool(broken) and broken <= set(dropped)
        rec[name] = [res.count, res.node_capped, ok]
    return rec


def work(p: Params, seed: int, which: str, rows: int, cols: int) -> list[dict[str, Any]]:
    """Every board of one size of the minimal set, or of the graded buckets."""
    boards: list[Banked] = bank_set(which, rows, cols, p["boards"] if which == "minimal" else p["graded"])
    return [{"grade": grade, **relaxed_counts(p, board, answer)} for _, board, answer, grade in boards]


def _tally(boards: list[dict[str, Any]], rule: str) -> list[int]:
    """(not unique, no answer, capped short of 2, answers failing rules.py)."""
    vals = [b[rule] for b in boards]
    return [
        sum(v[0] >= 2 for v in vals),
        sum(v[0] == 0 and not v[1] for v in vals),
        sum(v[1] and v[0] < 2 for v in vals),
        sum(not v[2] for v in vals),
    ]


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    minimal = [b for job, res in zip(plan(p, seed), results, strict=True) if job[0] == "minimal" for b in res]
    graded = [b for job, res in zip(plan(p, seed), results, strict=True) if job[0] == "graded" for b in res]
    n = len(minimal)
    rows: list[Row] = []
    for rule in RELAXED:  # a board still capped short of 2 answers makes the count a lower bound
        not_unique, none, short, _ = _tally(minimal, rule)
        rows.append([rule, at_least(not_unique) if short else not_unique, none])
    per_size: list[Row] = [
        [size_name(r, c), rule, len(res), *_tally(res, rule)]
        for job, res in zip(plan(p, seed), results, strict=True)
        if job[0] == "minimal"
        for r, c in [job[1:]]
        for rule in RELAXED
    ]
    capped = sum(row[5] for row in per_size)
    by_grade = [
        [rule, *(sum(b[rule][0] == 1 and not b[rule][1] for b in graded if b["grade"] == g) for g in GRADES)]
        for rule in RELAXED
    ]
    conn = cell_value(rows[2][1])
    return {
        "dropped": figure(
            "lower_bound" if capped else "exact",
            table(
                ["rule set", "boards that stop being unique", "of those, boards left with no answer"], rows
            ),
            seed="dropped_rules",
            lead=f"Let adjacent numbers repeat and {cell_value(rows[1][1])} of {n} minimal boards stop being "
            f"unique; drop connectivity and {conn} of {n} do; none is left without an "
            f"answer ({sum(r[2] for r in rows)} in all), since relaxing a rule keeps the "
            "intended answer.",
            title=f"The {n} minimal boards with a rule dropped: boards that stop being unique, "
            "boards left with no answer",
            note=f"engine 1 without the rungs that rely on a dropped rule, node cap {p['node_cap']} "
            f"(a capped count tried again by {p['retries']} random-order searches of {p['retry_cap']}); "
            "every answer found is checked by rules.py",
        ),
        "per_size": figure(
            "lower_bound" if capped else "exact",
            table(
                [
                    "board",
                    "rule set",
                    "boards",
                    "not unique",
                    "no answer",
                    "capped",
                    "answers failing rules.py",
                ],
                per_size,
            ),
            lead=f"Per size: {sum(r[6] for r in per_size)} answers found fail rules.py and "
            f"{capped} counts stay capped short of 2 answers.",
            title="The same per size",
        ),
        "by_grade": figure(
            "exact",
            table(["rule set", *GRADES], by_grade),
            lead=f"Our graded boards finished by deg alone stay unique whatever is dropped "
            f"({by_grade[-1][1]} of {by_grade[0][1]} with both rules off); higher grades lean on the rules.",
            title=f"Ours, beside the seed's protocol: graded bank boards ({p['graded']} per size "
            "and grade) still unique with rules dropped, by grade (all sizes)",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    for size, rule, _, not_unique, none, _, failing in figures["per_size"]["value"]["rows"]:
        if none:
            out.append(f"{size}, {rule}: {none} boards left with no answer")
        if failing:
            out.append(f"{size}, {rule}: {failing} boards whose answers fail rules.py")
        if rule == "nothing removed" and not_unique:
            out.append(f"{size}: {not_unique} minimal boards not unique with every rule")
    # deg uses rule 1 alone and neq rules 1-2: a board their fixpoint finishes stays unique
    full = figures["by_grade"]["value"]["rows"][0]
    for rule, *unique in figures["by_grade"]["value"]["rows"]:
        for grade, u, every in zip(GRADES, unique, full[1:], strict=True):
            if u != every and (grade == Level.DEG or (grade == Level.NEQ and "connected" in rule)):
                out.append(f"{rule}: {every - u} {grade}-grade boards stop being unique")
    return out
