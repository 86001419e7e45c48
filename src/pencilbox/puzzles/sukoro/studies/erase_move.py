"""Study 10: erasing vs moving one clue. Every clue of the first minimal boards of each size
(the seed's counts, 54 / 90 / 153 clues, are those of 8 boards a size) erased in turn, with the
answers left counted up to 8, and moved (same digit) to three random unclued cells; our graded
boards (erasures only) as extra rows."""

from __future__ import annotations

from typing import Any

from pencilbox.core import engine
from pencilbox.puzzles.sukoro import rules
from pencilbox.puzzles.sukoro.board import Board
from pencilbox.puzzles.sukoro.studies.common import GRADES, SIZES, answers_upto, bank_set, size_name
from pencilbox.studies import Figures, Params, Row, figure, median_cell, proportion, rng, table

NUMBER = 10
NAME = "erase_move"
TITLE = (
    "Erasing vs moving one clue of a minimal board: answers left, boards made unsolvable, boards still unique"
)
FULL = {"sizes": SIZES, "boards": 8, "graded": 4, "moves": 3, "count_to": 8, "node_cap": 10**5}
QUICK = {"sizes": [[6, 6]], "boards": 2, "graded": 1, "moves": 3, "count_to": 8, "node_cap": 10**5}
SEED_COLS = [
    "clues erased one at a time",
    "answers left, median",
    "boards made unsolvable",
    "clues moved instead",
    "still unique",
    "made unsolvable",
]


def plan(p: Params, seed: int) -> list[tuple[str, int, int, int, int]]:
    jobs: list[tuple[str, int, int, int, int]] = [("minimal", r, c, 0, p["boards"]) for r, c in p["sizes"]]
    return jobs + [("graded", r, c, 0, p["graded"]) for r, c in p["sizes"] if p["graded"]]


def edits(p: Params, seed: int, bid: str, board: Board, answer: tuple[int, ...]) -> dict[str, Any]:
    """Each clue erased (answers up to ``count_to``) and moved to ``moves`` random unclued cells
    (answers up to 2); the intended answer must satisfy every erasure."""
    g = rng(seed, "erase_move", bid)
    rows, cols = board.rows, board.cols
    free = [i for i, v in enumerate(board.clues) if v is None]
    rec: dict[str, Any] = {"left": [], "move": [0, 0, 0], "sat": 0, "answer_broken": 0}
    for i, v in enumerate(board.clues):
        if v is None:
            continue
        clues = list(board.clues)
        clues[i] = None
        erased = Board(rows, cols, tuple(clues))
        rec["answer_broken"] += bool(rules.validate(erased, answer))
        left, how = answers_upto(erased, p["count_to"], p["node_cap"])
        rec["left"].append(left)
        rec["sat"] += how == "sat"
        for j in g.sample(free, min(p["moves"], len(free))):
            moved = list(clues)
            moved[j] = v
            count, how = answers_upto(Board(rows, cols, tuple(moved)), 2, p["node_cap"])
            rec["move"][count] += 1
            rec["sat"] += how == "sat"
    return rec


def work(
    p: Params, seed: int, which: str, rows: int, cols: int, start: int, stop: int
) -> list[dict[str, Any]]:
    """Boards start..stop of one size of the minimal set, or ``stop`` per grade of the graded ones
    (erasures only, counted to 2: how many keep the board unique)."""
    boards = bank_set(which, rows, cols, stop)
    if which == "minimal":
        boards = boards[start:stop]
    else:
        p = {**p, "moves": 0, "count_to": 2}
    return [
        {"id": bid, "grade": grade, **edits(p, seed, bid, board, answer)}
        for bid, board, answer, grade in boards
    ]


def _row(label: str, boards: list[dict[str, Any]], cap: int) -> list[Any]:
    left = [x for b in boards for x in b["left"]]
    moves = [sum(b["move"]) for b in boards]
    n_moves = sum(moves)
    return [
        label,
        len(left),
        median_cell([(x, x >= cap) for x in left]),
        sum(b["left"] and min(b["left"]) == 0 for b in boards),
        n_moves,
        proportion(sum(b["move"][1] for b in boards), n_moves),
        proportion(sum(b["move"][0] for b in boards), n_moves),
        proportion(sum(x == 1 for x in left), len(left)),
    ]


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    cap = p["count_to"]
    seed_rows, extra, checks = [], [], []
    everything = []
    first_ids: set[str] = set()
    for job, res in zip(plan(p, seed), results, strict=True):
        which, r, c, start, stop = job
        name = size_name(r, c)
        if which == "minimal" and start == 0:
            seed_rows.append(_row(name, res, cap))
            first_ids |= {b["id"] for b in res}
        else:
            extra.append(_row(f"{name}, graded boards, {stop} per grade (ours)", res, 2))
        everything += [(which, b) for b in res]
        checks.append(
            [
                f"{name} {which} {start}..{stop}",
                sum(b["answer_broken"] for b in res),
                sum(b["sat"] for b in res),
            ]
        )
    erasures = sum(r[1] for r in seed_rows)
    dead_erasures = sum(
        x == 0 for w, b in everything if w == "minimal" and b["id"] in first_ids for x in b["left"]
    )
    dead = sum(r[3] for r in seed_rows)
    moved = [r[5]["value"] for r in seed_rows]
    killed = [r[6]["value"] for r in seed_rows]
    cols = ["board", *SEED_COLS, "erasures still unique"]
    median = seed_rows[0][2]
    median_text = f"{median['at_least']}+" if isinstance(median, dict) else str(median)
    kept_graded = ", ".join(
        f"{r[0].split(',')[0]}: {100 * r[7]['value']:.0f}%" for r in extra if "graded" in r[0]
    )
    by_grade: list[Row] = []
    for g in GRADES:
        left = [x for w, b in everything if w == "graded" and b["grade"] == g for x in b["left"]]
        if left:
            by_grade.append([g, proportion(sum(x == 1 for x in left), len(left))])
    return {
        "erase_move": figure(
            "sample",
            table(cols, seed_rows),
            n=sum(r[4] for r in seed_rows),
            seed="erase_move",
            headline=True,
            lead=f"{dead} of {erasures} erasures made a board unsolvable and none kept it unique "
            f"(median answers left on 6x6: {median_text}); a clue moved "
            f"instead keeps uniqueness {100 * min(moved):.1f}-{100 * max(moved):.1f}% of the "
            f"time and kills the board {100 * min(killed):.0f}-{100 * max(killed):.0f}% of "
            "the time.",
            title=f"Every clue of the first {p['boards']} minimal boards of each size erased in "
            f"turn (answers counted to {cap}) or moved, same digit, to {p['moves']} random "
            "unclued cells",
            note=f"at_least: the median erasure leaves {cap} or more answers (counting stops at "
            f"{cap}); verdicts by engine 1 (node cap {p['node_cap']}), SAT past the cap",
        ),
        "totals": figure(
            "sample",
            table(
                ["edit", "erasures", "made unsolvable", "still unique"],
                [["every erasure", erasures, dead_erasures, sum(r[7]["k"] for r in seed_rows)]],
            ),
            n=erasures,
            seed="erase_totals",
            lead=f"{dead_erasures} of {erasures} erasures made a board unsolvable, as the argument says "
            "they cannot.",
            title="Every erasure of the seed's protocol: boards made unsolvable, boards still unique",
        ),
        "extra": figure(
            "sample",
            table(["board", "clues erased one at a time", "erasures still unique", "boards made unsolvable"],
                  [[r[0], r[1], r[7], r[3]] for r in extra]),
            n=sum(r[1] for r in extra) or 1,
            lead="On every minimal board no erasure keeps uniqueness; on our graded boards, made "
            f"minimal only for their level, many erasures do ({kept_graded}).",
            title="Ours, beside the seed's protocol: every clue of the graded bank boards erased in turn "
            "(answers counted to 2)",
        ),
        "by_grade": figure(
            "sample",
            table(["grade", "erasures still unique"], by_grade),
            n=sum(len(b["left"]) for w, b in everything if w == "graded") or 1,
            lead="The lower a graded board's level, the more of its clues can go: "
            + ", ".join(f"{r[0]} {100 * (r[1]['value'] or 0):.0f}%" for r in by_grade)
            + " of erasures keep it unique.",
            title="Graded bank boards (ours): share of erasures that keep the board unique, by "
            "grade (all sizes)",
        ),
        "checks": figure(
            "exact",
            table(
                [
                    "boards",
                    "erasures the intended answer breaks",
                    f"counts settled by SAT (engine 1 past {p['node_cap']} nodes)",
                ],
                checks,
            ),
            lead=f"The intended answer satisfies every erased board ({sum(c[1] for c in checks)} broken); "
            f"SAT settled {sum(c[2] for c in checks)} counts engine 1 left capped.",
            title="The intended answer against every erased board (rules.py), and how the counts "
            "were reached",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    for row in figures["erase_move"]["value"]["rows"]:
        if row[3]:
            out.append(f"{row[0]}: erasing a clue made {row[3]} boards unsolvable")
        if row[7]["k"]:
            out.append(f"{row[0]}: {row[7]['k']} erasures leave a minimal board unique")
    for row in figures["extra"]["value"]["rows"]:
        if row[3]:
            out.append(f"{row[0]}: erasing a clue made {row[3]} boards unsolvable")
    search = [r for r in figures["by_grade"]["value"]["rows"] if r[0] == engine.SEARCH]
    if search and search[0][1]["k"]:
        out.append(f"{search[0][1]['k']} erasures leave a unique-minimal (search-grade) board unique")
    for name, broken, _ in figures["checks"]["value"]["rows"]:
        if broken:
            out.append(f"{name}: the intended answer breaks {broken} erased boards")
    return out
