"""Study 9 (ours, past the seed): the exact twin share of every h x w grid with sides up to 30,
whichever sides are 2 (mod 3). With none the clue map is invertible and the share is 0; with one,
a closed form over the lines across it (twin_counts.twin_free_one_side); with both, the count of
Y (the strongly connected orientations of K(L_h, L_w), twins_order.py) by the recurrence over
the source block (twins_source.py), O(m^2 n^2) exact products, so the method reaches every side
and no grid is left where it cannot apply. Each part is confirmed by a count sharing no code
with it: the transfer matrix (twins_order.py), every picture grouped by its clues, every column
grouped by its clues, study 8's assembly of the share, and exact determinants."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

import numpy as np

from pencilbox.puzzles.fillapix import twins
from pencilbox.puzzles.fillapix.studies import twin_counts, twins_order, twins_source
from pencilbox.puzzles.fillapix.studies.common import exact_det, grid_name, rows_of, side_kind
from pencilbox.studies import Figures, Params, Row, figure, plot, sig, statement, table

NUMBER = 9
NAME = "twin_map"
TITLE = ("Exact twin shares on every grid to 30x30, every side: none where no side is 2 (mod 3), a "
         "closed form where one is, the recurrence over the source block where both are")

# top: every h x w with h, w <= top; order_top: the transfer matrix on every Y up to that many
# rows and columns (14: Y of 20x20, study 8's largest); picture_cells: every picture grouped by
# its clues on grids of at most that many cells; column_top: every column grouped by its clues
# on sides 2 (mod 3) up to it; det_top: det T_n for n up to it; kron_top: det(T_h (x) T_w) for h,
# w up to it; reach: squares timed from a cold start, to show how far the method goes.
FULL = {
    "top": 30,
    "order_top": 14,
    "picture_cells": 25,
    "column_top": 23,
    "det_top": 30,
    "kron_top": 8,
    "reach": [29, 50, 74, 98],
}
QUICK = {
    "top": 11,
    "order_top": 5,
    "picture_cells": 12,
    "column_top": 8,
    "det_top": 12,
    "kron_top": 4,
    "reach": [11, 14],
}
STUDY8_SIDES = (2, 5, 8, 11, 14, 17, 20)  # the sides of study 8's table (exact_twins.FULL)
METHOD = {"no side": "none: the clue map is invertible", "one side": "closed form over the lines",
          "both sides": "recurrence over the source block"}


def small_grids(cells: int) -> list[tuple[int, int]]:
    """Every h <= w grid of at most ``cells`` cells (w x h has the same share)."""
    return [(h, w) for h in range(1, cells + 1) for w in range(h, cells // h + 1)]


def plan(p: Params, seed: int) -> list[tuple[Any, ...]]:
    top = p["order_top"]
    jobs: list[tuple[Any, ...]] = [("order", n, top) for n in range(top, 0, -1)]  # the longest first
    jobs += [("reach", side) for side in sorted(p["reach"], reverse=True)]
    small = sorted(small_grids(p["picture_cells"]), key=lambda g: -g[0] * g[1])
    jobs += [("pictures", h, w) for h, w in small]
    jobs += [("columns", h) for h in range(2, min(p["column_top"], p["top"]) + 1, 3)][::-1]
    jobs.append(("table", p["top"]))
    jobs += [("kron", h, p["kron_top"]) for h in range(p["kron_top"], 0, -1)]
    jobs.append(("det", p["det_top"]))
    return jobs


def work(p: Params, seed: int, what: str, *args: int) -> dict[str, Any]:
    t0 = time.perf_counter()
    out: dict[str, Any] = {"what": what, "args": list(args)}
    if what == "order":
        n, rows = args
        out["counts"] = twins_order.order_counts(rows, n)[0]
    elif what == "reach":
        twins_source.strong_table.cache_clear()  # timed from a cold start, whatever this process ran
        side = args[0]
        free = twin_counts.twin_free(side, side)
        out["share"] = (2 ** (side * side) - free) / 2 ** (side * side)  # int / int: correctly rounded
    elif what == "pictures":
        # lazy: python -m ...studies.twin_census runs it as __main__ (its package must not import it first)
        from pencilbox.puzzles.fillapix.studies.twin_census import with_twin_by_clues
        out["with_twin"] = with_twin_by_clues(*args)
    elif what == "columns":
        out["unique"] = columns_without_twin(args[0])
    elif what == "table":
        top = args[0]
        sides = range(1, top + 1)
        out["free"] = [[h, w, twin_counts.twin_free(h, w)] for h in sides for w in sides]
    elif what == "kron":
        h, top = args
        out["det"] = [exact_det(kron_t(h, w)) for w in range(1, top + 1)]
    else:
        out["det"] = [exact_det(kron_t(n, 1)) for n in range(1, args[0] + 1)]
    out["seconds"] = round(time.perf_counter() - t0, 3)
    return out


def kron_t(h: int, w: int) -> list[list[int]]:
    """T_h (x) T_w written out cell by cell: clue (r, c) counts cell (r2, c2) when both are within
    one step (T_n itself is kron_t(n, 1))."""
    cells = [(r, c) for r in range(h) for c in range(w)]
    return [[int(abs(r - r2) <= 1 and abs(c - c2) <= 1) for r2, c2 in cells] for r, c in cells]


def columns_without_twin(h: int) -> int:
    """Columns of h cells whose clues (the sums over windows of three) no other column shares,
    by grouping all 2^h of them by those clues: no theory (each clue is at most 3, two bits)."""
    codes = np.arange(1 << h, dtype=np.int64)
    key = np.zeros(1 << h, dtype=np.int64)
    for i in range(h):
        clue = sum((codes >> j) & 1 for j in range(max(i - 1, 0), min(i + 2, h)))
        key |= np.asarray(clue, dtype=np.int64) << (2 * i)
    _, counts = np.unique(key, return_counts=True)
    return int((counts == 1).sum())


def exact_share(h: int, w: int, free: int) -> Fraction:
    """The twin share as an exact fraction: floats lose the last digits where it is tiny."""
    return Fraction(2 ** (h * w) - free, 2 ** (h * w))


def fraction_text(x: Fraction) -> str:
    """An exact share as the page writes it: p/2^k, p odd (every denominator is a power of two)."""
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/2^{x.denominator.bit_length() - 1}"


def _pct(x: float) -> str:
    """A share to four significant digits as a percentage (exact_twins' form)."""
    return f"{x * 100:.4g}%"


def _share_said(x: Fraction) -> str:
    """A share in prose: four digits as a percentage, or what it falls short of 1 by where those
    four digits would round it up to 100%."""
    return f"all but {fraction_text(1 - x)}" if x != 1 and sig(float(x)) == 1 else _pct(float(x))


def _y(h: int, w: int) -> str | None:
    kind = side_kind(h, w)
    return f"{twins.pattern_size(h)}x{twins.pattern_size(w)}" if kind == "both sides" else None


def _collect(results: list[dict[str, Any]]) -> dict[str, Any]:
    c: dict[str, Any] = {"order": {}, "reach": [], "pictures": {}, "columns": {}, "free": {}, "kron": {},
                         "det": [], "seconds": {}}
    for r in results:
        what, args = r["what"], tuple(r["args"])
        if what == "order":
            for m, v in enumerate(r["counts"], start=1):
                c["order"][m, args[0]] = v
        elif what == "reach":
            c["reach"].append((args[0], r))
        elif what == "pictures":
            c["pictures"][args] = r["with_twin"]
        elif what == "columns":
            c["columns"][args[0]] = r["unique"]
        elif what == "table":
            c["free"] = {(h, w): v for h, w, v in r["free"]}
            c["seconds"]["table"] = r["seconds"]
        elif what == "kron":
            for w, d in enumerate(r["det"], start=1):
                c["kron"][args[0], w] = d
        else:
            c["det"] = r["det"]
    return c


def _checks(p: Params, c: dict[str, Any]) -> list[Row]:
    """Each way of counting against the engine's shares: [check, range, cases, mismatches]."""
    free, top = c["free"], p["top"]
    rows: list[Row] = []

    otop = p["order_top"]
    strong = twins_source.strong_table(otop, otop)
    bad = sum(c["order"][m, n] != strong[m, n] for m in range(1, otop + 1) for n in range(1, otop + 1))
    rows.append(["the recurrence against the transfer matrix (twins_order.py)",
                 f"every Y up to {otop}x{otop}", otop * otop, bad])

    pics = c["pictures"]
    bad = sum(2 ** (h * w) - twin_counts.twin_free(h, w) != v for (h, w), v in pics.items())
    kinds = {k: sum(side_kind(h, w) == k for h, w in pics) for k in METHOD}
    rows.append(["twin shares against every picture grouped by its clues",
                 f"every grid of at most {p['picture_cells']} cells ({kinds['no side']} with no side 2 "
                 f"(mod 3), {kinds['one side']} with one, {kinds['both sides']} with both)", len(pics), bad])

    cases = bad = 0
    for h, unique in c["columns"].items():
        for w in range(1, top + 1):
            if w % 3 != 2:  # T_w invertible: a picture has a twin iff one of its columns has
                cases += 2
                bad += (unique ** w != free[h, w]) + (unique ** w != free[w, h])
    sides = ", ".join(str(h) for h in sorted(c["columns"]))
    rows.append(["one side: the closed form against columns grouped by their clues, to the power of the "
                 "other side", f"sides {sides} against every other side up to {top} not 2 (mod 3), both ways "
                 "round", cases, bad])

    cases = bad = 0
    for h in STUDY8_SIDES:
        for w in STUDY8_SIDES:
            m, n = twins.pattern_size(h), twins.pattern_size(w)
            if h <= top and w <= top and (m, n) in c["order"]:
                y = c["order"][m, n]  # study 8: Y by the transfer matrix times the lines off the pattern
                study8 = y * (twin_counts.line_twin_free(h, w) // twin_counts.a283624(m, n))
                cases += 1
                bad += study8 != free[h, w]
    rows.append(["both sides: study 8's share (Y by the transfer matrix, its own assembly) recomputed",
                 "every grid of study 8's sides 2 to 20 (both orders) whose Y the transfer matrix ran",
                 cases, bad])

    det = c["det"]
    period = [1, 0, -1, -1, 0, 1]
    bad = sum(d != period[(n - 1) % 6] for n, d in enumerate(det, start=1))
    rows.append(["det T_n by exact elimination against the period 1, 0, -1, -1, 0, 1",
                 f"n up to {len(det)}", len(det), bad])

    kron = c["kron"]
    bad = sum(d != det[h - 1] ** w * det[w - 1] ** h for (h, w), d in kron.items())
    ktop = p["kron_top"]
    rows.append(["det(T_h (x) T_w) by exact elimination against det(T_h)^w det(T_w)^h",
                 f"h, w up to {ktop} (matrices up to {ktop * ktop}x{ktop * ktop})", len(kron), bad])

    bad = sum(free[h, w] != free[w, h] for h in range(1, top + 1) for w in range(h + 1, top + 1))
    rows.append(["h x w against w x h (the engine counts each order on its own)",
                 f"every h < w up to {top}", top * (top - 1) // 2, bad])
    return rows


def _statements(p: Params, c: dict[str, Any], checks: list[Row]) -> dict[str, dict[str, Any]]:
    """The three regimes, each a claim with its proof, and what the checks confirmed of it."""
    rec, pics, cols, study8, det, kron, _ = checks  # in _checks' order
    none_seen = sum(v == 0 for (h, w), v in c["pictures"].items() if side_kind(h, w) == "no side")
    none_grids = sum(side_kind(h, w) == "no side" for h, w in c["pictures"])
    return {
        "no_side": figure("proof", statement(
            "When neither side is 2 (mod 3) no picture has a twin: the twin share is exactly 0.",
            ["Showing every clue is the linear map T_h (x) T_w. Expanding det T_n along its last row gives "
             "d(n) = d(n-1) - d(n-2) from d(1) = 1, d(2) = 0, so d runs 1, 0, -1, -1, 0, 1 with period six "
             "and is zero exactly when n = 2 (mod 3).",
             "For square matrices A (h x h) and B (w x w), det(A (x) B) = det(A)^w det(B)^h, so with neither "
             "side 2 (mod 3) T_h (x) T_w is invertible: two pictures with the same clues are the same "
             "vector, the same picture."],
            f"{det[0]} ({det[2]} values, {det[3]} mismatches); {kron[0]} ({kron[2]} grids, {kron[3]} "
            f"mismatches); every picture grouped by its clues: no twin on {none_seen} of the {none_grids} "
            f"grids of at most {p['picture_cells']} cells with no side 2 (mod 3)"),
            lead=f"{sum(side_kind(h, w) == 'no side' for h, w in c['free'])} of the "
            f"{len(c['free'])} grids here have no side 2 (mod 3); none of their pictures has a twin."),
        "one_side": figure("proof", statement(
            "When exactly one side is 2 (mod 3), say h with L nonzero entries in u, the twin-free pictures "
            "number (2^L - 2)^w 2^((h - L) w).",
            ["T_w is invertible (above), so two pictures have the same clues exactly when T_h sends each of "
             "their columns to the same vector: a picture has a twin exactly when one of its columns has a "
             "twin column, and the columns are free of one another.",
             "The kernel of T_h is spanned by u = (1, -1, 0, ..., 1, -1); a difference of two 0/1 columns in "
             "it has entries -1, 0, 1, so it is u or -u. A column takes +u (-u) exactly when it reads 0 (1) "
             "where u is 1 and 1 (0) where u is -1: two of the 2^L fillings of those L cells, whatever the "
             "other h - L cells hold. So 2^(h - L) (2^L - 2) columns have no twin, and the count is its "
             "w-th power."],
            f"{cols[0]} ({cols[2]} grids, {cols[3]} mismatches); {pics[0]} ({pics[2]} grids of every "
            f"kind, {pics[3]} mismatches)"),
            lead="On every grid with one side 2 (mod 3) the share is 1 - (1 - 2^(1 - L))^w, exact at any "
            "size."),
        "both_sides": figure("proof", statement(
            "When both sides are 2 (mod 3), s(m, n), the number of m x n matrices Y with no constant line "
            "and no two-block split, satisfies 2^(mn) = sum over (i, j) != (0, 0) of C(m, i) C(n, j) "
            "e(i, j) 2^((m - i)(n - j)), with e(i, 0) = (-1)^(i+1), e(0, j) = (-1)^(j+1) and e(i, j) = "
            "s(i, j); the term (m, n) is s(m, n), so s comes from the entries before it in O(m^2 n^2) "
            "products, at any size.",
            ["twins.py reduces the twin-free count to s(L_h, L_w) times (2^L_h - 2)^(w - L_w) "
             "(2^L_w - 2)^(h - L_h) 2^((h - L_h)(w - L_w)) for the lines and cells off the pattern, and "
             "twins_order.py shows that such Y are exactly the strongly connected orientations of K(m, n) "
             "(row to column where Y is 0, column to row where it is 1).",
             "In any orientation the strong components no arc enters (the sources) are pairwise "
             "non-adjacent. A strong component of two or more vertices holds a row and a column and so is "
             "adjacent to every other vertex; hence a set of sources is one component, or single rows "
             "only, or single columns only.",
             "Every orientation has k >= 1 sources, and the sum of (-1)^(t+1) over the nonempty sets of t "
             "of them is 1. Exchange the sums: pick the i rows and j columns X that a set of sources covers, "
             "weigh X by e(i, j) (one strong block, or i single rows, or j single columns, with their "
             "signs), point every arc between X and the rest out of X, and orient the rest freely in "
             "2^((m - i)(n - j)) ways. Summed over X this counts every orientation once: 2^(mn)."],
            f"{rec[0]} ({rec[1]}: {rec[2]} counts, {rec[3]} mismatches); {study8[0]} ({study8[2]} grids, "
            f"{study8[3]} mismatches); every picture grouped by its clues (above)"),
            lead="The recurrence costs O(m^2 n^2) products of exact integers, so it applies on every side; "
            "nothing is left where it cannot."),
    }


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    c = _collect(results)
    free, top = c["free"], p["top"]
    shares = {(h, w): exact_share(h, w, v) for (h, w), v in free.items()}
    total = len(free)

    squares: list[Row] = []
    for n in range(1, top + 1):
        kind = side_kind(n, n)
        x = shares[n, n]
        squares.append([grid_name(n, n), kind, _y(n, n), sig(float(x)), fraction_text(x)])
    twin_squares = [r for r in squares if r[3]]
    big = twin_squares[-1]
    plain = [r[0] for r in squares if not r[3]]

    sides = [h for h in range(1, top + 1) if h % 3 == 2]
    by_side: list[Row] = [[w] + [sig(float(shares[h, w])) for h in sides] for w in range(1, top + 1)]
    columns = ["w"] + [f"h = {h}" for h in sides]

    regimes: list[Row] = []
    said: dict[str, tuple[str, str]] = {}
    for kind in METHOD:
        grids = [g for g in free if side_kind(*g) == kind]
        ways = sorted((g for g in grids if g[0] <= g[1]), key=lambda g: (shares[g], g))  # w x h: the same
        low, high = ways[0], ways[-1]
        regimes.append([kind, len(grids), METHOD[kind], sig(float(shares[low])), grid_name(*low),
                        sig(float(shares[high])), grid_name(*high), fraction_text(1 - shares[high])])
        said[kind] = (_share_said(shares[low]), _share_said(shares[high]))
    with_twin = sum(bool(x) for x in shares.values())
    near_one = [g for g in free if g[0] <= g[1] and side_kind(*g) != "no side" and sig(float(shares[g])) == 1]
    rounded = ""
    if near_one:
        least = min(near_one, key=lambda g: (1 - shares[g], g))
        rounded = (f"{len(near_one)} grids h <= w (and their transposes) read 1 to four digits, yet every "
                   f"grid keeps twin-free pictures, {grid_name(*least)} the fewest: a share "
                   f"{fraction_text(1 - shares[least])}; ")

    checks = _checks(p, c)
    mismatches = sum(r[3] for r in checks)
    cases = sum(r[2] for r in checks)

    reach: list[Row] = []
    for side, r in sorted(c["reach"]):
        reach.append([grid_name(side, side), _y(side, side), sig(r["share"]), r["seconds"]])
    far = reach[-1] if reach else None
    reach_lead = (f"All {total} grids up to {top}x{top} took {c['seconds']['table']} s together. The method "
                  "applies on every side, so no grid is left where it cannot apply")
    if far:
        reach_lead += (f"; from a cold start {far[0]} (Y {far[1]}) took {far[3]} s, its twin share "
                       f"{far[2]:.4g}")
    reach_lead += "."

    return {
        "squares": figure(
            "exact",
            table(["grid", "sides 2 (mod 3)", "Y", "twin share", "twin share, exact"], squares),
            lead=f"On n x n squares up to {top}x{top} the twin share is exactly 0 on the {len(plain)} sides "
            f"not 2 (mod 3); on the {len(twin_squares)} others it falls from {_pct(twin_squares[0][3])} on "
            f"{twin_squares[0][0]} to {_pct(big[3])} on {big[0]}.",
            note="exact: the share written p/2^k in lowest terms; Y: the pattern part counted by the "
            "recurrence where both sides are 2 (mod 3)",
        ),
        "every_grid": figure(
            "exact",
            table(columns, by_side),
            lead=f"Every h x w grid with h, w up to {top}: {with_twin} of the {total} have pictures with "
            f"twins, exactly those with a side 2 (mod 3); the table gives each such side h against every "
            f"w (w x h has the share of h x w), the {total - with_twin} others have share 0.",
            note="a column h = 2 (mod 3) against w: one side 2 (mod 3) where w is not, both where it is; "
            f"{rounded}plot: the sides from 8 on (on 2 and 5 almost every picture has a twin)",
            plot=plot("line", "w", [f"h = {h}" for h in sides if h >= 8][:8], ylabel="twin share",
                      logy=True),
        ),
        "by_regime": figure(
            "exact",
            table(["sides 2 (mod 3)", "grids", "method", "least share", "least on", "greatest share",
                   "greatest on", "twin-free share there"], regimes),
            lead=f"The {total} grids by how many sides are 2 (mod 3): "
            + "; ".join(f"{r[0]}, {r[1]} grids, " + (f"shares from {said[r[0]][0]} ({r[4]}) to "
                                                      f"{said[r[0]][1]} ({r[6]})" if r[5] else "share 0")
                        for r in regimes) + ".",
            note="least and greatest among h <= w (w x h has the share of h x w); the twin-free share exact",
        ),
        **_statements(p, c, checks),
        "checks": figure(
            "exact",
            table(["check", "range", "cases", "mismatches"], checks),
            lead=f"Every way of counting that shares no code with the engine's agrees with it: {mismatches} "
            f"mismatches in {cases:,} comparisons.",
        ),
        "reach": figure(
            "timing",
            table(["grid", "Y", "twin share", "seconds"], reach),
            lead=reach_lead,
            note="seconds on this machine for the exact twin-free count of the square, the recurrence's "
            "table cleared first",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    broken = [f"{r['check']}: {r['mismatches']} mismatches" for r in rows_of(figures["checks"])
              if r["mismatches"]]
    for r in rows_of(figures["squares"]):
        n = int(r["grid"].split("x")[0])
        if (r["twin share"] == 0) != (n % 3 != 2):
            broken.append(f"{r['grid']}: twin share {r['twin share']}")
    for r in rows_of(figures["every_grid"]):
        if not all(v > 0 for k, v in r.items() if k != "w"):
            broken.append(f"w = {r['w']}: a grid with a side 2 (mod 3) has no twins")
    return broken
