"""The one error type's quoting (errors.py; issue 27): a long input is cut and says how long; a
feature whose optional dependency is left out (issue 46, item 6) says which extra to install."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pencilbox import cli
from pencilbox.errors import MESSAGE, QUOTE, clip, shown

BOARD = "https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b"


def test_shown_cuts_a_long_input_and_says_how_long() -> None:
    assert shown("sukoro") == "'sukoro'"
    long = shown("x" * 10**6)
    assert len(long) < QUOTE + 40 and "1000000 characters" in long
    assert len(clip("y" * 10**5)) < MESSAGE + 40


@pytest.mark.parametrize(("module", "argv", "words"), [
    ("pysat", ["count", BOARD, "--engine", "sat"], "the SAT counter (count --engine sat) needs python-sat"),
    ("matplotlib", ["render", BOARD, "--format", "png", "--out", "{tmp}/board.png"], "PNG and PDF output"),
    ("matplotlib", ["print", BOARD, "--out", "{tmp}/booklet.pdf"], "a PDF booklet needs matplotlib")])
def test_a_feature_without_its_optional_dependency_names_the_extra(
        module: str, argv: list[str], words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # as if not installed: import and find_spec fail
    assert cli.main([a.format(tmp=tmp_path) for a in argv]) == 2
    extra = {"pysat": "pip install python-sat (pencilbox's [sat] extra)",
             "matplotlib": "pip install matplotlib (pencilbox's [paper] extra)"}[module]
    err = capsys.readouterr().err
    assert err.startswith("pencilbox: error: ") and words in err and err.rstrip().endswith(extra), err
    assert not list(tmp_path.iterdir())  # nothing half written
