"""Study 2, every partition: 5 x 5 into connected regions of at most 3 and at most 4 cells
(329,477,745 and 2,349,204,370 partitions), 4 x 4 beside it, each dead or alive and put to the
static tests by the compiled sweep (allparts.py), with the share of the dead each test explains.

Every number is confirmed by code that shares none with the sweep: the partitions of each
square are counted again by an exact-cover count over covered-cell sets (``cover_counts``,
plain Python, memoised), and a seeded sample of the swept partitions is decided again by the
ladder's compiled search and by the brute counter by cells, put to ``generate.looks_dead``
and its answers to the validator. A case swept ``orbits`` decides one partition per class of
the square's eight symmetries and weighs it by the class's size; its smaller bounds must
equal the case swept partition by partition."""

from __future__ import annotations

import time
from functools import cache, lru_cache
from typing import Any

from pencilbox.core import engine
from pencilbox.puzzles.ripple import kernel, rules
from pencilbox.puzzles.ripple.board import Board, full
from pencilbox.puzzles.ripple.brute import count_by_cells
from pencilbox.puzzles.ripple.generate import looks_dead
from pencilbox.puzzles.ripple.studies import allparts
from pencilbox.puzzles.ripple.studies.common import board, puzzle, size_label
from pencilbox.puzzles.ripple.studies.common import pct as whole_pct
from pencilbox.studies import Figures, Params, figure, nonzero, plot, share, table

NUMBER = 2
NAME = "every_partition"
TITLE = ("Mortality, every partition: 5×5 into regions of at most 3 and 4 cells, 4×4 beside it, dead and "
         "live and the share of the dead each static test explains")
REASONS = ("adjacent singletons", "board capacity", "line rule")

# a case: [side, largest region, "full" (every partition decided) or "orbits" (one per
# symmetry class), shares]; sample: [one live partition in, one dead in, at most per share]
FULL: Params = {"cases": [[4, 5, "full", 4], [4, 5, "orbits", 4], [5, 3, "full", 64], [5, 4, "orbits", 256]],
                "depth": 4, "nodes": 10**7,
                "sample": [[250, 2000, 400], [30, 250, 400], [150, 800_000, 64], [3000, 700_000, 32]]}
QUICK: Params = {"cases": [[3, 4, "full", 2], [3, 4, "orbits", 3], [4, 3, "orbits", 2]], "depth": 3,
                 "sample": [[3, 30, 6], [3, 10, 6], [20, 3000, 6]], "nodes": 10**6}
SAMPLE_KEYS = ("sampled", "sampled live", "ladder disagrees", "brute disagrees", "capped", "reasons differ",
               "bad answers", "line rule splits")


def plan(p: Params, seed: int) -> list[tuple[str, int, int]]:
    """The independent count of each case, then its shares in order (the smaller squares first)."""
    return [("count", k, 0) for k in range(len(p["cases"]))] + \
        [("sweep", k, part) for k, (_, _, _, parts) in enumerate(p["cases"]) for part in range(parts)]


def work(p: Params, seed: int, which: str, k: int, part: int) -> Any:
    """A case's partition count by covered-cell sets, or one share of its sweep with its
    sample decided again; each with its wall and CPU seconds."""
    t0, c0 = time.perf_counter(), time.process_time()
    n, most, mode, parts = p["cases"][k]
    if which == "count":
        out: dict[str, Any] = {"by largest": list(cover_counts(n, most))}
    else:
        every_live, every_dead, cap = p["sample"][k]
        counts, sample = allparts.sweep(n, n, most, part, parts, p["depth"], mode == "orbits",
                                        salt=seed * 100_003 + k * 10_007 + part, every_live=every_live,
                                        every_dead=every_dead, cap=cap)
        out = {"counts": counts.tolist(), "sample": confirm(n, sample, p["nodes"])}
    out["wall"] = round(time.perf_counter() - t0, 3)
    out["cpu"] = round(time.process_time() - c0, 3)
    return out


@lru_cache(maxsize=8)
def cover_counts(n: int, most: int) -> tuple[int, ...]:
    """Partitions of the n x n square into connected regions of at most ``most`` cells, by
    largest region (index L): the lowest uncovered cell lies in the next region, so a count
    memoised on the covered cells counts each partition once. Shares no code with the sweep."""
    cells = n * n
    near = [[j for j, ok in ((i - n, i >= n), (i + n, i < cells - n), (i - 1, i % n > 0),
                             (i + 1, i % n < n - 1)) if ok] for i in range(cells)]
    shapes: set[frozenset[int]] = {frozenset([i]) for i in range(cells)}
    grown = set(shapes)
    for _ in range(most - 1):
        grown = {s | {j} for s in grown for i in s for j in near[i] if j not in s}
        shapes |= grown
    by_low: dict[int, list[tuple[int, int]]] = {}
    for s in shapes:
        by_low.setdefault(min(s), []).append((sum(1 << i for i in s), len(s)))
    everything = (1 << cells) - 1

    @cache
    def count(covered: int) -> tuple[int, ...]:
        if covered == everything:
            return (1,) + (0,) * most
        low = (~covered & (covered + 1)).bit_length() - 1
        out = [0] * (most + 1)
        for bits, size in by_low[low]:
            if not bits & covered:
                for big, ways in enumerate(count(covered | bits)):
                    out[max(big, size)] += ways
        return tuple(out)

    return count(0)


def _ladder_alive(b: Board, nodes: int) -> tuple[bool, bool]:
    """The ladder's compiled search to one answer: (alive, capped without an answer)."""
    names = engine.ladder(puzzle(), puzzle().search_level)
    res = kernel.search(b, [full(s) for s in b.size], names, 1, nodes)
    return res.count > 0, bool(res.node_capped and not res.count)


def confirm(n: int, sample: list[tuple[tuple[int, ...], bool, int, tuple[int, ...]]],
            nodes: int) -> dict[str, int]:
    """The sampled verdicts decided again by the ladder and the brute counter by cells, the
    sweep's reasons against ``looks_dead``, its answers against the validator, and
    ``looks_dead``'s line rule on the eight images: alike under the symmetries keeping rows
    as rows, alike under the others (what the ``orbits`` sweep relies on)."""
    out = dict.fromkeys(SAMPLE_KEYS, 0)
    perms = allparts.symmetries(n).tolist()
    for regions, alive, why, answer in sample:
        b = board(n, n, regions)
        ladder, capped = _ladder_alive(b, nodes)
        got, stop, _, _ = count_by_cells(n, n, regions, b.clues, 1, nodes)
        out["sampled"] += 1
        out["sampled live"] += alive
        out["ladder disagrees"] += ladder != alive
        out["brute disagrees"] += (got > 0) != alive
        out["capped"] += capped + (stop == "nodes" and not got)
        out["reasons differ"] += looks_dead(n, n, regions) != allparts.reasons_named(why)
        out["bad answers"] += alive and not rules.is_answer(b, answer)
        line = ["line rule" in looks_dead(n, n, _relabel([regions[j] for j in perm])) for perm in perms]
        out["line rule splits"] += len(set(line[:4])) > 1 or len(set(line[4:])) > 1
    return out


def _relabel(regions: list[int]) -> tuple[int, ...]:
    ids: dict[int, int] = {}
    return tuple(ids.setdefault(k, len(ids)) for k in regions)


def totals(p: Params, results: list[Any]) -> list[dict[str, Any]]:
    """Per case: counts per largest region, the independent count, the sample's tallies and
    the seconds spent."""
    keys = allparts.KEYS
    out: list[dict[str, Any]] = [
        {"by largest": [dict.fromkeys(keys, 0) for _ in range(most + 1)], "cover": [], "wall": 0.0,
         "cpu": 0.0, "sample": dict.fromkeys(SAMPLE_KEYS, 0)} for _, most, _, _ in p["cases"]]
    for (which, k, _), res in zip(plan(p, 0), results, strict=True):
        t = out[k]
        if which == "count":
            t["cover"] = res["by largest"]
            continue
        t["wall"] += res["wall"]
        t["cpu"] += res["cpu"]
        for big, row in enumerate(res["counts"]):
            for key, value in zip(keys, row, strict=True):
                t["by largest"][big][key] += value
        for key, value in res["sample"].items():
            t["sample"][key] += value
    return out


def upto(t: dict[str, Any], limit: int) -> dict[str, int]:
    """A case's counts over partitions whose largest region has at most ``limit`` cells, the
    dead flagged by each test (flagged less live flagged) added."""
    got = {key: sum(t["by largest"][b][key] for b in range(1, limit + 1)) for key in allparts.KEYS}
    for reason in (*REASONS, "any"):
        got[f"dead {reason}"] = got[reason] - got[f"live {reason}"]
    got["cover"] = sum(t["cover"][1:limit + 1])
    return got


def _rows(p: Params, tt: list[dict[str, Any]]) -> list[tuple[str, int, str, dict[str, int]]]:
    """(board, bound, method, counts) per row: every bound from 2 cells of each case, a bound
    taken from the case that decides every partition where two cases reach it."""
    rows: dict[tuple[int, int], tuple[str, int, str, dict[str, int]]] = {}
    for (n, most, mode, _), t in zip(p["cases"], tt, strict=True):
        for limit in range(2, most + 1):
            if (n, limit) not in rows or mode == "full":
                rows[(n, limit)] = (size_label(n), limit, _method(mode), upto(t, limit))
    return [rows[key] for key in sorted(rows)]


def pct(x: float | None) -> str:
    """A share for a lead: whole percents, but two decimals near 0% and 100% (99.98% is not 100%)."""
    if x is not None and 0 < x < 1 and (x < 0.005 or x > 0.995):
        return f"{100 * x:.2f}%"
    return whole_pct(x)


def _method(mode: str) -> str:
    return "every partition" if mode == "full" else "one per symmetry class, weighed"


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    tt = totals(p, results)
    rows = _rows(p, tt)
    big = rows[-1]
    counts = figure(
        "exact",
        table(["board", "regions of at most", "partitions", "live", "dead", "share dead", "decided"],
              [[name, limit, t["partitions"], t["live"], t["dead"], share(t["dead"], t["partitions"]), how]
               for name, limit, how, t in rows]),
        title=("every partition, not a sample: squares cut into connected regions of at most L cells, live "
               "and dead"),
        note=("a compiled sweep (allparts.py: exact cover by connected pieces, each partition once) decides "
              "each partition by a search of its own and applies the three static tests; decided one per "
              "symmetry class: the least spelling of each class of the square's eight symmetries is decided "
              "and weighs its class's size (an answer maps to an answer); a row counts every partition whose "
              "largest region has at most L cells; the partition totals are confirmed by an independent "
              "count and the verdicts on a sample (tables below)"),
        lead=(f"Exactly: {big[3]['partitions']:,} partitions of {big[0]} into regions of at most {big[1]} "
              f"cells, {big[3]['dead']:,} ({pct(share(big[3]['dead'], big[3]['partitions']))}) dead; "
              + "; ".join(f"at most {limit}: {pct(share(t['dead'], t['partitions']))} dead"
                          for name, limit, _, t in rows if name == big[0] and limit < big[1]) + "."),
        plot=plot("bar", "regions of at most", ["share dead"], ylabel="share dead"))
    reason_rows = [[name, limit, t["dead"], *(t[f"dead {r}"] for r in REASONS), t["dead any"],
                    t["dead"] - t["dead any"]] for name, limit, _, t in rows]
    reasons = figure(
        "exact",
        table(["board", "regions of at most", "dead", *REASONS, "any of them", "no static reason"],
              reason_rows),
        title="every dead partition and the static tests that flag it (counts of partitions)",
        note=("the tests of generate.looks_dead, run by the sweep; a partition may be flagged by several; "
              "dead and flagged = flagged less live and flagged, so a test that flagged a live partition "
              "would show in the checks below; one per symmetry class: adjacent singletons and board "
              "capacity read every image alike, the line rule (rows, then columns) reads alike the images "
              "under the four symmetries that keep rows as rows, so it is run on the partition and its "
              "transpose and each weighs its share of the class"),
        lead=_reasons_lead(big))
    shares = figure(
        "exact",
        table(["board", "regions of at most", *REASONS, "any of them", "no static reason"],
              [[name, limit, *(share(t[f"dead {r}"], t["dead"]) for r in REASONS),
                share(t["dead any"], t["dead"]), share(t["dead"] - t["dead any"], t["dead"])]
               for name, limit, _, t in rows]),
        title="the share of the dead each static test explains, every partition",
        note="shares of the dead partitions of each row (the table above divided by its dead column)",
        lead=_shares_lead(rows),
        plot=plot("bar", "regions of at most", [*REASONS, "no static reason"], ylabel="share of the dead"))
    return {"every_partition": counts, "every_partition_reasons": reasons, "every_partition_shares": shares,
            "every_partition_checks": _checks(p, tt), "every_partition_runs": _runs(p, tt)}


def _reasons_lead(big: tuple[str, int, str, dict[str, int]]) -> str:
    name, limit, _, t = big
    flags = ", ".join(f"{r} flags {pct(share(t[f'dead {r}'], t['dead']))}" for r in REASONS)
    return (f"Of the {t['dead']:,} dead partitions of {name} (regions of at most {limit}), {flags}; "
            f"{pct(share(t['dead'] - t['dead any'], t['dead']))} die for no static reason.")


def _shares_lead(rows: list[tuple[str, int, str, dict[str, int]]]) -> str:
    fives = [(limit, t) for name, limit, _, t in rows if name == rows[-1][0]]
    unexplained = " → ".join(f"{pct(share(t['dead'] - t['dead any'], t['dead']))} (at most {limit})"
                             for limit, t in fives)
    line = " → ".join(pct(share(t["dead line rule"], t["dead"])) for _, t in fives)
    return (f"On {rows[-1][0]}, the share of the dead no static test explains goes {unexplained}; the line "
            f"rule explains {line}.")


def _checks(p: Params, tt: list[dict[str, Any]]) -> dict[str, Any]:
    rows = []
    for (n, most, mode, _), t in zip(p["cases"], tt, strict=True):
        u, s = upto(t, most), t["sample"]
        weighed = abs(u["dead weighed"] - u["dead"]) if mode == "full" else 0  # orbits: dead is weighed
        rows.append([f"{size_label(n)}, regions ≤ {most}, {_method(mode)}", u["partitions"], u["cover"],
                     abs(u["weight"] - u["partitions"]) + weighed,
                     s["sampled"], s["ladder disagrees"] + s["brute disagrees"] + s["capped"],
                     s["reasons differ"] + s["line rule splits"],
                     u["live any"] + u["bad answers"] + s["bad answers"]])
    for (n, most, mode, _), t in zip(p["cases"], tt, strict=True):
        twin = [(m2, t2) for (n2, m2, mode2, _), t2 in zip(p["cases"], tt, strict=True)
                if n2 == n and mode2 != mode and m2 >= most]
        if mode == "full" and twin:
            other = upto(twin[0][1], most)
            mine = upto(t, most)
            rows.append([f"{size_label(n)}, regions ≤ {most}: the two sweeps", mine["partitions"],
                         other["partitions"], sum(mine[key] != other[key] for key in
                                                  ("partitions", "live", "dead", "dead line rule", "dead any",
                                                   "dead adjacent singletons", "dead board capacity")),
                         0, 0, 0, 0])
    sampled = sum(r[4] for r in rows)
    wrong = sum(r[3] + r[5] + r[6] + r[7] for r in rows) + sum(r[1] != r[2] for r in rows)
    return figure(
        "exact",
        table(["case", "partitions swept", "partitions counted apart", "class or weight mismatches",
               "sampled and decided again", "verdicts that differ or capped", "static tests that differ",
               "live flagged or bad answers"], rows),
        title=("cross-checks: the totals counted apart, a sample decided again by code the sweep does not "
               "share"),
        note=("counted apart: cover_counts, a memoised count over the covered cells in plain Python; class "
              "or weight mismatches: the classes' sizes against the partitions, and (deciding every "
              "partition) the dead counted once per class and weighed against the dead; the sample: about "
              "one live partition in "
              + ", ".join(f"{a:,}" for a, _, _ in p["sample"]) + " and one dead in "
              + ", ".join(f"{b:,}" for _, b, _ in p["sample"])
              + " (seeded; of those decided: one per class where so swept), decided again by the ladder's "
              f"compiled search and the brute counter by cells (each capped at {p['nodes']:,} nodes), its "
              "reasons against generate.looks_dead, and looks_dead's line rule on all eight images (alike "
              "within the four that keep rows as rows, and within the other four); live flagged: live "
              "partitions a static test flags; bad answers: the sweep's answers the validator rejects; the "
              "two sweeps: the bounds both cases reach, keys that differ"),
        lead=(f"The sweep's totals equal the independent count in every case; {sampled:,} sampled partitions "
              f"were decided again; {wrong} mismatches in all."))


def _runs(p: Params, tt: list[dict[str, Any]]) -> dict[str, Any]:
    rows = [[f"{size_label(n)}, regions ≤ {most}", _method(mode), parts, upto(t, most)["partitions"],
             upto(t, most)["classes"], round(t["wall"], 1), round(t["cpu"], 1)]
            for (n, most, mode, parts), t in zip(p["cases"], tt, strict=True)]
    last = rows[-1]
    return figure(
        "timing",
        table(["case", "decided", "shares", "partitions", "symmetry classes", "wall seconds", "CPU seconds"],
              rows),
        title="what each sweep took (one process)",
        note=("seconds of the shares' sweeps and their sample checks, added over the shares, run one after "
              "another in one process; wall seconds include time the machine gave other work"),
        lead=f"The largest case, {last[0]} ({last[3]:,} partitions), took {last[6]:,} CPU seconds.")


def check(p: Params, figures: Figures) -> list[str]:
    """Totals equal the independent count, the sample agrees, no test flags a live partition,
    every answer is valid and the two sweeps agree where both reach."""
    broken = []
    rows = figures["every_partition_checks"]["value"]["rows"]
    for name, swept, counted, weights, _, verdicts, tests, live in rows:
        broken += nonzero((swept != counted, f"{name}: {swept} partitions swept, {counted} counted apart"),
                          (weights, f"{name}: {weights} class or weight mismatches"),
                          (verdicts, f"{name}: {verdicts} sampled verdicts differ or are capped"),
                          (tests, f"{name}: {tests} sampled static tests differ"),
                          (live, f"{name}: {live} live partitions flagged or bad answers"))
    for name, limit, parts, live, dead, _, _ in figures["every_partition"]["value"]["rows"]:
        if live + dead != parts:
            broken.append(f"{name}, regions <= {limit}: {live} live and {dead} dead of {parts}")
    return broken
