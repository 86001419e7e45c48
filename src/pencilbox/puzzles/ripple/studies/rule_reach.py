"""Study 4: what each rule set achieves on boards never filtered for solvability, carrying as
many givens as the boards of a bank: the seed's N = 40 (6x6) and 25 (8x8) with the givens of
the seed-shaped 48-board set, and ours, larger, beside it."""

from __future__ import annotations

from itertools import pairwise
from typing import Any, TypedDict

from pencilbox.core import engine
from pencilbox.puzzles.ripple import generate
from pencilbox.puzzles.ripple.levels import Level
from pencilbox.puzzles.ripple.studies.common import (
    board,
    fixpoints,
    level_ladders,
    pct,
    puzzle,
    sat_count,
    seed_bank_givens,
    shipped_givens,
    size_label,
)
from pencilbox.studies import (
    Figures,
    Params,
    Row,
    figure,
    mean_cell,
    nonzero,
    plot,
    proportion,
    rng,
    sig,
    table,
)

NUMBER = 4
NAME = "rule_reach"
TITLE = ("Reach per rule set on unfiltered boards with bank-like givens: N = 40 (6x6) and 25 (8x8) "
         "as the seed, and 300 per size of ours")
FULL: Params = {"sizes": [6, 8], "boards": {"6": 40, "8": 25}, "bank_per_size": 24, "ours": 300, "chunk": 50}
QUICK: Params = {"sizes": [6], "boards": {"6": 4}, "bank_per_size": 2, "ours": 4, "chunk": 4}
SOURCES = ("seed-shaped set", "our bank")


class Reached(TypedDict):
    """One unfiltered board: its givens, one answer by SAT, per level the share of the surplus
    eliminated and whether it finished, levels that lost the answer, and a level doing less
    than a lower one."""

    givens: int
    unique: bool
    share: list[float]
    finished: list[bool]
    lost: int
    not_monotone: bool


Boards = dict[tuple[str, str, int], list[Reached]]  # by (which, source, size)


def row_label(n: int, boards: int) -> str:
    """A row of the seed's table ("6×6 (N=40)")."""
    return f"{size_label(n)} (N={boards})"


def plan(p: Params, seed: int) -> list[tuple[str, str, int, int, int]]:
    jobs: list[tuple[str, str, int, int, int]] = [("seed", "seed-shaped set", n, 0, p["boards"][str(n)])
                                                  for n in p["sizes"]]
    for source in SOURCES:
        for n in p["sizes"]:
            jobs += [("ours", source, n, c, min(p["chunk"], p["ours"] - c * p["chunk"]))
                     for c in range(-(-p["ours"] // p["chunk"]))]
    return jobs


def _givens(p: Params, seed: int, source: str, n: int) -> list[int]:
    if source == "our bank":
        return shipped_givens(n)
    return seed_bank_givens(tuple(p["sizes"]), p["bank_per_size"], seed)[n]


def work(p: Params, seed: int, which: str, source: str, n: int, c: int, m: int) -> list[Reached]:
    """``m`` unfiltered boards: a live partition from the generator's drawer, a random answer,
    givens from it at random outside size-1 regions, as many as a random board of the source."""
    r = rng(seed, "rule_reach", which, source, n, c)
    counts = _givens(p, seed, source, n)
    ladders = level_ladders()
    out: list[Reached] = []
    for _ in range(m):
        regions, answer, _ = generate.live(n, n, r)
        empty = board(n, n, regions)
        spots = [i for i in range(n * n) if empty.size[i] > 1]
        r.shuffle(spots)
        chosen = set(spots[: r.choice(counts)])
        b = board(n, n, regions, tuple(answer[i] if i in chosen else None for i in range(n * n)))
        per = fixpoints(b, answer, ladders)
        shares = [x["gone"] / x["before"] if x["before"] else 1.0 for x in per]
        out.append({"givens": len(chosen), "unique": sat_count(b, 2) == 1, "share": shares,
                    "finished": [x["finished"] for x in per], "lost": sum(not x["keeps"] for x in per),
                    "not_monotone": any(a > b + 1e-12 for a, b in pairwise(shares))
                    or any(a > b for a, b in pairwise([x["finished"] for x in per]))})
    return out


def _boards(p: Params, seed: int, results: list[list[Reached]]) -> Boards:
    """Per (which, source, size): every board's record."""
    out: Boards = {}
    for (which, source, n, _, _), res in zip(plan(p, seed), results, strict=True):
        out.setdefault((which, source, n), []).extend(res)
    return out


def reduce(p: Params, seed: int, results: list[list[Reached]]) -> Figures:
    got = _boards(p, seed, results)
    levels = list(engine.levels(puzzle()))
    seed_rows = {n: got["seed", "seed-shaped set", n] for n in p["sizes"]}
    labels = {n: row_label(n, len(seed_rows[n])) for n in p["sizes"]}
    elim: list[Row] = [[labels[n], *(mean_cell([b["share"][k] for b in seed_rows[n]])
                                     for k in range(len(levels)))]
                       for n in p["sizes"]]
    fin: list[Row] = [[labels[n], *(proportion(sum(b["finished"][k] for b in seed_rows[n]), len(seed_rows[n]))
                                    for k in range(len(levels)))] for n in p["sizes"]]
    first = p["sizes"][0]
    gain = {lv: elim[0][k + 1]["value"] for k, lv in enumerate(levels)}
    return {
        "rule_reach_eliminated": figure(
            "sample", table(["board", *levels], elim), n=len(seed_rows[first]), seed="rule_reach_eliminated",
            headline=True, title="surplus candidates eliminated per rule set (the seed's protocol)",
            note=_note("the seed-shaped 48-board set"),
            lead=(f"On {labels[first]} boards, lines adds {pct(gain[Level.LINES] - gain[Level.HIDDEN])} to "
                  f"hidden's {pct(gain[Level.HIDDEN])} of the surplus candidates, while ripple alone lifts "
                  f"region's {pct(gain[Level.REGION])} to {pct(gain[Level.RIPPLE])}."),
            plot=plot("bar", "board", levels, ylabel="share of surplus eliminated")),
        "rule_reach_finished": figure(
            "sample", table(["board", *levels], fin), n=len(seed_rows[first]), seed="rule_reach_finished",
            title="boards finished outright per rule set (the seed's protocol)",
            note=_note("the seed-shaped 48-board set"),
            lead=(f"Few unfiltered boards are finished by any rule set: {pct(fin[0][-1]['value'])} of "
                  f"{labels[first]} by probe, {pct(fin[0][-2]['value'])} by lines.")),
        "rule_reach_ours": _ours_figure(p, got, levels),
        "boards": _boards_figure(p, got),
        "cross_checks": _checks_figure(p, got),
    }


def _note(source: str) -> str:
    return (f"unfiltered boards: a live partition (the generator's drawer), a random answer, givens from it "
            f"at random outside size-1 regions, as many as a random board of {source}; eliminated: mean "
            "over boards of removed / (candidates - cells), counted after the givens are placed")


def _ours_figure(p: Params, got: Boards, levels: list[engine.Level]) -> dict[str, Any]:
    rows: list[Row] = []
    for source in SOURCES:
        for n in p["sizes"]:
            bs = got["ours", source, n]
            rows.append([f"{size_label(n)}, givens of {source}, eliminated",
                         sig(sum(b["givens"] for b in bs) / len(bs)),
                         *(mean_cell([b["share"][k] for b in bs]) for k in range(len(levels)))])
            rows.append([f"{size_label(n)}, givens of {source}, finished",
                         sig(sum(b["givens"] for b in bs) / len(bs)),
                         *(proportion(sum(b["finished"][k] for b in bs), len(bs))
                           for k in range(len(levels)))])
    n = p["sizes"][0]
    seed_fin = rows[1][3]["value"]
    bank_fin = rows[2 * len(p["sizes"]) + 1][3]["value"]
    return figure(
        "sample", table(["boards (ours)", "mean givens", *levels], rows), n=p["ours"],
        title=f"ours: {p['ours']} boards per row, givens as the seed-shaped set or as our shipped bank",
        note=_note("the named source") + "; our bank holds up to 8 boards per grade, region-graded ones with "
                                          "many givens",
        lead=(f"The givens make the difference: with our shipped bank's counts (its region-graded boards "
              f"carry many givens) ripple finishes {pct(bank_fin)} of {size_label(n)} boards, with the "
              f"seed-shaped set's {pct(seed_fin)}."))


def _boards_figure(p: Params, got: Boards) -> dict[str, Any]:
    rows = [[f"{which}: {size_label(n)}, givens of {source}", len(bs),
             sig(sum(b["givens"] for b in bs) / len(bs)), proportion(sum(b["unique"] for b in bs), len(bs))]
            for (which, source, n), bs in got.items()]
    return figure("sample", table(["boards", "count", "mean givens", "unique (SAT)"], rows), n=p["ours"],
                  title="the sampled boards: givens and share with one answer",
                  lead="Unfiltered means unfiltered: most of these boards have more than one answer.")


def _checks_figure(p: Params, got: Boards) -> dict[str, Any]:
    rows: list[Row] = []
    for (which, source, n), bs in got.items():
        done = [b for b in bs if any(b["finished"])]
        rows.append([f"{which}: {size_label(n)}, givens of {source}", sum(b["lost"] for b in bs),
                     sum(b["not_monotone"] for b in bs), sum(not b["unique"] for b in done)])
    return figure("exact", table(["boards", "answer lost", "not monotone", "finished but not unique"], rows),
                  title="cross-checks (all zero)",
                  lead="No rule set removes the planted answer, a higher level never does less, and a "
                       "finished board always has one answer by SAT.")


def check(p: Params, figures: Figures) -> list[str]:
    """No level removes the planted answer; levels only add; finishing certifies one answer
    (confirmed by SAT)."""
    broken = []
    for name, lost, not_monotone, not_unique in figures["cross_checks"]["value"]["rows"]:
        broken += nonzero((lost, f"{name}: a rule set removed the planted answer {lost} times"),
                          (not_monotone, f"{name}: a higher level did less than a lower one on "
                                         f"{not_monotone} boards"),
                          (not_unique, f"{name}: {not_unique} boards finished by a rule set have another "
                                       "answer (SAT)"))
    return broken
