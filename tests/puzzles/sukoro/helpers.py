"""Helpers for the Sukoro tests: published boards, bank boards, random partial states."""

from __future__ import annotations

import random

from pencilbox import bank, boardio
from pencilbox.puzzles.sukoro import PUZZLE
from pencilbox.puzzles.sukoro.board import ALL, EMPTY, Board
from tests.conftest import known_answer, load_testdata


def flat(rows: list[list[int]]) -> tuple[int, ...]:
    return tuple(int(v or 0) for row in rows for v in row)


def published() -> list[tuple[str, Board, tuple[int, ...]]]:
    """(id, board, answer) for every unique published board."""
    out = []
    for rec in load_testdata("sukoro"):
        if rec.get("solutions") == "unique":
            board = boardio.board_from_json({k: rec[k] for k in ("puzzle", "rows", "cols", "clues")})
            out.append((rec["id"], board, flat(known_answer(rec))))
    return out


def banked() -> list[tuple[str, Board, tuple[int, ...], str]]:
    """(id, board without answer, answer, recorded grade) for every bank board."""
    out = []
    for rec in bank.load("sukoro"):
        board = boardio.board_from_json({k: rec[k] for k in ("puzzle", "rows", "cols", "clues")})
        out.append((rec["id"], board, flat(rec["answer"]), rec["grade"]))
    return out


def answer_dom(answer: tuple[int, ...]) -> list[int]:
    return [EMPTY if v == 0 else 1 << v for v in answer]


def partial_state(board: Board, answer: tuple[int, ...], rng: random.Random, share: float) -> list[int]:
    """Clue domains with a random share of cells revealed from the answer (always consistent)."""
    dom = PUZZLE.initial_state(board)
    for i, d in enumerate(answer_dom(answer)):
        if rng.random() < share:
            dom[i] &= d
        elif rng.random() < share:  # or only told numbered / empty
            dom[i] &= EMPTY if d == EMPTY else (ALL & ~EMPTY)
    return dom
