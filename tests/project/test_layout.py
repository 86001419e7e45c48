"""Tests mirror the package (issue 45, item 5): a test file's place follows the module it tests
(the rule is written in README.md, "Layout"); this names every file and module that breaks it."""

from __future__ import annotations

import ast
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "pencilbox"
TESTS = ROOT / "tests"

#: test folders named by subject, not by module: the project as a whole, the registry, the page
WHOLE = {
    "project": "the project as a whole: the import graph and layers, types, docs, the tutorial, the wheel, "
               "dev.py, the published data, the toy's and a new folder's path, the bench scripts, this file",
    "registry": "parametrized over every registered puzzle, so a new folder is tested as the others are",
    "player/static": "the page (player/static/: JavaScript, HTML and CSS) driven in chromium",
}

#: modules with no test file at their place, each tested through others (fnmatch per path part)
THROUGH = {
    "__init__.py": "the library's names, loaded lazily from api.py: tests/test_api.py",
    "__main__.py": "python -m pencilbox: the command line's subprocess tests (tests/test_cli.py)",
    "bank/__init__.py": "every folder's bank rebuilt from its recipe: tests/registry/test_bank.py",
    "results.py": "what the verbs answer: to_dict in tests/test_api.py, text in tests/registry/test_cli.py",
    "sections.py": "the text format's tokens: through boardio (tests/test_boardio.py, tests/registry/)",
    "version.py": "a constant",
    "site/__init__.py": "the site's one name, build: tests/site/test_build.py",
    "site/local.py": "the site on a loopback file server: every page test on the site (tests/player/static/)",
    "compiled/exercise.py": "a job per kernel: run and loaded from the cache by tests/compiled/test_warm.py",
    "core/brutekit.py": "shared by the brute counters only: each folder's test_brute.py",
    "core/cardinality.py": "the SAT counters' clauses: each folder's test_brute.py and the contract",
    "core/gridboard.py": "the boards' shared base: every format test (tests/registry/test_formats.py)",
    "core/jit.py": "the compiled skeleton: held to the readable rungs by each folder's test_rungs.py",
    "core/ladder.py": "levels, ablation and the fixpoint, through the engine: tests/core/test_engine.py",
    "core/marks.py": "read by every folder's marks: tests/player/test_api.py, tests/verbs/test_play.py",
    "core/restarts.py": "the brute counters' symmetries: each folder's test_brute.py",
    "core/runs.py": "the run-length code of the codecs: each folder's test_codec.py, tests/registry/",
    "core/satloop.py": "the SAT counters' loop: each folder's test_brute.py and the contract",
    "core/state.py": "the engine's vocabulary (State.restrict): tests/core/test_engine.py",
    "core/unionfind*.py": "Slant's rules, rungs, codec and counters, and Ripple's codec use them",
    "core/unwind.py": "the Python side of core/poll.py: tests/core/test_poll.py",
    "puzzles/*/__init__.py": "each folder's PUZZLE: tests/core/test_puzzle.py and tests/registry/",
    "puzzles/*/board.py": "a board's text and JSON: tests/registry/test_formats.py and test_contract.py",
    "puzzles/*/jit.py": "the compiled ladder: held to the readable rungs by the folder's test_rungs.py",
    "puzzles/*/jit_generate.py": "the compiled erasure loop: against the readable one in test_generate.py",
    "puzzles/fillapix/jit_tables.py": "the kernel's tables: test_kernel_limits.py (the readable pairs)",
    "puzzles/fillapix/jit_twins.py": "the classifier's compiled core: test_twins.py",
    "puzzles/*/levels.py": "the rungs' names (an engine.Level): tests/project/test_types.py",
    "puzzles/*/marks.py": "what a mark means: tests/player/test_api.py and tests/verbs/test_play.py",
    "puzzles/*/rules.py": "the validator that judges every engine's answers: tests/registry/test_contract.py",
    "puzzles/*/sat.py": "engine 3, pinned down beside engine 2 in the folder's test_brute.py",
    "puzzles/*/words.py": "a player's words for every rung of every puzzle: tests/core/test_words.py",
    "puzzles/*/studies/*.py": "each study: the folder's test_studies.py and tests/registry/test_studies.py",
    "studies/__init__.py": "the Study protocol and figures: tests/studies/test_runner.py, test_compare.py",
    "studies/notes.py": "the notes page: tests/studies/test_runner.py and test_compare.py",
    "verbs/answers.py": "TypedDict schemas of the page's answers: through tests/verbs/test_play.py and mypy",
}


def modules() -> list[str]:
    """Every module of the package with code, as a path under src/pencilbox."""
    out = []
    for path in sorted(SRC.rglob("*.py")):
        body = ast.parse(path.read_text()).body
        if path.name != "__init__.py" or [n for n in body if not isinstance(n, ast.Expr)]:
            out.append(path.relative_to(SRC).as_posix())
    return out


def every_test_file() -> list[Path]:
    """Every file pytest collects under tests/ (helpers such as contract.py are not test files)."""
    return sorted(p for p in TESTS.rglob("test_*.py") if "__pycache__" not in p.parts)


def subject(test: Path) -> Path | None:
    """What ``tests/<path>/test_<name>[_<aspect>].py`` tests: ``<path>/<name>.py`` or the folder
    ``<path>/<name>/`` (a package, or a puzzle's bank/), the longest name that exists."""
    folder = SRC / test.parent.relative_to(TESTS)
    parts = test.stem.removeprefix("test_").split("_")
    for k in range(len(parts), 0, -1):
        name = "_".join(parts[:k])
        for found in (folder / f"{name}.py", folder / name):
            if found.is_file() or (found.is_dir() and name != "__pycache__"):
                return found
    return None


def place(module: str) -> tuple[str, str] | None:
    """The folder under tests/ and the name a module's test file carries (None: the root)."""
    path = Path(module)
    if path.name == "__init__.py":
        return None if path.parent == Path(".") else (path.parent.parent.as_posix(), path.parent.name)
    return path.parent.as_posix(), path.stem


def listed(module: str, pattern: str) -> bool:
    """Whether THROUGH's ``pattern`` names the module: a ``*`` stands within one folder's name."""
    parts, wanted = module.split("/"), pattern.split("/")
    return len(parts) == len(wanted) and all(fnmatch(a, b) for a, b in zip(parts, wanted, strict=True))


def has_test(module: str) -> bool:
    """Whether a test file sits at the module's place (test_<m>.py, or test_<m>_<aspect>.py of it)."""
    where = place(module)
    if where is None:
        return False
    folder = TESTS / where[0]
    return (folder / f"test_{where[1]}.py").exists() or any(
        subject(t) is not None and subject(t) in (SRC / module, (SRC / module).parent)
        for t in folder.glob(f"test_{where[1]}_*.py"))


def where(module: str) -> str:
    """The test file the module's place asks for, as the failure names it."""
    folder, name = place(module) or (".", "?")
    return (Path("tests") / folder / f"test_{name}.py").as_posix()


def whole(test: Path) -> bool:
    """Whether the test file sits in one of WHOLE's folders (named by subject)."""
    folder = test.parent.relative_to(TESTS).as_posix()
    return any(folder == f or folder.startswith(f + "/") for f in WHOLE)


def test_every_test_file_sits_at_the_place_of_what_it_tests() -> None:
    """tests/<path>/test_<m>.py tests src/pencilbox/<path>/<m>.py; only WHOLE's folders differ."""
    wrong = [t.relative_to(ROOT).as_posix() for t in every_test_file() if not whole(t) and subject(t) is None]
    assert not wrong, "test files that mirror no module of src/pencilbox:\n  " + "\n  ".join(wrong)


def test_every_module_has_a_test_file_at_its_place_or_a_reason() -> None:
    """A module with no tests/<path>/test_<m>.py is listed in THROUGH with where it is tested."""
    bare = [m for m in modules() if not has_test(m) and not any(listed(m, p) for p in THROUGH)]
    assert not bare, "modules with no test file at their place:\n  " + "\n  ".join(
        f"src/pencilbox/{m}: no {where(m)}" for m in bare)


def test_the_lists_name_what_is_there() -> None:
    """Every entry matches a module, one named alone is untested at its place, every folder exists."""
    mods = modules()
    unmatched = [p for p in THROUGH if not any(listed(m, p) for m in mods)]
    stale = [p for p in THROUGH if "*" not in p and p in mods and has_test(p)]
    assert not unmatched and not stale, f"no such module: {unmatched}; tested at its place: {stale}"
    missing = [f"tests/{f}/" for f in WHOLE if not (TESTS / f).is_dir()]
    assert not missing and all(THROUGH.values()) and all(WHOLE.values()), f"no such folder: {missing}"
