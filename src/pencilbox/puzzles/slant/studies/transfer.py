"""Legal fillings of the empty Slant board, counted exactly by a transfer matrix.

An empty R x C board has 2^(RC) ways to fill it; a search that enumerates the loop-free
ones (the brute counter) is out of reach beyond about 30 cells. A filling only has to
avoid closing a loop, and whether a diagonal closes one depends on the filled part only
through which lattice points on its lower edge (the frontier) are already connected. So the
cells are filled one at a time in reading order (a broken profile) and the partial fillings
are grouped by that connectivity: a dict (or vector) from state to the number of partial
fillings in it, counted in Python integers, so every count is exact.

The frontier before cell (r, c) has C + 2 lattice points, in order along the edge of the
filled part: the lower points (r+1, 0) .. (r+1, c), then the upper points (r, c) .. (r, C).
Cell (r, c) thus has its bottom-left corner at position c, its top-left at c + 1 and its
top-right at c + 2; its bottom-right corner (r+1, c+1) is new. After the cell, the top-left
point has all its cells decided and leaves; the new point takes its position c + 1.

* ``\\`` joins the top-left point to the new one: the new point inherits the old one's
  position and component, so the state does not change at all;
* ``/`` joins the top-right and bottom-left points: a loop when they are already connected
  (that filling is dropped), else their components merge, and the new point is alone.

At the end of a row the last upper point (r, C) leaves and the next row's first lower
point (r+2, 0) enters in front. A state is written canonically as bytes, each position
labelled by the first position of its component. Points of the two colours of the
chequerboard ((r + c) even or odd) are never connected (a diagonal keeps r + c's parity),
and the frontier alternates colours, which is what keeps the states few.

This module shares no code with the ladder (kernel.py, rungs.py) or engine 2 (brute.py):
``blank_counts`` is the fast count; ``census`` is a second, slower transfer over richer
states (the partial degree and the border flag of every frontier point) that also gives
how the trees split between the two colours, the degrees of the lattice points, and the
trees that miss the border.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

State = bytes  # one label per frontier position: the first position of its component (width <= 250)
_PLUS_ONE = bytes(min(x + 1, 255) for x in range(256))  # every label one position later


# ---------------------------------------------------------------- the fast count


def _slash(s: State, c: int) -> State | None:
    """The state after ``/`` in cell column ``c``, or None when it closes a loop."""
    a, b = s[c], s[c + 2]
    if a == b:
        return None
    low, high = min(a, b), max(a, b)
    t = s.replace(bytes((high,)), bytes((low,)))  # the two components are one
    tl = c + 1
    if t[tl] == tl:  # the leaving top-left point named its component: the next member does
        nxt = t.find(bytes((tl,)), tl + 1)
        if nxt != -1:
            t = t[:tl + 1] + t[tl + 1:].replace(bytes((tl,)), bytes((nxt,)))
    return t[:tl] + bytes((tl,)) + t[tl + 1:]  # the new bottom-right point, alone


def _next_row(s: State) -> State:
    """Drop the last upper point of the row, put the next row's first point (alone) in front."""
    return b"\x00" + s[:-1].translate(_PLUS_ONE)


def _start(width: int) -> State:
    """Before the first cell: the point (1, 0) and the top row (0, 0..C), all apart."""
    return bytes(range(width + 2))


Ids = npt.NDArray[np.int64]
Counts = npt.NDArray[np.object_]  # Python integers in a numpy array: exact, added in C loops


@dataclass(frozen=True)
class Move:
    """One sparse step of the transfer matrix, grouped by target: the counts of states
    ``src[starts[k]:starts[k+1]]`` all go to state ``dst[k]``."""

    src: Ids
    starts: Ids
    dst: Ids

    @staticmethod
    def of(src: array[int], dst: array[int]) -> Move:
        """The move of the pairs src[k] -> dst[k]."""
        order = np.argsort(np.array(dst, dtype=np.int64), kind="stable")
        to = np.array(dst, dtype=np.int64)[order]
        first = np.flatnonzero(np.r_[True, to[1:] != to[:-1]]) if len(to) else np.zeros(0, np.int64)
        return Move(np.array(src, dtype=np.int64)[order], first.astype(np.int64), to[first])

    def sums(self, counts: Counts) -> Counts:
        """What each target receives: its sources' counts added up (numpy's loop, exact)."""
        if not len(self.src):
            return np.zeros(0, dtype=object)
        return np.add.reduceat(counts[self.src], self.starts)


@dataclass(frozen=True)
class Tables:
    """The transfer matrix of one width: the ``/`` move of each cell column (``\\`` keeps
    every state as it is) and the move to the next row; states are ids 0 .. states - 1."""

    width: int
    states: int  # every state met; each is met at a row's end, where the most states are
    cells: list[Move]
    row: Move
    start: int  # id of the first state


def tables(width: int) -> Tables:
    """Every state that a row can meet at each cell column, and its moves, found once.

    A state met before cell column c is met at every later column of the row too (``\\``
    keeps it), so each state is expanded from the earliest column it is met at to the
    row's end, and again from an earlier column if a later row meets it there."""
    if width > 250:
        raise ValueError("a state labels its points by position in one byte: width 250 at most")
    ids: dict[State, int] = {}
    names: list[State] = []
    low: list[int] = []  # the columns low[id] .. width - 1 of a state are expanded
    todo: list[list[int]] = [[] for _ in range(width + 1)]

    def meet(s: State, col: int) -> int:
        i = ids.get(s)
        if i is None:
            i = ids[s] = len(names)
            names.append(s)
            low.append(width + 1)  # not even moved to the next row yet
        if col < low[i] and (not todo[col] or todo[col][-1] != i):
            todo[col].append(i)
        return i

    cells = [(array("q"), array("q")) for _ in range(width)]  # the / move of each column
    row = (array("q"), array("q"))
    start = meet(_start(width), 0)
    while any(todo):
        for col in range(width + 1):
            work, todo[col] = todo[col], []
            for i in work:
                s, stop = names[i], low[i]
                if col >= stop:
                    continue
                for c in range(col, min(stop, width)):
                    t = _slash(s, c)
                    if t is not None:
                        cells[c][0].append(i)
                        cells[c][1].append(meet(t, c + 1))
                if stop > width:
                    row[0].append(i)
                    row[1].append(meet(_next_row(s), 0))
                low[i] = col
    return Tables(width, len(names), [Move.of(*m) for m in cells], Move.of(*row), start)


def apply(tab: Tables, rows: int) -> list[int]:
    """Fillings of the blank r x width board for r = 1 .. rows.

    Within a cell column the ``/`` sources (their bottom-left and top-right points apart)
    and targets (those points joined) are different states, so the counts are added in
    place."""
    counts: Counts = np.zeros(tab.states, dtype=object)
    counts[tab.start] = 1
    out = []
    for r in range(rows):
        for move in tab.cells:
            counts[move.dst] += move.sums(counts)
        out.append(int(counts.sum()))
        if r + 1 < rows:
            moved: Counts = np.zeros(tab.states, dtype=object)
            moved[tab.row.dst] = tab.row.sums(counts)
            counts = moved
    return out


def blank_counts(width: int, rows: int) -> list[int]:
    """Legal fillings of the empty r x width board for r = 1 .. rows (exact)."""
    return apply(tables(width), rows)


def blank_count(rows: int, cols: int) -> int:
    """Legal fillings of the empty rows x cols board (exact), across the narrower side."""
    width, length = sorted((rows, cols))
    return blank_counts(width, length)[-1]


# ---------------------------------------------------------------- the census


@dataclass(frozen=True)
class Census:
    """What every legal filling of an empty R x C board adds up to.

    ``fillings``: how many there are; ``corner_trees[k]``: how many have k trees on the
    top-left corner's colour (points with r + c even); ``degrees[d]``: the lattice points
    that d diagonals reach, summed over all fillings; ``off_border``: the trees with no
    point on the border, summed over all fillings."""

    rows: int
    cols: int
    fillings: int
    corner_trees: list[int]
    degrees: list[int]
    off_border: int


Point = tuple[int, int, bool]  # a frontier point: component label, diagonals so far, on the border
Tally = list[int]  # fillings, the corner-colour edge polynomial (packed), degrees 0..4, off-border trees


def _canonical(points: list[Point]) -> tuple[Point, ...]:
    """Components renamed in order of first appearance, so equal frontiers are one key."""
    names: dict[int, int] = {}
    return tuple((names.setdefault(lab, len(names)), deg, edge) for lab, deg, edge in points)


def _merge(points: list[Point], keep: int, gone: int, edge: bool = False) -> None:
    """Components ``gone`` and ``keep`` are one, on the border if either was (or ``edge``)."""
    edge = edge or any(e for lab, _, e in points if lab in (keep, gone))
    for k, (lab, deg, _) in enumerate(points):
        if lab in (keep, gone):
            points[k] = (keep, deg, edge)


def _sum_into(into: Tally, t: Tally) -> None:
    for k, v in enumerate(t):
        into[k] += v


def _add(states: dict[tuple[Point, ...], Tally], key: tuple[Point, ...], t: Tally) -> None:
    """Fold tally ``t`` into the state ``key`` (a new state takes it as it is)."""
    got = states.get(key)
    if got is None:
        states[key] = t
    else:
        _sum_into(got, t)


def census(rows: int, cols: int) -> Census:
    """Fillings, trees per colour, point degrees and trees off the border, by a transfer
    over (component, degree so far, border) of every frontier point.

    The corner-colour edges are counted by a generating polynomial packed in one integer
    (coefficient k at bit k * shift, wide enough for any count), so multiplying by x is a
    shift; the degree and off-border sums ride along as first moments (a point that leaves
    with degree d adds the number of fillings it leaves in to ``degrees[d]``)."""
    shift = rows * cols + 1  # a coefficient is at most 2^(RC)
    start = [(k, 0, True) for k in range(cols + 2)]
    states: dict[tuple[Point, ...], Tally] = {_canonical(start): [1, 1, 0, 0, 0, 0, 0, 0]}
    done = [0, 0, 0, 0, 0, 0, 0, 0]

    def leave(t: Tally, degree: int) -> None:
        t[2 + degree] += t[0]

    for r in range(rows):
        for c in range(cols):
            new: dict[tuple[Point, ...], Tally] = {}
            new_edge = r + 1 == rows or c + 1 == cols  # the bottom-right point (r+1, c+1)
            for state, tally in states.items():
                for back in (True, False):
                    points = list(state)
                    t = list(tally)
                    tl_label, tl_deg, _ = points[c + 1]
                    if back:  # joins (r, c) and (r+1, c+1)
                        on_corner = (r + c) % 2 == 0
                        leave(t, tl_deg + 1)
                        points[c + 1] = (tl_label, 1, points[c + 1][2])  # the new point, same tree
                        if new_edge:  # the tree now touches the border
                            _merge(points, tl_label, tl_label, edge=True)
                    else:  # joins (r, c+1) and (r+1, c)
                        on_corner = (r + c) % 2 == 1
                        (bl, bl_deg, _), (tr, tr_deg, _) = points[c], points[c + 2]
                        if bl == tr:
                            continue  # a loop
                        points[c] = (bl, bl_deg + 1, points[c][2])
                        points[c + 2] = (tr, tr_deg + 1, points[c + 2][2])
                        _merge(points, bl, tr)
                        leave(t, tl_deg)
                        tl_edge = points[c + 1][2]
                        points[c + 1] = (-1, 0, new_edge)
                        if not tl_edge and all(lab != tl_label for lab, _, _ in points):
                            t[7] += t[0]  # the top-left point's tree is closed, off the border
                    if on_corner:
                        t[1] <<= shift
                    _add(new, _canonical(points), t)
            states = new
        last = r + 1 == rows
        following: dict[tuple[Point, ...], Tally] = {}
        for state, tally in states.items():
            t = list(tally)
            leave(t, state[-1][1])  # (r, C) leaves (on the border: not off it)
            if last:
                for _, deg, _ in state[:-1]:  # the bottom row leaves
                    leave(t, deg)
                _sum_into(done, t)
                continue
            _add(following, _canonical([(-1, 0, True), *state[:-1]]), t)
        states = following
    mask = (1 << shift) - 1
    edges = [(done[1] >> (k * shift)) & mask for k in range(rows * cols + 1)]
    corner_points = sum((i + j) % 2 == 0 for i in range(rows + 1) for j in range(cols + 1))
    trees = [0] * (corner_points + 1)
    for k, v in enumerate(edges):
        if v:
            trees[corner_points - k] += v
    while trees and trees[-1] == 0:
        trees.pop()
    return Census(rows, cols, done[0], trees, done[2:7], done[7])
