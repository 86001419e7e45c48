"""Study 1: every picture up to 5x5 with its twins counted four ways (clue groups, the
ternary kernel, the classifier, the closed form), the ternary kernel as the seed counts
it, and d(n) = det T_n, whose zeros decide which grids have twins at all."""

from __future__ import annotations

from typing import Any

from pencilbox.puzzles.fillapix.studies.common import exact_det, grid_name, parse_grid, rows_of, side_kind
from pencilbox.studies import Figures, Params, figure, share, table

NUMBER = 1
NAME = "census"
TITLE = "Every picture up to 5x5: twins counted four ways, the ternary kernel and d(n) = det T_n"
FULL = {"max_side": 5, "det_top": 12}
QUICK = {"max_side": 3, "det_top": 12}


def det_t(n: int) -> int:
    """det T_n exactly (Bareiss elimination on the integer matrix with ones on the
    diagonal and next to it), computed without the recurrence it is checked against."""
    return exact_det([[1 if abs(i - j) <= 1 else 0 for j in range(n)] for i in range(n)])


def plan(p: Params, seed: int) -> list[tuple[str, int] | tuple[str, int, int]]:
    grids = [("grid", h, w) for h in range(1, p["max_side"] + 1) for w in range(1, p["max_side"] + 1)]
    return [("det", p["det_top"]), *grids]


def work(p: Params, seed: int, what: str, *args: int) -> dict[str, Any]:
    if what == "det":
        return {"det": [det_t(n) for n in range(1, args[0] + 1)]}

    # lazy: python -m ...studies.twin_census runs it as __main__ (its package must not import it first)
    from pencilbox.puzzles.fillapix.studies.twin_census import census
    h, w = args
    r = census(h, w)
    return {
        k: r[k]
        for k in (
            "h",
            "w",
            "pictures",
            "with_twin",
            "kernel_size",
            "minimal_vectors",
            "conformal_minimal",
            "line_vectors",
            "twins_not_single_line",
            "seconds",
        )
    }


def _determinants(dets: list[int]) -> dict[str, Any]:
    rows = []
    for n, d in enumerate(dets, start=1):
        rec = None if n < 3 else dets[n - 2] - dets[n - 3]
        rows.append([n, d, rec, n % 3])
    zeros = [r[0] for r in rows if r[1] == 0]
    return figure(
        "exact",
        table(["n", "det T_n", "d(n-1) - d(n-2)", "n mod 3"], rows),
        seed="determinants",
        lead=f"det T_n for n = 1 to {len(dets)} runs {', '.join(str(d) for d in dets[:6])} and "
        f"repeats with period six; it is zero at n = {', '.join(map(str, zeros))}, exactly "
        "the sides that are 2 (mod 3), where twins can exist.",
    )


def _census_5x5(results: list[dict[str, Any]]) -> dict[str, Any]:
    rows = []
    for r in results:
        twins = r["with_twin"]["closed_form"]
        second = r["twins_not_single_line"]["closed_form"]
        rows.append(
            [
                grid_name(r["h"], r["w"]),
                r["pictures"],
                twins,
                r["kernel_size"] - 1,
                r["minimal_vectors"],
                second,
                share(second, twins),
                r["kernel_size"],
            ]
        )
    last = rows[-1]
    return figure(
        "exact",
        table(
            [
                "grid",
                "pictures",
                "with a twin",
                "ternary kernel",
                "minimal vectors",
                "second-kind twins",
                "second-kind share",
                "ternary kernel with the zero vector (ours)",
            ],
            rows,
        ),
        seed="census_5x5",
        headline=True,
        lead=f"On {last[0]}, {last[2]:,} of {last[1]:,} pictures have a twin (all four counts agree); the "
        f"ternary kernel has {last[3]:,} nonzero vectors, {last[4]} of them minimal, and {last[5]:,} twins "
        "(the second kind) need more than a single line flip.",
        note="ternary kernel as the seed counts it: without the zero vector (the last column keeps it); "
        "second-kind share: of the pictures with a twin",
    )


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    dets = results[0]["det"]
    grids = results[1:]
    four, kernel, seconds = [], [], []
    for r in grids:
        tw, nl, name = r["with_twin"], r["twins_not_single_line"], grid_name(r["h"], r["w"])
        four.append(
            [
                name,
                r["pictures"],
                tw["clues"],
                tw["kernel"],
                tw["classifier"],
                tw["closed_form"],
                share(tw["closed_form"], r["pictures"]),
            ]
        )
        kernel.append(
            [
                name,
                r["kernel_size"] - 1,
                r["minimal_vectors"],
                r["conformal_minimal"],
                r["line_vectors"],
                nl["kernel"],
                nl["classifier"],
                nl["closed_form"],
            ]
        )
        seconds.append(
            [name, *(round(r["seconds"][m], 3) for m in ("clues", "kernel", "classifier", "closed_form"))]
        )
    agree = sum(len({r[2], r[3], r[4], r[5]}) == 1 for r in four)
    return {
        "determinants": _determinants(dets),
        "census_5x5": _census_5x5(grids),
        "twins": figure(
            "exact",
            table(
                [
                    "grid",
                    "pictures",
                    "by clue groups",
                    "by the kernel",
                    "by the classifier",
                    "closed form",
                    "share with a twin",
                ],
                four,
            ),
            lead=f"Every picture of every grid up to {p['max_side']}x{p['max_side']}, its twins counted four "
            f"ways that share as little code as possible: they agree on {agree} of {len(four)} grids.",
        ),
        "kernel": figure(
            "exact",
            table(
                [
                    "grid",
                    "ternary kernel",
                    "minimal vectors",
                    "conformal minimal",
                    "line vectors",
                    "second kind by the kernel",
                    "by the classifier",
                    "by the closed form",
                ],
                kernel,
            ),
            lead="The ternary kernel (nonzero vectors, as the seed counts it) and the twins that no single "
            "line flip explains, counted three ways; they are nonzero only where both sides are 2 (mod 3).",
            note="second kind: pictures with a twin but no single line flip",
        ),
        "seconds": figure(
            "timing",
            table(["grid", "by clue groups", "by the kernel", "by the classifier", "closed form"], seconds),
            lead="Seconds each way of counting took, grid by grid.",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    broken = []
    twins = {r["grid"]: r for r in rows_of(figures["twins"])}
    kernel = {r["grid"]: r for r in rows_of(figures["kernel"])}
    for name, r in twins.items():
        h, w = parse_grid(name)
        if len({r["by clue groups"], r["by the kernel"], r["by the classifier"], r["closed form"]}) != 1:
            broken.append(f"{name}: the four twin counts differ")
        k = kernel[name]
        if len({k["second kind by the kernel"], k["by the classifier"], k["by the closed form"]}) != 1:
            broken.append(f"{name}: the three counts of twins without a single line flip differ")
        kind = side_kind(h, w)
        if kind == "no side" and (r["closed form"] != 0 or k["ternary kernel"] != 0):
            broken.append(f"{name}: no side is 2 mod 3 yet twins or kernel vectors exist")
        if kind == "one side":
            other = w if h % 3 == 2 else h
            if k["ternary kernel"] != 3**other - 1:
                broken.append(f"{name}: one side 2 mod 3 but the ternary kernel is not 3^{other} - 1")
            if k["by the closed form"] != 0:
                broken.append(f"{name}: one side 2 mod 3 but twins beyond single line flips")
        if grid_name(w, h) in twins and twins[grid_name(w, h)]["closed form"] != r["closed form"]:
            broken.append(f"{name} and its transpose differ")
    for r in rows_of(figures["determinants"]):
        n, d = r["n"], r["det T_n"]
        if r["d(n-1) - d(n-2)"] is not None and r["d(n-1) - d(n-2)"] != d:
            broken.append(f"det T_{n} breaks d(n) = d(n-1) - d(n-2)")
        if (d == 0) != (n % 3 == 2) or d != (1, 0, -1, -1, 0, 1)[(n - 1) % 6]:
            broken.append(f"det T_{n} = {d} breaks the period six")
    return broken
