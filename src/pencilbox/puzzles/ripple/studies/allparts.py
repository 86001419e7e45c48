"""Every partition of a small board into connected regions of at most ``most`` cells, each
decided dead or alive and put to the three static tests, in one compiled (numba) sweep: the
plain enumerator (partitions.py) did not finish the 329,477,745 partitions of 5 x 5 into
regions of at most 3 cells in five minutes; this sweep takes them at millions a second.

Enumeration is an exact cover, not Redelmeier growth: the lowest uncovered cell must lie in
the next region, and the connected sets of at most ``most`` cells whose lowest cell is that
cell are listed once ahead (``pieces``), so each partition comes out once, regions numbered
in order of their first cell (``Board.regions``' spelling). A share of the sweep takes every
``parts``-th way of placing the first ``depth`` regions, as partitions.py deals them.

The decider is a search of its own (no ladder code): forward checking of the region and
distance rules, hidden singles per region, branching on the cell with fewest candidates.
Every answer it finds is re-read by ``_valid``, a separate check of the rules over every pair
of cells of every line. The static tests are ``generate.looks_dead``'s three, written again:
adjacent singletons, board capacity, and the line rule's one pass over the rows and then the
columns of the empty board (the study checks the two agree on a sample)."""

from __future__ import annotations

import numpy as np
from numba import njit

# counts per largest region size (the rows of ``sweep``'s table), one column per key
KEYS = ("partitions", "live", "dead", "adjacent singletons", "board capacity", "line rule", "any",
        "live adjacent singletons", "live board capacity", "live line rule", "live any", "classes", "weight",
        "dead weighed", "bad answers", "nodes")
(PARTS, LIVE, DEAD, F_ADJ, F_CAP, F_LINE, F_ANY, L_ADJ, L_CAP, L_LINE, L_ANY, CLASSES, WEIGHT, DEAD_WEIGHED,
 BAD, NODES) = range(16)
ADJ, CAP, LINE = 1, 2, 4  # reason bits, in generate.looks_dead's order


def pieces(rows: int, cols: int, most: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The connected sets of 1..``most`` cells grouped by lowest cell: (start per cell, bit
    masks, sizes, cells padded with -1); the sets of cell i are ``start[i]:start[i + 1]``."""
    n = rows * cols

    def nbrs(i: int) -> list[int]:
        r, c = divmod(i, cols)
        return [j for j, ok in ((i - cols, r > 0), (i + cols, r + 1 < rows), (i - 1, c > 0),
                                (i + 1, c + 1 < cols)) if ok]

    found: set[frozenset[int]] = set()
    layer = {frozenset([i]) for i in range(n)}
    for _ in range(most):
        found |= layer
        layer = {p | {j} for p in layer for i in p for j in nbrs(i) if j not in p}
    ordered = sorted(found, key=lambda p: (min(p), len(p), sorted(p)))
    start = np.zeros(n + 1, np.int64)
    for p in ordered:
        start[min(p) + 1] += 1
    start = np.cumsum(start)
    masks = np.array([sum(1 << i for i in p) for p in ordered], np.int64)
    sizes = np.array([len(p) for p in ordered], np.int64)
    cells = np.full((len(ordered), most), -1, np.int64)
    for k, p in enumerate(ordered):
        cells[k, :len(p)] = sorted(p)
    return start, masks, sizes, cells


def symmetries(n: int) -> np.ndarray:
    """The eight symmetries of the n x n square, each as the cell read into each position."""
    out = np.zeros((8, n * n), np.int64)
    for t in range(8):
        for i in range(n * n):
            r, c = divmod(i, n)
            if t & 4:
                r, c = c, r
            if t & 1:
                r = n - 1 - r
            if t & 2:
                c = n - 1 - c
            out[t, i] = r * n + c
    return out


# The enumerator's own bit arithmetic (it is the second method: it shares no code with the
# ladder's kernels, these included): a domain's size by its bits' sum, a single value's index by
# halving until it is found.

@njit(cache=True)
def bit_count(d):
    k = 0
    for b in range(63):
        k += (d >> b) & 1
    return k


@njit(cache=True)
def bit_value(d):
    k = 0
    while (d >> k) != 1:
        k += 1
    return k


@njit(cache=True)
def _class_size(label, perms, ids):
    """The number of distinct images of the partition when it is the least spelling, else 0
    (each image spelled only as far as it takes to tell it from the partition); ``ids``
    holds a region's new id in its low 8 bits under a stamp, so it is never cleared."""
    same = 1  # perms[0] is the identity
    n = label.shape[0]
    for t in range(1, perms.shape[0]):
        ids[n] += 256
        stamp = ids[n]
        nxt = 0
        least = True
        for i in range(n):
            old = label[perms[t, i]]
            if ids[old] & ~255 != stamp:
                ids[old] = stamp | nxt
                nxt += 1
            k = ids[old] & 255
            if k != label[i]:
                if k < label[i]:
                    return 0
                least = False
                break
        if least:
            same += 1
    return perms.shape[0] // same


@njit(cache=True)
def _reasons(rows, cols, size, rstart, rcells, nreg, rsize, dom, need, cuts):
    """generate.looks_dead's three tests as bits: adjacent singletons, board capacity, line rule."""
    n = rows * cols
    out = 0
    for i in range(n):
        if size[i] == 1:
            c = i % cols
            if (c + 1 < cols and size[i + 1] == 1) or (i + cols < n and size[i + cols] == 1):
                out |= ADJ
                break
    big = 0
    for r in range(nreg):
        big = max(big, rsize[r])
    for v in range(1, big + 1):
        demand = 0
        for r in range(nreg):
            demand += rsize[r] >= v
        room = min(rows * ((cols + v) // (v + 1)), cols * ((rows + v) // (v + 1)))
        if demand > room:
            out |= CAP
            break
    # the line rule: needs per line (rows, then columns) from regions lying in one line
    need[:, :] = 0
    for r in range(nreg):
        r0, c0 = rcells[rstart[r]] // cols, rcells[rstart[r]] % cols
        one_row, one_col = True, True
        for t in range(rstart[r], rstart[r + 1]):
            one_row &= rcells[t] // cols == r0
            one_col &= rcells[t] % cols == c0
        for v in range(1, rsize[r] + 1):
            if one_row:
                need[r0, v] += 1
            if one_col:
                need[rows + c0, v] += 1
    for i in range(n):
        dom[i] = (1 << (size[i] + 1)) - 2
    for line in range(rows + cols):
        length = cols if line < rows else rows
        ncut = 0
        for v in range(1, length + 1):
            want = need[line, v]
            if want == 0:
                continue
            bit = 1 << v
            total, last = 0, -1000
            for p in range(length):
                i = line * cols + p if line < rows else p * cols + line - rows
                if dom[i] & bit and p - last > v:
                    total += 1
                    last = p
            if total < want:
                return out | LINE
            if total > want:
                continue
            for p in range(length):
                i = line * cols + p if line < rows else p * cols + line - rows
                if not dom[i] & bit:
                    continue
                before, last = 0, -1000
                for q in range(p - v):
                    j = line * cols + q if line < rows else q * cols + line - rows
                    if dom[j] & bit and q - last > v:
                        before += 1
                        last = q
                after, last = 0, 1000
                for q in range(length - 1, p + v, -1):
                    j = line * cols + q if line < rows else q * cols + line - rows
                    if dom[j] & bit and last - q > v:
                        after += 1
                        last = q
                if 1 + before + after < want:
                    cuts[ncut, 0] = i
                    cuts[ncut, 1] = bit
                    ncut += 1
        for k in range(ncut):
            dom[cuts[k, 0]] &= ~cuts[k, 1]
            if dom[cuts[k, 0]] == 0:
                return out | LINE
    return out


@njit(cache=True)
def _propagate(rows, cols, label, rstart, rcells, nreg, dom, queue, qt):
    """Forward checking from the settled cells in ``queue[:qt]`` and hidden singles, to a
    fixpoint; False on an empty domain or a value with no home in its region."""
    qh = 0
    while True:
        while qh < qt:
            i = queue[qh]
            qh += 1
            d = dom[i]
            v = bit_value(d)
            g = label[i]
            for t in range(rstart[g], rstart[g + 1]):
                j = rcells[t]
                if j != i and dom[j] & d:
                    nd = dom[j] & ~d
                    if nd == 0:
                        return False
                    dom[j] = nd
                    if nd & (nd - 1) == 0:
                        queue[qt] = j
                        qt += 1
            r0, c0 = i // cols, i % cols
            for step in range(1, v + 1):
                for k in range(4):
                    r, c = r0, c0
                    if k == 0:
                        c -= step
                    elif k == 1:
                        c += step
                    elif k == 2:
                        r -= step
                    else:
                        r += step
                    if r < 0 or r >= rows or c < 0 or c >= cols:
                        continue
                    j = r * cols + c
                    if dom[j] & d:
                        nd = dom[j] & ~d
                        if nd == 0:
                            return False
                        dom[j] = nd
                        if nd & (nd - 1) == 0:
                            queue[qt] = j
                            qt += 1
        for g in range(nreg):
            s = rstart[g + 1] - rstart[g]
            for v in range(1, s + 1):
                bit = 1 << v
                home, homes = -1, 0
                for t in range(rstart[g], rstart[g + 1]):
                    if dom[rcells[t]] & bit:
                        home = rcells[t]
                        homes += 1
                if homes == 0:
                    return False
                if homes == 1 and dom[home] != bit:
                    dom[home] = bit
                    queue[qt] = home
                    qt += 1
        if qh == qt:
            return True


@njit(cache=True)
def _alive(rows, cols, label, size, rstart, rcells, nreg, stack, cell, cand, queue, answer):
    """Whether the empty partition has an answer (written to ``answer``), and the nodes tried."""
    n = rows * cols
    qt = 0
    for i in range(n):
        stack[0, i] = (1 << (size[i] + 1)) - 2
        if size[i] == 1:
            queue[qt] = i
            qt += 1
    if not _propagate(rows, cols, label, rstart, rcells, nreg, stack[0], queue, qt):
        return False, 0
    nodes = 0
    sp = 0
    cell[0] = -1
    while sp >= 0:
        if cell[sp] < 0:  # a fresh level: pick its cell, or the board is filled
            best, fewest = -1, 99
            for i in range(n):
                k = bit_count(stack[sp, i])
                if 1 < k < fewest:
                    best, fewest = i, k
            if best < 0:
                for i in range(n):
                    answer[i] = bit_value(stack[sp, i])
                return True, nodes
            cell[sp] = best
            cand[sp] = stack[sp, best]
        if cand[sp] == 0:
            sp -= 1
            continue
        b = cand[sp] & -cand[sp]
        cand[sp] &= ~b
        nodes += 1
        stack[sp + 1, :] = stack[sp, :]
        stack[sp + 1, cell[sp]] = b
        queue[0] = cell[sp]
        if _propagate(rows, cols, label, rstart, rcells, nreg, stack[sp + 1], queue, 1):
            sp += 1
            cell[sp] = -1
    return False, nodes


@njit(cache=True)
def _valid(rows, cols, label, answer):
    """The rules read again from scratch: each region holds 1..size once each, and two equal
    values k in one line stand more than k apart (every pair of cells of every line)."""
    n = rows * cols
    for i in range(n):
        s = 0
        for j in range(n):
            s += label[j] == label[i]
        if answer[i] < 1 or answer[i] > s:
            return False
        for j in range(n):
            if j != i and label[j] == label[i] and answer[j] == answer[i]:
                return False
            same_row = i // cols == j // cols
            same_col = i % cols == j % cols
            if j != i and answer[j] == answer[i] and (same_row or same_col):
                if abs(i // cols - j // cols) + abs(i % cols - j % cols) <= answer[i]:
                    return False
    return True


@njit(cache=True)
def _flags(row, why, first):
    """Count the reason bits into the four columns from ``first``: each test, then any."""
    row[first] += (why & ADJ) != 0
    row[first + 1] += (why & CAP) != 0
    row[first + 2] += (why & LINE) != 0
    row[first + 3] += why != 0


@njit(cache=True)
def _layout(label, size, rsize, rstart, rcells):
    """Region sizes and members (cells in reading order) of a partition; returns the count."""
    n = label.shape[0]
    nreg = 0
    for i in range(n):
        nreg = max(nreg, label[i] + 1)
    rsize[:nreg] = 0
    for i in range(n):
        rsize[label[i]] += 1
    rstart[0] = 0
    for g in range(nreg):
        rstart[g + 1] = rstart[g] + rsize[g]
    fill = rstart[:nreg].copy()
    for i in range(n):
        rcells[fill[label[i]]] = i
        fill[label[i]] += 1
        size[i] = rsize[label[i]]
    return nreg


@njit(cache=True)
def _image_flags(rows, cols, label, perms, images, size, rsize, rstart, rcells, dom, need, cuts, row):
    """The static tests on each distinct image of the partition under ``perms``, counted as
    live (the class is live); the line rule reads rows first, so images may differ."""
    n = label.shape[0]
    ids = np.empty(n, np.int64)
    got = 0
    for t in range(perms.shape[0]):
        _image(label, perms[t], images[got], ids)
        new = True
        for e in range(got):
            same = True
            for i in range(n):
                if images[e, i] != images[got, i]:
                    same = False
                    break
            if same:
                new = False
                break
        if not new:
            continue
        nreg = _layout(images[got], size, rsize, rstart, rcells)
        _flags(row, _reasons(rows, cols, size, rstart, rcells, nreg, rsize, dom, need, cuts), L_ADJ)
        got += 1


@njit(cache=True)
def _image(label, perm, out, ids):
    """The partition read through ``perm``, its regions renumbered in order of first cell."""
    ids[:] = -1
    nxt = 0
    for i in range(label.shape[0]):
        old = label[perm[i]]
        if ids[old] < 0:
            ids[old] = nxt
            nxt += 1
        out[i] = ids[old]


@njit(cache=True)
def _orbit_flags(rows, cols, label, perms, images, size, rsize, rstart, rcells, dom, need, cuts, row, why, w):
    """The static tests counted over the ``w`` partitions of a class from two evaluations:
    adjacent singletons and board capacity are the same on every image; the line rule is the
    same on the images under the four symmetries that keep rows as rows (``perms[:4]``: each
    line is read whole, rows before columns, and a line read backwards packs alike), so the
    class splits into those images of the partition and those of its transpose."""
    n = label.shape[0]
    ids = np.empty(n, np.int64)
    stay = 0
    for t in range(4):
        _image(label, perms[t], images[0], ids)
        same = True
        for i in range(n):
            if images[0, i] != label[i]:
                same = False
                break
        stay += same
    kept = 4 // stay  # distinct images under the row-keeping symmetries
    _image(label, perms[4], images[0], ids)  # perms[4]: the transpose
    nreg = _layout(images[0], size, rsize, rstart, rcells)
    why_t = _reasons(rows, cols, size, rstart, rcells, nreg, rsize, dom, need, cuts)
    row[F_ADJ] += w * ((why & ADJ) != 0)
    row[F_CAP] += w * ((why & CAP) != 0)
    row[F_LINE] += kept * ((why & LINE) != 0) + (w - kept) * ((why_t & LINE) != 0)
    row[F_ANY] += kept * (why != 0) + (w - kept) * (why_t != 0)


@njit(cache=True)
def _mix(x):
    """splitmix64: the seeded pick of sampled partitions."""
    x = (x + np.uint64(0x9E3779B97F4A7C15)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    x = ((x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    x = ((x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def _sweep(rows, cols, most, start, masks, sizes, cells, perms, part, parts, depth, orbits, salt, every_live,
           every_dead, counts, picked, picked_info, picked_answer):
    """One share of the partitions, counted into ``counts[largest region]``; a seeded sample
    (about one live partition in ``every_live`` and one dead in ``every_dead``) is copied out
    with its verdict, reasons and answer. Returns the number of partitions sampled."""
    n = rows * cols
    full = (1 << n) - 1
    mask = np.zeros(n + 1, np.int64)
    big = np.zeros(n + 2, np.int64)  # largest region among the first k placed
    idx = np.zeros(n + 1, np.int64)
    end = np.zeros(n + 1, np.int64)
    label = np.zeros(n, np.int64)
    size = np.zeros(n, np.int64)
    rsize = np.zeros(n, np.int64)
    rstart = np.zeros(n + 1, np.int64)
    rcells = np.zeros(n, np.int64)
    dom = np.zeros(n, np.int64)
    need = np.zeros((rows + cols, max(rows, cols) + 1), np.int64)
    cuts = np.zeros((n * (max(rows, cols) + 1), 2), np.int64)
    stack = np.zeros((n + 2, n), np.int64)
    cell = np.zeros(n + 2, np.int64)
    cand = np.zeros(n + 2, np.int64)
    queue = np.zeros(4 * n + 4, np.int64)
    answer = np.zeros(n, np.int64)
    ids = np.zeros(n + 1, np.int64)
    images = np.zeros((perms.shape[0], n), np.int64)
    isize = np.zeros(n, np.int64)
    irsize = np.zeros(n, np.int64)
    irstart = np.zeros(n + 1, np.int64)
    ircells = np.zeros(n, np.int64)
    square = rows == cols
    dealt = 0
    seen = 0
    got = 0
    k = 0
    idx[0], end[0] = start[0], start[1]
    while k >= 0:
        if idx[k] == end[k]:
            k -= 1
            if k >= 0:
                idx[k] += 1
            continue
        pm = masks[idx[k]]
        if pm & mask[k]:
            idx[k] += 1
            continue
        m = mask[k] | pm
        if parts > 1 and (k + 1 == depth or (m == full and k + 1 < depth)):
            dealt += 1
            if (dealt - 1) % parts != part:
                idx[k] += 1
                continue
        s = sizes[idx[k]]
        for q in range(s):  # the piece's cells keep these until another piece covers them
            label[cells[idx[k], q]] = k
            size[cells[idx[k], q]] = s
        big[k + 1] = max(big[k], s)
        if m != full:
            low = 0
            while m >> low & 1:
                low += 1
            k += 1
            mask[k] = m
            idx[k], end[k] = start[low], start[low + 1]
            continue
        # a partition: regions 0..k are the pieces idx[0..k]
        row = counts[big[k + 1]]
        row[PARTS] += 1
        w = _class_size(label, perms, ids) if square else 1
        if orbits and not w:
            idx[k] += 1
            continue
        nreg = k + 1
        t = 0
        for g in range(nreg):
            rsize[g] = sizes[idx[g]]
            rstart[g] = t
            for q in range(rsize[g]):
                rcells[t] = cells[idx[g], q]
                t += 1
        rstart[nreg] = t
        if w:
            row[CLASSES] += 1
            row[WEIGHT] += w
        why = _reasons(rows, cols, size, rstart, rcells, nreg, rsize, dom, need, cuts)
        if orbits:  # the class's w partitions: see _orbit_flags
            _orbit_flags(rows, cols, label, perms, images, isize, irsize, irstart, ircells, dom, need, cuts,
                         row, why, w)
        else:
            _flags(row, why, F_ADJ)
        alive, nodes = _alive(rows, cols, label, size, rstart, rcells, nreg, stack, cell, cand, queue, answer)
        row[NODES] += nodes
        weight = w if orbits else 1
        if alive:
            row[LIVE] += weight
            row[BAD] += not _valid(rows, cols, label, answer)
            if orbits:  # the static tests on every distinct image of a live class
                _image_flags(rows, cols, label, perms, images, isize, irsize, irstart, ircells, dom, need,
                             cuts, row)
            else:
                _flags(row, why, L_ADJ)
        else:
            row[DEAD] += weight
            row[DEAD_WEIGHED] += w
        h = _mix(np.uint64(salt) * np.uint64(1000003) + np.uint64(seen))
        seen += 1
        every = every_live if alive else every_dead
        if h % np.uint64(every) == 0 and got < picked.shape[0]:
            picked[got, :] = label
            picked_info[got, 0] = alive
            picked_info[got, 1] = why
            picked_answer[got, :] = answer
            if not alive:
                picked_answer[got, :] = 0
            got += 1
        idx[k] += 1
    return got


Sampled = tuple[tuple[int, ...], bool, int, tuple[int, ...]]  # regions, alive, reason bits, answer


def sweep(rows: int, cols: int, most: int, part: int = 0, parts: int = 1, depth: int = 3,
          orbits: bool = False, salt: int = 0, every_live: int = 1, every_dead: int = 1,
          cap: int = 0) -> tuple[np.ndarray, list[Sampled]]:
    """One share of the partitions: the counts per largest region size (row L, columns
    ``KEYS``) and the sampled partitions as (regions, alive, reason bits, answer)."""
    start, masks, sizes, cells = pieces(rows, cols, most)
    perms = symmetries(rows) if rows == cols else np.zeros((1, rows * cols), np.int64)
    counts = np.zeros((most + 1, len(KEYS)), np.int64)
    n = rows * cols
    picked = np.zeros((cap, n), np.int64)
    info = np.zeros((cap, 2), np.int64)
    answers = np.zeros((cap, n), np.int64)
    got = _sweep(rows, cols, most, start, masks, sizes, cells, perms, part, parts, depth, orbits, salt,
                 every_live, every_dead, counts, picked, info, answers)
    sample = [(tuple(int(x) for x in picked[k]), bool(info[k, 0]), int(info[k, 1]),
               tuple(int(x) for x in answers[k])) for k in range(got)]
    return counts, sample


def reasons_named(bits: int) -> list[str]:
    """Reason bits as generate.looks_dead names them."""
    return [name for bit, name in ((ADJ, "adjacent singletons"), (CAP, "board capacity"), (LINE, "line rule"))
            if bits & bit]
