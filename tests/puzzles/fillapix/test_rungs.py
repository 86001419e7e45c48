"""The Fill-a-Pix ladder (rungs.py): each rung alone is sound, the kernel reaches the readable
rungs' fixpoints node for node, every published board solves (50x70 and 60x100 too)."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.fillapix import PUZZLE
from pencilbox.puzzles.fillapix.board import BOTH, Board
from tests.puzzles.fillapix.helpers import published

PUB = published()
SMALL = published(400)
ALONE = [("count",), ("pair",), ("sides",), ("count", "probe"), ("pair", "probe"), ("count", "pair", "probe"),
         ("count", "pair", "sides", "probe")]
LEVELS = [("count",), ("count", "pair"), ("count", "pair", "sides"), ("count", "pair", "probe"),
          ("pair", "probe"), ("pair", "sides"), ("count", "pair", "sides", "probe")]


def partial(pic: tuple[int, ...], rng: random.Random, share: float) -> list[int]:
    return [(2 if v else 1) if rng.random() < share else BOTH for v in pic]


@pytest.mark.parametrize("names", ALONE, ids=["+".join(n) for n in ALONE])
def test_each_rung_alone_keeps_the_answer(names: tuple[str, ...]) -> None:
    rng = random.Random(6)
    for _, board, pic in SMALL:
        for share in (0.0, 0.2):
            state = engine.State(partial(pic, rng, share))
            engine.fixpoint(PUZZLE, board, state, names)
            assert all(d & (2 if v else 1) for d, v in zip(state.dom, pic, strict=True))


@pytest.mark.parametrize("names", LEVELS, ids=["+".join(n) for n in LEVELS])
def test_kernel_fixpoint_equals_reference(names: tuple[str, ...]) -> None:
    rng = random.Random(7)
    for _, board, pic in SMALL:
        for share in (0.0, 0.3):
            dom = partial(pic, rng, share)
            if rng.random() < 0.3:
                dom[rng.randrange(len(dom))] = rng.choice((1, 2))
            assert engine.run_fixpoint(PUZZLE, board, dom, names, accel=False) == \
                engine.run_fixpoint(PUZZLE, board, dom, names, accel=True)


@pytest.mark.parametrize("bid,board,pic", PUB, ids=[p[0] for p in PUB])
def test_published_boards_counted_node_for_node_up_to_225_cells(bid: str, board: Board,
                                                                pic: tuple[int, ...]) -> None:
    """(Up to 150 cells, and every board solved: tests/registry/test_contract.py.)"""
    if 150 < board.rows * board.cols <= 225:
        fast = engine.count(PUZZLE, board, limit=2)
        slow = engine.count(PUZZLE, board, limit=2, accel=False)
        assert (slow.count, slow.nodes) == (fast.count, fast.nodes) == (1, fast.nodes)


def test_search_level_and_ablation_count_the_same() -> None:
    rng = random.Random(2)
    for _ in range(150):
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        pic = [rng.randint(0, 1) for _ in range(rows * cols)]
        g = Board(rows, cols, (None,) * (rows * cols)).grid
        clues = tuple(sum(pic[j] for j in g.block[i]) if rng.random() < 0.6 else None
                      for i in range(rows * cols))
        board = Board(rows, cols, clues)
        counts = {engine.count(PUZZLE, board, engine.ladder(PUZZLE, lv, off), 10**6, 10**7).count
                  for lv, off in (("count", ()), ("pair", ()), ("probe", ()), ("probe", ("count",)),
                                  ("probe", ("pair",)))}
        assert counts == {PUZZLE.brute_count(board, 10**6, 10**9).count}


def test_pair_bounds_the_shared_cells_only() -> None:
    """Clues 2 and 1 on a 1x3 row share the middle cell: pair paints it (both bounds are 1)
    and leaves the private cells to count, in the readable rung and the kernel alike."""
    board = Board(1, 3, (2, None, 1))
    for accel in (False, True):
        assert engine.run_fixpoint(PUZZLE, board, [BOTH] * 3, ("pair",), accel=accel) == [BOTH, 2, BOTH]
        assert engine.run_fixpoint(PUZZLE, board, [BOTH] * 3, ("count", "pair"), accel=accel) == [2, 2, 1]


def test_sides_is_the_rung_after_pair() -> None:
    """pair bounds the shared cells only (the seed's rule); sides, pair's stronger form,
    is a rung of its own between pair and probe, and the counting search propagates with it."""
    assert engine.levels(PUZZLE) == ("count", "pair", "sides", "probe")
    assert PUZZLE.search_level == "sides"


def test_sides_without_pair_runs_the_readable_rungs() -> None:
    """An ablation that switches pair off keeps sides: the kernel declines it (its sides is an
    add-on to pair's pass) and the readable rungs give the fixpoint."""
    assert not PUZZLE.kernel.supports(("count", "sides"))
    assert PUZZLE.kernel.supports(("count", "pair", "sides", "probe"))


def test_the_pairs_of_a_clue_layout_are_those_of_every_cell_with_both_clued() -> None:
    """Built from the clued cells only (a blank 500x500 board built every cell's pairs first:
    1.4 GB); the same pairs, in the same order, as the filtered list of every cell's."""
    from pencilbox.puzzles.fillapix.rungs import all_pairs, pairs
    rng = random.Random(27)
    for _ in range(40):
        rows, cols = rng.randint(1, 7), rng.randint(1, 7)
        clues = tuple(rng.choice((None, None, 0, 3, 9)) for _ in range(rows * cols))
        board = Board(rows, cols, clues)
        want = tuple(p for p in all_pairs(rows, cols) if clues[p[0]] is not None and clues[p[1]] is not None)
        assert pairs(board) == want
    assert pairs(Board(300, 300, (None,) * 90_000)) == ()


def test_fillapix_pairs_made_afresh_are_the_kept_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past PAIRS_KEPT clues the pairs are made afresh each pass (250,000 kept ones held 1.2 GB):
    the same pairs in the same order, so every rung reads the same."""
    import random

    from pencilbox import boardio
    from pencilbox.puzzles.fillapix import rungs
    rng = random.Random(5)
    clues = [[rng.choice([None, 0, 3, 5]) for _ in range(13)] for _ in range(11)]
    board = boardio.board_from_json({"puzzle": "fillapix", "rows": 11, "cols": 13, "clues": clues})
    kept = tuple(rungs.pairs(board))
    monkeypatch.setattr(rungs, "PAIRS_KEPT", 0)
    fresh = rungs.pairs(board)
    assert not isinstance(fresh, tuple) and tuple(fresh) == kept and len(kept) > 100
