"""Study 8: the article's "every (size, grade) bucket is full", on the shipped bank: per bucket
of the bank's recipe, the boards asked for and held, each board graded again by the ladder and
its answers counted by SAT (one answer, that grade: a board that counts)."""

from __future__ import annotations

from typing import Any

from pencilbox import bank, boardio
from pencilbox.core import engine
from pencilbox.puzzles.slant import PUZZLE
from pencilbox.puzzles.slant.studies.common import size_name
from pencilbox.studies import Figures, Params, figure, table

NUMBER = 8
NAME = "bank_buckets"
TITLE = ("Every (size, grade) bucket of the shipped bank full: boards asked for and held, each regraded "
         "and unique")
FULL: Params = {"per_bucket": None}  # None: every board of a bucket is checked
QUICK: Params = {"per_bucket": 1}


def plan(p: Params, seed: int) -> list[tuple[int, int, str]]:
    rec = bank.recipe("slant")
    return [(r, c, g) for r, c in rec["sizes"] for g in rec["grades"]]


def work(p: Params, seed: int, rows: int, cols: int, grade: str) -> dict[str, Any]:
    """One bucket: how many boards it holds, and of those checked how many grade as recorded
    and have one answer by SAT."""
    held = [r for r in bank.load("slant") if (r["rows"], r["cols"], r["grade"]) == (rows, cols, grade)]
    checked = held if p["per_bucket"] is None else held[: p["per_bucket"]]
    good = 0
    for rec in checked:
        board = boardio.board_from_json({**rec, "answer": None})
        good += engine.grade(PUZZLE, board).grade == grade and PUZZLE.sat_count(board, 2, 0).count == 1
    return {"held": len(held), "checked": len(checked), "good": good}


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    asked = bank.recipe("slant")["per_grade"]
    rows = [[f"{size_name(r, c)} {g}", asked, res["held"], res["checked"], res["good"], res["held"] >= asked]
            for (r, c, g), res in zip(plan(p, seed), results, strict=True)]
    full = sum(row[5] for row in rows)
    good = sum(row[4] for row in rows)
    checked = sum(row[3] for row in rows)
    return {
        "buckets": figure(
            "exact",
            table(["bucket", "boards asked", "boards held", "checked", "regraded and unique", "full"], rows),
            lead=(f"{full} of the bank's {len(rows)} (size, grade) buckets hold the {asked} boards their "
                  f"recipe asks for; {good} of the {checked} boards checked grade as recorded and have one "
                  "answer by SAT."),
            title="The shipped bank, bucket by bucket: boards its recipe asks for, held, regraded by the "
                  "ladder and counted by SAT"),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    for bucket, asked, held, checked, good, full in figures["buckets"]["value"]["rows"]:
        if good != checked:
            out.append(f"{bucket}: {checked - good} of {checked} boards regrade otherwise or are not unique")
        if full != (held >= asked):
            out.append(f"{bucket}: full says {full} with {held} of {asked}")
    return out
