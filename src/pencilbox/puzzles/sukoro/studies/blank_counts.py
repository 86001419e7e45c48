"""Study 1: answers of every blank R x C board (the seed's table, R <= 7, C <= 10, and past it to
R <= 8, C <= 12), the 2 x n row against the cubic through its first four values, the largest
share of cells an answer can cover, and the rectangles an answer fills completely (checked to
8 x 12, as the seed did)."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

from pencilbox.core.puzzle import known
from pencilbox.puzzles.sukoro import rules
from pencilbox.puzzles.sukoro.studies.blank import all_answers, transfer_counts_fast
from pencilbox.puzzles.sukoro.studies.common import blank, blank_count, size_name
from pencilbox.studies import Figures, Job, Params, Row, figure, plot, sig, table

NUMBER = 1
NAME = "blank_counts"
TITLE = (
    "Answers of every blank R x C board (the seed's R <= 7, C <= 10, and on to R <= 8, C <= 12), the "
    "2 x n cubic, largest covers and the rectangles an answer fills (to 8 x 12)"
)
# widths: the transfer matrix runs widths 1..widths; a taller row is read off the transpose;
# seed: the rows and columns of the seed's table (the figure ``counts`` reproduces it)
FULL = {"rows": 8, "widths": 8, "cols": 12, "seed": [7, 10], "ladder_cells": 36, "brute_cells": 50,
        "enumerate_cells": 25, "fill": [8, 12]}
QUICK = {"rows": 4, "widths": 4, "cols": 11, "seed": [7, 10], "ladder_cells": 16, "brute_cells": 16,
         "enumerate_cells": 12, "fill": [8, 12]}
KNOWN = {
    1: [0, 0, 1, 2, 3, 4, 5, 6, 7, 8],  # sukoro.md, Studies 1
    2: [0, 4, 12, 26, 48, 80, 126, 190, 278, 398],
    3: [1, 12, 54, 162],
}
Key = tuple[str, int, int]  # ("transfer", "most" or an engine, rows, cols): a gathered count
SEED_PRINTED = {1: 10, 2: 10, 3: 10, 4: 8, 5: 7, 6: 6, 7: 5}  # the seed's table: columns printed per row
SEED_RECTANGLES = ["2x4", "3x4", "3x5", "4x4", "4x5", "4x6", "3x7", "5x5"]  # the seed's cover remark


# ---------------------------------------------------------------- the bench's blank table


def table_shapes() -> list[tuple[int, int]]:
    """Every rectangle up to 6x6, 7x5 and 4x8, each shape once (rows <= cols)."""
    shapes = {(r, c) for r in range(1, 7) for c in range(r, 7)}
    shapes |= {(r, 7) for r in range(1, 6)} | {(r, 8) for r in range(1, 5)}
    return sorted(shapes, key=lambda s: (s[0] * s[1], s))


def blank_table(shapes: list[tuple[int, int]], engine_name: str) -> dict[str, Any]:
    """Counts and seconds per shape, and the total time."""
    blank_count(1, 3, engine_name)  # compile outside the clock
    rows = []
    t0 = time.perf_counter()
    for r, c in shapes:
        t = time.perf_counter()
        count, capped = blank_count(r, c, engine_name)
        rows.append(
            {
                "rows": r,
                "cols": c,
                "count": count,
                "exact": not capped,
                "s": round(time.perf_counter() - t, 4),
            }
        )
    return {"engine": engine_name, "shapes": rows, "total_s": round(time.perf_counter() - t0, 3)}


def solid_is_legal(rows: int, cols: int) -> bool:
    """The rectangle with every cell numbered obeys the rules (checked by rules.py): the only
    answer that can fill a rectangle completely."""
    board = blank(rows, cols)
    return rules.is_answer(board, tuple(len(nb) for nb in board.grid.orth))


def cubic_prediction(values: list[int], at: int) -> int:
    """The cubic through (2, values[0]) .. (5, values[3]) evaluated at n = ``at`` (Lagrange)."""
    xs = [2, 3, 4, 5]
    total = Fraction(0)
    for i, (x, y) in enumerate(zip(xs, values, strict=True)):
        term = Fraction(y)
        for j, other in enumerate(xs):
            if j != i:
                term *= Fraction(at - other, x - other)
        total += term
    return int(total)


# ---------------------------------------------------------------- the study


def plan(p: Params, seed: int) -> list[Job]:
    shapes = [(r, c) for r in range(1, p["rows"] + 1) for c in range(1, p["cols"] + 1)]
    return [("transfer", w) for w in range(1, min(p["rows"], p["widths"]) + 1)] + [
        (eng, r, c)
        for eng in ("ladder", "brute", "enumerate")
        for r, c in shapes
        if r * c <= p[f"{eng}_cells"]
    ]


def work(p: Params, seed: int, kind: str, *shape: int) -> Any:
    """The transfer matrix of one width for every length, or one shape recounted by engine 1,
    engine 2 or the enumerator (the enumerator also gives the most numbered cells)."""
    if kind == "transfer":
        t = time.perf_counter()
        counts, held = transfer_counts_fast(shape[0], p["cols"])
        return {"counts": counts, "held": held, "s": round(time.perf_counter() - t, 2)}
    if kind == "enumerate":
        answers = all_answers(*shape)
        return [len(answers), int((answers > 0).sum(axis=1).max()) if len(answers) else -1]
    rows, cols = shape
    count, capped = blank_count(rows, cols, kind)
    if capped:
        raise RuntimeError(f"{kind} capped on the blank {size_name(*shape)} board")
    return count


def _gather(p: Params, seed: int, results: list[Any]) -> dict[Key, Any]:
    got: dict[Key, Any] = {}
    for job, res in zip(plan(p, seed), results, strict=True):
        if job[0] == "transfer":
            got["held", job[1], 0] = res["held"]
            got["seconds", job[1], 0] = res["s"]
            for c, (count, most) in enumerate(res["counts"], 1):
                got["transfer", job[1], c] = count
                got["most", job[1], c] = most if count else None
        else:
            got[job] = res
    for r in range(p["widths"] + 1, p["rows"] + 1):  # a wider board read off its transpose
        for c in range(1, p["cols"] + 1):
            known = c <= p["widths"] and r <= p["cols"]
            got["transfer", r, c] = got["transfer", c, r] if known else None
            got["most", r, c] = got["most", c, r] if known else None
    return got


def _recount(p: Params, got: dict[Key, Any]) -> list[Row]:
    out = []
    for r in range(1, p["rows"] + 1):
        for c in range(1, p["cols"] + 1):
            again = [got.get((e, r, c)) for e in ("ladder", "brute", "enumerate")]
            if any(v is not None for v in again):
                enum = again[2] or [None, None]
                out.append(
                    [
                        size_name(r, c),
                        got["transfer", r, c],
                        again[0],
                        again[1],
                        enum[0],
                        got["most", r, c],
                        enum[1] if enum[0] else None,
                    ]
                )
    return out


def _fill_figures(p: Params, got: dict[Key, Any]) -> Figures:
    R, C = p["rows"], p["cols"]
    fr, fc = p["fill"]
    shapes = [(r, c) for r in range(1, fr + 1) for c in range(1, fc + 1)]
    fillable = [size_name(r, c) for r, c in shapes if solid_is_legal(r, c)]
    upto = sorted({size_name(*sorted(s)) for s in ((int(x) for x in f.split("x")) for f in fillable)})
    reached = [(r, c) for r, c in shapes if got.get(("transfer", r, c)) is not None]
    agree = sum((got["most", r, c] == r * c) == (size_name(r, c) in fillable) for r, c in reached)
    cover = {
        size_name(r, c): sig(got["most", r, c] / (r * c)) if got["most", r, c] else None
        for r in range(1, R + 1)
        for c in range(1, C + 1)
    }
    named = [s for s in SEED_RECTANGLES if cover.get(s) is not None]
    seen = [known(cover[s]) for s in named]
    heads = [f"{r} row{'s' if r > 1 else ''}" for r in range(1, R + 1)]
    top = max((v for v in cover.values() if v is not None and v < 1), default=0)
    cover_rows = [[c, *(cover[size_name(r, c)] for r in range(1, R + 1))] for c in range(1, C + 1)]
    out = {
        "cover": figure(
            "exact",
            table(["columns", *heads], cover_rows),
            lead=f"Apart from the rectangles an answer fills, no answer numbers more than {100 * top:.1f}% "
            f"of its board's cells (R <= {R}, C <= {C}).",
            title="Largest share of cells an answer can number on each rectangle",
            plot=plot("line", "columns", heads, ylabel="share of cells"),
        ),
        "fillable": figure(
            "exact",
            table(
                ["rectangles", "rectangles checked", "shapes that can be filled", "which (up to transpose)"],
                [[f"up to {fr}x{fc}", len(shapes), len(upto), ", ".join(upto)]],
            ),
            seed="fillable",
            lead=f"Of the {len(shapes)} rectangles up to {fr}x{fc}, only {' and '.join(upto)} "
            f"(and their transposes) can be numbered in every cell; the transfer matrix's largest answers "
            f"say the same on {agree} of the {len(reached)} it counts.",
            title=f"Rectangles an answer can fill completely, every R x C up to {fr} x {fc} "
            "(the solid rectangle checked by rules.py; the transfer matrix agrees where "
            "it reaches)",
        ),
    }
    if seen:
        out["cover_ceiling"] = figure(
            "exact",
            table(
                ["rectangles", "lowest ceiling", "highest ceiling"],
                [[", ".join(named), min(seen), max(seen)]],
            ),
            seed="cover_ceiling",
            lead=f"On the seed's rectangles ({len(named)} of them) the largest answer numbers between "
            f"{100 * min(seen):.1f}% and {100 * max(seen):.1f}% of the cells.",
            title="The ceiling on covering: the largest share of cells an answer numbers, lowest and highest "
            "over the rectangles the seed names",
        )
    return out


def _beyond_figures(p: Params, got: dict[Key, Any], recount: list[Row]) -> Figures:
    """Every count to R x C in one grid (a row per column count, as the other grids), and what
    the transfer matrix held and took per width."""
    R, C = p["rows"], p["cols"]
    SR, SC = p["seed"]
    heads = [f"{r} row{'s' if r > 1 else ''}" for r in range(1, R + 1)]
    n = {(r, c): got["transfer", r, c] for r in range(1, R + 1) for c in range(1, C + 1)}
    done = [s for s, v in n.items() if v is not None]
    new = [(r, c) for r, c in done if c > SEED_PRINTED.get(r, 0)]
    missing = [size_name(*s) for s, v in n.items() if v is None]
    by_brute = {row[0]: row for row in recount if row[3] is not None}
    confirmed = [s for s in new if size_name(*s) in by_brute]
    agree = sum(by_brute[size_name(*s)][3] == n[s] for s in confirmed)
    biggest = max(done, key=lambda s: (s[0] * s[1], s))
    widths = [w for w in range(1, min(R, p["widths"]) + 1)]
    held = [[w, got["held", w, 0], got["seconds", w, 0]] for w in widths]
    ratio = [sig(held[k][1] / held[k - 1][1], 3) for k in range(1, len(held))]
    reach = (f"every one of the {R * C} shapes is counted" if not missing else
             f"{len(done)} of the {R * C} shapes are counted; {', '.join(missing)} were not "
             f"(a taller board is read off its transpose only to width {p['widths']})")
    return {
        "counts_beyond": figure(
            "exact",
            table(["columns", *heads], [[c, *(n[r, c] for r in range(1, R + 1))] for c in range(1, C + 1)]),
            lead=f"Past the seed's table (R <= {SR}, C <= {SC}): up to {R}x{C} {reach}, "
            f"{len(new)} of them not printed by the seed; the largest, {size_name(*biggest)}, has "
            f"{n[biggest]:,} answers. Engine 2 recounts the {len(confirmed)} new shapes with "
            f"R*C <= {p['brute_cells']} and agrees on {agree}.",
            title=f"Past the seed: answers of every blank R x C board to R = {R}, C = {C} "
            f"(transfer matrix of widths up to {min(R, p['widths'])})",
            note="a row per column count C, a column per row count R; exact big integers; shapes with R, C "
            "<= 8 are counted twice, at width R and at width C (check: transposes agree); None: not "
            "computed",
            plot=plot("line", "columns", heads, ylabel="answers", logy=True),
        ),
        "frontier": figure(
            "exact",
            table(["width", "most frontiers held at once"], [h[:2] for h in held]),
            lead=f"The transfer matrix's frontier grows about {ratio[-1] if ratio else 1:g}-fold per unit "
            f"of width at the widest: {held[-1][1]:,} distinct frontiers at width {held[-1][0]} "
            f"(group, numbered neighbours so far and barred degrees per cell; groups renamed in order).",
            title="The transfer matrix's state space: the most distinct frontiers held at once, per width",
            plot=plot("line", "width", ["most frontiers held at once"], ylabel="frontiers", logy=True),
        ),
        "frontier_time": figure(
            "timing",
            table(["width", "frontiers", "seconds for every length to " + str(C)], held),
            lead=f"Width {held[-1][0]} took {held[-1][2]:g} s for every length to {C} (each frontier's "
            "successors worked out once; later rows only add big integers).",
            title="Time the transfer matrix took per width (one process, shared machine)",
        ),
    }


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    R, C = p["rows"], p["cols"]
    SR, SC = min(R, p["seed"][0]), min(C, p["seed"][1])
    got = _gather(p, seed, results)
    heads = [f"{r} row{'s' if r > 1 else ''}" for r in range(1, R + 1)]
    n = {(r, c): got["transfer", r, c] for r in range(1, R + 1) for c in range(1, C + 1)}
    seed_rows = [[f"{r}xn", *(n[r, c] for c in range(1, SC + 1))] for r in range(1, SR + 1)]
    growth = [
        [c, *(sig(n[r, c] / n[r, c - 1]) if n[r, c - 1] and n[r, c] else None for r in range(1, R + 1))]
        for c in range(2, C + 1)
    ]
    most = [[c, *(got["most", r, c] for r in range(1, R + 1))] for c in range(1, C + 1)]
    last = [g for g in growth[-1][1:] if g is not None]
    big = max(((r, c) for r in range(1, R + 1) for c in range(1, C + 1) if got["most", r, c] is not None),
              key=lambda s: s[0] * s[1])
    recount = _recount(p, got)
    agree = sum(len({v for v in row[1:5] if v is not None}) == 1 for row in recount)
    figures = {
        "counts": figure(
            "exact",
            table(["board", *(str(c) for c in range(1, SC + 1))], seed_rows),
            seed="blank_counts",
            lead=f"The blank 1 x n strip has n - 2 answers for n >= 2 and {n[1, 1]} at n = 1 "
            f"(1x{SC}: {n[1, SC]}); the counts grow "
            f"fast with both sides ({size_name(min(R, 6), 6)}: {n[min(R, 6), 6]:,}).",
            title=f"Answers of the blank R x C board, R = 1..{SR}, C = 1..{SC}: the seed's table (transfer "
            "matrix)",
            note="every count exact: a transfer matrix over the row frontier of widths up to "
            f"{p['widths']}, a taller board read off its transpose (None: not computed; no answer is "
            "enumerated); small shapes recounted by engines 1 and 2 (table recount); the seed prints "
            "rows 4 to 7 only to columns 8, 7, 6 and 5, we fill every cell",
        ),
        **_beyond_figures(p, got, recount),
        "growth": figure(
            "exact",
            table(["columns", *heads], growth),
            lead=f"Adding a column multiplies the count by up to {max(last):.2f} at C = {C} on the widest "
            "rows computed; the 1-row strip grows by one answer a column.",
            title="Counts growth: the factor the answer count gains from one more column "
            "(None after a zero count)",
            plot=plot("line", "columns", heads, ylabel="count(C) / count(C - 1)"),
        ),
        "most_cells": figure(
            "exact",
            table(["columns", *heads], most),
            lead=f"The largest answer on the {size_name(*big)} board numbers {got['most', *big]} of its "
            f"{big[0] * big[1]} cells.",
            title="Most numbered cells an answer of the blank R x C board can have (None: no answer)",
        ),
        **_fill_figures(p, got),
        "recount": figure(
            "exact",
            table(
                [
                    "board",
                    "transfer matrix",
                    "engine 1 (ladder)",
                    "engine 2 (brute)",
                    "enumerated",
                    "most cells (transfer)",
                    "most cells (enumerated)",
                ],
                recount,
            ),
            lead=f"On all {len(recount)} small shapes recounted, the transfer matrix, engine 1, engine 2 and "
            f"the enumerator agree on {agree}.",
            title="Blank-board counts recounted by engine 1 (R*C <= "
            f"{p['ladder_cells']}), engine 2 (R*C <= {p['brute_cells']}) and the "
            f"answer enumerator (R*C <= {p['enumerate_cells']})",
        ),
    }
    if R >= 2 and C >= 7:
        two = [n[2, c] for c in range(2, 6)]
        cubic = [[f"2x{c}", cubic_prediction(two, c), n[2, c]] for c in (6, 7)]
        figures["cubic"] = figure(
            "exact",
            table(["board", "cubic through 2x2 .. 2x5 predicts", "true count"], cubic),
            seed="cubic",
            lead=f"The cubic through the 2 x n counts for n = 2..5 predicts {cubic[0][1]} for 2x6 (true: "
            f"{cubic[0][2]}) and {cubic[1][1]} for 2x7, where the true count is {cubic[1][2]}: the row is "
            "not that polynomial.",
            title="The 2 x n row against the cubic through its values at n = 2..5",
        )
    return figures


def check(p: Params, figures: Figures) -> list[str]:
    out = []
    count = {
        (int(row[0][:-2]), c): v
        for row in figures["counts"]["value"]["rows"]
        for c, v in enumerate(row[1:], 1)
    }
    for r, want in KNOWN.items():
        for c, w in enumerate(want, 1):
            if (r, c) in count and count[r, c] != w:
                out.append(f"blank {size_name(r, c)}: {count[r, c]} answers, the spec says {w}")
    beyond = figures["counts_beyond"]["value"]["rows"]
    grid = {(r, row[0]): v for row in beyond for r, v in enumerate(row[1:], 1)}
    for (r, c), v in count.items():
        if grid.get((r, c)) != v:
            out.append(f"blank {size_name(r, c)}: {v} in the seed's table, {grid.get((r, c))} past it")
    for (r, c), v in grid.items():
        if r == 1 and v != max(c - 2, 0):
            out.append(f"1x{c} strip has {v} answers, not n - 2")
        if (c, r) in grid and grid[c, r] != v:  # counted at width r and at width c
            out.append(f"{size_name(r, c)} has {v} answers but its transpose {grid[c, r]}")
    brute = {row[0] for row in figures["recount"]["value"]["rows"] if row[3] is not None}
    missing = [size_name(r, c) for r, c in count if r <= 4 and c <= 4 and size_name(r, c) not in brute]
    if missing:
        out.append(f"blank boards up to 4x4 not recounted by engine 2: {missing}")
    for row in figures["recount"]["value"]["rows"]:
        if len({v for v in row[1:5] if v is not None}) > 1:
            out.append(f"blank {row[0]}: engines disagree {row[1:5]}")
        if row[6] is not None and row[5] != row[6]:
            out.append(f"blank {row[0]}: most cells {row[5]} by transfer, {row[6]} enumerated")
    most = {(c[0], r): v for c in figures["most_cells"]["value"]["rows"] for r, v in enumerate(c[1:], 1)}
    fill = figures["fillable"]["value"]["rows"][0][3].split(", ")
    for (c, r), v in most.items():  # the transfer matrix's largest answer against rules.py
        full = v == r * c
        if full != (size_name(*sorted((r, c))) in fill):
            out.append(f"{size_name(r, c)}: the transfer matrix says filled {full}, rules.py disagrees")
    return out
