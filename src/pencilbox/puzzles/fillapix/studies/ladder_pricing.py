"""Study 7: the ladder priced twice on a 20-board bank set, as the seed does: climbing
(what the ladder settles with every rung up to one) and leave-one-out (what the full
ladder loses without a rung, inside probe too), and search nodes with and without each
cheap rung under a 1,000,000-node cap per board (capped totals are lower bounds)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pencilbox import bank, boardio
from pencilbox.core import engine
from pencilbox.core.puzzle import known
from pencilbox.puzzles.fillapix import PUZZLE, kernel
from pencilbox.puzzles.fillapix.levels import Level
from pencilbox.puzzles.fillapix.studies.common import rows_of
from pencilbox.studies import Figures, Params, at_least, figure, median_cell, plot, share, table

NUMBER = 7
NAME = "ladder_pricing"
TITLE = (
    "The ladder priced on a 20-board bank set (4 per size): climbing, leave-one-out, and search nodes "
    "with and without each cheap rung (1,000,000-node cap)"
)
FULL = {"per_size": 4, "node_cap": 1_000_000}
QUICK = {"per_size": 1, "node_cap": 20_000}  # the first 20x20 bank board takes 3,835 nodes
COUNT, PAIR, PROBE = Level.COUNT, Level.PAIR, engine.PROBE
RUNGS: tuple[engine.Level, ...] = (COUNT, PAIR, PROBE)
SEARCHES: dict[str, tuple[engine.Level, ...]] = {
    "count+pair": (COUNT, PAIR),
    "count (no pair)": (COUNT,),
    "pair (no count)": (PAIR,),
    "count+pair+probe": (COUNT, PAIR, PROBE),
}


@lru_cache(maxsize=1)
def _bank() -> tuple[dict[str, Any], ...]:

    return tuple(bank.load("fillapix"))


def bank_set(per_size: int) -> list[int]:
    """The seed prices its 20 shipped boards; ours: the first ``per_size`` boards of each
    size of the bank, in bank order (4 x 5 sizes = 20)."""
    seen: dict[tuple[int, int], int] = {}
    out = []
    for k, rec in enumerate(_bank()):
        size = (rec["rows"], rec["cols"])
        if seen.get(size, 0) < per_size:
            seen[size] = seen.get(size, 0) + 1
            out.append(k)
    return out


def plan(p: Params, seed: int) -> list[tuple[int]]:
    return [(k,) for k in bank_set(p["per_size"])]


def work(p: Params, seed: int, k: int) -> dict[str, Any]:
    """One bank board: what each level settles climbing, what the full ladder settles
    without each rung, the grade again, search nodes per rung set, and SAT uniqueness."""

    rec = _bank()[k]
    board = boardio.board_from_json(rec)
    n = board.rows * board.cols
    start = [3] * n

    def settled(names: tuple[str, ...]) -> int:
        dom = known(PUZZLE.kernel).fixpoint(board, start, names)
        return -1 if dom is None else sum(d != 3 for d in dom)

    out: dict[str, Any] = {
        "size": f"{board.rows}x{board.cols}",
        "cells": n,
        "grade": rec["grade"],
        "clues": sum(v is not None for v in board.clues),
    }
    # the seed's three rungs, named explicitly (our ladder also has "sides" after pair)
    out["climb"] = {r: settled(RUNGS[: RUNGS.index(r) + 1]) for r in RUNGS}
    out["without"] = {r: settled(tuple(x for x in RUNGS if x != r)) for r in RUNGS}
    out["search"] = {}
    for name, names in SEARCHES.items():
        res = kernel.search(board, start, names, 2, p["node_cap"])
        out["search"][name] = [res.nodes, bool(res.node_capped), res.count]
    out["regrade"] = _grade(out)
    sat = PUZZLE.sat_count(board, 2, 10**9)
    out["sat_unique"] = sat.count == 1 and sat.answers[0] == [2 if v else 1 for v in board.answer]
    return out


def _grade(out: dict[str, Any]) -> str | None:
    """engine.grade from what the job already measured: the first rung whose climb settles
    every cell, else search when the full-ladder search counts one answer uncapped."""
    done = next((r for r in RUNGS if out["climb"][r] == out["cells"]), None)
    if done is not None:
        return done
    return engine.SEARCH if out["search"]["count+pair+probe"][1:] == [False, 1] else None


def _leave_one_out(results: list[Any]) -> list[list[Any]]:
    cells = sum(r["cells"] for r in results)
    full = sum(r["climb"][PROBE] == r["cells"] for r in results)
    full_cells = sum(r["climb"][PROBE] for r in results)
    rows = [["nothing (the full ladder)", full, full_cells, 0, 0.0]]
    for rung in RUNGS:
        done = sum(r["without"][rung] == r["cells"] for r in results)
        got = sum(max(r["without"][rung], 0) for r in results)
        rows.append([rung, done, got, full - done, share(full_cells - got, cells)])
    return rows


def _loo_lead(loo: list[list[Any]], boards: int) -> str:
    """Which rungs carry weight: a rung does when the full ladder finishes fewer boards or
    settles fewer cells without it (numbers from the table)."""
    by_rung = {r[0]: r for r in loo[1:]}
    idle = [r for r, row in by_rung.items() if row[3] == 0 and row[4] == 0]
    verdict = "every rung carries weight" if not idle else f"{' and '.join(idle)} carries no weight here"
    return (
        f"The full ladder finishes {loo[0][1]} of {boards} boards; without count it finishes "
        f"{by_rung[COUNT][1]}, without pair {by_rung[PAIR][1]} (settling {by_rung[PAIR][2]:,} "
        f"cells), without probe {by_rung[PROBE][1]}: {verdict}."
    )


def _climbing(results: list[Any]) -> list[list[Any]]:
    cells = sum(r["cells"] for r in results)
    rows, before = [], 0
    for rung in RUNGS:
        climb = sum(r["climb"][rung] == r["cells"] for r in results)
        rows.append([rung, climb, climb - before, share(sum(r["climb"][rung] for r in results), cells)])
        before = climb
    solved = [r for r in results if r["search"]["count+pair+probe"][1:] == [False, 1]]
    rows.append(
        [engine.SEARCH, len(solved), len(solved) - before, share(sum(r["cells"] for r in solved), cells)]
    )
    return rows


def _nodes(results: list[Any], sizes: list[str]) -> tuple[list[list[Any]], list[list[Any]]]:
    total, per_size = [], []
    for name in SEARCHES:
        for size in [*sizes, "all"]:
            rs = [r["search"][name] for r in results if size in ("all", r["size"])]
            capped = sum(c for _, c, _ in rs)
            wrap = at_least if capped else (lambda v: v)
            row = [
                wrap(sum(x for x, _, _ in rs)),
                capped,
                median_cell([(x, c) for x, c, _ in rs]),
                wrap(max(x for x, _, _ in rs)),
            ]
            if size == "all":
                total.append([name, len(rs), *row])
            else:
                per_size.append([name, size, len(rs), *row])
    return total, per_size


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    boards = len(results)
    cells = sum(r["cells"] for r in results)
    clues = sum(r["clues"] for r in results)
    sizes = list(dict.fromkeys(r["size"] for r in results))
    loo = _leave_one_out(results)
    climbing = _climbing(results)
    total, per_size = _nodes(results, sizes)
    grades = [
        [g, sum(r["grade"] == g for r in results), sum(r["regrade"] == g for r in results)]
        for g in (*engine.levels(PUZZLE), engine.SEARCH)
    ]
    uncapped = [c for r in results for _, capped, c in r["search"].values() if not capped]
    sure = [
        ["SAT finds exactly one answer (the bank's picture)", boards, sum(r["sat_unique"] for r in results)],
        ["uncapped searches that count exactly one answer", len(uncapped), uncapped.count(1)],
    ]
    cap = f"{p['node_cap']:,}"
    rule = f"the first {p['per_size']} bank boards of each size ({', '.join(sizes)})"
    nodes = {r[0]: r for r in total}

    def shown(v: Any) -> str:
        return f"at least {v['at_least']:,}" if isinstance(v, dict) else f"{v:,}"

    return {
        "ladder_bank": figure(
            "exact",
            table(["bank set", "boards", "cells", "clues shown"], [["bank set", boards, cells, clues]]),
            seed="ladder_bank",
            note=rule,
            lead=f"The ladder is priced on {boards} bank boards ({rule}): {cells:,} cells, "
            f"{clues:,} clues shown.",
        ),
        "leave_one_out": figure(
            "exact",
            table(
                ["rung left out", "boards finished", "cells settled", "boards lost", "share of cells lost"],
                loo,
            ),
            seed="leave_one_out",
            headline=True,
            note=rule + "; a rung left out is off inside probe too",
            lead=_loo_lead(loo, boards),
        ),
        "climbing": figure(
            "exact",
            table(["rung", "boards finished", "boards gained", "share of cells settled"], climbing),
            note=rule + "; search: count+pair+probe at every node, uncapped",
            plot=plot("bar", "rung", ["boards gained"], ylabel="bank boards"),
            lead="Climbing: what the ladder settles with every rung up to each one. With count "
            f"at its fixpoint pair can only find contradictions, so climbing to pair gains "
            f"{climbing[1][2]} boards; it pays inside probe.",
        ),
        "search_nodes": figure(
            "lower_bound" if any(r[2] for r in total) else "exact",
            table(["rungs", "boards", "nodes", "capped boards", "median nodes", "max nodes"], total),
            seed="search_nodes",
            note=rule + f"; branch points to count answers (limit 2) from the empty board, "
            f"the rungs at every node; a {cap}-node cap per board",
            lead=f"The search with count and pair at every node needs {shown(nodes['count+pair'][2])} nodes "
            f"over the set; without pair {shown(nodes['count (no pair)'][2])} "
            f"({nodes['count (no pair)'][3]} boards hit the {cap}-node cap), without count "
            f"{shown(nodes['pair (no count)'][2])} ({nodes['pair (no count)'][3]} capped).",
        ),
        "search_by_size": figure(
            "lower_bound" if any(r[4] for r in per_size) else "exact",
            table(
                ["rungs", "size", "boards", "nodes", "capped boards", "median nodes", "max nodes"], per_size
            ),
            note=f"a {cap}-node cap per board (a capped board counts its cap: a lower bound)",
            lead="The same search nodes size by size.",
        ),
        "grades": figure(
            "exact",
            table(["grade", "bank records", "graded again"], grades),
            lead="The bank set's grades as the bank records them (our ladder: count, pair, sides, probe) "
            "and graded again on the seed's rungs alone (count, pair, probe): boards our sides "
            f"finishes grade probe or search there ({sum(r['grade'] == Level.SIDES for r in results)} "
            "boards of the set).",
        ),
        "uniqueness": figure(
            "exact",
            table(["property", "boards", "held"], sure),
            lead="Every board of the set has exactly one answer, by SAT and by every uncapped search.",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    broken = []
    grades = {r["grade"]: r for r in rows_of(figures["grades"])}
    for g in (COUNT, PAIR):  # below sides both ladders are the same
        r = grades[g]
        if r["bank records"] != r["graded again"]:
            broken.append(
                f"grade {g}: the bank records {r['bank records']}, grading again gives {r['graded again']}"
            )
    finished, last = 0, -1
    for r in rows_of(figures["climbing"]):
        finished += grades[r["rung"]]["graded again"]
        if r["boards finished"] != finished:
            broken.append(
                f"climbing to {r['rung']} finishes {r['boards finished']} boards, the grades say {finished}"
            )
        if r["boards finished"] < last:
            broken.append(f"{r['rung']}: a rung made the ladder settle less")
        last = r["boards finished"]
    for r in rows_of(figures["leave_one_out"]):
        if r["boards lost"] < 0:
            broken.append(f"leaving {r['rung left out']} out finishes more boards")
    for r in rows_of(figures["uniqueness"]):
        if r["held"] != r["boards"]:
            broken.append(f"{r['property']}: holds on {r['held']} of {r['boards']}")
    return broken
