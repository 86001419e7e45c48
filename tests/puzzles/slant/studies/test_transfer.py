"""The transfer matrix of the empty Slant board (transfer.py) against a brute force written here:
every one of the 2^(RC) fillings, those with a cycle rejected by a tiny union-find; the known n x n
counts; the census (trees per colour, point degrees, trees off the border); and study 7's checks."""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pencilbox.puzzles.slant.studies import STUDIES, blank_fillings
from pencilbox.puzzles.slant.studies.transfer import blank_count, blank_counts, census, tables
from pencilbox.studies.runner import run_study

SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5)] + [(2, 5), (5, 2), (3, 5), (1, 7), (2, 6)]


@cache
def brute(rows: int, cols: int) -> tuple[int, tuple[int, ...], tuple[int, ...], int]:
    """Fillings, fillings by trees on the (r + c) even colour, points by degree (all fillings
    together), trees without a border point (all fillings together)."""
    w = cols + 1
    points = (rows + 1) * w
    border = {p for p in range(points) if p // w in (0, rows) or p % w in (0, cols)}
    count, off = 0, 0
    even: Counter[int] = Counter()
    degrees: Counter[int] = Counter()
    for fill in itertools.product((0, 1), repeat=rows * cols):
        parent = list(range(points))

        def root(x: int, parent: list[int] = parent) -> int:
            while parent[x] != x:
                x = parent[x]
            return x

        deg = [0] * points
        for i, back in enumerate(fill):
            r, c = divmod(i, cols)
            a, b = (r * w + c, (r + 1) * w + c + 1) if back else (r * w + c + 1, (r + 1) * w + c)
            ra, rb = root(a), root(b)
            if ra == rb:
                break  # a cycle
            parent[ra] = rb
            deg[a] += 1
            deg[b] += 1
        else:
            count += 1
            trees: dict[int, set[int]] = {}
            for p in range(points):
                trees.setdefault(root(p), set()).add(p)
            even[sum(sum(divmod(min(t), w)) % 2 == 0 for t in trees.values())] += 1
            off += sum(not t & border for t in trees.values())
            degrees.update(deg)
    top = max(even, default=0)
    return count, tuple(even[k] for k in range(top + 1)), tuple(degrees[d] for d in range(5)), off


@pytest.mark.parametrize("rows,cols", SHAPES)
def test_the_transfer_matrix_counts_what_the_brute_force_finds(rows: int, cols: int) -> None:
    want = brute(rows, cols)[0]
    assert blank_count(rows, cols) == want
    assert blank_counts(cols, rows)[-1] == want  # across the other side too
    assert census(rows, cols).fillings == want


@pytest.mark.parametrize("rows,cols", [(1, 1), (2, 2), (3, 3), (2, 3), (3, 2), (4, 4), (3, 5), (2, 6)])
def test_the_census_adds_up_what_the_brute_force_finds(rows: int, cols: int) -> None:
    count, even, degrees, off = brute(rows, cols)
    got = census(rows, cols)
    assert tuple(got.corner_trees) == even
    assert tuple(got.degrees) == degrees
    assert got.off_border == off == 0  # every tree touches the border
    assert sum(d * v for d, v in enumerate(got.degrees)) == 2 * rows * cols * count  # the handshake


def test_the_known_square_counts() -> None:
    assert [blank_count(n, n) for n in range(1, 6)] == [2, 15, 384, 32625, 9085440]
    assert blank_count(2, 2) == 15  # the seed's anchor: 16 less the diamond


def test_one_width_gives_every_length_and_strips_are_powers_of_two() -> None:
    assert blank_counts(1, 12) == [2**c for c in range(1, 13)]
    assert blank_counts(3, 5) == [blank_count(r, 3) for r in range(1, 6)]
    two = blank_counts(2, 9)
    assert all(two[k] == 4 * two[k - 1] - two[k - 2] for k in range(2, 9))


def test_the_frontier_states_are_few() -> None:
    """Points of the two colours are never joined and the frontier alternates colours: the
    states met stay at C(w+1, floor((w+1)/2)) for the widths tried."""
    from math import comb
    assert [tables(w).states for w in range(1, 11)] == [comb(w + 1, (w + 1) // 2) for w in range(1, 11)]


def test_study_checks_catch_broken_figures(tmp_path: Path) -> None:
    study = next(s for s in STUDIES if s.name == blank_fillings.NAME)
    figs: dict[str, Any] = run_study("slant", study, quick=True, seed=0, state=tmp_path)["figures"]
    quick = blank_fillings.QUICK
    assert blank_fillings.check(quick, figs) == []
    bad = copy.deepcopy(figs)
    bad["squares"]["value"]["rows"][2][1] = 385
    assert any("known 384" in b for b in blank_fillings.check(quick, bad))
    bad = copy.deepcopy(figs)
    bad["recount"]["value"]["rows"][-1][3] = False
    assert any("brute" in b for b in blank_fillings.check(quick, bad))
    bad = copy.deepcopy(figs)
    bad["border_trees"]["value"]["rows"][1][3] = 1
    assert blank_fillings.check(quick, bad) == ["2×2: 1 trees miss the border"]
    bad = copy.deepcopy(figs)
    row = next(r for r in bad["counts"]["value"]["rows"] if r[0] == "2×3")
    row[2] += 1
    assert blank_fillings.check(quick, bad) == ["2×3: 56 fillings, but 57 the other way round"]


def test_the_timing_lead_survives_times_rounded_to_zero() -> None:
    """A quick run on a fast machine rounds the small boards' times to 0.0 s: the growth
    estimate leaves them out instead of taking log(0) (a CI run failed on it)."""
    from pencilbox.puzzles.slant.studies.blank_fillings import _timing_figure
    zero = [{"s": s, "states": 1, "moves": 1} for s in (0.0, 0.0, 0.001, 0.0)]
    assert _timing_figure(zero)["lead"].startswith("The n = 4 board took 0.0 s")
    grown = [{"s": s, "states": 1, "moves": 1} for s in (1.0, 2.0, 4.0, 8.0)]
    assert "×2.00 per n" in _timing_figure(grown)["lead"]
