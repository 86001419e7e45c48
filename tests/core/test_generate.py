"""The generators' erasure tests: the readable one counts the checks that ran out of nodes
(issue 17 item 5), the exact one (SAT under assumptions) never caps, and a board proved
unique is graded without the uniqueness search."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from pysat.solvers import Solver

from pencilbox import bank, boardio, puzzles
from pencilbox.core import drivers, engine
from pencilbox.core.generate import Made, Rivals, grade_of, keep_test


def _banked(grade: str) -> Any:
    rec = next(r for r in bank.load("sukoro") if r["grade"] == grade)
    return boardio.board_from_json({k: v for k, v in rec.items() if k != "answer"})


def test_keep_test_counts_its_capped_checks() -> None:
    puzzle = puzzles.get("sukoro")
    board = _banked("search")
    one_less = drivers.erased(board, next(i for i, v in enumerate(board.clues) if v is not None)).clues
    keep = keep_test(puzzle, lambda clues: replace(board, clues=clues), None, node_cap=0)
    assert keep(one_less) is False and keep.capped == 1  # capped: the clue stays, and it is counted
    easy = _banked("conn")
    plain = keep_test(puzzle, lambda clues: replace(easy, clues=clues), None, node_cap=0)
    assert plain(easy.clues) is True and plain.capped == 0  # the fixpoint settles it: no node spent
    level = keep_test(puzzle, lambda clues: replace(board, clues=clues), "conn", node_cap=0)
    level(one_less)
    assert level.capped == 0  # a fixpoint is never capped


def test_a_board_proved_unique_is_graded_as_the_engine_grades_it() -> None:
    puzzle = puzzles.get("sukoro")
    for rec in bank.load("sukoro")[::9]:
        board = boardio.board_from_json({k: v for k, v in rec.items() if k != "answer"})
        made = Made(board, (), 0, None, 0, 0, proved_unique=True)
        assert grade_of(puzzle, made) == engine.grade(puzzle, board).grade == rec["grade"], rec["id"]


def test_rivals_erase_exactly_and_refuse_two_erasures_at_once() -> None:
    """Clues 1, 2, 3 show x1, x2, x3 with x1 = x2 and x3 free beside them: x1's clue can go
    while x2's stays, and then x2's cannot; x3's clue is needed."""
    solver = Solver(name="minisat22", bootstrap_with=[[-1, 2], [1, -2]])
    keep = Rivals(solver, {0: 1, 1: 2, 2: 3}, 4)
    assert keep((None, True, True)) is True
    assert keep((None, None, True)) is False
    assert keep((None, True, None)) is False
    assert keep.solves == 3
    keep.close()
    again = Rivals(Solver(name="minisat22"), {0: 1, 1: 2}, 3)
    with pytest.raises(ValueError, match="more than one erasure"):
        again((None, None))
    again.close()
