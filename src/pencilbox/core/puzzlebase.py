"""The delegations every puzzle folder shares (``PuzzleBase``): states and formats in its
``board`` module, the validator in its ``rules`` module, the compiled kernel in its ``kernel``
module and the player's marks in its ``marks`` module, the last two imported on first use;
the optional capabilities read None until a folder defines them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from importlib import import_module
from importlib.util import find_spec
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, Generic, Literal, cast

from pencilbox.compiled.ready import compiled_ready
from pencilbox.core import words
from pencilbox.core.budgets import QUICK_NODES, SAT_CLAUSES, sat_budget
from pencilbox.core.ladder import levels
from pencilbox.core.outcomes import Broken, Count, Hint, Made
from pencilbox.core.puzzle import (
    JSON,
    AnswerT,
    BoardModule,
    BoardT,
    Codec,
    Engine,
    Kernel,
    Lookahead,
    Places,
    Puzzle,
    RulesModule,
    Rung,
    Spread,
)
from pencilbox.core.state import PROBE, Level
from pencilbox.errors import BoardError, needs

if TYPE_CHECKING:
    from pencilbox.core.marks import Marks
    from pencilbox.core.propagate import Propagators
    from pencilbox.sections import Section


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
    #: the largest board (cells, any shape) the command line's and the library's generate make: its
    #: erasure loop checks every clue over the whole board, work that grows with the square of the cells
    generate_cells: int = 400
    generate_cells_readable: int = 100  # the same while the compiled generator is not built
    rungs: Sequence[Rung[BoardT]]
    search_level: Level
    quick_nodes: int = QUICK_NODES
    node_cost: int = 1
    board_module: BoardModule[BoardT, AnswerT]
    rules_module: RulesModule[BoardT, AnswerT]

    # optional capabilities: None where the puzzle lacks them (a subclass defines the method)
    url: Codec[BoardT] | None = None
    #: the rungs run from the cells that changed (core/propagate.py), where the folder has them
    propagators: Propagators | None = None
    #: the player's readable count's branching by its probe's trials (core/puzzle.Lookahead)
    lookahead: Lookahead[BoardT] | None = None
    tatham: Codec[BoardT] | None = None
    raw: Callable[[int, int, float, int], Made[BoardT]] | None = None
    #: SAT's backbone and answers of a board (``satloop.spread``'s tuple), where the folder has it
    spread: Callable[[BoardT, int, int, tuple[int, int] | None], Spread] | None = None
    #: clauses a cell's SAT encoding builds, at most (``sat_clauses``; Sukoro's 38 are the most a cell)
    sat_weight: int = 40
    # the player's words: empty where the folder has none (the page then shows no rules box)
    rules_text: tuple[str, ...] = ()
    grade_names: tuple[tuple[str, Level], ...] = ()  # (name, level); () takes words.default_grades
    #: each rung's (plain name, what it does) for the page's glossary; a rung left out is its own name
    rung_words: Mapping[str, tuple[str, str]] = MappingProxyType({})

    brute_range: tuple[int, int]  # the largest board brute is meant for (tests/test_puzzles_brute_range.py)

    def __init__(self) -> None:
        self._kernel: Kernel[BoardT] | Literal[False] | None = None

    @property
    def counters(self: Puzzle[BoardT, AnswerT]) -> dict[str, Engine[BoardT]]:
        """The two independent counters every puzzle has; a folder with more adds them."""
        sat_count = self.sat_count

        def sat(board: BoardT, limit: int, node_cap: int) -> Count:
            """python-sat is optional (pyproject.toml): without it one error names the extra. The
            node cap bounds the solver calls and their propagations (budgets.sat_budget), and a
            board whose encoding is past SAT_CLAUSES is refused before it is built."""
            needs("pysat", "the SAT counter (count --engine sat)")
            self.sat_fits(board, "count --engine sat", "the ladder (the default engine)")
            return sat_count(board, limit, node_cap, sat_budget(node_cap, board.rows * board.cols))
        return {"brute": Engine(self.brute_count, cast("PuzzleBase[BoardT, AnswerT]", self).brute_range),
                "sat": Engine(sat, None, compiled=False)}

    def sat_clauses(self, board: BoardT) -> int:
        """About how many clauses the SAT encoding of ``board`` builds, at most (a folder whose
        encoding grows faster than its cells says so): what SAT_CLAUSES bounds."""
        return self.sat_weight * board.rows * board.cols

    def sat_fits(self, board: BoardT, verb: str, instead: str) -> None:
        """A BoardError when the SAT encoding of ``board`` would be past SAT_CLAUSES: its clauses
        are built in Python (a blank 500x500 Sukoro's held 2.6 GB before the first solve)."""
        size = self.sat_clauses(board)
        if size > SAT_CLAUSES:
            raise BoardError(f"{verb}: a {board.rows}x{board.cols} {self.name} board's SAT encoding takes "
                             f"about {size:,} clauses, past the {SAT_CLAUSES:,} it may build (about 650 MB); "
                             f"use {instead}, or a smaller board")

    def clue_rc(self, board: BoardT, i: int) -> tuple[int, int]:
        """Where clue i sits (a cell; puzzles with clues on lattice points override)."""
        return board.grid.rc(i)

    def places(self, board: BoardT, ids: tuple[int, ...]) -> tuple[Places, Places]:
        """Premise ids as plain cells and clue cells (puzzles with clues on points override)."""
        rc = board.grid.rc
        return (tuple(rc(i) for i in ids if board.clues[i] is None),
                tuple(rc(i) for i in ids if board.clues[i] is not None))

    def generator(self) -> ModuleType:
        """The folder's ``generate`` module, imported on first use (numba: solve loads no
        generator) and found by name, as the kernel and the marks are: the generator imports
        the puzzle it runs backwards, so the puzzle does not import it."""
        return import_module(f"{type(self).__module__}.generate")

    def generate(self, rows: int, cols: int, grade: str | None, seed: int, tries: int = 500) -> Made[BoardT]:
        """A board of ``grade`` from the folder's generator (its ``generate`` function)."""
        made: Made[BoardT] = self.generator().generate(rows, cols, grade, seed, tries)
        return made

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
