"""The drivers every verb, the player and the generators share, one of each: the
uniqueness verdict (unique, multiple, none or capped), the scan for clues that can go
alone, the clue-erasing loop and the check of a grade asked for. Light: no numba."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from pencilbox.core import engine
from pencilbox.core.budgets import UNIQUE_NODES
from pencilbox.core.engine import CAPPED, MULTIPLE, NONE, UNIQUE, Level, Status
from pencilbox.errors import BoardError, shown

if TYPE_CHECKING:
    from pencilbox.core.puzzle import BoardT, Clues, Puzzle



def verdict(puzzle: Puzzle[BoardT, Any], board: BoardT, node_cap: int = UNIQUE_NODES,
            exact: bool = False) -> Status:
    """unique | multiple | none | capped by the ladder's search (``Count.status``); with
    ``exact``, SAT decides where the search runs out, so the verdict is never capped."""
    status = engine.count(puzzle, board, limit=2, node_cap=node_cap).status
    if status != CAPPED or not exact:
        return status
    n = puzzle.sat_count(board, 2, node_cap).count
    return MULTIPLE if n >= 2 else UNIQUE if n == 1 else NONE


def erased(board: BoardT, i: int) -> BoardT:
    """The board with clue ``i`` erased."""
    return replace(board, clues=board.clues[:i] + (None,) + board.clues[i + 1:])


@dataclass
class Scan:
    """The clues whose erasure alone keeps the board unique, how many clues were checked
    (of ``total``: a deadline may stop the scan) and how many checks ran out of nodes."""

    found: list[int] = field(default_factory=list)
    checked: int = 0
    total: int = 0
    capped: int = 0


def scan(puzzle: Puzzle[BoardT, Any], board: BoardT, node_cap: int = UNIQUE_NODES, exact: bool = False,
         deadline: float | None = None) -> Scan:
    """Each clue in reading order, erased alone and judged by ``verdict``, until the
    ``deadline`` (a ``time.perf_counter`` value) passes."""
    places = [i for i, v in enumerate(board.clues) if v is not None]
    out = Scan(total=len(places))
    for i in places:
        if deadline is not None and time.perf_counter() > deadline:
            break
        status = verdict(puzzle, erased(board, i), node_cap, exact)
        out.checked += 1
        out.capped += status == CAPPED
        if status == UNIQUE:
            out.found.append(i)
    return out


def erase(clues: Clues, order: Iterable[int], keep: Callable[[Clues], bool]) -> tuple[Clues, int]:
    """The one clue-erasing loop: erase the clues at ``order`` one at a time, keeping an
    erasure only while ``keep`` holds; returns the clues and how many erasures were tried."""
    out = list(clues)
    tried = 0
    for i in order:
        kept = out[i]
        out[i] = None
        tried += 1
        if not keep(tuple(out)):
            out[i] = kept
    return tuple(out), tried


def check_grade(puzzle: Puzzle[Any, Any], grade: str | None) -> Level | None:
    """A grade a generator can aim at, as a person named it (a level of the ladder, ``search``
    or None), as the level; else a BoardError naming the grades."""
    grades = (*engine.levels(puzzle), engine.SEARCH)
    if grade is None:
        return None
    if grade not in grades:
        raise BoardError(f"unknown level {shown(grade)} for {puzzle.name}; grades: {', '.join(grades)}")
    return grades[grades.index(grade)]
