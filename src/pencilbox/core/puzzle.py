"""The one small interface every puzzle folder fills in (the seam between engine and puzzle).

A puzzle supplies its board type, its ordered rungs, its formats, an independent validator
and its two independent counters (``brute``, ``sat``); the engine supplies probe, search,
grade and hint. A compiled ``kernel`` is optional and must agree with the rungs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from pencilbox.core.engine import Count, State


class Rung(Protocol):
    """A named, sound rule set: narrows domains through ``State.restrict``."""

    name: str

    def apply(self, board: Any, state: State) -> bool: ...


@dataclass(frozen=True)
class Broken:
    """One broken rule of a checked answer and the cells that break it."""

    rule: str
    cells: tuple[int, ...]
    message: str


class Kernel(Protocol):
    """A compiled fast path for counting and fixpoints; tests hold it to the rungs."""

    def supports(self, names: tuple[str, ...]) -> bool: ...

    def count(self, board: Any, dom: list[int], names: tuple[str, ...], limit: int,
              node_cap: int, root: tuple[str, ...]) -> Count: ...

    def fixpoint(self, board: Any, dom: list[int], names: tuple[str, ...]) -> list[int] | None: ...


class Puzzle(Protocol):
    """What the engine, the CLI, the web and the studies need of a puzzle."""

    name: str
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
