"""The reference docs (issue 32, item 4): every public name has a docstring with a runnable
example, the examples run here as doctests (with ``pencilbox`` imported, nothing else: what a
reader types), and the docs build (``docs/build.py``, what ``python3 dev.py docs`` runs) writes a
section for every public name with no warning from pdoc."""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import importlib.util
import inspect
import io
import warnings
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import pencilbox
from pencilbox.api import Board

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = "pencilbox.studies.library"

#: whose docstrings run as doctests: the package's own, the modules behind ``pencilbox.__all__``,
#: and BoardError's (the rest of errors.py is internal)
DOCTESTED = ["pencilbox", "pencilbox.api", "pencilbox.results", LIBRARY, "pencilbox.errors.BoardError"]

#: public names of Board that need no example of their own, and why
BOARD_EXEMPT = {
    "shape": "a dataclass field (the typed board the puzzle's code works on): its attribute "
             "docstring is for pdoc, and a field has no __doc__ for doctest to run",
    "made": "a dataclass field that generate fills in: generate's and Made's examples show it",
}


def library_missing() -> bool:
    return importlib.util.find_spec(LIBRARY) is None


def skip_without_library() -> None:
    if library_missing():
        pytest.skip(f"{LIBRARY} (pencilbox.study, StudyRun) is not written yet")


def resolve(dotted: str) -> Any:
    """A module by its name, or an object of one (``pencilbox.errors.BoardError``)."""
    try:
        return importlib.import_module(dotted)
    except ModuleNotFoundError as e:
        if e.name != dotted:
            raise
    home, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(home), name)


def examples(obj: Any) -> list[doctest.Example]:
    return doctest.DocTestParser().get_examples(inspect.getdoc(obj) or "")


@pytest.mark.parametrize("target", DOCTESTED)
def test_doctests(target: str) -> None:
    """Every example in these docstrings gives what it shows; a failure is doctest's report."""
    if target == LIBRARY:
        skip_without_library()
    obj = resolve(target)
    found = doctest.DocTestFinder().find(obj, target, module=inspect.getmodule(obj),
                                          globs={"pencilbox": pencilbox})
    report = io.StringIO()
    runner = doctest.DocTestRunner()
    for test in found:
        runner.run(test, out=report.write)
    assert runner.tries > 0, f"{target}: no example found"
    if runner.failures:
        pytest.fail(f"{runner.failures} of {runner.tries} examples failed in {target}:\n"
                    f"{report.getvalue()}", pytrace=False)


@pytest.mark.parametrize("name", pencilbox.__all__)
def test_every_public_name_has_an_example(name: str) -> None:
    if name in ("study", "StudyRun"):
        skip_without_library()
    obj = getattr(pencilbox, name)
    assert examples(obj), f"pencilbox.{name}: no docstring with a >>> example"


def board_members() -> dict[str, Any]:
    """Board's public names (not starting with _): methods, properties and dataclass fields."""
    names = {n for n in dir(Board) if not n.startswith("_")} | {f.name for f in dataclasses.fields(Board)}
    return {n: inspect.getattr_static(Board, n, None) for n in sorted(names)}


def test_board_exemptions_are_fields() -> None:
    assert set(BOARD_EXEMPT) <= {f.name for f in dataclasses.fields(Board)}


@pytest.mark.parametrize("name", [n for n in board_members() if n not in BOARD_EXEMPT])
def test_every_board_method_has_an_example(name: str) -> None:
    member = board_members()[name]
    assert inspect.isfunction(member) or isinstance(member, (property, cached_property, classmethod,
                                                             staticmethod)), \
        f"Board.{name} is neither a method nor a property: exempt it in BOARD_EXEMPT, saying why"
    assert examples(getattr(Board, name)), f"Board.{name}: no docstring with a >>> example"


def docs_build() -> ModuleType:
    """docs/build.py, the build ``python3 dev.py docs`` runs (it lives outside the package)."""
    spec = importlib.util.spec_from_file_location("docs_build", ROOT / "docs" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_build(tmp_path: Path) -> None:
    """One page, pencilbox.html, with a section for every public name and every method of Board;
    no page for an internal module; pdoc gave no warning (the build raises on one)."""
    skip_without_library()
    out = tmp_path / "docs"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        index = docs_build().build(out)
    assert index == out / "index.html" and "pencilbox.html" in index.read_text()
    assert {p.name for p in out.glob("*.html")} == {"index.html", "pencilbox.html"}
    assert (out / "search.js").exists()
    page = (out / "pencilbox.html").read_text()
    missing = [name for name in pencilbox.__all__ if f'id="{name}"' not in page]
    missing += [f"Board.{name}" for name in board_members() if f'id="Board.{name}"' not in page]
    assert not missing, f"no section in the docs for {missing}"
    assert "The library in three lines" in page  # the package's docstring heads the page


def test_docs_build_fails_on_a_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A warning from pdoc (here a stand-in's) stops the build, and the folder is left as it was."""
    import pdoc

    def warns(*modules: str, output_directory: Path) -> None:
        warnings.warn("Error parsing type annotation for pencilbox.Board.solve", stacklevel=1)
        (output_directory / "pencilbox.html").write_text("")

    build = docs_build()
    monkeypatch.setattr(pdoc, "pdoc", warns)
    with pytest.raises(build.DocsWarning, match="Error parsing type annotation"):
        build.build(tmp_path / "docs")
    assert not (tmp_path / "docs").exists()
