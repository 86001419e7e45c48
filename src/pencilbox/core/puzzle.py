"""The one small interface every puzzle folder fills in (the seam between engine and puzzle).

A puzzle supplies its board type, its ordered rungs, its formats, an independent validator
and its two independent counters (``brute``, ``sat``); the engine supplies probe, search,
grade and hint. A compiled ``kernel`` is optional and must agree with the rungs, as must the
optional ``propagators`` (the readable ladder's fast path, core/propagate.py); the other
optional capabilities (Tatham codec, a third counter, a raw stream generator, a URL host of
its own) are declared fields that read None where a puzzle lacks them. ``core.puzzlebase``
fills in what the folders share.

``Puzzle[Board, Answer]`` is generic over the puzzle's board type and its answer type (one
value or None per variable); the registry hands out ``Puzzle[Any, Any]``, as a board read
from a file is of whichever puzzle the file names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import Field, dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar

from pencilbox.core.outcomes import Broken, Count, Hint, Made
from pencilbox.core.state import Level, State

if TYPE_CHECKING:
    from pencilbox.core.geometry import Grid
    from pencilbox.core.marks import Marks
    from pencilbox.core.propagate import Propagators
    from pencilbox.sections import Section


class BoardShape(Protocol):
    """What every puzzle's board has: its size, its cells' geometry, its clues, its answer
    section (None: none) and its puzzle's name (how a board read from a file finds its puzzle).
    A board is a frozen dataclass: hashable (the player's caches key on it), and ``replace``
    makes its variants (other clues, an answer)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def __hash__(self) -> int: ...

    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def grid(self) -> Grid: ...
    @property
    def clues(self) -> Clues: ...
    @property
    def answer(self) -> tuple[int | None, ...] | None: ...
    @property
    def puzzle(self) -> str: ...


BoardT = TypeVar("BoardT", bound=BoardShape)
AnswerT = TypeVar("AnswerT")
BoardIn = TypeVar("BoardIn", bound=BoardShape, contravariant=True)
AnswerIn = TypeVar("AnswerIn", contravariant=True)
ValueT = TypeVar("ValueT")

#: an independent counter: (board, answer limit, node cap) -> Count
Counter: TypeAlias = Callable[[BoardT, int, int], Count]
#: clue values in reading order, None where a cell (or point) has no clue
Clues: TypeAlias = tuple[int | None, ...]
#: cells or clue places as (row, col), 0-based (what a hint or a broken rule points at)
Places: TypeAlias = tuple[tuple[int, int], ...]
#: the fields a board's JSON form holds (the formats' ``from_json``/``to_json``)
JSON: TypeAlias = dict[str, Any]


def known(value: ValueT | None) -> ValueT:
    """A value read where it is known to be set (a clue at a clued position, a cell of a
    finished answer, a figure a filter kept), narrowed for the type checker; None there is a
    bug, raised as the TypeError the arithmetic on it would have raised."""
    if value is None:
        raise TypeError("None where a value is known to be set")
    return value


class Rung(Protocol[BoardIn]):
    """A named, sound rule set: narrows domains through ``State.restrict``; its name is a
    member of the puzzle's ``Level`` (its ``levels`` module declares them)."""

    @property
    def name(self) -> Level: ...

    def apply(self, board: BoardIn, state: State) -> bool: ...


@dataclass(frozen=True)
class Codec(Generic[BoardT]):
    """A one-line text form of a board: a URL (puzz.link's, or a host of the puzzle's own) or
    Simon Tatham's game ID. ``names``: the genre ids or game names it goes by, the first
    written; ``decode(cols, rows, body, flags)`` (a Tatham ID has no flags) and ``encode``."""

    names: tuple[str, ...]
    decode: Callable[[int, int, str, tuple[str, ...]], BoardT]
    encode: Callable[[BoardT], str]
    host: str | None = None  # a URL host of the puzzle's own (None: puzz.link's)


@dataclass(frozen=True)
class Engine(Generic[BoardT]):
    """An independent counter a puzzle offers under a name (``count --engine NAME``): how to run
    it, the largest board it is meant for (rows, cols, either way round; None: any size) and
    whether it is numba code the build compiles (a warm job of that name)."""

    count: Counter[BoardT]
    meant_for: tuple[int, int] | None = None
    compiled: bool = True

    def holds(self, rows: int, cols: int) -> bool:
        """Whether a board of this size is within the counter's range."""
        if self.meant_for is None:
            return True
        r, c = self.meant_for
        return rows * cols <= r * c and max(rows, cols) <= max(r, c)


class Kernel(Protocol[BoardIn]):
    """A compiled fast path for counting and fixpoints; tests hold it to the rungs."""

    def supports(self, names: tuple[str, ...]) -> bool: ...

    def count(self, board: BoardIn, dom: list[int], names: tuple[str, ...], limit: int,
              node_cap: int, root: tuple[str, ...] | None = None, trials: int | None = None) -> Count: ...

    def fixpoint(self, board: BoardIn, dom: list[int], names: tuple[str, ...],
                 trials: int | None = None) -> list[int] | None: ...

    def bounded(self, board: BoardIn, dom: list[int], names: tuple[str, ...],
                trials: int | None) -> tuple[str, list[int]]: ...

    def finishes(self, board: BoardIn, names: tuple[str, ...]) -> bool: ...


class Lookahead(Protocol[BoardIn]):
    """A puzzle's branching where probe runs at every node of the readable search (the player's
    count): the branch variable, an open one of ``dom``, as a lookahead solver picks it, from
    ``settles(var)``: how many cells each value's trial settles, lowest value first (each
    worked out when first asked for: ask for the candidates only)."""

    def choose(self, board: BoardIn, dom: list[int], settles: Callable[[int], tuple[int, ...]]) -> int: ...


class BoardModule(Protocol[BoardT, AnswerT]):
    """What a puzzle folder's ``board`` module holds: states and formats."""

    def initial_state(self, board: BoardT, /) -> list[int]: ...
    def answer_from_state(self, dom: list[int], /) -> AnswerT: ...
    def state_from_answer(self, board: BoardT, answer: AnswerT, /) -> list[int]: ...
    def from_sections(self, rows: int, cols: int, sections: dict[str, Section], /) -> BoardT: ...
    def to_text(self, board: BoardT, /) -> str: ...
    def from_json(self, data: JSON, /) -> BoardT: ...
    def to_json(self, board: BoardT, /) -> JSON: ...
    def answer_json(self, board: BoardT, answer: AnswerT, /) -> object: ...


class RulesModule(Protocol[BoardIn, AnswerIn]):
    """What a puzzle folder's ``rules`` module holds: the independent validator."""

    def validate(self, board: BoardIn, answer: AnswerIn, /) -> list[Broken]: ...
    def is_answer(self, board: BoardIn, answer: AnswerIn, /) -> bool: ...


class Puzzle(Protocol[BoardT, AnswerT]):
    """What the engine, the CLI, the web and the studies need of a puzzle (``PuzzleBase``
    fills in the delegations and the optional fields)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...  # how people call it (notes page, player)
    @property
    def generate_max(self) -> tuple[int, int]: ...  # a board it makes quickly (benches, tests; not a bound)
    @property
    def generate_cells(self) -> int: ...  # the largest board generate makes (cells), past it a BoardError
    @property
    def generate_cells_readable(self) -> int: ...  # the same while the compiled generator is not built
    @property
    def rungs(self) -> Sequence[Rung[BoardT]]: ...
    @property
    def search_level(self) -> Level: ...  # the level the counting search propagates with by default
    @property
    def quick_nodes(self) -> int: ...  # the count's quick search before a probe at the root (0: none)
    @property
    def node_cost(self) -> int: ...  # a compiled node's dearest work per cell, in budgets.WORK's units
    @property
    def url(self) -> Codec[BoardT] | None: ...  # its URL form (puzz.link's genre ids), if it has one
    @property
    def tatham(self) -> Codec[BoardT] | None: ...  # Simon Tatham's game ID, if his collection has it
    @property
    def kernel(self) -> Kernel[BoardT] | None: ...
    @property
    def propagators(self) -> Propagators | None: ...  # the readable rungs from the cells that changed
    @property
    def lookahead(self) -> Lookahead[BoardT] | None: ...  # the player's readable branching (None: fewest)
    @property
    def marks(self) -> Marks: ...
    @property
    def rules_text(self) -> tuple[str, ...]: ...  # the rules in two to four plain sentences (the rules box)
    @property
    def named_grades(self) -> tuple[tuple[str, Level], ...]: ...  # (player's name, level), easiest first
    @property
    def rung_words(self) -> Mapping[str, tuple[str, str]]: ...  # rung -> (plain name, what it does)

    # boards and answers
    def initial_state(self, board: BoardT) -> list[int]: ...
    def unclued(self, board: BoardT) -> list[int]: ...
    def is_answer(self, board: BoardT, dom: list[int]) -> bool: ...
    def answer_from_state(self, board: BoardT, dom: list[int]) -> AnswerT: ...
    def state_from_answer(self, board: BoardT, answer: AnswerT) -> list[int]: ...
    def with_answer(self, board: BoardT, answer: AnswerT) -> BoardT: ...
    def validate(self, board: BoardT, answer: AnswerT) -> list[Broken]: ...
    def describe(self, board: BoardT, var: int, value: int) -> str: ...
    def clue_rc(self, board: BoardT, i: int) -> tuple[int, int]: ...
    def places(self, board: BoardT, ids: tuple[int, ...]) -> tuple[Places, Places]: ...
    def extras(self, board: BoardT, answer: AnswerT) -> dict[str, Any]: ...
    def reason(self, board: BoardT, dom: list[int], hint: Hint, names: tuple[Level, ...]) -> str: ...

    # formats
    def from_sections(self, rows: int, cols: int, sections: dict[str, Section]) -> BoardT: ...
    def to_text(self, board: BoardT) -> str: ...
    def from_json(self, data: JSON) -> BoardT: ...
    def to_json(self, board: BoardT) -> JSON: ...
    def answer_json(self, board: BoardT, answer: AnswerT) -> object: ...

    # independent engines and the generator
    def brute_count(self, board: BoardT, limit: int, node_cap: int) -> Count: ...
    def sat_count(self, board: BoardT, limit: int, node_cap: int,
                  budget: tuple[int, int] | None = None) -> Count: ...
    def sat_clauses(self, board: BoardT) -> int: ...  # the SAT encoding's size, about (at most)
    def sat_fits(self, board: BoardT, verb: str, instead: str) -> None: ...  # BoardError: past SAT_CLAUSES
    @property
    def counters(self) -> Mapping[str, Engine[BoardT]]: ...  # brute, sat and any more, by engine name
    def generate(self, rows: int, cols: int, grade: Level | None, seed: int,
                 tries: int = 500) -> Made[BoardT]: ...
    @property
    def raw(self) -> Callable[[int, int, float, int], Made[BoardT]] | None: ...  # (rows, cols, density, seed)
    @property
    def spread(self) -> Callable[[BoardT, int, int, tuple[int, int] | None], Spread] | None: ...


#: SAT's backbone of a board: count, "limit", "nodes" or None, solver calls, the answers kept, and per
#: cell whether every answer agrees (None: not settled within the node cap; core.satloop.Spread: the
#: SAT counters import nothing of this module)
Spread: TypeAlias = tuple[int, str | None, int, list[list[int]], list[bool | None]]
