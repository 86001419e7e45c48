"""The twin census: every h x w picture (up to 5 x 5, 2^25 pictures) counted four ways
that share as little code as possible.

1. ``clues``: group every picture by its full clue vector and count the pictures in
   groups of two or more. No theory: the clue vector is packed into two integer keys,
   pictures are sorted by the first and runs are split by the second.
2. ``kernel``: enumerate the ternary kernel (every d in {-1,0,1}^(hw) whose clues are all
   zero) row by row, keep its minimal vectors and test every picture against them.
3. ``classifier``: the classifier of twins.py (its compiled core), picture by picture.
4. ``closed_form``: the exact count of twin_counts.py.

Run ``python -m pencilbox.puzzles.fillapix.studies.twin_census [HxW ...]`` for the table.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from itertools import product

import numpy as np
from numba import njit

from pencilbox.core.poll import EVERY, stopped
from pencilbox.puzzles.fillapix import twins
from pencilbox.puzzles.fillapix.jit_twins import _twin_core
from pencilbox.puzzles.fillapix.studies import twin_counts

METHODS = ("clues", "kernel", "classifier", "closed_form")
MAX_CELLS = 25


def _block(h: int, w: int, r: int, c: int) -> list[int]:
    return [rr * w + cc for rr in range(max(r - 1, 0), min(r + 2, h))
            for cc in range(max(c - 1, 0), min(c + 2, w))]


# ---------------------------------------------------------------- 1. group by clues

@njit(cache=True)
def _keys(lo_part, hi_part, nlo):
    """Key of every picture code = hi_part[code >> nlo] + lo_part[code & (2^nlo - 1)]."""
    nl = lo_part.shape[0]
    out = np.empty(nl * hi_part.shape[0], dtype=np.int64)
    for xh in range(hi_part.shape[0]):
        base = xh * nl
        for xl in range(nl):
            out[base + xl] = hi_part[xh] + lo_part[xl]
    return out


@njit(cache=True)
def _shared_count(order, key1, k2lo, k2hi, nlo):
    """Pictures whose (key1, key2) pair occurs more than once; ``order`` sorts key1."""
    mask = (1 << nlo) - 1
    total = 0
    n = order.shape[0]
    s = 0
    steps = 0
    while s < n:
        steps += 1
        if steps & EVERY == 0 and stopped():
            break  # a signal: the call returns at once, unread (core/poll.py)
        e = s + 1
        while e < n and key1[order[e]] == key1[order[s]]:
            e += 1
        if e - s > 1:
            k2 = np.empty(e - s, dtype=np.int64)
            for t in range(s, e):
                code = order[t]
                k2[t - s] = k2hi[code >> nlo] + k2lo[code & mask]
            k2.sort()
            a = 0
            while a < e - s:
                b = a + 1
                while b < e - s and k2[b] == k2[a]:
                    b += 1
                if b - a > 1:
                    total += b - a
                a = b
        s = e
    return total


def _linear_tables(weights: list[int], nlo: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """A key linear in the picture bits, split into tables over the low and high bits."""
    def table(bits: list[int]) -> np.ndarray:
        out = np.zeros(1 << len(bits), dtype=np.int64)
        for k, b in enumerate(bits):
            out[1 << k:1 << (k + 1)] = out[:1 << k] + weights[b]
        return out
    return table(list(range(nlo))), table(list(range(nlo, n)))


def with_twin_by_clues(h: int, w: int) -> int:
    """Method 1: pictures that share their full clue vector with another picture."""
    n = h * w
    blocks = [_block(h, w, i // w, i % w) for i in range(n)]
    # Mixed radix: clue i is a digit in base |block i| + 1; split the cells into two keys
    # that each fit in 63 bits.
    radix = [len(b) + 1 for b in blocks]
    split, prod = 0, 1
    while split < n and prod * radix[split] < 2 ** 62:
        prod *= radix[split]
        split += 1
    place = [0] * n
    for part in ((0, split), (split, n)):
        p = 1
        for i in range(*part):
            place[i] = p
            p *= radix[i]
        if p >= 2 ** 63:
            raise ValueError("grid too large for two 63-bit keys")
    w1 = [sum(place[i] for i in range(split) if c in blocks[i]) for c in range(n)]
    w2 = [sum(place[i] for i in range(split, n) if c in blocks[i]) for c in range(n)]
    nlo = n // 2
    k1lo, k1hi = _linear_tables(w1, nlo, n)
    k2lo, k2hi = _linear_tables(w2, nlo, n)
    key1 = _keys(k1lo, k1hi, nlo)
    order = np.argsort(key1)
    return int(_shared_count(order, key1, k2lo, k2hi, nlo))


# ---------------------------------------------------------------- 2. the ternary kernel

def _window_zero(v: tuple[int, ...]) -> bool:
    """Every horizontal window of three (clipped) sums to zero."""
    w = len(v)
    return all(sum(v[max(c - 1, 0):c + 2]) == 0 for c in range(w))


def ternary_kernel(h: int, w: int) -> Iterator[tuple[int, ...]]:
    """Every d in {-1,0,1}^(hw) with all clues zero, row by row: once rows up to r+1 are
    chosen the clues of row r are final, so each new row must zero them."""
    rows = list(product((-1, 0, 1), repeat=w))
    memo: dict[tuple[int, ...], list[tuple[int, ...]]] = {}

    def nexts(p: tuple[int, ...]) -> list[tuple[int, ...]]:
        if p not in memo:
            memo[p] = [c for c in rows if _window_zero(tuple(a + b for a, b in zip(p, c, strict=True)))]
        return memo[p]

    def grow(chosen: list[tuple[int, ...]]) -> Iterator[tuple[int, ...]]:
        k = len(chosen)
        if k == h:
            last = chosen[-1] if h == 1 else tuple(map(sum, zip(chosen[-2], chosen[-1], strict=True)))
            if _window_zero(last):
                yield tuple(v for row in chosen for v in row)
            return
        if k == 0:
            cands = rows
        else:
            parts = chosen[-2:] if k >= 2 else chosen[-1:]
            cands = nexts(tuple(map(sum, zip(*parts, strict=True))))
        for c in cands:
            chosen.append(c)
            yield from grow(chosen)
            chosen.pop()

    yield from grow([])


def _masks(vectors: list[tuple[int, ...]]) -> tuple[np.ndarray, np.ndarray]:
    plus = np.array([sum(1 << i for i, v in enumerate(d) if v == 1) for d in vectors], dtype=np.int64)
    minus = np.array([sum(1 << i for i, v in enumerate(d) if v == -1) for d in vectors], dtype=np.int64)
    return plus, minus


def minimal_vectors(vectors: list[tuple[int, ...]], conformal: bool = False) -> list[tuple[int, ...]]:
    """Nonzero kernel vectors with no other nonzero kernel vector of strictly smaller
    support (``conformal``: none that agrees with it on a strictly smaller support)."""
    vecs = [d for d in vectors if any(d)]
    if not vecs:
        return []
    plus, minus = _masks(vecs)
    supp = plus | minus
    if conformal:
        below = (((plus[None, :] & ~plus[:, None]) == 0) & ((minus[None, :] & ~minus[:, None]) == 0)
                 & (supp[None, :] != supp[:, None]))
    else:
        below = ((supp[None, :] & ~supp[:, None]) == 0) & (supp[None, :] != supp[:, None])
    return [d for d, b in zip(vecs, below.any(axis=1), strict=True) if not b]


def is_line_vector(d: tuple[int, ...], h: int, w: int) -> bool:
    """Support inside one row or one column: a single line flip."""
    cells = [i for i, v in enumerate(d) if v]
    return len({i // w for i in cells}) == 1 or len({i % w for i in cells}) == 1


@njit(cache=True)
def _absorb_table(plus, minus, nbits, shift, words):
    """For each value of ``nbits`` picture bits starting at ``shift``: the bit set of the
    vectors whose part on those bits it absorbs (0 where +1, 1 where -1)."""
    mask = (1 << nbits) - 1
    out = np.zeros((1 << nbits, words), dtype=np.uint64)
    for k in range(plus.shape[0]):
        p = (plus[k] >> shift) & mask
        m = (minus[k] >> shift) & mask
        for x in range(1 << nbits):
            if (x & p) == 0 and (x & m) == m:
                out[x, k >> 6] |= np.uint64(1) << np.uint64(k & 63)
    return out


@njit(cache=True)
def _absorb_counts(lo, hi, linemask):
    """Pictures absorbing some vector, and those absorbing some line vector."""
    anyc = 0
    linec = 0
    words = lo.shape[1]
    for xh in range(hi.shape[0]):
        for xl in range(lo.shape[0]):
            a = False
            ln = False
            for t in range(words):
                v = lo[xl, t] & hi[xh, t]
                if v != 0:
                    a = True
                    if v & linemask[t] != 0:
                        ln = True
            if a:
                anyc += 1
            if ln:
                linec += 1
    return anyc, linec


def with_twin_by_kernel(h: int, w: int) -> dict[str, int]:
    """Method 2: x has a twin iff it absorbs some nonzero ternary kernel vector d
    (x + d in {0,1}^n, i.e. x is 0 where d = +1 and 1 where d = -1).

    Why minimal vectors suffice: if x absorbs d, it absorbs every ternary kernel vector
    that agrees with d on a smaller support (absorbing is a condition cell by cell), so
    it absorbs a conformally minimal one. We compute both the support-minimal and the
    conformally minimal vectors; support-minimal ones are conformally minimal, and when
    the two sets coincide (they do on every grid up to 5 x 5: the kernel's circuits are
    the single line flips and the two-block vectors, all +-1 on their supports) testing
    the support-minimal vectors is exact. If they ever differ we test the conformal set.
    """
    n = h * w
    kernel = list(ternary_kernel(h, w))
    minimal = minimal_vectors(kernel)
    conformal = minimal_vectors(kernel, conformal=True)
    tested = minimal if set(minimal) == set(conformal) else conformal
    out = {"kernel_size": len(kernel), "minimal_vectors": len(minimal),
           "conformal_minimal": len(conformal), "line_vectors": sum(is_line_vector(d, h, w) for d in minimal)}
    if not tested:
        out.update(with_twin=0, line_twins=0)
        return out
    plus, minus = _masks(tested)
    words = (len(tested) + 63) // 64
    linemask = np.zeros(words, dtype=np.uint64)
    for k, d in enumerate(tested):
        if is_line_vector(d, h, w):
            linemask[k >> 6] |= np.uint64(1) << np.uint64(k & 63)
    nlo = n // 2
    lo = _absorb_table(plus, minus, nlo, 0, words)
    hi = _absorb_table(plus, minus, n - nlo, nlo, words)
    anyc, linec = _absorb_counts(lo, hi, linemask)
    out.update(with_twin=int(anyc), line_twins=int(linec))
    return out


# ---------------------------------------------------------------- 3. the classifier

@njit(cache=True)
def _classify_all(h, w, uh, uw, pidx, qidx, z, ifrom, union, cnt, order):
    """Counts by kind (index twins.NONE .. TWO_BLOCK) over every picture code."""
    n = h * w
    x = np.zeros(n, dtype=np.int8)
    d = np.zeros(n, dtype=np.int8)
    counts = np.zeros(4, dtype=np.int64)
    for code in range(1 << n):
        for i in range(n):
            x[i] = (code >> i) & 1
        kind = _twin_core(x, d, h, w, uh, uw, pidx, qidx, z, ifrom, union, cnt, order)
        counts[kind] += 1
        if kind != 0:
            for i in range(n):
                d[i] = 0
    return counts


def with_twin_by_classifier(h: int, w: int) -> dict[str, int]:
    """Method 3: the classifier on every picture; also how many got a two-block twin
    (the classifier tries lines first, so those have no single-line twin)."""
    if h % 3 != 2 and w % 3 != 2:
        return {"with_twin": 0, "two_block": 0}
    counts = _classify_all(*twins.Workspace(h, w).args())
    return {"with_twin": int(counts[1:].sum()), "two_block": int(counts[twins.TWO_BLOCK])}


# ---------------------------------------------------------------- the census

def census(h: int, w: int, methods: tuple[str, ...] = METHODS) -> dict:
    """Pictures, pictures with a twin by each method, ternary kernel size (zero vector
    included), minimal vectors and twins not explained by single line flips."""
    if h * w > MAX_CELLS:
        raise ValueError(f"census enumerates 2^(hw) pictures; {h}x{w} is too large")
    out: dict = {"h": h, "w": w, "pictures": 2 ** (h * w), "with_twin": {}, "seconds": {}}
    for method in methods:
        t0 = time.perf_counter()
        if method == "clues":
            out["with_twin"][method] = with_twin_by_clues(h, w)
        elif method == "kernel":
            res = with_twin_by_kernel(h, w)
            out["with_twin"][method] = res["with_twin"]
            for key in ("kernel_size", "minimal_vectors", "conformal_minimal", "line_vectors"):
                out[key] = res[key]
            out.setdefault("twins_not_single_line", {})[method] = res["with_twin"] - res["line_twins"]
        elif method == "classifier":
            res = with_twin_by_classifier(h, w)
            out["with_twin"][method] = res["with_twin"]
            out.setdefault("twins_not_single_line", {})[method] = res["two_block"]
        elif method == "closed_form":
            out["with_twin"][method] = 2 ** (h * w) - twin_counts.twin_free(h, w)
            out.setdefault("twins_not_single_line", {})[method] = (
                twin_counts.line_twin_free(h, w) - twin_counts.twin_free(h, w))
        else:
            raise ValueError(f"unknown method {method!r}")
        out["seconds"][method] = time.perf_counter() - t0
    vals = set(out["with_twin"].values())
    out["agree"] = len(vals) <= 1 and len(set(out.get("twins_not_single_line", {}).values())) <= 1
    return out


def _parse(arg: str) -> tuple[int, int]:
    h, w = arg.lower().split("x")
    return int(h), int(w)


def main(argv: list[str] | None = None) -> int:
    """Print the census table (every grid up to 5x5 by default) and the time taken."""
    args = sys.argv[1:] if argv is None else argv
    sizes = [_parse(a) for a in args] or [(h, w) for h in range(1, 6) for w in range(1, 6)]
    head = (f"{'grid':>5} {'pictures':>10} {'with twin':>10} {'share':>7} {'kernel':>7} {'minimal':>7} "
            f"{'not line':>9} {'agree':>5} {'seconds':>8}")
    print(head)
    t0 = time.perf_counter()
    ok = True
    for h, w in sizes:
        r = census(h, w)
        tw = r["with_twin"]["closed_form"]
        ok &= r["agree"]
        print(f"{h}x{w:<3} {r['pictures']:>10} {tw:>10} {tw / r['pictures']:>7.4f} {r['kernel_size']:>7} "
              f"{r['minimal_vectors']:>7} {r['twins_not_single_line']['closed_form']:>9} "
              f"{'yes' if r['agree'] else 'NO':>5} {sum(r['seconds'].values()):>8.2f}")
        if not r["agree"]:
            print("   disagree:", r["with_twin"], r.get("twins_not_single_line"))
    print(f"total {time.perf_counter() - t0:.1f} s; all four methods agree: {'yes' if ok else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
