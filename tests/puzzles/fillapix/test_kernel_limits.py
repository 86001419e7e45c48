"""The Fill-a-Pix kernel at any size: its geometry tables equal the readable pair list,
its trail search counts as the readable search does (nodes and answers too) from random
partial states, and a blank 100x100 search keeps memory proportional to the board."""

import random

import pytest

from pencilbox.core import engine
from pencilbox.core.geometry import grid
from pencilbox.puzzles.fillapix import PUZZLE, jit, kernel
from pencilbox.puzzles.fillapix.board import BOTH, Board
from pencilbox.puzzles.fillapix.rungs import all_pairs
from tests.memory import growth

SIZES = [(1, 1), (1, 6), (2, 2), (3, 3), (4, 7), (7, 4), (6, 6)]


@pytest.mark.parametrize("rows,cols", SIZES)
def test_geometry_equals_the_readable_pairs(rows: int, cols: int) -> None:
    block, pa, pb, kind, rel, nrel, iptr, inc, pmask = kernel._geometry(rows, cols)
    g = grid(rows, cols)
    ps = all_pairs(rows, cols)
    assert [tuple(int(x) for x in block[i, : block[i, 18]]) for i in range(g.size)] == list(g.block)
    assert list(zip(pa.tolist(), pb.tolist(), strict=True)) == [(p[0], p[1]) for p in ps]
    for t, p in enumerate(ps):  # the parts, cut by the border, from the pair's offset kind
        for part in range(3):
            cells = [jit._part_cell(t, part, q, block, pa, pb, kind, rel)
                     for q in range(nrel[part, kind[t]])]
            assert tuple(c for c in cells if c >= 0) == p[2 + part]
    assert pmask[:, 2].tolist() == [len(p[2]) for p in ps]
    for c in range(g.size):  # each cell's pairs: every pair it ends, largest shared part first
        mine = inc[iptr[c]: iptr[c + 1]].tolist()
        assert sorted(mine) == [t for t, p in enumerate(ps) if c in p[:2]]
        assert [len(ps[t][2]) for t in mine] == sorted((len(ps[t][2]) for t in mine), reverse=True)


def _random_board(rng: random.Random) -> tuple[Board, list[int]]:
    rows, cols = rng.randint(1, 5), rng.randint(1, 5)
    pic = [rng.randint(0, 1) for _ in range(rows * cols)]
    g = grid(rows, cols)
    clues = tuple(sum(pic[j] for j in g.block[i]) if rng.random() < 0.6 else None for i in range(rows * cols))
    return Board(rows, cols, clues), pic


def test_trail_search_equals_the_readable_search_on_random_states() -> None:
    rng = random.Random(13)
    levels = [engine.ladder(PUZZLE, "sides"), engine.ladder(PUZZLE, "pair"), engine.ladder(PUZZLE, "probe")]
    for _ in range(120):
        board, pic = _random_board(rng)
        dom = [(2 if v else 1) if rng.random() < 0.2 else BOTH for v in pic]
        if rng.random() < 0.3:
            dom[rng.randrange(len(dom))] = rng.choice((1, 2))
        names = rng.choice(levels)
        root = engine.ladder(PUZZLE) if rng.random() < 0.5 else names
        limit, cap = rng.choice(((2, 10**6), (10**6, 10**6), (10**6, 5)))
        fast = kernel.search(board, dom, names, limit, cap, root)
        slow = engine.search(PUZZLE, board, dom, names, limit, cap, root)
        assert (fast.count, fast.limit_hit, fast.node_capped, fast.nodes, fast.answers) == \
            (slow.count, slow.limit_hit, slow.node_capped, slow.nodes, slow.answers)


SETUP = """
from pencilbox.core import engine
from pencilbox.puzzles.fillapix import PUZZLE
from pencilbox.puzzles.fillapix.board import Board
def blank(side):
    return engine.count(PUZZLE, Board(side, side, (None,) * (side * side)), limit=2, node_cap=100000)
"""


def test_blank_100x100_search_memory_follows_the_board_not_the_depth() -> None:
    """10^4 cells, 10^4 deep: per-depth copies of the state took 2.4 GB; a trail ~1 MB."""
    res = growth(SETUP, "blank(3)", "blank(100)")
    assert (res["count"], res["nodes"]) == (2, 10256)
    assert res["grown_mb"] < 400, res  # the per-depth copies took 2,400; a full run read 112 once
