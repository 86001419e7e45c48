"""Study 1: how far one placed v reaches on an empty board, against how many v's the whole
board holds at once (the seed's "deg" and "room"; its room is the bound rows x
ceil(cols/(v+1)), set here beside the exact maximum)."""

from __future__ import annotations

from typing import Any, TypedDict

from pencilbox.core import engine
from pencilbox.puzzles.ripple import generate
from pencilbox.puzzles.ripple.board import full, initial_state
from pencilbox.puzzles.ripple.generate import looks_dead
from pencilbox.puzzles.ripple.rungs import Lines, Ripple
from pencilbox.puzzles.ripple.studies.common import board, size_label
from pencilbox.studies import Figures, Job, Params, Row, figure, mean_cell, plot, rng, sig, table

NUMBER = 1
NAME = "reach"
TITLE = "Empty-board reach: cells one placed v forbids against how many v's the board holds"
FULL: Params = {"sizes": [6, 8, 10], "values": [1, 2, 3, 4, 5], "demand_samples": 500}
QUICK: Params = {"sizes": [6], "values": [1, 2, 3], "demand_samples": 20}


def reach_by_pairs(rows: int, cols: int, v: int) -> int:
    """Sum over cells of the other cells one placed v forbids, read from the rule over every
    pair (same row or column, at most v apart)."""
    total = 0
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        for j in range(rows * cols):
            rr, cc = divmod(j, cols)
            if j != i and ((r == rr and abs(c - cc) <= v) or (c == cc and abs(r - rr) <= v)):
                total += 1
    return total


def reach_by_rung(rows: int, cols: int, v: int) -> int:
    """The same sum as the ``ripple`` rung computes it (one big region, v placed once)."""
    n = rows * cols
    b = board(rows, cols, (0,) * n)
    total = 0
    for i in range(n):
        state = engine.State([full(v + 2)] * n)  # never single after losing v
        state.dom[i] = 1 << v
        Ripple().apply(b, state)
        total += sum(1 for j, d in enumerate(state.dom) if j != i and not d >> v & 1)
    return total


def conflicts(rows: int, cols: int, v: int) -> list[tuple[int, int]]:
    """Cell pairs that cannot both hold v."""
    out = []
    for r in range(rows):
        for c in range(cols):
            for d in range(1, v + 1):
                if c + d < cols:
                    out.append((r * cols + c, r * cols + c + d))
                if r + d < rows:
                    out.append((r * cols + c, (r + d) * cols + c))
    return out


def most_by_maxsat(rows: int, cols: int, v: int) -> tuple[int, bool]:
    """Most v's the board holds at once, by MaxSAT (RC2), and whether its witness is a
    valid packing."""
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF
    wcnf = WCNF()
    pairs = conflicts(rows, cols, v)
    for a, b in pairs:
        wcnf.append([-(a + 1), -(b + 1)])
    for i in range(rows * cols):
        wcnf.append([i + 1], weight=1)
    with RC2(wcnf) as rc2:
        model = rc2.compute()
    chosen = {lit - 1 for lit in model if 0 < lit <= rows * cols}
    valid = not any(a in chosen and b in chosen for a, b in pairs)
    return len(chosen), valid


def most_by_rows(rows: int, cols: int, v: int) -> int:
    """Most v's the board holds at once, by dynamic programming over rows: the state is,
    per column, how many more rows stay closed to a v."""
    patterns: list[int] = []

    def grow(start: int, mask: int) -> None:
        patterns.append(mask)
        for c in range(start, cols):
            grow(c + v + 1, mask | 1 << c)

    grow(0, 0)
    best = {(0,) * cols: 0}
    for _ in range(rows):
        nxt: dict[tuple[int, ...], int] = {}
        for closed, k in best.items():
            free = sum(1 << c for c in range(cols) if closed[c] == 0)
            aged = tuple(max(b - 1, 0) for b in closed)
            for p in patterns:
                if p & ~free:
                    continue
                state = tuple(v if p >> c & 1 else aged[c] for c in range(cols))
                got = k + p.bit_count()
                if nxt.get(state, -1) < got:
                    nxt[state] = got
        best = nxt
    return max(best.values())


def room(rows: int, cols: int, v: int) -> int:
    """The seed's room: each of the rows holds at most ceil(cols/(v+1)) v's."""
    return rows * -(-cols // (v + 1))


def capacity_bound(rows: int, cols: int, v: int) -> int:
    """The board-capacity test of ``looks_dead``: the room by rows and by columns, the smaller."""
    return min(room(rows, cols, v), room(cols, rows, v))


class Capacity(TypedDict):
    """One (size, v): reach by the rule and by the rung, the most v's at once by MaxSAT (and
    whether its packing is valid) and by the row DP, the seed's room and the capacity bound."""

    pairs: int
    rung: int
    maxsat: int
    witness: bool
    rows_dp: int
    room: int
    bound: int


class Demand(TypedDict):
    """One size: per v, the regions of size >= v of each drawn partition."""

    need: list[list[int]]


class Worked(TypedDict):
    """The seed's two worked cases: the eighteen dominoes and the line rule's row 0."""

    want: int
    room: int
    reasons: list[str]
    owed: int
    row_room: int
    out: list[int]


Capacities = dict[tuple[int, int], Capacity]  # by (size, v)


def plan(p: Params, seed: int) -> list[Job]:
    jobs: list[Job] = [("capacity", n, v) for n in p["sizes"] for v in p["values"]]
    return jobs + [("demand", n) for n in p["sizes"]] + [("worked", 6)]


def work(p: Params, seed: int, kind: str, n: int, v: int = 0) -> Capacity | Demand | Worked:
    """One (size, v): reach two ways and capacity two ways; one size's demand sample; or the
    seed's worked cases."""
    if kind == "worked":
        return worked_examples()
    if kind == "capacity":
        most, valid = most_by_maxsat(n, n, v)
        return {"pairs": reach_by_pairs(n, n, v), "rung": reach_by_rung(n, n, v), "maxsat": most,
                "witness": valid, "rows_dp": most_by_rows(n, n, v), "room": room(n, n, v),
                "bound": capacity_bound(n, n, v)}
    r = rng(seed, "reach", "demand", n)
    need: list[list[int]] = [[] for _ in range(max(p["values"]) + 1)]
    for _ in range(p["demand_samples"]):
        regions = generate.partition(n, n, r)
        sizes = [regions.count(k) for k in range(max(regions) + 1)]
        for w in p["values"]:
            need[w].append(sum(1 for s in sizes if s >= w))
    return {"need": need}


def worked_examples() -> Worked:
    """The seed's two worked cases, recomputed: eighteen dominoes on 6x6, and a row 0 made of
    two 1x3 regions, where the line rule rules a 3 out of two cells of an empty grid."""
    dominoes = tuple((r * 6 + c) // 2 for r in range(6) for c in range(6))
    sizes = [dominoes.count(k) for k in range(max(dominoes) + 1)]
    row0 = tuple([0] * 3 + [1] * 3 + [2 + r for r in range(5) for _ in range(6)])
    b = board(6, 6, row0)
    state = engine.State(initial_state(b))
    Lines().apply(b, state)
    out = [c for c in range(6) if not state.dom[c] >> 3 & 1]
    return {"want": sum(s >= 2 for s in sizes), "room": room(6, 6, 2), "reasons": looks_dead(6, 6, dominoes),
            "owed": 2, "row_room": -(-6 // 4), "out": out}


def _by_job(p: Params, seed: int, results: list[Any]) -> tuple[Capacities, dict[int, list[list[int]]]]:
    jobs = plan(p, seed)
    cap = {(j[1], j[2]): res for j, res in zip(jobs, results, strict=True) if j[0] == "capacity"}
    need = {j[1]: res["need"] for j, res in zip(jobs, results, strict=True) if j[0] == "demand"}
    return cap, need


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    cap, need = _by_job(p, seed, results)
    sizes, values = p["sizes"], p["values"]
    names = [size_label(n) for n in sizes]
    figures = {"reach": _reach_figure(cap, sizes, values), "room": _room_figure(cap, sizes, values)}
    share = [[f"v={v}", *(sig(cap[n, v]["pairs"] / (n * n * (n * n - 1))) for n in sizes)] for v in values]
    figures["reach_share"] = figure("exact", table(["value", *names], share),
                                    title="share of the other cells one placed v forbids",
                                    lead="The same reach as a share of the board: a big board dilutes it.")
    demand: list[Row] = [[f"v={v}", *(mean_cell(need[n][v]) for n in sizes)] for v in values]
    top = max(sizes)
    figures["demand"] = figure(
        "sample", table(["value", *names], demand), n=p["demand_samples"],
        title="regions of size >= v per drawn partition (the generator's drawer), each wanting one v",
        lead=(f"Demand against room: a {size_label(top)} partition from the generator's drawer has on "
              f"average {demand[0][-1]['value']} regions, each wanting a 1, against room for "
              f"{cap[top, values[0]]['room']} of them."),
        plot=plot("line", "value", names, ylabel="regions needing a v"))
    figures.update(_worked_figures(results[-1]))
    figures["cross_checks"] = _cross_checks(cap, sizes, values)
    return figures


def _worked_figures(w: Worked) -> Figures:
    reasons = " and ".join(w["reasons"])
    out = ", ".join(str(c) for c in w["out"])
    return {
        "dominoes": figure(
            "exact", table(["case", "regions wanting a 2", "room for 2s", "looks_dead says"],
                           [["18 dominoes on 6×6", w["want"], w["room"], reasons]]), seed="dominoes",
            title="the seed's worked case: a 6×6 board cut into eighteen dominoes",
            lead=(f"Eighteen dominoes want {w['want']} 2s where a 6×6 board has room for {w['room']}: dead "
                  f"before a number is written ({reasons}).")),
        "line_example": figure(
            "exact", table(["case", "3s owed", "room for 3s", "first column ruled out",
                            "second column ruled out"],
                           [["row 0: two 1×3 regions", w["owed"], w["row_room"], *w["out"]]]),
            seed="line_example", title="the seed's worked case of the line rule, on an empty grid",
            note="columns counted from 0; the other rows are one region each",
            lead=(f"Row 0 made of two 1×3 regions owes {w['owed']} 3s and has room for {w['row_room']}, so "
                  f"the line rule takes the 3 out of columns {out} before any given is placed.")),
    }


def _reach_figure(cap: Capacities, sizes: list[int], values: list[int]) -> dict[str, Any]:
    names = [size_label(n) for n in sizes]
    rows = [[f"v={v}", *(sig(cap[n, v]["pairs"] / (n * n)) for n in sizes)] for v in values]
    n, v = sizes[-1], values[-1]
    return figure(
        "exact", table(["value", *names], rows), seed="reach",
        title="mean cells one placed v forbids on an empty board (the seed's deg)",
        note="geometry only (no regions): a v at each cell in turn, mean over the cells",
        lead=(f"A placed v forbids up to v cells each way along its row and column: on average "
              f"{rows[0][1]} cells for a 1 on {names[0]}, {rows[-1][-1]} for a {v} on {size_label(n)}."),
        plot=plot("line", "value", names, ylabel="cells forbidden"))


def _room_figure(cap: Capacities, sizes: list[int], values: list[int]) -> dict[str, Any]:
    names = [size_label(n) for n in sizes]
    rows = [[f"v={v}", *(cap[n, v]["room"] for n in sizes), *(cap[n, v]["maxsat"] for n in sizes)]
            for v in values]
    over = [(n, v) for n in sizes for v in values if cap[n, v]["maxsat"] < cap[n, v]["room"]]
    where = ", ".join(f"{size_label(n)} v={v}" for n, v in over) or "none"
    return figure(
        "exact", table(["value", *names, *(f"{s} most" for s in names)], rows), seed="room",
        title="how many v's the board holds at once: the seed's room and the exact maximum",
        note=("room (the seed's): rows x ceil(cols/(v+1)), an upper bound that ignores the columns; "
              "most: the exact maximum by MaxSAT, confirmed by a dynamic programme over rows"),
        lead=(f"The seed's room counts each row alone, so it is only an upper bound: the exact "
              f"maximum is lower in {len(over)} of the {len(sizes) * len(values)} cells ({where})."),
        plot=plot("line", "value", [f"{s} most" for s in names], ylabel="v's at once"))


def _cross_checks(cap: Capacities, sizes: list[int], values: list[int]) -> dict[str, Any]:
    rows = [[size_label(n), v, cap[n, v]["pairs"], cap[n, v]["rung"], cap[n, v]["maxsat"],
             cap[n, v]["rows_dp"], cap[n, v]["witness"], cap[n, v]["bound"]] for n in sizes for v in values]
    return figure(
        "exact", table(["size", "v", "reach by the rule", "reach by the ripple rung", "most by MaxSAT",
                        "most by row DP", "MaxSAT packing valid", "capacity bound"], rows),
        title="cross-checks: two reach counts, two capacity engines, the witness, the bound",
        note="reach summed over all cells; capacity bound: the smaller room by rows or by columns",
        lead="Each number above computed twice by code that shares nothing; the columns must agree.")


def check(p: Params, figures: Figures) -> list[str]:
    """The rung's reach is the rule's; MaxSAT and the row DP agree; the MaxSAT packing is
    valid; no board beats the capacity bound of looks_dead."""
    broken = []
    for size, v, pairs, rung, maxsat, rows_dp, valid, bound in figures["cross_checks"]["value"]["rows"]:
        where = f"{size} v={v}"
        if pairs != rung:
            broken.append(f"{where}: the ripple rung forbids {rung} cells, the rule {pairs}")
        if maxsat != rows_dp:
            broken.append(f"{where}: MaxSAT says {maxsat} v's, the row DP {rows_dp}")
        if not valid:
            broken.append(f"{where}: the MaxSAT packing breaks the ripple rule")
        if maxsat > bound:
            broken.append(f"{where}: {maxsat} v's beat the capacity bound {bound}")
    return broken
