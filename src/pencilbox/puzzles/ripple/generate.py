"""The Ripple Effect generator and the static tests for dead partitions.

- ``partition``: random region growing; ``single`` is the share of size-1 regions and
  ``sizes`` the range of the others.
- ``looks_dead``: named reasons a partition has no answer (adjacent singletons, board
  capacity, the line rule on the empty board); they explain mortality and never call a
  live partition dead.
- ``make``: draw partitions until the solver finds an answer (a random one), add givens
  from it in random order (never in size-1 regions) until the rule set finishes the
  board, then walk back dropping every given the rule set can do without.
"""

from __future__ import annotations

import random

from pencilbox.core import engine
from pencilbox.core.generate import Made, finishes, graded
from pencilbox.puzzles.ripple import kernel
from pencilbox.puzzles.ripple.board import Board, canonical, full, initial_state

SINGLE, SIZES = 0.1, (3, 7)  # defaults: ~1 in 6 partitions of 10x10 lives (smaller regions die)
ALIVE_NODES = 20_000  # branch points the alive check's search may use before SAT decides
DRAWS = 2_000


def partition(rows: int, cols: int, rng: random.Random, single: float = SINGLE,
              sizes: tuple[int, int] = SIZES) -> tuple[int, ...]:
    """Random connected regions grown from random seeds."""
    n = rows * cols
    label = [-1] * n
    order = list(range(n))
    rng.shuffle(order)
    from pencilbox.core.geometry import grid
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
    from pencilbox.puzzles.ripple.rungs import Lines
    try:
        Lines().apply(board, engine.State(initial_state(board)))
    except engine.Contradiction:
        reasons.append("line rule")
    return reasons


def alive_answer(rows: int, cols: int, regions: tuple[int, ...], seed: int) -> tuple[int, ...] | None:
    """A random answer of the empty partition (the ladder's search, values in a seeded
    random order), or None when it is dead. A search that runs out of nodes is settled by
    SAT (complete; its answer is then SAT's first), so no live partition is thrown away."""
    board = Board(rows, cols, regions, (None,) * (rows * cols))
    res = kernel.search(board, [full(s) for s in board.size], ("region", "ripple", "hidden", "lines"),
                        1, ALIVE_NODES, seed=seed)
    if not res.answers and res.node_capped:
        from pencilbox.puzzles.ripple import PUZZLE
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


def make(rows: int, cols: int, seed: int, level: str | None = None) -> Made:
    """One board from one seed, finished by ``level`` (default: the whole ladder)."""
    from pencilbox.puzzles.ripple import PUZZLE
    level = engine.levels(PUZZLE)[-1] if level in (None, engine.SEARCH) else level
    rng = random.Random(seed)
    regions, answer, _ = live(rows, cols, rng)
    clues, _, checks = walk(rows, cols, regions, answer, rng, level)
    out = Board(rows, cols, regions, clues)
    return Made(out, answer, seed, None, sum(v is not None for v in clues), checks)


def walk(rows: int, cols: int, regions: tuple[int, ...], answer: tuple[int, ...], rng: random.Random,
         level: str) -> tuple[tuple[int | None, ...], int, int]:
    """Add the answer's givens in random order until ``level`` finishes the board, then
    erase them in random order while it still does: the givens, how many were added,
    and how many fixpoints were run."""
    from pencilbox.puzzles.ripple import PUZZLE
    size = Board(rows, cols, regions, (None,) * (rows * cols)).size
    clues: list[int | None] = [None] * (rows * cols)
    spots = [i for i in range(rows * cols) if size[i] > 1]
    rng.shuffle(spots)
    checks = 0

    def done() -> bool:
        nonlocal checks
        checks += 1
        return finishes(PUZZLE, Board(rows, cols, regions, tuple(clues)), level)

    added = []
    for i in spots:
        if done():
            break
        clues[i] = answer[i]
        added.append(i)
    rng.shuffle(added)
    for i in added:
        clues[i] = None
        if not done():
            clues[i] = answer[i]
    return tuple(clues), len(added), checks


def generate(rows: int, cols: int, grade: str | None = None, seed: int = 0, tries: int = 500) -> Made:
    """A graded board; with ``grade``, the first of seeds seed, seed+1, ... that has it."""
    from pencilbox.puzzles.ripple import PUZZLE
    return graded(PUZZLE, lambda s, g: make(rows, cols, s, g), grade, seed, tries)
