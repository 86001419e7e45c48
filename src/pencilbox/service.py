"""Pure functions behind every verb, returning plain dicts: the CLI prints them and the
web app serves them, so neither holds puzzle logic of its own.

Cells in reports are ``[row, col]``, 0-based.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NotRequired, ParamSpec, TypedDict, TypeVar, cast

from pencilbox import puzzles, results
from pencilbox.core import budgets, engine
from pencilbox.core.budgets import (
    COUNT_LIMIT,
    COUNT_NODES,
    HINT_NODES,
    MAX_COUNT,
    SOLVE_NODES,
    SPREAD_LIMIT,
    SPREAD_SHOWN,
    scaled,
)
from pencilbox.core.engine import CAPPED, UNIQUE, Count, Hint, Level, Status
from pencilbox.core.puzzle import BoardShape, Broken, compiled_ready
from pencilbox.errors import BoardError, shown
from pencilbox.puzzles import AnyPuzzle

P = ParamSpec("P")
R = TypeVar("R")

#: a cell in a report: [row, col], 0-based
Cell = list[int]


class Solved(TypedDict):
    """``solve``: the verdict, the answer and a second one (the puzzle's answer JSON), the grade."""

    puzzle: str
    rows: int
    cols: int
    status: Status
    answer: object
    second: object
    grade: Level | None
    nodes: int
    ms: float


class Shown(TypedDict, total=False):
    """A settled value as a hint shows it: the CLI's ``value`` in words, the player's ``mark``."""

    value: str
    mark: object


class HintFound(TypedDict):
    """A hint (the player's reveal too): the cell, its value in words (the CLI) or its mark
    (the player), the level the deduction takes, the cells and clues it read, and why."""

    kind: Literal["hint", "reveal"]
    cell: Cell
    value: NotRequired[str]
    mark: NotRequired[object]
    rung: NotRequired[Level]  # a reveal has none
    cells: list[Cell]
    clues: list[Cell]
    message: str
    reason: NotRequired[str]  # a reveal has none


class HintSaid(TypedDict):
    """No cell to hint: an entry is wrong, the board is solved, the entries contradict the
    rules (the rung that found it: a level, or "clue"), nothing more is provable (``reveal``:
    the player may ask for a cell) or the node cap ran out."""

    kind: Literal["wrong", "solved", "contradiction", "stuck", "capped"]
    rung: NotRequired[str | None]
    cells: NotRequired[list[Cell]]
    message: str
    reveal: NotRequired[bool]


#: what ``hint`` answers
Hinted = HintFound | HintSaid


class BrokenRule(TypedDict):
    """One broken rule of a checked answer: its cells and, for clues on points, the points."""

    rule: str
    cells: list[Cell]
    message: str
    points: NotRequired[list[Cell]]


class Checked(TypedDict):
    """The player's check (``results.Check.to_dict``): every broken rule, what a puzzle adds
    (Slant's ``trees``) and ``won``."""

    ok: bool
    complete: bool
    broken: list[BrokenRule]
    trees: NotRequired[int]
    won: NotRequired[bool]


@dataclass(frozen=True)
class Options:
    """What a verb may do, as the CLI and the player ask it: the ladder level, the rungs
    switched off, the node cap (None: the verb's own budget) and the count limit. The level
    and the rungs are as a person named them: the verb checks them against the board's
    ladder (``names``, ``dropped``), which is known only once the board is read."""

    level: str | None = None
    off: tuple[str, ...] = ()
    node_cap: int | None = None
    limit: int = COUNT_LIMIT

    def nodes(self, default: int, board: BoardShape, ladder: bool = True) -> int:
        """The node cap asked for, or the verb's ``default`` budget scaled to the board's size
        (and to the readable rungs' cost while the puzzle's kernels are not built)."""
        if self.node_cap is not None:
            return self.node_cap
        puzzle = puzzles.get(board.puzzle)
        ready = not ladder or compiled_ready(puzzle)  # brute and SAT: no readable ladder
        work = budgets.WORK // (puzzle.node_cost if ladder else 1) if ready else budgets.WORK_READABLE
        return scaled(default, board.rows * board.cols, work)

    def passes(self) -> int | None:
        """The readable rung passes' work a verb may do (engine.passes): PASS_WORK under the
        default caps, unbounded where a cap was asked for (as the probe's trials are)."""
        return budgets.PASS_WORK if self.node_cap is None else None

    def probes(self, node_cap: int) -> int | None:
        """The probe trials of a search or grade: as many as the default node cap (a trial
        costs about a node; a compiled trial on a board of wide Ripple regions, far more than
        its cells, bench/budget.py --dense), unbounded where a cap was asked for."""
        return None if self.node_cap is not None else node_cap


def bounded(verb: Callable[P, R]) -> Callable[P, R]:
    """Run a verb under its readable pass budget (its ``opts``' ``passes``)."""
    @functools.wraps(verb)
    def run(*args: P.args, **kw: P.kwargs) -> R:
        opts = kw.get("opts") or next((a for a in args if isinstance(a, Options)), Options())
        assert isinstance(opts, Options)
        with engine.passes(opts.passes()):
            return verb(*args, **kw)
    return run


def _ms(t0: float) -> float:
    return round((time.perf_counter() - t0) * 1000, 3)


def _cells(board: BoardShape, vars_: Iterable[int]) -> list[Cell]:
    return [list(board.grid.rc(v)) for v in vars_]


def names(puzzle: AnyPuzzle, level: str | None, off: tuple[str, ...] = ()) -> tuple[Level, ...]:
    """The one level check: the rungs enabled at ``level`` (default: the whole ladder)
    without the ``off`` ones, or a BoardError naming the levels."""
    try:
        return engine.asked(puzzle, level, off)
    except ValueError as e:
        raise BoardError(str(e)) from None


def dropped(puzzle: AnyPuzzle, off: tuple[str, ...]) -> tuple[Level, ...]:
    """The rungs ``off`` names, as levels of the ladder, or a BoardError naming the levels."""
    try:
        return tuple(engine.named(puzzle, name) for name in off)
    except ValueError as e:
        raise BoardError(str(e)) from None


def _search_names(puzzle: AnyPuzzle, opts: Options) -> tuple[Level, ...] | None:
    """None (the engine's escalating default) unless a level or an ablation is asked for."""
    return names(puzzle, opts.level or puzzle.search_level, opts.off) if opts.level or opts.off else None


@bounded
def solve(board: BoardShape, opts: Options = Options()) -> Solved:
    """Status (unique, multiple, none, capped), the answer, a second answer, the grade."""
    puzzle = puzzles.get(board.puzzle)
    node_cap = opts.nodes(SOLVE_NODES, board)
    check_caps(node_cap=node_cap)
    t0 = time.perf_counter()
    probes = opts.probes(node_cap)
    res = engine.count(puzzle, board, _search_names(puzzle, opts), 2, node_cap, probe_cap=probes)
    answers = [puzzle.answer_json(board, puzzle.answer_from_state(board, a)) for a in res.answers]
    unique = res.status == UNIQUE
    off = dropped(puzzle, opts.off)
    g = engine.grade(puzzle, board, off, node_cap, probe_cap=probes).grade if unique else None
    return {"puzzle": puzzle.name, "rows": board.rows, "cols": board.cols, "status": res.status,
            "answer": answers[0] if answers else None, "second": answers[1] if len(answers) > 1 else None,
            "grade": g, "nodes": res.nodes, "ms": _ms(t0)}


@bounded
def count(board: BoardShape, engine_name: str = "ladder", opts: Options = Options()) -> results.Count:
    """A solution count by one engine; ``capped`` marks a lower bound."""
    puzzle = puzzles.get(board.puzzle)
    limit, node_cap = opts.limit, opts.nodes(COUNT_NODES, board, engine_name == "ladder")
    check_caps(limit, node_cap)
    t0 = time.perf_counter()
    res: Count
    if engine_name == "ladder":
        res = engine.count(puzzle, board, _search_names(puzzle, opts), limit, node_cap,
                           probe_cap=opts.probes(node_cap))
    elif engine_name in puzzle.counters:
        res = puzzle.counters[engine_name].count(board, limit, node_cap)
    else:
        raise BoardError(f"{puzzle.name} has no engine {shown(engine_name)}")
    cap = "nodes" if res.node_capped else "limit" if res.limit_hit else None
    return results.Count(res.count, res.capped, cap, res.nodes, node_cap, engine_name, _ms(t0), limit)


def check_caps(limit: int = 1, node_cap: int = 0) -> None:
    """A count limit of at least 1 and a node cap of at least 0, both below MAX_COUNT."""
    for name, v, low in (("--limit", limit, 1), ("--node-cap", node_cap, 0)):
        if not low <= v < MAX_COUNT:
            raise BoardError(f"{name} {v if abs(v) < 10**20 else 'of ' + str(len(str(v))) + ' digits'} "
                             f"is out of range {low}..2^62-1")


@bounded
def grade(board: BoardShape, opts: Options = Options()) -> results.Grade:
    """The grade, uniqueness and the share of unclued cells each level settles."""
    puzzle = puzzles.get(board.puzzle)
    node_cap = opts.nodes(SOLVE_NODES, board)
    check_caps(node_cap=node_cap)
    g = engine.grade(puzzle, board, dropped(puzzle, opts.off), node_cap, probe_cap=opts.probes(node_cap))
    return results.Grade(g.grade, g.unique, g.status,
                         {k: None if v is None else round(v, 4) for k, v in g.settled.items()})


# ---------------------------------------------------------------- hint

@dataclass(frozen=True)
class Progress:
    """What a hint starts from: the domains, the cells the solver has entered, when a
    domain counts as settled (variable, domain) and how a settled value is shown."""

    dom: list[int]
    entered: tuple[int, ...]
    settled: Callable[[int, int], bool]
    show: Callable[[int, int], tuple[Shown, str]]  # (variable, value) -> fields, words


def progress(puzzle: AnyPuzzle, board: BoardShape) -> Progress:
    """The board's answer section (``?`` or none: undecided) as the CLI's hint reads it."""
    answer = board.answer
    dom = puzzle.initial_state(board) if answer is None else puzzle.state_from_answer(board, answer)
    entered = () if answer is None else tuple(i for i, v in enumerate(answer) if v is not None)

    def show(var: int, value: int) -> tuple[Shown, str]:
        said = puzzle.describe(board, var, value)
        return {"value": said}, said
    return Progress(dom, entered, lambda var, d: engine.single(d), show)


def hint(board: BoardShape, opts: Options = Options()) -> Hinted:
    """The CLI's hint: ``hint_from`` the board's answer section."""
    return hint_from(board, progress(puzzles.get(board.puzzle), board), opts)


@bounded
def hint_from(board: BoardShape, now: Progress, opts: Options) -> Hinted:
    """The one hint driver (CLI and player): entries that disagree with the unique answer
    first; else one cell provable at ``opts.level`` with its rung, premises and the reason in
    the puzzle's words. The node cap bounds both the search for the answer and the probe trials."""
    puzzle = puzzles.get(board.puzzle)
    node_cap = opts.nodes(HINT_NODES, board)
    check_caps(node_cap=node_cap)
    enabled = names(puzzle, opts.level, opts.off)
    if now.entered:
        truth = known_answers(board, node_cap)
        if truth.status == CAPPED:
            return _capped(node_cap, "the board's answer was known")
        if truth.status == UNIQUE:
            wrong = [i for i in now.entered if not now.dom[i] & truth.answers[0][i]]
            if wrong:
                said = "entry disagrees" if len(wrong) == 1 else "entries disagree"
                return {"kind": "wrong", "cells": _cells(board, wrong),
                        "message": f"{len(wrong)} {said} with the answer"}
    if len(now.entered) == len(now.dom) and all(now.settled(v, d) for v, d in enumerate(now.dom)):
        return {"kind": "solved", "message": "every cell is decided"}
    if any(d == 0 for d in now.dom):
        bad = [v for v, d in enumerate(now.dom) if d == 0]
        return {"kind": "contradiction", "rung": "clue", "cells": _cells(board, bad),
                "message": "an entry contradicts a clue"}
    h = engine.hint(puzzle, board, now.dom, enabled, done=now.settled, early=True, node_cap=node_cap)
    if isinstance(h, Hint):
        cells, clues = puzzle.places(board, h.premises)
        r, c = board.grid.rc(h.var)
        fields, said = now.show(h.var, h.value)
        found: HintFound = {"kind": "hint", "cell": [r, c], **fields, "rung": h.needs, "cells": cells,
                            "clues": clues, "message": f"{h.needs}: row {r + 1}, column {c + 1} is {said}",
                            "reason": puzzle.reason(board, now.dom, h, enabled)}
        return found
    if h.capped:
        return _capped(node_cap, "a cell was proved")
    if h.contradiction:
        return {"kind": "contradiction", "rung": h.rung, "cells": _cells(board, h.cells),
                "message": f"the entries so far contradict the rules ({h.rung})"}
    given = _given(board, now)
    if given is not None:
        return given
    return {"kind": "stuck", "message": f"nothing more is provable with the rungs up to {enabled[-1]}",
            "reveal": True}  # the player may ask the answer for one cell instead


def _given(board: BoardShape, now: Progress) -> HintFound | None:
    """A cell the rules settle before any rung (a Ripple region of one cell holds a 1), not a
    clue, that the solver has not entered: the rungs never log it, so once they are stuck the
    hint fills it, named by the first rung."""
    puzzle = puzzles.get(board.puzzle)
    clued = len(board.clues) == len(now.dom)  # clues in cells (Slant's are on points)
    entered = set(now.entered)
    var = next((i for i, d in enumerate(now.dom) if i not in entered and now.settled(i, d)
                and not (clued and board.clues[i] is not None)), None)
    if var is None:
        return None
    rung = engine.levels(puzzle)[0]
    cells, clues = puzzle.places(board, ())
    r, c = board.grid.rc(var)
    fields, said = now.show(var, now.dom[var])
    why = puzzle.reason(board, now.dom, Hint(var, now.dom[var], rung, ()), engine.ladder(puzzle, rung))
    found: HintFound = {"kind": "hint", "cell": [r, c], **fields, "rung": rung, "cells": cells,
                        "clues": clues, "message": f"{rung}: row {r + 1}, column {c + 1} is {said}",
                        "reason": why}
    return found


def revealed(board: BoardShape, undecided: Iterable[int], node_cap: int) -> tuple[int, int]:
    """The first of the ``undecided`` variables with its value in the board's unique answer
    (what a stuck player may ask for), or a BoardError saying why there is none."""
    truth = known_answers(board, node_cap)
    if truth.status != UNIQUE:
        why = {"capped": f"none found within the node cap of {node_cap} nodes", "none": "it has no answer",
               "multiple": "it has several answers"}[truth.status]
        raise BoardError(f"no cell can be revealed: the board has no unique answer ({why})")
    var = next(iter(undecided), None)
    if var is None:
        raise BoardError("no cell can be revealed: every cell is decided")
    return var, truth.answers[0][var]


@lru_cache(maxsize=256)
def known_answers(board: BoardShape, node_cap: int) -> Count:
    """The board's answers, up to two (cached: the player asks again after every move): by the
    ladder's search, or by SAT while the compiled kernel is not ready (the readable search
    takes a minute on some 20x20 boards; SAT about a second)."""
    puzzle = puzzles.get(board.puzzle)
    if not compiled_ready(puzzle):
        return puzzle.sat_count(board, 2, node_cap)
    return engine.count(puzzle, board, limit=2, node_cap=node_cap)


def _capped(node_cap: int, before: str) -> HintSaid:
    return {"kind": "capped", "message": f"the node cap ({node_cap} nodes) ran out before {before}: "
            "raise --node-cap"}


def check(board: BoardShape) -> results.Check:
    """Every broken rule of the board's answer section, with its cells and, for clues on
    lattice points, the points; and what the puzzle adds (Slant's ``trees``)."""
    puzzle = puzzles.get(board.puzzle)
    if board.answer is None:
        raise BoardError("the board has no answer section to check")
    broken = puzzle.validate(board, board.answer)
    return results.Check(not broken, not any(b.rule == "complete" for b in broken),
                         tuple(_rule(puzzle, board, b) for b in broken), puzzle.extras(board, board.answer))


def _rule(puzzle: AnyPuzzle, board: BoardShape, b: Broken) -> results.BrokenRule:
    return results.BrokenRule(b.rule, tuple(board.grid.rc(v) for v in b.cells), b.message,
                              tuple(puzzle.clue_rc(board, p) for p in b.points))


def broken_rule(puzzle: AnyPuzzle, board: BoardShape, b: Broken) -> BrokenRule:
    """A broken rule as the player's JSON writes it (the player adds its marks' own through this)."""
    return cast(BrokenRule, _rule(puzzle, board, b).to_dict())


# ---------------------------------------------------------------- backbone

class Backbone(TypedDict):
    """The cells every answer agrees on (by SAT, exact) and the answers counted up to a limit."""

    puzzle: str
    rows: int
    cols: int
    count: int
    capped: bool  # the count reached the limit: a lower bound
    limit: int
    fixed: object  # the answer's JSON form: each fixed cell's value, None where answers differ
    fixed_cells: int
    cells: int
    answers: list[object]  # the first answers in the answer's JSON form
    calls: int  # SAT solver calls
    ms: float


@bounded
def backbone(board: BoardShape, limit: int = SPREAD_LIMIT, shown_: int = SPREAD_SHOWN) -> Backbone:
    """The backbone (what every answer shares) and up to ``shown_`` answers, each answer
    passed by the puzzle's validator before it is read."""
    puzzle = puzzles.get(board.puzzle)
    check_caps(limit)
    if puzzle.spread is None:
        raise BoardError(f"{puzzle.name} has no SAT backbone")
    t0 = time.perf_counter()
    count, stop, calls, answers, fixed = puzzle.spread(board, limit, max(1, shown_))
    for a in answers:
        if puzzle.validate(board, tuple(a)):
            raise RuntimeError(f"{puzzle.name}: SAT gave an answer the rules reject")
    first = answers[0] if answers else [None] * (board.rows * board.cols)  # an answer per cell
    shared = tuple(v if answers and fixed[i] else None for i, v in enumerate(first))
    return {"puzzle": puzzle.name, "rows": board.rows, "cols": board.cols, "count": count,
            "capped": stop == "limit", "limit": limit, "fixed": puzzle.answer_json(board, shared),
            "fixed_cells": sum(fixed), "cells": len(shared),
            "answers": [puzzle.answer_json(board, tuple(a)) for a in answers[:shown_]],
            "calls": calls, "ms": _ms(t0)}
