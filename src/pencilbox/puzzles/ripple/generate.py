"""The Ripple Effect generator and the static tests for dead partitions.

- ``partition``: random region growing, the generator's drawer: ``single`` is the chance
  that a region aims at one cell and ``sizes`` the range of the others (regions that get
  boxed in stay small, so about 28% of its regions have one cell at ``single`` = 0.1).
- ``partition_share``: the studies' drawer, whose ``share`` is the share of regions that
  have one cell, as the seed's mortality table means it.
- ``looks_dead``: named reasons a partition has no answer (adjacent singletons, board
  capacity, the line rule on the empty board); they explain mortality and never call a
  live partition dead.
- ``make``: draw partitions until the solver finds an answer (a random one), add givens
  from it in random order (never in size-1 regions) until the rule set finishes the
  board, then walk back dropping every given the rule set can do without.
- ``make_search``: the ``search`` grade, which that walk never reaches (the full ladder
  finishes every board it stops at): every given shown, then erased in random order while
  the board stays unique (exact, SAT: no check capped), a few orders per live partition
  until one leaves a board the full ladder does not finish (without python-sat, the
  ladder's uniqueness check per erasure: a check that runs out of nodes keeps its clue).
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from pencilbox.compiled.cache import sat_present
from pencilbox.compiled.ready import generator_ready
from pencilbox.core import engine
from pencilbox.core.generate import Made, NoGrade, check_grade, erase, finishes, graded, keep_test, minimise
from pencilbox.core.geometry import Grid, grid
from pencilbox.core.rng import RandomValues
from pencilbox.puzzles.ripple import PUZZLE, plain
from pencilbox.puzzles.ripple.board import Board, canonical, full, initial_state
from pencilbox.puzzles.ripple.rungs import Lines

SINGLE, SIZES = 0.1, (3, 7)  # defaults: ~1 in 6 partitions of 10x10 lives (smaller regions die)
ALIVE_NODES = 20_000  # branch points the alive check's search may use before SAT decides
DRAWS = 2_000
ORDERS = 5  # erasure orders make_search tries on one live partition (search boards are rare below 10x10)


def partition(rows: int, cols: int, rng: random.Random, single: float = SINGLE,
              sizes: tuple[int, int] = SIZES) -> tuple[int, ...]:
    """Random connected regions grown from random seeds."""
    n = rows * cols
    label = [-1] * n
    order = list(range(n))
    rng.shuffle(order)
    g = grid(rows, cols)
    k = 0
    for start in order:
        if label[start] >= 0:
            continue
        target = 1 if rng.random() < single else rng.randint(*sizes)
        label[start] = k
        cells = [start]
        while len(cells) < target:
            frontier = sorted({j for i in cells for j in g.orth[i] if label[j] < 0})
            if not frontier:
                break
            j = rng.choice(frontier)
            label[j] = k
            cells.append(j)
        k += 1
    return canonical(rows, cols, label, "partition")


def partition_share(rows: int, cols: int, rng: random.Random, share: float,
                    sizes: tuple[int, int] = SIZES) -> tuple[int, ...]:
    """Random connected regions in which ``share`` of the regions have one cell: the t-th region
    aims at one cell when floor(share * t + u) steps up (u uniform, drawn once: systematic
    sampling, so singles number share * t in expectation), and a cell boxed in before it
    could grow joins a neighbouring region instead of standing alone."""
    n = rows * cols
    g = grid(rows, cols)
    label = [-1] * n
    order = list(range(n))
    rng.shuffle(order)
    made, u = 0, rng.random()
    ones: set[int] = set()
    stuck: list[int] = []
    for start in order:
        if label[start] != -1:
            continue
        one = math.floor(share * (made + 1) + u) > math.floor(share * made + u)
        cells = _grow(g, label, start, made, 1 if one else rng.randint(*sizes), rng)
        if len(cells) == 1 and not one:
            label[start] = -2
            stuck.append(start)
            continue
        if one:
            ones.add(made)
        made += 1
    _adopt(g, label, stuck, ones, rng)
    return canonical(rows, cols, label, "partition")


def _adopt(g: Grid, label: list[int], stuck: list[int], ones: set[int], rng: random.Random) -> None:
    """Each boxed-in cell joins a neighbouring region that is not meant to be a single (one
    that is, only when nothing else touches it), so the share of singles stays as drawn."""
    while stuck:
        left = []
        for i in stuck:
            fit = [label[j] for j in g.orth[i] if label[j] >= 0 and label[j] not in ones]
            if fit:
                label[i] = rng.choice(fit)
            else:
                left.append(i)
        if len(left) == len(stuck):  # only singles touch them: the first such cell takes one
            i = next(i for i in left if any(label[j] >= 0 for j in g.orth[i]))
            label[i] = rng.choice([label[j] for j in g.orth[i] if label[j] >= 0])
            left.remove(i)
        stuck = left


def _grow(g: Grid, label: list[int], start: int, k: int, target: int, rng: random.Random) -> list[int]:
    """Grow region ``k`` from ``start`` towards ``target`` cells through free cells."""
    label[start] = k
    cells = [start]
    while len(cells) < target:
        frontier = sorted({j for i in cells for j in g.orth[i] if label[j] == -1})
        if not frontier:
            break
        j = rng.choice(frontier)
        label[j] = k
        cells.append(j)
    return cells


def looks_dead(rows: int, cols: int, regions: tuple[int, ...]) -> list[str]:
    """Named reasons the partition cannot be filled (empty: none found)."""
    board = Board(rows, cols, regions, (None,) * (rows * cols))
    reasons = []
    g = board.grid
    if any(board.size[i] == 1 and board.size[j] == 1 for i in range(g.size) for j in g.orth[i]):
        reasons.append("adjacent singletons")
    sizes = [len(m) for m in board.members]
    for v in range(1, max(sizes) + 1):
        demand = sum(1 for s in sizes if s >= v)
        room = min(rows * -(-cols // (v + 1)), cols * -(-rows // (v + 1)))
        if demand > room:
            reasons.append("board capacity")
            break
    try:
        Lines().apply(board, engine.State(initial_state(board)))
    except engine.Contradiction:
        reasons.append("line rule")
    return reasons


def alive_answer(rows: int, cols: int, regions: tuple[int, ...], seed: int) -> tuple[int, ...] | None:
    """A random answer of the empty partition (the ladder's search, values in a seeded
    random order), or None when it is dead. A search that runs out of nodes is settled by
    SAT (complete; its answer is then SAT's first), so no live partition is thrown away;
    without python-sat (the browser) such a partition is passed over as if dead."""
    board = Board(rows, cols, regions, (None,) * (rows * cols))
    dom, names = [full(s) for s in board.size], engine.ladder(PUZZLE, PUZZLE.search_level)
    if generator_ready(PUZZLE):
        from pencilbox.puzzles.ripple.kernel import search  # numpy: only once the generator is built
        res = search(board, dom, names, 1, ALIVE_NODES, seed=seed)
    elif sat_present():  # the readable twin walks the same way; where SAT finds no answer the walk
        sat = PUZZLE.sat_count(board, 1, 0)  # finds none either, so SAT goes first and spares it a dead board
        res = plain.search(board, dom, names, 1, ALIVE_NODES, RandomValues(seed)) if sat.answers else sat
    else:  # engine.search's walk, node for node, worked from what changed (plain.py)
        res = plain.search(board, dom, names, 1, ALIVE_NODES, RandomValues(seed))
        if not res.answers:
            return None
    if not res.answers and res.node_capped:
        res = PUZZLE.sat_count(board, 1, 0)
    if not res.answers:
        return None
    return tuple(d.bit_length() - 1 for d in res.answers[0])


def live(rows: int, cols: int, rng: random.Random, single: float = SINGLE,
         sizes: tuple[int, int] = SIZES) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """A live partition, a random answer of it and the number of partitions drawn."""
    for k in range(1, DRAWS + 1):
        regions = partition(rows, cols, rng, single, sizes)
        answer = alive_answer(rows, cols, regions, rng.randrange(1, 2**31))
        if answer is not None:
            return regions, answer, k
    raise ValueError(f"no live {rows}x{cols} Ripple partition in {DRAWS} draws")


def make(rows: int, cols: int, seed: int, level: engine.Level | None = None) -> Made[Board]:
    """One board from one seed, finished by ``level`` (default: the whole ladder), or
    unique-minimal for ``search`` (``make_search``)."""
    if level == engine.SEARCH:
        return make_search(rows, cols, seed)
    level = engine.levels(PUZZLE)[-1] if level is None else level
    rng = random.Random(seed)
    regions, answer, _ = live(rows, cols, rng)
    clues, _, checks = walk(rows, cols, regions, answer, rng, level)
    out = Board(rows, cols, regions, clues)
    return Made(out, answer, seed, None, sum(v is not None for v in clues), checks, capped_checks=0)


def make_search(rows: int, cols: int, seed: int, orders: int = ORDERS) -> Made[Board]:
    """One unique, locally minimal board from one seed: the first of ``orders`` erasure
    orders on one live partition that the full ladder does not finish (else the last; graded
    rejects it)."""
    rng = random.Random(seed)
    regions, answer, _ = live(rows, cols, rng)
    size = Board(rows, cols, regions, (None,) * (rows * cols)).size
    shown = tuple(v if size[i] > 1 else None for i, v in enumerate(answer))
    top = engine.levels(PUZZLE)[-1]
    checks = 0
    capped = 0
    for _ in range(orders):
        if sat_present():
            from pencilbox.puzzles.ripple.sat import rivals  # pysat: absent in the browser
            keep = rivals(rows, cols, regions, answer, shown)
            try:
                clues, tried = minimise(shown, rng, keep)
            finally:
                keep.close()
        else:
            unique = keep_test(PUZZLE, lambda c: Board(rows, cols, regions, c), None)
            clues, tried = minimise(shown, rng, unique)
            capped += unique.capped
        checks += tried
        out = Board(rows, cols, regions, clues)
        if not finishes(PUZZLE, out, top):
            break
    return Made(out, answer, seed, None, sum(v is not None for v in clues), checks, capped_checks=capped,
                proved_unique=True)


def walk(rows: int, cols: int, regions: tuple[int, ...], answer: tuple[int, ...], rng: random.Random,
         level: engine.Level) -> tuple[tuple[int | None, ...], int, int]:
    """Add the answer's givens in random order until ``level`` finishes the board, then
    erase them in random order while it still does: the givens, how many were added,
    and how many fixpoints were run. A given more never stops a board finishing (the rungs
    only narrow, and narrow more from a narrower start), so the first prefix of the order that
    finishes is found by bisection: the board of the scan that tries every prefix in turn, in
    a handful of fixpoints instead of one per given."""
    size = Board(rows, cols, regions, (None,) * (rows * cols)).size
    spots = [i for i in range(rows * cols) if size[i] > 1]
    rng.shuffle(spots)
    checks = 0

    def done(givens: tuple[int | None, ...]) -> bool:
        nonlocal checks
        checks += 1
        return _finishes(Board(rows, cols, regions, givens), level, answer)

    def prefix(k: int) -> tuple[int | None, ...]:
        shown = set(spots[:k])
        return tuple(answer[i] if i in shown else None for i in range(rows * cols))

    low, high = 0, len(spots)  # no prefix shorter than low finishes; high does, or is all of them
    while low < high:
        mid = (low + high) // 2
        if done(prefix(mid)):
            high = mid
        else:
            low = mid + 1
    added = spots[:low]
    rng.shuffle(added)
    kept, _ = erase(prefix(low), added, done)
    return kept, len(added), checks


def _finishes(board: Board, level: engine.Level, answer: tuple[int, ...]) -> bool:
    """core.generate.finishes (the compiled kernel's verdict where it is ready), else plain.py's
    on the readable ladder, which knows the board's ``answer``."""
    names = engine.ladder(PUZZLE, level)
    kernel = PUZZLE.kernel
    if kernel is not None and kernel.supports(names):
        return kernel.finishes(board, names)
    return plain.finishes(board, names, answer)


def generate(rows: int, cols: int, grade: str | None = None, seed: int = 0, tries: int = 500) -> Made[Board]:
    """A graded board; with ``grade``, the first of seeds seed, seed+1, ... that has it. Without
    the compiled kernel a level's board is graded as engine.grade grades it (the lowest level
    that finishes it; the walk made ``level`` finish it) with plain.py's checks."""
    level = check_grade(PUZZLE, grade)
    if PUZZLE.kernel is not None or level not in engine.levels(PUZZLE):
        return graded(PUZZLE, lambda s, g: make(rows, cols, s, g), level, seed, tries)
    for k in range(tries):
        made = make(rows, cols, seed + k, level)
        answer = made.answer
        assert answer is not None
        got = next((lv for lv in engine.levels(PUZZLE) if _finishes(made.board, lv, answer)), None)
        if got is None:  # never: the walk stops where ``level`` finishes the board
            got = engine.grade(PUZZLE, made.board).grade
        if got == level:
            return replace(made, grade=got)
    raise NoGrade(PUZZLE.name, level, tries, seed)
