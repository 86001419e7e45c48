"""Study 8 (ours, past the seed): the exact twin share where the seed stops ("cheap while Y
is at most 6x6, blows up past that"). The two-block count of Y is a transfer matrix over
the order of the columns (twins_order.py: a state is a line of blocks of columns, at
most a(n) = 2 a(n-1) + a(n-2) of them on n columns), so every grid with both sides
2 (mod 3) up to 20x20 is exact; each count is confirmed by the recurrence over the
source block (twins_source.py), by the seed's row-by-row count over the still-possible
J (twin_counts.no_split_count) where it runs, by brute force over every Y on small Y, and by
grouping every picture by its clues on grids up to 5x5. None of these shares code with
the transfer matrix."""

from __future__ import annotations

import time
from itertools import combinations
from typing import Any

import numpy as np

from pencilbox.puzzles.fillapix import twins
from pencilbox.puzzles.fillapix.studies import twin_counts, twins_order, twins_source
from pencilbox.puzzles.fillapix.studies.common import grid_name, rows_of
from pencilbox.studies import Figures, Params, Row, figure, plot, sig, table

NUMBER = 8
NAME = "exact_twins"
TITLE = ("Exact twin shares past the seed: the two-block count by a transfer matrix over the order "
         "of the columns, every grid with both sides 2 (mod 3) up to 20x20, confirmed other ways")

# order_top: the transfer matrix on every n <= order_top columns, order_top rows;
# old_squares / old_grids: the J-set count on n x n and on the grid pairs with its narrow
# side at most old_grids; brute_cells: every Y with at most that many cells (sides <= 6);
# picture_cells: pictures grouped by their clues on grids with at most that many cells.
FULL = {
    "sides": [2, 5, 8, 11, 14, 17, 20],
    "order_top": 14,
    "old_squares": 7,
    "old_grids": 6,
    "brute_cells": 20,
    "picture_cells": 25,
}
QUICK = {
    "sides": [2, 5, 8],
    "order_top": 6,
    "old_squares": 5,
    "old_grids": 4,
    "brute_cells": 9,
    "picture_cells": 10,
}


def _grids(p: Params) -> list[tuple[int, int]]:
    return list(combinations(p["sides"], 2)) + [(s, s) for s in p["sides"]]


def _y_of(h: int, w: int) -> tuple[int, int]:
    return twins.pattern_size(h), twins.pattern_size(w)


def plan(p: Params, seed: int) -> list[tuple[Any, ...]]:
    top = p["order_top"]
    jobs: list[tuple[Any, ...]] = [("order", n, top) for n in range(top, 0, -1)]  # the longest first
    jobs.append(("source", top))
    old = {(n, n) for n in range(1, p["old_squares"] + 1)}
    old |= {(max(_y_of(h, w)), min(_y_of(h, w))) for h, w in _grids(p) if min(_y_of(h, w)) <= p["old_grids"]}
    jobs += [("old", m, n) for m, n in sorted(old, key=lambda mn: -mn[1] * 100 - mn[0])]
    jobs += [("brute", m, n) for m in range(2, 7) for n in range(m, 7) if m * n <= p["brute_cells"]]
    jobs += [("pictures", h, w) for h, w in _grids(p) if h <= w and h * w <= p["picture_cells"]]
    return jobs


def work(p: Params, seed: int, what: str, *args: int) -> dict[str, Any]:
    t0 = time.perf_counter()
    out: dict[str, Any] = {"what": what, "args": list(args)}
    if what == "order":
        n, rows = args
        counts, states = twins_order.order_counts(rows, n)
        out |= {"counts": counts, "states": states}
    elif what == "source":
        table_ = twins_source.strong_table(args[0], args[0])
        out["counts"] = [[a, b, v] for (a, b), v in sorted(table_.items())]
    elif what == "old":
        m, n = args
        layers: list[int] = []
        out |= {"count": twin_counts.no_split_count(m, n, layers), "states": layers}
    elif what == "brute":
        out["count"] = brute_no_split(*args)
    else:
        # lazy: python -m ...studies.twin_census runs it as __main__ (its package must not import it first)
        from pencilbox.puzzles.fillapix.studies.twin_census import with_twin_by_clues
        h, w = args
        out["with_twin"] = with_twin_by_clues(h, w)
    out["seconds"] = round(time.perf_counter() - t0, 3)
    return out


def brute_no_split(m: int, n: int) -> int:
    """Every m x n matrix Y, straight from the definition: no constant row or column, and
    no proper nonempty column set J with every row all 0 on J or all 1 off J."""
    full = (1 << n) - 1
    codes = np.arange(1 << (m * n), dtype=np.int64)
    rows = [(codes >> (n * i)) & full for i in range(m)]
    ok = np.ones(len(codes), dtype=bool)
    for r in rows:
        ok &= (r != 0) & (r != full)
    for j in range(n):
        column = [(r >> j) & 1 for r in rows]
        ok &= np.bitwise_or.reduce(column) == 1
        ok &= np.bitwise_and.reduce(column) == 0
    for jset in range(1, full):
        fits = np.ones(len(codes), dtype=bool)
        for r in rows:  # r holds the 1s of the row: all 0 on J, or all 1 off J
            fits &= ((r & jset) == 0) | ((r | jset) == full)
        ok &= ~fits
    return int(ok.sum())


def shapes_possible(n: int) -> int:
    """a(n): compositions of n whose parts of two or more come in two kinds, the most
    lines of blocks the transfer matrix can meet on n columns."""
    a, b = 1, 1  # a(0), a(1)
    for _ in range(n - 1):
        a, b = b, 2 * b + a
    return b if n >= 1 else a


def _collect(results: list[dict[str, Any]]) -> dict[str, Any]:
    order: dict[tuple[int, int], int] = {}
    order_states: dict[int, list[int]] = {}
    source: dict[tuple[int, int], int] = {}
    old: dict[tuple[int, int], dict[str, Any]] = {}
    brute: dict[tuple[int, int], int] = {}
    pictures: dict[tuple[int, int], int] = {}
    seconds: dict[tuple[str, int], float] = {}
    for r in results:
        what, args = r["what"], tuple(r["args"])
        if what == "order":
            n = args[0]
            order_states[n] = r["states"]
            for m, v in enumerate(r["counts"], start=1):
                order[m, n] = v
            seconds["order", n] = r["seconds"]
        elif what == "source":
            source = {(a, b): v for a, b, v in r["counts"]}
        elif what == "old":
            old[args] = r
            if args[0] == args[1]:
                seconds["old", args[1]] = r["seconds"]
        elif what == "brute":
            brute[args] = r["count"]
        else:
            pictures[args] = r["with_twin"]
    return {"order": order, "order_states": order_states, "source": source, "old": old, "brute": brute,
            "pictures": pictures, "seconds": seconds}


def _lookup(d: dict[tuple[int, int], Any], m: int, n: int) -> Any:
    """A count of Y by either orientation (the count is the same for the transpose)."""
    return d.get((m, n), d.get((n, m)))


def _pct(x: float) -> str:
    """A share kept to ``sig``'s four significant digits, printed with those four and no more
    (``.3%`` printed 0.1585 as 15.850%, a fifth digit the value does not carry: it is 15.849...%)."""
    return f"{x * 100:.4g}%"


def _sci(x: float) -> str:
    return f"{x:.3g}"


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    c = _collect(results)
    order, source, old, brute = c["order"], c["source"], c["old"], c["brute"]
    old_counts = {k: v["count"] for k, v in old.items()}
    top = p["order_top"]

    shares: list[Row] = []
    for h, w in sorted(_grids(p)):
        m, n = _y_of(h, w)
        y = _lookup(order, m, n)
        line_free = twin_counts.line_twin_free(h, w)  # a283624(m, n) times the cells off the pattern
        free = y * (line_free // twin_counts.a283624(m, n))
        pictures = 2 ** (h * w)
        how = ["source recurrence" if _lookup(source, m, n) == y else "source recurrence DIFFERS"]
        if _lookup(old_counts, m, n) is not None:
            how.append("J-set count" if _lookup(old_counts, m, n) == y else "J-set count DIFFERS")
        if _lookup(brute, m, n) is not None:
            how.append("brute force over Y" if _lookup(brute, m, n) == y else "brute force DIFFERS")
        seen = c["pictures"].get((h, w))
        if seen is not None:
            how.append("pictures by clues" if seen == pictures - free else "pictures by clues DIFFER")
        two_block = line_free - free
        shares.append(
            [
                grid_name(h, w),
                f"{m}x{n}",
                sig(1 - line_free / pictures),
                sig(1 - free / pictures),
                sig(free / pictures),
                sig(two_block / pictures),
                sig(two_block / pictures * 10**6),
                sig(two_block / (pictures - free)),
                ", ".join(how),
            ]
        )

    states: list[Row] = []
    for n in range(1, top + 1):
        square = old.get((n, n))
        states.append(
            [
                n,
                max(square["states"]) if square else None,
                max(c["order_states"][n][1:]),  # after a row, as the J-set count's layers
                shapes_possible(n),
                n * n,
            ]
        )

    ys: list[Row] = []
    for n in range(1, top + 1):
        ys.append([f"{n}x{n}", order[n, n], source.get((n, n)), old_counts.get((n, n)), brute.get((n, n))])
    for m, n in sorted(brute):
        if m != n:
            ys.append([f"{m}x{n}", _lookup(order, m, n), _lookup(source, m, n), _lookup(old_counts, m, n),
                       brute[m, n]])

    seconds = [
        [n, c["seconds"].get(("order", n)), c["seconds"].get(("old", n))] for n in range(1, top + 1)
    ]

    y_agree = sum(len({v for v in r[1:] if v is not None}) == 1 for r in ys)
    y_two = sum(sum(v is not None for v in r[1:]) >= 2 for r in ys)
    by_grid = {r[0]: r for r in shares}
    squares = [r for r in shares if r[0].split("x")[0] == r[0].split("x")[1]]
    thin = [r for r in squares if r[5]]  # squares with any two-block pictures (2x2 has none)
    past = [r for r in thin if int(r[0].split("x")[0]) >= 8]  # from the seed's last exact square on
    lead = "Counted exactly, the pictures whose only twins are two-block are " + ", ".join(
        f"{_sci(r[5])} of all {r[0]} pictures ({_sci(r[6])} per million)" for r in past or thin
    ) + "." if thin else "No grid here has two-block twins."
    eleven = by_grid.get("11x11")
    if eleven:
        same = sig(eleven[3], 4) == sig(eleven[2], 4)
        lead += (f" On 11x11 they are {_sci(eleven[7])} of the pictures with a twin: the exact twin share "
                 f"({_pct(eleven[3])}) " + ("is the lines-only one to four digits." if same else
                                          f"against {_pct(eleven[2])} from lines alone."))
    agreed = sum("DIFFER" not in r[8] for r in shares)
    old_ran = sum("J-set" in r[8] for r in shares)
    old_agreed = sum("J-set count" in r[8] and "J-set count DIFFERS" not in r[8] for r in shares)
    lead += (f" The recurrence over the source block gives the same count on {agreed} of {len(shares)} "
             f"grids, the seed's J-set count on {old_agreed} of the {old_ran} where it ran.")

    big = states[-1]
    old_rows = [r for r in states if r[1] is not None]
    last_old = old_rows[-1] if old_rows else None
    growth = (states[-1][2] / states[-2][2]) if len(states) > 1 and states[-2][2] else None
    state_lead = (f"On {big[0]} columns the transfer matrix meets {big[2]:,} states "
                  f"(a({big[0]}) = {big[3]:,} possible), {growth:.3f} times as many as on {big[0] - 1}")
    if last_old and len(old_rows) > 1:
        prev = old_rows[-2]
        state_lead += (f"; the seed's J-set count meets {last_old[1]:,} on {last_old[0]} columns (the "
                       f"transfer matrix {last_old[2]:,}), {last_old[1] / prev[1]:.1f} times as many as on "
                       f"{prev[0]}")
    state_lead += f"; the recurrence over the source block fills {big[4]} entries."

    reached_all = all(r[2] == r[3] - 1 for r in states if r[0] >= 2)
    return {
        "exact_twin_shares": figure(
            "exact",
            table(
                [
                    "grid",
                    "Y",
                    "lines-only share",
                    "exact twin share",
                    "twin-free share",
                    "two-block share",
                    "two-block per million pictures",
                    "two-block share of twins",
                    "confirmed by",
                ],
                shares,
            ),
            lead=lead,
            note="ours, past the seed (which stops at Y 6x6, 8x8 grids); every grid with both sides 2 "
            "(mod 3) from these sides; Y counted by the transfer matrix over the order of the columns; "
            "two-block: pictures whose only twins need a two-block vector; confirmed by: the other ways "
            "that gave the same count (J-set count: the seed's row-by-row count, where it runs; brute "
            f"force over every Y with at most {p['brute_cells']} cells; pictures by clues: every picture "
            f"grouped by its clue vector, grids of at most {p['picture_cells']} cells)",
        ),
        "two_block_by_size": figure(
            "exact",
            table(["grid", "two-block share", "lines-only share"], [[r[0], r[5], r[2]] for r in thin]),
            lead="On squares with both sides 2 (mod 3), the exact share of pictures whose only twins are "
            f"two-block falls from {_sci(thin[0][5])} on {thin[0][0]} to {_sci(thin[-1][5])} on "
            f"{thin[-1][0]}, while single line flips give {_pct(thin[-1][2])} there.",
            note="squares with any two-block pictures (2x2 has none)",
            plot=plot("line", "grid", ["two-block share", "lines-only share"], ylabel="share of pictures",
                      logy=True),
        ),
        "state_space": figure(
            "exact",
            table(
                [
                    "columns of Y",
                    "J-set states (seed's count)",
                    "transfer-matrix states",
                    "shapes possible a(n)",
                    "recurrence entries",
                ],
                states,
            ),
            lead=state_lead,
            note="states: the most distinct states after any row of an n x n count; J-set count only where "
            "it was run (a dash beyond); a(n) = 2 a(n-1) + a(n-2): "
            + ("every shape but the starting one is reached" if reached_all else "some are never reached"),
            plot=plot(
                "line",
                "columns of Y",
                ["J-set states (seed's count)", "transfer-matrix states", "recurrence entries"],
                ylabel="states",
                logy=True,
            ),
        ),
        "y_counts": figure(
            "exact",
            table(["Y", "by the transfer matrix", "by the source recurrence", "by the J-set count",
                   "by brute force"], ys),
            lead=f"Y matrices with no constant line and no two-block split, n x n for n up to {top} and "
            f"every Y of at most {p['brute_cells']} cells: the ways of counting that ran agree on {y_agree} "
            f"of {len(ys)} (two or more ran on {y_two} of them).",
            note="a dash: that way was not run on this Y",
        ),
        "seconds": figure(
            "timing",
            table(["columns of Y", "transfer matrix (all rows)", "J-set count (n x n)"], seconds),
            lead=f"Seconds per count on this machine: the transfer matrix over {top} rows on n columns, the "
            "J-set count on n x n.",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    broken = []
    for r in rows_of(figures["exact_twin_shares"]):
        if "DIFFER" in r["confirmed by"]:
            broken.append(f"{r['grid']}: {r['confirmed by']}")
        if r["exact twin share"] < r["lines-only share"]:
            broken.append(f"{r['grid']}: the two-block family lowers the twin share")
    for r in rows_of(figures["y_counts"]):
        counts = {v for k, v in r.items() if k != "Y" and v is not None}
        if len(counts) != 1:
            broken.append(f"Y {r['Y']}: the counts differ")
    for r in rows_of(figures["state_space"]):
        if r["transfer-matrix states"] > r["shapes possible a(n)"]:
            broken.append(f"{r['columns of Y']} columns: more states than shapes")
    return broken
