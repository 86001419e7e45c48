"""The twin classifier and the exact twin-free counts against brute force: every picture
of the small grids, 2^25 pictures of 5x5 through the clue-grouping census, random
pictures of larger grids against an independent row-by-row solver, and the Y-matrix
counts against every matrix up to 4x4."""

from __future__ import annotations

import random
from itertools import product

import numpy as np
import pytest

from pencilbox.puzzles.fillapix import twins
from pencilbox.puzzles.fillapix.studies import twin_census, twin_counts

SMALL = [(h, w) for h in range(1, 5) for w in range(1, 5)] + [(5, 1), (1, 5), (5, 2), (2, 5), (3, 5), (5, 3)]


def block_matrix(h: int, w: int) -> np.ndarray:
    """M[c, i] = 1 when cell c lies in the block of clue i."""
    n = h * w
    m = np.zeros((n, n), dtype=np.int64)
    for i in range(n):
        r, c = divmod(i, w)
        for rr in range(max(r - 1, 0), min(r + 2, h)):
            for cc in range(max(c - 1, 0), min(c + 2, w)):
                m[rr * w + cc, i] = 1
    return m


def all_pictures(n: int) -> np.ndarray:
    codes = np.arange(2 ** n, dtype=np.int64)
    return ((codes[:, None] >> np.arange(n)) & 1).astype(np.int64)


def brute(h: int, w: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pictures, their clue vectors, and the group (same clues) of each picture."""
    pics = all_pictures(h * w)
    clues = pics @ block_matrix(h, w)
    _, inv, _ = np.unique(clues, axis=0, return_inverse=True, return_counts=True)
    return pics, clues, inv.ravel()


def one_line(d: np.ndarray, h: int, w: int) -> bool:
    cells = np.flatnonzero(d)
    return len(set(cells // w)) == 1 or len(set(cells % w)) == 1


def count_answers(clues: list[int], h: int, w: int, limit: int = 2) -> int:
    """Pictures with these clues (up to ``limit``), row by row: once row k is chosen the
    clues of row k - 1 are final, and their window sums are linear in the rows."""
    wins = []
    for r in range(2 ** w):
        bits = [(r >> c) & 1 for c in range(w)]
        wins.append(tuple(sum(bits[max(c - 1, 0):c + 2]) for c in range(w)))
    by_win: dict[tuple[int, ...], list[int]] = {}
    for r, v in enumerate(wins):
        by_win.setdefault(v, []).append(r)
    rows = [tuple(clues[k * w:(k + 1) * w]) for k in range(h)]
    found = 0

    def go(chosen: list[int]) -> None:
        nonlocal found
        k = len(chosen)
        if found >= limit:
            return
        if k == h:
            tail = [wins[r] for r in chosen[-2:]]
            if tuple(map(sum, zip(*tail, strict=True))) == rows[h - 1]:
                found += 1
            return
        if k == 0:
            cands = range(2 ** w)
        else:
            prev = [wins[r] for r in chosen[-2:]]
            target = tuple(t - sum(p) for t, p in zip(rows[k - 1], zip(*prev, strict=True), strict=True))
            cands = by_win.get(target, [])
        for r in cands:
            chosen.append(r)
            go(chosen)
            chosen.pop()

    go([])
    return found


def test_pattern() -> None:
    assert twins.pattern(5) == [1, -1, 0, 1, -1]
    assert twins.pattern(2) == [1, -1]
    assert twins.pattern(4) == [0, 0, 0, 0]
    assert [twins.pattern_size(n) for n in (2, 5, 8, 11, 3)] == [2, 4, 6, 8, 0]


def test_clues_of() -> None:
    assert twins.clues_of([1, 1, 1, 1], 2, 2) == [4, 4, 4, 4]
    centre = [0] * 9
    centre[4] = 1
    assert twins.clues_of(centre, 3, 3) == [1] * 9
    assert twins.clues_of([1, 0, 0, 1, 0], 1, 5) == [1, 1, 1, 1, 1]


@pytest.mark.parametrize("h,w", SMALL)
def test_classifier_exhaustive(h: int, w: int) -> None:
    pics, clues, inv = brute(h, w)
    sizes = np.bincount(inv)
    groups: dict[int, list[int]] = {}
    for k, g in enumerate(inv.tolist()):
        groups.setdefault(g, []).append(k)
    free = line_free = 0
    for k, x in enumerate(pics.tolist()):
        y = twins.find_twin(x, h, w)
        has = sizes[inv[k]] > 1
        assert (y is not None) == has, (h, w, x)
        if y is None:
            free += 1
        else:
            assert set(y) <= {0, 1} and y != x
            assert twins.clues_of(y, h, w) == twins.clues_of(x, h, w)
        mates = groups[inv[k]] if has else []
        if not any(j != k and one_line(pics[j] - pics[k], h, w) for j in mates):
            line_free += 1
        else:
            assert twins.twin_kind(x, h, w) in ("row", "column")
    assert free == twin_counts.twin_free(h, w)
    assert line_free == twin_counts.line_twin_free(h, w)


@pytest.mark.parametrize("h,w", [(5, 5), (4, 5), (5, 4)])
def test_counts_by_clue_grouping(h: int, w: int) -> None:
    """2^(hw) pictures grouped by clue vector (compiled, no theory) against the closed form."""
    assert twin_census.with_twin_by_clues(h, w) == 2 ** (h * w) - twin_counts.twin_free(h, w)


def test_closed_forms_one_side() -> None:
    assert twin_counts.twin_free_one_side(5, 4) == 14 ** 4 * 2 ** 4
    assert twin_counts.twin_free_one_side(3, 3) == 2 ** 9
    assert twin_counts.twin_free(2, 2) == 2
    with pytest.raises(ValueError):
        twin_counts.twin_free_one_side(5, 5)
    with pytest.raises(ValueError):
        twin_counts.twin_free_both(5, 4)


def y_brute(m: int, n: int) -> tuple[int, int]:
    """(no constant row or column, and also no two-block split) over all m x n matrices."""
    ys = all_pictures(m * n).reshape(-1, m, n)
    rows_ok = ((ys.min(axis=2) == 0) & (ys.max(axis=2) == 1)).all(axis=1)
    cols_ok = ((ys.min(axis=1) == 0) & (ys.max(axis=1) == 1)).all(axis=1)
    no_line = rows_ok & cols_ok
    split = np.zeros(len(ys), dtype=bool)
    for rows in product((0, 1), repeat=m):
        for cols in product((0, 1), repeat=n):
            if len(set(rows)) < 2 or len(set(cols)) < 2:
                continue
            r = np.array(rows, dtype=bool)
            c = np.array(cols, dtype=bool)
            zero_block = ys[:, r][:, :, c]
            one_block = ys[:, ~r][:, :, ~c]
            split |= (zero_block == 0).all(axis=(1, 2)) & (one_block == 1).all(axis=(1, 2))
    return int(no_line.sum()), int((no_line & ~split).sum())


@pytest.mark.parametrize("m,n", [(m, n) for m in range(1, 5) for n in range(1, 5)])
def test_y_counts_brute(m: int, n: int) -> None:
    lines, both = y_brute(m, n)
    assert twin_counts.a283624(m, n) == lines
    assert twin_counts.no_split_count(m, n) == both


def test_a283624_oeis_terms() -> None:
    """The square terms of OEIS A283624 (a(0..6))."""
    assert [twin_counts.a283624(n, n) for n in range(7)] == [1, 0, 2, 102, 22874, 17633670, 46959933962]


def test_no_split_symmetric() -> None:
    for m in range(1, 5):
        for n in range(1, 7):
            assert twin_counts.no_split_count(m, n) == twin_counts.no_split_count(n, m)
            assert twin_counts.no_split_count(m, n) <= twin_counts.a283624(m, n)


RANDOM = [(5, 5), (8, 8), (5, 8), (8, 5), (11, 11), (6, 6), (7, 9), (4, 10), (2, 7)]


@pytest.mark.parametrize("h,w", RANDOM)
def test_classifier_random(h: int, w: int) -> None:
    """Random fair-coin pictures: the classifier against an independent solver."""
    rng = random.Random(1000 * h + w)
    count = 300 if h * w <= 64 else 150
    seen = 0
    for _ in range(count):
        x = [rng.randint(0, 1) for _ in range(h * w)]
        y = twins.find_twin(x, h, w)
        cl = twins.clues_of(x, h, w)
        if h % 3 != 2 and w % 3 != 2:
            assert y is None
        if y is not None:
            seen += 1
            assert set(y) <= {0, 1} and y != x and twins.clues_of(y, h, w) == cl
            assert twins.find_twin([1 - v for v in x], h, w) is not None
        assert count_answers(cl, h, w) == (2 if y is not None else 1)
    if h % 3 == 2 or w % 3 == 2:
        assert seen > 0


def two_block_picture(h: int, w: int, rng: random.Random) -> list[int]:
    """A picture with no single-line twin whose recoloured P x Q part Y has a two-block
    split: rows split into B (zero sets inside J) and A (zero sets containing J). Cells
    off the pattern are 0, so no off-pattern line (which would need a 1) fits; Y is
    redrawn until it has no constant row or column."""
    uh, uw = twins.pattern(h), twins.pattern(w)
    pidx = [i for i in range(h) if uh[i]]
    qidx = [j for j in range(w) if uw[j]]
    m, n = len(pidx), len(qidx)
    while True:
        jset = set(rng.sample(range(n), rng.randint(1, n - 1)))
        in_b = [True] * rng.randint(1, m - 1)
        in_b += [False] * (m - len(in_b))
        rng.shuffle(in_b)
        ys = [[(1 if b not in jset else rng.randint(0, 1)) if in_b[a] else
               (0 if b in jset else rng.randint(0, 1)) for b in range(n)] for a in range(m)]
        lines = [set(row) for row in ys] + [{ys[a][b] for a in range(m)} for b in range(n)]
        if all(len(v) == 2 for v in lines):
            break
    x = [0] * (h * w)
    for a, i in enumerate(pidx):
        for b, j in enumerate(qidx):
            x[i * w + j] = ys[a][b] ^ (uh[i] * uw[j] == -1)
    return x


@pytest.mark.parametrize("h,w", [(5, 5), (8, 8), (5, 8), (11, 11)])
def test_two_block_twins(h: int, w: int) -> None:
    rng = random.Random(h * w)
    for _ in range(40):
        x = two_block_picture(h, w, rng)
        y = twins.find_twin(x, h, w)
        assert y is not None and twins.twin_kind(x, h, w) == "two-block"
        assert set(y) <= {0, 1} and y != x and twins.clues_of(y, h, w) == twins.clues_of(x, h, w)
        assert count_answers(twins.clues_of(x, h, w), h, w) == 2


@pytest.mark.parametrize("h,w", [(5, 5), (8, 8), (5, 8), (8, 5), (11, 11), (2, 7), (4, 5), (6, 6)])
def test_the_readable_classifier_is_the_compiled_one(h: int, w: int) -> None:
    """The browser's classifier (no numba) gives the compiled one's kind and vector, on random
    pictures (biased towards twins: few painted cells) and on two-block ones."""
    rng = random.Random(7 * h + w)
    pics = [[int(rng.random() < p) for _ in range(h * w)] for p in (0.5, 0.1, 0.9) for _ in range(100)]
    if h % 3 == 2 and w % 3 == 2:
        pics += [two_block_picture(h, w, rng) for _ in range(40)]
    kinds = set()
    for x in pics:
        got = twins.twin_vector_reference(x, h, w)
        assert got == twins.twin_vector(x, h, w), x
        kinds.add(got[0])
    assert len(kinds) > 1 or (h % 3 != 2 and w % 3 != 2)


def test_bad_input() -> None:
    with pytest.raises(ValueError):
        twins.find_twin([0, 1, 2, 0], 2, 2)
    with pytest.raises(ValueError):
        twins.find_twin([0, 1, 0], 2, 2)
    for bad in ([0, 1, 2, 0], [0, 1, 0]):
        with pytest.raises(ValueError):
            twins.twin_vector_reference(bad, 2, 2)
    assert twins.find_twin((0, 1, 1, 0), 2, 2) == [1, 1, 0, 0]  # column 0 reads 0 1
