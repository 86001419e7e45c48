"""Every folder through the command line and the service, on its bank's smallest board: what
each verb prints (the hint's wording at every level, each counter's verdict) is kept in the
folder's ``data/golden.txt``; ``pytest tests/registry --update-golden`` rewrites those files
after a change meant to alter the text, and ``git diff`` shows what it altered."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from pencilbox import api, bank, boardio, cli, puzzles, service
from pencilbox.compiled import cache
from pencilbox.core import engine

NAMES = puzzles.names()
MS = re.compile(r"\d+(\.\d+)? ms\b")  # a count's time: the one thing that differs run to run


@pytest.fixture(autouse=True)
def kernel_policy_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """cli.main sets the kernel policy for its process (``auto``); the tests after these in the
    same worker keep theirs."""
    monkeypatch.setenv(cache.POLICY, os.environ.get(cache.POLICY, "compile"))


def smallest(name: str) -> dict[str, object]:
    return min(bank.load(name), key=lambda r: (int(r["rows"]) * int(r["cols"]), str(r["id"])))


def engines(name: str, rows: int, cols: int) -> list[str]:
    """The ladder and every counter of the puzzle whose range holds the board."""
    return ["ladder", *(e for e, c in puzzles.get(name).counters.items() if c.holds(rows, cols))]


def verbs(name: str) -> list[list[str]]:
    """The command lines run, BOARD standing for the board's file (with its answer for check)."""
    puzzle = puzzles.get(name)
    board = boardio.board_from_json({**smallest(name), "answer": None})
    out = [["solve", "BOARD"], ["grade", "BOARD"], ["hint", "BOARD"]]
    out += [["hint", "BOARD", "--level", lv] for lv in engine.levels(puzzle)]
    out += [["count", "BOARD", "--engine", e] for e in engines(name, board.rows, board.cols)]
    out += [["backbone", "BOARD"]] if puzzle.spread is not None else []
    out += [["check", "ANSWERED"], ["check", "WRONG"]]
    out += [["convert", "BOARD", "--format", f] for f in ("text", "json", "url", "tatham")
            if f in ("text", "json") or getattr(puzzle, f) is not None]
    return out


def transcript(name: str, tmp: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Each command line, what it printed on stdout (times masked) and its exit code."""
    rec = smallest(name)
    answered = boardio.board_from_json(rec)
    files = {"BOARD": boardio.dump(boardio.board_from_json({**rec, "answer": None}), "text"),
             "ANSWERED": boardio.dump(answered, "text"), "WRONG": boardio.dump(wrong(answered), "text")}
    for key, text in files.items():
        (tmp / key).write_text(text)
    lines = []
    for argv in verbs(name):
        code = cli.main([str(tmp / a) if a in files else a for a in argv])
        printed = MS.sub("<ms> ms", capsys.readouterr().out)
        lines += [f"$ pencilbox {' '.join(argv)}", printed.rstrip("\n"), f"[exit {code}]", ""]
    return "\n".join(lines + walk(name))


def walk(name: str) -> list[str]:
    """The player's hints, one after another, at the board's grade until it is solved: each
    hint's message and reason, the wording a player reads."""
    from bench.load import drive
    from pencilbox.verbs import play
    rec = smallest(name)
    run = drive.solve_by_hints(play.board_of(rec), str(rec["grade"]))
    out = [f"# the player's hints at {rec['grade']}, in order"]
    out += [f"{h['message']} | {h.get('reason')}" for h in run.hints] + [f"# then: {run.last['kind']}", ""]
    return out


def wrong(board: object) -> object:
    """The board with its answer's first value changed to the next value the puzzle allows."""
    puzzle = puzzles.get(board.puzzle)  # type: ignore[attr-defined]
    state = puzzle.state_from_answer(board, board.answer)  # type: ignore[attr-defined]
    start = puzzle.initial_state(board)
    v = next(i for i, d in enumerate(start) if bin(d).count("1") > 1)
    other = next(b for b in engine.bits(start[v]) if not state[v] & b)
    answer = puzzle.answer_from_state(board, [other if i == v else d for i, d in enumerate(state)])
    return puzzle.with_answer(board, answer)


@pytest.mark.parametrize("name", NAMES)
def test_the_command_line_prints_what_it_printed(name: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 request: pytest.FixtureRequest) -> None:
    got = transcript(name, tmp_path, capsys)
    path = puzzles.folder(name) / "data" / "golden.txt"
    if request.config.getoption("--update-golden"):
        path.write_text(got)
    assert path.exists(), f"no {path}: run pytest {__file__} --update-golden"
    assert got == path.read_text()


@pytest.mark.parametrize("name", NAMES)
def test_the_service_answers_as_the_command_line(name: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """(Each engine's count of this board: the transcript's ``count`` lines, through the same
    service.count, are kept in data/golden.txt.)"""
    rec = smallest(name)
    board = boardio.board_from_json({**rec, "answer": None})
    (tmp_path / "board").write_text(boardio.dump(board, "text"))
    solved = service.solve(api.Board(board))
    assert cli.main(["solve", str(tmp_path / "board"), "--json"]) == 0
    assert solved.answer is not None and json.loads(capsys.readouterr().out)["answer"] == solved.answer.answer
    assert solved.status == "unique" and solved.grade == rec["grade"] == service.grade(api.Board(board)).grade
    answered = boardio.board_from_json(rec)
    assert service.check(api.Board(answered)).ok and not service.check(api.Board(wrong(answered))).ok
