"""Sukoro studies (sukoro.md, Studies 1-10): blank-board counts, the print-everything lemma,
clue-set censuses, scaling, what a digit is worth, dropping rules, the ladder's price, digit
distributions, and erasing vs moving a clue.

Engine 1 is the compiled ladder (kernel.py), engine 2 the one-bit-per-cell brute counter
(brute.py); SAT (sat.py) settles the few uniqueness verdicts engine 1 leaves node-capped.
Blank boards also have two counters of their own (blank.py), sharing no code with those: a
transfer matrix over the row frontier and a row-by-row enumerator of every answer. Bank
studies read the shipped bank (bank/sukoro.json).
"""

from __future__ import annotations

import statistics
import time
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
from numba import njit

from pencilbox import bank, boardio
from pencilbox.core import engine
from pencilbox.puzzles.sukoro import PUZZLE, generate, kernel, rules
from pencilbox.puzzles.sukoro.blank import all_answers, transfer_counts
from pencilbox.puzzles.sukoro.board import ALL, MARK, Board
from pencilbox.studies import Figures, Params, Study, at_least, figure, nonzero, plot, rng, table

FULL = ("deg", "neq", "conn")  # the search level: every rung but probe
LEVELS = engine.levels(PUZZLE)  # deg, neq, conn, probe
GRADES = (*LEVELS, engine.SEARCH)
# rule sets of study 7: the rules switched off, and the rungs that do not rely on them
RELAXED = {"all rules": ((), FULL), "differ off": (("differ",), ("deg", "conn")),
           "connected off": (("connected",), ("deg", "neq")), "both off": (("differ", "connected"), ("deg",))}
KNOWN = {1: [0, 0, 1, 2, 3, 4, 5, 6, 7, 8],  # sukoro.md, Studies 1
         2: [0, 4, 12, 26, 48, 80, 126, 190, 278, 398],
         3: [1, 12, 54, 162]}


# ---------------------------------------------------------------- the bench's blank table

def table_shapes() -> list[tuple[int, int]]:
    """Every rectangle up to 6x6, 7x5 and 4x8, each shape once (rows <= cols)."""
    shapes = {(r, c) for r in range(1, 7) for c in range(r, 7)}
    shapes |= {(r, 7) for r in range(1, 6)} | {(r, 8) for r in range(1, 5)}
    return sorted(shapes, key=lambda s: (s[0] * s[1], s))


def blank_count(rows: int, cols: int, engine: str) -> tuple[int, bool]:
    """Exact answer count of the blank board by ``ladder`` (compiled) or ``brute``."""
    board = Board(rows, cols, (None,) * (rows * cols))
    if engine == "ladder":
        res = kernel.search(board, [ALL] * (rows * cols), FULL, 2**62, 2**62)
        return res.count, res.node_capped
    from pencilbox.puzzles.sukoro.brute import brute_count
    count, capped, _, _ = brute_count(rows, cols, (None,) * (rows * cols), 2**62, 2**62)
    return count, capped


def blank_table(shapes: list[tuple[int, int]], engine: str) -> dict[str, Any]:
    """Counts and seconds per shape, and the total time."""
    blank_count(1, 3, engine)  # compile outside the clock
    rows = []
    t0 = time.perf_counter()
    for r, c in shapes:
        t = time.perf_counter()
        count, capped = blank_count(r, c, engine)
        rows.append({"rows": r, "cols": c, "count": count, "exact": not capped,
                     "s": round(time.perf_counter() - t, 4)})
    return {"engine": engine, "shapes": rows, "total_s": round(time.perf_counter() - t0, 3)}


# ---------------------------------------------------------------- small helpers

def sig(x: float) -> float:
    """Four significant digits, so stats files diff well."""
    return float(f"{x:.4g}")


def share(k: int, n: int) -> float | None:
    return sig(k / n) if n else None


def size_name(rows: int, cols: int) -> str:
    return f"{rows}x{cols}"


def blank(rows: int, cols: int) -> Board:
    return Board(rows, cols, (None,) * (rows * cols))


def printed(rows: int, cols: int, answer: tuple[int, ...], mark: bool = False) -> Board:
    """Every number of an answer printed (as bare marks with ``mark``)."""
    return Board(rows, cols, tuple(None if not v else MARK if mark else v for v in answer))


def ladder_count(board: Board, names: tuple[str, ...] = FULL, limit: int = 2, node_cap: int = 10**6,
                 dropped: tuple[str, ...] = ()) -> engine.Count:
    """Engine 1 on the untouched board (no probe at the root: the level's own search)."""
    return kernel.search(board, PUZZLE.initial_state(board), names, limit, node_cap, dropped=dropped)


def verdict(board: Board, node_cap: int) -> tuple[int, str]:
    """Answers up to 2 by engine 1, or by SAT (no cap) when engine 1 runs out of nodes."""
    res = ladder_count(board, node_cap=node_cap)
    if not res.node_capped:
        return min(res.count, 2), "ladder"
    return min(PUZZLE.sat_count(board, 2, 0).count, 2), "sat"


def brute_verdict(board: Board, node_cap: int) -> int | None:
    """Answers up to 2 by engine 2; None when its node cap cut it short."""
    res = PUZZLE.brute_count(board, 2, node_cap)
    return None if res.node_capped else min(res.count, 2)


def bank_buckets(p: Params) -> list[tuple[int, int, str]]:
    return [(r, c, g) for r, c in p["sizes"] for g in GRADES]


def bank_boards(p: Params, rows: int, cols: int, grade: str) -> list[tuple[str, Board, tuple[int, ...]]]:
    """The first ``per_bucket`` bank boards of one (size, grade) bucket, with their answers."""
    out = []
    for rec in bank.load("sukoro"):
        if (rec["rows"], rec["cols"], rec["grade"]) == (rows, cols, grade) and len(out) < p["per_bucket"]:
            board = boardio.board_from_json({**rec, "answer": None})
            out.append((rec["id"], board, tuple(int(v or 0) for row in rec["answer"] for v in row)))
    return out


def per_grade(p: Params, results: list[list[Any]]) -> dict[str, list[Any]]:
    """Per-board results of a study planned by bank buckets, gathered by grade (all sizes)."""
    out: dict[str, list[Any]] = {g: [] for g in GRADES}
    for (_, _, g), res in zip(bank_buckets(p), results, strict=True):
        out[g].extend(res)
    return out


def median_cell(values: list[tuple[int, bool]]) -> Any:
    """The median branch count; a lower bound when a capped board is not above it."""
    nodes = sorted(v for v, _ in values)
    med = statistics.median(nodes)
    med = int(med) if med == int(med) else sig(med)
    upper = nodes[len(nodes) // 2]
    return at_least(med) if any(capped and v <= upper for v, capped in values) else med


def solid_is_legal(rows: int, cols: int) -> bool:
    """The rectangle with every cell numbered obeys the rules (checked by rules.py)."""
    board = blank(rows, cols)
    return rules.is_answer(board, tuple(len(nb) for nb in board.grid.orth))


# ---------------------------------------------------------------- 1 blank-board counts

def plan_blank(p: Params, seed: int) -> list[tuple]:
    shapes = [(r, c) for r in range(1, p["rows"] + 1) for c in range(1, p["cols"] + 1)]
    return [("transfer", w) for w in range(1, p["rows"] + 1)] + [
        (eng, r, c) for eng in ("ladder", "brute", "enumerate") for r, c in shapes
        if r * c <= p[f"{eng}_cells"]]


def work_blank(p: Params, seed: int, kind: str, *shape: int) -> Any:
    """The transfer matrix of one width for every length, or one shape recounted by engine 1,
    engine 2 or the enumerator (the enumerator also gives the most numbered cells)."""
    if kind == "transfer":
        return transfer_counts(shape[0], p["cols"])
    if kind == "enumerate":
        answers = all_answers(*shape)
        return [len(answers), int((answers > 0).sum(axis=1).max()) if len(answers) else -1]
    count, capped = blank_count(*shape, kind)
    if capped:
        raise RuntimeError(f"{kind} capped on the blank {size_name(*shape)} board")
    return count


def reduce_blank(p: Params, seed: int, results: list[Any]) -> Figures:
    R, C = p["rows"], p["cols"]
    got: dict[tuple, Any] = {}
    for job, res in zip(plan_blank(p, seed), results, strict=True):
        if job[0] == "transfer":
            for c, (count, most) in enumerate(res, 1):
                got["transfer", job[1], c] = count
                got["most", job[1], c] = most if count else None
        else:
            got[job] = res
    heads = [f"{r} row{'s' if r > 1 else ''}" for r in range(1, R + 1)]
    n = {(r, c): got["transfer", r, c] for r in range(1, R + 1) for c in range(1, C + 1)}
    counts = [[c, *(n[r, c] for r in range(1, R + 1))] for c in range(1, C + 1)]
    growth = [[c, *(sig(n[r, c] / n[r, c - 1]) if n[r, c - 1] else None for r in range(1, R + 1))]
              for c in range(2, C + 1)]
    most = [[c, *(got["most", r, c] for r in range(1, R + 1))] for c in range(1, C + 1)]
    cover = [[c, *(None if got["most", r, c] is None else sig(got["most", r, c] / (r * c))
                   for r in range(1, R + 1))] for c in range(1, C + 1)]
    fillable = [size_name(r, c) for r in range(1, R + 1) for c in range(1, C + 1)
                if got["most", r, c] == r * c]
    recount = []
    for r in range(1, R + 1):
        for c in range(1, C + 1):
            again = [got.get((e, r, c)) for e in ("ladder", "brute", "enumerate")]
            if any(v is not None for v in again):
                enum = again[2] or [None, None]
                recount.append([size_name(r, c), got["transfer", r, c], again[0], again[1], enum[0],
                                got["most", r, c], enum[1] if enum[0] else None])
    return {
        "counts": figure("exact", table(["columns", *heads], counts),
                         title=f"Answers of the blank R x C board, R = 1..{R}, C = 1..{C} (transfer matrix)",
                         note="every count exact: a transfer matrix over the row frontier (no answer is "
                              "enumerated); small shapes recounted by engines 1 and 2 (table recount)"),
        "growth": figure("exact", table(["columns", *heads], growth),
                         title="Counts growth: the factor the answer count gains from one more column "
                               "(None after a zero count)",
                         plot=plot("line", "columns", heads, ylabel="count(C) / count(C - 1)")),
        "most_cells": figure("exact", table(["columns", *heads], most),
                             title="Most numbered cells an answer of the blank R x C board can have "
                                   "(None: no answer)"),
        "cover": figure("exact", table(["columns", *heads], cover),
                        title="Largest share of cells an answer can number on each rectangle",
                        plot=plot("line", "columns", heads, ylabel="share of cells")),
        "fillable": figure("exact", fillable, title="Rectangles an answer can fill completely"),
        "recount": figure("exact", table(["board", "transfer matrix", "engine 1 (ladder)", "engine 2 (brute)",
                                          "enumerated", "most cells (transfer)", "most cells (enumerated)"],
                                         recount),
                          title="Blank-board counts recounted by engine 1 (R*C <= "
                                f"{p['ladder_cells']}), engine 2 (R*C <= {p['brute_cells']}) and the "
                                f"answer enumerator (R*C <= {p['enumerate_cells']})"),
    }


def check_blank(p: Params, figures: Figures) -> list[str]:
    out = []
    rows = figures["counts"]["value"]["rows"]
    count = {(r, c[0]): v for c in rows for r, v in enumerate(c[1:], 1)}
    for r, want in KNOWN.items():
        for c, w in enumerate(want, 1):
            if (r, c) in count and count[r, c] != w:
                out.append(f"blank {size_name(r, c)}: {count[r, c]} answers, the spec says {w}")
    for (r, c), v in count.items():
        if r == 1 and v != max(c - 2, 0):
            out.append(f"1x{c} strip has {v} answers, not n - 2")
        if (c, r) in count and count[c, r] != v:
            out.append(f"{size_name(r, c)} has {v} answers but its transpose {count[c, r]}")
    brute = {row[0] for row in figures["recount"]["value"]["rows"] if row[3] is not None}
    missing = [size_name(r, c) for r, c in count if r <= 4 and c <= 4 and size_name(r, c) not in brute]
    if missing:
        out.append(f"blank boards up to 4x4 not recounted by engine 2: {missing}")
    for row in figures["recount"]["value"]["rows"]:
        if len({v for v in row[1:5] if v is not None}) > 1:
            out.append(f"blank {row[0]}: engines disagree {row[1:5]}")
        if row[6] is not None and row[5] != row[6]:
            out.append(f"blank {row[0]}: most cells {row[5]} by transfer, {row[6]} enumerated")
    fill = set(figures["fillable"]["value"])
    for r, c in count:
        if (size_name(r, c) in fill) != solid_is_legal(r, c):
            out.append(f"{size_name(r, c)}: fillable is {size_name(r, c) in fill}, rules.py disagrees")
    return out


# ---------------------------------------------------------------- 2 the print-everything lemma

def plan_chunks(p: Params, seed: int) -> list[tuple]:
    step, n = p["chunk"], p["answers"]
    return [(a, min(a + step, n)) for a in range(0, n, step)]


def work_lemma(p: Params, seed: int, start: int, stop: int) -> list[dict[str, Any]]:
    """Random answers printed in full, counted with every rule (engines 1 and 2) and with
    connectivity off (engine 1 without the conn rung); a rival is checked by rules.py."""
    lo, hi = p["sides"]
    out = []
    for k in range(start, stop):
        g = rng(seed, "lemma", k)
        rows, cols = g.randint(lo, hi), g.randint(lo, hi)
        answer = generate.random_answer(rows, cols, g)
        board = printed(rows, cols, answer)
        strict = ladder_count(board, node_cap=p["node_cap"])
        brute = PUZZLE.brute_count(board, 2, p["node_cap"])
        loose = ladder_count(board, ("deg", "neq"), node_cap=p["node_cap"], dropped=("connected",))
        found = [PUZZLE.answer_from_state(board, d) for d in loose.answers]
        rival = next((a for a in found if a != answer), None)
        rival_ok = None
        if rival is not None:
            broken = {b.rule for b in rules.validate(board, rival)}
            rival_ok = not rules.validate(board, rival, ("connected",)) and broken == {"connected"}
        same = bool(strict.answers) and PUZZLE.answer_from_state(board, strict.answers[0]) == answer
        out.append({"size": [rows, cols], "numbers": sum(map(bool, answer)), "same": same,
                    "strict": [strict.count, strict.node_capped], "brute": [brute.count, brute.node_capped],
                    "loose": [loose.count, loose.node_capped], "rival_ok": rival_ok})
    return out


def reduce_lemma(p: Params, seed: int, results: list[Any]) -> Figures:
    boards = [b for chunk in results for b in chunk]
    n = len(boards)

    def row(rules_: str, eng: str, key: str) -> list[Any]:
        vals = [b[key] for b in boards]
        return [rules_, eng, sum(c == 1 and not cap for c, cap in vals), sum(c >= 2 for c, _ in vals),
                sum(c == 0 and not cap for c, cap in vals), sum(cap and c < 2 for c, cap in vals)]

    rivals = [b for b in boards if b["loose"][0] >= 2]
    lo, hi = p["sides"]
    cols = ["rules", "engine", "unique", "several answers", "no answer", "capped"]
    return {
        "lemma": figure("sample", table(cols,
                                        [row("all rules", "engine 1 (ladder)", "strict"),
                                         row("all rules", "engine 2 (brute)", "brute"),
                                         row("connectivity off", "engine 1 (deg + neq)", "loose")]), n=n,
                        title=f"{n} random answers (sides {lo}..{hi}) printed in full: answers with every "
                              "rule and with rule 3 switched off",
                        note=f"node cap {p['node_cap']}; answers drawn by generate.random_answer"),
        "rivals": figure("sample", table(["boards with a rival", "rivals obeying every rule but connectivity",
                                          "engine 1's answer is not the printed one"],
                                         [[len(rivals), sum(bool(b["rival_ok"]) for b in rivals),
                                           sum(not b["same"] for b in boards)]]), n=n,
                         title="Without rule 3 the lemma fails: each rival is checked by rules.py"),
        "cover": figure("sample", sig(sum(b["numbers"] / (b["size"][0] * b["size"][1]) for b in boards) / n),
                        n=n, title="Mean share of cells the drawn answers number"),
    }


def check_lemma(p: Params, figures: Figures) -> list[str]:
    out = []
    n = p["answers"]
    for r in figures["lemma"]["value"]["rows"]:
        if r[0] == "all rules" and r[2] != n:
            out.append(f"lemma: {r[1]} finds {r[2]} of {n} printed answers unique {r[2:]}")
        if r[4]:
            out.append(f"{r[0]}, {r[1]}: {r[4]} printed answers have no answer")
    rivals, ok, differ = figures["rivals"]["value"]["rows"][0]
    if ok != rivals:
        out.append(f"{rivals - ok} rivals without rule 3 break more than connectivity")
    if differ:
        out.append(f"engine 1 found another answer than the printed one on {differ} boards")
    return out


# ---------------------------------------------------------------- 3 census of every clue set

SHARES = ["impossible share", "ambiguous share", "unique share"]


def plan_census(p: Params, seed: int) -> list[tuple]:
    return [(r, c, k) for r, c, ks in p["boards"] for k in ks]


def census(answers: np.ndarray, k: int) -> tuple[int, int, int]:
    """(impossible, ambiguous, unique) clue sets of k cells with digits 1-4: per choice of
    cells, the answers are binned by their digits there (a pattern with an empty cell is no
    clue set)."""
    weights = 5 ** np.arange(k, dtype=np.int64)
    digits = np.array([[code // 5**j % 5 for j in range(k)] for code in range(5**k)])
    clue_set = (digits > 0).all(axis=1)
    seen = unique = 0
    for cells in combinations(range(answers.shape[1]), k):
        bins = np.bincount(answers[:, list(cells)].astype(np.int64) @ weights, minlength=5**k)[clue_set]
        seen += int((bins > 0).sum())
        unique += int((bins == 1).sum())
    walked = comb(answers.shape[1], k) * 4**k
    return walked - seen, seen - unique, unique


def consistent(answers: np.ndarray, cells: list[int], digits: list[int]) -> int:
    """How many answers hold these digits in these cells (read straight off the answers)."""
    return int(np.all(answers[:, cells] == np.array(digits, dtype=np.int8), axis=1).sum())


def work_census(p: Params, seed: int, rows: int, cols: int, k: int) -> dict[str, Any]:
    """Every clue set of k cells; a sample of random and of true clue sets recounted by engine 1."""
    answers = all_answers(rows, cols)
    impossible, ambiguous, unique = census(answers, k)
    g = rng(seed, "census", rows, cols, k)
    n = rows * cols
    disagree = 0
    for t in range(p["recheck"]):
        if t % 2:
            cells = g.sample(range(n), k)
            digits = [g.randint(1, 4) for _ in cells]
        else:  # a true clue set, so unique and ambiguous ones are rechecked too
            a = answers[g.randrange(len(answers))]
            numbered = [i for i in range(n) if a[i]]
            cells = g.sample(numbered, min(k, len(numbered)))
            digits = [int(a[i]) for i in cells]
        clues: list[int | None] = [None] * n
        for i, d in zip(cells, digits, strict=True):
            clues[i] = d
        res = ladder_count(Board(rows, cols, tuple(clues)))
        disagree += res.node_capped or res.count != min(consistent(answers, cells, digits), 2)
    return {"walked": comb(n, k) * 4**k, "impossible": impossible, "ambiguous": ambiguous, "unique": unique,
            "answers": len(answers), "brute": blank_count(rows, cols, "brute")[0],
            "rechecked": p["recheck"], "disagree": disagree}


def reduce_census(p: Params, seed: int, results: list[Any]) -> Figures:
    rows, again = [], []
    for (r, c, k), res in zip(plan_census(p, seed), results, strict=True):
        w = res["walked"]
        rows.append([f"{size_name(r, c)}, k={k}", size_name(r, c), k, w, res["impossible"], res["ambiguous"],
                     res["unique"], share(res["impossible"], w), share(res["ambiguous"], w),
                     share(res["unique"], w)])
        again.append([size_name(r, c), k, res["answers"], res["brute"], res["rechecked"], res["disagree"]])
    total = sum(r[3] for r in rows)
    return {
        "census": figure("exact", table(["clue sets", "board", "k", "walked", "impossible", "ambiguous",
                                         "unique", *SHARES], rows),
                         title="Every clue set of k cells with a digit 1-4 in each: share with no answer, "
                               "several answers, exactly one",
                         note="boards and k as the spec's examples: 3x4 (k = 1..4), 4x4 (k = 2, 4), 4x5 "
                              "(k = 3), 5x5 (k = 2, 3)",
                         plot=plot("bar", "clue sets", SHARES, ylabel="share of clue sets")),
        "walked": figure("exact", total, title="Clue sets walked in all"),
        "recheck": figure("sample", table(["board", "k", "answers enumerated", "engine 2 (brute) count",
                                           "clue sets recounted by engine 1", "disagreements"], again),
                          n=sum(a[4] for a in again),
                          title="The census's answers against engine 2, and sampled clue sets (half random, "
                                "half true) recounted by engine 1"),
    }


def check_census(p: Params, figures: Figures) -> list[str]:
    out = []
    for row in figures["census"]["value"]["rows"]:
        if sum(row[4:7]) != row[3]:
            out.append(f"{row[0]}: impossible + ambiguous + unique != walked")
    for board, k, answers, brute, _, disagree in figures["recheck"]["value"]["rows"]:
        if answers != brute:
            out.append(f"{board}: {answers} answers enumerated, engine 2 counts {brute}")
        if disagree:
            out.append(f"{board}, k={k}: engine 1 disagrees with the census on {disagree} clue sets")
    return out


# ---------------------------------------------------------------- 4 true clue sets

@njit(cache=True)
def _true_sets(answers: np.ndarray, needs: np.ndarray, total: np.ndarray, unique: np.ndarray) -> None:
    """Per answer a, every subset S of its numbers: S pins a unless some other answer agrees
    with a on S, i.e. S lies inside one of the agreement sets (closed downwards). Writes the
    fewest clues that pin each answer and, per size, the subsets and the pinning ones."""
    n_ans, n = answers.shape
    cells = np.empty(n, dtype=np.int64)
    for a in range(n_ans):
        m = 0
        for i in range(n):
            if answers[a, i]:
                cells[m] = i
                m += 1
        inside = np.zeros(1 << m, dtype=np.bool_)
        for b in range(n_ans):
            if b != a:
                agree = 0
                for j in range(m):
                    if answers[b, cells[j]] == answers[a, cells[j]]:
                        agree |= 1 << j
                inside[agree] = True
        for j in range(m):
            for s in range(1 << m):
                if s >> j & 1 == 0 and inside[s | 1 << j]:
                    inside[s] = True
        best = n + 1
        for s in range(1 << m):
            k = 0
            x = s
            while x:
                x &= x - 1
                k += 1
            total[k] += 1
            if not inside[s]:
                unique[k] += 1
                best = min(best, k)
        needs[a] = best


def fewest_directly(answers: np.ndarray, a: int) -> int:
    """The fewest of answer a's numbers that pin it, by trying subsets in order of size."""
    numbered = [i for i in range(answers.shape[1]) if answers[a, i]]
    for k in range(len(numbered) + 1):
        for cells in combinations(numbered, k):
            if consistent(answers, list(cells), [int(answers[a, i]) for i in cells]) == 1:
                return k
    return answers.shape[1] + 1


def plan_true(p: Params, seed: int) -> list[tuple]:
    return [tuple(b) for b in p["boards"]]


def work_true(p: Params, seed: int, rows: int, cols: int) -> dict[str, Any]:
    """Every subset of every answer's numbers; a sample of answers rechecked by trying subsets
    directly, and their fewest pinning clue sets counted by engine 1."""
    answers = all_answers(rows, cols)
    n = rows * cols
    needs = np.zeros(len(answers), dtype=np.int64)
    total = np.zeros(n + 1, dtype=np.int64)
    unique = np.zeros(n + 1, dtype=np.int64)
    _true_sets(np.asarray(answers), needs, total, unique)
    g = rng(seed, "true", rows, cols)
    disagree = 0
    for a in g.sample(range(len(answers)), min(p["recheck"], len(answers))):
        k = fewest_directly(answers, a)
        disagree += int(k != needs[a])
        numbered = [i for i in range(n) if answers[a, i]]
        for cells in combinations(numbered, k):  # the first pinning set: engine 1 must agree
            digits = [int(answers[a, i]) for i in cells]
            if consistent(answers, list(cells), digits) == 1:
                clues = [None] * n
                for i, d in zip(cells, digits, strict=True):
                    clues[i] = d
                disagree += int(ladder_count(Board(rows, cols, tuple(clues))).count != 1)
                break
    full = [int((answers[a] > 0).sum()) for a in range(len(answers))]
    return {"answers": len(answers), "needs": needs.tolist(), "numbers": full, "total": total.tolist(),
            "unique": unique.tolist(), "rechecked": min(p["recheck"], len(answers)), "disagree": disagree}


def reduce_true(p: Params, seed: int, results: list[Any]) -> Figures:
    names = [size_name(r, c) for r, c in p["boards"]]
    rows, again = [], []
    for name, res in zip(names, results, strict=True):
        needs = res["needs"]
        walked, pinned = sum(res["total"]), sum(res["unique"])
        rows.append([name, res["answers"], walked, pinned, share(pinned, walked), min(needs),
                     statistics.median(needs), max(needs)])
        again.append([name, res["rechecked"], res["disagree"]])
    top = max(max(r["needs"]) for r in results)
    hist = [[k, *(r["needs"].count(k) for r in results)] for k in range(top + 1)]
    top_k = max(len(r["total"]) for r in results)
    by_k = [[k, *(share(r["unique"][k], r["total"][k]) if k < len(r["total"]) else None for r in results)]
            for k in range(top_k)]
    by_k = [row for row in by_k if any(v is not None for v in row[1:])]
    return {
        "true_sets": figure("exact", table(["board", "answers", "true clue sets", "unique", "unique share",
                                            "fewest clues that ever work", "median needed", "worst needed"],
                                           rows),
                            title="Every subset of every answer's numbers as a clue set: the fewest clues "
                                  "that pin some answer, and the median and worst an answer needs",
                            note="an answer needs the size of its smallest pinning subset; clue sets are "
                                 "counted once per (answer, subset)"),
        "needed": figure("exact", table(["clues needed", *names], hist),
                         title="Answers by the fewest of their own numbers that pin them",
                         plot=plot("bar", "clues needed", names, ylabel="answers")),
        "unique_by_size": figure("exact", table(["clues", *names], by_k),
                                 title="Share of true clue sets of each size that pin their answer",
                                 plot=plot("line", "clues", names, ylabel="share unique")),
        "recheck": figure("sample", table(["board", "answers rechecked", "disagreements"], again),
                          n=sum(a[1] for a in again),
                          title="Sampled answers: fewest pinning clues found again by trying subsets in "
                                "order, and that clue set counted unique by engine 1"),
    }


def check_true(p: Params, figures: Figures) -> list[str]:
    out = []
    for name, _, walked, pinned, _, fewest, _, worst in figures["true_sets"]["value"]["rows"]:
        if not 0 <= fewest <= worst or pinned > walked:
            out.append(f"{name}: fewest {fewest}, worst {worst}, unique {pinned} of {walked}")
    top = {size_name(r, c): r * c for r, c in p["boards"]}
    for name, _, _, _, _, _, _, worst in figures["true_sets"]["value"]["rows"]:
        if worst > top[name]:
            out.append(f"{name}: an answer is not pinned by all its numbers (the lemma fails)")
    for name, _, disagree in figures["recheck"]["value"]["rows"]:
        if disagree:
            out.append(f"{name}: {disagree} rechecks disagree")
    return out


# ---------------------------------------------------------------- 5 scaling

def clue_counts(p: Params, rows: int, cols: int) -> list[int]:
    return sorted({max(1, round(f * rows * cols)) for f in p["shares"]})


def plan_scaling(p: Params, seed: int) -> list[tuple]:
    return [(r, c, k) for r, c in p["sizes"] for k in clue_counts(p, r, c)]


def work_scaling(p: Params, seed: int, rows: int, cols: int, k: int) -> dict[str, Any]:
    """``samples`` random clue sets of k cells and ``samples`` random k-subsets of a fresh
    random answer's numbers: answers up to 2 each."""
    g = rng(seed, "scaling", rows, cols, k)
    n = rows * cols
    out: dict[str, Any] = {"random": [0, 0, 0], "true": [0, 0, 0], "sat": 0, "redrawn": 0}
    for _ in range(p["samples"]):
        clues: list[int | None] = [None] * n
        for i in g.sample(range(n), k):
            clues[i] = g.randint(1, 4)
        count, how = verdict(Board(rows, cols, tuple(clues)), p["node_cap"])
        out["random"][count] += 1
        out["sat"] += how == "sat"
        answer = generate.random_answer(rows, cols, g)
        while sum(map(bool, answer)) < k:
            out["redrawn"] += 1
            answer = generate.random_answer(rows, cols, g)
        clues = [None] * n
        for i in g.sample([i for i in range(n) if answer[i]], k):
            clues[i] = answer[i]
        count, how = verdict(Board(rows, cols, tuple(clues)), p["node_cap"])
        out["true"][count] += 1
        out["sat"] += how == "sat"
    return out


def reduce_scaling(p: Params, seed: int, results: list[Any]) -> Figures:
    n = p["samples"]
    per: dict[str, list[list[Any]]] = {}
    engines = []
    for (r, c, k), res in zip(plan_scaling(p, seed), results, strict=True):
        rnd, tru = res["random"], res["true"]
        per.setdefault(size_name(r, c), []).append(
            [k, sig(k / (r * c)), share(rnd[0], n), share(rnd[2], n), share(rnd[1], n),
             share(tru[0], n), share(tru[2], n), share(tru[1], n)])
        engines.append([size_name(r, c), k, 2 * n, res["sat"], res["redrawn"]])
    cols = ["clues", "share of cells", "random: no answer", "random: several", "random: unique",
            "true: no answer", "true: several", "true: unique"]
    figures = {f"scaling_{name}": figure(
        "sample", table(cols, rows), n=n,
        title=f"{name}: {n} random clue sets and {n} random subsets of a random answer's numbers per clue "
              "count, share with no answer, several answers, exactly one",
        note=f"clue counts: shares {p['shares']} of the cells (our choice for the spec's 'several')",
        plot=plot("line", "clues", ["random: unique", "true: unique", "random: no answer"], ylabel="share"))
        for name, rows in per.items()}
    how = ["size", "clues", "boards counted", f"settled by SAT (engine 1 past {p['node_cap']} nodes)",
           "answers redrawn (too few numbers)"]
    figures["engines"] = figure("sample", table(how, engines), n=2 * n,
                                title="How the scaling verdicts were reached")
    return figures


def check_scaling(p: Params, figures: Figures) -> list[str]:
    out = []
    for name, fig in figures.items():
        if name.startswith("scaling_"):
            for row in fig["value"]["rows"]:
                if row[5]:
                    out.append(f"{name}, {row[0]} clues: a subset of an answer's numbers has no answer")
    return out


# ---------------------------------------------------------------- 6 what the number is worth

VARIANTS = ("digits", "marks", "shape", "all digits")


def variant(board: Board, answer: tuple[int, ...], name: str) -> Board:
    """The shipped clues; the same cells as bare marks; every answer cell marked; every number."""
    if name == "digits":
        return board
    if name == "marks":
        return Board(board.rows, board.cols, tuple(None if v is None else MARK for v in board.clues))
    return printed(board.rows, board.cols, answer, mark=name == "shape")


def work_worth(p: Params, seed: int, rows: int, cols: int, grade: str) -> list[dict[str, Any]]:
    """Each bank board of the bucket under the four printings, counted by engines 1 and 2."""
    out = []
    for _, board, answer in bank_boards(p, rows, cols, grade):
        out.append({v: [verdict(variant(board, answer, v), p["node_cap"])[0],
                        brute_verdict(variant(board, answer, v), p["brute_cap"])] for v in VARIANTS})
    return out


def reduce_worth(p: Params, seed: int, results: list[Any]) -> Figures:
    by_size: dict[str, list[dict[str, Any]]] = {}
    for (r, c, _), res in zip(bank_buckets(p), results, strict=True):
        by_size.setdefault(size_name(r, c), []).extend(res)
    rows, agree = [], []
    for name, boards in by_size.items():
        rows.append([name, len(boards), *(sum(b[v][0] == 1 for b in boards) for v in VARIANTS)])
        agree.append([name, *(sum(b[v][0] != b[v][1] for b in boards) for v in VARIANTS)])
    return {
        "unique": figure("exact", table(["size", "boards", *VARIANTS], rows),
                         title="Bank boards that stay unique: shipped clues with digits, the same cells as "
                               "bare 'numbered' marks, every answer cell marked without digits, every "
                               "number printed",
                         plot=plot("bar", "size", list(VARIANTS), ylabel="unique boards")),
        "engines": figure("exact", table(["size", *(f"{v}: engines disagree" for v in VARIANTS)], agree),
                          title="Boards whose verdict (answers up to 2) differs between engine 1 (SAT past "
                                "its node cap) and engine 2 (a capped engine 2 counts as a disagreement)",
                          note=f"node caps: engine 1 {p['node_cap']} branch points, engine 2 "
                               f"{p['brute_cap']} bit assignments"),
    }


def check_worth(p: Params, figures: Figures) -> list[str]:
    out = []
    for name, boards, digits, _, _, every in figures["unique"]["value"]["rows"]:
        if digits != boards or every != boards:
            out.append(f"{name}: {boards} boards, {digits} unique as shipped, {every} with every number")
    for row in figures["engines"]["value"]["rows"]:
        if any(row[1:]):
            out.append(f"{row[0]}: engines disagree {row[1:]}")
    return out


# ---------------------------------------------------------------- 7 dropping rules

def work_relaxed(p: Params, seed: int, rows: int, cols: int, grade: str) -> list[dict[str, Any]]:
    """Each bank board counted (up to 2) with rules switched off; a rival must obey the
    remaining rules and break a dropped one (rules.py), the one answer must be the intended."""
    out = []
    for _, board, answer in bank_boards(p, rows, cols, grade):
        rec = {}
        for name, (dropped, names) in RELAXED.items():
            res = ladder_count(board, names, node_cap=p["node_cap"], dropped=dropped)
            found = [PUZZLE.answer_from_state(board, d) for d in res.answers]
            ok = not rules.validate(board, answer, dropped)  # relaxing keeps the intended answer
            if res.count == 1 and not res.node_capped:
                ok &= found[0] == answer
            for other in (a for a in found if a != answer):
                broken = {b.rule for b in rules.validate(board, other)}
                ok &= not rules.validate(board, other, dropped) and bool(broken) and broken <= set(dropped)
            rec[name] = [res.count, res.node_capped, ok]
        out.append(rec)
    return out


def reduce_relaxed(p: Params, seed: int, results: list[Any]) -> Figures:
    by_size: dict[str, list[dict[str, Any]]] = {}
    for (r, c, _), res in zip(bank_buckets(p), results, strict=True):
        by_size.setdefault(size_name(r, c), []).extend(res)
    rows = []
    capped = 0
    for name, boards in by_size.items():
        for rule in RELAXED:
            vals = [b[rule] for b in boards]
            capped += sum(v[1] and v[0] < 2 for v in vals)
            rows.append([name, rule, len(vals), sum(v[0] == 1 and not v[1] for v in vals),
                         sum(v[0] >= 2 for v in vals), sum(v[0] == 0 and not v[1] for v in vals),
                         sum(v[1] and v[0] < 2 for v in vals), sum(not v[2] for v in vals)])
    by_grade = [[rule, *(sum(b[rule][0] == 1 and not b[rule][1] for b in boards)
                         for boards in per_grade(p, results).values())] for rule in RELAXED]
    return {"by_grade": figure(
        "lower_bound" if capped else "exact", table(["rules", *GRADES], by_grade),
        title="Bank boards still unique with rules dropped, by grade (all sizes)",
        note=f"{p['per_bucket']} boards per size and grade, {len(p['sizes'])} sizes"),
        "relaxed": figure(
        "lower_bound" if capped else "exact",
        table(["size", "rules", "boards", "unique", "several answers", "no answer", "capped",
               "answers failing rules.py"], rows),
        title="Bank boards with a rule dropped (adjacent numbers differ, connectivity, both): boards that "
              "stop being unique, boards left with no answer",
        note=f"engine 1 without the rungs that rely on a dropped rule, node cap {p['node_cap']}; every "
             "answer found is checked by rules.py")}


def check_relaxed(p: Params, figures: Figures) -> list[str]:
    out = []
    for size, rule, boards, unique, _, none, _, failing in figures["relaxed"]["value"]["rows"]:
        if none:
            out.append(f"{size}, {rule}: {none} boards left with no answer")
        if failing:
            out.append(f"{size}, {rule}: {failing} boards whose answers fail rules.py")
        if rule == "all rules" and unique != boards:
            out.append(f"{size}: {boards - unique} bank boards not unique with every rule")
    # deg uses rule 1 alone and neq rules 1-2: a board their fixpoint finishes stays unique
    full = figures["by_grade"]["value"]["rows"][0]
    for rule, *unique in figures["by_grade"]["value"]["rows"]:
        for grade, u, every in zip(GRADES, unique, full[1:], strict=True):
            if u != every and (grade == "deg" or (grade == "neq" and rule == "connected off")):
                out.append(f"{rule}: {every - u} {grade}-grade boards stop being unique")
    return out


# ---------------------------------------------------------------- 8 the ladder

def plan_ladder(p: Params, seed: int) -> list[tuple]:
    return [(r, c, g, j) for r, c, g in bank_buckets(p) for j in range(len(bank_boards(p, r, c, g)))]


def work_ladder(p: Params, seed: int, rows: int, cols: int, grade: str, j: int) -> dict[str, Any]:
    """One bank board: branch points of each level's counting search (limit 2, node cap),
    and the share of unclued cells each level's fixpoint settles from the untouched board."""
    bid, board, _ = bank_boards(p, rows, cols, grade)[j]
    searches = []
    for level in LEVELS:
        res = ladder_count(board, engine.ladder(PUZZLE, level), node_cap=p["node_cap"])
        searches.append([res.nodes, res.node_capped, res.count])
    graded = engine.grade(PUZZLE, board)
    return {"id": bid, "grade": grade, "graded": graded.grade, "search": searches,
            "settled": [graded.settled[lv] for lv in LEVELS]}


def reduce_ladder(p: Params, seed: int, results: list[Any]) -> Figures:
    per_board, capped = [], 0
    for b in results:
        cells = [at_least(n) if cap else n for n, cap, _ in b["search"]]
        capped += sum(cap for _, cap, _ in b["search"])
        settled = [None if s is None else sig(s) for s in b["settled"]]
        per_board.append([b["id"], b["grade"], *cells, *settled])
    sizes = list(dict.fromkeys(b["id"].split("-")[1] for b in results))
    pricing = []
    for i, lv in enumerate(LEVELS):
        row: list[Any] = [lv]
        for s in sizes:
            vals = [(b["search"][i][0], b["search"][i][1]) for b in results if b["id"].split("-")[1] == s]
            capped_here = sum(c for _, c in vals)
            mean, top = sig(statistics.mean(v for v, _ in vals)), max(v for v, _ in vals)
            row += [median_cell(vals), at_least(mean) if capped_here else mean,
                    at_least(top) if capped_here else top, capped_here]
        pricing.append(row)
    grades = list(dict.fromkeys(b["grade"] for b in results))
    settled = [[lv, *(sig(statistics.mean(b["settled"][i] or 0 for b in results if b["grade"] == g))
                      for g in grades), sig(statistics.mean(b["settled"][i] or 0 for b in results))]
               for i, lv in enumerate(LEVELS)]
    kind = "lower_bound" if capped else "exact"
    soundness = [len(results), sum(b["graded"] != b["grade"] for b in results),
                 sum(not cap and c != 1 for b in results for _, cap, c in b["search"]),
                 sum(any(x is None or y is None or y < x
                         for x, y in zip(b["settled"], b["settled"][1:], strict=False)) for b in results)]
    price_cols = ["level", *(f"{s} {w}" for s in sizes for w in ("median", "mean", "max", "capped"))]
    return {
        "pricing": figure(kind, table(price_cols, pricing),
                          title="Ladder pricing: branch points the counting search (limit 2) needs to prove "
                                "the bank boards unique, per level and size",
                          note=f"node cap {p['node_cap']} per board and level; a capped board makes a "
                               "median, mean or max a lower bound (marked); the plot shows the means",
                          plot=plot("bar", "level", [f"{s} mean" for s in sizes], ylabel="mean branch points",
                                    logy=True)),
        "settled": figure("exact", table(["level", *grades, "all"], settled),
                          title="Mean share of unclued cells each level's fixpoint settles from the "
                                "untouched bank board, by the board's grade",
                          plot=plot("line", "level", [*grades, "all"], ylabel="share settled")),
        "per_board": figure(kind, table(["board", "grade", *(f"{lv} nodes" for lv in LEVELS),
                                         *(f"{lv} settled" for lv in LEVELS)], per_board),
                            title="Per bank board: branch points at each level (at_least: capped) and share "
                                  "of unclued cells settled"),
        "soundness": figure("exact", table(["boards", "grade recomputed differs", "uncapped count not 1",
                                            "settled share falls up the ladder"], [soundness]),
                            title="The classifier against the bank's grades and the searches' counts"),
    }


def check_ladder(p: Params, figures: Figures) -> list[str]:
    boards, regraded, not_one, falls = figures["soundness"]["value"]["rows"][0]
    return nonzero((regraded, f"{regraded} of {boards} bank boards grade differently from the bank's record"),
                   (not_one, f"{not_one} uncapped level searches do not count exactly 1 answer"),
                   (falls, f"{falls} boards settle less at a higher level"))


# ---------------------------------------------------------------- 9 digit distribution

def plan_digits(p: Params, seed: int) -> list[tuple]:
    return [("bank",), ("blank",)]


def work_digits(p: Params, seed: int, kind: str) -> dict[str, Any]:
    """Digit counts (index 0: empty cells) of the bank's answers and printed clues, or of every
    answer of the blank board (with engine 2's count of them)."""
    if kind == "blank":
        answers = all_answers(*p["blank"])
        return {"answers": np.bincount(answers.ravel(), minlength=5).tolist(), "count": len(answers),
                "brute": blank_count(*p["blank"], "brute")[0]}
    answers, clues, broken = [0] * 5, [0] * 5, 0
    for r, c, g in bank_buckets(p):
        for _, board, answer in bank_boards(p, r, c, g):
            for v in answer:
                answers[v] += 1
            for v in board.clues:
                clues[v or 0] += v is not None
            broken += bool(rules.validate(board, answer))
    return {"answers": answers, "clues": clues, "broken": broken}


def reduce_digits(p: Params, seed: int, results: list[Any]) -> Figures:
    bank_, blank_ = results
    name = f"blank {size_name(*p['blank'])} answers"
    srcs = {"bank answers": bank_["answers"], "printed clues": bank_["clues"], name: blank_["answers"]}
    rows = [[d, *(share(v[d], sum(v[1:])) for v in srcs.values())] for d in range(1, 5)]
    counts = [[d, *(v[d] for v in srcs.values())] for d in range(5)]
    return {
        "digits": figure("exact", table(["digit", *srcs], rows),
                         title="Digit distribution: share of each digit among the numbers of the bank's "
                               f"answers, the bank's printed clues, and every answer of the blank "
                               f"{size_name(*p['blank'])}",
                         plot=plot("bar", "digit", list(srcs), ylabel="share of numbers")),
        "counts": figure("exact", table(["digit (0: empty cell)", *srcs], counts),
                         title="The same as counts of cells"),
        "sources": figure("exact", table(["blank answers enumerated", "engine 2 (brute) count",
                                          "bank answers failing rules.py"],
                                         [[blank_["count"], blank_["brute"], bank_["broken"]]]),
                          title="Where the digits come from"),
    }


def check_digits(p: Params, figures: Figures) -> list[str]:
    out = []
    enumerated, brute, broken = figures["sources"]["value"]["rows"][0]
    if enumerated != brute:
        out.append(f"blank {size_name(*p['blank'])}: {enumerated} answers enumerated, engine 2: {brute}")
    if broken:
        out.append(f"{broken} bank answers fail rules.py")
    if figures["counts"]["value"]["rows"][0][2]:
        out.append("a printed clue is empty")
    return out


# ---------------------------------------------------------------- 10 erasing vs moving one clue

def work_erase(p: Params, seed: int, rows: int, cols: int, grade: str) -> list[dict[str, Any]]:
    """Each clue of each bank board erased, and moved (same digit) to a random unclued cell:
    answers up to 2 by engine 1 and by SAT (engine 2 can take minutes on an erased 10x10);
    the intended answer must satisfy every erasure."""
    out = []
    for bid, board, answer in bank_boards(p, rows, cols, grade):
        g = rng(seed, "erase_move", bid)
        free = [i for i, v in enumerate(board.clues) if v is None]
        rec = {"erase": [0, 0, 0], "move": [0, 0, 0], "disagree": 0, "sat_alone": 0, "answer_broken": 0}
        for i, v in enumerate(board.clues):
            if v is None:
                continue
            clues = list(board.clues)
            clues[i] = None
            erased = Board(rows, cols, tuple(clues))
            rec["answer_broken"] += bool(rules.validate(erased, answer))
            clues[g.choice(free)] = v
            for kind, b in (("erase", erased), ("move", Board(rows, cols, tuple(clues)))):
                res = ladder_count(b, node_cap=p["node_cap"])
                sat = min(PUZZLE.sat_count(b, 2, 0).count, 2)
                rec[kind][sat if res.node_capped else min(res.count, 2)] += 1
                rec["sat_alone"] += res.node_capped
                rec["disagree"] += not res.node_capped and min(res.count, 2) != sat
        out.append(rec)
    return out


def reduce_erase(p: Params, seed: int, results: list[Any]) -> Figures:
    by_size: dict[str, list[dict[str, Any]]] = {}
    for (r, c, _), res in zip(bank_buckets(p), results, strict=True):
        by_size.setdefault(size_name(r, c), []).extend(res)
    tallies: dict[str, list[list[Any]]] = {"erase": [], "move": []}
    checks = []
    for name, boards in by_size.items():
        for kind in tallies:
            n = sum(sum(b[kind]) for b in boards)
            none, unique, several = (sum(b[kind][k] for b in boards) for k in range(3))
            tallies[kind].append([name, len(boards), n, none, unique, several,
                                  sum(b[kind][0] > 0 for b in boards), share(unique, n)])
        checks.append([name, sum(b["answer_broken"] for b in boards), sum(b["disagree"] for b in boards),
                       sum(b["sat_alone"] for b in boards)])
    cols = ["size", "boards", "clues", "no answer", "still unique", "several answers",
            "boards made unsolvable", "share still unique"]
    moves = sum(r[2] for r in tallies["move"])
    grades = [[grade, *(sum(b[kind][k] for b in boards) for kind in ("erase", "move") for k in (1, 0))]
              for grade, boards in per_grade(p, results).items()]
    return {
        "by_grade": figure("sample", table(["grade", "erasures still unique", "erasures with no answer",
                                            "moves still unique", "moves with no answer"], grades), n=moves,
                           title="Erasures and moves by the board's grade (all sizes)",
                           note="grade G boards are minimal for level G only; search-grade boards are "
                                "unique-minimal, so no erasure of theirs stays unique"),
        "erasing": figure("exact", table(cols, tallies["erase"]),
                          title="Every clue of every bank board erased in turn: boards made unsolvable, "
                                "boards still unique",
                          plot=plot("bar", "size", ["share still unique"], ylabel="share of erasures")),
        "moving": figure("sample", table(cols, tallies["move"]), n=moves,
                         title="Every clue of every bank board moved in turn (same digit) to a random "
                               "unclued cell: boards made unsolvable, boards still unique",
                         note="one random destination per clue (our choice: the spec names none)"),
        "checks": figure("exact", table(["size", "erasures the intended answer breaks",
                                         "verdicts where engine 1 and SAT disagree",
                                         f"engine 1 past {p['node_cap']} nodes (SAT alone)"], checks),
                         title="The intended answer against every erased board (rules.py), and engine 1 "
                               "against SAT on every verdict"),
    }


def check_erase(p: Params, figures: Figures) -> list[str]:
    out = []
    for row in figures["erasing"]["value"]["rows"]:
        if row[3] or row[6]:
            out.append(f"{row[0]}: erasing a clue made {row[3]} boards unsolvable")
    search = next(r for r in figures["by_grade"]["value"]["rows"] if r[0] == engine.SEARCH)
    if search[1]:
        out.append(f"{search[1]} erasures leave a unique-minimal (search-grade) board unique")
    for name, broken, disagree, _ in figures["checks"]["value"]["rows"]:
        if broken:
            out.append(f"{name}: the intended answer breaks {broken} erased boards")
        if disagree:
            out.append(f"{name}: engine 1 and SAT disagree on {disagree} verdicts")
    return out


# ---------------------------------------------------------------- the studies

BANK_FULL = {"sizes": [[6, 6], [8, 8], [10, 10]], "per_bucket": 8}  # the whole shipped bank
BANK_QUICK = {"sizes": [[6, 6]], "per_bucket": 1}


def plan_buckets(p: Params, seed: int) -> list[tuple]:
    return bank_buckets(p)


STUDIES = [
    Study(1, "blank_counts", "Answers of every blank R x C board (R <= 7, C <= 10), largest covers and "
                             "the rectangles an answer fills",
          {"rows": 7, "cols": 10, "ladder_cells": 30, "brute_cells": 42, "enumerate_cells": 25},
          {"rows": 4, "cols": 10, "ladder_cells": 16, "brute_cells": 16, "enumerate_cells": 12},
          plan_blank, work_blank, reduce_blank, check_blank),
    Study(2, "lemma", "The print-everything lemma on 100 random answers, and its failure without "
                      "connectivity",
          {"answers": 100, "chunk": 10, "sides": [4, 10], "node_cap": 10**6},
          {"answers": 8, "chunk": 4, "sides": [7, 9], "node_cap": 10**6},
          plan_chunks, work_lemma, reduce_lemma, check_lemma),
    Study(3, "census", "Census of every clue set on 3x4, 4x4, 4x5 and 5x5: impossible, ambiguous, unique",
          {"boards": [[3, 4, [1, 2, 3, 4]], [4, 4, [2, 4]], [4, 5, [3]], [5, 5, [2, 3]]], "recheck": 200},
          {"boards": [[3, 4, [1, 2]], [3, 3, [1]]], "recheck": 20},
          plan_census, work_census, reduce_census, check_census),
    Study(4, "true_clue_sets", "True clue sets on 3x4, 3x5, 4x4: fewest clues that ever work, median and "
                               "worst an answer needs",
          {"boards": [[3, 4], [3, 5], [4, 4]], "recheck": 30},
          {"boards": [[3, 3], [3, 4]], "recheck": 5},
          plan_true, work_true, reduce_true, check_true),
    Study(5, "scaling", "Random clue sets vs random subsets of an answer's numbers at 6x6, 8x8, 10x10 for "
                        "clue counts of 5% to 40% of the cells",
          {"sizes": [[6, 6], [8, 8], [10, 10]], "shares": [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4],
           "samples": 1000, "node_cap": 2000},
          {"sizes": [[6, 6]], "shares": [0.1, 0.3], "samples": 10, "node_cap": 2000},
          plan_scaling, work_scaling, reduce_scaling, check_scaling),
    Study(6, "digit_worth", "What the number is worth: bank boards unique with digits, bare marks, the "
                            "marked shape, every number",
          {**BANK_FULL, "node_cap": 10**6, "brute_cap": 10**9},
          {**BANK_QUICK, "node_cap": 10**6, "brute_cap": 10**9},
          plan_buckets, work_worth, reduce_worth, check_worth),
    Study(7, "dropped_rules", "Dropping rules (adjacent-differ, connectivity, both): bank boards that stop "
                              "being unique or lose every answer",
          {**BANK_FULL, "node_cap": 10**6}, {**BANK_QUICK, "node_cap": 10**6},
          plan_buckets, work_relaxed, reduce_relaxed, check_relaxed),
    Study(8, "ladder", "The ladder: branch points to prove each bank board unique per level, and the share "
                       "each level settles",
          {**BANK_FULL, "node_cap": 10**6}, {**BANK_QUICK, "node_cap": 20_000},
          plan_ladder, work_ladder, reduce_ladder, check_ladder),
    Study(9, "digits", "Digit distribution of bank answers, printed clues and every answer of a blank 5x5",
          {**BANK_FULL, "blank": [5, 5]}, {**BANK_QUICK, "blank": [4, 4]},
          plan_digits, work_digits, reduce_digits, check_digits),
    Study(10, "erase_move", "Erasing vs moving one clue of a bank board: boards made unsolvable, boards "
                            "still unique",
          {**BANK_FULL, "node_cap": 10**6}, {**BANK_QUICK, "node_cap": 10**6},
          plan_buckets, work_erase, reduce_erase, check_erase),
]
