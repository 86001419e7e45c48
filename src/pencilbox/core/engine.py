"""The ladder engine, puzzle-agnostic.

Glossary:
- *domain*: a candidate bitmask per variable; the *state* is the flat list of domains.
- *rung*: a named, sound rule set that only removes candidates (``apply`` -> changed?).
- *ladder*: a puzzle's ordered rungs plus the engine's ``probe`` on top; a *level* names
  a rung and means every enabled rung up to it (levels are cumulative). A level's name is
  a ``Level``: each puzzle declares its rungs' names once, the engine ``probe`` and ``search``.
- *fixpoint*: run the enabled rungs, returning to the cheapest after any progress
  (as Tatham's latin.c does), until none changes anything.
- ``probe``: singleton consistency over the enabled rungs below it.
- *ablation*: a rung switched off everywhere, inside probe too.
- *search*: branch on the variable with the fewest values, counting answers up to a
  count cap and a node cap (branch points), reporting whether a cap was hit.
- *grade*: the lowest level whose fixpoint alone settles every variable.
- *hint*: one variable the ladder settles, the rung that settled it and its premises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import InitVar, dataclass, field
from enum import StrEnum
from functools import partial
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, TypeAlias

from pencilbox.errors import shown

if TYPE_CHECKING:
    from pencilbox.core.puzzle import BoardT, Kernel, Puzzle
    from pencilbox.core.screen import Screen


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


_PASSES: ContextVar[Budget | None] = ContextVar("pencilbox_passes", default=None)


@contextmanager
def passes(work: int | None) -> Iterator[None]:
    """Bound the readable rung passes of everything run inside (a verb's searches, grade and
    hint together) to ``work`` units: a pass costs the board's cells times the rung's
    ``weight``; past it, OutOfNodes (capped). A chain of deductions that each take a whole
    pass (a Ripple strip settles one region a pass) ran cells x cells steps without it."""
    token = _PASSES.set(None if work is None else Budget(work=work))
    try:
        yield
    finally:
        _PASSES.reset(token)


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


# ---------------------------------------------------------------- levels and ablation

def levels(puzzle: Puzzle[Any, Any]) -> tuple[Level, ...]:
    """The ladder's level names, cheapest first, ending with ``probe``."""
    return (*(r.name for r in puzzle.rungs), PROBE)


def named(puzzle: Puzzle[Any, Any], name: str) -> Level:
    """The level of the puzzle's ladder called ``name`` (a person's text: ``--level``,
    ``--off``, a grade asked for), or a ValueError naming the levels."""
    names = levels(puzzle)
    if name not in names:
        raise ValueError(f"unknown level {shown(name)} for {puzzle.name}; levels: {', '.join(names)}")
    return names[names.index(name)]


def ladder(puzzle: Puzzle[Any, Any], level: Level | None = None,
           off: Iterable[Level] = ()) -> tuple[Level, ...]:
    """Rung names enabled at ``level`` (cumulative), minus the ``off`` ones everywhere (a
    level not on the ladder: ValueError, as ``named``)."""
    return asked(puzzle, level, off)


def asked(puzzle: Puzzle[Any, Any], level: str | None = None, off: Iterable[str] = ()) -> tuple[Level, ...]:
    """``ladder`` at the level and without the rungs a person named (text, checked here in
    that order by ``named``)."""
    names = levels(puzzle)
    top = names[-1] if level is None else named(puzzle, level)
    dropped = tuple(named(puzzle, name) for name in off)
    return tuple(n for n in names[: names.index(top) + 1] if n not in dropped)


# ---------------------------------------------------------------- fixpoint and probe

def fixpoint(puzzle: Puzzle[BoardT, Any], board: BoardT, state: State, names: Iterable[Level],
             budget: Budget | None = None, screen: Screen | None = None) -> None:
    """Run the enabled rungs to a fixpoint, cheapest first; raises Contradiction (and
    OutOfNodes when ``budget`` runs out). A ``screen`` skips rung passes and probe trials
    that would find nothing (see Screen)."""
    names = tuple(names)
    rungs = [r for r in puzzle.rungs if r.name in names]
    own = tuple(r.name for r in rungs)
    below = tuple(n for n in names if n != PROBE)
    i = cursor = 0
    toll = _PASSES.get()
    while True:
        i = screen.idle(state.dom, own) if screen is not None and i == 0 else i
        while i < len(rungs):
            if toll is not None:
                toll.toil(len(state.dom) * getattr(rungs[i], "weight", 1))
            i = 0 if rungs[i].apply(board, state) else i + 1
            i = screen.idle(state.dom, own) if screen is not None and i == 0 else i
        if PROBE in names:
            cursor = probe(puzzle, board, state, below, cursor, budget, screen)
            if cursor >= 0:
                i = 0
                continue
        return


def probe(puzzle: Puzzle[BoardT, Any], board: BoardT, state: State, below: tuple[Level, ...], start: int = 0,
          budget: Budget | None = None, screen: Screen | None = None) -> int:
    """Drop the first value, scanning round from variable ``start``, whose assumption alone
    makes the rungs ``below`` contradict; returns its variable, or -1 after a full round
    found none (resuming where the last drop was keeps repeated sweeps short). With a
    ``screen`` only the trial that drops a value runs readable (for the cells its
    contradiction names), and only with the rungs it needs."""
    n = len(state.dom)
    var: int
    for var in (*range(start, n), *range(start)):
        d = state.dom[var]
        if single(d):
            continue
        for bit in bits(d):
            trial = State(state.dom.copy())
            trial.dom[var] = bit
            if budget is not None:
                budget.spend()
            rungs = below if screen is None else screen.trial(trial.dom, below)
            if rungs is None:
                continue
            try:
                fixpoint(puzzle, board, trial, rungs, screen=screen)
            except Contradiction as why:
                state.restrict(var, ~bit, PROBE, (var, *why.cells))
                return var
    return -1


# ---------------------------------------------------------------- counting search

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


def _judge(puzzle: Puzzle[BoardT, Any], board: BoardT, engine: str, answers: list[list[int]]) -> None:
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
    def judged(cls, puzzle: Puzzle[BoardT, Any], board: BoardT, engine: str, count: int, cap: str | None,
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


class Order(Protocol):
    """Another branching order than the reference one (a generator's random walk, readable twin
    of a kernel's ``choose`` and ``pick`` hooks): the branch cell, then each value to try."""

    def choose(self, dom: list[int]) -> int: ...
    def pick(self, var: int, rem: int) -> int: ...


def search(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: Iterable[Level],
           limit: int = 2, node_cap: int = 10**6, root: Iterable[Level] | None = None,
           order: Order | None = None, probe_cap: int | None = None) -> Count:
    """Count answers by fixpoint + branching on the fewest-valued variable (reference), lowest
    value first, or as ``order`` says. ``root`` (default: ``names``) is the rung set of the root
    fixpoint only: probing once at the root and not at every node cuts the heavy tail of hard
    boards. ``probe_cap`` bounds the probe trials of the whole search (past it the count is
    node-capped): one full probe round costs cells x cells readable steps on a large board."""
    names = tuple(names)
    top = names if root is None else tuple(root)
    out = Count()
    trials = Budget(probe_cap)

    def expand(state: State, depth: int) -> list[Any] | None:
        """A node's fixpoint: None where it ends (a contradiction, an answer, the cap), else
        its branch as ``[state, var, values left, depth]``."""
        try:
            fixpoint(puzzle, board, state, top if depth == 0 else names, trials)
        except Contradiction:
            return None
        except OutOfNodes:
            out.node_capped = True
            return None
        open_vars = [v for v, d in enumerate(state.dom) if not single(d)]
        if not open_vars:
            if puzzle.is_answer(board, state.dom):
                out.count += 1
                if len(out.answers) < 2:
                    out.answers.append(state.dom.copy())
                out.limit_hit = out.count >= limit
            return None
        if out.nodes >= node_cap:
            out.node_capped = True
            return None
        out.nodes += 1
        if order is None:
            var = min(open_vars, key=lambda v: state.dom[v].bit_count())
        else:
            var = order.choose(state.dom)
        return [state, var, state.dom[var], depth]

    # depth first with a stack of branches, not recursion: a deep walk on a large board must
    # not meet Python's recursion limit; each branch's values are drawn as it is resumed
    top_branch = expand(State(dom.copy()), 0)
    stack = [top_branch] if top_branch else []
    while stack:
        branch = stack[-1]
        state, var, rem, depth = branch
        if not rem:
            stack.pop()
            continue
        bit = rem & -rem if order is None else order.pick(var, rem)
        branch[2] = rem ^ bit
        child = state.copy()
        child.dom[var] = bit
        below = expand(child, depth + 1)
        if out.limit_hit or out.node_capped:
            break
        if below:
            stack.append(below)
    return Count.judged(puzzle, board, "ladder", out.count, out.cap, out.nodes, out.answers)


def count(puzzle: Puzzle[BoardT, Any], board: BoardT, names: Iterable[Level] | None = None, limit: int = 2,
          node_cap: int = 10**6, dom: list[int] | None = None, accel: bool = True,
          root: Iterable[Level] | None = None, probe_cap: int | None = None) -> Count:
    """Count answers with the ladder; uses the puzzle's compiled kernel when it has one.

    The default strategy escalates: a quick search at the puzzle's ``search_level`` with
    at most ``puzzle.quick_nodes`` branch points settles most boards; when it runs out (or
    the puzzle asks for none), the search starts over with a probe at the root (nodes of
    both runs are reported together). ``probe_cap`` bounds the search's probe trials."""
    if names is None:
        names = ladder(puzzle, puzzle.search_level)
        root = ladder(puzzle) if root is None else root
        quick_nodes = min(node_cap, puzzle.quick_nodes)
        if quick_nodes <= 0:
            return count(puzzle, board, names, limit, node_cap, dom, accel, root, probe_cap)
        quick = count(puzzle, board, names, limit, quick_nodes, dom, accel, probe_cap=probe_cap)
        if not quick.node_capped or node_cap <= quick_nodes:
            return quick
        full = count(puzzle, board, names, limit, node_cap - quick.nodes, dom, accel, root, probe_cap)
        full.nodes += quick.nodes
        return full
    names = tuple(names)
    root = names if root is None else tuple(root)
    dom = puzzle.initial_state(board) if dom is None else dom
    kernel = puzzle.kernel if accel else None
    if kernel is not None and kernel.supports(names) and kernel.supports(root):
        got = kernel.count(board, dom, names, limit, node_cap, root, probe_cap)
        return Count.judged(puzzle, board, got.engine, got.count, got.cap, got.nodes, got.answers)
    return search(puzzle, board, dom, names, limit, node_cap, root, probe_cap=probe_cap)


def _kernel(puzzle: Puzzle[BoardT, Any], names: tuple[Level, ...]) -> Kernel[BoardT] | None:
    """The puzzle's compiled kernel when it has one that runs these rungs."""
    kernel = puzzle.kernel
    return kernel if kernel is not None and kernel.supports(names) else None


def run_fixpoint(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: Iterable[Level],
                 accel: bool = True, probe_cap: int | None = None) -> list[int] | None:
    """The fixpoint domains, or None on a contradiction (kernel when available); its probe
    runs at most ``probe_cap`` trials (OutOfNodes past them)."""
    names = tuple(names)
    kernel = _kernel(puzzle, names) if accel else None
    if kernel is not None:
        return kernel.fixpoint(board, dom, names, probe_cap)
    state = State(dom.copy())
    try:
        fixpoint(puzzle, board, state, names, Budget(probe_cap))
    except Contradiction:
        return None
    return state.dom


# ---------------------------------------------------------------- grade

@dataclass
class Grade:
    """The lowest level that finishes the board alone, or ``search``, or None (not unique)."""

    grade: Level | None
    unique: bool
    settled: dict[Level, float | None]
    status: Status


def grade(puzzle: Puzzle[BoardT, Any], board: BoardT, off: Iterable[Level] = (), node_cap: int = 10**6,
          accel: bool = True, probe_cap: int | None = None) -> Grade:
    """Grade a board: per level, the share of unclued variables its fixpoint settles. Where a
    probe runs past ``probe_cap`` trials the grade is unknown: status ``capped``."""
    off = tuple(off)
    unclued = puzzle.unclued(board)
    start = puzzle.initial_state(board)
    settled: dict[Level, float | None] = {}
    found = None
    strongest = None  # the last level's fixpoint: the search below starts from it
    for level in levels(puzzle):
        if level in off:
            continue
        try:
            dom = strongest = run_fixpoint(puzzle, board, start, ladder(puzzle, level, off), accel, probe_cap)
        except OutOfNodes:
            settled[level] = None
            return Grade(found, found is not None, settled, UNIQUE if found is not None else CAPPED)
        if dom is None:
            settled[level] = None
            continue
        done = sum(single(dom[v]) for v in unclued)
        settled[level] = done / len(unclued) if unclued else 1.0
        if found is None and all(single(d) for d in dom) and puzzle.is_answer(board, dom):
            found = level
    if found is not None:
        return Grade(found, True, settled, UNIQUE)
    # every rung is sound, so every answer lies inside the strongest fixpoint: searching from
    # there is the count's probe at the root, reused (a search from scratch ran out of nodes
    # on large boards the generator had proved unique)
    result = count(puzzle, board, ladder(puzzle, puzzle.search_level, off), 2, node_cap,
                   None if strongest is None else strongest.copy(), accel=accel, probe_cap=probe_cap)
    status = result.status
    return Grade(SEARCH if status == UNIQUE else None, status == UNIQUE, settled, status)


def grade_rank(puzzle: Puzzle[Any, Any], name: str | None) -> int:
    """Order grades: the ladder's levels, then ``search``, then None."""
    order = (*levels(puzzle), SEARCH)
    return order.index(name) if name in order else len(order)


# ---------------------------------------------------------------- hint

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


def dearest(puzzle: Puzzle[Any, Any], rungs: Iterable[Level]) -> Level:
    """The rung of ``rungs`` latest on the ladder: the level a run of those steps needs (a rung
    runs only once every cheaper one is at its fixpoint, so the ladder up to it repeats them)."""
    order = levels(puzzle)
    return max(rungs, key=order.index)


@dataclass
class Stuck:
    """The state already contradicts the rules, or no rung at this level makes progress,
    or (``capped``) the node cap ran out first."""

    contradiction: bool
    rung: Level | None = None
    cells: tuple[int, ...] = ()
    capped: bool = False


class _Settled(Exception):
    """Raised by _UntilSettled at the first step that settles a variable."""


class _UntilSettled(State):
    """A logging state that stops the fixpoint at the first step settling a variable
    (the same step a full run would log first: the fixpoint is deterministic)."""

    __slots__ = ("done",)

    def __init__(self, dom: list[int], done: Callable[[int, int], bool]) -> None:
        super().__init__(dom, log=[])
        self.done = done

    def restrict(self, var: int, keep: int, rung: Level, premises: Iterable[int] = ()) -> bool:
        old = self.dom[var]
        changed = super().restrict(var, keep, rung, premises)
        if changed and self.done(var, self.dom[var]) and not self.done(var, old):
            raise _Settled
        return changed


def _one_value(var: int, dom: int) -> bool:
    return single(dom)


def hint(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: Iterable[Level],
         done: Callable[[int, int], bool] = _one_value, early: bool = False,
         node_cap: int | None = None, accel: bool = True) -> Hint | Stuck:
    """The first variable the ladder settles from ``dom`` (cheapest rungs first); ``done``
    (variable, domain) says when a domain counts as settled (default: one value; the
    player's Sukoro marks only numbered or empty). ``early`` stops at that variable instead
    of finishing the fixpoint (fast on big boards; a contradiction found later then goes
    unreported). ``node_cap`` bounds the probe trials (one node each): past it the answer
    is capped. With ``accel`` the compiled kernel finds how far the readable run must go
    (see _reach) and screens its probe trials; the answer is the readable run's all the same."""
    names = tuple(names)
    kernel = _kernel(puzzle, names) if accel else None
    if kernel is None:
        return _readable(puzzle, board, dom, names, done, early, node_cap)
    try:
        reach = _reach(puzzle, board, dom, names, done, kernel, early, node_cap)
    except OutOfNodes:
        return Stuck(False, capped=True)  # the compiled probe settled nothing within the cap
    if reach is None:
        return Stuck(False)  # the compiled fixpoint settles nothing more: no readable run needed
    from pencilbox.core.screen import Screen, forward
    screen = Screen(kernel, board)
    if reach != names:
        got = _readable(puzzle, board, dom, reach, done, early, node_cap, screen)
        if not isinstance(got, Stuck) or got.contradiction:
            return got
    if early and PROBE in names:
        fast = forward(puzzle, board, dom, names, done, node_cap, screen)
        if fast is not None:
            return fast
    return _readable(puzzle, board, dom, names, done, early, node_cap, screen)


def _readable(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: tuple[Level, ...],
              done: Callable[[int, int], bool], early: bool, node_cap: int | None,
              screen: Screen | None = None) -> Hint | Stuck:
    """The readable fixpoint with its log: the first step that settles a variable, its rung
    and every premise of that variable's steps."""
    spent = Budget(node_cap)
    state = _UntilSettled(dom.copy(), done) if early else State(dom.copy(), log=[])
    try:
        fixpoint(puzzle, board, state, names, spent, screen)
    except Contradiction as why:
        return Stuck(True, why.rung, why.cells)
    except OutOfNodes:
        return Stuck(False, capped=True)
    except _Settled:
        pass
    assert state.log is not None
    for k, step in enumerate(state.log):
        if done(step.var, step.after) and not done(step.var, step.before):
            premises = {p for s in state.log[: k + 1] if s.var == step.var for p in s.premises}
            premises.discard(step.var)
            needs = dearest(puzzle, (s.rung for s in state.log[: k + 1]))
            return Hint(step.var, step.after, step.rung, tuple(sorted(premises)), needs)
    return Stuck(False)


def _reach(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: tuple[Level, ...],
           done: Callable[[int, int], bool], kernel: Kernel[BoardT], early: bool,
           node_cap: int | None) -> tuple[Level, ...] | None:
    """The cheapest cumulative prefix of ``names`` (with ``early``, else all of them) whose
    compiled fixpoint settles a variable or contradicts; None when none does; OutOfNodes
    where a probe runs past ``node_cap`` trials having settled nothing (a settle before the
    cap counts: the readable run stops there). Until that prefix's fixpoint the readable run
    of ``names`` logs exactly the prefix's steps (a rung runs only once every cheaper one is
    at its fixpoint), so the prefix alone stops at the same first settle (a later
    contradiction, which only a full run reports, needs all)."""
    order = levels(puzzle)
    ranked = tuple(sorted(names, key=order.index))
    for k in range(1 if early else len(ranked), len(ranked) + 1):
        end, final = kernel.bounded(board, dom, ranked[:k], node_cap)
        settles = any(done(v, f) and not done(v, d) for v, (d, f) in enumerate(zip(dom, final, strict=True)))
        if end == "broke" or settles:
            return ranked[:k]
        if end == "capped":
            raise OutOfNodes
    return None

