"""The two-block count by a transfer matrix over the order of the columns.

twins.py and twin_counts.py reduce the twin-free count on a grid with both sides 2 (mod 3)
to Y, the m x n 0/1 matrix of the pattern cells (m, n the pattern sizes of the two sides),
and ask for the Y with no constant row, no constant column and no two-block split. The readable
count (``twin_counts.no_split_count``) reads Y row by row keeping the set of still-possible J
as the state; the number of such sets grows ten- to twelvefold per column, so it stops
near 8 x 8 (11 x 11 grids). This module reads Y row by row too, with a smaller state
(study 8, ``exact_twins``, counts both).

Read Y as an orientation of the complete bipartite graph between its rows and columns:
row r points at column j when Y_rj = 0, column j at row r when Y_rj = 1.

* A constant row or column is a vertex with every arc out or every arc in.
* A split (B, A) of the rows (J = the columns with a 0 in B: no column with a 0 in B
  and a 1 in A) makes B and the columns it points at a set that no arc leaves; with no
  constant line every such set is a split. So Y has no constant line and no split
  exactly when the orientation is strongly connected.

So the count is the number of strongly connected orientations of K(m, n). Reading Y
row by row, a row is a cut of the columns into O (its 1s) and Z (its 0s) and adds a
path o -> row -> z for every o in O, z in Z; the whole orientation is strongly
connected exactly when every row is a proper cut and the columns, joined by those
paths, are. The state is what "columns joined so far" looks like up to renaming them:

* Two columns neither of which reaches the other were on the same side of every row
  so far (a row that splits them joins one to the other), so they are twins with no
  path between them; a twin of a column in a larger strong block would share its
  neighbours and be in that block. The groups of mutually unreachable columns are
  therefore single strong blocks or sets of such twins, and any two groups are joined
  one way, so the groups stand in a line, top (reaches everything below) to bottom.
* The state is that line: a tuple of blocks (size, kind), kind STRONG (a strongly
  connected block, a single column included) or LOOSE (two or more unjoined twins).
  Before any row the n columns are one LOOSE block.
* A row with q the first block holding a 0 and p the last holding a 1: when q > p it
  agrees with the line and changes nothing. When q == p the row cuts one block: a
  STRONG block stays, a LOOSE block splits into its 1s above its 0s. When q < p every
  column from block q to block p joins one strong block, except, in a LOOSE block q,
  the 1s (they stay above, still loose) and, in a LOOSE block p, the 0s (below).
* The transition depends on the block sizes and kinds alone, so the states are these
  shapes and each carries the number of row sequences (labelled columns) that reach a
  labelled line of that shape. The rows that give one (q, p, o_q, o_p) are counted in
  closed form: blocks above q all 1s, below p all 0s, strictly between any (2^size).

The count of Y is the weight of the single STRONG block of n columns after m rows. A
shape is a composition of n with each part of two or more marked one of two ways, so
there are at most a(n) of them, a(n) = 2 a(n-1) + a(n-2) from a(0) = a(1) = 1: they grow
by 1 + sqrt(2) per column (the study counts the ones reached).
"""

from __future__ import annotations

from math import comb

STRONG, LOOSE = 0, 1

Block = tuple[int, int]  # (number of columns, STRONG or LOOSE)
Shape = tuple[Block, ...]


def _block(size: int, kind: int) -> Block:
    """A block; one column on its own is a strong block whatever it was called."""
    return (size, STRONG if size == 1 else kind)


def start(n: int) -> Shape:
    """The line before any row: every column unjoined."""
    return (_block(n, LOOSE),)


def step(states: dict[Shape, int]) -> dict[Shape, int]:
    """Every weighted shape after one more row that is not constant."""
    nxt: dict[Shape, int] = {}

    def add(shape: Shape, ways: int) -> None:
        nxt[shape] = nxt.get(shape, 0) + ways

    for shape, ways in states.items():
        t = len(shape)
        if t > 1:  # q > p: 1s on the top blocks, 0s below, cut between two blocks
            add(shape, ways * (t - 1))
        for q in range(t):
            sq, kq = shape[q]
            if sq > 1:  # q == p: the row cuts block q alone
                if kq == STRONG:
                    add(shape, ways * (2**sq - 2))
                else:
                    for ones in range(1, sq):
                        cut = (_block(ones, LOOSE), _block(sq - ones, LOOSE))
                        add(shape[:q] + cut + shape[q + 1 :], ways * comb(sq, ones))
            between_ways, between_size = 1, 0  # blocks strictly between q and p
            for p in range(q + 1, t):
                sp, kp = shape[p]
                for oq in range(sq):  # block q holds a 0
                    for op in range(1, sp + 1):  # block p holds a 1
                        above = (_block(oq, LOOSE),) if kq == LOOSE and oq else ()
                        below = (_block(sp - op, LOOSE),) if kp == LOOSE and op < sp else ()
                        joined = between_size + (sq - oq if kq == LOOSE else sq) + (op if kp == LOOSE else sp)
                        new = shape[:q] + above + ((joined, STRONG),) + below + shape[p + 1 :]
                        add(new, ways * between_ways * comb(sq, oq) * comb(sp, op))
                between_ways *= 2**sp
                between_size += sp
    return nxt


def order_counts(rows: int, n: int) -> tuple[list[int], list[int]]:
    """(counts, states): counts[m - 1] is the number of m x n matrices Y with no constant
    line and no two-block split, for m = 1..rows; states[m] is the number of shapes after
    m rows (states[0] = 1, the start)."""
    if n < 1:
        raise ValueError("Y needs a column")
    states = {start(n): 1}
    done = ((n, STRONG),)
    counts, sizes = [], [1]
    for _ in range(rows):
        states = step(states)
        sizes.append(len(states))
        counts.append(states.get(done, 0))
    return counts, sizes


def no_split(m: int, n: int) -> int:
    """m x n matrices Y with no constant row or column and no two-block split (the
    transpose has the same count, so the shorter side is read as the columns)."""
    if m < 1 or n < 1:
        raise ValueError("Y needs a row and a column")
    rows, cols = max(m, n), min(m, n)
    return order_counts(rows, cols)[0][rows - 1]
