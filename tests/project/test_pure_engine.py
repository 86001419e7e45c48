"""Every verb the static site's page calls, on every puzzle, where numpy, numba, llvmlite and
python-sat are absent (the browser's Pyodide has the standard library only): each puzzle runs in
a fresh interpreter whose import system refuses them (a ``sys.meta_path`` finder installed before
pencilbox loads), with PENCILBOX_KERNELS=compile to show that an absent numba overrides it.

Inside, the registry's contract on published boards (solve and count give the published answers),
``generate`` at every named grade (unique by the ladder's count, graded as named, repeatable), the
setter (0, 1 and 2+ answers, the grade, redundant clues that are), ``ambiguity`` and ``backbone``
(against the ladder's count cell by cell), ``minimise``, and a hint walk to the win."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import pencilbox
from pencilbox import puzzles

ROOT = Path(__file__).resolve().parents[2]
BLOCKED = ("numpy", "numba", "llvmlite", "pysat")
ABSENT = f"""
import importlib.abc, sys
class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {BLOCKED!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}} (absent in the browser)", name=name)
        return None
sys.meta_path.insert(0, Absent())
"""
PUBLISHED = 3  # published boards per puzzle solved and counted (the smallest, at most CELLS cells)
CELLS = 100
DONE = "every page verb answered"


@pytest.mark.parametrize("name", puzzles.names())
def test_the_page_verbs_run_without_numpy_numba_or_sat(name: str) -> None:
    env = {**os.environ, "PENCILBOX_KERNELS": "compile",
           "PYTHONPATH": os.pathsep.join([str(Path(pencilbox.__file__).parents[1]), str(ROOT)])}
    run = f"import runpy; runpy.run_path({__file__!r}, run_name='__pure__')"
    got = subprocess.run([sys.executable, "-c", ABSENT + run, name], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=600)
    assert got.returncode == 0 and got.stdout.strip().endswith(DONE), got.stdout[-3000:] + got.stderr[-3000:]


def test_the_blocker_refuses_what_the_browser_lacks() -> None:
    """The finder itself: a blocked module does not import (so the test above cannot pass on a
    module that slipped through unseen)."""
    got = subprocess.run([sys.executable, "-c", ABSENT + "import numpy"], capture_output=True, text=True,
                         timeout=60)
    assert got.returncode != 0 and "absent in the browser" in got.stderr


# ---------------------------------------------------------------- inside the blocked interpreter

def _inside(name: str) -> None:
    from pencilbox.compiled import cache
    assert not cache.kernels_present() and not cache.sat_present() and cache.policy() == "reference"
    puzzle = puzzles.get(name)
    _contract(name)
    _generate(name)
    rec = min(_bank(name), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    _setter(name, rec)
    if puzzle.spread is not None:
        _ambiguity(name, _ambiguous(name, rec))
    _minimise(name, rec)
    _play(name, rec)
    loaded = sorted(m for m in sys.modules if m.partition(".")[0] in BLOCKED)
    assert not loaded, loaded
    print(DONE)


def _bank(name: str) -> list[dict[str, Any]]:
    from pencilbox import bank
    return list(bank.load(name))


def _contract(name: str) -> None:
    """The published boards: solve gives the published answer, count one answer (several for a
    board published with several), by the readable ladder."""
    from pencilbox import api, verbs
    from tests import contract
    boards = sorted((p for p in contract.published(name) if p[1].rows * p[1].cols <= CELLS),
                    key=lambda p: (p[1].rows * p[1].cols, p[0]))
    unique = [p for p in boards if p[2] is not None][:PUBLISHED]
    several = [p for p in boards if p[2] is None][:1]
    assert unique or contract.published(name) == [], name
    for bid, board, answer in unique:
        solved = verbs.call("solve", {"board": api.Board(board)})
        assert solved.unique and solved.answer is not None and solved.answer.shape.answer == answer, bid
        counted = verbs.call("count", {"board": api.Board(board), "limit": 2})
        assert (counted.count, counted.capped) == (1, False), bid
    for bid, board, _ in several:
        assert verbs.call("count", {"board": api.Board(board), "limit": 2}).count == 2, bid


def _generate(name: str) -> None:
    """A small board per named grade: graded as named, unique by the ladder's count, and the
    same board again from the same seed."""
    from pencilbox import boardio, verbs
    from pencilbox.core import engine
    puzzle = puzzles.get(name)
    for grade, level in puzzle.named_grades:  # named by its level, as the command line's --grade
        ask = {"puzzle": name, "rows": 5, "cols": 5, "grade": level, "seed": 7}
        made = verbs.call("generate", ask)
        board = boardio.board_from_json(made["board"])
        assert made["grade"] == level, (grade, made["grade"])
        assert engine.count(puzzle, board, limit=2).status == "unique", grade
        assert engine.grade(puzzle, board).grade == level, grade
        assert verbs.call("generate", ask)["board"] == made["board"], grade


def _setter(name: str, rec: dict[str, Any]) -> None:
    """The setter's count, grade and redundant clues on a bank board, its second answer on one
    with clues dropped, and no answer on one with a clue changed."""
    from pencilbox import boardio, verbs
    from pencilbox.core import engine
    from pencilbox.core.drivers import erased
    from pencilbox.errors import BoardError
    puzzle = puzzles.get(name)
    board = boardio.board_from_json({**rec, "answer": None})
    one = verbs.call("setter", {"board": rec})
    assert (one["count"], one["grade"], one["capped"]) == (1, rec["grade"], False), one
    for r, c in one["redundant"]:
        i = next(i for i in range(len(board.clues)) if puzzle.clue_rc(board, i) == (r, c))
        assert engine.count(puzzle, erased(board, i), limit=2).status == "unique", (r, c)
    two = verbs.call("setter", {"board": puzzle.to_json(_ambiguous(name, rec))})
    assert two["count"] == "2+" and two["second"] is not None and two["second"] != two["answer"], two
    for i, v in enumerate(board.clues):
        for other in (v + 1, v - 1) if v is not None else ():
            try:
                changed = replace(board, clues=(*board.clues[:i], other, *board.clues[i + 1:]))
                boardio.board_from_json(puzzle.to_json(changed))  # a clue the puzzle takes
            except BoardError:
                continue
            if engine.count(puzzle, changed, limit=1).count == 0:
                none = verbs.call("setter", {"board": puzzle.to_json(changed)})
                assert (none["count"], none["answer"]) == (0, None), none
                return
    raise AssertionError("no changed clue left the board without an answer")


def _ambiguous(name: str, rec: dict[str, Any]) -> Any:
    """The bank board with every second clue dropped (then all but every third, ...) until it has
    several answers."""
    from pencilbox import boardio
    from pencilbox.core import engine
    puzzle = puzzles.get(name)
    board = boardio.board_from_json({**rec, "answer": None})
    clued = [i for i, v in enumerate(board.clues) if v is not None]
    for keep in (2, 3, 4, 6):
        dropped = {i for k, i in enumerate(clued) if k % keep}
        fewer = replace(board, clues=tuple(None if i in dropped else v for i, v in enumerate(board.clues)))
        if engine.count(puzzle, fewer, limit=2).count == 2:
            return fewer
    raise AssertionError("no clues dropped left several answers")


def _ambiguity(name: str, board: Any) -> None:
    """The ambiguity view and the backbone: the count is the ladder's, every listed answer is
    won, and a cell is fixed exactly when the ladder finds a single value possible there."""
    from pencilbox import api, verbs
    from pencilbox.core import engine
    puzzle = puzzles.get(name)
    view = verbs.call("ambiguity", {"board": puzzle.to_json(board)})
    counted = engine.count(puzzle, board, limit=100)
    assert (view["count"], view["capped"]) == (counted.count, counted.limit_hit) and view["count"] >= 2
    for position in view["answers"]:
        assert verbs.call("check", {"board": puzzle.to_json(board), "position": position}).extras["won"]
    got = verbs.call("backbone", {"board": api.Board(board)})
    assert (got.count, got.fixed_cells) == (view["count"], view["fixed_cells"])
    assert got.fixed_cells < got.cells
    fixed = got.fixed.shape.answer
    start = puzzle.initial_state(board)
    for var, d in enumerate(start):
        one = [[b if i == var else x for i, x in enumerate(start)] for b in engine.bits(d)]
        values = [dom[var] for dom in one if engine.count(puzzle, board, limit=1, dom=dom).count]
        assert (fixed[var] is not None) == (len(values) == 1), (var, values)


def _minimise(name: str, rec: dict[str, Any]) -> None:
    from pencilbox import boardio, verbs
    from pencilbox.core import engine
    puzzle = puzzles.get(name)
    got = verbs.call("minimise", {"board": rec})
    board = boardio.board_from_json(got["board"])
    before = boardio.board_from_json({**rec, "answer": None})
    assert all(v is None or v == w for v, w in zip(board.clues, before.clues, strict=True))
    shown = [sum(v is not None for v in b.clues) for b in (before, board)]
    assert got["removed"] == shown[0] - shown[1]
    assert engine.count(puzzle, board, limit=2).status == "unique"


def _play(name: str, rec: dict[str, Any]) -> None:
    """A hint walk from the empty position to the win, with the play verbs asked on the way, and
    the page's formats and bank."""
    from bench.load.drive import start_position
    from pencilbox import boardio, verbs
    n = rec["rows"] * rec["cols"]
    board = {k: v for k, v in rec.items() if k != "answer"}
    position = start_position(boardio.board_from_json(board))  # the clue cells' marks, as the page's
    for verb in ("ladder", "trial", "candidates", "reveal"):
        verbs.call(verb, {"board": board, "position": position})
    for _ in range(n + 1):
        said = verbs.call("hint", {"board": board, "position": position})
        if said.kind != "hint":
            break
        r, c = said.cell
        position[r * rec["cols"] + c] = said.mark
    assert said.kind == "solved", said
    assert verbs.call("check", {"board": board, "position": position}).extras["won"]
    assert verbs.call("rewind", {"board": board, "positions": [position]})["index"] == 0
    assert "<svg" in verbs.call("image", {"board": board})["data"]
    shared = verbs.call("export", {"board": board})
    banked = verbs.call("board", {"id": rec["id"]})["board"]
    assert verbs.call("convert", {"text": shared["text"]})["board"] == banked
    assert rec["id"] in [b["id"] for b in verbs.call("bank", {"puzzle": name})["boards"]]
    assert name in [p["name"] for p in verbs.call("catalog", {})["puzzles"]]


if __name__ == "__pure__":
    _inside(sys.argv[1])
