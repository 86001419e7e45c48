"""Every folder's studies with their quick parameters (seed 0): no property broken, every figure
says what kind of number it is and opens with a sentence, every table of the seed's reference
file is reproduced by a figure, and a second run on two worker processes regenerates the same
figures bit for bit (but its timings)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pencilbox import puzzles
from pencilbox.studies import KINDS, compare, studies_of
from pencilbox.studies.runner import run_quick, run_study

NAMES = [name for name in puzzles.names() if studies_of(name)]
STUDIES = [(name, s.name) for name in NAMES for s in studies_of(name)]


@cache
def entries(name: str, state: Path) -> dict[str, dict[str, Any]]:
    """Every study of the puzzle run once, quick, seed 0 (cached for the module's tests)."""
    return run_quick(name, state)


@pytest.fixture(scope="module")
def state(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("state")


@pytest.mark.parametrize("name,study", STUDIES, ids=[f"{n}-{s}" for n, s in STUDIES])
def test_a_quick_run_breaks_nothing_and_its_figures_say_what_they_are(name: str, study: str,
                                                                       state: Path) -> None:
    entry = entries(name, state)[study]
    assert entry["broken"] == []
    for fig in entry["figures"].values():
        assert fig["kind"] in KINDS and (fig["kind"] != "sample" or fig["n"] > 0)
        if isinstance(fig["value"], dict) and "columns" in fig["value"]:  # a table: led, a reader's labels
            assert fig.get("lead"), "every table opens with a sentence"
            assert not any(re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)+", str(c)) for c in fig["value"]["columns"])


@pytest.mark.parametrize("name", NAMES)
def test_every_table_of_the_seed_is_reproduced(name: str, state: Path) -> None:
    """Its id has a figure whose columns hold the table's measures (the columns named by a
    size, as ``6×6``, may be fewer in a quick run); a puzzle with a seed leads with 2 to 4
    headlines."""
    if not (puzzles.folder(name) / "studies" / "reference.json").exists():
        pytest.skip(f"{name} was built from no article")
    found = compare.figures_by_seed({"studies": entries(name, state)})
    tables = compare.load(name)["tables"]
    assert tables and {t["id"] for t in tables} <= set(found)
    for t in tables:
        measures = {c for c in t["columns"] if "×" not in c}
        assert measures <= set(found[t["id"]][2]["value"]["columns"][1:]), t["id"]
    figures = [f for e in entries(name, state).values() for f in e["figures"].values()]
    assert 2 <= sum(bool(f.get("headline")) for f in figures) <= 4


@pytest.mark.parametrize("name,study", STUDIES, ids=[f"{n}-{s}" for n, s in STUDIES])
def test_two_workers_regenerate_the_figures_bit_for_bit(name: str, study: str, state: Path,
                                                          tmp_path: Path) -> None:
    again = run_study(name, next(s for s in studies_of(name) if s.name == study), quick=True, seed=0,
                      workers=2, state=tmp_path)
    assert untimed(again) == untimed(entries(name, state)[study])


def untimed(entry: dict[str, Any]) -> dict[str, Any]:
    """A study's figures but its timings (wall time differs run to run)."""
    return {k: f for k, f in entry["figures"].items() if f["kind"] != "timing"}
