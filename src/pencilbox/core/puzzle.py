"""The one small interface every puzzle folder fills in (the seam between engine and puzzle).

A puzzle supplies its board type, its ordered rungs, its formats, an independent validator
and its two independent counters (``brute``, ``sat``); the engine supplies probe, search,
grade and hint. A compiled ``kernel`` is optional and must agree with the rungs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import import_module
from importlib.util import find_spec
from typing import Any, Protocol

from pencilbox.core.engine import Count, State


class Rung(Protocol):
    """A named, sound rule set: narrows domains through ``State.restrict``."""

    name: str

    def apply(self, board: Any, state: State) -> bool: ...


@dataclass(frozen=True)
class Broken:
    """One broken rule of a checked answer, the cells that break it and, for puzzles with
    clues on lattice points, the points."""

    rule: str
    cells: tuple[int, ...]
    message: str
    points: tuple[int, ...] = ()


class Kernel(Protocol):
    """A compiled fast path for counting and fixpoints; tests hold it to the rungs."""

    def supports(self, names: tuple[str, ...]) -> bool: ...

    def count(self, board: Any, dom: list[int], names: tuple[str, ...], limit: int,
              node_cap: int, root: tuple[str, ...]) -> Count: ...

    def fixpoint(self, board: Any, dom: list[int], names: tuple[str, ...]) -> list[int] | None: ...

    def finishes(self, board: Any, names: tuple[str, ...]) -> bool: ...


class Puzzle(Protocol):
    """What the engine, the CLI, the web and the studies need of a puzzle."""

    name: str
    title: str                 # how people call it (notes page, player)
    generate_max: tuple[int, int]  # the largest board the player generates within one request
    rungs: tuple[Rung, ...]
    search_level: str          # the level the counting search propagates with by default
    url_names: tuple[str, ...]  # puzz.link genre ids, the first is written
    tatham_name: str | None

    # boards and answers
    def initial_state(self, board: Any) -> list[int]: ...
    def unclued(self, board: Any) -> list[int]: ...
    def is_answer(self, board: Any, dom: list[int]) -> bool: ...
    def answer_from_state(self, board: Any, dom: list[int]) -> Any: ...
    def state_from_answer(self, board: Any, answer: Any) -> list[int]: ...
    def with_answer(self, board: Any, answer: Any) -> Any: ...
    def validate(self, board: Any, answer: Any) -> list[Broken]: ...
    def describe(self, board: Any, var: int, value: int) -> str: ...
    def places(self, board: Any, ids: tuple[int, ...]) -> tuple[list[list[int]], list[list[int]]]: ...
    def extras(self, board: Any, answer: Any) -> dict[str, Any]: ...

    # formats
    def from_sections(self, rows: int, cols: int, sections: dict[str, Any]) -> Any: ...
    def to_text(self, board: Any) -> str: ...
    def from_json(self, data: dict[str, Any]) -> Any: ...
    def to_json(self, board: Any) -> dict[str, Any]: ...
    def answer_json(self, board: Any, answer: Any) -> Any: ...
    def decode_url(self, cols: int, rows: int, body: str) -> Any: ...
    def encode_url(self, board: Any) -> str: ...

    # independent engines and the generator
    def brute_count(self, board: Any, limit: int, node_cap: int) -> Count: ...
    def sat_count(self, board: Any, limit: int, node_cap: int) -> Count: ...
    def generate(self, rows: int, cols: int, grade: str | None, seed: int, tries: int = 500) -> Any: ...


def _load_kernel(name: str) -> Kernel | None:
    """``name``'s Kernel when that module exists (imported on first use: numba's import is slow)."""
    try:
        found = find_spec(name)
    except ModuleNotFoundError:  # the puzzle's module is not a package
        found = None
    return import_module(name).Kernel() if found is not None else None


class PuzzleBase:
    """The delegations every puzzle folder shares: states and formats live in its
    ``board`` module, the validator in its ``rules`` module, and the compiled kernel in
    its ``kernel`` module, imported on first use (numba's import is slow)."""

    board_module: Any
    rules_module: Any

    def __init__(self) -> None:
        self._kernel: Any = None

    def clue_rc(self, board: Any, i: int) -> tuple[int, int]:
        """Where clue i sits (a cell; puzzles with clues on lattice points override)."""
        return board.grid.rc(i)

    @property
    def marks(self) -> Any:
        """The player's marks for this puzzle (its ``marks`` module)."""
        return import_module(f"{type(self).__module__}.marks")

    @property
    def kernel(self) -> Kernel | None:
        """The compiled kernel, or None when the folder has no ``kernel`` module: a puzzle
        may start with its readable rungs alone, which the engine then runs."""
        if self._kernel is None:
            self._kernel = _load_kernel(f"{type(self).__module__}.kernel") or False
        return self._kernel or None

    def initial_state(self, board: Any) -> list[int]:
        return self.board_module.initial_state(board)

    def answer_from_state(self, board: Any, dom: list[int]) -> Any:
        return self.board_module.answer_from_state(dom)

    def state_from_answer(self, board: Any, answer: Any) -> list[int]:
        return self.board_module.state_from_answer(board, answer)

    def with_answer(self, board: Any, answer: Any) -> Any:
        return replace(board, answer=answer)

    def is_answer(self, board: Any, dom: list[int]) -> bool:
        return self.rules_module.is_answer(board, self.board_module.answer_from_state(dom))

    def counted(self, board: Any, engine: str,
                raw: tuple[int, str | None, int, Sequence[Sequence[int]]]) -> Count:
        """An independent engine's ``(count, stop, nodes, answers)``, answers in the
        answer format, as a Count whose answers the validator has passed."""
        count, stop, nodes, answers = raw
        doms = [self.state_from_answer(board, tuple(a)) for a in answers[:2]]
        return Count.judged(self, board, engine, count, stop, nodes, doms)

    def validate(self, board: Any, answer: Any) -> list[Broken]:
        return self.rules_module.validate(board, answer)

    def extras(self, board: Any, answer: Any) -> dict[str, Any]:
        return {}

    def from_sections(self, rows: int, cols: int, sections: dict[str, Any]) -> Any:
        return self.board_module.from_sections(rows, cols, sections)

    def to_text(self, board: Any) -> str:
        return self.board_module.to_text(board)

    def from_json(self, data: dict[str, Any]) -> Any:
        return self.board_module.from_json(data)

    def to_json(self, board: Any) -> dict[str, Any]:
        return self.board_module.to_json(board)

    def answer_json(self, board: Any, answer: Any) -> Any:
        return self.board_module.answer_json(board, answer)
