"""The plain-Python erasure loop (erase.py) against the readable rungs' passes: every check's
verdict (the level alone finishes the board, or the answer stays the only one) is the readable
one, so every board is the readable loop's (the compiled loop is held to it in test_generate.py)."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.core.generate import grade_of
from pencilbox.puzzles.fillapix import PUZZLE, erase, generate
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
    SETTLE_NODES each (fewer here, so that some stay unsettled), in order, as the readable
    loop does (each board counted afresh)."""
    monkeypatch.setattr(generate, "SETTLE_NODES", 60)
    rng = random.Random(301)
    pic, _ = generate.picture(13, 13, rng)
    avoid = [2 if v else 1 for v in pic]
    order = list(range(169))
    rng.shuffle(order)
    full = Board(13, 13, generate.all_clues(13, 13, pic))
    clues, capped, loop = erase.minimise(13, 13, full.clues, order, avoid, generate.check_rungs(),
                                         generate.NODE_CAP)
    want, want_capped, want_unsettled = generate.erase_readably(full, order, avoid)
    assert capped == want_capped and capped
    assert erase.settle(loop, capped, generate.SETTLE_NODES) == (want, want_unsettled)


def test_the_loop_runs_a_ladder_with_count() -> None:
    with pytest.raises(ValueError, match="count"):
        erase.Loop(2, 2, (None,) * 4, [1, 1, 1, 1], ("sides",))
