"""One of each driver (issue 14 item 4): the hint the CLI and the player share, the
uniqueness verdict with its three outcomes, the clue-erasing loop, the level check, the
options object, and the puzzle rules that left the player and the service."""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest

from pencilbox import api, bank, boardio, cli, puzzles, service
from pencilbox.core import budgets, engine, generate
from pencilbox.core import drivers as gen
from pencilbox.errors import BoardError
from pencilbox.puzzles.sukoro.board import Board as SukoroBoard
from pencilbox.verbs import play

NAMES = puzzles.names()


def smallest(name: str) -> dict:
    return min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))


def board_of(name: str):  # noqa: ANN201 - a puzzle's board type
    rec = smallest(name)
    return boardio.board_from_json({k: v for k, v in rec.items() if k != "answer"})


# ---------------------------------------------------------------- hint

@pytest.mark.parametrize("name", [n for n in NAMES if n != "sukoro"])
def test_cli_and_player_hint_are_one_driver(name: str) -> None:
    """From a blank board both ask the same driver: same cell, rung, premises and message
    (not Sukoro: there a player's mark settles "numbered" before the digit is known)."""
    board = board_of(name)
    puzzle = puzzles.get(name)
    said = service.hint(api.Board(board), service.Options(node_cap=budgets.PLAYER_NODES)).to_dict()
    shown = play.hint(api.Board(board), [None] * (board.rows * board.cols)).to_dict()
    same = ("kind", "cell", "rung", "cells", "clues")
    assert said["kind"] == "hint" and {k: said[k] for k in same} == {k: shown[k] for k in same}
    r, c = said["cell"]
    mark = shown["mark"]
    assert said["message"].replace(said["value"], "?") == shown["message"].replace(
        puzzle.marks.SAY.get(mark, str(mark)), "?")


def test_cli_and_player_fill_a_one_cell_region_once_the_rungs_are_stuck() -> None:
    """Issue 15 item 3 in the one driver: every cell entered but a one-cell region's, the
    CLI's hint and the player's both fill it (the rungs never log it), with its reason."""
    puzzle = puzzles.get("ripple")
    rec = next(r for r in bank.load("ripple")
               if any(sum(row.count(k) for row in r["regions"]) == 1 for row in r["regions"] for k in row))
    board = boardio.board_from_json(rec)
    sizes = [sum(row.count(k) for row in rec["regions"]) for row in rec["regions"] for k in row]
    left = [i for i, s in enumerate(sizes) if s == 1 and board.clues[i] is None]
    assert left, "a one-cell region without a given"
    answer = tuple(None if i in left else v for i, v in enumerate(board.answer))
    said = service.hint(api.Board(replace(board, answer=answer))).to_dict()
    assert said["kind"] == "hint" and said["cell"] == list(board.grid.rc(left[0])), said
    assert said["rung"] == engine.levels(puzzle)[0] and said["reason"]
    marks = puzzle.marks.from_answer(board, answer)
    shown = play.hint(api.Board(board), marks).to_dict()
    assert shown["kind"] == "hint" and shown["cell"] == said["cell"] and shown["reason"] == said["reason"]


def test_hint_asks_done_of_the_variable_it_settles() -> None:
    """``done`` reads (variable, domain): a hint counts only what it says is settled."""
    board = board_of("sukoro")
    puzzle = puzzles.get("sukoro")
    dom = puzzle.initial_state(board)
    first = engine.hint(puzzle, board, dom, engine.ladder(puzzle))
    assert isinstance(first, engine.Hint)
    later = engine.hint(puzzle, board, dom, engine.ladder(puzzle),
                        done=lambda var, d: var != first.var and engine.single(d), accel=False)
    assert isinstance(later, engine.Hint) and later.var != first.var


def test_a_finished_answer_section_is_solved_for_the_cli_too() -> None:
    rec = smallest("sukoro")
    board = boardio.board_from_json(rec)
    assert service.hint(api.Board(board)).kind == "solved"


def test_a_hint_whose_answer_search_runs_out_says_capped() -> None:
    """Entries to check against an answer the node cap did not find: capped, not a hint
    built on entries that may be wrong (the CLI used to skip the check silently)."""
    rec = max(bank.load("sukoro"), key=lambda r: (r["rows"] * r["cols"], r["grade"] == "search"))
    board = boardio.board_from_json(rec)
    blank = [None] * (board.rows * board.cols)
    blank[0] = board.answer[0]
    out = service.hint(api.Board(replace(board, answer=tuple(blank))), service.Options(node_cap=0))
    assert out.kind == "capped" and "node cap (0 nodes)" in out.message


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


# ---------------------------------------------------------------- levels and options

def test_one_level_check_and_one_grade_check() -> None:
    puzzle = puzzles.get("ripple")
    with pytest.raises(BoardError, match="unknown level 'magic' for ripple"):
        service.names(puzzle, "magic")
    with pytest.raises(BoardError, match="grades: region, ripple, hidden, lines, probe, search"):
        gen.check_grade(puzzle, "magic")
    gen.check_grade(puzzle, "search")
    assert service.names(puzzle, None, ("ripple",)) == ("region", "hidden", "lines", "probe")


def test_the_cli_passes_its_flags_to_the_library(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's verbs are the library's Board methods called with the flags as arguments, which
    build the one service.Options object."""
    from pencilbox.compiled import cache
    monkeypatch.setenv(cache.POLICY, os.environ.get(cache.POLICY, "compile"))  # cli.main sets its own
    seen: list[service.Options] = []
    real = service.count

    def spy(board: object, engine_name: str, opts: service.Options) -> object:
        seen.append(opts)
        return real(board, engine_name, opts)  # type: ignore[arg-type]
    monkeypatch.setattr(service, "count", spy)
    url = "https://puzz.link/p?sukoro/5/5/2a2c4a2g2a4c2a2"
    assert cli.main(["count", url, "--off", "neq,conn", "--limit", "3", "--level", "deg"]) == 0
    assert seen == [service.Options("deg", ("neq", "conn"), None, 3)]  # None: the verb's own
    small = boardio.parse_url("https://puzz.link/p?sukoro/5/5/2a2c4a2g2a4c2a2")
    large = SukoroBoard(300, 300, (None,) * 90_000)
    assert service.Options().nodes(budgets.HINT_NODES, small) == budgets.HINT_NODES
    cost = puzzles.get("sukoro").node_cost  # Sukoro's nodes' work per cell
    assert service.Options().nodes(budgets.COUNT_NODES, large) == budgets.WORK // cost // 90_000
    assert service.Options(node_cap=7).nodes(budgets.COUNT_NODES, large) == 7


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


# ---------------------------------------------------------------- rules that left the player and service

def test_sukoro_lonely_rule_lives_in_its_marks() -> None:
    """A numbered cell whose neighbours are all empty would be a 0: its answer cannot show
    that, so the marks report it (the player used to add it by hand)."""
    board = boardio.parse("sukoro 1x3\nclues:\n. . .\n")[0][0].board
    out = play.check(api.Board(board), ["x", "n", "x"]).to_dict()
    assert [b for b in out["broken"] if b["rule"] == "count"] == [
        {"rule": "count", "cells": [[0, 1]], "message": "r1c2 is numbered but every neighbour is empty"}]
    assert not out["ok"] and not out["won"]
    assert all(puzzles.get(n).marks.broken(board_of(n), [None] * (board_of(n).rows * board_of(n).cols)) == []
               for n in NAMES)


def test_slant_broken_clues_name_their_lattice_points() -> None:
    board = boardio.parse("2x2:i")[0][0].board  # no clue: add a 0 on the centre point
    puzzle = puzzles.get("slant")
    centre = 4  # lattice points of 2x2 are 3x3, row-major: the centre is point 4
    clues = tuple(0 if p == centre else None for p in range(9))
    full = replace(board, clues=clues, answer=(puzzle.board_module.BACK,) * 4)
    out = service.check(api.Board(full))
    clue = next(b for b in out.broken if b.rule == "clue")
    assert clue.points == ((1, 1),) and clue.to_dict()["points"] == [[1, 1]]


@pytest.mark.parametrize("name", NAMES)
def test_the_cli_hint_says_its_reason(name: str) -> None:
    """The CLI's text shows the hint's plain-language reason under the rung (issue 15 item 5)."""
    board = board_of(name)
    said = service.hint(api.Board(board))
    assert said.kind == "hint" and said.reason
    assert str(said).splitlines()[1].strip() == said.reason
