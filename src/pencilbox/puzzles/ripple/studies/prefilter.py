"""Study 3: whether running the cheap dead-tests (``looks_dead``) before the solver saves the
generator time: both arms on the same drawn partitions, median of 5, order alternated."""

from __future__ import annotations

import statistics
import time
from typing import Any

from pencilbox.puzzles.ripple.generate import alive_answer, looks_dead, partition
from pencilbox.puzzles.ripple.studies.common import size_label
from pencilbox.studies import Figures, Params, figure, plot, rng, sig, table

NUMBER = 3
NAME = "prefilter"
TITLE = ("Prefilter timing: the solver alone vs looks_dead first, on the generator's draws until "
         "40 (6x6) and 20 (8x8) live, median of 5 with the order alternated")
FULL: Params = {"settings": [[6, 40], [8, 20], [10, 20]], "trials": 5}
QUICK: Params = {"settings": [[6, 3]], "trials": 5}


def plan(p: Params, seed: int) -> list[tuple[int]]:
    return [(k,) for k in range(len(p["settings"]))]


def _decide(draws: list[tuple[tuple[int, ...], int]], n: int, prefilter: bool) -> tuple[float, int]:
    """Seconds to decide every drawn partition, and how many live."""
    t0 = time.perf_counter()
    live = 0
    for regions, s in draws:
        if prefilter and looks_dead(n, n, regions):
            continue
        live += alive_answer(n, n, regions, s) is not None
    return time.perf_counter() - t0, live


def work(p: Params, seed: int, k: int) -> dict[str, Any]:
    """One board size: both arms timed on the same draws, in one process so they compare."""
    n, target = p["settings"][k]
    r = rng(seed, "prefilter", k)
    draws: list[tuple[tuple[int, ...], int]] = []
    live = 0
    while live < target:  # the generator's loop: draw until enough partitions live
        regions = partition(n, n, r)
        s = r.randrange(1, 2**31)
        draws.append((regions, s))
        live += alive_answer(n, n, regions, s) is not None
    cheap = sum(1 for regions, _ in draws if looks_dead(n, n, regions))
    solver_s: list[float] = []
    prefilter_s: list[float] = []
    lives: set[tuple[bool, int]] = set()
    for trial in range(1, p["trials"] + 1):
        order = (False, True) if trial % 2 else (True, False)  # odd: solver only first
        for prefilter in order:
            seconds, got = _decide(draws, n, prefilter)
            (prefilter_s if prefilter else solver_s).append(seconds)
            lives.add((prefilter, got))
    return {"drawn": len(draws), "live": live, "cheap": cheap, "solver_s": solver_s,
            "prefilter_s": prefilter_s, "lives": sorted(lives)}


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    rows, lives = [], []
    for (n, _), res in zip(p["settings"], results, strict=True):
        a, b = statistics.median(res["solver_s"]), statistics.median(res["prefilter_s"])
        rows.append([size_label(n), res["live"], res["drawn"], res["cheap"], sig(1000 * a), sig(1000 * b),
                     sig(a / b) if b else None])
        lives.append([size_label(n), res["live"],
                      *(dict((pf, got) for pf, got in res["lives"]).get(pf) for pf in (False, True))])
    speed = ", ".join(f"{r[6]}× at {r[0]}" for r in rows)
    slower = [r[0] for r in rows if r[6] is not None and r[6] < 0.95]
    verdict = (f"slower at {', '.join(slower)}" if slower else "no slower anywhere") + \
        f", and at best {max(r[6] for r in rows if r[6] is not None)}×"
    return {
        "prefilter": figure(
            "timing", table(["board", "live / drawn", "drawn", "cheap tests kill", "solver only",
                             "with prefilter", "speedup"], rows), seed="prefilter",
            title="solver only vs looks_dead first: milliseconds to decide every drawn partition",
            note=(f"median of {p['trials']} trials, order alternated (solver only first in odd trials); "
                  "the generator's drawer at its defaults, partitions drawn until the live target before the "
                  "clock; live / drawn: the live target (drawn beside it); wall milliseconds on a shared "
                  "machine; speedup > 1 means the prefilter helps; the 10×10 row is ours"),
            lead=(f"The prefilter's speedup is {speed}: {verdict}. The solver refutes most dead "
                  "partitions within a round or two of propagation, so there is little search to skip."),
            plot=plot("bar", "board", ["solver only", "with prefilter"], ylabel="milliseconds")),
        "live_counts": figure("exact", table(["board", "live", "live solver only", "live looks_dead first"],
                                             lives), title="live counts per arm",
                              lead="Both arms must find the same live partitions."),
    }


def check(p: Params, figures: Figures) -> list[str]:
    """Both arms find the same live partitions, as many as were asked for."""
    broken = []
    for (_, target), (name, live, a, b) in zip(p["settings"], figures["live_counts"]["value"]["rows"],
                                               strict=True):
        if not live == a == b == target:
            broken.append(f"{name}: live counts differ: target {target}, drawn {live}, "
                          f"solver only {a}, looks_dead first {b}")
    return broken
