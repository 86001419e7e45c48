"""The seed's worked example of the rung ``duet`` (rungs.py) on a 5 x 5 board: two adjacent 3s force
the four outer cells toward them and leave the two middle cells open (only an XOR survives); two
adjacent 1s on the edge force nothing (their flanking cells are only known to be equal)."""

from __future__ import annotations

from itertools import product

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.slant import PUZZLE
from pencilbox.puzzles.slant.board import BACK, BOTH, FWD, TOUCH, Board
from pencilbox.puzzles.slant.rungs import duets

SIZE = 5
RULE_SETS = [("duet",), ("count", "duet"), ("count", "cycle", "duet"), ("count", "cycle", "duet", "probe")]
# 3s on lattice points (2, 2) and (2, 3): the seed's cell (1, 1) is outer, (1, 2) middle
OUTER = {(1, 1): BACK, (2, 1): FWD, (1, 3): FWD, (2, 3): BACK}  # each turns its tip to a 3
MIDDLE = ((1, 2), (2, 2))  # each touches exactly one of the two clues
FLANKS = ((0, 1), (0, 3))  # 1s on the top edge at (0, 2) and (0, 3): the seed's A and B


def pair(value: int, row: int = 2) -> Board:
    """Two equal clues on lattice points (row, 2) and (row, 3) of an empty 5 x 5 board."""
    clues: list[int | None] = [None] * (SIZE + 1) ** 2
    clues[row * (SIZE + 1) + 2] = clues[row * (SIZE + 1) + 3] = value
    return Board(SIZE, SIZE, tuple(clues))


def cell(r: int, c: int) -> int:
    return r * SIZE + c


def settle(board: Board, names: tuple[str, ...], accel: bool) -> list[int]:
    dom = engine.run_fixpoint(PUZZLE, board, PUZZLE.initial_state(board), names, accel=accel)
    assert dom is not None
    return dom


def forced(dom: list[int]) -> dict[tuple[int, int], int]:
    return {divmod(i, SIZE): d for i, d in enumerate(dom) if d != BOTH}


@pytest.mark.parametrize("accel", [False, True], ids=["rungs", "kernel"])
@pytest.mark.parametrize("names", RULE_SETS, ids=["+".join(n) for n in RULE_SETS])
def test_adjacent_threes_force_the_four_outer_cells(names: tuple[str, ...], accel: bool) -> None:
    dom = settle(pair(3), names, accel)
    assert forced(dom) == OUTER
    assert [dom[cell(*rc)] for rc in MIDDLE] == [BOTH, BOTH]


@pytest.mark.parametrize("accel", [False, True], ids=["rungs", "kernel"])
@pytest.mark.parametrize("names", RULE_SETS, ids=["+".join(n) for n in RULE_SETS])
def test_adjacent_ones_on_the_edge_force_nothing(names: tuple[str, ...], accel: bool) -> None:
    assert forced(settle(pair(1, row=0), names, accel)) == {}


@pytest.mark.parametrize("accel", [False, True], ids=["rungs", "kernel"])
def test_adjacent_ones_inside_turn_the_outer_cells_away(accel: bool) -> None:
    """Away from the edge the middle cells already give the pair its two touches, so duet
    turns the four outer cells away (the 3s' mirror); the middle cells stay open."""
    away = {rc: BOTH ^ v for rc, v in OUTER.items()}
    assert forced(settle(pair(1), ("duet",), accel)) == away


def survivors(board: Board) -> list[dict[int, int]]:
    """Every joint assignment of the pair's cells that meets both clues."""
    (p, q, cells), = duets(board)
    out = []
    for combo in product((FWD, BACK), repeat=len(cells)):
        trial = dict(zip(cells, combo, strict=True))
        if all(touching(board, trial, x) == board.clues[x] for x in (p, q)):
            out.append(trial)
    return out


def touching(board: Board, trial: dict[int, int], p: int) -> int:
    return sum(trial[i] == TOUCH[k] for i, k in board.grid.around[p])


def test_what_the_pairs_leave_is_a_relation() -> None:
    """3s: each middle cell touches a different 3 (the XOR: same orientation, either way);
    edge 1s: A and B agree in every survivor, both ways, so no value can be written down."""
    threes = survivors(pair(3))
    assert {tuple(t[cell(*rc)] for rc in MIDDLE) for t in threes} == {(FWD, FWD), (BACK, BACK)}
    ones = survivors(pair(1, row=0))
    assert {tuple(t[cell(*rc)] for rc in FLANKS) for t in ones} == {(FWD, FWD), (BACK, BACK)}


@pytest.mark.parametrize("side", [FWD, BACK], ids=["/", "\\"])
def test_the_equality_fires_through_count_once_one_side_decides(side: int) -> None:
    board = pair(1, row=0)
    dom = PUZZLE.initial_state(board)
    dom[cell(*FLANKS[0])] = side
    out = engine.run_fixpoint(PUZZLE, board, dom, ("count",))
    assert out is not None and out[cell(*FLANKS[1])] == side
