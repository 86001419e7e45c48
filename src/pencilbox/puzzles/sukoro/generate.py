"""The Sukoro generator: random answer -> print all its numbers (unique by the
print-everything lemma) -> erase numbers in random order while the board stays unique.

The result is locally minimal: erasing any one more number makes the board ambiguous.
For a board of a chosen ladder grade G the generator runs the solver backwards as
Tatham's does: it erases while the fixpoint at level G alone still finishes the board
(so the board is locally minimal for G, and unique), then rejects it if the level below
G finishes it too. Grade ``search`` boards are the unique-minimal ones no level finishes.
Every draw is seeded; the same (rows, cols, grade, seed) gives the same board bit for bit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pencilbox.core import engine
from pencilbox.puzzles.sukoro import kernel
from pencilbox.puzzles.sukoro.board import ALL, Board, answer_from_state

UNIQUE_NODE_CAP = 200_000
MIN_COVER = 0.4  # share of cells a drawn answer should number
DRAW_NODES = 5_000  # branch points one random walk may use before it is redrawn


@dataclass(frozen=True)
class Made:
    """A generated board with how it was made."""

    board: Board
    answer: tuple[int, ...]
    seed: int
    grade: str | None
    clues: int
    erase_checks: int


def random_answer(rows: int, cols: int, rng: random.Random, draws: int = 50) -> tuple[int, ...]:
    """A random answer covering at least MIN_COVER of the board (the best of ``draws``
    randomised searches on the blank board, digits tried before empty, if none does)."""
    board = Board(rows, cols, (None,) * (rows * cols))
    best: tuple[int, ...] = ()
    for _ in range(draws):
        res = kernel.search(board, [ALL] * (rows * cols), ("deg", "neq", "conn"), 1, DRAW_NODES,
                            kernel.ORDER_NUMBERED, rng.randrange(2**31))
        if not res.answers:
            if res.node_capped:
                continue  # an unlucky walk: draw again rather than wander
            raise ValueError(f"no Sukoro answer exists on a {rows}x{cols} board")
        answer = tuple(int(v or 0) for v in answer_from_state(res.answers[0]))
        if sum(map(bool, answer)) > sum(map(bool, best)):
            best = answer
        if sum(map(bool, best)) >= MIN_COVER * rows * cols:
            break
    if not best:
        raise ValueError(f"no Sukoro answer found on a {rows}x{cols} board in {draws} draws")
    return best


def is_unique(board: Board, node_cap: int = UNIQUE_NODE_CAP) -> bool:
    """Exactly one answer, by the compiled ladder; a capped check counts as not unique."""
    from pencilbox.puzzles.sukoro import PUZZLE
    return engine.count(PUZZLE, board, limit=2, node_cap=node_cap).status == "unique"


def finishes(board: Board, level: str) -> bool:
    """The fixpoint at ``level`` alone settles every cell into an answer."""
    from pencilbox.puzzles.sukoro import PUZZLE
    dom = engine.run_fixpoint(PUZZLE, board, PUZZLE.initial_state(board), engine.ladder(PUZZLE, level))
    return dom is not None and all(engine.single(d) for d in dom) and PUZZLE.is_answer(board, dom)


def minimise(board: Board, rng: random.Random,
             keep: Callable[[Board], bool] = is_unique) -> tuple[Board, int]:
    """Erase clues one at a time in random order, keeping an erasure only while ``keep`` holds."""
    clues = list(board.clues)
    order = [i for i, v in enumerate(clues) if v is not None]
    rng.shuffle(order)
    for i in order:
        kept = clues[i]
        clues[i] = None
        if not keep(Board(board.rows, board.cols, tuple(clues))):
            clues[i] = kept
    return Board(board.rows, board.cols, tuple(clues)), len(order)


def make(rows: int, cols: int, seed: int, level: str | None = None) -> Made:
    """One board from one seed: unique-minimal, or minimal for ``level`` (ungraded)."""
    rng = random.Random(seed)
    answer = random_answer(rows, cols, rng)
    full = Board(rows, cols, tuple(v if v else None for v in answer))
    keep = is_unique if level in (None, engine.SEARCH) else (lambda b: finishes(b, level))
    board, checks = minimise(full, rng, keep)
    return Made(board, answer, seed, None, sum(v is not None for v in board.clues), checks)


def generate(rows: int, cols: int, grade: str | None = None, seed: int = 0,
             tries: int = 500) -> Made:
    """A graded board; with ``grade``, the first of seeds seed, seed+1, ... that has it."""
    from pencilbox.puzzles.sukoro import PUZZLE
    if grade is not None and grade != engine.SEARCH:
        engine.ladder(PUZZLE, grade)
    for k in range(tries):
        made = make(rows, cols, seed + k, grade)
        g = engine.grade(PUZZLE, made.board).grade
        if grade is None or g == grade:
            return Made(made.board, made.answer, made.seed, g, made.clues, made.erase_checks)
    raise ValueError(f"no {rows}x{cols} Sukoro board of grade {grade} in {tries} seeds from {seed}")
