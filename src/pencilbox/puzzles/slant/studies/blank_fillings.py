"""Study 7 (past the seed): the legal fillings of the empty R x C board, counted exactly.

The seed counts one board by hand (2 x 2: 15 fillings, 16 less the diamond). A transfer
matrix over the connectivity of the frontier's lattice points (transfer.py) counts every
R x C board with R, C <= 10 both ways round and the n x n board as far as the study's run
allows; the brute counter (engine 2, no code shared) recounts every board of at most 25
cells. A second, richer transfer (the census) carries every frontier point's degree and
border flag: how the R + C + 1 trees split between the two colours of lattice points, which
clue a point of a uniformly random legal filling shows, and how many trees miss the border
(none: every tree of every filling touches the border)."""

from __future__ import annotations

import math
import time
from typing import Any

from pencilbox.puzzles.slant import PUZZLE
from pencilbox.puzzles.slant.board import Board
from pencilbox.puzzles.slant.studies.common import size_name
from pencilbox.puzzles.slant.studies.transfer import apply, blank_counts, census, tables
from pencilbox.studies import Figures, Job, Params, figure, plot, sig, table

NUMBER = 7
NAME = "blank_fillings"
TITLE = "Legal fillings of the empty R x C board, exactly (transfer matrix), and how their trees split"
# sides: every R x C with R, C <= sides (both ways round); square: n x n for n <= square;
# brute_cells: the brute counter recounts every board of at most that many cells;
# census: the census transfer on n x n for n <= census
FULL = {"sides": 10, "square": 22, "brute_cells": 25, "census": 11}
QUICK = {"sides": 4, "square": 6, "brute_cells": 9, "census": 3}
KNOWN = [2, 15, 384, 32625, 9085440]  # n x n, n = 1..5 (the seed: 2 x 2 = 15, 3 x 3 = 384)
BRUTE_LIMIT = 10**9  # more than any board of 25 cells has (2^25)


def brute_shapes(p: Params) -> list[tuple[int, int]]:
    """Every R x C board of at most ``brute_cells`` cells, both ways round."""
    most = p["brute_cells"]
    return [(r, c) for r in range(1, most + 1) for c in range(1, most // r + 1)]


def lengths(p: Params) -> dict[int, int]:
    """Rows to run at each width: ``sides``, or more where a brute-checked strip is longer."""
    out = {w: p["sides"] for w in range(1, p["sides"] + 1)}
    for r, c in brute_shapes(p):
        w, n = min(r, c), max(r, c)
        out[w] = max(out.get(w, 0), n)
    return out


def plan(p: Params, seed: int) -> list[Job]:
    return [*(("width", w, n) for w, n in sorted(lengths(p).items())),
            *(("square", n) for n in range(1, p["square"] + 1)),
            *(("brute", r, c) for r, c in brute_shapes(p)),
            *(("census", n) for n in range(1, p["census"] + 1))]


def work(p: Params, seed: int, kind: str, *size: int) -> Any:
    """One width of the transfer matrix for every length up to ``size[1]``; one n x n board
    by the transfer matrix, timed; one board by the brute counter; or the census of one
    n x n board."""
    if kind == "width":
        return blank_counts(*size)
    if kind == "square":
        (n,) = size
        t = time.perf_counter()
        tab = tables(n)
        count = apply(tab, n)[-1]
        return {"count": count, "states": tab.states, "moves": sum(len(m.src) for m in tab.cells),
                "s": round(time.perf_counter() - t, 3)}
    if kind == "brute":
        r, c = size
        got = PUZZLE.brute_count(Board(r, c, (None,) * ((r + 1) * (c + 1))), BRUTE_LIMIT, 10**12)
        if got.limit_hit or got.node_capped:
            raise RuntimeError(f"the brute counter stopped early on the empty {size_name(r, c)} board")
        return got.count
    (n,) = size
    cen = census(n, n)
    return {"fillings": cen.fillings, "corner_trees": cen.corner_trees, "degrees": cen.degrees,
            "off_border": cen.off_border}


def _bits(count: int, cells: int) -> float | None:
    return sig(math.log2(count) / cells) if count else None


def _counts_figure(p: Params, by_width: dict[int, list[int]]) -> dict[str, Any]:
    s = p["sides"]
    rows = [[size_name(r, c), by_width[c][r - 1], by_width[r][c - 1], _bits(by_width[c][r - 1], r * c)]
            for r in range(1, s + 1) for c in range(r, s + 1)]
    two = by_width[2][:s] if s >= 2 else []
    recurrence = len(two) >= 3 and all(two[k] == 4 * two[k - 1] - two[k - 2] for k in range(2, len(two)))
    lead = (f"The 1×C strip has 2^C fillings (no loop fits in one row of cells); the counts grow to "
            f"{by_width[s][s - 1]:,} on the empty {size_name(s, s)} board.")
    if recurrence:
        lead += (f" The 2×C boards follow a(C) = 4·a(C−1) − a(C−2) for every C = 3..{s} computed "
                 f"({', '.join(f'{v:,}' for v in two[:5])}, …).")
    return figure("exact", table(["board", "fillings", "the other way round", "bits per cell"], rows),
                  title=f"Legal fillings of the empty R×C board, 1 ≤ R ≤ C ≤ {s} (transfer matrix)",
                  note="each count is exact (Python integers); R×C is computed across its C columns and "
                       "again, the other way round, across its R rows; bits per cell: log2(fillings) / RC",
                  lead=lead)


def _square_figure(p: Params, squares: list[dict[str, Any]]) -> dict[str, Any]:
    n_max = len(squares)
    rows = [[n, q["count"], len(str(q["count"])), _bits(q["count"], n * n), q["states"]]
            for n, q in enumerate(squares, 1)]
    central = all(q["states"] == math.comb(n + 1, (n + 1) // 2) for n, q in enumerate(squares, 1))
    last = rows[-1]
    lead = (f"The empty n×n board has {', '.join(f'{r[1]:,}' for r in rows[:5])} legal fillings for "
            f"n = 1..{min(5, n_max)}; at n = {n_max} it has {last[1]:,} ({last[2]} digits). The bits per "
            f"cell, log2(fillings)/n², fall from {rows[0][3]} at n = 1 to {last[3]} at n = {n_max}.")
    if central:
        lead += (" The frontier meets exactly C(n+1, ⌊(n+1)/2⌋) connectivity states at every n computed: "
                 "the states nearly double from one n to the next (the timing figure shows the work "
                 "growing faster, since each row also has more cells and moves).")
    return figure("exact", table(["n", "fillings", "digits", "bits per cell", "frontier states"], rows),
                  title=f"Legal fillings of the empty n×n board, n = 1..{n_max} (transfer matrix, exact)",
                  note=f"computed for n = 1..{n_max}, where the study's parameters stop (n = {n_max} is the "
                       "largest n whose run fits the study's half-hour budget on a 2-core machine: see the "
                       "timing figure for the time per n and the estimate for the next); the frontier "
                       "states are those met at the widest point of a row",
                  lead=lead, plot=plot("line", "n", ["bits per cell"], ylabel="log2(fillings) / n²"))


def _timing_figure(squares: list[dict[str, Any]]) -> dict[str, Any]:
    rows = [[n, q["s"], q["states"], q["moves"]] for n, q in enumerate(squares, 1)]
    n_max = len(rows)
    # a time rounded to 0.0 (a quick run's small n) gives no growth: left out, not log(0)
    tail = [b[1] / a[1] for a, b in zip(rows[-4:], rows[-3:], strict=False) if a[1] > 0 and b[1] > 0]
    growth = math.exp(sum(math.log(g) for g in tail) / len(tail)) if tail else None
    lead = f"The n = {n_max} board took {rows[-1][1]:.1f} s (tables and all n rows)."
    if growth:
        lead += (f" Over the last sizes the time grows about ×{growth:.2f} per n, so n = {n_max + 1} "
                 f"would take about {rows[-1][1] * growth / 60:.0f} min and about twice the memory: "
                 "that is where the run stops.")
    return figure("timing", table(["n", "seconds", "frontier states", "moves per row"], rows),
                  title="Time of the transfer matrix per n×n board (building the moves, then n rows)",
                  note="wall time of one job on the machine that ran the study, shared with other work",
                  lead=lead, plot=plot("line", "n", ["seconds"], ylabel="seconds", logy=True))


def _recount_figure(p: Params, got: dict[tuple[int, int], int], by_width: dict[int, list[int]]) -> Any:
    rows: list[list[Any]] = []
    for (r, c), brute in sorted(got.items(), key=lambda kv: (kv[0][0] * kv[0][1], kv[0])):
        w, n = min(r, c), max(r, c)
        transfer = by_width[w][n - 1]
        rows.append([size_name(r, c), transfer, brute, transfer == brute])
    agree = sum(r[3] for r in rows)
    return figure("exact", table(["board", "transfer matrix", "brute counter (engine 2)", "same"], rows),
                  title=f"Every empty board of at most {p['brute_cells']} cells, counted by the transfer "
                        "matrix and by the brute counter (no code shared)",
                  lead=f"On all {len(rows)} empty boards of at most {p['brute_cells']} cells (both ways "
                       f"round, up to {max(got.values()):,} fillings) the transfer matrix and the brute "
                       f"counter agree on {agree}.")


def _census_figures(cens: list[dict[str, Any]]) -> Figures:
    n_max = len(cens)
    border = [[size_name(n, n), c["fillings"], 2 * n + 1, c["off_border"]] for n, c in enumerate(cens, 1)]
    split = []
    for n, c in enumerate(cens, 1):
        for k, v in enumerate(c["corner_trees"]):
            if v:
                split.append([size_name(n, n), k, 2 * n + 1 - k, v, sig(v / c["fillings"])])
    big = [r for r in split if r[0] == size_name(n_max, n_max)]
    tops = [r for r in big if r[3] == max(x[3] for x in big)]
    splits = " and ".join(f"{r[1]} + {r[2]}" for r in tops)
    mean = sum(r[1] * r[3] for r in big) / cens[-1]["fillings"]
    degrees = []
    for n, c in enumerate(cens, 1):
        total = sum(c["degrees"])
        ends = sum(d * v for d, v in enumerate(c["degrees"]))
        degrees.append([size_name(n, n), total, *(sig(v / total) for v in c["degrees"]),
                        ends == 2 * n * n * c["fillings"]])
    last = degrees[-1]
    common = max(range(5), key=lambda d: last[2 + d])
    return {
        "border_trees": figure(
            "exact", table(["board", "fillings", "trees in every filling", "trees missing the border, all "
                                                                        "fillings together"], border),
            title=f"Trees that miss the border, over every legal filling of the empty n×n board, "
                  f"n = 1..{n_max} (census transfer)",
            lead=f"Over all {sum(r[1] for r in border):,} legal fillings of the empty n×n boards up to "
                 f"n = {n_max}, {sum(r[3] for r in border)} trees miss the border: every one of the 2n + 1 "
                 "trees of every filling touches it, so the count of fillings with k trees touching the "
                 "border is all at k = 2n + 1."),
        "colour_split": figure(
            "exact", table(["board", "trees on the top-left corner's colour", "trees on the other colour",
                            "fillings", "share"], split),
            title=f"How the 2n + 1 trees split between the two colours of lattice points ((r + c) even, "
                  f"the top-left corner's, or odd), n = 1..{n_max}",
            note="a diagonal joins two points of one colour, so every tree has one colour; the split is "
                 "the corner colour's points less its diagonals",
            lead=f"On the {size_name(n_max, n_max)} board the most common split (trees on the top-left "
                 f"corner's colour + on the other) is {splits}, {100 * tops[0][4]:.1f}% of the fillings"
                 f"{' each' if len(tops) > 1 else ''}; the corner's colour has {mean:.2f} of the "
                 f"{2 * n_max + 1} trees on average."),
        "degrees": figure(
            "exact", table(["board", "points, all fillings together", *(f"degree {d}" for d in range(5)),
                            "handshake holds"], degrees),
            title=f"The clue each lattice point would show (its degree), over every legal filling of the "
                  f"empty n×n board, n = 1..{n_max}",
            note="shares of all lattice points of all legal fillings, as a uniformly random legal filling "
                 "would show them (the generator draws its fillings otherwise); the handshake: the degrees "
                 "add up to twice the n² diagonals in every filling",
            lead=f"In a uniformly random legal filling of the {size_name(n_max, n_max)} board a lattice "
                 f"point shows 0 / 1 / 2 / 3 / 4 with shares "
                 f"{' / '.join(f'{100 * v:.1f}' for v in last[2:7])}%: degree {common} is the most common."),
    }


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    by_width: dict[int, list[int]] = {}
    squares: list[dict[str, Any]] = []
    brute: dict[tuple[int, int], int] = {}
    cens: list[dict[str, Any]] = []
    for job, res in zip(plan(p, seed), results, strict=True):
        if job[0] == "width":
            by_width[job[1]] = res
        elif job[0] == "square":
            squares.append(res)
        elif job[0] == "brute":
            brute[job[1], job[2]] = res
        else:
            cens.append(res)
    return {
        "counts": _counts_figure(p, by_width),
        "squares": _square_figure(p, squares),
        "recount": _recount_figure(p, brute, by_width),
        **_census_figures(cens),
        "timing": _timing_figure(squares),
    }


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    counts: dict[tuple[int, int], int] = {}
    for row in figures["counts"]["value"]["rows"]:
        r, c = (int(x) for x in row[0].split("×"))
        counts[r, c], counts[c, r] = row[1], row[2]
    squares = {row[0]: row[1] for row in figures["squares"]["value"]["rows"]}
    for n, want in enumerate(KNOWN, 1):
        for name, got in (("transfer (n×n)", squares.get(n)), ("transfer (R×C)", counts.get((n, n)))):
            if got is not None and got != want:
                out.append(f"{name}: {got} fillings of the empty {size_name(n, n)} board, known {want}")
    for (r, c), v in counts.items():
        if r <= c and counts[c, r] != v:
            out.append(f"{size_name(r, c)}: {v} fillings, but {counts[c, r]} the other way round")
        if r == 1 and v != 2**c:
            out.append(f"the 1×{c} strip has {v} fillings, not 2^{c}")
        if r == c and r in squares and squares[r] != v:
            out.append(f"{size_name(r, r)}: {v} fillings across the width, {squares[r]} by the square job")
    shapes = {row[0]: row for row in figures["recount"]["value"]["rows"]}
    for r, c in brute_shapes(p):
        if size_name(r, c) not in shapes:
            out.append(f"the empty {size_name(r, c)} board was not recounted by the brute counter")
    out += [f"empty {row[0]}: transfer {row[1]}, brute {row[2]}" for row in shapes.values() if not row[3]]
    fillings = {row[0]: row[1] for row in figures["border_trees"]["value"]["rows"]}
    for row in figures["border_trees"]["value"]["rows"]:
        n = int(row[0].split("×")[0])
        if row[1] != squares.get(n, row[1]):
            out.append(f"census of {row[0]}: {row[1]} fillings, the transfer matrix {squares[n]}")
        if row[3]:
            out.append(f"{row[0]}: {row[3]} trees miss the border")
    split: dict[str, int] = {}
    for row in figures["colour_split"]["value"]["rows"]:
        split[row[0]] = split.get(row[0], 0) + row[3]
        if row[1] + row[2] != int(row[0].split("×")[0]) * 2 + 1:
            out.append(f"{row[0]}: a split {row[1]} + {row[2]} is not 2n + 1 trees")
    out += [f"{b}: the colour split adds up to {v} fillings, not {fillings[b]}"
            for b, v in split.items() if v != fillings[b]]
    for row in figures["degrees"]["value"]["rows"]:
        n = int(row[0].split("×")[0])
        if row[1] != (n + 1) ** 2 * fillings[row[0]] or not row[-1]:
            out.append(f"{row[0]}: the degree census does not add up (points {row[1]}, handshake {row[-1]})")
    return out
