"""Study 9: which numbers appear: the digits of the minimal set's answers, of the clues those
boards print, and of every answer of a blank 5x5."""

from __future__ import annotations

import statistics
from typing import Any

import numpy as np

from pencilbox.puzzles.sukoro import rules
from pencilbox.puzzles.sukoro.studies.blank import all_answers
from pencilbox.puzzles.sukoro.studies.common import SIZES, blank_count, minimal_set, size_name
from pencilbox.studies import Figures, Params, Row, figure, plot, proportion, share, table

NUMBER = 9
NAME = "digits"
TITLE = (
    "Digit distribution of the minimal boards' answers, their printed clues and every answer of a blank 5x5"
)
FULL = {"sizes": SIZES, "boards": 24, "blank": [5, 5]}
QUICK = {"sizes": [[6, 6]], "boards": 3, "blank": [4, 4]}


def plan(p: Params, seed: int) -> list[tuple[str]]:
    return [("bank",), ("blank",)]


def work(p: Params, seed: int, kind: str) -> dict[str, Any]:
    """Digit counts (index 0: empty cells) of the minimal boards' answers and printed clues, or
    of every answer of the blank board (with engine 2's count of them)."""
    if kind == "blank":
        rows, cols = p["blank"]
        every = all_answers(rows, cols)
        return {
            "answers": np.bincount(every.ravel(), minlength=5).tolist(),
            "count": len(every),
            "brute": blank_count(rows, cols, "brute")[0],
        }
    answers, clues, broken, boards = [0] * 5, [0] * 5, 0, 0
    printed: dict[str, list[int]] = {}
    for r, c in p["sizes"]:
        for _, board, answer, _ in minimal_set(r, c, p["boards"]):
            boards += 1
            printed.setdefault(size_name(r, c), []).append(sum(v is not None for v in board.clues))
            for v in answer:
                answers[v] += 1
            for clue in board.clues:
                clues[clue or 0] += clue is not None
            broken += bool(rules.validate(board, answer))
    return {"answers": answers, "clues": clues, "broken": broken, "boards": boards, "printed": printed}


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    bank_, blank_ = results
    n = bank_["boards"]
    blank_name = f"every answer of a blank {size_name(*p['blank'])}"
    a, c, b = bank_["answers"], bank_["clues"], blank_["answers"]
    rows: list[Row] = [
        [f"the {n} shipped answers", *(proportion(a[d], sum(a[1:])) for d in range(1, 5))],
        ["the numbers those boards print", *(proportion(c[d], sum(c[1:])) for d in range(1, 5))],
        [blank_name, *(share(b[d], sum(b[1:])) for d in range(1, 5))],
    ]
    counts = [[d, a[d], c[d], b[d]] for d in range(5)]
    ones_a, ones_c = rows[0][1]["value"], rows[1][1]["value"]
    per_size = [[s, min(v), statistics.median(v), max(v), len(v)] for s, v in bank_["printed"].items()]
    return {
        "digits": figure(
            "sample",
            table(["numbers", "1", "2", "3", "4"], rows),
            n=sum(a[1:]),
            seed="digits",
            headline=True,
            lead=f"{100 * ones_a:.1f}% of the numbers in the {n} minimal boards' answers are 1s, "
            f"against {100 * ones_c:.1f}% of the numbers they print: the clue that survives "
            "erasure is the one that forbids the most.",
            title="Share of each digit among the numbers of the minimal boards' answers, the "
            f"numbers those boards print, and every answer of the blank {size_name(*p['blank'])}",
            note="the minimal boards' rows are samples of the generator (k of n cells); the blank "
            "board's row is exact",
        ),
        "counts": figure(
            "exact",
            table(
                [
                    "digit (0: empty cell)",
                    f"the {n} shipped answers",
                    "the numbers those boards print",
                    blank_name,
                ],
                counts,
            ),
            lead=f"The {n} minimal boards' answers leave {a[0]:,} cells empty and number {sum(a[1:]):,}; "
            f"they print {sum(c[1:]):,} of those numbers.",
            title="The same as counts of cells",
            plot=plot(
                "bar",
                "digit (0: empty cell)",
                [f"the {n} shipped answers", "the numbers those boards print"],
                ylabel="cells",
            ),
        ),
        "clues_printed": figure(
            "exact",
            table(["board", "fewest printed", "median printed", "most printed", "boards"], per_size),
            seed="clues_printed",
            lead="The minimal boards print "
            + "; ".join(f"{r[1]}-{r[3]} numbers at {r[0]}" for r in per_size)
            + ".",
            title="Numbers the minimal boards print, per size",
        ),
        "sources": figure(
            "exact",
            table(
                ["blank answers enumerated", "engine 2 (brute) count", "bank answers failing rules.py"],
                [[blank_["count"], blank_["brute"], bank_["broken"]]],
            ),
            lead=f"The enumerator finds {blank_['count']:,} answers of the blank {size_name(*p['blank'])}, "
            f"as engine 2 counts {blank_['brute']:,}; {bank_['broken']} bank answers fail rules.py.",
            title="Where the digits come from",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    enumerated, brute, broken = figures["sources"]["value"]["rows"][0]
    if enumerated != brute:
        out.append(f"blank {size_name(*p['blank'])}: {enumerated} answers enumerated, engine 2: {brute}")
    if broken:
        out.append(f"{broken} bank answers fail rules.py")
    if figures["counts"]["value"]["rows"][0][2]:
        out.append("a printed clue is empty")
    return out
