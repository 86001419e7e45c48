"""Every partition of an R x C board into connected regions of at most ``most`` cells, each
partition once (the mortality study's exact rows).

A partition is listed by its regions in the order of their first cell (reading order): the
first cell not yet covered starts the next region, which is a connected set of uncovered
cells holding that cell, so every partition has one and only one way to be built. The
connected sets holding a given cell are grown by Redelmeier's method: a cell leaves the
candidates once it has been tried, so no set is grown twice. A partition comes out as
region ids per cell in reading order, the form ``Board.regions`` takes.

The eight symmetries of a square board map partitions to partitions and answers to answers
(the ripple rule reads rows and columns alike), so a study may decide one partition per
orbit and weigh it by its orbit's size (``orbits``)."""

from __future__ import annotations

from collections.abc import Iterator

Partition = tuple[int, ...]  # region id per cell, reading order, ids in order of first cell


def _neighbours(rows: int, cols: int) -> list[list[int]]:
    out: list[list[int]] = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        out.append([j for j, ok in ((i - cols, r > 0), (i + cols, r + 1 < rows), (i - 1, c > 0),
                                    (i + 1, c + 1 < cols)) if ok])
    return out


def _pieces(root: int, free: list[bool], nbrs: list[list[int]], most: int) -> Iterator[list[int]]:
    """Every connected set of free cells holding ``root``, of at most ``most`` cells, once each."""
    def grow(piece: list[int], untried: list[int], seen: set[int]) -> Iterator[list[int]]:
        yield piece
        if len(piece) == most:
            return
        untried = list(untried)
        while untried:
            v = untried.pop()
            fresh = [u for u in nbrs[v] if free[u] and u not in seen]
            yield from grow([*piece, v], untried + fresh, seen | set(fresh))

    first = [u for u in nbrs[root] if free[u]]
    yield from grow([root], first, {root, *first})


def partitions(rows: int, cols: int, most: int, part: int = 0, parts: int = 1,
               depth: int = 3) -> Iterator[Partition]:
    """Every partition of the board into connected regions of 1..``most`` cells; with ``parts``
    > 1 only share ``part`` of them: the ways to place the first ``depth`` regions are dealt out
    in turn, so the shares are disjoint, cover every partition and are grown separately."""
    n = rows * cols
    nbrs = _neighbours(rows, cols)
    label = [-1] * n
    free = [True] * n
    dealt = [0]

    def place(start: int, k: int) -> Iterator[Partition]:
        while start < n and not free[start]:
            start += 1
        if k == depth and parts > 1 or start == n and k < depth:
            dealt[0] += 1  # one more way to place the first regions: whose share is it
            if (dealt[0] - 1) % parts != part:
                return
        if start == n:
            yield tuple(label)
            return
        for piece in _pieces(start, free, nbrs, most):
            for i in piece:
                free[i], label[i] = False, k
            yield from place(start + 1, k + 1)
            for i in piece:
                free[i], label[i] = True, -1

    yield from place(0, 0)


def relabel(regions: Partition | list[int]) -> Partition:
    """Region ids renumbered in order of first cell (the partition's one spelling)."""
    ids: dict[int, int] = {}
    return tuple(ids.setdefault(k, len(ids)) for k in regions)


def symmetries(n: int) -> list[list[int]]:
    """The eight symmetries of the n x n square, each as the cell read into each position."""
    out = []
    for turn in range(8):
        cells = []
        for i in range(n * n):
            r, c = divmod(i, n)
            if turn & 4:
                r, c = c, r
            if turn & 1:
                r = n - 1 - r
            if turn & 2:
                c = n - 1 - c
            cells.append(r * n + c)
        out.append(cells)
    return out


def images(n: int, regions: Partition) -> list[Partition]:
    """The partition's images under the eight symmetries of the n x n square (with repeats)."""
    return [relabel([regions[j] for j in perm]) for perm in symmetries(n)]


def class_size(regions: Partition, perms: list[list[int]]) -> int:
    """The number of distinct images of the partition under ``perms`` (a group, as
    ``symmetries``) when it is the least of them, else 0: each image is spelled only as far as
    it takes to tell it from the partition."""
    same = 0
    for perm in perms:
        ids: dict[int, int] = {}
        for i, j in enumerate(perm):
            k = ids.setdefault(regions[j], len(ids))
            if k != regions[i]:
                if k < regions[i]:
                    return 0
                break
        else:
            same += 1
    return len(perms) // same


def orbits(n: int, most: int) -> Iterator[tuple[Partition, int]]:
    """One partition of each symmetry class of the n x n square (the least spelling) with the
    number of distinct partitions in its class; the weights add up to the number of partitions."""
    perms = symmetries(n)
    for p in partitions(n, n, most):
        size = class_size(p, perms)
        if size:
            yield p, size
