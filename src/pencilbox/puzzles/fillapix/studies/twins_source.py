"""The two-block count by a recurrence over the source block (a second way, sharing no
code with twin_counts.no_split_count or twins_order).

Y (the m x n pattern part of a picture, twins.py) has no constant line and no two-block
split exactly when the orientation of K(m, n) it defines (row -> column where Y is 0,
column -> row where it is 1) is strongly connected (twins_order.py says why). Count
those, s(a, b) on a rows and b columns, as Wright counted strong tournaments, by the
strong components that no arc enters (the sources):

* Two source components cannot hold a row and a column between them (the arc between
  those two would enter one of them), so either there is one source component and it
  has both rows and columns, or every source is a single row (a row of 0s in Y) or
  every source is a single column.
* Every orientation has a source, so summing (-1)^(k+1) over the k-sets of its sources
  gives 1 for each. Exchange the sums: choose the a' rows and b' columns X that some
  set of sources covers, weigh X by w(a', b') (s(a', b') for one block with both sides,
  (-1)^(a'+1) for a' single rows, (-1)^(b'+1) for b' single columns), force every arc
  between X and the rest out of X, and leave the rest free:

      2^(ab) = sum over (a', b') != (0, 0) of
               C(a, a') C(b, b') w(a', b') 2^((a - a') (b - b')),

  whose term (a, b) is s(a, b) itself.

So s fills an (m + 1) x (n + 1) table, each entry from the entries before it.
"""

from __future__ import annotations

from functools import cache
from math import comb


def _weight(table: dict[tuple[int, int], int], a: int, b: int) -> int:
    """Signed number of ways a' rows and b' columns are exactly a set of sources."""
    if b == 0:
        return 1 if a % 2 else -1  # (-1)^(a + 1)
    if a == 0:
        return 1 if b % 2 else -1
    return table[a, b]


@cache
def strong_table(m: int, n: int) -> dict[tuple[int, int], int]:
    """s(a, b) for 1 <= a <= m, 1 <= b <= n: strongly connected orientations of K(a, b)."""
    table: dict[tuple[int, int], int] = {}
    binom = [[comb(a, k) for k in range(a + 1)] for a in range(max(m, n) + 1)]
    for a in range(1, m + 1):
        for b in range(1, n + 1):
            rest = 0
            for a2 in range(a + 1):
                for b2 in range(b + 1):
                    if (a2, b2) == (0, 0) or (a2, b2) == (a, b):
                        continue
                    # times 2^((a - a2)(b - b2)) as a shift: the terms run to thousands of bits,
                    # and shifting them is far cheaper than multiplying by a power of two
                    ways = binom[a][a2] * binom[b][b2] * _weight(table, a2, b2)
                    rest += ways << ((a - a2) * (b - b2))
            table[a, b] = (1 << (a * b)) - rest
    return table


def no_split(m: int, n: int) -> int:
    """m x n matrices Y with no constant row or column and no two-block split."""
    if m < 1 or n < 1:
        raise ValueError("Y needs a row and a column")
    return strong_table(max(m, n), max(m, n))[m, n]
