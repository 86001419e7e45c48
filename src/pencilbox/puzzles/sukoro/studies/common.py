"""Helpers shared by the Sukoro studies: boards and printings, the engines' verdicts, and the
bank's two sets (the seed's 72 unique, locally minimal boards and our graded buckets)."""

from __future__ import annotations

import math
import random
from typing import Any

from pencilbox import bank, boardio
from pencilbox.core import engine
from pencilbox.puzzles.sukoro import PUZZLE, kernel
from pencilbox.puzzles.sukoro.board import ALL, MARK, Board, answer_from_state
from pencilbox.puzzles.sukoro.brute import brute_count
from pencilbox.studies import sig

SEARCH_RUNGS = engine.ladder(PUZZLE, PUZZLE.search_level)  # deg, neq, conn: every rung but probe
LEVELS = engine.levels(PUZZLE)  # deg, neq, conn, probe
GRADES = (*LEVELS, engine.SEARCH)
SIZES = [[6, 6], [8, 8], [10, 10]]  # the seed's board sizes

Banked = tuple[str, Board, tuple[int, ...], str]  # id, board, answer, grade


def size_name(rows: int, cols: int) -> str:
    return f"{rows}x{cols}"


def blank(rows: int, cols: int) -> Board:
    return Board(rows, cols, (None,) * (rows * cols))


def printed(rows: int, cols: int, answer: tuple[int, ...], mark: bool = False) -> Board:
    """Every number of an answer printed (as bare marks with ``mark``)."""
    return Board(rows, cols, tuple(None if not v else MARK if mark else v for v in answer))


def with_clues(rows: int, cols: int, clues: dict[int, int]) -> Board:
    """A board printing the given digits in the given cells."""
    out: list[int | None] = [None] * (rows * cols)
    for i, d in clues.items():
        out[i] = d
    return Board(rows, cols, tuple(out))


def ladder_count(
    board: Board,
    names: tuple[str, ...] = SEARCH_RUNGS,
    limit: int = 2,
    node_cap: int = 10**6,
    dropped: tuple[str, ...] = (),
) -> engine.Count:
    """Engine 1 on the untouched board (no probe at the root: the level's own search)."""
    return kernel.search(board, PUZZLE.initial_state(board), names, limit, node_cap, dropped=dropped)


def verdict(board: Board, node_cap: int) -> tuple[int, str]:
    """Answers up to 2 by engine 1, or by SAT (no cap) when engine 1 runs out of nodes."""
    res = ladder_count(board, node_cap=node_cap)
    if not res.node_capped:
        return min(res.count, 2), "ladder"
    return min(PUZZLE.sat_count(board, 2, 0).count, 2), "sat"


def answers_upto(board: Board, limit: int, node_cap: int) -> tuple[int, str]:
    """Answers counted up to ``limit`` by engine 1, by SAT where engine 1 runs out of nodes."""
    res = ladder_count(board, limit=limit, node_cap=node_cap)
    if not res.node_capped:
        return min(res.count, limit), "ladder"
    return min(PUZZLE.sat_count(board, limit, 0).count, limit), "sat"


def seed_answer(rows: int, cols: int, g: random.Random, draw_nodes: int = 5000) -> tuple[int, ...]:
    """An answer drawn as the seed describes its draw: one randomised search on the blank board
    (digits and empty tried in random order), the first answer found; a walk that runs out of
    nodes is drawn again. Unlike ``generate.random_answer`` it asks for no cover."""
    while True:
        res = kernel.search(blank(rows, cols), [ALL] * (rows * cols), SEARCH_RUNGS, 1, draw_nodes,
                            kernel.ORDER_RANDOM, g.randrange(2**31))
        if res.answers:
            return tuple(int(v or 0) for v in answer_from_state(res.answers[0]))


def brute_verdict(board: Board, node_cap: int) -> int | None:
    """Answers up to 2 by engine 2; None when its node cap cut it short."""
    res = PUZZLE.brute_count(board, 2, node_cap)
    return None if res.node_capped else min(res.count, 2)


def blank_count(rows: int, cols: int, engine_name: str) -> tuple[int, bool]:
    """Exact answer count of the blank board by ``ladder`` (compiled) or ``brute``."""
    board = blank(rows, cols)
    if engine_name == "ladder":
        res = kernel.search(board, [ALL] * (rows * cols), SEARCH_RUNGS, 2**62, 2**62)
        return res.count, res.node_capped

    count, stop, _, _ = brute_count(rows, cols, (None,) * (rows * cols), 2**62, 2**62)
    return count, stop is not None


def _record(rec: dict[str, Any]) -> Banked:
    board = boardio.board_from_json({**rec, "answer": None})
    return rec["id"], board, tuple(int(v or 0) for row in rec["answer"] for v in row), rec["grade"]


def minimal_set(rows: int, cols: int, count: int) -> list[Banked]:
    """The first ``count`` boards of the bank's minimal set at one size (made as the seed made
    its 72: random answer, print all, erase in random order while unique)."""
    recs = [
        r for r in bank.load("sukoro") if r.get("set") == "minimal" and (r["rows"], r["cols"]) == (rows, cols)
    ]
    return [_record(r) for r in recs[:count]]


def graded_set(rows: int, cols: int, per_grade: int) -> list[Banked]:
    """The first ``per_grade`` graded bank boards of each grade at one size (ours: erased while
    level G alone finishes them, so not locally minimal)."""
    out: list[Banked] = []
    for g in GRADES:
        recs = [
            r
            for r in bank.load("sukoro")
            if r.get("set") is None and r["grade"] == g and (r["rows"], r["cols"]) == (rows, cols)
        ]
        out += [_record(r) for r in recs[:per_grade]]
    return out


def bank_set(which: str, rows: int, cols: int, count: int) -> list[Banked]:
    """One size of the ``minimal`` set (``count`` boards) or of the ``graded`` buckets
    (``count`` per grade)."""
    return minimal_set(rows, cols, count) if which == "minimal" else graded_set(rows, cols, count)


def count_cell(k: int, n: int) -> dict[str, Any]:
    """A count of k in a sample of n, with its binomial standard error (so a published count
    of the same sample size can be compared within error)."""
    return {"value": k, "se": sig(math.sqrt(k * (1 - k / n))) if n else None, "n": n}


def pct(x: float | None) -> str:
    """A share as a percentage for a lead sentence."""
    return "-" if x is None else f"{100 * x:.1f}%"
