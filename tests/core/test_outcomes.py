"""Engine results (core/outcomes.py; issue 14, item 7): one constructor has every engine's answers judged by
the puzzle's validator before anyone reads them, and a broken one raises; brute and SAT
say which cap stopped them."""

from __future__ import annotations

import json
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from pencilbox import api, bank, boardio, puzzles, service
from pencilbox.core import engine
from pencilbox.core.budgets import QUICK_NODES
from pencilbox.core.engine import BrokenAnswer, Count
from pencilbox.core.puzzle import Puzzle
from pencilbox.service import Options

ENGINE_MODULES = {"brute": "brute", "cells": "brute", "sat": "sat"}
RAW_COUNTERS = {("sukoro", "brute"): "brute_count", ("sukoro", "sat"): "sat_count",
                ("slant", "brute"): "brute_count", ("slant", "sat"): "sat_count",
                ("ripple", "brute"): "count_by_regions", ("ripple", "cells"): "count_by_cells",
                ("ripple", "sat"): "sat_count", ("fillapix", "brute"): "brute_count",
                ("fillapix", "sat"): "sat_count"}


def published(name: str) -> tuple[Puzzle, Any, list[int]]:
    """A puzzle, its smallest bank board (unique) and that board's answer as domains."""
    puzzle = puzzles.get(name)
    rec = min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    board = boardio.board_from_json(rec)
    answer = puzzle.state_from_answer(board, board.answer)
    return puzzle, boardio.board_from_json({**rec, "answer": None}), answer


def wrong(puzzle: Puzzle, board: Any, answer: list[int]) -> list[int]:
    """The answer with one open cell set to another value it could take: complete, and not
    the board's answer, so (the board being unique) not an answer at all."""
    start = puzzle.initial_state(board)
    var = next(v for v in puzzle.unclued(board) if start[v] & ~answer[v])
    out = answer.copy()
    other = start[var] & ~answer[var]
    out[var] = other & -other
    return out


def blank(name: str) -> Any:
    """The smallest bank board with every clue erased: many answers."""
    rec = min(bank.load(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    return boardio.board_from_json({**rec, "answer": None,
                                    "clues": [[None] * len(row) for row in rec["clues"]]})


def engines(name: str) -> list[str]:
    return [e for (n, e) in RAW_COUNTERS if n == name]


@pytest.mark.parametrize("name", puzzles.names())
def test_the_constructor_passes_the_answer_and_raises_on_a_wrong_one(name: str) -> None:
    puzzle, board, answer = published(name)
    got = Count.judged(puzzle, board, "test", 1, None, 3, [answer])
    assert (got.count, got.cap, got.nodes, got.answers, got.engine) == (1, None, 3, [answer], "test")
    broken = Count.judged(puzzle, board, "test", 1, None, 3, [wrong(puzzle, board, answer)])
    assert broken.status == "unique"  # a verdict that reads only the count is not judged
    with pytest.raises(BrokenAnswer, match=f"{name} test engine returned a broken answer"):
        _ = broken.answers
    with pytest.raises(BrokenAnswer):  # a second answer is judged as well
        _ = Count.judged(puzzle, board, "test", 2, "limit", 3, [answer, wrong(puzzle, board, answer)]).answers
    with pytest.raises(BrokenAnswer):  # so is one compared or printed
        _ = Count.judged(puzzle, board, "test", 1, None, 3, [wrong(puzzle, board, answer)]) == got


def test_the_constructor_knows_the_caps() -> None:
    puzzle, board, answer = published("sukoro")
    assert Count.judged(puzzle, board, "t", 2, "limit", 0, [answer]).limit_hit
    assert Count.judged(puzzle, board, "t", 1, "nodes", 0, [answer]).node_capped
    with pytest.raises(ValueError, match="unknown cap 'time'"):
        Count.judged(puzzle, board, "t", 1, "time", 0, [answer])


@pytest.mark.parametrize("name,engine_name", list(RAW_COUNTERS))
def test_every_independent_engine_adapter_judges_its_answers(monkeypatch: pytest.MonkeyPatch, name: str,
                                                             engine_name: str) -> None:
    puzzle, board, answer = published(name)
    bad = puzzle.answer_from_state(board, wrong(puzzle, board, answer))
    module = import_module(f"pencilbox.puzzles.{name}.{ENGINE_MODULES[engine_name]}")
    monkeypatch.setattr(module, RAW_COUNTERS[(name, engine_name)], lambda *a, **k: (1, None, 1, [list(bad)]))
    with pytest.raises(BrokenAnswer, match=f"{name} {engine_name} engine"):
        _ = puzzle.counters[engine_name].count(board, 2, 10**6).answers


@pytest.mark.parametrize("name", puzzles.names())
def test_the_kernel_path_is_judged_too(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    puzzle, board, answer = published(name)
    kernel = puzzle.kernel
    assert kernel is not None
    bad = wrong(puzzle, board, answer)
    monkeypatch.setattr(kernel, "count", lambda *a, **k: Count(1, False, False, 1, [bad]))
    with pytest.raises(BrokenAnswer, match=f"{name} ladder engine"):
        _ = engine.count(puzzle, board, engine.ladder(puzzle, puzzle.search_level), 2, 10**6).answers


@pytest.mark.parametrize("name", puzzles.names())
def test_the_ladder_returns_judged_counts(name: str) -> None:
    puzzle, board, answer = published(name)
    got = engine.count(puzzle, board, limit=2)
    assert (got.count, got.cap, got.answers) == (1, None, [answer])
    names = engine.ladder(puzzle, puzzle.search_level)
    ref = engine.search(puzzle, board, puzzle.initial_state(board), names)
    assert (ref.count, ref.cap, ref.answers) == (1, None, [answer])


@pytest.mark.parametrize("name", puzzles.names())
def test_brute_and_sat_say_which_cap_stopped_them(name: str) -> None:
    puzzle, board = puzzles.get(name), blank(name)
    for e in engines(name):
        res = puzzle.counters[e].count(board, 2, 10**7)
        assert (res.count, res.cap) == (2, "limit"), e
        if e != "sat":  # SAT has no node cap
            res = puzzle.counters[e].count(board, 10**6, 1)
            assert res.cap == "nodes" and res.count < 10**6, e
    published_board = published(name)[1]
    for e in engines(name):
        if e == "sat" or puzzles.in_brute_range(name, e, published_board.rows, published_board.cols):
            assert puzzle.counters[e].count(published_board, 2, 10**7).cap is None, e


@pytest.mark.parametrize("name", puzzles.names())
def test_count_reports_the_engines_own_cap(name: str) -> None:
    board = blank(name)
    assert service.count(api.Board(board), "brute", Options(limit=2)).cap == "limit"
    assert service.count(api.Board(board), "brute", Options(limit=10**6, node_cap=1)).cap == "nodes"
    assert service.count(api.Board(board), "sat", Options(limit=3)).cap == "limit"


def test_slant_count_goes_to_the_root_probe_at_once() -> None:
    """Slant's quick_nodes is 0: on Tatham's Hard boards the duet search runs out of its quick
    budget before probe settles them, so the count spends no node on it (nodes 0, not 256)."""
    slant = puzzles.get("slant")
    assert slant.quick_nodes == 0
    results = Path(__file__).resolve().parents[2] / "bench/results/generators.json"
    ids = json.loads(results.read_text())["cases"]["uniqueness slant 20x20 of Tatham Hard"]["game_ids"]
    duet = engine.ladder(slant, slant.search_level)
    hard = [b for b in map(boardio.parse_tatham, ids)
            if engine.count(slant, b, duet, 2, QUICK_NODES).node_capped]
    assert hard  # the quick search would run out on these
    for board in hard:
        got = engine.count(slant, board, limit=2)
        assert (got.status, got.nodes) == ("unique", 0)
