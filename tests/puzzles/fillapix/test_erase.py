"""The plain-Python erasure loop (erase.py) against the readable rungs' passes: every check's
verdict (the level alone finishes the board, or the answer stays the only one) is the readable
one, so every board is the readable loop's (the compiled loop is held to it in test_generate.py)."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.core.generate import grade_of
from pencilbox.puzzles.fillapix import PUZZLE, erase, erasure, generate
from pencilbox.puzzles.fillapix.board import BOTH, Board

LEVELS = ("count", "pair", "sides", "probe")


def readable_finishes(board: Board, level: str) -> bool:
    """The readable passes' verdict, never the compiled kernel's."""
    names = engine.ladder(PUZZLE, engine.named(PUZZLE, level))
    dom = engine.run_fixpoint(PUZZLE, board, [BOTH] * board.rows * board.cols, names, accel=False)
    return dom is not None and BOTH not in dom


def draw(rng: random.Random, low: int = 1, high: int = 6) -> tuple[int, int, list[int], tuple[int, ...]]:
    rows, cols = rng.randint(low, high), rng.randint(low, high)
    pic, _ = generate.picture(rows, cols, rng)
    return rows, cols, [2 if v else 1 for v in pic], generate.all_clues(rows, cols, pic)


@pytest.fixture
def readable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The generator as the browser runs it: no compiled loop, no SAT."""
    monkeypatch.setattr(generate, "generator_ready", lambda puzzle: False)
    monkeypatch.setattr(generate, "sat_present", lambda: False)


@pytest.mark.parametrize("level", LEVELS)
def test_checks_agree_with_the_readable_fixpoint_on_random_clue_sets(level: str) -> None:
    rng = random.Random(LEVELS.index(level))
    names = engine.ladder(PUZZLE, engine.named(PUZZLE, level))
    verdicts = set()
    for _ in range(60):
        rows, cols, avoid, full = draw(rng)
        density = rng.choice((0.4, 0.6, 0.8, 1.0))
        clues = tuple(v if rng.random() < density else None for v in full)
        loop = erase.Loop(rows, cols, clues, avoid, names)
        got = loop.check()
        assert got == readable_finishes(Board(rows, cols, clues), level)
        assert loop.check() == got  # the loop starts afresh each check
        verdicts.add(got)
    assert verdicts == {True, False}


@pytest.mark.parametrize("node_cap", (0, 2, generate.NODE_CAP))
def test_uniqueness_verdicts_agree_with_the_readable_check(readable: None, node_cap: int) -> None:
    rng = random.Random(node_cap)
    verdicts = set()
    for _ in range(40):
        rows, cols, avoid, full = draw(rng, 3, 7)
        clues = tuple(v if rng.random() < 0.5 else None for v in full)
        shown = [i for i, v in enumerate(clues) if v is not None]
        if not shown:
            continue
        i = rng.choice(shown)
        left = tuple(None if j == i else v for j, v in enumerate(clues))
        loop = erase.Loop(rows, cols, left, avoid, generate.check_rungs())
        loop.schedule()
        assert loop.base()
        before = loop.dom[:]
        got = loop.unique(i, node_cap)
        assert got == generate.still_unique(Board(rows, cols, left), avoid, i, node_cap)
        assert loop.dom == before  # the check leaves the fixpoint as it came
        verdicts.add(got)
    assert verdicts == {"unique", "rival", "capped"} if node_cap < generate.NODE_CAP else "unique" in verdicts


@pytest.mark.parametrize("level", [None, "count", "sides", "probe"])
def test_the_plain_loop_keeps_the_readable_loops_clues(readable: None, level: str | None) -> None:
    named = None if level is None else engine.named(PUZZLE, level)
    for size in (3, 5, 7):
        for seed in range(3):
            plain = generate.make(size, size, seed, named)
            assert plain == generate.make(size, size, seed, named, rungs=True)
            assert generate.grade_plain(plain) == grade_of(PUZZLE, plain)


def test_capped_clues_are_settled_as_the_readable_loop_settles_them(readable: None,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """At 13x13 some checks run out of NODE_CAP nodes: the loop settles them afterwards with
    SETTLE_NODES each (fewer here, so that some stay unsettled), in order, to the clues the
    readable loop keeps (each board counted afresh)."""
    monkeypatch.setattr(generate, "SETTLE_NODES", 60)
    rng = random.Random(301)
    pic, _ = generate.picture(13, 13, rng)
    avoid = [2 if v else 1 for v in pic]
    order = list(range(169))
    rng.shuffle(order)
    full = Board(13, 13, generate.all_clues(13, 13, pic))
    clues, capped, loop = erasure.minimise(13, 13, full.clues, order, avoid, generate.check_rungs(),
                                         generate.NODE_CAP)
    want, want_capped, want_unsettled = generate.erase_readably(full, order, avoid)
    assert capped == want_capped and capped
    settled, unsettled = erasure.settle(loop, capped, generate.SETTLE_NODES)
    # the same clues; fewer left unsettled: a probe trial that meets a second answer settles the
    # check (the clue stays) where the capped search from probe's fixpoint ran out first
    assert settled == want and 0 < unsettled < want_unsettled


def test_the_loop_runs_a_ladder_with_count() -> None:
    with pytest.raises(ValueError, match="count"):
        erase.Loop(2, 2, (None,) * 4, [1, 1, 1, 1], ("sides",))


def _probe_loop(size: int, seed: int) -> tuple[erase.Loop, list[int], list[int], tuple[int, ...]]:
    """A picture, its order and the probe loop at its fixpoint on every clue."""
    rng = random.Random(seed)
    pic, _ = generate.picture(size, size, rng)
    avoid = [2 if v else 1 for v in pic]
    order = list(range(size * size))
    rng.shuffle(order)
    full = generate.all_clues(size, size, pic)
    loop = erase.Loop(size, size, full, avoid, engine.ladder(PUZZLE, "probe"))
    loop.schedule()
    loop.finishes()
    return loop, avoid, order, full


def test_probe_drops_outlive_an_erasure_their_proof_never_read() -> None:
    """A probe drop is trailed with its proof (the clues its trial needed, the cells those read):
    an erasure that touches neither leaves it, and the fixpoint after each erasure is still the
    one from scratch (on a board probe finishes, then after the loop's erasures)."""
    loop, avoid, order, _ = _probe_loop(12, 7)
    kept_any = False
    for i in order:
        drops = sum(r >= loop.proofs for _, r in loop.trail)
        kept = loop.clue[i]
        loop.hide(i)
        saved = loop.save()
        loop.reopen(i)
        kept_any |= 0 < sum(r >= loop.proofs for _, r in loop.trail) and drops > 0
        verdict = loop.finishes(i)
        left = Board(12, 12, tuple(None if v < 0 else v for v in loop.clue))
        fresh = engine.run_fixpoint(PUZZLE, left, [BOTH] * 144, engine.ladder(PUZZLE, "probe"))
        assert fresh is not None and verdict == (BOTH not in fresh)
        if not loop.rival_seen:  # else it stopped early, short of the fixpoint
            assert loop.dom == fresh
        if not verdict:
            loop.show(i, kept)
            loop.restore(saved)
    assert kept_any


def test_a_level_check_stops_at_a_second_answer() -> None:
    """A probe check on a board with two answers stops once a trial's completion is an answer
    or a short search from the redone drops meets one (``rival_seen``): no level finishes it."""
    loop, avoid, order, full = _probe_loop(10, 3)
    seen = 0
    for i in order:
        kept = loop.clue[i]
        loop.hide(i)
        saved = loop.save()
        loop.reopen(i)
        if not loop.finishes(i):
            left = tuple(None if v < 0 else v for v in loop.clue)
            if loop.rival_seen:
                seen += 1
                assert PUZZLE.sat_count(Board(10, 10, left), 2, 10**9).count == 2
            loop.show(i, kept)
            loop.restore(saved)
    assert seen


def test_settling_without_sat_proves_by_probe_first(readable: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without SAT a capped clue is settled from probe's fixpoint: where probe finishes the board
    without it, it goes with no search at all (here with no branch point allowed), as the
    readable settle decides; what is left is unique, by SAT."""
    monkeypatch.setattr(generate, "SETTLE_NODES", 0)
    rng = random.Random(301)
    pic, _ = generate.picture(13, 13, rng)
    avoid = [2 if v else 1 for v in pic]
    order = list(range(169))
    rng.shuffle(order)
    full = Board(13, 13, generate.all_clues(13, 13, pic))
    clues, capped, loop = erasure.minimise(13, 13, full.clues, order, avoid, generate.check_rungs(),
                                         generate.NODE_CAP)
    settled, unsettled = erasure.settle(loop, capped, generate.SETTLE_NODES)
    want, want_unsettled = generate.settle_by_search(Board(13, 13, clues), avoid, list(capped))
    assert settled == want and unsettled < want_unsettled  # a trial's second answer settles a check
    gone = [i for i in capped if settled[i] is None]
    assert gone  # the base-rooted search, with no branch point, settled none of them
    assert PUZZLE.sat_count(Board(13, 13, settled), 2, 10**9).count == 1


def test_an_erased_clue_in_the_order_changes_nothing() -> None:
    """A clue already erased that the order names again is checked and stays erased, in the
    loop's rule lists too (the compiled loop does the same)."""
    rng = random.Random(5)
    rows, cols, avoid, full = draw(rng, 6, 6)
    order = list(range(rows * cols))
    rng.shuffle(order)
    names, cap = generate.check_rungs(), generate.NODE_CAP
    clues, _, _ = erasure.minimise(rows, cols, full, order, avoid, names, cap)
    again, _, second = erasure.minimise(rows, cols, clues, order, avoid, names, cap)
    assert all(again[i] is None for i, v in enumerate(clues) if v is None)
    for c in range(rows * cols):
        assert all(second.clue[j] >= 0 for j in second.live_clues[c])
        assert all(second.clue[second.s.pa[t]] >= 0 and second.clue[second.s.pb[t]] >= 0
                   for t in second.live_pairs[c])
