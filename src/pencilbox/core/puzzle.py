"""The one small interface every puzzle folder fills in (the seam between engine and puzzle).

A puzzle supplies its board type, its ordered rungs, its formats, an independent validator
and its two independent counters (``brute``, ``sat``); the engine supplies probe, search,
grade and hint. A compiled ``kernel`` is optional and must agree with the rungs; the other
optional capabilities (Tatham codec, a third counter, a raw stream generator, a URL host of
its own) are declared fields that read None where a puzzle lacks them.

``Puzzle[Board, Answer]`` is generic over the puzzle's board type and its answer type (one
value or None per variable); the registry hands out ``Puzzle[Any, Any]``, as a board read
from a file is of whichever puzzle the file names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import Field, dataclass, replace
from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Protocol, TypeAlias, TypeVar, cast

from pencilbox.compiled.ready import compiled_ready
from pencilbox.core import words
from pencilbox.core.budgets import QUICK_NODES
from pencilbox.core.engine import PROBE, Count, Hint, Level, State, levels

if TYPE_CHECKING:
    from pencilbox.core.generate import Made
    from pencilbox.core.geometry import Grid
    from pencilbox.core.marks import Marks
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
    def generate_max(self) -> tuple[int, int]: ...  # the largest board the player generates in one request
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
    def marks(self) -> Marks: ...
    @property
    def rules_text(self) -> tuple[str, ...]: ...  # the rules in two to four plain sentences (the rules box)
    @property
    def named_grades(self) -> tuple[tuple[str, Level], ...]: ...  # (player's name, level), easiest first

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
    def sat_count(self, board: BoardT, limit: int, node_cap: int) -> Count: ...
    @property
    def counters(self) -> Mapping[str, Engine[BoardT]]: ...  # brute, sat and any more, by engine name
    def generate(self, rows: int, cols: int, grade: Level | None, seed: int,
                 tries: int = 500) -> Made[BoardT]: ...
    @property
    def raw(self) -> Callable[[int, int, float, int], Made[BoardT]] | None: ...  # (rows, cols, density, seed)
    @property
    def spread(self) -> Callable[[BoardT, int, int], Spread] | None: ...  # (board, limit, keep): backbone


#: SAT's backbone of a board: count, "limit" or None, solver calls, the answers kept, and per cell
#: whether every answer agrees (core.satloop.Spread: the SAT counters import nothing of this module)
Spread: TypeAlias = tuple[int, str | None, int, list[list[int]], list[bool]]


def _load_kernel(name: str) -> Kernel[Any] | None:
    """``name``'s Kernel when that module exists (imported on first use: numba's import is slow)."""
    try:
        found = find_spec(name)
    except ModuleNotFoundError:  # the puzzle's module is not a package
        found = None
    return cast("Kernel[Any]", import_module(name).Kernel()) if found is not None else None


class PuzzleBase(Generic[BoardT, AnswerT]):
    """The delegations every puzzle folder shares: states and formats live in its
    ``board`` module, the validator in its ``rules`` module, and the compiled kernel in
    its ``kernel`` module, imported on first use (numba's import is slow)."""

    name: str
    title: str
    generate_max: tuple[int, int]
    rungs: Sequence[Rung[BoardT]]
    search_level: Level
    quick_nodes: int = QUICK_NODES
    node_cost: int = 1
    board_module: BoardModule[BoardT, AnswerT]
    rules_module: RulesModule[BoardT, AnswerT]

    # optional capabilities: None where the puzzle lacks them (a subclass defines the method)
    url: Codec[BoardT] | None = None
    tatham: Codec[BoardT] | None = None
    raw: Callable[[int, int, float, int], Made[BoardT]] | None = None
    #: SAT's backbone and answers of a board (``satloop.spread``'s tuple), where the folder has it
    spread: Callable[[BoardT, int, int], Spread] | None = None
    # the player's words: empty where the folder has none (the page then shows no rules box)
    rules_text: tuple[str, ...] = ()
    grade_names: tuple[tuple[str, Level], ...] = ()  # (name, level); () takes words.default_grades

    brute_range: tuple[int, int]  # the largest board brute is meant for (tests/test_brute_range.py)

    def __init__(self) -> None:
        self._kernel: Kernel[BoardT] | Literal[False] | None = None

    @property
    def counters(self: Puzzle[BoardT, AnswerT]) -> dict[str, Engine[BoardT]]:
        """The two independent counters every puzzle has; a folder with more adds them."""
        return {"brute": Engine(self.brute_count, cast("PuzzleBase[BoardT, AnswerT]", self).brute_range),
                "sat": Engine(self.sat_count, None, compiled=False)}

    def clue_rc(self, board: BoardT, i: int) -> tuple[int, int]:
        """Where clue i sits (a cell; puzzles with clues on lattice points override)."""
        return board.grid.rc(i)

    def places(self, board: BoardT, ids: tuple[int, ...]) -> tuple[Places, Places]:
        """Premise ids as plain cells and clue cells (puzzles with clues on points override)."""
        rc = board.grid.rc
        return (tuple(rc(i) for i in ids if board.clues[i] is None),
                tuple(rc(i) for i in ids if board.clues[i] is not None))

    @property
    def marks(self) -> Marks:
        """The player's marks for this puzzle (its ``marks`` module)."""
        return cast("Marks", import_module(f"{type(self).__module__}.marks"))

    @property
    def kernel(self) -> Kernel[BoardT] | None:
        """The compiled kernel, or None when the folder has no ``kernel`` module: a puzzle
        may start with its readable rungs alone, which the engine then runs. None also while
        the kernel is not ready to run without compiling (``compiled_ready``)."""
        if not compiled_ready(self):
            return None
        if self._kernel is None:
            self._kernel = _load_kernel(f"{type(self).__module__}.kernel") or False
        return self._kernel or None

    def initial_state(self, board: BoardT) -> list[int]:
        return self.board_module.initial_state(board)

    def answer_from_state(self, board: BoardT, dom: list[int]) -> AnswerT:
        return self.board_module.answer_from_state(dom)

    def state_from_answer(self, board: BoardT, answer: AnswerT) -> list[int]:
        return self.board_module.state_from_answer(board, answer)

    def with_answer(self, board: BoardT, answer: AnswerT) -> BoardT:
        return replace(board, answer=answer)

    def is_answer(self, board: BoardT, dom: list[int]) -> bool:
        return self.rules_module.is_answer(board, self.board_module.answer_from_state(dom))

    def counted(self: Puzzle[BoardT, AnswerT], board: BoardT, engine: str,
                raw: tuple[int, str | None, int, Sequence[Sequence[int]]]) -> Count:
        """An independent engine's ``(count, stop, nodes, answers)``, answers in the
        answer format, as a Count whose answers the validator has passed."""
        count, stop, nodes, answers = raw
        doms = [self.state_from_answer(board, cast(AnswerT, tuple(a))) for a in answers[:2]]
        return Count.judged(self, board, engine, count, stop, nodes, doms)

    def validate(self, board: BoardT, answer: AnswerT) -> list[Broken]:
        return self.rules_module.validate(board, answer)

    def extras(self, board: BoardT, answer: AnswerT) -> dict[str, Any]:
        return {}

    @property
    def named_grades(self) -> tuple[tuple[str, Level], ...]:
        """The player's grade names, each a level of the ladder (the folder's, or the default)."""
        return self.grade_names or words.default_grades(levels(self))  # type: ignore[arg-type]

    def reason(self: Puzzle[BoardT, AnswerT], board: BoardT, dom: list[int], hint: Hint,
               names: tuple[Level, ...]) -> str:
        """Why the hint holds, in one sentence (a folder with a ``words`` module says it sharper):
        here the probe's trial, or the rung and the cells it read."""
        cols = board.cols

        def said(d: int) -> str:
            return self.describe(board, hint.var, d)
        if hint.rung == PROBE:
            return words.probe_reason(cols, hint.var, words.tried(hint, dom[hint.var], said),
                                      said(hint.value), names)
        read = [words.at(cols, i) for i in words.premise_cells(board, hint)]
        return words.generic_reason(cols, hint, said, f"{hint.rung}, reading {words.joined(read)}" if read
                                    else f"the {hint.rung} rule")

    def from_sections(self, rows: int, cols: int, sections: dict[str, Section]) -> BoardT:
        return self.board_module.from_sections(rows, cols, sections)

    def to_text(self, board: BoardT) -> str:
        return self.board_module.to_text(board)

    def from_json(self, data: JSON) -> BoardT:
        return self.board_module.from_json(data)

    def to_json(self, board: BoardT) -> JSON:
        return self.board_module.to_json(board)

    def answer_json(self, board: BoardT, answer: AnswerT) -> object:
        return self.board_module.answer_json(board, answer)
