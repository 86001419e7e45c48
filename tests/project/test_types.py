"""Levels and the service boundary are typed (issue 29, item 6): a ladder level is an
``engine.Level`` (each puzzle's ``levels`` module declares its rungs' names once), so mypy
rejects a misspelt level and a bare string where a level is asked for; the verbs' boundary
(service.py, verbs/play.py, boardio.py) is typed with the Protocol's types and TypedDicts,
``Any`` left only where the registry hands out a board of whichever puzzle the JSON names."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pencilbox
from pencilbox import puzzles
from pencilbox.core import engine

ROOT = Path(__file__).resolve().parents[2]
SRC = Path(pencilbox.__file__).parent

#: the ``Any`` left at the boundary, per file: boardio's import and board_from_json's return
#: (a board of whichever puzzle the JSON names, as the registry's Puzzle[Any, Any] reads it;
#: the studies that read their own bank take it as their puzzle's Board)
ANY_LEFT = {"service.py": 0, "verbs/play.py": 0, "boardio.py": 2}


def anys(path: Path) -> int:
    """``Any`` as code names it (comments and docstrings aside)."""
    with path.open("rb") as f:
        return sum(t.type == tokenize.NAME and t.string == "Any" for t in tokenize.tokenize(f.readline))


def test_the_boundary_names_no_any_but_the_justified() -> None:
    assert {name: anys(SRC / name) for name in ANY_LEFT} == ANY_LEFT


# each line marked ``# error`` must be an error, every other line none
SNIPPET = '''\
from pencilbox.core import engine
from pencilbox.puzzles.sukoro import PUZZLE
from pencilbox.puzzles.sukoro.levels import Level

engine.ladder(PUZZLE, Level.CONN)
engine.ladder(PUZZLE, Level.CON)  # error: a member the ladder lacks
engine.ladder(PUZZLE, "conn")  # error: a bare string where a level is asked for
engine.ladder(PUZZLE, None, (Level.NEQ, "deg"))  # error
engine.asked(PUZZLE, "conn", ("neq",))  # a person's text: checked at run time
grades: tuple[tuple[str, engine.Level], ...] = (("Easy", Level.DEG), ("Hard", engine.PROBE))
typos: tuple[tuple[str, engine.Level], ...] = (("Easy", "dge"),)  # error
search: engine.Level = engine.SEARCH
'''


def test_mypy_rejects_a_misspelt_level(tmp_path: Path) -> None:
    snippet = tmp_path / "levels_snippet.py"
    snippet.write_text(SNIPPET)
    run = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                          "--no-error-summary", str(snippet)], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "MYPYPATH": str(SRC.parent)}, timeout=600)
    errors = {int(m.group(1)) for m in re.finditer(r"levels_snippet\.py:(\d+): error", run.stdout)}
    expected = {k for k, line in enumerate(SNIPPET.splitlines(), 1) if "# error" in line}
    assert errors == expected, run.stdout + run.stderr


def test_every_ladder_names_its_levels_once() -> None:
    """The package's puzzles: every rung, the search level and each named grade is a member
    of the folder's Level (the engine's probe and search aside), and reads as its bare name."""
    for name in puzzles.names():
        puzzle = puzzles.get(name)
        package = puzzles.package(name)
        if not package.startswith("pencilbox.puzzles."):
            continue  # a registered puzzle from elsewhere (the tests' toy) may name rungs as plain str
        own = __import__(f"{package}.levels", fromlist=["Level"]).Level
        assert issubclass(own, engine.Level) and [r.name for r in puzzle.rungs] == list(own), name
        assert all(type(r.name) is own for r in puzzle.rungs), name
        assert type(puzzle.search_level) is own, name
        assert all(isinstance(level, own | engine.EngineLevel) for _, level in puzzle.named_grades), name
        assert engine.levels(puzzle)[-1] is engine.PROBE
    level = engine.PROBE
    assert (level == "probe", f"{level}", str(level), repr(level), json.dumps({level: [level]})) == \
        (True, "probe", "probe", "'probe'", '{"probe": ["probe"]}')
