"""What the engine's verbs answer, never a bare bool: a solution count (exact, or a lower
bound where a cap stopped it) whose answers the puzzle's validator judges, a grade, a hint or
why there is none (stuck, contradicted, capped), a broken rule of a checked answer, and a
generated board with how it was made. Below the puzzle interface: a puzzle's methods answer
these, and a Count asks of a puzzle only what ``Judge`` names."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import InitVar, dataclass, field
from functools import partial
from typing import Any, Generic, Protocol, TypeVar

from pencilbox.core.state import CAPPED, CAPS, MULTIPLE, NONE, UNIQUE, Level, Status
from pencilbox.errors import shown

BoardT = TypeVar("BoardT")
BoardIn = TypeVar("BoardIn", contravariant=True)


class Judge(Protocol[BoardIn]):
    """What a Count needs of a puzzle to judge an engine's answers: its name and validator."""

    @property
    def name(self) -> str: ...

    def validate(self, board: BoardIn, answer: Any, /) -> list[Broken]: ...
    def answer_from_state(self, board: BoardIn, dom: list[int], /) -> Any: ...


class BrokenAnswer(Exception):
    """An engine returned an answer the puzzle's validator rejects: a bug in that engine,
    never a verdict on the board."""


class _Judged:
    """``Count.answers``, judged by the puzzle's validator when first read: a verdict that
    reads only the count (the generators' many uniqueness checks) does not pay for it."""

    def __get__(self, count: Count | None, owner: type | None = None) -> list[list[int]]:
        if count is None:
            return ()  # type: ignore[return-value]  # the field's default; __set__ copies it
        judge = count.__dict__.pop("_judge", None)
        answers: list[list[int]] = count.__dict__["_answers"]
        if judge is not None:
            judge(answers)
        return answers

    def __set__(self, count: Count, answers: Iterable[list[int]]) -> None:
        count.__dict__["_answers"] = list(answers)
        count.__dict__.pop("_judge", None)


def _judge(puzzle: Judge[BoardT], board: BoardT, engine: str, answers: list[list[int]]) -> None:
    """Raise BrokenAnswer unless every answer passes the puzzle's validator."""
    for dom in answers:
        broken = puzzle.validate(board, puzzle.answer_from_state(board, dom))
        if broken:
            raise BrokenAnswer(f"{puzzle.name} {engine} engine returned a broken answer: "
                               f"{broken[0].rule}: {broken[0].message}")


@dataclass
class Count:
    """A solution count: exact unless ``capped`` (then a lower bound)."""

    count: int = 0
    limit_hit: bool = False
    node_capped: bool = False
    nodes: int = 0
    answers: _Judged = _Judged()
    engine: str = "ladder"

    @classmethod
    def judged(cls, puzzle: Judge[BoardT], board: BoardT, engine: str, count: int, cap: str | None,
               nodes: int, answers: Iterable[Sequence[int]]) -> Count:
        """The one way from an engine's raw result (``cap``: which cap stopped it, answers
        as domains) to a Count: no answer is read before the puzzle's validator passed it."""
        if cap is not None and cap not in CAPS:
            raise ValueError(f"{engine}: unknown cap {shown(cap)}; caps: {', '.join(CAPS)}")
        out = cls(count, cap == "limit", cap == "nodes", nodes, [list(a) for a in answers][:2], engine)
        out.__dict__["_judge"] = partial(_judge, puzzle, board, engine)
        return out

    @property
    def capped(self) -> bool:
        return self.limit_hit or self.node_capped

    @property
    def cap(self) -> str | None:
        """Which cap stopped the count: ``limit``, ``nodes``, or None (exact)."""
        return "nodes" if self.node_capped else "limit" if self.limit_hit else None

    @property
    def status(self) -> Status:
        """unique | multiple | none | capped, read as a uniqueness verdict."""
        if self.count >= 2:
            return MULTIPLE
        if self.node_capped:
            return CAPPED
        return UNIQUE if self.count == 1 else NONE


@dataclass
class Grade:
    """The lowest level that finishes the board alone, or ``search``, or None (not unique)."""

    grade: Level | None
    unique: bool
    settled: dict[Level, float | None]
    status: Status


@dataclass
class Hint:
    """One settled variable, the rung whose step settled it (its words explain the step), the
    premises it read and ``needs``: the dearest rung of the steps before it, the level the
    deduction takes (a deg step can read a digit neq ruled out; the hint is then neq's)."""

    var: int
    value: int
    rung: Level
    premises: tuple[int, ...]
    dearer: InitVar[Level | None] = None  # the level the deduction takes; None: the rung's
    needs: Level = field(init=False)

    def __post_init__(self, dearer: Level | None) -> None:
        self.needs = dearer or self.rung


@dataclass
class Stuck:
    """The state already contradicts the rules, or no rung at this level makes progress,
    or (``capped``) the node cap ran out first."""

    contradiction: bool
    rung: Level | None = None
    cells: tuple[int, ...] = ()
    capped: bool = False


@dataclass(frozen=True)
class Broken:
    """One broken rule of a checked answer, the cells that break it and, for puzzles with
    clues on lattice points, the points."""

    rule: str
    cells: tuple[int, ...]
    message: str
    points: tuple[int, ...] = ()

    @classmethod
    def undecided(cls, cells: tuple[int, ...]) -> Broken:
        """The ``complete`` rule a partial answer breaks: its undecided cells, counted."""
        return cls("complete", cells, undecided(len(cells)))


def undecided(n: int) -> str:
    """How many cells are undecided, in words: "1 cell undecided", "5 cells undecided"."""
    return f"{n} cell{'' if n == 1 else 's'} undecided"


@dataclass(frozen=True)
class Made(Generic[BoardT]):
    """A generated board with how it was made."""

    board: BoardT
    answer: tuple[int, ...]
    seed: int
    grade: Level | None
    clues: int
    erase_checks: int
    capped_checks: int | None = None  # uniqueness checks that ran out of nodes and kept their
    # clue (the board is locally minimal up to them); None where the generator does not count
    proved_unique: bool = False  # every check was exact from a unique start: grading needs no search


class NoGrade(ValueError):
    """No board of the grade among the seeds tried: a caller with time left may try the next
    ones (api.generate, the player's New board); any other ValueError is about the size."""

    def __init__(self, name: str, level: str | None, tries: int, seed: int) -> None:
        super().__init__(f"no {name} board of grade {level} in {tries} seeds from {seed}")
