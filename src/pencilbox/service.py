"""Pure functions behind every verb, answering the ``results`` dataclasses: the library hands
them out, the CLI prints them and the player serves their ``to_dict``, so none of them holds
puzzle logic of its own. A verb takes the board it is asked about (``pencilbox.Board``, or any
``results.BoardLike``) and answers boards of that same type.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import ParamSpec, TypeVar

from pencilbox import puzzles
from pencilbox.compiled.cache import sat_present
from pencilbox.compiled.ready import compiled_ready
from pencilbox.core import budgets, engine, spread
from pencilbox.core.budgets import (
    COUNT_LIMIT,
    COUNT_NODES,
    HINT_NODES,
    MAX_COUNT,
    QUICK_MISSES,
    SOLVE_NODES,
    SPREAD_LIMIT,
    SPREAD_SHOWN,
    scaled,
)
from pencilbox.core.engine import CAPPED, UNIQUE, Level
from pencilbox.core.outcomes import Broken
from pencilbox.core.puzzle import BoardShape
from pencilbox.errors import BoardError, shown
from pencilbox.puzzles import AnyPuzzle
from pencilbox.results import Backbone, BoardLike, BrokenRule, Cell, Check, Count, Grade, Hint, Solution

P = ParamSpec("P")
R = TypeVar("R")
B = TypeVar("B", bound=BoardLike)  # the board a verb is asked about; its answers are boards of this type

@dataclass(frozen=True)
class Options:
    """What a verb may do, as the CLI and the player ask it: the ladder level, the rungs
    switched off, the node cap (None: the verb's own budget) and the count limit. The level
    and the rungs are as a person named them: the verb checks them against the board's
    ladder (``names``, ``dropped``), which is known only once the board is read. ``share``
    splits the verb's own budget between that many boards run in one call (a booklet's)."""

    level: str | None = None
    off: tuple[str, ...] = ()
    node_cap: int | None = None
    limit: int = COUNT_LIMIT
    share: int = 1

    def nodes(self, default: int, board: BoardShape, engine_name: str = "ladder") -> int:
        """The node cap asked for, or the verb's ``default`` budget scaled to the board's size
        (and to the readable rungs' cost while the puzzle's kernels are not built; SAT's calls
        to SAT_WORK)."""
        if self.node_cap is not None:
            return self.node_cap
        puzzle = puzzles.get(board.puzzle)
        ladder = engine_name == "ladder"
        ready = not ladder or compiled_ready(puzzle)  # brute and SAT: no readable ladder
        work = budgets.WORK // (puzzle.node_cost if ladder else 1) if ready else budgets.WORK_READABLE
        cap = scaled(default, board.rows * board.cols, budgets.SAT_WORK if engine_name == "sat" else work)
        return max(1, cap // self.share)

    def passes(self) -> int | None:
        """The readable rung passes' work a verb may do (engine.passes): PASS_WORK under the
        default caps, unbounded where a cap was asked for (as the probe's trials are)."""
        return max(1, budgets.PASS_WORK // self.share) if self.node_cap is None else None

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


def _cells(board: BoardShape, vars_: Iterable[int]) -> tuple[Cell, ...]:
    return tuple(board.grid.rc(v) for v in vars_)


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
def solve(board: B, opts: Options = Options()) -> Solution[B]:
    """Status (unique, multiple, none, capped), the answer, a second answer, the grade."""
    shape = board.shape
    puzzle = puzzles.get(shape.puzzle)
    node_cap = opts.nodes(SOLVE_NODES, shape)
    check_caps(node_cap=node_cap)
    t0 = time.perf_counter()
    probes = opts.probes(node_cap)
    res = engine.count(puzzle, shape, _search_names(puzzle, opts), 2, node_cap, probe_cap=probes)
    answers: list[B | None] = [board.answered(puzzle.answer_from_state(shape, a)) for a in res.answers[:2]]
    unique = res.status == UNIQUE
    off = dropped(puzzle, opts.off)
    g = engine.grade(puzzle, shape, off, node_cap, probe_cap=probes).grade if unique else None
    answer, second = (answers + [None, None])[:2]
    return Solution(board, res.status, answer, second, g, res.nodes, _ms(t0))


def drawn(board: BoardLike) -> tuple[int | None, ...]:
    """The answer a picture of the board's answer draws: its own answer section when every cell
    is filled, else its unique answer (a BoardError says why there is none)."""
    answer = board.shape.answer
    if answer is not None and None not in answer:
        return answer
    got = solve(board)
    if got.status != UNIQUE or got.answer is None:
        said = {"multiple": "it has several answers", "none": "it has no answer"}.get(
            got.status, "the search ran out of nodes")
        raise BoardError(f"no answer to draw: {said}")
    return tuple(got.answer.shape.answer or ())


@bounded
def count(board: BoardLike, engine_name: str = "ladder", opts: Options = Options()) -> Count:
    """A solution count by one engine; ``capped`` marks a lower bound."""
    shape = board.shape
    puzzle = puzzles.get(shape.puzzle)
    limit, node_cap = opts.limit, opts.nodes(COUNT_NODES, shape, engine_name)
    check_caps(limit, node_cap)
    t0 = time.perf_counter()
    res: engine.Count
    if engine_name == "ladder":
        res = engine.count(puzzle, shape, _search_names(puzzle, opts), limit, node_cap,
                           probe_cap=opts.probes(node_cap))
    elif engine_name in puzzle.counters:
        res = puzzle.counters[engine_name].count(shape, limit, node_cap)
    else:
        raise BoardError(f"{puzzle.name} has no engine {shown(engine_name)}")
    cap = "nodes" if res.node_capped else "limit" if res.limit_hit else None
    return Count(res.count, res.capped, cap, res.nodes, node_cap, engine_name, _ms(t0), limit)


def check_caps(limit: int = 1, node_cap: int = 0) -> None:
    """A count limit of at least 1 and a node cap of at least 0, both below MAX_COUNT."""
    for name, v, low in (("--limit", limit, 1), ("--node-cap", node_cap, 0)):
        if not low <= v < MAX_COUNT:
            raise BoardError(f"{name} {v if abs(v) < 10**20 else 'of ' + str(len(str(v))) + ' digits'} "
                             f"is out of range {low}..2^62-1")


@bounded
def grade(board: BoardLike, opts: Options = Options()) -> Grade:
    """The grade, uniqueness and the share of unclued cells each level settles."""
    shape = board.shape
    puzzle = puzzles.get(shape.puzzle)
    node_cap = opts.nodes(SOLVE_NODES, shape)
    check_caps(node_cap=node_cap)
    g = engine.grade(puzzle, shape, dropped(puzzle, opts.off), node_cap, probe_cap=opts.probes(node_cap))
    settled = {k: None if v is None else round(v, 4) for k, v in g.settled.items()}
    return Grade(g.grade, g.unique, g.status, settled)


# ---------------------------------------------------------------- hint

@dataclass(frozen=True)
class Progress:
    """What a hint starts from: the domains, the cells the solver has entered, when a
    domain counts as settled (variable, domain) and how a settled value is shown: as words
    (the command line's ``value``) or as the player's ``mark``."""

    dom: list[int]
    entered: tuple[int, ...]
    settled: Callable[[int, int], bool]
    show: Callable[[int, int], tuple[str | None, object, str]]  # (var, value) -> value, mark, words


def progress(puzzle: AnyPuzzle, board: BoardShape) -> Progress:
    """The board's answer section (``?`` or none: undecided) as the CLI's hint reads it."""
    answer = board.answer
    dom = puzzle.initial_state(board) if answer is None else puzzle.state_from_answer(board, answer)
    entered = () if answer is None else tuple(i for i, v in enumerate(answer) if v is not None)

    def show(var: int, value: int) -> tuple[str | None, object, str]:
        said = puzzle.describe(board, var, value)
        return said, None, said
    return Progress(dom, entered, lambda var, d: engine.single(d), show)


def hint(board: BoardLike, opts: Options = Options()) -> Hint:
    """The CLI's hint: ``hint_from`` the board's answer section."""
    return hint_from(board.shape, progress(puzzles.get(board.shape.puzzle), board.shape), opts)


@bounded
def hint_from(board: BoardShape, now: Progress, opts: Options) -> Hint:
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
                return Hint("wrong", f"{len(wrong)} {said} with the answer", cells=_cells(board, wrong))
    if all(now.settled(v, d) for v, d in enumerate(now.dom)) and _unentered(board, now) is None:
        return Hint("solved", "every cell is decided")  # the clues' cells need no entry
    if any(d == 0 for d in now.dom):
        bad = [v for v, d in enumerate(now.dom) if d == 0]
        return Hint("contradiction", "an entry contradicts a clue", rung="clue", cells=_cells(board, bad))
    h = engine.hint(puzzle, board, now.dom, enabled, done=now.settled, early=True, node_cap=node_cap)
    if isinstance(h, engine.Hint):
        return _found(puzzle, board, now, h, puzzle.reason(board, now.dom, h, enabled))
    if h.capped:
        return _capped(node_cap, "a cell was proved")
    if h.contradiction:
        return Hint("contradiction", f"the entries so far contradict the rules ({h.rung})", rung=h.rung,
                    cells=_cells(board, h.cells))
    given = _given(board, now)
    if given is not None:
        return given
    return Hint("stuck", f"nothing more is provable with the rungs up to {enabled[-1]}",
                reveal=True)  # the player may ask for the answer of one cell instead


def _found(puzzle: AnyPuzzle, board: BoardShape, now: Progress, h: engine.Hint, why: str) -> Hint:
    """A proved cell as a hint: its value (words or mark), the rung, what it read and why."""
    cells, clues = puzzle.places(board, h.premises)
    r, c = board.grid.rc(h.var)
    value, mark, said = now.show(h.var, h.value)
    return Hint("hint", f"{h.needs}: row {r + 1}, column {c + 1} is {said}", (r, c), value, mark, h.needs,
                cells, clues, why)


def _given(board: BoardShape, now: Progress) -> Hint | None:
    """A cell the rules settle before any rung (a Ripple region of one cell holds a 1), not a
    clue, that the solver has not entered: the rungs never log it, so once they are stuck the
    hint fills it, named by the first rung."""
    puzzle = puzzles.get(board.puzzle)
    var = _unentered(board, now)
    if var is None:
        return None
    rung = engine.levels(puzzle)[0]
    h = engine.Hint(var, now.dom[var], rung, ())
    return _found(puzzle, board, now, h, puzzle.reason(board, now.dom, h, engine.ladder(puzzle, rung)))


def _unentered(board: BoardShape, now: Progress) -> int | None:
    """The first settled cell the solver has not entered that is not a clue's."""
    clued = len(board.clues) == len(now.dom)  # clues in cells (Slant's are on points)
    entered = set(now.entered)
    return next((i for i, d in enumerate(now.dom) if i not in entered and now.settled(i, d)
                 and not (clued and board.clues[i] is not None)), None)


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
def known_answers(board: BoardShape, node_cap: int) -> engine.Count:
    """The board's answers, up to two (cached: the player asks again after every move): by the
    ladder's search, or by SAT while the compiled kernel is not ready (the readable search
    takes a minute on some 20x20 boards; SAT about a second) and python-sat is there."""
    puzzle = puzzles.get(board.puzzle)
    if not compiled_ready(puzzle) and sat_present():
        return puzzle.sat_count(board, 2, node_cap)
    return player_count(puzzle, board, node_cap)


def player_count(puzzle: AnyPuzzle, board: BoardShape, node_cap: int) -> engine.Count:
    """Up to two answers, for the player: compiled, the engine's default count; readable (the
    browser), its quick search, then a probe at every node, not only at the root. Where the
    puzzle has a ``lookahead`` the quick search runs on past QUICK_NODES while it meets few dead
    ends (a loose board: the setter's) and gives up at QUICK_MISSES (a hard board), and each node
    of the search after it branches by its probe's trials: fillapix-20x20-any-04 took 14 s (1,218
    nodes) on the fewest-valued branch, about 0.55 s (178) so; any-05 1.3 s (331), 0.28 s (151);
    the setter's boards as before or faster (bench/lookahead.py)."""
    if compiled_ready(puzzle):
        return engine.count(puzzle, board, limit=2, node_cap=node_cap)
    look = puzzle.lookahead
    spent = 0
    if puzzle.quick_nodes > 0:
        quick_cap, misses = puzzle.quick_nodes, None
        if look is not None:
            quick_cap, misses = puzzle.quick_nodes + len(puzzle.initial_state(board)), QUICK_MISSES
        quick = engine.count(puzzle, board, engine.ladder(puzzle, puzzle.search_level), 2,
                             min(node_cap, quick_cap), misses=misses)
        if not quick.node_capped or node_cap <= quick.nodes:
            return quick
        spent = quick.nodes
    full = engine.count(puzzle, board, engine.ladder(puzzle), 2, node_cap - spent, lookahead=look)
    full.nodes += spent
    return full


def _capped(node_cap: int, before: str) -> Hint:
    return Hint("capped", f"the node cap ({node_cap} nodes) ran out before {before}: raise --node-cap")


def check(board: BoardLike) -> Check:
    """Every broken rule of the board's answer section, with its cells and, for clues on
    lattice points, the points; and what the puzzle adds (Slant's ``trees``)."""
    shape = board.shape
    puzzle = puzzles.get(shape.puzzle)
    if shape.answer is None:
        raise BoardError("the board has no answer section to check")
    broken = puzzle.validate(shape, shape.answer)
    return Check(not broken, not any(b.rule == "complete" for b in broken),
                 tuple(broken_rule(puzzle, shape, b) for b in broken), puzzle.extras(shape, shape.answer))


def broken_rule(puzzle: AnyPuzzle, board: BoardShape, b: Broken) -> BrokenRule:
    """A broken rule with its cells and points as (row, col)."""
    points = tuple(puzzle.clue_rc(board, p) for p in b.points)
    return BrokenRule(b.rule, _cells(board, b.cells), b.message, points)


# ---------------------------------------------------------------- backbone

@bounded
def backbone(board: B, limit: int = SPREAD_LIMIT, shown_: int = SPREAD_SHOWN,
             node_cap: int | None = None) -> Backbone[B]:
    """The backbone (what every answer shares) and up to ``shown_`` answers, each answer
    passed by the puzzle's validator before it is read: by SAT within ``node_cap`` solver calls
    and their propagations (default: solve's budget scaled to SAT_WORK; past it the cells not
    yet shown to differ stay unsettled and the count is a lower bound), or without python-sat
    (the browser) by the ladder's searches within ``node_cap`` (default: solve's budget,
    scaled), past which OutOfNodes."""
    shape = board.shape
    puzzle = puzzles.get(shape.puzzle)
    cells = shape.rows * shape.cols
    check_caps(limit, 0 if node_cap is None else node_cap)
    if puzzle.spread is None:
        raise BoardError(f"{puzzle.name} has no SAT backbone")
    t0 = time.perf_counter()
    opts = Options(node_cap=node_cap)
    if sat_present():
        puzzle.sat_fits(shape, "backbone", "a smaller board")
        cap = opts.nodes(SOLVE_NODES, shape, "sat")
        got = puzzle.spread(shape, limit, max(1, shown_), budgets.sat_budget(cap, cells))
    else:
        cap = opts.nodes(SOLVE_NODES, shape)
        got = spread.spread(puzzle, shape, limit, max(1, shown_), cap)
    count_, stop, calls, answers, fixed = got
    for a in answers:
        if puzzle.validate(shape, tuple(a)):
            raise RuntimeError(f"{puzzle.name}: {'SAT' if sat_present() else 'the search'} gave an answer "
                               "the rules reject")
    fixed = fixed or [None if stop == "nodes" else False] * cells  # no answer found: none, or not yet
    first = answers[0] if answers else [None] * cells  # an answer per cell
    shared = tuple(v if fixed[i] else None for i, v in enumerate(first))
    return Backbone(board, count_, stop is not None, limit, board.answered(shared),
                    sum(f is True for f in fixed), len(shared),
                    tuple(board.answered(tuple(a)) for a in answers[:shown_]), calls, _ms(t0),
                    stop, sum(f is None for f in fixed), cap)
