"""Study 6: the seed's counting theorem. Every finished board is a forest of RC edges on
(R+1)(C+1) lattice points, so it has exactly R + C + 1 trees (2n + 1 on n x n); checked on
the answers of 1,500 generated boards, as many as the seed: the raw stream's fillings and
the graded generator's boards of every grade."""

from __future__ import annotations

from typing import Any

from pencilbox.puzzles.slant import generate, rules
from pencilbox.puzzles.slant.board import Board
from pencilbox.puzzles.slant.studies.common import LEVELS, SIZES, raw_board, size_name
from pencilbox.studies import Figures, Params, figure, rng, table

NUMBER = 6
NAME = "trees"
TITLE = "R + C + 1 trees in the answer of 1,500 generated boards (raw stream, graded generator)"
FULL = {"raw_sizes": [*SIZES, [6, 9]], "raw": 300, "density": 0.75, "graded_sizes": SIZES, "graded": 25,
        "boards": 1500}
QUICK = {"raw_sizes": [*SIZES, [6, 9]], "raw": 10, "density": 0.75, "graded_sizes": [[5, 5]], "graded": 1,
         "boards": 44}


def plan(p: Params, seed: int) -> list[tuple[str, int, int]]:
    """One job per generator and size."""
    return [*(("raw", r, c) for r, c in p["raw_sizes"]), *(("graded", r, c) for r, c in p["graded_sizes"])]


def work(p: Params, seed: int, source: str, rows: int, cols: int) -> dict[str, Any]:
    """Trees of every answer of one generator at one size: the raw stream's fillings, or the
    graded generator's boards (``graded`` per grade)."""
    made: list[tuple[Board, tuple[int, ...]]] = []
    if source == "raw":
        made = [raw_board(seed, rows, cols, p["density"], k) for k in range(p["raw"])]
    else:
        for grade in LEVELS:
            for k in range(p["graded"]):
                s = rng(seed, "trees", rows, cols, grade, k).getrandbits(31)
                m = generate.generate(rows, cols, grade, s)
                made.append((m.board, m.answer))
    trees = [rules.trees(b, a) for b, a in made]
    return {"boards": len(made), "holds": sum(t == rows + cols + 1 for t in trees),
            "valid": sum(rules.is_answer(b, a) for b, a in made), "min": min(trees), "max": max(trees)}


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    rows = [[src, size_name(r, c), r + c + 1, res["boards"], res["holds"], res["valid"], res["min"],
             res["max"]] for (src, r, c), res in zip(plan(p, seed), results, strict=True)]
    total = sum(r["boards"] for r in results)
    exceptions = total - sum(r["holds"] for r in results)
    return {
        "trees": figure("exact", table(["generator", "size", "R + C + 1", "boards", "with R + C + 1 trees",
                                        "valid answers", "fewest trees", "most trees"], rows),
                        title="Trees of the answer of every generated board: the raw stream's fillings and "
                              "the graded generator's boards (every grade)",
                        lead=f"Per generator and size the answers have {min(r[6] for r in rows)} to "
                             f"{max(r[7] for r in rows)} trees; {total - exceptions} of {total} have their "
                             f"size's R + C + 1, and {sum(r[5] for r in rows)} are valid answers."),
        "summary": figure("exact", table(["boards checked", "boards", "exceptions"],
                                         [["generated boards", total, exceptions]]), seed="trees",
                          headline=True,
                          title="Generated boards checked for R + C + 1 trees, and the exceptions",
                          lead=f"The no-loop rule is a count: V − E = (R+1)(C+1) − RC = R + C + 1, and "
                               f"{total - exceptions} of {total} generated boards have exactly that many "
                               f"trees ({exceptions} exceptions)."),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    for row in figures["trees"]["value"]["rows"]:
        if not row[3] == row[4] == row[5]:
            out.append(f"{row[0]} {row[1]}: {row[4]} of {row[3]} boards with R + C + 1 trees, {row[5]} valid")
    (_, total, _), = figures["summary"]["value"]["rows"]
    if total != p["boards"]:
        out.append(f"{total} boards checked, not {p['boards']}")
    return out
