"""The Sukoro generator: random answer -> print all its numbers (unique by the
print-everything lemma) -> erase numbers in random order while the board stays unique.

The result is locally minimal: erasing any one more number makes the board ambiguous.
For a board of a chosen ladder grade G the generator runs the solver backwards as
Tatham's does: it erases while the fixpoint at level G alone still finishes the board
(so the board is locally minimal for G, and unique), then rejects it if the level below
G finishes it too. Grade ``search`` boards are the unique-minimal ones no level finishes.
Every draw is seeded; the same (rows, cols, grade, seed) gives the same board bit for bit.

Erasing while unique, ``make`` decides each erasure exactly with one incremental SAT solver
per board (sat.rivals: a rival must break the erased clue), so no check is capped and the
board is proved unique; ``make_reference`` is the readable loop (the one verdict per
erasure, capped checks counted and keeping their clue). Both draw the same answer and order,
so they give the same board wherever the reference's checks were not capped.
"""

from __future__ import annotations

import random
from dataclasses import replace

from pencilbox.compiled.cache import sat_present
from pencilbox.compiled.ready import generator_ready
from pencilbox.core import engine
from pencilbox.core.engine import PROBE
from pencilbox.core.generate import Made, NoGrade, check_grade, finishes, graded, keep_test, minimise
from pencilbox.core.puzzle import Clues
from pencilbox.core.rng import RandomValues
from pencilbox.puzzles.sukoro import PUZZLE, erase
from pencilbox.puzzles.sukoro.board import ALL, NUMBERED, Board, answer_from_state

MIN_COVER = 0.4  # share of cells a drawn answer should number
DRAW_NODES = 5_000  # branch points one random walk may use before it is redrawn


class Numbered(RandomValues):
    """The random walk's order, readable twin of jit.py's ``_choose`` and ``_pick`` at
    ORDER_NUMBERED (the same draws from the same seed): a random cell of those with the fewest
    values, then a random digit while one is left, empty last."""

    def choose(self, dom: list[int]) -> int:
        best, fewest, ties = -1, 99, 0
        for i, d in enumerate(dom):
            c = d.bit_count()
            if c < 2:
                continue
            if c < fewest:
                best, fewest, ties = i, c, 1
            elif c == fewest:
                ties += 1
                if self.rng.randint(ties) == 0:
                    best = i
        return best

    def pick(self, var: int, rem: int) -> int:
        return super().pick(var, rem & NUMBERED or rem)


def random_walk(board: Board, names: tuple[engine.Level, ...], seed: int) -> engine.Count:
    """One randomised search for an answer of ``board`` (compiled once the generator is built,
    else the readable twin: the same walk)."""
    dom = [ALL] * (board.rows * board.cols)
    if generator_ready(PUZZLE):
        from pencilbox.puzzles.sukoro.kernel import ORDER_NUMBERED, search  # numpy: once it is built
        return search(board, dom, names, 1, DRAW_NODES, ORDER_NUMBERED, seed)
    return engine.search(PUZZLE, board, dom, names, 1, DRAW_NODES, order=Numbered(seed))


def random_answer(rows: int, cols: int, rng: random.Random, draws: int = 50) -> tuple[int, ...]:
    """A random answer covering at least MIN_COVER of the board (the best of ``draws``
    randomised searches on the blank board, digits tried before empty, if none does)."""
    board = Board(rows, cols, (None,) * (rows * cols))
    names = engine.ladder(PUZZLE, PUZZLE.search_level)
    best: tuple[int, ...] = ()
    for _ in range(draws):
        res = random_walk(board, names, rng.randrange(2**31))
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


def make(rows: int, cols: int, seed: int, level: engine.Level | None = None) -> Made[Board]:
    """One board from one seed: unique-minimal (proved by SAT), or minimal for ``level``
    (ungraded). At ``probe`` SAT screens each erasure first: a board left with a rival is
    one probe cannot finish (it is sound), so only unique ones pay for the probe fixpoint.
    Without python-sat (the browser), the readable loop: the same board unless a check capped."""
    if level not in (None, engine.SEARCH) and not generator_ready(PUZZLE):
        return make_plain(rows, cols, seed, level)  # the browser: no kernel, no SAT
    if level not in (None, engine.SEARCH, PROBE) or not sat_present():
        return make_reference(rows, cols, seed, level)  # fixpoints below probe: cheaper than SAT
    from pencilbox.puzzles.sukoro.sat import rivals  # pysat: absent in the browser
    rng = random.Random(seed)
    answer = random_answer(rows, cols, rng)
    full = tuple(v if v else None for v in answer)
    exact = rivals(rows, cols, answer, full)

    def keep(clues: Clues) -> bool:
        return exact(clues) and (level != PROBE or finishes(PUZZLE, Board(rows, cols, clues), PROBE))

    try:
        clues, checks = minimise(full, rng, keep)
    finally:
        exact.close()
    return Made(Board(rows, cols, clues), answer, seed, None, sum(v is not None for v in clues), checks,
                capped_checks=0, proved_unique=True)


def make_reference(rows: int, cols: int, seed: int, level: engine.Level | None = None) -> Made[Board]:
    """``make`` with the readable erasure test (core.generate.keep_test): the engine's
    verdict per erasure, or ``level``'s fixpoint."""
    rng = random.Random(seed)
    answer = random_answer(rows, cols, rng)
    full = tuple(v if v else None for v in answer)
    keep = keep_test(PUZZLE, lambda clues: Board(rows, cols, clues), level)
    clues, checks = minimise(full, rng, keep)
    return Made(Board(rows, cols, clues), answer, seed, None, sum(v is not None for v in clues), checks,
                capped_checks=keep.capped)


def make_plain(rows: int, cols: int, seed: int, level: engine.Level) -> Made[Board]:
    """``make_reference`` at a level, each check on erase.py's loop (the same verdicts, so
    the same clues); the level finishes the board, so it is proved unique."""
    rng = random.Random(seed)
    answer = random_answer(rows, cols, rng)
    full = tuple(v if v else None for v in answer)
    order = [i for i, v in enumerate(full) if v is not None]
    rng.shuffle(order)
    clues, checks = erase.minimise(rows, cols, full, order, answer, engine.ladder(PUZZLE, level))
    return Made(Board(rows, cols, clues), answer, seed, None, sum(v is not None for v in clues), checks,
                capped_checks=0, proved_unique=True)


def grade_plain(made: Made[Board]) -> engine.Level:
    """``grade_of`` on erase.py's loop for a board proved unique: the lowest level whose rungs
    alone finish it, else ``search``."""
    board = made.board
    levels = engine.levels(PUZZLE)
    ladders = tuple(engine.ladder(PUZZLE, lv) for lv in levels)
    found = erase.grade(board.rows, board.cols, board.clues, made.answer, ladders)
    return engine.SEARCH if found < 0 else levels[found]


def generate(rows: int, cols: int, grade: str | None = None, seed: int = 0, tries: int = 500) -> Made[Board]:
    """A graded board; with ``grade``, the first of seeds seed, seed+1, ... that has it. At a
    level, until the generator is built, erase.py's loop makes and grades each board."""
    level = check_grade(PUZZLE, grade)
    if level in (None, engine.SEARCH) or generator_ready(PUZZLE):
        return graded(PUZZLE, lambda s, g: make(rows, cols, s, g), grade, seed, tries)
    for k in range(tries):
        made = make_plain(rows, cols, seed + k, level)
        got = grade_plain(made)
        if got == level:
            return replace(made, grade=got)
    raise NoGrade(PUZZLE.name, level, tries, seed)
