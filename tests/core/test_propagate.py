"""The readable ladder's fast path (core/propagate.py, each folder's propagator, the readable
passes' tables, the probe memo and the remembered probe fixpoints) changes how long the
readable ladder takes, never what it says: held here to the readable ladder as it stood before
(tests/core/ladder_before.py with the folders' frozen rungs, tests/puzzles/*/rungs_before.py),
step for step. Each rung's pass logs the same steps in the same order with the same premises
and meets the same contradictions; every level's fixpoint (and every ablation's) is the same
or contradicts alike, its probe spending the same trials; a hint-driven solve gets the same
hints from every position, with a player's undo among them; a count visits the same nodes.
How long any of it takes is measured by bench/hintwalk.py, not here."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from bench.load import drive
from pencilbox import bank, puzzles
from pencilbox.core import engine, ladder, propagate
from pencilbox.core.budgets import PLAYER_NODES
from pencilbox.core.engine import Budget, Contradiction, OutOfNodes, State
from pencilbox.verbs import play
from tests.core import ladder_before
from tests.puzzles.fillapix import rungs_before as fillapix_before
from tests.puzzles.ripple import rungs_before as ripple_before
from tests.puzzles.slant import rungs_before as slant_before
from tests.puzzles.sukoro import rungs_before as sukoro_before

#: every folder whose readable rungs changed with the fast path (passes rewritten for speed),
#: and those of them with propagators
BEFORE = {"fillapix": fillapix_before, "ripple": ripple_before, "slant": slant_before,
          "sukoro": sukoro_before}
ALL = sorted(BEFORE)
NAMES = ["fillapix", "ripple", "sukoro"]


def before(name: str) -> Any:
    """The puzzle with its frozen rungs and no propagators: the readable ladder of before (the
    remembered probe fixpoints are the engine's: ladder_before has none)."""
    puzzle = puzzles.get(name)
    frozen = type(f"Before{type(puzzle).__name__}", (type(puzzle),),
                  {"rungs": BEFORE[name].RUNGS, "propagators": None})
    return frozen()


def boards(name: str, sizes: tuple[tuple[int, int], ...], per: int) -> list[Any]:
    """Up to ``per`` bank boards of each size, the hardest grades first."""
    puzzle = puzzles.get(name)
    out = []
    for size in sizes:
        recs = [r for r in bank.load(name) if (r["rows"], r["cols"]) == size]
        recs.sort(key=lambda r: (-engine.grade_rank(puzzle, r["grade"]), r["id"]))
        out += [play.board_of(r) for r in recs[:per]]
    return out


SIZES = {"fillapix": ((5, 5), (8, 8), (10, 10), (15, 15)), "ripple": ((6, 6), (8, 8), (10, 10)),
         "slant": ((5, 5), (7, 7), (10, 10), (15, 15)), "sukoro": ((6, 6), (8, 8), (10, 10))}


def partial(rng: random.Random, start: list[int], share: float) -> list[int]:
    """``start`` with a share of its open domains narrowed to one value at random (some of
    those positions contradict: the rungs must agree there too)."""
    out = list(start)
    for i, d in enumerate(out):
        if d & (d - 1) and rng.random() < share:
            out[i] = rng.choice([b for b in engine.bits(d)])
    return out


def ablations(puzzle: Any) -> list[tuple[engine.Level, ...]]:
    """Every level, every level without one rung, and each rung alone with probe."""
    levels = engine.levels(puzzle)
    out = [engine.ladder(puzzle, level) for level in levels]
    out += [engine.ladder(puzzle, None, (rung,)) for rung in levels[:-1]]
    out += [(rung, engine.PROBE) for rung in levels[:-1]]
    return list(dict.fromkeys(out))


def test_the_folders_with_propagators_are_those_tested_here() -> None:
    """A folder that adds propagators adds its frozen rungs here (and is held to them)."""
    assert sorted(n for n in puzzles.names() if puzzles.get(n).propagators is not None) == NAMES


@pytest.mark.parametrize("name", ALL)
def test_each_pass_logs_the_same_steps_as_before(name: str) -> None:
    """Rung passes in a random order, each from where the last left off, from bank boards'
    partial positions to the fixpoint: each pass returns the same changed flag, logs the same
    steps (variable, before, after, rung, premises) in the same order and meets the same
    contradiction (rung and cells) as the rung of before did."""
    puzzle, old = puzzles.get(name), before(name)
    rng = random.Random(11)
    passes = 0
    for board in boards(name, SIZES[name], 3):
        start = puzzle.initial_state(board)
        for share in (0.0, 0.05, 0.15, 0.3):
            got, want = State(partial(rng, start, share), log=[]), State([], log=[])
            want.dom = got.dom.copy()
            idle = 0
            while idle < 2 * len(puzzle.rungs):
                k = rng.randrange(len(puzzle.rungs))
                outcome = []
                for rung, state in ((puzzle.rungs[k], got), (old.rungs[k], want)):
                    try:
                        outcome.append(rung.apply(board, state))
                    except Contradiction as why:
                        outcome.append((why.rung, why.cells))
                assert outcome[0] == outcome[1] and got.log == want.log and got.dom == want.dom, \
                    (name, puzzle.rungs[k].name, share)
                passes += 1
                idle = idle + 1 if outcome[0] is False else 0
                if outcome[0] not in (True, False):
                    break
    assert passes > 100


@pytest.mark.parametrize("name", ALL)
def test_every_fixpoint_is_the_one_before(name: str) -> None:
    """Every level and ablation from bank boards' partial positions: the fast path's fixpoint
    (or its contradiction) is the readable one of before; and the readable loop (accel off)
    with the new passes too."""
    puzzle, old = puzzles.get(name), before(name)
    rng = random.Random(12)
    for board in boards(name, SIZES[name][:-1], 1):  # each size's hardest: every ablation, three shares
        start = puzzle.initial_state(board)
        for names in ablations(puzzle):
            for share in (0.0, 0.1, 0.3):
                dom = partial(rng, start, share)
                want = ladder_before.run_fixpoint(old, board, dom, names)
                readable = engine.run_fixpoint(puzzle, board, dom, names, accel=False)
                assert readable == want, (name, names, share)
                fast = State(dom.copy())
                try:
                    ladder.fixpoint(puzzle, board, fast, names)
                except Contradiction:
                    fast.dom = None  # type: ignore[assignment]
                assert fast.dom == want, (name, names, share)


@pytest.mark.parametrize("name", ALL)
def test_probe_spends_the_same_trials(name: str) -> None:
    """A probe fixpoint under a trial cap runs out exactly where the readable one of before does
    (each trial one node, in the same order), worked out afresh or remembered from an earlier
    run (whose trials it then spends from the budget)."""
    puzzle, old = puzzles.get(name), before(name)
    names = engine.ladder(puzzle)

    def outcome(which: Any, board: Any, start: list[int], cap: int | None) -> tuple[Any, int | None]:
        budget, state = Budget(cap), State(start.copy())
        try:
            (ladder_before.fixpoint if which is old else ladder.fixpoint)(which, board, state, names, budget)
        except OutOfNodes:
            return OutOfNodes, budget.left
        except Contradiction:
            return Contradiction, budget.left
        return state.dom, budget.left

    tested = 0
    for board in boards(name, SIZES[name][1:], 1):
        if tested == 2:  # two boards that probe enough (the next size's added 11 s to the suite)
            break
        start = puzzle.initial_state(board)
        counted = ladder._Counted(None)
        ladder_before.fixpoint(old, board, State(start.copy()), names, counted)
        trials = counted.used
        if trials <= 10:
            continue
        tested += 1
        for cap in (0, 1, trials // 3, trials - 1, trials, trials + 5, None):
            want = outcome(old, board, start, cap)
            assert (want[0] is OutOfNodes) == (cap is not None and cap < trials)
            ladder._DONE.clear()
            assert outcome(puzzle, board, start, cap) == want, (name, cap, "afresh")
            outcome(puzzle, board, start, None)
            assert outcome(puzzle, board, start, cap) == want, (name, cap, "remembered")
    assert tested


@pytest.mark.parametrize("name", NAMES)
def test_a_contradiction_of_the_fast_path_names_the_readable_cells(name: str) -> None:
    """An unlogged fixpoint that contradicts says which rung and cells as the readable run does
    (worked out when read), and crosses to another process as a plain Contradiction."""
    puzzle, old = puzzles.get(name), before(name)
    rng = random.Random(13)
    met = 0
    for board in boards(name, SIZES[name][:2], 2):
        for _ in range(30):
            dom = partial(rng, puzzle.initial_state(board), 0.4)
            for names in (engine.ladder(puzzle, engine.levels(puzzle)[-2]), engine.ladder(puzzle)):
                try:
                    ladder_before.fixpoint(old, board, State(dom.copy()), names)
                    continue
                except Contradiction as why:
                    want = (why.rung, why.cells)
                with pytest.raises(Contradiction) as got:
                    ladder.fixpoint(puzzle, board, State(dom.copy()), names)
                assert (got.value.rung, got.value.cells) == want
                assert str(got.value) == str(Contradiction(*want))
                copied = pickle.loads(pickle.dumps(got.value))
                assert type(copied) is Contradiction and (copied.rung, copied.cells) == want
                met += isinstance(got.value, propagate.Unexplained)
    assert met > 5


#: hint walks: the larger board is Slant's 15x15 (a 15x15 Fill-a-Pix walk took 14 s against the old ladder)
WALKS = {"fillapix": ("fillapix-10x10-any-01",),
         "ripple": ("ripple-10x10-probe-07", "ripple-10x10-hidden-08", "ripple-8x8-probe-01"),
         "slant": ("slant-15x15-probe-06", "slant-10x10-probe-01"),
         "sukoro": ("sukoro-10x10-probe-08", "sukoro-10x10-search-08", "sukoro-10x10-minimal-02")}


@pytest.mark.parametrize(("name", "board_id"), [(n, b) for n in ALL for b in WALKS[n]])
def test_hints_are_the_ones_before(monkeypatch: pytest.MonkeyPatch, name: str, board_id: str) -> None:
    """Along a hint-driven solve at the top level (the page's), every hint from the readable
    rungs alone (nothing compiled: the propagator's scan, its memo carried from position to
    position) equals the readable hint of before, at the top level and one level down; then
    from positions a player undid back to (the memo's bases no longer narrow)."""
    monkeypatch.setenv("PENCILBOX_KERNELS", "reference")
    puzzle, old = puzzles.get(name), before(name)
    board = play.board_of(next(r for r in bank.load(name) if r["id"] == board_id))
    marks = puzzle.marks
    top = engine.ladder(puzzle)
    down = engine.ladder(puzzle, engine.levels(puzzle)[-2])
    seen: list[list[Any]] = []

    def done(var: int, d: int) -> bool:
        return marks.mark(board, var, d) is not None

    def both(position: list[Any]) -> None:
        dom = marks.to_state(board, position)
        for names in (top, down):
            got = engine.hint(puzzle, board, dom, names, done=done, early=True, node_cap=PLAYER_NODES)
            want = ladder_before.hint(old, board, dom, names, done, True, PLAYER_NODES)
            assert got == want, (board_id, names, position)

    def step(data: Any, position: list[Any], level: str | None) -> Any:
        seen.append(list(position))
        both(position)
        return play.hint(data, position, level)
    run = drive.solve_by_hints(board, None, step)
    assert len(seen) > 10 and run.last["kind"] in ("solved", "stuck")
    for position in (seen[len(seen) // 3], seen[1], seen[len(seen) // 2]):  # back, further back, forward
        both(position)


@pytest.mark.parametrize("name", ALL)
def test_a_count_visits_the_same_nodes(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The counting search on the propagator (each node from its parent's fixpoint) and on the
    readable passes (accel off): the same count, nodes, answers and status, on boards that need
    search; and the grade alike."""
    monkeypatch.setenv("PENCILBOX_KERNELS", "reference")
    puzzle = puzzles.get(name)
    for board in boards(name, SIZES[name][2:3], 2):
        fast = engine.count(puzzle, board, limit=2, node_cap=5000)
        slow = engine.count(puzzle, board, limit=2, node_cap=5000, accel=False)
        assert (fast.count, fast.nodes, fast.answers, fast.status) == \
            (slow.count, slow.nodes, slow.answers, slow.status), name
        names = engine.ladder(puzzle, puzzle.search_level)
        fast = engine.count(puzzle, board, names, 2, 300)
        slow = engine.count(puzzle, board, names, 2, 300, accel=False)
        assert (fast.count, fast.nodes, fast.status) == (slow.count, slow.nodes, slow.status), name
        graded = engine.grade(puzzle, board, node_cap=5000)
        assert graded == engine.grade(puzzle, board, node_cap=5000, accel=False), name
