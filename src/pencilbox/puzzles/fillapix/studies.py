"""Fill-a-Pix studies (fillapix.md, Studies 1-7): the twin census, exact twin shares
against the solver, the generator's redraws and capped checks, which clues survive, and
the ladder priced on the shipped bank. Every figure is computed; the notes say why."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
from numba import njit

from pencilbox.core import engine
from pencilbox.puzzles.fillapix.generate import NODE_CAP
from pencilbox.puzzles.fillapix.twins import _twin_core
from pencilbox.studies import Figures, Params, Study, at_least, figure, plot, rng, table

RUNGS = ("count", "pair", "probe")
UNIQUE, RIVAL, CAPPED = 0, 1, 2
POSITIONS = ("corner", "edge", "inside")


# ---------------------------------------------------------------- shared helpers

def _sig(x: float | None, digits: int = 4) -> float | None:
    """Round to ``digits`` significant digits, so stats files diff well."""
    if x is None or x == 0 or not math.isfinite(x):
        return x
    return float(f"{x:.{digits}g}")


def _side_kind(h: int, w: int) -> str:
    """Which sides are 2 (mod 3): the kind of grid that decides whether twins exist."""
    k = (h % 3 == 2) + (w % 3 == 2)
    return ("no side", "one side", "both sides")[k]


def _clue_vector(pic: np.ndarray, h: int, w: int) -> tuple[int, ...]:
    """Every clue of a picture, by summing nine shifted copies (shares no code with the
    generator's all_clues or the classifier)."""
    x = np.pad(np.asarray(pic, dtype=np.int64).reshape(h, w), 1)
    s = sum(x[dr:dr + h, dc:dc + w] for dr in range(3) for dc in range(3))
    return tuple(int(v) for v in np.asarray(s).ravel())


def _pictures(seed: int, *key: Any, count: int, cells: int) -> np.ndarray:
    """``count`` fair-coin pictures as rows of 0/1, from the job's seeded generator."""
    gen = np.random.Generator(np.random.PCG64(rng(seed, *key).getrandbits(64)))
    return gen.integers(0, 2, size=(count, cells), dtype=np.int8)


def _mean_se(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and its standard error (0 for fewer than two values)."""
    m = statistics.fmean(xs)
    return m, (statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0)


def _ratio_se(kept: Sequence[int], shown: Sequence[int]) -> tuple[float | None, float | None]:
    """Pooled share sum(kept) / sum(shown) over boards and its standard error with boards
    as clusters (clues of one board are not independent)."""
    total = sum(shown)
    if total == 0:
        return None, None
    p = sum(kept) / total
    n = len(shown)
    if n < 2:
        return p, None
    var = sum((k - p * s) ** 2 for k, s in zip(kept, shown, strict=True)) / (n * (n - 1))
    return p, math.sqrt(var) / (total / n)


def _z(sampled: float, exact: float | None, n: int) -> float | None:
    """How many standard errors a sampled share lies from the exact one."""
    if exact is None or not 0 < exact < 1:
        return None
    return (sampled - exact) / math.sqrt(exact * (1 - exact) / n)


def _exact_shares(h: int, w: int, y_max: int) -> tuple[float, float | None]:
    """Exact twin share with single line flips only, and with the two-block family too
    (None when Y, the pattern part, is larger than y_max on a side: the count is slow)."""
    from pencilbox.puzzles.fillapix import twins
    lines = twins.twin_share(h, w, lines_only=True)
    both = h % 3 == 2 and w % 3 == 2
    if both and max(twins.pattern_size(h), twins.pattern_size(w)) > y_max:
        return lines, None
    return lines, twins.twin_share(h, w)


def _rows_of(fig: dict[str, Any]) -> list[dict[str, Any]]:
    """A table figure's rows as dicts by column name (for the checks)."""
    cols = fig["value"]["columns"]
    return [dict(zip(cols, r, strict=True)) for r in fig["value"]["rows"]]


# ---------------------------------------------------------------- 1. census

def _census_plan(p: Params, seed: int) -> list[tuple]:
    return [(h, w) for h in range(1, p["max_side"] + 1) for w in range(1, p["max_side"] + 1)]


def _census_work(p: Params, seed: int, h: int, w: int) -> dict[str, Any]:
    from pencilbox.puzzles.fillapix import census
    r = census.census(h, w)
    return {k: r[k] for k in ("h", "w", "pictures", "with_twin", "kernel_size", "minimal_vectors",
                              "conformal_minimal", "line_vectors", "twins_not_single_line", "seconds")}


def _census_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    twins_rows, kernel_rows, time_rows = [], [], []
    for r in results:
        tw, nl = r["with_twin"], r["twins_not_single_line"]
        twins_rows.append([r["h"], r["w"], r["pictures"], tw["clues"], tw["kernel"], tw["classifier"],
                           tw["closed_form"], _sig(tw["closed_form"] / r["pictures"])])
        kernel_rows.append([r["h"], r["w"], r["kernel_size"], r["minimal_vectors"], r["conformal_minimal"],
                            r["line_vectors"], nl["kernel"], nl["classifier"], nl["closed_form"]])
        time_rows.append([r["h"], r["w"], *(round(r["seconds"][m], 3)
                                            for m in ("clues", "kernel", "classifier", "closed_form"))])
    return {
        "twins": figure("exact", table(
            ["h", "w", "pictures", "by_clues", "by_kernel", "by_classifier", "closed_form", "twin_share"],
            twins_rows), note="pictures with a twin, counted four ways (every picture enumerated)"),
        "kernel": figure("exact", table(
            ["h", "w", "ternary_kernel", "minimal_vectors", "conformal_minimal", "line_vectors",
             "not_line_by_kernel", "not_line_by_classifier", "not_line_closed_form"], kernel_rows),
            note="ternary kernel size counts the zero vector; not_line: pictures with a twin but no "
                 "single line flip"),
        "seconds": figure("timing", table(["h", "w", "clues", "kernel", "classifier", "closed_form"],
                                          time_rows), note="seconds per method"),
    }


def _census_check(p: Params, figures: Figures) -> list[str]:
    broken = []
    twins_rows = {(r["h"], r["w"]): r for r in _rows_of(figures["twins"])}
    kernel_rows = {(r["h"], r["w"]): r for r in _rows_of(figures["kernel"])}
    for (h, w), r in twins_rows.items():
        ways = {r["by_clues"], r["by_kernel"], r["by_classifier"], r["closed_form"]}
        if len(ways) != 1:
            broken.append(f"{h}x{w}: the four twin counts differ: {sorted(ways)}")
        k = kernel_rows[h, w]
        if len({k["not_line_by_kernel"], k["not_line_by_classifier"], k["not_line_closed_form"]}) != 1:
            broken.append(f"{h}x{w}: the three counts of twins without a single line flip differ")
        kind = _side_kind(h, w)
        if kind == "no side" and (r["closed_form"] != 0 or k["ternary_kernel"] != 1):
            broken.append(f"{h}x{w}: no side is 2 mod 3 yet twins or kernel vectors exist")
        if kind == "one side":
            other = w if h % 3 == 2 else h
            if k["ternary_kernel"] != 3 ** other:
                broken.append(f"{h}x{w}: one side 2 mod 3 but the ternary kernel is not 3^{other}")
            if k["not_line_closed_form"] != 0:
                broken.append(f"{h}x{w}: one side 2 mod 3 but twins beyond single line flips")
        if (w, h) in twins_rows and twins_rows[w, h]["closed_form"] != r["closed_form"]:
            broken.append(f"{h}x{w} and {w}x{h} differ")
    return broken


# ---------------------------------------------------------------- 2. twin shares

def twin_grids(top: int = 11, squares: Sequence[int] = (14, 17, 20)) -> list[list[int]]:
    """Every h <= w grid from 2 to ``top`` with a side 2 (mod 3), and larger squares
    (h x w and w x h have the same share: transposing is a bijection)."""
    grids = [[h, w] for h in range(2, top + 1) for w in range(h, top + 1) if h % 3 == 2 or w % 3 == 2]
    return grids + [[n, n] for n in squares]


def _shares_plan(p: Params, seed: int) -> list[tuple]:
    return [("grid", h, w) for h, w in p["grids"]] + [("y", p["brute_y"])]


def _shares_work(p: Params, seed: int, what: str, *args: int) -> dict[str, Any]:
    if what == "y":
        return {"y": _y_counts(args[0])}
    h, w = args
    return _twins_against_solver(p, seed, h, w)


def _twins_against_solver(p: Params, seed: int, h: int, w: int) -> dict[str, Any]:
    """Classifier and solver on random pictures with every clue shown: a twin found iff
    the uniqueness count (limit 2) finds two answers."""
    from pencilbox.puzzles.fillapix import PUZZLE, twins
    from pencilbox.puzzles.fillapix.board import Board
    kinds = [0, 0, 0, 0]
    out = {"h": h, "w": w, "solver_two": 0, "disagree": 0, "bad_twin": 0, "complement": 0, "capped": 0}
    for x in _pictures(seed, "twin_shares", h, w, count=p["pictures"], cells=h * w):
        pic = [int(v) for v in x]
        kind, d = twins.twin_vector(pic, h, w)
        kinds[kind] += 1
        clues = _clue_vector(x, h, w)
        res = engine.count(PUZZLE, Board(h, w, clues), limit=2)
        out["solver_two"] += res.count >= 2
        out["capped"] += res.node_capped
        out["disagree"] += (kind != twins.NONE) != (res.count >= 2) or res.node_capped
        if d is not None:
            twin = np.array(pic) + np.array(d)
            out["bad_twin"] += bool(((twin < 0) | (twin > 1)).any()) or _clue_vector(twin, h, w) != clues
        other = twins.twin_vector([1 - v for v in pic], h, w)[0]
        out["complement"] += (other == twins.NONE) != (kind == twins.NONE)
    lines, full = _exact_shares(h, w, p["y_max"])
    return {**out, "kinds": kinds, "lines_only": lines, "with_two_block": full}


def _y_counts(top: int) -> list[list[int]]:
    """Y matrices (m x n, up to top x top) with no constant line and with no split either:
    the closed form and the row-by-row count against every matrix."""
    from pencilbox.puzzles.fillapix import twins
    rows = []
    for m in range(1, top + 1):
        for n in range(1, top + 1):
            full = (1 << n) - 1
            codes = np.arange(1 << (m * n), dtype=np.int64)
            ys = [(codes >> (n * i)) & full for i in range(m)]
            anded = np.bitwise_and.reduce(ys)
            ored = np.bitwise_or.reduce(ys)
            no_line = (anded == 0) & (ored == full)
            for y in ys:
                no_line &= (y != 0) & (y != full)
            split = np.zeros_like(no_line)
            for j in range(1, full):  # every proper nonempty J
                fits = np.ones_like(no_line)
                for y in ys:
                    fits &= ((y & j) == 0) | ((y | j) == full)
                split |= fits
            rows.append([m, n, twins.a283624(m, n), int(no_line.sum()), twins.no_split_count(m, n),
                         int((no_line & ~split).sum())])
    return rows


def _shares_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    n = p["pictures"]
    grid_rows, square_rows = [], []
    for r in results:
        if "y" in r:
            continue
        twins_found = n - r["kinds"][0]
        share = twins_found / n
        grid_rows.append([r["h"], r["w"], _side_kind(r["h"], r["w"]), _sig(r["lines_only"]),
                          _sig(r["with_two_block"]), _sig(share), _sig(math.sqrt(share * (1 - share) / n)),
                          _sig(_z(share, r["with_two_block"], n), 3), r["kinds"][3], r["solver_two"],
                          r["bad_twin"], r["complement"], r["disagree"]])
        if r["h"] == r["w"]:
            square_rows.append([r["h"], _sig(r["lines_only"]), _sig(r["with_two_block"]), _sig(share)])
    y = next(r["y"] for r in results if "y" in r)
    pictures = n * len(grid_rows)
    return {
        "twin_share": figure("sample", table(
            ["h", "w", "sides_2_mod_3", "exact_lines_only", "exact_with_two_block", "sampled", "se", "z",
             "sampled_two_block_only", "solver_two_answers", "bad_twins", "complement_differs",
             "disagreements"], grid_rows), n=n,
            note=f"grids with a side 2 mod 3 (h <= w: h x w and w x h have the same share); {n} "
                 "fair-coin pictures per grid, every clue shown; exact_with_two_block only while Y is at "
                 f"most {p['y_max']}x{p['y_max']} (else null); "
                 "z: sampled against exact, in standard errors; bad_twins: twin vectors whose picture "
                 "breaks a clue; complement_differs: pictures whose complement gets the other verdict; "
                 "disagreements: classifier and solver (a capped count counts as one)"),
        "square_share": figure("sample", table(
            ["n", "exact_lines_only", "exact_with_two_block", "sampled"], square_rows), n=n,
            plot=plot("line", "n", ["exact_lines_only", "exact_with_two_block", "sampled"],
                      xlabel="n (n x n grid, n = 2 mod 3)", ylabel="share of pictures with a twin"),
            note="exact columns are exact; sampled from the pictures of twin_share"),
        "pictures_checked": figure("sample", pictures, n=pictures,
                                   note="pictures where classifier and solver were compared"),
        "disagreements": figure("sample", sum(r[-1] for r in grid_rows), n=pictures),
        "y_matrix_counts": figure("exact", table(
            ["m", "n", "no_constant_line", "brute_no_constant_line", "no_split", "brute_no_split"], y),
            note="Y: the recoloured pattern part; no_constant_line is A283624 (square) / A283654"),
    }


def _shares_check(p: Params, figures: Figures) -> list[str]:
    broken = []
    for r in _rows_of(figures["twin_share"]):
        g = f"{r['h']}x{r['w']}"
        if r["disagreements"]:
            broken.append(f"{g}: classifier and solver disagree on {r['disagreements']} pictures")
        if r["bad_twins"] or r["complement_differs"]:
            broken.append(f"{g}: {r['bad_twins']} twins are not twins, {r['complement_differs']} complements "
                          "disagree")
        if r["sides_2_mod_3"] != "both sides" and r["sampled_two_block_only"]:
            broken.append(f"{g}: a two-block twin with only one side 2 mod 3")
        if r["exact_with_two_block"] is not None and r["exact_with_two_block"] < r["exact_lines_only"]:
            broken.append(f"{g}: the two-block family lowers the exact share")
    for r in _rows_of(figures["y_matrix_counts"]):
        if r["no_constant_line"] != r["brute_no_constant_line"] or r["no_split"] != r["brute_no_split"]:
            broken.append(f"Y {r['m']}x{r['n']}: exact counts differ from brute force")
    return broken


# ---------------------------------------------------------------- 3. no second answer

def _unique_grids(p: Params) -> list[tuple[int, int]]:
    sides = p["sides"]
    return [(h, w) for h in sides for w in sides if h <= w] + [(n, n) for n in p["squares"]]


def _unique_plan(p: Params, seed: int) -> list[tuple]:
    return _unique_grids(p)


def _unique_work(p: Params, seed: int, h: int, w: int) -> dict[str, Any]:
    """Every clue shown on a grid with no side 2 (mod 3): one answer, the picture (the
    ladder's count on all; SAT, which shares no code with it, on the first few)."""
    from pencilbox.puzzles.fillapix import PUZZLE
    from pencilbox.puzzles.fillapix.board import BLANK, PAINT, Board
    out = {"h": h, "w": w, "pictures": 0, "second": 0, "capped": 0, "wrong": 0, "branched": 0,
           "sat_checked": 0, "sat_unique": 0}
    for k, x in enumerate(_pictures(seed, "no_second_answer", h, w, count=p["pictures"], cells=h * w)):
        board = Board(h, w, _clue_vector(x, h, w))
        want = [PAINT if v else BLANK for v in x]
        res = engine.count(PUZZLE, board, limit=2)
        out["pictures"] += 1
        out["second"] += res.count >= 2
        out["capped"] += res.node_capped
        out["wrong"] += res.count == 1 and res.answers[0] != want
        out["branched"] += res.nodes > 0
        if k < p["sat"]:
            sat = PUZZLE.sat_count(board, 2, 10**9)
            out["sat_checked"] += 1
            out["sat_unique"] += sat.count == 1 and sat.answers[0] == want
    return out


def _unique_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    rows = [[r["h"], r["w"], r["pictures"], r["second"], r["capped"], r["wrong"], r["branched"],
             r["sat_checked"], r["sat_unique"]] for r in results]
    total = sum(r["pictures"] for r in results)
    return {
        "checked": figure("sample", table(
            ["h", "w", "pictures", "second_answer", "capped", "wrong_answer", "needed_branching",
             "sat_checked", "sat_unique"], rows), n=total,
            note=f"h <= w with sides {p['sides']} and squares {p['squares']}; {p['pictures']} pictures "
                 f"per grid, every clue shown; SAT confirms the first {p['sat']} per grid"),
        "pictures_checked": figure("sample", total, n=total),
        "second_answers": figure("sample", sum(r["second"] for r in results), n=total),
    }


def _unique_check(p: Params, figures: Figures) -> list[str]:
    broken = []
    for r in _rows_of(figures["checked"]):
        g = f"{r['h']}x{r['w']}"
        if r["second_answer"] or r["capped"] or r["wrong_answer"]:
            broken.append(f"{g}: {r['second_answer']} second answers, {r['capped']} capped, "
                          f"{r['wrong_answer']} answers not the picture")
        if r["sat_unique"] != r["sat_checked"]:
            broken.append(f"{g}: SAT found a second answer or another picture")
    return broken


# ---------------------------------------------------------------- 4. two-block frequency

@njit(cache=True)
def _is_twin_vector(x, d, h, w):
    """d is nonzero, x + d stays 0/1 and every clue of d is zero."""
    nonzero = False
    for i in range(h * w):
        v = x[i] + d[i]
        if v < 0 or v > 1:
            return False
        nonzero |= d[i] != 0
    if not nonzero:
        return False
    for r in range(h):
        for c in range(w):
            s = 0
            for rr in range(max(r - 1, 0), min(r + 2, h)):
                for cc in range(max(c - 1, 0), min(c + 2, w)):
                    s += d[rr * w + cc]
            if s != 0:
                return False
    return True


@njit(cache=True)
def _classify_chunk(pics, h, w, uh, uw, pidx, qidx, z, ifrom, union, cnt, order):
    """Counts by kind (none, column, row, two-block) over a chunk of pictures, and in the
    last slot how many twin vectors failed to be one."""
    counts = np.zeros(5, dtype=np.int64)
    d = np.zeros(h * w, dtype=np.int8)
    for k in range(pics.shape[0]):
        x = pics[k]
        kind = _twin_core(x, d, h, w, uh, uw, pidx, qidx, z, ifrom, union, cnt, order)
        counts[kind] += 1
        if kind != 0:
            if not _is_twin_vector(x, d, h, w):
                counts[4] += 1
            d[:] = 0
    return counts


def _two_block_plan(p: Params, seed: int) -> list[tuple]:
    return [(h, w, k) for h, w in p["grids"] for k in range(p["draws"] // p["chunk"])]


def _two_block_work(p: Params, seed: int, h: int, w: int, k: int) -> list[int]:
    from pencilbox.puzzles.fillapix import twins
    pics = _pictures(seed, "two_block", h, w, k, count=p["chunk"], cells=h * w)
    return [int(v) for v in _classify_chunk(pics, *twins.Workspace(h, w).args())]


def _two_block_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    per = p["draws"] // p["chunk"]
    rows = []
    for g, (h, w) in enumerate(p["grids"]):
        c = np.sum(results[g * per:(g + 1) * per], axis=0)
        n = int(c[:4].sum())
        line, two = int(c[1] + c[2]), int(c[3])
        lines_exact, full_exact = _exact_shares(h, w, p["y_max"])
        two_exact = None if full_exact is None else full_exact - lines_exact
        rows.append([h, w, n, _sig((line + two) / n), _sig(line / n), _sig(lines_exact), two,
                     _sig(two / n), _sig(math.sqrt(two * (n - two) / n) / n), _sig(two_exact),
                     _sig(_z(two / n, two_exact, n), 3), _sig(_z(line / n, lines_exact, n), 3), int(c[4])])
    n = p["draws"]
    return {"two_block": figure("sample", table(
        ["h", "w", "draws", "twin_share", "line_twin_share", "exact_line_share", "two_block_only",
         "two_block_share", "se", "exact_two_block_share", "z_two_block", "z_line", "bad_twin_vectors"],
        rows), n=n,
        note="two_block_only: pictures with a twin but no single line flip (the classifier tries lines "
             f"first); exact only while Y is at most {p['y_max']}x{p['y_max']}; {n} draws per grid")}


def _two_block_check(p: Params, figures: Figures) -> list[str]:
    broken = []
    for r in _rows_of(figures["two_block"]):
        if r["bad_twin_vectors"]:
            broken.append(f"{r['h']}x{r['w']}: {r['bad_twin_vectors']} twin vectors are not twins")
        if _side_kind(r["h"], r["w"]) != "both sides" and r["two_block_only"]:
            broken.append(f"{r['h']}x{r['w']}: two-block twins with a side not 2 mod 3")
    return broken


# ---------------------------------------------------------------- 5. the generator

def _board_seeds(seed: int, name: str, h: int, w: int, k: int, count: int) -> list[int]:
    r = rng(seed, name, h, w, k)
    return [r.randrange(2**31) for _ in range(count)]


def _chunks(p: Params) -> list[tuple]:
    return [(h, w, k, min(p["chunk"], boards - k * p["chunk"]))
            for h, w, boards in p["grids"] for k in range(-(-boards // p["chunk"]))]


def _uniqueness_check(board: Any, avoid: list[int], erased: int, names: tuple[str, ...],
                      node_cap: int) -> int:
    """The generator's check after erasing a clue, as kernel._no_rival does it: split on
    the erased block's open cells, each case a rival search, the cases together node-capped,
    and the fixpoint again after each case. UNIQUE, RIVAL or CAPPED."""
    from pencilbox.puzzles.fillapix import PUZZLE, kernel
    from pencilbox.puzzles.fillapix.board import BOTH
    dom = PUZZLE.kernel.fixpoint(board, [BOTH] * len(avoid), names)
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
        dom = PUZZLE.kernel.fixpoint(board, dom, names)
        if dom is None:
            break  # no rival is left to find
    return UNIQUE


def _verdict(board: Any, recheck_cap: int) -> int:
    """Whether the answer is unique: the ladder's full count up to a node cap, and SAT
    (exact, no cap) where the cap leaves it open. UNIQUE or RIVAL."""
    from pencilbox.puzzles.fillapix import PUZZLE
    status = engine.count(PUZZLE, board, limit=2, node_cap=recheck_cap).status
    if status == "capped":
        status = "unique" if PUZZLE.sat_count(board, 2, 10**9).count == 1 else "multiple"
    return UNIQUE if status == "unique" else RIVAL


def erase_with_verdicts(rows: int, cols: int, seed: int, node_cap: int, recheck_cap: int) -> dict[str, Any]:
    """generate.make's erasure loop in Python, one verdict at a time: the clues it keeps,
    the draws its picture took, and its capped checks (each kept its clue), with how many
    of those clues a full count says could have gone."""
    from pencilbox.puzzles.fillapix import PUZZLE, generate
    from pencilbox.puzzles.fillapix.board import BLANK, PAINT, Board
    r = random.Random(seed)
    pic, draws = generate.picture(rows, cols, r)
    order = list(range(rows * cols))
    r.shuffle(order)
    avoid = [PAINT if v else BLANK for v in pic]
    names = engine.ladder(PUZZLE, PUZZLE.search_level)
    clues: list[int | None] = list(_clue_vector(np.array(pic), rows, cols))
    capped = needless = 0
    for i in order:
        kept, clues[i] = clues[i], None
        now = Board(rows, cols, tuple(clues))
        verdict = _uniqueness_check(now, avoid, i, names, node_cap)
        if verdict == CAPPED:
            capped += 1
            needless += _verdict(now, recheck_cap) == UNIQUE
        if verdict != UNIQUE:
            clues[i] = kept
    return {"pic": pic, "draws": draws, "clues": tuple(clues), "capped": capped, "needless": needless}


def _final_removable(board: Any, recheck_cap: int) -> int:
    """Kept clues whose erasure from the finished board leaves the answer unique (the
    board is locally minimal when there are none)."""
    from pencilbox.puzzles.fillapix.board import Board
    return sum(_verdict(Board(board.rows, board.cols, board.clues[:i] + (None,) + board.clues[i + 1:]),
                        recheck_cap) == UNIQUE for i, v in enumerate(board.clues) if v is not None)


def _generator_plan(p: Params, seed: int) -> list[tuple]:
    return _chunks(p)


def _generator_work(p: Params, seed: int, h: int, w: int, k: int, count: int) -> dict[str, Any]:
    from pencilbox.puzzles.fillapix import PUZZLE, generate, twins
    keys = ("draws", "kept", "painted", "capped", "needless", "final")
    out: dict[str, Any] = {**{key: [] for key in keys}, "same": 0, "unique": 0, "twin_free": 0}
    for s in _board_seeds(seed, "generator", h, w, k, count):
        made = generate.make(h, w, s)
        mine = erase_with_verdicts(h, w, s, p["node_cap"], p["recheck_cap"])
        out["same"] += (mine["clues"], mine["pic"], mine["capped"]) == (made.board.clues, made.answer,
                                                                          made.capped_checks)
        out["unique"] += PUZZLE.sat_count(made.board, 2, 10**9).count == 1
        out["twin_free"] += twins.find_twin(made.answer, h, w) is None
        got = (mine["draws"], made.clues, sum(made.answer), mine["capped"], mine["needless"],
               _final_removable(made.board, p["recheck_cap"]))
        for key, v in zip(keys, got, strict=True):
            out[key].append(v)
    return out


def _merge(results: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for r in results:
        for key, v in r.items():
            out[key] = out.get(key, [] if isinstance(v, list) else 0) + v
    return out


def _by_grid(p: Params, results: list[Any]) -> list[tuple[int, int, dict[str, Any]]]:
    """Job results merged per grid, in the order of p['grids']."""
    groups: dict[tuple[int, int], list[Any]] = {}
    for (h, w, _, _), r in zip(_chunks(p), results, strict=True):
        groups.setdefault((h, w), []).append(r)
    return [(h, w, _merge(groups[h, w])) for h, w, _ in p["grids"]]


def _generator_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    redraws, kept, capped, minimal = [], [], [], []
    total = 0
    for h, w, g in _by_grid(p, results):
        n, cells, kind = len(g["draws"]), h * w, _side_kind(h, w)
        total += n
        lines, full = _exact_shares(h, w, p["y_max"])
        share = lines if full is None else full
        predicted = _sig(share / (1 - share))
        m, se = _mean_se([d - 1 for d in g["draws"]])
        redraws.append([h, w, kind, n, sum(d - 1 for d in g["draws"]), _sig(m), _sig(se),
                        *((predicted, _sig(share)) if full is not None else (at_least(predicted),
                                                                               at_least(_sig(share))))])
        km, kse = _mean_se([c / cells for c in g["kept"]])
        pm, pse = _mean_se([c / cells for c in g["painted"]])
        kept.append([h, w, kind, n, _sig(km), _sig(kse), _sig(pm), _sig(pse)])
        all_kept = sum(g["kept"])
        needless = sum(g["needless"])
        capped.append([h, w, kind, n, n * cells, sum(g["capped"]), _sig(statistics.fmean(g["capped"])),
                       _sig(sum(g["capped"]) / all_kept), needless, _sig(needless / all_kept), g["same"],
                       g["unique"], g["twin_free"]])
        final = sum(g["final"])
        minimal.append([h, w, kind, n, all_kept, final, _sig(final / all_kept), g["final"].count(0)])
    note = f"generate.make on {', '.join(f'{h}x{w} ({b})' for h, w, b in p['grids'])} boards"
    recheck = f"a full count (the ladder up to {p['recheck_cap']} nodes, then SAT, exact)"
    return {
        "redraws": figure("sample", table(
            ["h", "w", "sides_2_mod_3", "boards", "redraws", "mean_redraws", "se", "predicted_mean",
             "twin_share"], redraws), n=total,
            note=note + "; predicted mean = s / (1 - s) for the exact twin share s (draws are geometric); "
                        "where the two-block count is out of reach s is the lines-only share (a lower "
                        "bound)"),
        "clues_kept": figure("sample", table(
            ["h", "w", "sides_2_mod_3", "boards", "kept_share", "se", "painted_share", "painted_se"], kept),
            n=total, note=note + "; painted share is 1/2 in expectation (a picture has a twin iff its "
                                 "complement does)"),
        "capped_checks": figure("sample", table(
            ["h", "w", "sides_2_mod_3", "boards", "erasure_checks", "capped_checks", "capped_per_board",
             "kept_by_cap_share", "capped_but_removable", "removable_share", "same_as_kernel",
             "sat_unique", "twin_free"], capped), n=total,
            note=f"node cap {p['node_cap']} per check (the generator's); every capped check kept its clue; "
                 f"capped_but_removable: {recheck} says the answer stayed unique without it then; shares are "
                 "of kept clues; same_as_kernel: boards where this Python loop equals kernel.minimise (the "
                 "clues kept and the capped checks it counts)"),
        "local_minimality": figure("sample", table(
            ["h", "w", "sides_2_mod_3", "boards", "kept_clues", "removable_from_final", "removable_share",
             "locally_minimal_boards"], minimal), n=total,
            note=f"kept clues whose erasure from the finished board leaves the answer unique, by {recheck}"),
    }


def _generator_check(p: Params, figures: Figures) -> list[str]:
    broken = []
    for r in _rows_of(figures["capped_checks"]):
        g = f"{r['h']}x{r['w']}"
        if r["same_as_kernel"] != r["boards"]:
            broken.append(f"{g}: the Python erasure loop differs from kernel.minimise on "
                          f"{r['boards'] - r['same_as_kernel']} boards")
        if r["sat_unique"] != r["boards"]:
            broken.append(f"{g}: SAT finds a board that is not unique")
        if r["twin_free"] != r["boards"]:
            broken.append(f"{g}: a generated picture has a twin")
        if r["capped_but_removable"] > r["capped_checks"]:
            broken.append(f"{g}: more removable capped clues than capped checks")
    for r in _rows_of(figures["redraws"]):
        if r["sides_2_mod_3"] == "no side" and r["redraws"]:
            broken.append(f"{r['h']}x{r['w']}: redraws on a grid without twins")
    return broken


# ---------------------------------------------------------------- 6. which clues survive

def _position(r: int, c: int, h: int, w: int) -> int:
    """0 corner, 1 edge, 2 inside (index into POSITIONS)."""
    border = (r in (0, h - 1)) + (c in (0, w - 1))
    return 2 - border


def _survival_plan(p: Params, seed: int) -> list[tuple]:
    return _chunks(p)


def _survival_work(p: Params, seed: int, h: int, w: int, k: int, count: int) -> dict[str, Any]:
    """Per board: clues shown and kept by (position, value); a settling clue is 0 or its
    block size, which settles the block alone."""
    from pencilbox.puzzles.fillapix import generate
    shown, kept, bad = [], [], 0
    for s in _board_seeds(seed, "clue_survival", h, w, k, count):
        made = generate.make(h, w, s)
        full = _clue_vector(np.array(made.answer), h, w)
        a = np.zeros((3, 10), dtype=np.int64)
        b = np.zeros((3, 10), dtype=np.int64)
        for i, v in enumerate(full):
            pos = _position(i // w, i % w, h, w)
            a[pos, v] += 1
            got = made.board.clues[i]
            b[pos, v] += got is not None
            bad += got is not None and got != v
        shown.append(a.ravel().tolist())
        kept.append(b.ravel().tolist())
    return {"shown": shown, "kept": kept, "bad": bad}


def _survival_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    grids = _by_grid(p, results)
    names = [f"{h}x{w}" for h, w, _ in grids]
    block = (4, 6, 9)

    def share(g: dict[str, Any], cells: list[int]) -> tuple[float | None, float | None, int]:
        shown = [sum(b[c] for c in cells) for b in g["shown"]]
        kept = [sum(b[c] for c in cells) for b in g["kept"]]
        p_, se = _ratio_se(kept, shown)
        return p_, se, sum(shown)

    pos_rows, alone_rows, value_rows, dist_rows = [], [], [], []
    for (_, _, g), name in zip(grids, names, strict=True):
        for pos, label in enumerate(POSITIONS):
            s, se, n = share(g, [pos * 10 + v for v in range(10)])
            pos_rows.append([name, label, n, _sig(s), _sig(se)])
        settle = [pos * 10 + v for pos in range(3) for v in (0, block[pos])]
        rest = [c for c in range(30) if c not in settle and c % 10 <= block[c // 10]]
        for label, cells in (("settles its block alone", settle), ("the rest", rest)):
            s, se, n = share(g, cells)
            alone_rows.append([name, label, n, _sig(s), _sig(se)])
    for v in range(10):
        row, drow = [v], [v]
        for _, _, g in grids:
            s, se, n = share(g, [pos * 10 + v for pos in range(3)])
            row += [_sig(s), _sig(se), n]
            all_shown = sum(map(sum, g["shown"]))
            all_kept = sum(map(sum, g["kept"]))
            drow += [_sig(sum(b[pos * 10 + v] for b in g["shown"] for pos in range(3)) / all_shown),
                     _sig(sum(b[pos * 10 + v] for b in g["kept"] for pos in range(3)) / all_kept)]
        value_rows.append(row)
        dist_rows.append(drow)
    boards = sum(len(g["shown"]) for _, _, g in grids)
    note = f"generate.make on {', '.join(f'{h}x{w} ({b} boards)' for h, w, b in p['grids'])}; " \
           "standard errors with boards as clusters"
    return {
        "by_position": figure("sample", table(["grid", "position", "clues_shown", "survival", "se"],
                                              pos_rows),
                              n=boards, note=note),
        "by_value": figure("sample", table(
            ["value", *(f"{c}_{n}" for n in names for c in ("survival", "se", "shown"))], value_rows),
            n=boards, note=note, plot=plot("line", "value", [f"survival_{n}" for n in names],
                                           xlabel="clue value", ylabel="share of clues kept")),
        "value_distribution": figure("sample", table(
            ["value", *(f"{c}_{n}" for n in names for c in ("all_clues", "kept_clues"))], dist_rows),
            n=boards, note=note + "; share of all clues (every clue shown) and of kept clues with each value",
            plot=plot("bar", "value", [f"{c}_{n}" for n in names for c in ("all_clues", "kept_clues")],
                      xlabel="clue value", ylabel="share of clues")),
        "settle_alone": figure("sample", table(["grid", "clues", "clues_shown", "survival", "se"],
                                               alone_rows),
                               n=boards, note=note + "; a clue settles its block alone when it is 0 or "
                                                     "its block size (4 corner, 6 edge, 9 inside)"),
        "kept_values_wrong": figure("sample", sum(g["bad"] for _, _, g in grids), n=boards),
    }


def _survival_check(p: Params, figures: Figures) -> list[str]:
    broken = []
    if figures["kept_values_wrong"]["value"]:
        broken.append("a kept clue differs from the picture's clue")
    for r in _rows_of(figures["by_position"]) + _rows_of(figures["settle_alone"]):
        if r["survival"] is not None and not 0 <= r["survival"] <= 1:
            broken.append(f"{r['grid']}: survival {r['survival']} out of [0, 1]")
    return broken


# ---------------------------------------------------------------- 7. the ladder priced on the bank

SEARCHES = {"count+pair": ("count", "pair"), "pair (no count)": ("pair",),
            "count (no pair)": ("count",), "count+pair+probe": ("count", "pair", "probe")}


@lru_cache(maxsize=1)
def _bank() -> tuple[dict[str, Any], ...]:
    from pencilbox import bank
    return tuple(bank.load("fillapix"))


def _ladder_plan(p: Params, seed: int) -> list[tuple]:
    n = len(_bank())
    return [(k,) for k in range(n if p["boards"] is None else min(p["boards"], n))]


def _ladder_work(p: Params, seed: int, k: int) -> dict[str, Any]:
    """One bank board: what each level settles climbing, what the full ladder settles
    without each rung, the grade again, search nodes per rung set, and SAT uniqueness."""
    from pencilbox import boardio
    from pencilbox.puzzles.fillapix import PUZZLE, kernel
    rec = _bank()[k]
    board = boardio.board_from_json(rec)
    n = board.rows * board.cols
    start = [3] * n

    def settled(names: tuple[str, ...]) -> int:
        dom = PUZZLE.kernel.fixpoint(board, start, names)
        return -1 if dom is None else sum(d != 3 for d in dom)

    out: dict[str, Any] = {"size": f"{board.rows}x{board.cols}", "cells": n, "grade": rec["grade"],
                           "regrade": engine.grade(PUZZLE, board).grade}
    out["climb"] = {r: settled(engine.ladder(PUZZLE, r)) for r in RUNGS}
    out["without"] = {r: settled(engine.ladder(PUZZLE, None, off=(r,))) for r in RUNGS}
    out["search"] = {}
    for name, names in SEARCHES.items():
        res = kernel.search(board, start, names, 2, p["node_cap"])
        out["search"][name] = [res.nodes, bool(res.node_capped), res.count]
    sat = PUZZLE.sat_count(board, 2, 10**9)
    out["sat_unique"] = sat.count == 1 and sat.answers[0] == [2 if v else 1 for v in board.answer]
    return out


def _ladder_reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    boards = len(results)
    cells = sum(r["cells"] for r in results)
    full = sum(r["climb"]["probe"] == r["cells"] for r in results)
    full_cells = sum(r["climb"]["probe"] for r in results)
    pricing = []
    before = 0
    for rung in RUNGS:
        climb = sum(r["climb"][rung] == r["cells"] for r in results)
        without = sum(r["without"][rung] == r["cells"] for r in results)
        pricing.append([rung, climb, climb - before, _sig(sum(r["climb"][rung] for r in results) / cells),
                        without, full - without,
                        _sig((full_cells - sum(r["without"][rung] for r in results)) / cells)])
        before = climb
    searched = sum(r["search"]["count+pair+probe"][1:] == [False, 1] for r in results)
    pricing.append([engine.SEARCH, searched, searched - before, _sig(searched and 1.0 * sum(
        r["cells"] for r in results if r["search"]["count+pair+probe"][1:] == [False, 1]) / cells),
        None, None, None])
    sizes = list(dict.fromkeys(r["size"] for r in results))
    by_size = []
    for size in sizes:
        rs = [r for r in results if r["size"] == size]
        by_size.append([size, len(rs), *(sum(r["climb"][g] == r["cells"] for r in rs) for g in RUNGS),
                        *(sum(r["without"][g] == r["cells"] for r in rs) for g in RUNGS)])
    nodes, any_capped = [], False
    for name in SEARCHES:
        for size in [*sizes, "all"]:
            rs = [r["search"][name] for r in results if size in ("all", r["size"])]
            capped = sum(c for _, c, _ in rs)
            any_capped |= capped > 0
            wrap = at_least if capped else _same
            nodes.append([name, size, len(rs), wrap(sum(x for x, _, _ in rs)),
                          wrap(_sig(statistics.median(x for x, _, _ in rs))), wrap(max(x for x, _, _ in rs)),
                          capped])
    grades = [[g, sum(r["grade"] == g for r in results), sum(r["regrade"] == g for r in results)]
              for g in (*RUNGS, engine.SEARCH)]
    uncapped = [c for r in results for _, capped, c in r["search"].values() if not capped]
    sure = [["SAT finds exactly one answer (the bank's picture)", boards,
             sum(r["sat_unique"] for r in results)],
            ["uncapped searches that count exactly one answer", len(uncapped), uncapped.count(1)]]
    return {
        "ladder_pricing": figure("exact", table(
            ["rung", "climb_finished", "climb_gain", "climb_cells", "without_finished", "without_lost",
             "without_cells_lost"], pricing),
            note=f"the whole bank ({boards} boards); climbing: boards (and share of cells) settled with "
                 "every rung up to this one (search: count+pair+probe at every node, uncapped); without: the "
                 "full ladder (count, pair, probe) with this rung off everywhere, inside probe too; lost: "
                 "boards (and share of cells) the full ladder settles and it does not",
            plot=plot("bar", "rung", ["climb_gain", "without_lost"], ylabel="bank boards")),
        "ladder_by_size": figure("exact", table(
            ["size", "boards", *(f"climb_{g}" for g in RUNGS), *(f"without_{g}" for g in RUNGS)], by_size),
            note="boards finished, per size"),
        "search_nodes": figure("lower_bound" if any_capped else "exact", table(
            ["rungs", "size", "boards", "nodes", "median_nodes", "max_nodes", "capped_boards"], nodes),
            note=f"branch points to count answers (limit 2) from the empty board, the rungs at every node; "
                 f"node cap {p['node_cap']} per board (a capped board counts its cap: a lower bound)"),
        "grades": figure("exact", table(["grade", "bank_records", "graded_again"], grades)),
        "uniqueness": figure("exact", table(["property", "boards", "held"], sure)),
    }


def _same(v: Any) -> Any:
    return v


def _ladder_check(p: Params, figures: Figures) -> list[str]:
    broken = []
    grades = {r["grade"]: r for r in _rows_of(figures["grades"])}
    for g, r in grades.items():
        if r["bank_records"] != r["graded_again"]:
            broken.append(f"grade {g}: the bank records {r['bank_records']}, grading again gives "
                          f"{r['graded_again']}")
    finished, last = 0, -1
    for r in _rows_of(figures["ladder_pricing"]):
        finished += grades[r["rung"]]["bank_records"]
        if r["climb_finished"] != finished:
            broken.append(f"climbing to {r['rung']} finishes {r['climb_finished']} boards, the grades say "
                          f"{finished}")
        if r["climb_finished"] < last or (r["without_lost"] or 0) < 0:
            broken.append(f"{r['rung']}: a rung made the ladder settle less")
        last = r["climb_finished"]
    for r in _rows_of(figures["uniqueness"]):
        if r["held"] != r["boards"]:
            broken.append(f"{r['property']}: holds on {r['held']} of {r['boards']}")
    return broken


# ---------------------------------------------------------------- the list

STUDIES = [
    Study(1, "census", "Every picture up to 5x5: twins counted four ways, the ternary kernel and its "
                       "minimal vectors",
          {"max_side": 5}, {"max_side": 3}, _census_plan, _census_work, _census_reduce, _census_check),
    Study(2, "twin_shares", "Exact twin share per grid (every h <= w to 11 with a side 2 mod 3, squares "
                            "to 20) against classifier and solver on 2,000 pictures each",
          {"grids": twin_grids(), "pictures": 2000, "y_max": 6, "brute_y": 4},
          {"grids": [[2, 2], [2, 3], [5, 5], [4, 8]], "pictures": 40, "y_max": 6, "brute_y": 3},
          _shares_plan, _shares_work, _shares_reduce, _shares_check),
    Study(3, "no_second_answer", "Grids with no side 2 mod 3 (h <= w to 13, squares 15 to 30): every clue "
                                 "shown never leaves a second answer",
          {"sides": [1, 3, 4, 6, 7, 9, 10, 12, 13], "squares": [15, 16, 18, 19, 30], "pictures": 2000,
           "sat": 100},
          {"sides": [1, 3, 4], "squares": [6], "pictures": 30, "sat": 5},
          _unique_plan, _unique_work, _unique_reduce, _unique_check),
    Study(4, "two_block", "Two-block twins by sampling: 10^6 draws each at 5x5, 8x8 (exact known), 11x11 "
                          "and 14x14",
          {"grids": [[5, 5], [8, 8], [11, 11], [14, 14]], "draws": 10**6, "chunk": 10**5, "y_max": 6},
          {"grids": [[5, 5], [8, 8]], "draws": 4000, "chunk": 2000, "y_max": 6},
          _two_block_plan, _two_block_work, _two_block_reduce, _two_block_check),
    Study(5, "generator", "The generator per kind of grid (no, one, both sides 2 mod 3; 7-8, 10-11, 19-20): "
                          "redraws, clues kept, painted share, capped checks",
          {"grids": [[7, 7, 300], [7, 8, 300], [8, 8, 300], [10, 10, 300], [10, 11, 300], [11, 11, 300],
                     [19, 19, 30], [19, 20, 30], [20, 20, 30]], "chunk": 10, "node_cap": NODE_CAP,
           "recheck_cap": 20_000, "y_max": 6},
          {"grids": [[4, 4, 2], [4, 5, 2], [13, 13, 2]], "chunk": 2, "node_cap": NODE_CAP,
           "recheck_cap": 20_000, "y_max": 6},
          _generator_plan, _generator_work, _generator_reduce, _generator_check),
    Study(6, "clue_survival", "Which clues the generator keeps (10x10 and 20x20): by position, by value, "
                              "and clues that settle their block alone",
          {"grids": [[10, 10, 1000], [20, 20, 100]], "chunk": 50},
          {"grids": [[6, 6, 6]], "chunk": 3},
          _survival_plan, _survival_work, _survival_reduce, _survival_check),
    Study(7, "ladder_pricing", "The ladder priced on the bank: climbing, leave-one-out, and search nodes "
                               "with and without each cheap rung",
          {"boards": None, "node_cap": 200_000}, {"boards": 4, "node_cap": 2000},
          _ladder_plan, _ladder_work, _ladder_reduce, _ladder_check),
]
