"""The exact number of twin-free Fill-a-Pix pictures at any grid (studies 2, 3 and 8): the
derivation in twins.py (the generator's classifier) reduces it to line patterns and, when both
sides are 2 (mod 3), to the m x n matrices Y with no constant line and no two-block split, which
``no_split_count`` counts readably and twins_source.py (and twins_order.py) at any size."""

from __future__ import annotations

from math import comb

from pencilbox.puzzles.fillapix.studies import twins_source
from pencilbox.puzzles.fillapix.twins import pattern_size


def twin_free_one_side(h: int, w: int) -> int:
    """Twin-free h x w pictures when at most one side is 2 (mod 3): a product over the
    lines across that side, each missing both patterns in 2^L - 2 of its 2^L fillings,
    times the cells off the pattern, which are free."""
    if h % 3 == 2 and w % 3 == 2:
        raise ValueError("both sides are 2 (mod 3): use twin_free_both")
    if h % 3 == 2:
        lh = pattern_size(h)
        return int((2 ** lh - 2) ** w * 2 ** ((h - lh) * w))  # int ** int is typed Any
    if w % 3 == 2:
        lw = pattern_size(w)
        return int((2 ** lw - 2) ** h * 2 ** ((w - lw) * h))
    return 1 << (h * w)


def a283624(m: int, n: int) -> int:
    """m x n 0/1 matrices with no constant row and no constant column, by
    inclusion-exclusion over the rows and columns forced constant (forced rows and columns
    that meet must share one value). OEIS A283624 is the square case m = n (1, 0, 2, 102,
    22874, ...); the rectangular table is A283654."""
    total = 0
    for i in range(m + 1):
        for j in range(n + 1):
            if i and j:
                ways = 2 * 2 ** ((m - i) * (n - j))
            else:
                ways = 2 ** (i + j) * 2 ** ((m - i) * (n - j))
            total += (-1) ** (i + j) * comb(m, i) * comb(n, j) * ways
    return total


def no_split_count(m: int, n: int, layers: list[int] | None = None) -> int:
    """m x n 0/1 matrices Y with no constant row, no constant column and no two-block
    split (no proper nonempty J with every row all 0 on J or all 1 off J).

    Row by row, the state is the set of J still possible (J must be comparable with the
    zero set Z of every row). A constant column is itself a split (J = {j} or Q - {j}),
    so only constant rows need excluding explicitly (for n >= 2; n = 1 leaves no
    non-constant row). Cost grows fast with n: 6 x 6 (8 x 8 grids) takes 0.3 s, 8 x 8
    (11 x 11 grids) about 7 minutes. This is the readable reference; twins_order.py
    (a transfer matrix over the order of the columns) and twins_source.py (a recurrence
    over the source block) count the same matrices at any grid of the studies.
    ``layers``, when given, receives the number of states after each row."""
    full = (1 << n) - 1
    js = list(range(1, full))  # proper nonempty subsets, as bitmasks
    comparable = []
    for zset in range(1, full):  # non-constant rows
        mask = 0
        for t, jset in enumerate(js):
            if jset & zset == jset or jset & zset == zset:
                mask |= 1 << t
        comparable.append(mask)
    states = {(1 << len(js)) - 1: 1}
    for _ in range(m):
        nxt: dict[int, int] = {}
        for state, ways in states.items():
            for mask in comparable:
                s = state & mask
                nxt[s] = nxt.get(s, 0) + ways
        states = nxt
        if layers is not None:
            layers.append(len(states))
    return states.get(0, 0)


def _off_pattern_factor(h: int, w: int) -> int:
    """Both sides = 2 (mod 3): the lines outside the pattern (columns off Q restricted to
    P, rows off P restricted to Q, each a 2^L - 2 choice) and the free cells off both."""
    lh, lw = pattern_size(h), pattern_size(w)
    return int((2 ** lh - 2) ** (w - lw) * (2 ** lw - 2) ** (h - lh) * 2 ** ((h - lh) * (w - lw)))


def twin_free_both(h: int, w: int) -> int:
    """Twin-free h x w pictures when both sides are 2 (mod 3): Y (the P x Q part,
    recoloured) has no constant line and no two-block split, times the off-pattern part.
    Y is counted by the source-block recurrence (twins_source.py: instant at any size),
    which the tests and study 8 hold to no_split_count and to the transfer matrix."""
    if h % 3 != 2 or w % 3 != 2:
        raise ValueError("needs both sides 2 (mod 3)")
    return twins_source.no_split(pattern_size(h), pattern_size(w)) * _off_pattern_factor(h, w)


def twin_free(h: int, w: int) -> int:
    """Exact number of twin-free h x w pictures."""
    if h % 3 == 2 and w % 3 == 2:
        return twin_free_both(h, w)
    return twin_free_one_side(h, w)


def line_twin_free(h: int, w: int) -> int:
    """Pictures with no twin made by flipping a single line (row or column); equal to
    twin_free unless both sides are 2 (mod 3), where the two-block family adds twins."""
    if h % 3 == 2 and w % 3 == 2:
        return a283624(pattern_size(h), pattern_size(w)) * _off_pattern_factor(h, w)
    return twin_free_one_side(h, w)


def twin_share(h: int, w: int, lines_only: bool = False) -> float:
    """Share of h x w pictures that have a twin (exact count over 2^(hw))."""
    free = line_twin_free(h, w) if lines_only else twin_free(h, w)
    return 1 - free / (1 << (h * w))
