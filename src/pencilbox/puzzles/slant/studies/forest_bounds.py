"""Study 9 (past the seed, issue 49 items 1-2): the legal fillings of the empty board are the
border-rooted spanning forests of one colour's lattice graph, which is not a spanning-tree
count; two determinants of that graph bound the count from both sides, exactly, on every
R x C with R, C <= 40 and n x n to n = 100, and both give the growth constant 2G/pi.

forests.py computes the determinants (a banded elimination modulo many primes, joined by the
Chinese remainder theorem); forest_checks.py confirms each value by code that shares none of
it (the wired ones by their eigenvalue product, the apex ones by Bareiss on the planar dual or,
past ``bareiss_square``, modulo two 31-bit primes; all of them and the bijection itself by
enumerating every filling of the small boards); transfer.py (study 7's transfer matrix)
gives the exact counts the bounds must hold. forest_proofs.py states and proves the results.
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from pencilbox.puzzles.slant.studies import forest_checks as fc
from pencilbox.puzzles.slant.studies import forest_proofs as fp
from pencilbox.puzzles.slant.studies import forests
from pencilbox.puzzles.slant.studies.common import size_name
from pencilbox.puzzles.slant.studies.transfer import apply, blank_counts, tables
from pencilbox.studies import Figures, Job, Params, figure, plot, sig, table

NUMBER = 9
NAME = "forest_bounds"
TITLE = ("Legal fillings as border-rooted forests: determinant bounds, exact to 100×100, and the growth "
         "constant 2G/π")
# sides: every R x C with R <= C <= sides; square: n x n for sides < n <= square; bareiss_square: the
# apex determinants are recomputed exactly (Bareiss) to there, past it modulo two primes; transfer_*:
# the exact counts of study 7's transfer matrix (R x C to transfer_sides, n x n to transfer_square);
# brute_cells: every filling of every board of at most that many cells enumerated; fit_from,
# fit_bounds_from: the smallest n in the finite-size fits of the exact counts and of the bounds
FULL = {"sides": 40, "square": 100, "bareiss_square": 60, "transfer_sides": 10, "transfer_square": 22,
        "brute_cells": 20, "fit_from": 8, "fit_bounds_from": 20}
QUICK = {"sides": 5, "square": 9, "bareiss_square": 7, "transfer_sides": 4, "transfer_square": 7,
         "brute_cells": 8, "fit_from": 3, "fit_bounds_from": 2}
LIMIT_NATS = 2 * fc.catalan() / math.pi  # 2G/pi, the growth constant per cell (forest_proofs.growth)
LIMIT_BITS = LIMIT_NATS / math.log(2)
Size = tuple[int, int]


def plan(p: Params, seed: int) -> list[Job]:
    return [*(("sides", r) for r in range(1, p["sides"] + 1)),
            *(("square", n) for n in range(p["sides"] + 1, p["square"] + 1)),
            *(("width", w) for w in range(1, p["transfer_sides"] + 1)),
            *(("transfer", n) for n in range(p["transfer_sides"] + 1, p["transfer_square"] + 1)),
            *(("brute", r, c) for r, c in fc.shapes(p["brute_cells"]))]


def _clock() -> tuple[float, float]:
    """Wall and CPU seconds now (the machine is shared: the CPU seconds are the work's own)."""
    return time.perf_counter(), time.process_time()


def _since(start: tuple[float, float]) -> tuple[float, float]:
    now = _clock()
    return round(now[0] - start[0], 3), round(now[1] - start[1], 3)


def _size(rows: int, cols: int, exact_dual: bool) -> dict[str, Any]:
    """The four determinants of one board and their second computations, each timed (``s``: wall
    seconds, ``cpu``: CPU seconds, each for determinants, eigenvalues, Bareiss, residues)."""
    took = []
    t = _clock()
    out: dict[str, Any] = {"rows": rows, "cols": cols, **forests.bounds(rows, cols)}
    took.append(_since(t))
    t = _clock()
    out["eigen"] = list(fc.wired_by_eigenvalues(rows, cols)) == [out["wired_0"], out["wired_1"]]
    took.append(_since(t))
    t = _clock()
    out["bareiss"] = (all(fc.apex_by_dual(rows, cols, k) == out[f"apex_{k}"] for k in (0, 1))
                      if exact_dual else None)
    took.append(_since(t))
    t = _clock()
    out["residue"] = all(fc.apex_residue(rows, cols, k, q) == out[f"apex_{k}"] % q
                         for k in (0, 1) for q in fc.RESIDUE_PRIMES)
    took.append(_since(t))
    out["s"], out["cpu"] = [w for w, _ in took], [c for _, c in took]
    return out


def work(p: Params, seed: int, kind: str, *size: int) -> Any:
    """One row r of the R x C boards (r x c for c = r .. sides), one n x n board, one width of
    the transfer matrix, one n x n transfer count, or one small board enumerated."""
    if kind == "sides":
        (r,) = size
        return [_size(r, c, True) for c in range(r, p["sides"] + 1)]
    if kind == "square":
        (n,) = size
        return _size(n, n, n <= p["bareiss_square"])
    t = _clock()
    out: dict[str, Any]
    if kind == "width":
        (w,) = size
        out = {"counts": blank_counts(w, p["transfer_sides"])}
    elif kind == "transfer":
        (n,) = size
        out = {"count": apply(tables(n), n)[-1]}
    else:
        r, c = size
        out = {**fc.enumerate_fillings(r, c), "det": forests.bounds(r, c)}
    out["s"], out["cpu"] = _since(t)
    return out


# ---------------------------------------------------------------- the bounds of one board


def lower(rec: dict[str, Any]) -> tuple[int, str]:
    """The best lower bound and where it comes from: a wired determinant, or an apex one
    divided by the largest weight a filling can carry (rounded up)."""
    weight = forests.max_product(forests.border_points(rec["rows"], rec["cols"]))
    wired = max(rec["wired_0"], rec["wired_1"])
    apex = -(-min(rec["apex_0"], rec["apex_1"]) // weight)
    return (wired, "wired") if wired >= apex else (apex, "apex / weight")


def upper(rec: dict[str, Any]) -> int:
    """The best upper bound: the smaller apex determinant."""
    return int(min(rec["apex_0"], rec["apex_1"]))


def bits(value: int, cells: int) -> float:
    return sig(math.log2(value) / cells, 6)


def ratio(big: int, small: int, per: int) -> float:
    """ln(big / small) / per, from exact integers of any size."""
    return sig((math.log(big) - math.log(small)) / per, 5)


def gap(rec: dict[str, Any]) -> float:
    """The larger of ln(apex_k / wired_k) over the colours, per border point (proved at most ln 3)."""
    per = forests.border_points(rec["rows"], rec["cols"])
    return max(ratio(rec[f"apex_{k}"], rec[f"wired_{k}"], per) for k in (0, 1))


def confirmed(rec: dict[str, Any]) -> bool:
    """The second computations agree (Bareiss where it ran)."""
    return bool(rec["eigen"] and rec["residue"] and rec["bareiss"] is not False)


# ---------------------------------------------------------------- figures

Row = list[Any]


def _same(e: dict[str, Any]) -> bool:
    """The enumeration's counts equal the determinants of the same board."""
    return all(e["det"][k] == e[k] for k in ("wired_0", "apex_0", "wired_1", "apex_1"))


def _brute_figure(brute: dict[Size, dict[str, Any]]) -> dict[str, Any]:
    rows: list[Row] = []
    for (r, c), e in sorted(brute.items(), key=lambda kv: (kv[0][0] * kv[0][1], kv[0])):
        rows.append([size_name(r, c), e["fillings"], e["rule_misses_0"] + e["rule_misses_1"], e["wired_0"],
                     e["apex_0"], e["wired_1"], e["apex_1"], _same(e)])
    cells = max(r * c for r, c in brute)
    misses = sum(r[2] for r in rows)
    same = sum(bool(r[7]) for r in rows)
    return figure(
        "exact", table(["board", "legal fillings", "rule ≠ no loop", "wired 0 (fillings)",
                        "apex 0 (fillings)", "wired 1 (fillings)", "apex 1 (fillings)",
                        "the determinants the same"], rows),
        title="Every filling of every small board: the forest rule and both determinants recounted",
        note="wired k: legal fillings whose colour-k trees each hold one border point; apex k: the sum over "
             "legal fillings of the product, over colour-k trees, of their border points; 'rule ≠ no loop': "
             "fillings where the forest rule of either colour and the loop test disagree; the determinants "
             "are forests.py's",
        lead=f"On all {len(rows)} boards R ≤ C of at most {cells} cells "
             f"({sum(2 ** (r * c) for r, c in brute):,} fillings, up to {max(r[1] for r in rows):,} legal on "
             f"one board), the forest rule and the loop test disagree {misses} times, and the determinants "
             f"equal the counts read off the fillings on {same} boards.")


def _sandwich_figure(p: Params, counts: dict[Size, int], sizes: dict[Size, dict[str, Any]]) -> dict[str, Any]:
    rows: list[Row] = []
    for (r, c), count in sorted(counts.items(), key=lambda kv: (kv[0][0] != kv[0][1], kv[0])):
        rec = sizes[r, c]
        low, how = lower(rec)
        up = upper(rec)
        rows.append([size_name(r, c), low, how, count, up, low <= count <= up,
                     sig(math.log2(up) - math.log2(low), 4)])
    inside = sum(bool(r[5]) for r in rows)
    apex = sum(r[2] != "wired" for r in rows)
    side, square = p["transfer_sides"], p["transfer_square"]
    return figure(
        "exact", table(["board", "lower bound", "from", "legal fillings (transfer)", "upper bound", "inside",
                        "log2(upper / lower)"], rows),
        title=f"The bounds beside the exact counts of the transfer matrix (every R×C to {side}×{side}, n×n "
              f"to n = {square})",
        note="lower bound: the larger of the wired determinants and of the smaller apex determinant divided "
             "by the largest product of positive parts of R + C (rounded up); upper bound: the smaller apex "
             "determinant",
        lead=f"Every one of the {len(rows)} exact counts lies inside its bounds ({inside} of {len(rows)}); "
             f"the apex bound divided by the largest weight beats the wired one on {apex} of them.")


def _squares_figure(p: Params, sizes: dict[Size, dict[str, Any]], counts: dict[Size, int]) -> dict[str, Any]:
    rows: list[Row] = []
    for n in range(1, p["square"] + 1):
        rec = sizes[n, n]
        low, _ = lower(rec)
        count = counts.get((n, n))
        rows.append([n, len(str(upper(rec))), bits(max(rec["wired_0"], rec["wired_1"]), n * n),
                     bits(low, n * n), bits(count, n * n) if count else None, bits(upper(rec), n * n),
                     sig(LIMIT_BITS, 6), gap(rec)])
    last = rows[-1]
    where = ("both bounds still above it, coming down" if last[3] > LIMIT_BITS else
             "the lower bound below it, the upper above")
    exact = [r for r in rows if r[4] is not None]
    limit = "limit 2G/(π ln 2)"
    return figure(
        "exact", table(["n", "digits", "wired", "lower bound", "fillings", "upper bound", limit,
                        "ln(apex / wired) / 2n"], rows),
        title=f"Bits per cell of the bounds on the empty n×n board, n = 1..{p['square']}, and of the exact "
              f"count to n = {p['transfer_square']}",
        note="bits per cell: log2(value) / n²; wired: the larger wired determinant; the lower and upper "
             "bounds as in the table above; every determinant is exact (the table of values has every digit)",
        lead=f"At n = {p['square']} the count of legal fillings has between {last[3]} and {last[5]} bits per "
             f"cell ({last[1]:,} digits), against the limit {LIMIT_BITS:.6f}: {where}, and the wired "
             f"determinant at {last[2]} below it. The exact counts (to n = {exact[-1][0]}) lie between the "
             f"bounds, {exact[-1][4]} bits per cell at n = {exact[-1][0]}.",
        plot=plot("line", "n", ["wired", "lower bound", "fillings", "upper bound", limit],
                  ylabel="log2(count) / n²"))


def _rectangles_figure(p: Params, sizes: dict[Size, dict[str, Any]]) -> dict[str, Any]:
    rows: list[Row] = []
    for (r, c), rec in sorted(sizes.items()):
        if c > p["sides"]:
            continue
        low, _ = lower(rec)
        pairing = rec["wired_0"] == rec["wired_1"] * (4 if r % 2 == c % 2 == 0 else 1)
        rows.append([size_name(r, c), len(str(upper(rec))), bits(low, r * c), bits(upper(rec), r * c),
                     gap(rec), pairing, confirmed(rec)])
    worst = max(rows, key=lambda x: float(x[4]))
    pairs = sum(bool(r[5]) for r in rows)
    done = sum(bool(r[6]) for r in rows)
    return figure(
        "exact", table(["board", "digits", "bits per cell: lower", "upper", "ln(apex / wired) / (R + C)",
                        "wired 0 = wired 1 (× 4 if R, C even)", "confirmed"], rows),
        title=f"Every R×C board with R ≤ C ≤ {p['sides']}: the bounds, the gap per border point, and the "
              "second computations",
        note="ln(apex / wired): the larger over the two colours; confirmed: the wired "
             "determinants equal their eigenvalue product and the apex ones Bareiss on the planar dual and "
             "its residues; R×C and C×R have the same determinants (turning the board keeps colours)",
        lead=f"On all {len(rows)} boards the wired determinants of the two colours are equal, or 4 to 1 when "
             f"both sides are even, as the eigenvalues say ({pairs} of {len(rows)}); ln(apex/wired) per "
             f"border point is at most {worst[4]} ({worst[0]}), inside the proved ln 3 = {math.log(3):.4f}; "
             f"{done} of {len(rows)} confirmed.")


def _fit(ns: list[int], ys: list[float], fixed: bool, wobble: bool) -> dict[str, float]:
    """Least squares of y = a + b/n + c ln(n)/n² + d/n² (a the limit when ``fixed``), and with
    ``wobble`` terms in (−1)^n/n² and cos, sin(2πn/3)/n²: the bounds' parity (the factor 4 of even
    sides, the apex matrices') and the period 3 of the largest weight m(2n)."""
    x = np.array(ns, dtype=float)
    y = np.array(ys, dtype=float)
    cols = [1 / x, np.log(x) / x**2, 1 / x**2]
    if wobble:
        cols += [(-1.0) ** x / x**2, np.cos(2 * np.pi * x / 3) / x**2, np.sin(2 * np.pi * x / 3) / x**2]
    if fixed:
        y = y - LIMIT_BITS
    else:
        cols.insert(0, np.ones_like(x))
    coef, *_ = np.linalg.lstsq(np.column_stack(cols), y, rcond=None)
    fitted = np.column_stack(cols) @ coef
    names = ("b", "c") if fixed else ("a", "b", "c")
    out = {k: float(v) for k, v in zip(names, coef, strict=False)}
    if fixed:
        out["a"] = LIMIT_BITS
    out["residual"] = float(np.max(np.abs(fitted - y)))
    return out


def _fits_figure(p: Params, sizes: dict[Size, dict[str, Any]], counts: dict[Size, int]) -> dict[str, Any]:
    exact = [n for n in range(p["fit_from"], p["transfer_square"] + 1) if (n, n) in counts]
    ns = list(range(p["fit_bounds_from"], p["square"] + 1))
    recs = [sizes[n, n] for n in ns]
    halves = [(math.log2(r["wired_0"]) + math.log2(r["wired_1"])) / 2 / n**2
              for n, r in zip(ns, recs, strict=True)]
    series = [
        ("legal fillings (transfer)", exact, [math.log2(counts[n, n]) / n**2 for n in exact], False),
        ("lower bound", ns, [math.log2(lower(r)[0]) / n**2 for n, r in zip(ns, recs, strict=True)], True),
        ("upper bound", ns, [math.log2(upper(r)) / n**2 for n, r in zip(ns, recs, strict=True)], True),
        ("wired, √(wired 0 · wired 1)", ns, halves, False),
    ]
    rows: list[Row] = []
    for name, xs, ys, wobble in series:
        if len(xs) < (8 if wobble else 5):  # more points than coefficients
            continue
        free, fixed = _fit(xs, ys, False, wobble), _fit(xs, ys, True, wobble)
        rows.append([name, f"{xs[0]}..{xs[-1]}", sig(free["a"], 7), sig(free["a"] - LIMIT_BITS, 3),
                     sig(fixed["b"], 5), sig(fixed["c"], 4), sig(fixed["residual"], 3)])
    by = {r[0]: r for r in rows}
    count, wired = by.get(series[0][0]), by.get(series[3][0])
    lead = ""
    if count:
        b = float(count[4])
        c = float(count[5])
        lead += (f"With the limit fixed, the exact counts to n = {p['transfer_square']} fit bits per cell = "
                 f"{LIMIT_BITS:.7f} + {b}/n {'−' if c < 0 else '+'} {abs(c)} ln(n)/n² + …: log2 count ≈ "
                 f"{LIMIT_BITS:.5f} n² + {b:.3f} n, a border term, so the bits per cell come down like 1/n "
                 f"and by this fit reach 0.01 above the limit near n = {b / 0.01:.0f} and 0.001 near n = "
                 f"{b / 0.001:.0f}. ")
    if wired:
        lead += (f"The wired determinants fit b = {wired[4]} and c = {wired[5]}, as proved: −1 and "
                 f"−1/(2 ln 2) = −{1 / (2 * math.log(2)):.4f}. ")
    lead += ("Fitted freely, the limit comes out at "
             + ", ".join(f"{r[2]} ({r[0]})" for r in rows) + f", against 2G/(π ln 2) = {LIMIT_BITS:.7f}.")
    return figure(
        "exact", table(["series", "n", "a (free fit)", "a − limit", "b (limit fixed)", "c (limit fixed)",
                        "largest residual"], rows),
        title="The finite-size correction: bits per cell fitted as a + b/n + c ln(n)/n² + …",
        note="least squares over the n shown of a + b/n + c ln(n)/n² + d/n², and for the two bounds also "
             "(−1)^n/n², cos(2πn/3)/n² and sin(2πn/3)/n² (the parity of the apex matrices and the period 3 "
             "of m(2n)); 'free fit': a fitted too; 'limit fixed': a = 2G/(π ln 2); the residual is that of "
             "the fixed fit, in bits per cell",
        lead=lead)


def _values_figure(p: Params, sizes: dict[Size, dict[str, Any]]) -> dict[str, Any]:
    rows: list[Row] = [[n, *(str(sizes[n, n][k]) for k in ("wired_0", "wired_1", "apex_0", "apex_1"))]
                       for n in range(1, p["square"] + 1)]
    return figure(
        "exact", table(["n", "wired 0", "wired 1", "apex 0", "apex 1"], rows),
        title=f"The four determinants of the n×n board, every digit, n = 1..{p['square']}",
        note="decimal digits; colour 0: the points (i, j) with i + j even (the corners'); wired: the "
             "Laplacian with the border points deleted; apex: the Laplacian plus 1 on each border point",
        lead=f"The n = {p['square']} values have {len(rows[-1][1]):,} to {len(rows[-1][4]):,} digits.")


def _timing_figure(p: Params, sizes: dict[Size, dict[str, Any]], transfer: dict[int, float],
                   rect_seconds: tuple[float, float]) -> dict[str, Any]:
    rows: list[Row] = []
    for n in range(1, p["square"] + 1):
        rec = sizes[n, n]
        cpu = rec["cpu"]
        rows.append([n, rec["s"][0], cpu[0], cpu[1], cpu[2] if rec["bareiss"] is not None else None, cpu[3],
                     transfer.get(n)])
    big = rows[-1]
    cols = ["determinants, CPU (s)", "eigenvalue product, CPU (s)", "Bareiss, CPU (s)", "residues, CPU (s)",
            "transfer matrix, CPU (s)"]
    square, sides = size_name(p["square"], p["square"]), size_name(p["sides"], p["sides"])
    return figure(
        "timing", table(["n", "determinants, wall (s)", *cols], rows),
        title="Time per n×n board: the four determinants and each second computation",
        note="CPU seconds of the job's process, and the wall time of the determinants, on the machine that "
             "ran the study, shared with other work (n = 1 includes numba's compiling or loading the "
             f"elimination); Bareiss stops at n = {p['bareiss_square']}, the transfer matrix at n = "
             f"{p['transfer_square']} (to n = {p['transfer_sides']}, the time of width n for every length to "
             f"{p['transfer_sides']})",
        lead=f"The four determinants of the {square} board took {big[2]:.1f} s of CPU ({big[1]:.1f} s of "
             f"wall time on the shared machine), their eigenvalue product {big[3]:.1f} s and the residues "
             f"{big[5]:.1f} s; every R×C to {sides} took {rect_seconds[1]:.0f} s of CPU with its checks "
             f"({rect_seconds[0]:.0f} s of wall time); the transfer matrix took "
             f"{transfer.get(p['transfer_square'], 0):.0f} s of CPU for n = {p['transfer_square']} alone.",
        plot=plot("line", "n", cols, ylabel="CPU seconds", logy=True))


def _checks_figure(p: Params, sizes: dict[Size, dict[str, Any]], brute: dict[Size, dict[str, Any]],
                   sandwich: dict[str, Any]) -> dict[str, Any]:
    recs = list(sizes.values())
    dual = [r for r in recs if r["bareiss"] is not None]
    rows = [
        ["wired 0, wired 1", "eigenvalue product in fixed point, rounded", len(recs),
         sum(not r["eigen"] for r in recs)],
        ["apex 0, apex 1", "spanning trees of the planar dual, Bareiss on Python integers", len(dual),
         sum(not r["bareiss"] for r in dual)],
        ["apex 0, apex 1", f"the planar dual modulo {' and '.join(f'{q:,}' for q in fc.RESIDUE_PRIMES)}",
         len(recs), sum(not r["residue"] for r in recs)],
        ["all four, and the bijection", "every filling enumerated", len(brute),
          sum(e["rule_misses_0"] + e["rule_misses_1"] > 0 or not _same(e) for e in brute.values())],
        ["wired ≤ count ≤ apex", "the transfer matrix's exact counts (study 7's code)",
         len(sandwich["value"]["rows"]), sum(not r[5] for r in sandwich["value"]["rows"])],
    ]
    return figure("exact", table(["values", "second computation", "boards", "disagreements"], rows),
                  title="Every determinant computed a second way, by code that shares nothing with the first",
                  note=f"the first computation: elimination of the band modulo primes below 2^22, joined by "
                       f"the Chinese remainder theorem past Hadamard's bound (forests.py); Bareiss to n = "
                       f"{p['bareiss_square']} and on every R×C to {p['sides']}, the residues beyond",
                  lead=f"{sum(r[2] for r in rows):,} second computations, "
                       f"{sum(r[3] for r in rows)} disagreements.")


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    sizes: dict[Size, dict[str, Any]] = {}
    counts: dict[Size, int] = {}
    transfer: dict[int, float] = {}
    brute: dict[Size, dict[str, Any]] = {}
    wall, cpu = 0.0, 0.0
    for job, res in zip(plan(p, seed), results, strict=True):
        if job[0] == "sides":
            for rec in res:
                sizes[rec["rows"], rec["cols"]] = rec
                wall, cpu = wall + sum(rec["s"]), cpu + sum(rec["cpu"])
        elif job[0] == "square":
            sizes[job[1], job[1]] = res
        elif job[0] == "width":
            for n, v in enumerate(res["counts"], 1):
                if job[1] <= n:
                    counts[job[1], n] = v
            transfer[job[1]] = res["cpu"]
        elif job[0] == "transfer":
            counts[job[1], job[1]] = res["count"]
            transfer[job[1]] = res["cpu"]
        else:
            brute[job[1], job[2]] = res
    sandwich = _sandwich_figure(p, counts, sizes)
    rectangles = _rectangles_figure(p, sizes)
    inside = sum(r[5] for r in sandwich["value"]["rows"])
    worst = max(r[4] for r in rectangles["value"]["rows"])
    said = fp.statements(p, sizes, counts, brute, inside, worst)
    return {
        "bijection": said["bijection"],
        "enumerated": _brute_figure(brute),
        "not_kirchhoff": said["not_kirchhoff"],
        "bounds": said["bounds"],
        "sandwich": sandwich,
        "wired_product": said["wired_product"],
        "rectangles": rectangles,
        "growth": said["growth"],
        "squares": _squares_figure(p, sizes, counts),
        "fits": _fits_figure(p, sizes, counts),
        "checks": _checks_figure(p, sizes, brute, sandwich),
        "values": _values_figure(p, sizes),
        "timing": _timing_figure(p, sizes, transfer, (wall, cpu)),
    }


def check(p: Params, figures: Figures) -> list[str]:
    """What must hold whatever the sizes: the rule never misses, every count is inside its bounds,
    every second computation agrees, the eigenvalue pairing and the 3^(R+C) gap hold, and the
    values worked out by hand (1×1, 2×2) come out."""
    names = ("enumerated", "sandwich", "rectangles", "squares", "checks", "values")
    rows = {f: figures[f]["value"]["rows"] for f in names}
    out = [f"{r[0]}: the forest rule and the loop test disagree {r[2]} times"
           for r in rows["enumerated"] if r[2]]
    out += [f"{r[0]}: the determinants differ from the counts read off the fillings"
            for r in rows["enumerated"] if not r[7]]
    out += [f"{r[0]}: {r[3]} fillings outside [{r[1]}, {r[4]}]" for r in rows["sandwich"] if not r[5]]
    out += [f"{r[0]}: wired 0 and wired 1 break the eigenvalue pairing"
            for r in rows["rectangles"] if not r[5]]
    out += [f"{r[0]}: a second computation disagrees" for r in rows["rectangles"] if not r[6]]
    out += [f"{r[0]}: ln(apex/wired) per border point {r[4]} exceeds ln 3" for r in rows["rectangles"]
            if r[4] > math.log(3)]
    out += [f"{r[0]} ({r[1]}): {r[3]} disagreements" for r in rows["checks"] if r[3]]
    out += [f"{r[0]}×{r[0]}: the lower bound's {r[3]} bits per cell exceed the upper's {r[5]}"
            for r in rows["squares"] if r[3] > r[5]]
    known = {1: ["1", "1", "3", "3"], 2: ["4", "1", "32", "45"]}  # by hand: forest_proofs.not_kirchhoff
    out += [f"{n}×{n}: determinants {r[1:]}, by hand {known[n]}" for n, r in enumerate(rows["values"], 1)
            if n in known and r[1:] != known[n]]
    return out
