"""What the verbs answer, as frozen dataclasses: the library returns them, the command line prints
them (``str`` is its text, ``to_dict`` its ``--json``) and the player serves their ``to_dict``.

Cells are ``(row, col)``, 0-based. A board inside a result (an answer, the backbone) is a
``pencilbox.Board`` with its answer section filled in, so it prints and draws itself.
"""

from __future__ import annotations

import json
import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self

if sys.version_info >= (3, 13):
    from typing import TypeVar
else:  # a type variable's default (PEP 696) came in 3.13
    from typing_extensions import TypeVar

from pencilbox.core.engine import Level, Status
from pencilbox.core.puzzle import BoardShape

#: a cell: (row, col), 0-based (the JSON form writes it [row, col])
Cell = tuple[int, int]


class BoardLike(Protocol):
    """What a result needs of the boards it holds (``pencilbox.Board`` is one): the typed board
    underneath, the same board with another answer section, its text and its picture."""

    @property
    def shape(self) -> BoardShape: ...
    @property
    def answer(self) -> Any: ...
    def answered(self, answer: tuple[int | None, ...] | None) -> Self: ...
    def to_text(self) -> str: ...
    def _repr_svg_(self) -> str | None: ...


#: the board type a result holds: whatever board the verb was asked about (``pencilbox.Board``)
B = TypeVar("B", bound=BoardLike, default=BoardLike, covariant=True)


def _rc(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _lists(cells: tuple[Cell, ...]) -> list[list[int]]:
    return [list(c) for c in cells]


class Result(ABC):
    """What every result has: its JSON form (the CLI's ``--json``, the player's answer)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The result as plain data: what ``pencilbox VERB --json`` prints, and the player serves.

        >>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
        >>> board.grade().to_dict()["grade"]
        'deg'
        """

    def to_json(self) -> str:
        """The result as one line of JSON, as ``pencilbox VERB --json`` prints it.

        >>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
        >>> board.check(board.solve().answer).to_json()
        '{"ok": true, "complete": true, "broken": []}'
        """
        return json.dumps(self.to_dict())


class Answered(Result, Generic[B]):
    """A result that holds boards (the board asked about, answers): of the type it was asked
    about, so ``board.solve().answer`` is a ``pencilbox.Board`` that solves, checks and draws."""


@dataclass(frozen=True)
class Made(Result):
    """How ``generate`` made a board: the seed that makes it again, the grade it reached, its
    clues, and the uniqueness checks that ran out of nodes and kept their clue (the board is
    locally minimal but for those; None where the generator does not count them).

    >>> made = pencilbox.generate("slant", 5, 5, grade="count", seed=1).made
    >>> made
    Made(seed=1, grade='count', clues=16, capped_checks=0)
    >>> print(made)
    # seed 1, grade count, no check capped
    """

    seed: int
    grade: Level | None
    clues: int
    capped_checks: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seed": self.seed, "grade": self.grade}
        return out | ({} if self.capped_checks is None else {"capped_checks": self.capped_checks})

    def __str__(self) -> str:
        capped = ("" if self.capped_checks is None else ", no check capped" if self.capped_checks == 0
                  else f", {self.capped_checks} uniqueness checks ran out of nodes and kept "
                  "their clue (locally minimal but for those)")
        return f"# seed {self.seed}, grade {self.grade}{capped}"


@dataclass(frozen=True)
class Solution(Answered[B]):
    """``Board.solve``: the verdict (unique, multiple, none or capped), the answer and a second
    one as boards, the grade of a unique board, the search's nodes and time.

    >>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
    >>> s = board.solve()
    >>> s.status, s.grade, s.unique
    ('unique', 'deg', True)
    """

    board: B = field(repr=False)
    status: Status
    answer: B | None
    second: B | None
    grade: Level | None
    nodes: int
    ms: float

    @property
    def unique(self) -> bool:
        """Exactly one answer (the CLI's exit 0).

        >>> pencilbox.read("slant:5x5:c110a1d02a22a2b14c4a2b1d").solve().unique
        True
        >>> pencilbox.blank("slant", 2, 2).solve().unique
        False
        """
        return self.status == "unique"

    def to_dict(self) -> dict[str, Any]:
        """The verdict with the answers as answer sections (a row at a time), as ``solve --json``.

        >>> solved = pencilbox.read("slant:5x5:c110a1d02a22a2b14c4a2b1d").solve().to_dict()
        >>> solved["status"], len(solved["answer"]), solved["second"]
        ('unique', 5, None)
        """
        b = self.board.shape
        return {"puzzle": b.puzzle, "rows": b.rows, "cols": b.cols, "status": self.status,
                "answer": None if self.answer is None else self.answer.answer,
                "second": None if self.second is None else self.second.answer,
                "grade": self.grade, "nodes": self.nodes, "ms": self.ms}

    def __str__(self) -> str:
        lines = [f"status: {self.status}" + (f", grade {self.grade}" if self.grade else "")]
        if self.answer is not None:
            lines.append(self.answer.to_text())
        if self.second is not None:
            lines.append("second answer:" + self.second.to_text().rsplit("\nanswer:", 1)[-1])
        return "\n".join(lines).rstrip()

    def _repr_svg_(self) -> str | None:
        """A notebook shows the answer drawn (the board when there is none)."""
        return (self.answer or self.board)._repr_svg_()


@dataclass(frozen=True)
class Count(Result):
    """``Board.count``: answers counted by one engine; ``capped`` marks a lower bound and ``cap``
    says which cap stopped it (``"nodes"`` or ``"limit"``).

    >>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
    >>> c = board.count(engine="sat")
    >>> c.count, c.capped
    (1, False)
    """

    count: int
    capped: bool
    cap: str | None
    nodes: int
    node_cap: int
    engine: str
    ms: float
    limit: int = field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"count": self.count, "capped": self.capped, "cap": self.cap, "nodes": self.nodes,
                "node_cap": self.node_cap, "engine": self.engine, "ms": self.ms}

    def __str__(self) -> str:
        said = "1 answer" if self.count == 1 and not self.capped else \
            f"{self.count}{'+' if self.capped else ''} answers"
        return f"{said} ({self.engine}, {self.nodes} nodes, {self.ms} ms)" + self._which_cap()

    def _which_cap(self) -> str:
        """Which cap stopped the count, and the flag that raises it."""
        if self.cap == "nodes":
            inside = " (in the calls' propagations)" if self.engine == "sat" else " (in probe trials)"
            what = inside if self.nodes < self.node_cap else ""
            return f"; the node cap {self.node_cap:,} ran out{what}: raise --node-cap for more"
        if self.cap == "limit":
            return f"; the count limit {self.limit} was reached: raise --limit for more"
        return ""


@dataclass(frozen=True)
class Grade(Result):
    """``Board.grade``: the lowest ladder level that finishes the board alone (``"search"`` when
    none does), whether the answer is unique, and each level's share of unclued cells settled.

    >>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
    >>> g = board.grade()
    >>> g.grade, g.unique, g.settled["deg"]
    ('deg', True, 1.0)
    """

    grade: Level | None
    unique: bool
    status: Status
    settled: Mapping[Level, float | None]

    def to_dict(self) -> dict[str, Any]:
        return {"grade": self.grade, "unique": self.unique, "status": self.status,
                "settled": dict(self.settled)}

    def __str__(self) -> str:
        shares = ", ".join(f"{k} {'-' if v is None else f'{v:.0%}'}" for k, v in self.settled.items())
        return f"grade: {self.grade} ({self.status}); settled: {shares}"


@dataclass(frozen=True)
class Hint(Result):
    """``Board.hint``: one cell provable at a level (``kind == "hint"``: the cell, its value in
    words, the rung, the cells and clues it read, why), or why there is none: ``"wrong"``
    (entries that disagree with the answer), ``"solved"``, ``"contradiction"``, ``"stuck"``,
    ``"capped"``.

    >>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
    >>> h = board.hint()
    >>> h.kind, h.rung
    ('hint', 'deg')
    """

    kind: str
    message: str
    cell: Cell | None = None
    value: str | None = None
    mark: object = None
    rung: str | None = None
    cells: tuple[Cell, ...] = ()
    clues: tuple[Cell, ...] = ()
    reason: str | None = None
    reveal: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        if self.kind in ("hint", "reveal"):
            out: dict[str, Any] = {"kind": self.kind, "cell": None if self.cell is None else list(self.cell)}
            out |= {k: v for k, v in (("value", self.value), ("mark", self.mark)) if v is not None}
            if self.rung is not None:
                out["rung"] = self.rung
            out |= {"cells": _lists(self.cells), "clues": _lists(self.clues), "message": self.message}
            return out | ({} if self.reason is None else {"reason": self.reason})
        said: dict[str, Any] = {"kind": self.kind}
        if self.rung is not None or self.kind == "contradiction":
            said["rung"] = self.rung
        if self.cells or self.kind in ("wrong", "contradiction"):
            said["cells"] = _lists(self.cells)
        said["message"] = self.message
        return said | ({} if self.reveal is None else {"reveal": self.reveal})

    def __str__(self) -> str:
        if self.kind == "hint" and self.cell is not None:
            used = ", ".join(_rc(c) for c in self.clues + self.cells) or "nothing"
            why = f"\n  {self.reason}" if self.reason else ""
            return f"{_rc(self.cell)} = {self.value} by {self.rung} (using {used}){why}"
        cells = " ".join(_rc(c) for c in self.cells)
        return f"{self.kind}: {self.message}" + (f" [{cells}]" if cells else "")


@dataclass(frozen=True)
class BrokenRule(Result):
    """One rule a checked answer breaks: its cells and, for clues on lattice points, the points.

    >>> rule, = pencilbox.blank("sukoro", 1, 2).check([[1, 1]]).broken
    >>> rule.rule, rule.cells
    ('differ', ((0, 0), (0, 1)))
    >>> print(rule)
    differ: two 1s side by side at r1c1 and r1c2 [r1c1 r1c2]
    """

    rule: str
    cells: tuple[Cell, ...]
    message: str
    points: tuple[Cell, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "cells": _lists(self.cells), "message": self.message}
        return out | ({"points": _lists(self.points)} if self.points else {})

    def __str__(self) -> str:
        more = " ..." if len(self.cells) > 20 else ""
        return f"{self.rule}: {self.message} [{' '.join(_rc(c) for c in self.cells[:20])}{more}]"


@dataclass(frozen=True)
class Check(Result):
    """``Board.check``: every rule the answer breaks (``ok`` when none, ``complete`` when no
    cell is undecided) and what a puzzle adds (Slant's ``trees``) in ``extras``.

    >>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
    >>> board.solve().answer.check().ok
    True
    """

    ok: bool
    complete: bool
    broken: tuple[BrokenRule, ...]
    extras: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "complete": self.complete, "broken": [b.to_dict() for b in self.broken],
                **self.extras}

    def __str__(self) -> str:
        return "ok: every rule holds" if self.ok else "\n".join(str(b) for b in self.broken)


@dataclass(frozen=True)
class Backbone(Answered[B]):
    """``Board.backbone``: the answers counted up to ``limit`` (``capped``: a lower bound, ``cap``
    says which cap stopped it) and the cells every answer shares, exactly (by SAT): ``fixed`` is
    the board with those cells filled in and the others undecided; ``answers`` the first few
    answers. Where the node cap ran out first (``cap`` ``"nodes"``), ``unsettled`` cells were
    neither shown to differ nor proved shared: ``fixed`` leaves them undecided too.

    >>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
    >>> b = board.backbone()
    >>> b.count, b.fixed_cells == b.cells
    (1, True)
    """

    board: B = field(repr=False)
    count: int
    capped: bool
    limit: int
    fixed: B
    fixed_cells: int
    cells: int
    answers: tuple[B, ...] = field(repr=False)
    calls: int
    ms: float
    cap: str | None = None
    unsettled: int = 0
    node_cap: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The count with the shared cells and the answers as answer sections, as ``backbone --json``.

        >>> pencilbox.blank("slant", 2, 2).backbone().to_dict()["fixed"]
        ['??', '??']
        """
        b = self.board.shape
        return {"puzzle": b.puzzle, "rows": b.rows, "cols": b.cols, "count": self.count,
                "capped": self.capped, "cap": self.cap, "limit": self.limit, "fixed": self.fixed.answer,
                "fixed_cells": self.fixed_cells, "unsettled": self.unsettled, "cells": self.cells,
                "answers": [a.answer for a in self.answers], "calls": self.calls, "node_cap": self.node_cap,
                "ms": self.ms}

    def __str__(self) -> str:
        n = self.count
        said = f"at least {n} answers (the limit {self.limit} was reached: raise --limit for more)" \
            if self.cap == "limit" else f"at least {n} answer{'s' * (n != 1)}" if self.capped \
            else "no answer" if n == 0 else "1 answer" if n == 1 else f"{n} answers"
        if self.cap == "nodes":
            cap = f"the node cap {self.node_cap:,} ran out"
            said += (f" ({cap}: raise --node-cap for more)" if not self.unsettled
                     else f"; {cap} before the backbone was settled: {self.cells - self.unsettled} of "
                     f"{self.cells} cells differ between answers, {self.unsettled} not settled (raise "
                     "--node-cap for more)")
        lines = [f"{said}; {self.fixed_cells} of {self.cells} cells the same in every answer"]
        if n:
            lines.append("fixed:" + self.fixed.to_text().rsplit("\nanswer:", 1)[-1])
        return "\n".join(lines).rstrip()

    def _repr_svg_(self) -> str | None:
        """A notebook shows the cells every answer shares drawn in."""
        return self.fixed._repr_svg_()
