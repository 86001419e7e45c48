"""Study 8: the ladder's price on the minimal set (the seed's 72). Branch points each level's
counting search needs to prove a board unique, summed per level and size with the seed's cap of
400,000 per board (lower bounds marked), the boards a level never finishes, the boards probe's
fixpoint finishes outright, and the share of unclued cells each level settles by size."""

from __future__ import annotations

import statistics
from typing import Any

from pencilbox.core import engine
from pencilbox.puzzles.sukoro import PUZZLE
from pencilbox.puzzles.sukoro.board import Board
from pencilbox.puzzles.sukoro.levels import Level
from pencilbox.puzzles.sukoro.studies.common import (
    LEVELS,
    SIZES,
    count_cell,
    ladder_count,
    minimal_set,
    size_name,
)
from pencilbox.studies import Figures, Params, at_least, figure, mean_cell, nonzero, plot, table

NUMBER = 8
NAME = "ladder"
TITLE = (
    "The ladder on the minimal boards: branch points to prove each unique per level (cap 400,000), and "
    "the share each level settles"
)
FULL = {"sizes": SIZES, "boards": 24, "node_cap": 400_000}
QUICK = {"sizes": [[6, 6]], "boards": 3, "node_cap": 20_000}


def plan(p: Params, seed: int) -> list[tuple[int, int, int]]:
    return [(r, c, j) for r, c in p["sizes"] for j in range(p["boards"])]


def work(p: Params, seed: int, rows: int, cols: int, j: int) -> dict[str, Any]:
    """One minimal board: branch points of each level's counting search (limit 2, node cap),
    and the share of unclued cells each level's fixpoint settles from the untouched board."""
    bid, board, _, grade = minimal_set(rows, cols, j + 1)[j]
    searches = []
    for level in LEVELS:
        res = ladder_count(board, engine.ladder(PUZZLE, level), node_cap=p["node_cap"])
        searches.append([res.nodes, res.node_capped, res.count])
    graded = engine.grade(PUZZLE, board)
    return {
        "id": bid,
        "size": size_name(rows, cols),
        "grade": grade,
        "graded": graded.grade,
        "search": searches,
        "settled": [graded.settled[lv] for lv in LEVELS],
        "marked": marked(board),
    }


def marked(board: Board) -> list[float | None]:
    """Per level, the share of unclued cells its fixpoint marks numbered or empty from the
    untouched board (what the player's rung display shows; a digit need not be known)."""
    start = PUZZLE.initial_state(board)
    unclued = PUZZLE.unclued(board)
    out: list[float | None] = []
    for level in LEVELS:
        dom = engine.run_fixpoint(PUZZLE, board, start, engine.ladder(PUZZLE, level))
        done = None if dom is None else sum(PUZZLE.marks.mark(board, i, dom[i]) is not None for i in unclued)
        out.append(None if done is None else done / len(unclued) if unclued else 1.0)
    return out


def _by_size(results: list[Any], sizes: list[str], key: str) -> list[list[Any]]:
    """Per size, the mean share of unclued cells each level settles (a contradiction counts 0)."""
    return [[s, *(mean_cell([b[key][i] or 0 for b in results if b["size"] == s]) for i in range(len(LEVELS)))]
            for s in sizes]


def _sums(results: list[Any], sizes: list[str]) -> list[list[Any]]:
    rows = []
    for s in sizes:
        boards = [b for b in results if b["size"] == s]
        row: list[Any] = [f"{s}, {len(boards)} boards"]
        for i in range(len(LEVELS)):
            total = sum(b["search"][i][0] for b in boards)
            row.append(at_least(total) if any(b["search"][i][1] for b in boards) else total)
        rows.append(row)
    return rows


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    sizes = list(dict.fromkeys(b["size"] for b in results))
    n = len(results)
    cap = p["node_cap"]
    settled = _by_size(results, sizes, "settled")
    marks = _by_size(results, sizes, "marked")
    seed_sizes = [size_name(*s) for s in SIZES]  # the seed's columns (None: a size not run)
    never = [
        [
            lv,
            sum(b["search"][i][1] for b in results),
            *(sum(b["search"][i][1] for b in results if b["size"] == s) if s in sizes else None
              for s in seed_sizes),
        ]
        for i, lv in enumerate(LEVELS)
    ]
    finished = sum(b["graded"] != engine.SEARCH for b in results)
    per_board = [
        [
            b["id"],
            b["grade"],
            *(at_least(x) if c else x for x, c, _ in b["search"]),
        ]
        for b in results
    ]
    soundness = [
        n,
        sum(b["graded"] != b["grade"] for b in results),
        sum(not cap_ and c != 1 for b in results for _, cap_, c in b["search"]),
        sum(
            any(x is None or y is None or y < x for x, y in zip(b["settled"], b["settled"][1:], strict=False))
            for b in results
        ),
    ]
    capped = any(c for b in results for _, c, _ in b["search"])
    low = LEVELS[0]
    means = {lv: statistics.fmean(b["settled"][i] or 0 for b in results) for i, lv in enumerate(LEVELS)}
    return {
        "pricing": figure(
            "lower_bound" if capped else "exact",
            table(["boards", *LEVELS], _sums(results, sizes)),
            seed="ladder_pricing",
            lead=f"Proving the {n} minimal boards unique, the {low}-only search runs out of its "
            f"{cap:,} branch points on {never[0][1]} of them, while the search with conn "
            f"needs {sum(b['search'][2][0] for b in results):,} branch points for all of them.",
            title=f"Branch points the counting search (limit 2) of each level needs to prove the "
            f"minimal boards unique, summed per size (cap {cap:,} per board)",
            note="at_least: some board of the row ran out of its cap, so the sum is a lower bound; "
            "branch points of our engine 1",
        ),
        "never_finished": figure(
            "exact",
            table(["level", "boards never finished", *(f"{s} boards never finished" for s in seed_sizes)],
                  never),
            seed="ladder_cutoff",
            lead=f"The deg-only search ran out of its {cap:,} branch points on {never[0][1]} of the {n} "
            f"boards ({never[0][-1]} of the 10x10 ones); neq on {never[1][1]}, conn and probe on "
            f"{never[2][1]} and {never[3][1]}.",
            title=f"Boards whose search at a level ran out of its {cap:,} branch points",
        ),
        "settled": figure(
            "sample",
            table(["board", *LEVELS], settled),
            n=n,
            seed="ladder_settled",
            headline=True,
            lead=f"From the untouched board, deg's arithmetic settles {100 * means[Level.DEG]:.1f}% of "
            f"the unclued cells on average, neq {100 * means[Level.NEQ]:.1f}%, conn "
            f"{100 * means[Level.CONN]:.1f}% and probe {100 * means[engine.PROBE]:.1f}%: local arithmetic "
            "stalls early and probing over the global rung does the rest.",
            title="Mean share of unclued cells each level's fixpoint settles to one value (empty or its "
            "digit) from the untouched minimal board, by size",
            plot=plot("bar", "board", list(LEVELS), xlabel="board size",
                      ylabel="share of unclued cells settled"),
        ),
        "settled_marks": figure(
            "sample",
            table(["board", *LEVELS], marks),
            n=n,
            lead=f"Counting a cell as settled once it is known numbered or empty, deg already reaches "
            f"{100 * statistics.fmean(b['marked'][0] or 0 for b in results):.1f}% on average.",
            title="Ours, beside the seed's measure: mean share of unclued cells each level's fixpoint "
            "marks numbered or empty (the digit may stay open), as the player's rung display shows, by size",
        ),
        "probe_finishes": figure(
            "sample",
            table(["level", "boards finished outright"], [["probe", count_cell(finished, n)]]),
            n=n,
            seed="probe_finishes",
            lead=f"Probe's fixpoint finishes {finished} of the {n} minimal boards with no search at all.",
            title="Minimal boards the probe level's fixpoint finishes outright",
        ),
        "per_board": figure(
            "lower_bound" if capped else "exact",
            table(
                ["board", "grade", *(f"{lv} branch points" for lv in LEVELS)],
                per_board,
            ),
            lead=f"The conn search proves every board unique within at most "
            f"{max(b['search'][2][0] for b in results):,} branch points; deg alone is cut off on "
            f"{never[0][1]} boards.",
            title="Per minimal board: branch points of each level's counting search (at_least: cut off "
            "at the cap)",
        ),
        "soundness": figure(
            "exact",
            table(
                [
                    "boards",
                    "grade recomputed differs",
                    "uncapped count not 1",
                    "settled share falls up the ladder",
                ],
                [soundness],
            ),
            lead=f"On all {n} boards the recomputed grade matches the bank's and every search that finished "
            "counted exactly one answer.",
            title="The classifier against the bank's grades and the searches' counts",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    boards, regraded, not_one, falls = figures["soundness"]["value"]["rows"][0]
    return nonzero(
        (regraded, f"{regraded} of {boards} boards grade differently from the bank's record"),
        (not_one, f"{not_one} uncapped level searches do not count exactly 1 answer"),
        (falls, f"{falls} boards settle less at a higher level"),
    )
