"""What several Ripple Effect studies share: boards, the per-level fixpoint reading, SAT
counts, the labels of the seed's tables and the seed-shaped 48-board set."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, TypedDict

from pencilbox import bank
from pencilbox.core import engine
from pencilbox.core.puzzle import known
from pencilbox.puzzles.ripple import PUZZLE, Ripple, sat
from pencilbox.puzzles.ripple.board import Board
from pencilbox.puzzles.ripple.generate import live, walk
from pencilbox.puzzles.ripple.levels import Level
from pencilbox.studies import rng

NAME = "ripple"
SEED_LEVEL = Level.LINES  # the seed's bank: walked at the strongest propagation, never labelled lines


def puzzle() -> Ripple:
    return PUZZLE


def board(rows: int, cols: int, regions: tuple[int, ...],
          clues: tuple[int | None, ...] | None = None) -> Board:
    return Board(rows, cols, regions, clues if clues is not None else (None,) * (rows * cols))


def size_label(n: int) -> str:
    """A square board as the seed writes it ("6×6")."""
    return f"{n}×{n}"


def pct(x: float | None) -> str:
    """A share for a lead sentence."""
    return "–" if x is None else f"{100 * x:.0f}%"


def surplus(dom: list[int]) -> int:
    """Candidates beyond the one each cell keeps in the end."""
    return sum(d.bit_count() - 1 for d in dom)


def keeps(dom: list[int] | None, answer: tuple[int, ...]) -> bool:
    """Every cell still holds its value in ``answer`` (no contradiction either)."""
    return dom is not None and all(d >> v & 1 for d, v in zip(dom, answer, strict=True))


def sat_count(b: Board, limit: int) -> int:
    """Answers up to ``limit`` by the SAT engine (shares no code with the ladder)."""
    return sat.sat_count(b.rows, b.cols, b.regions, b.clues, limit)[0]


class Fixpoint(TypedDict):
    """One ladder's fixpoint on one board: surplus candidates removed (of those before), whether
    it finishes the board, whether the answer survives."""

    gone: int
    before: int
    finished: bool
    keeps: bool


def fixpoints(b: Board, answer: tuple[int, ...], ladders: list[tuple[engine.Level, ...]]) -> list[Fixpoint]:
    """Per ladder of rung names: surplus candidates removed, whether the fixpoint finishes the
    board, whether the answer survives."""
    p = puzzle()
    start = p.initial_state(b)
    before = surplus(start)
    out: list[Fixpoint] = []
    for names in ladders:
        dom = engine.run_fixpoint(p, b, start, names)
        kept = keeps(dom, answer)  # true only where dom is not None
        done = kept and all(engine.single(d) for d in known(dom)) and p.is_answer(b, known(dom))
        gone = before - surplus(known(dom)) if kept else before
        out.append({"gone": gone, "before": before, "finished": done, "keeps": kept})
    return out


def level_ladders() -> list[tuple[engine.Level, ...]]:
    """The cumulative rule sets, cheapest first."""
    return [engine.ladder(puzzle(), level) for level in engine.levels(puzzle())]


@lru_cache(maxsize=8)
def seed_bank(sizes: tuple[int, ...], per_size: int, seed: int) -> tuple[dict[str, Any], ...]:
    """A bank shaped like the seed's: ``per_size`` boards per size, each walked at the
    ``lines`` rule set by the generator, with its grade, givens, and givens added first."""
    out = []
    for n in sizes:
        for k in range(per_size):
            r = random.Random(rng(seed, "seed bank", n, k).randrange(1, 2**31))
            regions, answer, _ = live(n, n, r)
            clues, added, _ = walk(n, n, regions, answer, r, SEED_LEVEL)
            graded = engine.grade(puzzle(), board(n, n, regions, clues))
            out.append({"size": n, "givens": sum(v is not None for v in clues), "added": added,
                        "grade": graded.grade, "unique": sat_count(board(n, n, regions, clues), 2) == 1})
    return tuple(out)


def seed_bank_givens(sizes: tuple[int, ...], per_size: int, seed: int) -> dict[int, list[int]]:
    """The givens each board of the seed-shaped set carries, per size."""
    out: dict[int, list[int]] = {n: [] for n in sizes}
    for rec in seed_bank(sizes, per_size, seed):
        out[rec["size"]].append(rec["givens"])
    return out


def shipped_givens(n: int) -> list[int]:
    """How many givens each shipped bank board of size n x n carries."""
    return [sum(v is not None for row in rec["clues"] for v in row)
            for rec in bank.load(NAME) if rec["rows"] == rec["cols"] == n]
