"""The ladder engine, puzzle-agnostic: the counting search and the grade here, and the one
place a verb, a puzzle or a study reaches the whole engine through (its vocabulary, fixpoint,
probe and hint live in ``state``, ``outcomes``, ``ladder`` and ``hint``, each named here).

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

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from pencilbox.core.hint import dearest, hint
from pencilbox.core.ladder import asked, fixpoint, ladder, levels, named, passes, probe, run_fixpoint, trials
from pencilbox.core.outcomes import BrokenAnswer, Count, Grade, Hint, Stuck
from pencilbox.core.state import (
    CAPPED,
    CAPS,
    MULTIPLE,
    NONE,
    PROBE,
    SEARCH,
    UNIQUE,
    Budget,
    Contradiction,
    EngineLevel,
    Level,
    OutOfNodes,
    State,
    Status,
    Step,
    bits,
    single,
)

if TYPE_CHECKING:
    from pencilbox.core.puzzle import BoardT, Lookahead, Puzzle

__all__ = ["CAPPED", "CAPS", "MULTIPLE", "NONE", "PROBE", "SEARCH", "UNIQUE", "Budget", "BrokenAnswer",
           "Contradiction", "Count", "EngineLevel", "Grade", "Hint", "Level", "Order", "OutOfNodes", "State",
           "Status", "Step", "Stuck", "asked", "bits", "count", "dearest", "fixpoint", "grade", "grade_rank",
           "hint", "ladder", "levels", "named", "passes", "probe", "run_fixpoint", "search", "single"]


# ---------------------------------------------------------------- counting search

class Order(Protocol):
    """Another branching order than the reference one (a generator's random walk, readable twin
    of a kernel's ``choose`` and ``pick`` hooks): the branch cell, then each value to try."""

    def choose(self, dom: list[int]) -> int: ...
    def pick(self, var: int, rem: int) -> int: ...


def search(puzzle: Puzzle[BoardT, Any], board: BoardT, dom: list[int], names: Iterable[Level],
           limit: int = 2, node_cap: int = 10**6, root: Iterable[Level] | None = None,
           order: Order | None = None, probe_cap: int | None = None, fast: bool = True,
           lookahead: Lookahead[BoardT] | None = None, misses: int | None = None) -> Count:
    """Count answers by fixpoint + branching on the fewest-valued variable (reference), lowest
    value first, or as ``order`` says. ``root`` (default: ``names``) is the rung set of the root
    fixpoint only: probing once at the root and not at every node cuts the heavy tail of hard
    boards. ``probe_cap`` bounds the probe trials of the whole search (past it the count is
    node-capped): one full probe round costs cells x cells readable steps on a large board.
    ``fast``: each node's fixpoint by the puzzle's propagator where it has one (the same
    fixpoints, so the same nodes), a child's from the one cell it sets. ``lookahead``: where
    probe runs at every node (and the propagator), the branch variable is its choice from the
    node's trials, each child starts from its trial's fixpoint, the one that settles the most
    first (``Trials.first``). ``misses``: the dead ends (contradictions) past which the search
    gives up, node-capped (a quick search's way to tell a hard board from a loose one)."""
    names = tuple(names)
    top = names if root is None else tuple(root)
    out = Count()
    budget = Budget(probe_cap)
    # a parent's fixpoint is one of the child's rungs too where the child's are among the parent's
    inherits = {PROBE, *names} <= {PROBE, *top}
    look = lookahead if fast and inherits and PROBE in names else None
    dead = [0]

    def expand(state: State, depth: int, seeds: tuple[int, ...] | None = None) -> list[Any] | None:
        """A node's fixpoint: None where it ends (a contradiction, an answer, the cap), else
        its branch as ``[state, var, values left, depth, its trials or None]``; ``seeds``: the
        cells where it departs from its parent's fixpoint."""
        rungs = top if depth == 0 else names
        try:
            fixpoint(puzzle, board, state, rungs, budget, fast=fast,
                     seeds=seeds if depth > 1 or inherits else None)
        except Contradiction:
            dead[0] += 1
            if misses is not None and dead[0] > misses:
                out.node_capped = True
            return None
        except OutOfNodes:
            out.node_capped = True
            return None
        dom = state.dom
        open_values = [d for d in set(dom) if not d or d & (d - 1)]  # the domains not single(d)
        if not open_values:
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
        kids = trials(puzzle, board, dom, rungs, budget, depth) if look and PROBE in rungs else None
        if kids is not None and look is not None:
            try:
                var = look.choose(board, dom, kids.settles)
            except OutOfNodes:  # the trials spend the probe's budget and the passes'
                out.node_capped = True
                return None
        elif order is None:
            var = fewest(dom, open_values)
        else:
            var = order.choose(state.dom)
        return [state, var, state.dom[var], depth, kids]

    # depth first with a stack of branches, not recursion: a deep walk on a large board must
    # not meet Python's recursion limit; each branch's values are drawn as it is resumed
    top_branch = expand(State(dom.copy()), 0)
    stack = [top_branch] if top_branch else []
    while stack:
        branch = stack[-1]
        state, var, rem, depth, kids = branch
        if not rem:
            stack.pop()
            continue
        if kids is None:
            bit = rem & -rem if order is None else order.pick(var, rem)
            branch[2] = rem ^ bit
            child = state.copy()
            child.dom[var] = bit
            below = expand(child, depth + 1, (var,))
        else:  # the trial's fixpoint: the rungs' fixpoint of the child already
            try:
                bit = kids.first(var, rem) if order is None else order.pick(var, rem)
                branch[2] = rem ^ bit
                below = expand(State(kids.child(var, bit, not branch[2])), depth + 1, ())
            except OutOfNodes:
                out.node_capped = True
                break
        if out.limit_hit or out.node_capped:
            break
        if below:
            stack.append(below)
    return Count.judged(puzzle, board, "ladder", out.count, out.cap, out.nodes, out.answers)


def fewest(dom: list[int], open_values: list[int]) -> int:
    """The first variable (lowest index) whose domain, one of ``open_values`` (those not single
    in ``dom``), has the fewest values: found by value where there are few distinct ones (each
    ``index`` runs in C), else by a scan."""
    least = min(d.bit_count() for d in open_values)
    if len(open_values) <= 8:
        return min(dom.index(d) for d in open_values if d.bit_count() == least)
    return next(v for v, d in enumerate(dom) if (not d or d & (d - 1)) and d.bit_count() == least)


def count(puzzle: Puzzle[BoardT, Any], board: BoardT, names: Iterable[Level] | None = None, limit: int = 2,
          node_cap: int = 10**6, dom: list[int] | None = None, accel: bool = True,
          root: Iterable[Level] | None = None, probe_cap: int | None = None,
          lookahead: Lookahead[BoardT] | None = None, misses: int | None = None) -> Count:
    """Count answers with the ladder; uses the puzzle's compiled kernel when it has one (else
    ``search``, with ``lookahead`` where probe runs at every node, and ``misses``).

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
    return search(puzzle, board, dom, names, limit, node_cap, root, probe_cap=probe_cap, fast=accel,
                  lookahead=lookahead, misses=misses)


# ---------------------------------------------------------------- grade


def grade(puzzle: Puzzle[BoardT, Any], board: BoardT, off: Iterable[Level] = (), node_cap: int = 10**6,
          accel: bool = True, probe_cap: int | None = None, unique: bool = False) -> Grade:
    """Grade a board: per level, the share of unclued variables its fixpoint settles. Where a
    probe runs past ``probe_cap`` trials the grade is unknown: status ``capped``. ``unique``: the
    caller has counted one answer already (the setter), so no level finishing it means search."""
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
    if unique and strongest is not None:
        return Grade(SEARCH, True, settled, UNIQUE)
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
