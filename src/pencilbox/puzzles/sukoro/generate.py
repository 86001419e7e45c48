"""The Sukoro generator: random answer -> print all its numbers (unique by the
print-everything lemma) -> erase numbers in random order while the board stays unique.

The result is locally minimal: putting back any single erased number is needed for
nothing, and erasing any one more number makes the board ambiguous. Every draw is
seeded; the same (rows, cols, seed) gives the same board bit for bit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pencilbox.core import engine
from pencilbox.puzzles.sukoro import kernel
from pencilbox.puzzles.sukoro.board import ALL, Board, answer_from_state

UNIQUE_NODE_CAP = 200_000


@dataclass(frozen=True)
class Made:
    """A generated board with how it was made."""

    board: Board
    answer: tuple[int, ...]
    seed: int
    grade: str | None
    clues: int
    erase_checks: int


def random_answer(rows: int, cols: int, seed: int) -> tuple[int, ...]:
    """A random answer: randomised search on the blank board, digits tried before empty."""
    board = Board(rows, cols, (None,) * (rows * cols))
    names = ("deg", "neq", "conn")
    res = kernel.search(board, [ALL] * (rows * cols), names, 1, 10**7, kernel.ORDER_NUMBERED, seed)
    if not res.answers:
        raise ValueError(f"no Sukoro answer exists on a {rows}x{cols} board")
    answer = answer_from_state(res.answers[0])
    return tuple(int(v or 0) for v in answer)


def is_unique(board: Board, node_cap: int = UNIQUE_NODE_CAP) -> bool:
    """Exactly one answer, by the compiled ladder; a capped check counts as not unique."""
    from pencilbox.puzzles.sukoro import PUZZLE
    return engine.count(PUZZLE, board, limit=2, node_cap=node_cap).status == "unique"


def minimise(board: Board, rng: random.Random) -> tuple[Board, int]:
    """Erase clues one at a time in random order, keeping an erasure only if still unique."""
    clues = list(board.clues)
    order = [i for i, v in enumerate(clues) if v is not None]
    rng.shuffle(order)
    for i in order:
        kept = clues[i]
        clues[i] = None
        if not is_unique(Board(board.rows, board.cols, tuple(clues))):
            clues[i] = kept
    return Board(board.rows, board.cols, tuple(clues)), len(order)


def make(rows: int, cols: int, seed: int) -> Made:
    """One locally minimal board from one seed (ungraded)."""
    rng = random.Random(seed)
    answer = random_answer(rows, cols, rng.randrange(2**31))
    full = Board(rows, cols, tuple(v if v else None for v in answer))
    board, checks = minimise(full, rng)
    return Made(board, answer, seed, None, sum(v is not None for v in board.clues), checks)


def generate(rows: int, cols: int, grade: str | None = None, seed: int = 0,
             tries: int = 500) -> Made:
    """A graded board; with ``grade``, the first of seeds seed, seed+1, ... that has it."""
    from pencilbox.puzzles.sukoro import PUZZLE
    for k in range(tries):
        made = make(rows, cols, seed + k)
        g = engine.grade(PUZZLE, made.board).grade
        if grade is None or g == grade:
            return Made(made.board, made.answer, made.seed, g, made.clues, made.erase_checks)
    raise ValueError(f"no {rows}x{cols} Sukoro board of grade {grade} in {tries} seeds from {seed}")
