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

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = "pencilbox.studies.library"

#: whose docstrings run as doctests: the package's own, the modules behind ``pencilbox.__all__``,
#: and BoardError's (the rest of errors.py is internal)
DOCTESTED = ["pencilbox", "pencilbox.api", "pencilbox.results", LIBRARY, "pencilbox.errors.BoardError"]

#: the classes pencilbox exports whose methods and properties each need an example (a
#: dataclass's fields are described by its class docstring, whose example shows them)
CLASSES = ["Board", "Solution", "Count", "Grade", "Hint", "Check", "BrokenRule", "Backbone", "Made",
           "StudyRun"]


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


def members(cls: type) -> list[str]:
    """A class's public methods and properties (not starting with _, not dataclass fields),
    inherited ones included: an inherited docstring serves (inspect.getdoc reads it)."""
    fields = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
    return sorted(n for n in dir(cls) if not n.startswith("_") and n not in fields)


def test_every_class_is_checked() -> None:
    assert sorted(CLASSES) == sorted(n for n in pencilbox.__all__
                                     if isinstance(getattr(pencilbox, n), type) and n != "BoardError")


MEMBERS = [(c, n) for c in CLASSES if c not in ("study", "StudyRun") or not library_missing()
           for n in members(getattr(pencilbox, c))]


@pytest.mark.parametrize("cls,name", MEMBERS, ids=[f"{c}.{n}" for c, n in MEMBERS])
def test_every_method_and_property_has_an_example(cls: str, name: str) -> None:
    member = inspect.getattr_static(getattr(pencilbox, cls), name)
    assert inspect.isfunction(member) or isinstance(member, (property, cached_property, classmethod,
                                                             staticmethod)), \
        f"{cls}.{name} is neither a method nor a property"
    assert examples(getattr(getattr(pencilbox, cls), name)), f"{cls}.{name}: no docstring with a >>> example"


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
    assert {p.name for p in out.glob("*.html")} == {"index.html", "pencilbox.html", "boards.html"}
    assert (out / "search.js").exists()
    gallery = (out / "boards.html").read_text()  # boards drawn as a notebook shows them
    assert gallery.count("<svg") == len(docs_build().GALLERY) and gallery.count("<figcaption") >= 2
    page = (out / "pencilbox.html").read_text()
    missing = [name for name in pencilbox.__all__ if f'id="{name}"' not in page]
    own = [(c, n) for c, n in MEMBERS if n in vars(getattr(pencilbox, c))]  # pdoc folds inherited ones
    missing += [f"{c}.{n}" for c, n in own if f'id="{c}.{n}"' not in page]
    assert not missing, f"no section in the docs for {missing}"
    assert "The library in three lines" in page  # the package's docstring heads the page
    assert 'href="boards.html"' in page  # and links the gallery


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
