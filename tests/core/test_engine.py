"""The engine's levels, ablation and result types, on Sukoro."""

import pytest

from pencilbox.core import engine
from pencilbox.puzzles.sukoro import PUZZLE
from pencilbox.puzzles.sukoro.board import Board


def test_levels_cumulative_and_ablation() -> None:
    assert engine.levels(PUZZLE) == ("deg", "neq", "conn", "probe")
    assert engine.ladder(PUZZLE, "neq") == ("deg", "neq")
    assert engine.ladder(PUZZLE, None, off=("neq",)) == ("deg", "conn", "probe")
    with pytest.raises(ValueError, match="unknown level"):
        engine.ladder(PUZZLE, "magic")


def test_count_statuses() -> None:
    blank13 = Board(1, 3, (None,) * 3)
    assert engine.count(PUZZLE, blank13).status == "unique"
    blank14 = Board(1, 4, (None,) * 4)
    res = engine.count(PUZZLE, blank14)
    assert res.status == "multiple" and res.limit_hit and len(res.answers) == 2
    blank12 = Board(1, 2, (None,) * 2)
    assert engine.count(PUZZLE, blank12).status == "none"


def test_node_cap_reports_lower_bound() -> None:
    res = engine.count(PUZZLE, Board(5, 5, (None,) * 25), limit=10**9, node_cap=10)
    assert res.node_capped and res.nodes == 10 and res.count < 18230


def test_restrict_records_reasons_and_contradictions() -> None:
    state = engine.State([0b111], log=[])
    assert state.restrict(0, 0b011, "r", (5,)) is True
    assert state.restrict(0, 0b011, "r") is False
    assert state.log == [engine.Step(0, 0b111, 0b011, "r", (5,))]
    with pytest.raises(engine.Contradiction):
        state.restrict(0, 0b100, "r")


def test_grade_searches_from_the_strongest_fixpoint() -> None:
    """A 20x20 board the generator proved unique that no level finishes: grade says search.
    A search from the empty domains ran out of its 10^6 nodes on it (grade None, capped)."""
    from pencilbox.puzzles.sukoro.generate import make

    made = make(20, 20, 3)
    got = engine.grade(PUZZLE, made.board)
    assert (got.grade, got.status) == ("search", "unique")
    assert got.settled["probe"] is not None and got.settled["probe"] < 1


def test_a_deep_readable_search_meets_no_recursion_limit() -> None:
    """A blank board branches down one path for as many nodes as the cap allows: the readable
    walk keeps its branches on a stack (it recursed, and 1,000 deep raised RecursionError)."""
    from pencilbox import boardio, puzzles
    board = boardio.board_from_json({"puzzle": "fillapix", "rows": 40, "cols": 40,
                                     "clues": [[None] * 40 for _ in range(40)]})
    puzzle = puzzles.get("fillapix")
    res = engine.search(puzzle, board, puzzle.initial_state(board),
                        engine.ladder(puzzle, puzzle.search_level), 2, 1500)
    assert res.status == "capped" and res.nodes == 1500


def test_the_branch_cell_is_the_first_with_the_fewest_values() -> None:
    """``fewest`` (by value, each ``index`` in C) picks the cell the search always branched on:
    the first open domain (not single; an empty one counts, with no values) of the fewest values."""
    import random
    rng = random.Random(3)
    for _ in range(2000):
        dom = [rng.choice((0, 1, 2, 3, 4, 6, 7, 12, 15, 31)) for _ in range(rng.randint(1, 30))]
        open_vars = [v for v, d in enumerate(dom) if not engine.single(d)]
        if not open_vars:
            continue
        open_values = [d for d in set(dom) if not engine.single(d)]
        assert engine.fewest(dom, open_values) == min(open_vars, key=lambda v: dom[v].bit_count())
