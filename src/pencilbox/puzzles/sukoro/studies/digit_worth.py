"""Study 6: what the number is worth. Each board of the minimal set (the seed's 72) printed
four ways: its clues with their digits, the same cells as bare 'numbered' marks, every answer
cell marked without digits, every number printed; how many stay unique."""

from __future__ import annotations

from typing import Any

from pencilbox.puzzles.sukoro.board import MARK, Board
from pencilbox.puzzles.sukoro.studies.common import (
    SIZES,
    brute_verdict,
    minimal_set,
    printed,
    size_name,
    verdict,
)
from pencilbox.studies import Figures, Params, figure, plot, table

NUMBER = 6
NAME = "digit_worth"
TITLE = (
    "What the number is worth: minimal boards unique with digits, bare marks, the marked shape, every number"
)
FULL = {"sizes": SIZES, "boards": 24, "node_cap": 10**6, "brute_cap": 10**9}
QUICK = {"sizes": [[6, 6]], "boards": 3, "node_cap": 10**6, "brute_cap": 10**9}
VARIANTS = {
    "digits": "shipped clues, numbers and all",
    "marks": "same cells, numbers erased",
    "shape": "every answer cell marked, no numbers",
    "all digits": "every number printed",
}


def variant(board: Board, answer: tuple[int, ...], name: str) -> Board:
    """The shipped clues; the same cells as bare marks; every answer cell marked; every number."""
    if name == "digits":
        return board
    if name == "marks":
        return Board(board.rows, board.cols, tuple(None if v is None else MARK for v in board.clues))
    return printed(board.rows, board.cols, answer, mark=name == "shape")


def plan(p: Params, seed: int) -> list[tuple[int, int]]:
    return [tuple(s) for s in p["sizes"]]


def work(p: Params, seed: int, rows: int, cols: int) -> list[dict[str, Any]]:
    """Each minimal board of one size under the four printings, counted by engines 1 and 2."""
    out = []
    for _, board, answer, _ in minimal_set(rows, cols, p["boards"]):
        out.append(
            {
                v: [
                    verdict(variant(board, answer, v), p["node_cap"])[0],
                    brute_verdict(variant(board, answer, v), p["brute_cap"]),
                ]
                for v in VARIANTS
            }
        )
    return out


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    rows, agree = [], []
    for (r, c), boards in zip(p["sizes"], results, strict=True):
        rows.append([size_name(r, c), *(sum(b[v][0] == 1 for b in boards) for v in VARIANTS), len(boards)])
        agree.append([size_name(r, c), *(sum(b[v][0] != b[v][1] for b in boards) for v in VARIANTS)])
    n = sum(r[-1] for r in rows)
    kept = {v: sum(r[i] for r in rows) for i, v in enumerate(VARIANTS, 1)}
    return {
        "unique": figure(
            "exact",
            table(["board", *VARIANTS.values(), "boards"], rows),
            seed="digit_worth",
            lead=f"Erase the digits off the clue cells and {kept['marks']} of {n} minimal boards stay "
            f"unique; mark the whole answer's shape without digits and {kept['shape']} of {n} "
            f"do; print every number and {kept['all digits']} of {n} do.",
            title="Minimal boards that stay unique: their clues with digits, the same cells as "
            "bare 'numbered' marks, every answer cell marked without digits, every number "
            "printed",
            plot=plot("bar", "board", list(VARIANTS.values()), ylabel="unique boards"),
        ),
        "engines": figure(
            "exact",
            table(["board", *(f"{v}: engines disagree" for v in VARIANTS)], agree),
            lead=f"Engine 1 (with SAT past its cap) and engine 2 disagree on "
            f"{sum(sum(r[1:]) for r in agree)} of the {4 * n} verdicts.",
            title="Boards whose verdict (answers up to 2) differs between engine 1 (SAT past "
            "its node cap) and engine 2 (a capped engine 2 counts as a disagreement)",
            note=f"node caps: engine 1 {p['node_cap']} branch points, engine 2 "
            f"{p['brute_cap']} bit assignments",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    for name, digits, _, _, every, boards in figures["unique"]["value"]["rows"]:
        if digits != boards or every != boards:
            out.append(f"{name}: {boards} boards, {digits} unique as shipped, {every} with every number")
    for row in figures["engines"]["value"]["rows"]:
        if any(row[1:]):
            out.append(f"{row[0]}: engines disagree {row[1:]}")
    return out
