"""Studies from Python (issue 32, item 3): ``pencilbox.study`` gives the figures ``pencilbox study
--quick --out`` writes, as data and DataFrames, and writes nothing: not the shipped stats files,
not a state folder in the working directory."""

from __future__ import annotations

import doctest
import html
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import pencilbox
from pencilbox import cli, puzzles
from pencilbox.studies import cell_value, stats, studies_of
from pencilbox.studies import library as study_library

#: a cheap quick study per puzzle (a tenth of a second or less), its main table's columns and rows
CHEAP: dict[str, tuple[str, list[str], int]] = {
    "fillapix": ("clue_survival", ["position", "survival", "standard error", "clues shown"], 3),
    "ripple": ("ablation", ["dropped", "candidates eliminated", "boards finished", "answer lost"], 5),
    "slant": ("clue_values", ["value", "clues", "share of clues", "corner", "edge", "interior",
                              "share of all points"], 5),
    "sukoro": ("census", ["clue sets of", "clue sets", "impossible", "ambiguous", "exactly one",
                          "unique clue sets"], 3),
}
PUZZLES = [p for p in puzzles.names() if p != "toy"]  # toy: the test-only puzzle


def _shipped() -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in (stats.path(name) for name in PUZZLES) if p.exists()}


def _untimed(figures: dict[str, Any]) -> dict[str, Any]:
    """The figures but timings (they differ from run to run): a timing table keeps its shape."""
    def shape(fig: dict[str, Any]) -> Any:
        value = fig["value"]
        return (value["columns"], len(value["rows"])) if isinstance(value, dict) else type(value)
    return {k: shape(f) if f["kind"] == "timing" else f for k, f in figures.items()}


@pytest.fixture(scope="module")
def shipped() -> dict[Path, bytes]:
    return _shipped()


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_study_gives_what_the_command_writes(puzzle: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             shipped: dict[Path, bytes]) -> None:
    known = studies_of(puzzle)
    if not known:
        pytest.skip(f"{puzzle} has no studies")
    name, columns, rows = CHEAP.get(puzzle, (known[0].name, [], -1))  # a new puzzle: its first study
    here = tmp_path / "cwd"
    here.mkdir()
    monkeypatch.chdir(here)

    run = pencilbox.study(puzzle, name)

    assert not any(here.iterdir()), "study left files in the working directory"
    assert isinstance(run, pencilbox.StudyRun)
    assert (run.puzzle, run.name, run.quick, run.seed, run.broken) == (puzzle, name, True, 0, ())
    study = next(s for s in known if s.name == name)
    assert (run.number, run.title, run.params) == (study.number, study.title, study.params(True))
    assert run.seconds >= 0

    out = tmp_path / "out"
    code = cli.main(["study", puzzle, name, "--quick", "--out", str(out), "--state", str(tmp_path / "state"),
                     "--no-progress", "--no-ahead"])
    assert code == 0
    entry = json.loads((out / f"{puzzle}.json").read_text())["studies"][name]
    assert _untimed(run.data) == _untimed(entry["figures"])
    assert (run.number, run.title, run.params, run.seed) == (entry["number"], entry["title"],
                                                              entry["params"], entry["seed"])

    tables = run.tables()
    assert tables and all(isinstance(run.data[t]["value"], dict) for t in tables)
    assert set(run.data) - set(tables) == {k for k, f in run.data.items() if not isinstance(f["value"], dict)}
    df = run.frame()
    main = run.data[run.main() or ""]["value"]
    assert list(df.columns) == main["columns"] and len(df) == len(main["rows"])
    if rows >= 0:
        assert list(df.columns) == columns and len(df) == rows
    cells = df.astype(object).where(df.notna(), None).values.tolist()  # NaN read back as None
    assert cells == [[cell_value(c) for c in r] for r in main["rows"]]
    for t in tables:
        assert len(run.frame(t)) == len(run.data[t]["value"]["rows"])
    assert df.attrs["kind"] == run.data[run.main() or ""]["kind"]

    assert json.loads(json.dumps(run.to_dict()))["data"] == run.data
    page = run._repr_html_()
    assert html.escape(run.title) in page and "<table>" in page
    assert _shipped() == shipped, "a shipped stats file changed"


def test_frame_cells_and_numbers() -> None:
    """Cells that are more than a number become their number; a bad table name is a KeyError
    that lists the tables."""
    run = pencilbox.study("slant", 4)
    df = run.frame("clue_values")
    share = run.data["clue_values"]["value"]["rows"][0][2]
    assert isinstance(share, dict) and df["share of clues"][0] == share["value"]
    assert df.attrs["n"] == run.params["boards"] and df.attrs["title"]
    assert run.frame().equals(df)
    assert "clues_per_board" not in run.tables()
    with pytest.raises(KeyError, match="clues_per_board.*its tables: clue_values, lattice_by_place"):
        run.frame("clues_per_board")


@pytest.mark.parametrize(("args", "message"), [
    (("nopuzzle", "census"), "unknown puzzle 'nopuzzle'; known: "),
    (("all", "census"), "unknown puzzle 'all'"),
    (("slant", "nope"), "unknown study 'nope'; known: 1 incremental, 2 ablation"),
    (("slant", "99"), "unknown study '99'"),
])
def test_bad_names_raise_one_error(args: tuple[str, str], message: str, shipped: dict[Path, bytes]) -> None:
    with pytest.raises(stats.StudyError, match=message) as e:
        pencilbox.study(*args)
    assert isinstance(e.value, pencilbox.BoardError)
    assert _shipped() == shipped


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"workers": 0}, "workers=0: must be at least 1"),
    ({"seed": -1}, "seed=-1: must be 0 or more"),
])
def test_bad_options(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(pencilbox.BoardError, match=message):
        pencilbox.study("slant", "clue_values", **kwargs)


def test_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    run = pencilbox.study("sukoro", "census")
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    with pytest.raises(ImportError, match="pip install pandas"):
        run.frame()
    assert "<table>" in run._repr_html_()  # the notebook view needs no pandas


def test_docstring_examples() -> None:
    """The module's examples run (with ``pencilbox`` in their globals, as the docs show them)."""
    got = doctest.testmod(study_library, extraglobs={"pencilbox": pencilbox}, optionflags=doctest.ELLIPSIS)
    assert got.failed == 0 and got.attempted >= 8
