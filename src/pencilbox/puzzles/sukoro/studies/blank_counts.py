"""Study 1: answers of every blank R x C board (the seed's table, R <= 7, C <= 10, and past it to
R <= 10, C <= 12, each count by two codes that share nothing), the 2 x n row against the cubic
through its first four values, the largest share of cells an answer can cover, and the
rectangles an answer fills completely (checked to 8 x 12, as the seed did)."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

from pencilbox.core.puzzle import known
from pencilbox.puzzles.sukoro import rules
from pencilbox.puzzles.sukoro.studies.blank import all_answers, transfer_counts_fast
from pencilbox.puzzles.sukoro.studies.common import blank, blank_count, size_name
from pencilbox.puzzles.sukoro.studies.rowwise import row_counts
from pencilbox.puzzles.sukoro.studies.transfer import compiled_counts
from pencilbox.studies import Figures, Job, Params, Row, figure, plot, sig, table

NUMBER = 1
NAME = "blank_counts"
TITLE = (
    "Answers of every blank R x C board (the seed's R <= 7, C <= 10, and on to R <= 10, C <= 12), the "
    "2 x n cubic, largest covers and the rectangles an answer fills (to 8 x 12)"
)
# widths: the plain transfer matrix runs widths 1..widths; compiled: the compiled one and the row
# counter run widths 1..compiled (a taller row read off the transpose); seed: the rows and
# columns of the seed's table (the figure ``counts`` reproduces it)
FULL = {"rows": 10, "widths": 8, "compiled": 10, "cols": 12, "seed": [7, 10], "ladder_cells": 36,
        "brute_cells": 50, "enumerate_cells": 25, "fill": [8, 12]}
QUICK = {"rows": 4, "widths": 3, "compiled": 4, "cols": 11, "seed": [7, 10], "ladder_cells": 16,
         "brute_cells": 16, "enumerate_cells": 12, "fill": [8, 12]}
KNOWN = {
    1: [0, 0, 1, 2, 3, 4, 5, 6, 7, 8],  # sukoro.md, Studies 1
    2: [0, 4, 12, 26, 48, 80, 126, 190, 278, 398],
    3: [1, 12, 54, 162],
}
Key = tuple[str, str | int, int]  # ("transfer", "most" or an engine, rows, cols): a gathered count
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
    return [(eng, w) for eng, top in (("plain", p["widths"]), ("compiled", p["compiled"]),
                                      ("rowwise", p["compiled"])) for w in range(1, top + 1)] + [
        (eng, r, c)
        for eng in ("ladder", "brute", "enumerate")
        for r, c in shapes
        if r * c <= p[f"{eng}_cells"]
    ]


MATRICES = {"plain": "plain transfer matrix (blank.py)", "compiled": "compiled transfer matrix "
            "(transfer.py)", "rowwise": "row counter (rowwise.py)"}


def _matrix(kind: str, width: int, length: int) -> tuple[list[tuple[int, int]], int]:
    """Counts and largest answers of one width for every length, and the most states held."""
    if kind == "plain":
        return transfer_counts_fast(width, length)
    counts, held = (compiled_counts if kind == "compiled" else row_counts)(width, length)
    return counts, max(held)


def work(p: Params, seed: int, kind: str, *shape: int) -> Any:
    """One width by one of the three transfer matrices for every length (with its wall and CPU
    seconds), or one shape recounted by engine 1, engine 2 or the enumerator (the enumerator
    also gives the most numbered cells)."""
    if kind in MATRICES:
        t, cpu = time.perf_counter(), time.process_time()
        counts, held = _matrix(kind, shape[0], p["cols"])
        return {"counts": counts, "held": held,
                "s": round(time.perf_counter() - t, 2), "cpu": round(time.process_time() - cpu, 2)}
    if kind == "enumerate":
        answers = all_answers(*shape)
        return [len(answers), int((answers > 0).sum(axis=1).max()) if len(answers) else -1]
    rows, cols = shape
    count, capped = blank_count(rows, cols, kind)
    if capped:
        raise RuntimeError(f"{kind} capped on the blank {size_name(*shape)} board")
    return count


def _read(got: dict[Key, Any], kind: str, r: int, c: int) -> tuple[int | None, int | None]:
    """One matrix's (count, most cells) of the R x C board: at width R, else at width C
    (the transpose), else (None, None)."""
    for w, n in ((r, c), (c, r)):
        if (kind, w, n) in got:
            count, most = got[kind, w, n]
            return count, most if count else None
    return None, None


def _gather(p: Params, seed: int, results: list[Any]) -> dict[Key, Any]:
    """Each job's figures by key; ("transfer", R, C) and ("most", R, C) are the compiled
    transfer matrix's, the plain one's and the row counter's kept as checks."""
    got: dict[Key, Any] = {}
    for job, res in zip(plan(p, seed), results, strict=True):
        if job[0] in MATRICES:
            got["held", job[0], job[1]] = [res["held"], res["s"], res["cpu"]]
            for c, (count, most) in enumerate(res["counts"], 1):
                got[job[0], job[1], c] = (count, most)
        else:
            got[job] = res
    for r in range(1, p["rows"] + 1):
        for c in range(1, p["cols"] + 1):
            got["transfer", r, c], got["most", r, c] = _read(got, "compiled", r, c)
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


def _agree(got: dict[Key, Any], kind: str, r: int, c: int) -> bool | None:
    """Whether another matrix gives the compiled one's (count, most cells) of R x C; None
    where it does not reach."""
    other = _read(got, kind, r, c)
    return None if other[0] is None else other == (got["transfer", r, c], got["most", r, c])


def _confirm_figures(p: Params, got: dict[Key, Any]) -> Figures:
    """Each count and largest answer against the row counter (shares no code), the plain
    transfer matrix (where it reaches, at either side) and the compiled one's own transpose."""
    R, C, W = p["rows"], p["cols"], p["compiled"]
    summary, new = [], []
    for r in range(1, R + 1):
        row = [r, C]
        for kind in ("rowwise", "plain"):
            seen = [_agree(got, kind, r, c) for c in range(1, C + 1)]
            row += [sum(v is True for v in seen), sum(v is not None for v in seen)]
        flip = [(c, r) for c in range(1, C + 1) if c <= W and r <= min(C, W) and c != r]
        row.append(f"{sum(got['compiled', c, r] == got['compiled', r, c] for c, _ in flip)} of {len(flip)}")
        summary.append(row)
        if r > 8:  # the rows new in issue 49
            for c in range(1, C + 1):
                plain = _read(got, "plain", r, c)
                new.append([size_name(r, c), got["transfer", r, c], _read(got, "rowwise", r, c)[0], plain[0],
                            got["most", r, c], _read(got, "rowwise", r, c)[1], plain[1]])
    shapes = R * C
    both = sum(row[2] for row in summary)
    plain_n, plain_ok = sum(row[5] for row in summary), sum(row[4] for row in summary)
    wide = sum(got["transfer", r, c] is not None and got["transfer", r, c] >= 2**63
               for r in range(1, R + 1) for c in range(1, C + 1))
    out = {
        "confirm": figure(
            "exact",
            table(["rows R", "shapes R x 1..C", "row counter agrees", "row counter reaches",
                   "plain matrix agrees", "plain matrix reaches", "compiled R x C = C x R"], summary),
            lead=f"Every one of the {shapes} counts and largest answers is worked out twice by codes that "
            f"share nothing, the compiled transfer matrix and the row counter: they agree on {both} of "
            f"{shapes}; the plain transfer matrix (widths to {p['widths']}, read at either side) agrees on "
            f"{plain_ok} of the {plain_n} it reaches. {wide} "
            f"{'count passes' if wide == 1 else 'counts pass'} 2^63.",
            title="How each count is confirmed: the compiled transfer matrix against the row counter, the "
            "plain transfer matrix and its own transpose (count and most numbered cells both must match)",
            note="compiled: a frontier of cells over the row boundary, packed in two int64 words, hashed "
            "into arrays, exact counts in two 62-bit limbs (up to 2^124; an R x C count is at most "
            "2^(R*C) <= 2^120); row counter: a whole row at a time, a depth-first walk over the next "
            "row, counts modulo 2^61 - 1 and 2^61 - 3 joined by the Chinese remainder theorem (exact "
            "below 2^121)",
        ),
    }
    if new:
        out["confirm_new"] = figure(
            "exact",
            table(["board", "answers (compiled)", "answers (row counter)", "answers (plain, transpose)",
                   "most cells (compiled)", "most cells (row counter)", "most cells (plain)"], new),
            lead=f"The rows new here, R = 9 and 10: all {len(new)} boards counted by both codes, the ones "
            f"with C <= {p['widths']} a third time by the plain transfer matrix at width C; the largest, "
            f"{new[-1][0]}, has {new[-1][1]:,} answers and an answer numbering {new[-1][4]} cells.",
            title="The new rows R = 9, 10 by each method (None: not reached)",
        )
    return out


def _beyond_figures(p: Params, got: dict[Key, Any], recount: list[Row]) -> Figures:
    """Every count to R x C in one grid (a row per column count, as the other grids), and what
    the three matrices held and took per width."""
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
    W = p["compiled"]
    held = [[w, got["held", "compiled", w][0], got.get(("held", "plain", w), [None])[0],
             got["held", "rowwise", w][0]] for w in range(1, W + 1)]
    took = [[w, *got["held", "compiled", w][1:], *got["held", "rowwise", w][1:],
             *got.get(("held", "plain", w), [None, None, None])[1:]] for w in range(1, W + 1)]
    ratio = sig(held[-1][1] / held[-2][1], 3) if len(held) > 1 else 1
    reach = (f"every one of the {R * C} shapes is counted" if not missing else
             f"{len(done)} of the {R * C} shapes are counted; {', '.join(missing)} were not")
    return {
        "counts_beyond": figure(
            "exact",
            table(["columns", *heads], [[c, *(n[r, c] for r in range(1, R + 1))] for c in range(1, C + 1)]),
            lead=f"Past the seed's table (R <= {SR}, C <= {SC}): up to {R}x{C} {reach}, "
            f"{len(new)} of them not printed by the seed; the largest, {size_name(*biggest)}, has "
            f"{n[biggest]:,} answers. Each is confirmed by the row counter (table confirm); engine 2 "
            f"recounts the {len(confirmed)} new shapes with R*C <= {p['brute_cells']} and agrees on {agree}.",
            title=f"Past the seed: answers of every blank R x C board to R = {R}, C = {C} "
            f"(compiled transfer matrix of widths up to {W})",
            note="a row per column count C, a column per row count R; exact big integers; the row counter "
            "gives every one again (table confirm); None: not computed",
            plot=plot("line", "columns", heads, ylabel="answers", logy=True),
        ),
        "frontier": figure(
            "exact",
            table(["width", "frontiers (compiled)", "frontiers (plain)", "row states (row counter)"], held),
            lead=f"The transfer matrix's frontier grows about {ratio:g}-fold per unit of width at the "
            "widest: "
            f"{held[-1][1]:,} distinct frontiers at width {held[-1][0]} (group, numbered neighbours so far "
            f"and barred degrees per cell; groups renamed in order); the row counter, which keeps only the "
            f"row boundary, holds {held[-1][3]:,}.",
            title="The state spaces: the most distinct frontiers (or row states) held at once, per width",
            note="the two transfer matrices hold the same frontiers: their counts must match where both run",
            plot=plot("line", "width", ["frontiers (compiled)", "row states (row counter)"],
                      ylabel="states", logy=True),
        ),
        "frontier_time": figure(
            "timing",
            table(["width", "compiled wall s", "compiled CPU s", "row counter wall s", "row counter CPU s",
                   "plain wall s", "plain CPU s"], took),
            lead=f"Width {W} took {took[-1][1]:g} s wall ({took[-1][2]:g} s CPU) compiled and "
            f"{took[-1][3]:g} s wall ({took[-1][4]:g} s CPU) by the row counter, every length to {C}; the "
            f"plain matrix took {took[p['widths'] - 1][5]:g} s at width {p['widths']}, where the compiled "
            f"one took {took[p['widths'] - 1][1]:g} s.",
            title="Time each matrix took per width, every length to " + str(C) +
            " (one process on a shared machine: wall and CPU seconds)",
        ),
        **_confirm_figures(p, got),
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
            note="every count exact: the compiled transfer matrix over the row frontier of widths up to "
            f"{p['compiled']}, confirmed by the row counter (table confirm), a taller board read off its "
            "transpose (None: not computed; no answer is enumerated); small shapes recounted by engines 1 "
            "and 2 (table recount); the seed prints rows 4 to 7 only to columns 8, 7, 6 and 5, we fill "
            "every cell",
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
    for r, shapes, agree, reach, plain_ok, plain_n, flip in figures["confirm"]["value"]["rows"]:
        if not agree == reach == shapes or plain_ok != plain_n or len(set(flip.split(" of "))) > 1:
            out.append(f"rows {r}: the row counter agrees on {agree} of {reach}, the plain matrix on "
                       f"{plain_ok} of {plain_n}, the transposes on {flip}")
    for row in figures.get("confirm_new", {"value": {"rows": []}})["value"]["rows"]:
        plain_differs = row[3] is not None and (row[3], row[6]) != (row[1], row[4])
        if row[1] != row[2] or row[4] != row[5] or plain_differs:
            out.append(f"blank {row[0]}: the methods disagree {row[1:]}")
    most = {(c[0], r): v for c in figures["most_cells"]["value"]["rows"] for r, v in enumerate(c[1:], 1)}
    fill = figures["fillable"]["value"]["rows"][0][3].split(", ")
    for (c, r), v in most.items():  # the transfer matrix's largest answer against rules.py
        full = v == r * c
        if full != (size_name(*sorted((r, c))) in fill):
            out.append(f"{size_name(r, c)}: the transfer matrix says filled {full}, rules.py disagrees")
    return out
