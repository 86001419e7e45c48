"""Study 4: how often the thin two-block family turns up, by sampling: the seed's
1,000,000 draws at 8x8 (where the exact share is known) and at 11x11, and ours at 5x5
and 14x14; every twin vector found is checked to be one."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from pencilbox.core.poll import EVERY, stopped
from pencilbox.puzzles.fillapix import twins
from pencilbox.puzzles.fillapix.jit_twins import _twin_core
from pencilbox.puzzles.fillapix.studies.common import (
    count_cell,
    exact_shares,
    grid_name,
    pictures,
    rows_of,
    side_kind,
    z_score,
)
from pencilbox.studies import Figures, Params, Row, figure, proportion, sig, table

NUMBER = 4
NAME = "two_block"
TITLE = "Two-block twins by sampling: 10^6 draws each at 8x8 and 11x11 (the seed's), 5x5 and 14x14 (ours)"
FULL = {"grids": [[8, 8], [11, 11], [5, 5], [14, 14]], "draws": 10**6, "chunk": 10**5, "y_max": 14}
QUICK = {"grids": [[5, 5], [8, 8]], "draws": 4000, "chunk": 2000, "y_max": 14}


@njit(cache=True)
def _is_twin_vector(x: np.ndarray, d: np.ndarray, h: int, w: int) -> bool:
    """d is nonzero, x + d stays 0/1 and every clue of d is zero."""
    nonzero = False
    for i in range(h * w):
        v = x[i] + d[i]
        if v < 0 or v > 1:
            return False
        nonzero |= d[i] != 0
    if not nonzero:
        return False
    for r in range(h):
        for c in range(w):
            s = 0
            for rr in range(max(r - 1, 0), min(r + 2, h)):
                for cc in range(max(c - 1, 0), min(c + 2, w)):
                    s += d[rr * w + cc]
            if s != 0:
                return False
    return True


@njit(cache=True)
def _classify_chunk(pics: np.ndarray, h: int, w: int, uh: np.ndarray, uw: np.ndarray, pidx: np.ndarray,
                    qidx: np.ndarray, z: np.ndarray, ifrom: np.ndarray, union: np.ndarray, cnt: np.ndarray,
                    order: np.ndarray) -> np.ndarray:
    """Counts by kind (none, column, row, two-block) over a chunk of pictures, and in the
    last slot how many twin vectors failed to be one."""
    counts = np.zeros(5, dtype=np.int64)
    d = np.zeros(h * w, dtype=np.int8)
    for k in range(pics.shape[0]):
        if k & EVERY == 0 and stopped():
            break  # a signal: the call returns at once, unread (core/poll.py)
        x = pics[k]
        kind = _twin_core(x, d, h, w, uh, uw, pidx, qidx, z, ifrom, union, cnt, order)
        counts[kind] += 1
        if kind != 0:
            if not _is_twin_vector(x, d, h, w):
                counts[4] += 1
            d[:] = 0
    return counts


def plan(p: Params, seed: int) -> list[tuple[int, int, int]]:
    return [(h, w, k) for h, w in p["grids"] for k in range(p["draws"] // p["chunk"])]


def work(p: Params, seed: int, h: int, w: int, k: int) -> list[int]:

    pics = pictures(seed, "two_block", h, w, k, count=p["chunk"], cells=h * w)
    return [int(v) for v in _classify_chunk(pics, *twins.Workspace(h, w).args())]


def reduce(p: Params, seed: int, results: list[Any]) -> Figures:
    per = p["draws"] // p["chunk"]
    found: list[Row] = []
    lines: list[Row] = []
    for g, (h, w) in enumerate(p["grids"]):
        c = np.sum(results[g * per : (g + 1) * per], axis=0)
        n = int(c[:4].sum())
        line, two = int(c[1] + c[2]), int(c[3])
        lines_exact, full_exact = exact_shares(h, w, p["y_max"])
        two_exact = None if full_exact is None else full_exact - lines_exact
        found.append(
            [
                grid_name(h, w),
                n,
                count_cell(two, n),
                sig(two_exact),
                proportion(two, n),
                z_score(two / n, two_exact, n),
                int(c[4]),
            ]
        )
        lines.append(
            [grid_name(h, w), n, proportion(line, n), sig(lines_exact), z_score(line / n, lines_exact, n)]
        )
    rows = {r[0]: r for r in found}
    eight, eleven = rows.get("8x8"), rows.get("11x11")
    lead = "The two-block family is thin and thins fast"
    if eight:
        lead += (
            f": on 8x8 it is exactly {eight[3]:.4%} of all pictures and {eight[1]:,} draws found "
            f"{eight[2]['value']}"
        )
    if eleven:
        lead += f"; on 11x11 {eleven[1]:,} draws found {eleven[2]['value']}"
    return {
        "two_block": figure(
            "sample",
            table(
                [
                    "grid",
                    "draws",
                    "two-block found",
                    "exact two-block share",
                    "sampled share",
                    "z against exact",
                    "twin vectors that are not",
                ],
                found,
            ),
            n=p["draws"],
            seed="two_block",
            lead=lead + ".",
            note="two-block found: pictures with a twin but no single line flip (the classifier tries lines "
            f"first); exact while Y is at most {p['y_max']}x{p['y_max']} (the seed's count stops at 6x6; "
            "ours, past 8x8, is confirmed by study 8)",
        ),
        "line_twins": figure(
            "sample",
            table(
                ["grid", "draws", "sampled line-flip share", "exact line-flip share", "z against exact"],
                lines,
            ),
            n=p["draws"],
            lead="The same draws, pictures with a single line flip: the sampled share against the exact "
            f"count of lines alone ({sum(abs(r[4] or 0) > 3 for r in lines)} grids more than 3 standard "
            "errors off).",
        ),
    }


def check(p: Params, figures: Figures) -> list[str]:
    broken = []
    for r in rows_of(figures["two_block"]):
        h, w = (int(v) for v in r["grid"].split("x"))
        if r["twin vectors that are not"]:
            broken.append(f"{r['grid']}: {r['twin vectors that are not']} twin vectors are not twins")
        if side_kind(h, w) != "both sides" and r["two-block found"]["value"]:
            broken.append(f"{r['grid']}: two-block twins with a side not 2 mod 3")
    return broken
