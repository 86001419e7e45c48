"""The brute counters' stated range (the registry's in_brute_range) holds: every shipped bank
board within it is confirmed by brute (and Ripple's cells) under the default node cap, every
board beyond it by SAT's own answer (the ladder's is held by each puzzle's test_bank); `count
--help` states it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pencilbox import bank, boardio, puzzles

DEFAULT_NODE_CAP = 10**7  # `count --node-cap`'s default


def bank_boards(name: str) -> list[tuple[str, object, tuple]]:
    """(id, board, recorded answer as the engine's state) for every shipped board."""
    puzzle = puzzles.get(name)
    out = []
    for rec in bank.load(name):
        board = boardio.board_from_json(rec)
        answer = puzzle.state_from_answer(board, board.answer)
        out.append((rec["id"], boardio.board_from_json({**rec, "answer": None}), tuple(answer)))
    return out


@pytest.mark.parametrize("name", puzzles.names())
def test_every_brute_counter_states_a_range(name: str) -> None:
    """Every counter but SAT (a complete solver) is meant for boards up to a stated size."""
    counters = puzzles.get(name).counters
    assert "brute" in counters and all((c.meant_for is None) == (e == "sat") for e, c in counters.items())


@pytest.mark.parametrize("name", puzzles.names())
def test_bank_boards_in_range_confirmed_by_brute_beyond_it_by_sat(name: str) -> None:
    puzzle = puzzles.get(name)
    engines = [e for e in puzzle.counters if e != "sat"]
    inside = 0
    for bid, board, answer in bank_boards(name):
        ours = [e for e in engines if puzzles.in_brute_range(name, e, board.rows, board.cols)]
        for e in ours:
            res = puzzle.counters[e].count(board, 2, DEFAULT_NODE_CAP)
            assert (res.count, res.capped) == (1, False), (bid, e, res.count, res.nodes)
            assert tuple(res.answers[0]) == answer, (bid, e)
        if not ours:
            res = puzzle.sat_count(board, 2, 10**9)
            assert res.count == 1 and tuple(res.answers[0]) == answer, bid
        inside += bool(ours)
    assert inside > 0


def test_count_help_states_every_range() -> None:
    r = subprocess.run([sys.executable, "-m", "pencilbox", "count", "--help"], capture_output=True, text=True,
                       check=True)
    text = " ".join(r.stdout.split())
    ranges = [(name, e, c.meant_for) for name in puzzles.names()
              for e, c in puzzles.get(name).counters.items() if c.meant_for is not None]
    assert len(ranges) == 5
    for name, engine, (rows, cols) in ranges:
        assert f"{name}{'' if engine == 'brute' else ' ' + engine} up to {rows}x{cols}" in text
