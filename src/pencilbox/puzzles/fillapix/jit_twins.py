"""The twin classifier's compiled core (twins.py holds the derivation and the readable side):
does a picture absorb a ternary kernel vector of the full clue map, and of which kind."""

from __future__ import annotations

from numba import njit

from pencilbox.puzzles.fillapix.twins import COLUMN, NONE, ROW, TWO_BLOCK

# the generator classifies every picture it draws: built ahead of time with it (compiled/aot.py)
EXPORTS = ('_twin_core',)


@njit(cache=True)
def _line_fit(x, start, stride, u):
    """+1 if the line absorbs +u (0 where u = 1, 1 where u = -1), -1 if it absorbs -u,
    else 0."""
    plus = True
    minus = True
    for k in range(u.shape[0]):
        if u[k] == 0:
            continue
        want = 0 if u[k] == 1 else 1  # the value that lets the cell take +u_k
        if x[start + k * stride] == want:
            minus = False
        else:
            plus = False
        if not plus and not minus:
            return 0
    return 1 if plus else -1


@njit(cache=True)
def _twin_core(x, d, h, w, uh, uw, pidx, qidx, z, ifrom, union, cnt, order):
    """Write into ``d`` (all zero on entry) a ternary kernel vector that ``x`` absorbs and
    return its kind (COLUMN, ROW, TWO_BLOCK), or return NONE when there is none."""
    hs = h % 3 == 2
    ws = w % 3 == 2
    if hs:
        for j in range(w):
            f = _line_fit(x, j, w, uh)
            if f != 0:
                for i in range(h):
                    d[i * w + j] = f * uh[i]
                return COLUMN
    if ws:
        for i in range(h):
            f = _line_fit(x, i * w, 1, uw)
            if f != 0:
                for j in range(w):
                    d[i * w + j] = f * uw[j]
                return ROW
    if not (hs and ws):
        return NONE
    # No line fits, so no row or column of Y is constant: look for a two-block split.
    m = pidx.shape[0]
    n = qidx.shape[0]
    for a in range(m):
        i = pidx[a]
        c = 0
        for b in range(n):
            j = qidx[b]
            y = x[i * w + j]
            if uh[i] * uw[j] == -1:
                y = 1 - y
            z[a, b] = 1 - y  # 1 where Y is 0: the zero set Z_a
            c += 1 - y
        cnt[a] = c
        # insertion sort of rows by |Z|
        k = a
        while k > 0 and cnt[order[k - 1]] > c:
            order[k] = order[k - 1]
            k -= 1
        order[k] = a
    for b in range(n):
        ifrom[m, b] = 1
    for k in range(m - 1, -1, -1):
        for b in range(n):
            ifrom[k, b] = ifrom[k + 1, b] & z[order[k], b]
    for b in range(n):
        union[b] = 0
    for k in range(1, m):
        ok = True
        for b in range(n):
            union[b] |= z[order[k - 1], b]
            if union[b] > ifrom[k, b]:
                ok = False
        if ok:
            # B = order[:k] (all 1 off J), A = order[k:] (all 0 on J), J = union.
            for t in range(m):
                i = pidx[order[t]]
                for b in range(n):
                    j = qidx[b]
                    if t >= k and union[b] == 1:
                        d[i * w + j] = uh[i] * uw[j]
                    elif t < k and union[b] == 0:
                        d[i * w + j] = -uh[i] * uw[j]
            return TWO_BLOCK
    return NONE
