"""Study 5: the generator on the seed's protocol (176 boards, 16 on each square 5x5 to
15x15): redraws against the count the exact twin share predicts, clues kept on each
kind of grid, painted share, node-capped checks, and the grade of every board."""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

import numpy as np

from pencilbox.core import engine
from pencilbox.core.puzzle import known
from pencilbox.puzzles.fillapix import PUZZLE, certify, generate, kernel, twins
from pencilbox.puzzles.fillapix.board import BLANK, BOTH, PAINT, Board
from pencilbox.puzzles.fillapix.generate import NODE_CAP
from pencilbox.puzzles.fillapix.studies.common import (
    GENERATED,
    board_seeds,
    by_grid,
    chunks,
    clue_vector,
    count_cell,
    exact_shares,
    grid_name,
    rows_of,
    side_kind,
    twin_kind,
)
from pencilbox.studies import Figures, Params, Row, figure, mean_cell, plot, proportion, share, sig, table

NUMBER = 5
NAME = "generator"
TITLE = (
    "The generator on 176 boards (16 per square, 5x5 to 15x15): redraws, clues kept, painted share, "
    "capped checks, grades"
)
FULL = {"grids": GENERATED, "chunk": 4, "node_cap": NODE_CAP, "recheck_cap": 20_000, "y_max": 14}
QUICK = {
    "grids": [[4, 4, 2], [5, 5, 2], [8, 8, 2]],
    "chunk": 2,
    "node_cap": NODE_CAP,
    "recheck_cap": 20_000,
    "y_max": 14,
}
UNIQUE, RIVAL, CAPPED = 0, 1, 2
GRADES = (*engine.levels(PUZZLE), engine.SEARCH)  # count, pair, sides, probe, search


def plan(p: Params, seed: int) -> list[tuple[int, int, int, int]]:
    return chunks(p)


def _uniqueness_check(
    board: Board, avoid: list[int], erased: int, names: tuple[str, ...], node_cap: int
) -> int:
    """The generator's check after erasing a clue, as jit_generate._no_rival does it: split on
    the erased block's open cells, each case a rival search, the cases together node-capped,
    and the fixpoint again after each case. UNIQUE, RIVAL or CAPPED."""

    dom = known(PUZZLE.kernel).fixpoint(board, [BOTH] * len(avoid), names)
    assert dom is not None  # the known answer obeys every clue
    budget = node_cap
    for c in board.grid.block[erased]:
        if dom[c] != BOTH:
            continue
        dom[c] = BOTH ^ avoid[c]
        found, capped, nodes = kernel.rival(board, dom, avoid, c, names, budget)
        if found or capped:
            return RIVAL if found else CAPPED
        budget -= nodes
        dom[c] = avoid[c]
        dom = known(PUZZLE.kernel).fixpoint(board, dom, names)
        if dom is None:
            break  # no rival is left to find
    return UNIQUE


def _verdict(board: Board, avoid: list[int], erased: int, recheck_cap: int) -> int:
    """Whether ``avoid`` is still the only answer once clue ``erased`` is gone: the
    generator's own check with a far larger node cap, and SAT (exact, no cap) where even
    that cap leaves it open. UNIQUE or RIVAL."""

    verdict = _uniqueness_check(board, avoid, erased, generate.check_rungs(), recheck_cap)
    if verdict == CAPPED:
        verdict = UNIQUE if PUZZLE.sat_count(board, 2, 10**9).count == 1 else RIVAL
    return verdict


def erase_with_verdicts(rows: int, cols: int, seed: int, node_cap: int, recheck_cap: int) -> dict[str, Any]:
    """generate.make's erasure loop in Python, one verdict at a time, its capped clues then
    settled exactly in order (as generate.make does with SAT): the clues it keeps, the draws
    its picture took, and its capped checks, with how many of those clues a check with a
    larger cap (then SAT) says could have gone at the time."""

    r = random.Random(seed)
    pic, draws = generate.picture(rows, cols, r)
    order = list(range(rows * cols))
    r.shuffle(order)
    avoid = [PAINT if v else BLANK for v in pic]
    names = generate.check_rungs()
    clues: list[int | None] = list(clue_vector(np.array(pic), rows, cols))
    capped: list[int] = []
    needless = 0
    for i in order:
        kept, clues[i] = clues[i], None
        now = Board(rows, cols, tuple(clues))
        verdict = _uniqueness_check(now, avoid, i, names, node_cap)
        if verdict == CAPPED:
            capped.append(i)
            needless += _verdict(now, avoid, i, recheck_cap) == UNIQUE
        if verdict != UNIQUE:
            clues[i] = kept
    settled = certify.settle_reference(Board(rows, cols, tuple(clues)), capped)
    return {"pic": pic, "draws": draws, "clues": settled, "capped": len(capped), "needless": needless}


def _final_removable(board: Board, avoid: list[int], recheck_cap: int) -> int:
    """Kept clues whose erasure from the finished board leaves the answer unique (the
    board is locally minimal when there are none)."""

    kept = [i for i, v in enumerate(board.clues) if v is not None]
    return sum(
        _verdict(
            Board(board.rows, board.cols, board.clues[:i] + (None,) + board.clues[i + 1 :]),
            avoid,
            i,
            recheck_cap,
        )
        == UNIQUE
        for i in kept
    )


def work(p: Params, seed: int, h: int, w: int, k: int, count: int) -> dict[str, Any]:

    keys = ("draws", "kept", "painted", "capped", "needless", "final", "grade")
    out: dict[str, Any] = {**{key: [] for key in keys}, "same": 0, "unique": 0, "twin_free": 0}
    for s in board_seeds(seed, h, w, k, count):
        made = generate.make(h, w, s)
        mine = erase_with_verdicts(h, w, s, p["node_cap"], p["recheck_cap"])
        out["same"] += (mine["clues"], mine["pic"], 0) == (made.board.clues, made.answer, made.capped_checks)
        out["unique"] += PUZZLE.sat_count(made.board, 2, 10**9).count == 1
        out["twin_free"] += twins.find_twin(made.answer, h, w) is None
        got = (
            mine["draws"],
            made.clues,
            sum(made.answer),
            mine["capped"],
            mine["needless"],
            _final_removable(made.board, [2 if v else 1 for v in made.answer], p["recheck_cap"]),
            engine.grade(PUZZLE, made.board).grade,
        )
        for key, v in zip(keys, got, strict=True):
            out[key].append(v)
    return out


def _total_cell(xs: list[float]) -> dict[str, Any]:
    """A sampled total over boards with its standard error (n times the mean's)."""
    n = len(xs)
    se = statistics.stdev(xs) * math.sqrt(n) if n > 1 else None
    return {"value": sig(sum(xs)), "se": sig(se), "n": n}


def _predicted(h: int, w: int, y_max: int) -> float:
    """Expected redraws per board: s / (1 - s) for the twin share s (draws are geometric);
    where the two-block count is not run (Y past y_max), lines only."""
    lines, full = exact_shares(h, w, y_max)
    s = lines if full is None else full
    return s / (1 - s)


def _generator_row(p: Params, grids: list[tuple[int, int, dict[str, Any]]]) -> Row:
    redraws = [d - 1 for _, _, g in grids for d in g["draws"]]
    painted = sum(sum(g["painted"]) for _, _, g in grids)
    cells = sum(h * w * len(g["draws"]) for h, w, g in grids)
    predicted = sum(_predicted(h, w, p["y_max"]) * len(g["draws"]) for h, w, g in grids)
    capped = [c for _, _, g in grids for c in g["capped"]]
    return [
        "all boards",
        len(redraws),
        _total_cell(redraws),
        sig(predicted, 3),
        proportion(painted, cells),
        _total_cell(capped),
    ]


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    grids = by_grid(p, results)
    boards = sum(len(g["draws"]) for _, _, g in grids)
    total = _generator_row(p, grids)
    kinds: dict[str, list[float]] = {}
    for h, w, g in grids:
        kinds.setdefault(twin_kind(h, w), []).extend(c / (h * w) for c in g["kept"])
    kept: list[Row] = [
        [kind, len(xs), mean_cell(xs)] for kind, xs in sorted(kinds.items(), key=lambda kv: kv[0][0] != "n")
    ]
    grades = [g for _, _, gr in grids for g in gr["grade"]]
    grade_rows = [
        [g, count_cell(grades.count(g), boards), proportion(grades.count(g), boards)] for g in GRADES
    ]
    redraw_rows, by_size, capped_rows, minimal = [], [], [], []
    for h, w, g in grids:
        n, name, kind = len(g["draws"]), grid_name(h, w), side_kind(h, w)
        redraw_rows.append(
            [
                name,
                kind,
                n,
                sum(d - 1 for d in g["draws"]),
                mean_cell([d - 1 for d in g["draws"]]),
                sig(_predicted(h, w, p["y_max"])),
            ]
        )
        by_size.append(
            [name, n, mean_cell([c / (h * w) for c in g["kept"]]), *(g["grade"].count(x) for x in GRADES)]
        )
        all_kept = sum(g["kept"])
        capped_rows.append(
            [name, n, n * h * w, sum(g["capped"]), sum(g["needless"]), g["same"], g["unique"], g["twin_free"]]
        )
        minimal.append(
            [name, n, all_kept, sum(g["final"]), share(sum(g["final"]), all_kept), g["final"].count(0)]
        )
    note = f"generate.make on {', '.join(f'{h}x{w} ({b})' for h, w, b in p['grids'])} boards"
    red, pred, paint, cap = total[2]["value"], total[3], total[4]["value"], total[5]["value"]
    return {
        "generator": figure(
            "sample",
            table(
                ["boards", "boards made", "redraws", "predicted redraws", "painted share", "capped checks"],
                [total],
            ),
            n=boards,
            seed="generator",
            note=note + f"; node cap {p['node_cap']} per uniqueness check",
            lead=f"Over {boards} boards the generator redrew {red:g} pictures with a twin where the exact "
            f"twin share predicts {pred:g}; {paint:.1%} of the cells are painted, and {cap:g} uniqueness "
            "checks hit the node cap and kept their clue.",
        ),
        "clues_kept": figure(
            "sample",
            table(["kind of grid", "boards", "share of clues kept"], kept),
            n=boards,
            seed="clues_kept",
            note=note,
            lead="A locally minimal board keeps about the same share of its clues on both kinds "
            "of grid: " + " and ".join(f"{r[2]['value']:.1%} {r[0]}" for r in kept) + ".",
        ),
        "generator_grades": figure(
            "sample",
            table(["grade", "boards", "share"], grade_rows),
            n=boards,
            seed="generator_grades",
            note=note,
            lead=f"Of {boards} generated boards, "
            + ", ".join(f"{grades.count(g)} finish at {g}" for g in GRADES)
            + "; pair as the seed "
            "defines it only bounds shared cells, so with count at its fixpoint it "
            "can only find contradictions, and no board finishes at pair.",
        ),
        "by_size": figure(
            "sample",
            table(["grid", "boards", "share of clues kept", *(f"finish at {g}" for g in GRADES)], by_size),
            n=boards,
            lead="Per size: the share of clues a board keeps, and the rung that finishes it.",
            note=note,
        ),
        "redraws": figure(
            "sample",
            table(
                ["grid", "sides 2 (mod 3)", "boards", "redraws", "mean redraws", "predicted mean"],
                redraw_rows,
            ),
            n=boards,
            note=note + "; predicted mean s / (1 - s) for the exact twin share s (lines only where "
            "the two-block count is out of reach)",
            lead="Redraws per board against the mean the exact twin share predicts, size by size.",
            plot=plot("bar", "grid", ["mean redraws", "predicted mean"], ylabel="redraws per board"),
        ),
        "capped_checks": figure(
            "sample",
            table(
                [
                    "grid",
                    "boards",
                    "erasure checks",
                    "capped checks",
                    "capped but removable",
                    "Python loop agrees",
                    "SAT unique",
                    "twin-free",
                ],
                capped_rows,
            ),
            n=boards,
            note=f"capped but removable: the same check with a {p['recheck_cap']:,}-node cap, then SAT where "
            "that cap is hit, says the answer stayed unique without the clue; Python loop agrees: boards "
            "where the readable erasure loop equals kernel.minimise",
            lead=f"The {sum(r[3] for r in capped_rows)} capped checks size by size (each settled afterwards "
            f"by SAT), and how many of those clues could have gone at the time "
            f"({sum(r[4] for r in capped_rows)}); every board is unique by SAT and twin-free.",
        ),
        "local_minimality": figure(
            "sample",
            table(
                [
                    "grid",
                    "boards",
                    "kept clues",
                    "removable from the final board",
                    "share removable",
                    "locally minimal boards",
                ],
                minimal,
            ),
            n=boards,
            lead=f"{sum(r[5] for r in minimal)} of {boards} boards are locally minimal when every single "
            "erasure is checked exactly (the generator settles its capped checks by SAT, so all should be).",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    broken = []
    for r in rows_of(figures["capped_checks"]):
        if r["Python loop agrees"] != r["boards"]:
            broken.append(f"{r['grid']}: the Python erasure loop differs from kernel.minimise")
        if r["SAT unique"] != r["boards"]:
            broken.append(f"{r['grid']}: SAT finds a board that is not unique")
        if r["twin-free"] != r["boards"]:
            broken.append(f"{r['grid']}: a generated picture has a twin")
        if r["capped but removable"] > r["capped checks"]:
            broken.append(f"{r['grid']}: more removable capped clues than capped checks")
    for r in rows_of(figures["local_minimality"]):
        if r["locally minimal boards"] != r["boards"]:
            broken.append(f"{r['grid']}: a generated board keeps a removable clue")
    for r in rows_of(figures["redraws"]):
        if r["sides 2 (mod 3)"] == "no side" and r["redraws"]:
            broken.append(f"{r['grid']}: redraws on a grid without twins")
    for r in rows_of(figures["by_size"]):
        if r["finish at pair"]:
            broken.append(f"{r['grid']}: a board finishes at pair but not at count")
    return broken
