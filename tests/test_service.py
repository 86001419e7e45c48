"""The one hint driver the CLI and the player share (service.py; issue 14 item 4), its reason
in the CLI's text, and the options object the CLI's flags build."""

from __future__ import annotations

import os
from dataclasses import replace

import pytest

from pencilbox import api, bank, boardio, cli, puzzles, service
from pencilbox.core import budgets, engine
from pencilbox.core.puzzle import BoardShape
from pencilbox.puzzles.sukoro.board import Board as SukoroBoard
from pencilbox.verbs import play

NAMES = puzzles.names()


def smallest(name: str) -> dict:
    return min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))


def board_of(name: str):  # noqa: ANN201 - a puzzle's board type
    rec = smallest(name)
    return boardio.board_from_json({k: v for k, v in rec.items() if k != "answer"})


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


@pytest.mark.parametrize("name", NAMES)
def test_the_cli_hint_says_its_reason(name: str) -> None:
    """The CLI's text shows the hint's plain-language reason under the rung (issue 15 item 5)."""
    board = board_of(name)
    said = service.hint(api.Board(board))
    assert said.kind == "hint" and said.reason
    assert str(said).splitlines()[1].strip() == said.reason

# ---------------------------------------------------------------- the player's count (issue 46)
# The player's count on the readable path (service.player_count: a quick search, then a probe at
# every node, Fill-a-Pix's branching by the probe's trials) finds what the engine's default count
# finds: the same status and the same answers, on bank boards with one answer and on boards with
# several; and Fill-a-Pix's hard boards take few nodes, its loose ones the quick search alone.

COUNT_NAMES = ("sukoro", "slant", "ripple", "fillapix")


def _count_boards(name: str) -> list[BoardShape]:
    """The smallest search-graded bank board, the two smallest, and the smallest with every
    other clue erased (several answers)."""
    recs = bank.load(name)
    by_size = sorted(recs, key=lambda r: r["rows"] * r["cols"])
    hard = [r for r in by_size if r["grade"] == "search"][:1] + by_size[:2]
    boards = [play.board_of(r) for r in hard]
    small = boards[-1]
    thinned = tuple(v if i % 2 else None for i, v in enumerate(small.clues))
    return [*boards, replace(small, clues=thinned)]


@pytest.mark.parametrize("name", COUNT_NAMES)
def test_the_readable_player_count_agrees_with_the_default(name: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PENCILBOX_KERNELS", "reference")
    puzzle = puzzles.get(name)
    for board in _count_boards(name):
        got = service.player_count(puzzle, board, 10**5)
        want = engine.count(puzzle, board, limit=2, node_cap=10**5, accel=False)
        assert (got.status, got.count) == (want.status, want.count), board
        if want.status == engine.UNIQUE:  # several answers: each search may meet other ones first
            assert [tuple(a) for a in got.answers] == [tuple(a) for a in want.answers]


@pytest.mark.parametrize("name", COUNT_NAMES)
def test_a_grade_told_the_board_is_unique_skips_only_its_count(name: str) -> None:
    """The setter has counted one answer already: its grade (told so) is the grade in full."""
    puzzle = puzzles.get(name)
    for board in _count_boards(name)[:-1]:
        told, full = engine.grade(puzzle, board, unique=True), engine.grade(puzzle, board)
        assert (told.grade, told.unique, told.settled) == (full.grade, full.unique, full.settled)


@pytest.mark.parametrize(("rid", "most"), [("fillapix-20x20-any-04", 250), ("fillapix-20x20-any-05", 200)])
def test_the_hard_fillapix_boards_take_few_nodes(rid: str, most: int,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The first hint's count on the bank's hardest boards: the fewest-valued branch took 1,218
    nodes (13.8 s) and 331 (1.3 s); the lookahead's, 178 and 151, its quick search's among them
    (151 and 139: sides alone, a node costs a hundredth of a probe's)."""
    monkeypatch.setenv("PENCILBOX_KERNELS", "reference")
    puzzle = puzzles.get("fillapix")
    board = play.board_of(next(r for r in bank.load("fillapix") if r["id"] == rid))
    got = service.player_count(puzzle, board, 10**5)
    assert got.status == engine.UNIQUE and got.nodes <= most


def test_a_loose_fillapix_board_is_the_quick_searchs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A blank board (the setter's first count) meets no dead end: the quick search runs on past
    QUICK_NODES to its two answers (it gave up there, and a probe at every node took 400 more)."""
    monkeypatch.setenv("PENCILBOX_KERNELS", "reference")
    puzzle = puzzles.get("fillapix")
    board = play.board_of({"puzzle": "fillapix", "rows": 20, "cols": 20, "clues": [[None] * 20] * 20})
    got = service.player_count(puzzle, board, 10**5)
    assert (got.status, got.nodes) == (engine.MULTIPLE, 400)


def test_count_by_sat_keeps_its_node_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47 item 3: SAT took no node cap (count --engine sat on a blank 100x100 Sukoro ran
    past 120 s). Its cap counts solver calls (and bounds their propagations), its default is
    count's scaled to SAT_WORK cell-calls, and past it the count is a lower bound that says so."""
    board = api.blank("slant", 3, 3)  # 384 answers
    assert board.count(engine="sat").count == 384
    got = board.count(engine="sat", node_cap=10)
    assert (got.capped, got.cap, got.node_cap) == (True, "nodes", 10) and got.nodes <= 10 and got.count < 384
    assert "the node cap 10 ran out: raise --node-cap for more" in str(got)
    monkeypatch.setattr(budgets, "SAT_CALL_PROPS", 0)  # the calls' propagations run out first
    got = board.count(engine="sat", node_cap=10)
    assert got.cap == "nodes" and got.nodes < 10 and "ran out (in the calls' propagations)" in str(got)
    large = SukoroBoard(300, 300, (None,) * 90_000)
    assert service.Options().nodes(budgets.COUNT_NODES, large, "sat") == budgets.SAT_WORK // 90_000
    assert service.Options(node_cap=7).nodes(budgets.COUNT_NODES, large, "sat") == 7
