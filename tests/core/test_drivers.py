"""One of each driver (core/drivers.py; issue 14 item 4): the uniqueness verdict with its three
outcomes, the clue-erasing loop and the scan, the level and grade checks, the level lists. (The
hint the CLI and the player share, and the options object: tests/test_service.py.)"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pencilbox import api, bank, boardio, puzzles, service
from pencilbox.core import budgets, engine, generate
from pencilbox.core import drivers as gen
from pencilbox.errors import BoardError
from pencilbox.verbs import play


def smallest(name: str) -> dict:
    return min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))


# ---------------------------------------------------------------- verdict and erasing

def test_the_verdict_has_three_outcomes_and_capped_keeps_the_clue() -> None:
    puzzle = puzzles.get("sukoro")
    rec = next(r for r in bank.load("sukoro") if r["grade"] == "search")
    board = boardio.board_from_json({k: v for k, v in rec.items() if k != "answer"})
    assert gen.verdict(puzzle, board) == "unique"
    assert gen.verdict(puzzle, board, node_cap=0) == "capped"
    assert gen.verdict(puzzle, board, node_cap=0, exact=True) == "unique"  # SAT decides
    blank = replace(board, clues=(None,) * len(board.clues))
    assert gen.verdict(puzzle, blank) == "multiple"
    keep = generate.keep_test(puzzle, lambda clues: replace(board, clues=clues), None)
    one_less = gen.erased(board, next(i for i, v in enumerate(board.clues) if v is not None)).clues
    assert gen.verdict(puzzle, replace(board, clues=one_less), node_cap=0) == "capped"
    assert keep(one_less) is False  # capped is not unique: the generator keeps the clue
    found = gen.scan(puzzle, board, node_cap=0)
    assert found.found == [] and found.capped == found.checked == found.total > 0


def test_erase_keeps_an_erasure_only_while_the_test_holds() -> None:
    clues = (1, 2, None, 3, 4)
    out, tried = gen.erase(clues, [4, 0, 3, 1], lambda c: sum(v is not None for v in c) >= 2)
    assert (out, tried) == ((None, 2, None, 3, None), 4)  # 4 and 0 go, 3 and 1 must stay
    random_order, n = generate.minimise(clues, random.Random(1), lambda c: c[0] is not None)
    assert random_order[0] == 1 and sum(v is not None for v in random_order) == 1 and n == 4


def test_player_minimise_and_redundant_agree_with_the_scan() -> None:
    rec = smallest("slant")
    board = boardio.board_from_json({k: v for k, v in rec.items() if k != "answer"})
    puzzle = puzzles.get("slant")
    out = play.setter(api.Board(board))
    found = gen.scan(puzzle, board, budgets.PLAYER_NODES // 10).found
    assert out["redundant"] == [puzzle.clue_rc(board, i) for i in found]
    small = play.minimise(api.Board(board))
    assert small["capped"] == 0 and small["removed"] >= (1 if found else 0)
    assert generate.removable(puzzle, play.board_of(small["board"])) == []


# ---------------------------------------------------------------- levels

def test_one_level_check_and_one_grade_check() -> None:
    puzzle = puzzles.get("ripple")
    with pytest.raises(BoardError, match="unknown level 'magic' for ripple"):
        service.names(puzzle, "magic")
    with pytest.raises(BoardError, match="grades: region, ripple, hidden, lines, probe, search"):
        gen.check_grade(puzzle, "magic")
    gen.check_grade(puzzle, "search")
    assert service.names(puzzle, None, ("ripple",)) == ("region", "hidden", "lines", "probe")


def test_level_lists_come_from_the_rungs() -> None:
    from pencilbox.puzzles.fillapix import generate as fillapix_generate
    from pencilbox.puzzles.fillapix.studies import generator
    from pencilbox.puzzles.slant.studies import common as slant_common
    from pencilbox.puzzles.sukoro.studies import common as sukoro_common
    assert slant_common.LEVELS == engine.levels(puzzles.get("slant"))
    sukoro = puzzles.get("sukoro")
    assert sukoro_common.SEARCH_RUNGS == engine.ladder(sukoro, sukoro.search_level) == ("deg", "neq", "conn")
    assert generator.GRADES == (*engine.levels(puzzles.get("fillapix")), engine.SEARCH)
    assert fillapix_generate.check_rungs() == ("count", "pair", "sides")
