"""The engine's vocabulary: the names of ladder levels, a board's state of candidate domains
with the one elimination primitive (``State.restrict``), the contradiction it raises, what a
count can say of a board, and the node budget that keeps a fixpoint's work bounded. It imports
nothing of pencilbox: the interface, the engine and every puzzle build on it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Literal, TypeAlias


class Level(StrEnum):
    """A ladder level's name, exactly as the spec writes it. Each puzzle's ``levels`` module
    declares its rungs' names once, as the members of a subclass (``class Level(engine.Level):
    DEG = "deg"``, read ``Level.DEG``: upper case, as a member ``count`` would hide
    ``str.count``); the engine adds ``probe`` on top of every ladder and the grade ``search``
    past it (``EngineLevel``). A member is a str: JSON, text, the command line and error
    messages (its repr too) read the bare name, while mypy rejects a member no ladder
    declares and a bare string where a level is asked for. A person's text (``--level``,
    ``--off``, a grade) becomes a member of the board's ladder through ``named``."""

    def __repr__(self) -> str:
        return repr(self.value)


class EngineLevel(Level):
    """The engine's own names: the level on top of every ladder, and the grade past it."""

    PROBE = "probe"  # singleton consistency over the rungs below
    SEARCH = "search"  # the grade of a unique board no level finishes alone


PROBE: Final = EngineLevel.PROBE
SEARCH: Final = EngineLevel.SEARCH

#: what a count says of a board: one answer, two or more, none, or the search ran out of nodes
Status: TypeAlias = Literal["unique", "multiple", "none", "capped"]
UNIQUE: Final = "unique"
MULTIPLE: Final = "multiple"
NONE: Final = "none"
CAPPED: Final = "capped"
CAPS = ("limit", "nodes")  # what can stop a count early: the answer limit, the node cap


class OutOfNodes(Exception):
    """A fixpoint's node cap ran out (each probe trial is one node): work stays bounded."""


@dataclass
class Budget:
    """Nodes left to a fixpoint's probe (``spend`` raises OutOfNodes once none is left), or
    the readable rung passes' work left to a verb (``toil``, see ``passes``)."""

    left: int | None = None
    work: int | None = None

    def spend(self) -> None:
        if self.left is None:
            return
        if self.left <= 0:
            raise OutOfNodes
        self.left -= 1

    def toil(self, units: int) -> None:
        if self.work is None:
            return
        if self.work < units:
            raise OutOfNodes
        self.work -= units


class Contradiction(Exception):
    """No answer extends the state; names the rung that found it and the cells involved."""

    def __init__(self, rung: Level, cells: Iterable[int] = ()) -> None:
        self.rung = rung
        self.cells = tuple(cells)
        super().__init__(f"{rung}: contradiction at {self.cells}")


@dataclass(frozen=True)
class Step:
    """One elimination and why: the rung and the premise variables it read."""

    var: int
    before: int
    after: int
    rung: Level
    premises: tuple[int, ...]


def bits(mask: int) -> Iterator[int]:
    """The single-bit masks set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def single(mask: int) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


class State:
    """Domains plus an optional log of eliminations (kept only when a hint needs reasons)."""

    __slots__ = ("dom", "log")

    def __init__(self, dom: list[int], log: list[Step] | None = None) -> None:
        self.dom = dom
        self.log = log

    def copy(self) -> State:
        return State(self.dom.copy())

    def restrict(self, var: int, keep: int, rung: Level, premises: Iterable[int] = ()) -> bool:
        """The one elimination primitive: narrow ``var`` to ``keep``; empty -> Contradiction."""
        old = self.dom[var]
        new = old & keep
        if new == old:
            return False
        if new == 0:
            raise Contradiction(rung, (var, *premises))
        self.dom[var] = new
        if self.log is not None:
            self.log.append(Step(var, old, new, rung, tuple(premises)))
        return True

    def settled(self) -> bool:
        return all(single(d) for d in self.dom)
