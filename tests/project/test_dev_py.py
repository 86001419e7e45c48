"""``python3 dev.py test`` runs pytest, ruff and mypy every time (issue 45, item 5): a failing
step does not hide the later ones' findings, each step has one summary line, and the exit code
says whether any failed. Tried on stand-in steps, not on the suite."""

from __future__ import annotations

import importlib.util
import re
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def dev() -> ModuleType:
    """dev.py, loaded as a module (it is a script at the repository's root, not in the package)."""
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def step(name: str, code: int, mark: Path) -> tuple[str, list[str], None]:
    """A step that leaves ``mark`` behind (so the test sees it ran) and exits ``code``."""
    return name, [sys.executable, "-c", f"import pathlib, sys; pathlib.Path({str(mark)!r}).touch(); "
                                        f"sys.exit({code})"], None


def summary(out: str) -> list[tuple[str, str, int]]:
    """(step, passed or FAILED, exit code) of each summary line."""
    return [(m[1], m[2], int(m[3])) for m in re.finditer(r"^(\w+): (passed|FAILED) \(exit (\d+), \d+ s\)$",
                                                         out, re.M)]


def steps(tmp: Path, codes: tuple[int, int, int]) -> list[tuple[str, list[str], None]]:
    """Stand-ins for pytest, ruff and mypy that exit ``codes``, each marking a file of its name."""
    names = ("pytest", "ruff", "mypy")
    return [step(name, code, tmp / name) for name, code in zip(names, codes, strict=True)]


def test_a_failing_step_does_not_stop_the_later_ones(tmp_path: Path,
                                                     capfd: pytest.CaptureFixture[str]) -> None:
    assert dev().run_steps(steps(tmp_path, (1, 0, 2))) == 1  # the first failure's code
    assert all((tmp_path / name).exists() for name in ("pytest", "ruff", "mypy"))
    assert summary(capfd.readouterr().out) == [("pytest", "FAILED", 1), ("ruff", "passed", 0),
                                               ("mypy", "FAILED", 2)]


def test_every_step_passing_exits_0(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert dev().run_steps(steps(tmp_path, (0, 0, 0))) == 0
    assert summary(capfd.readouterr().out) == [("pytest", "passed", 0), ("ruff", "passed", 0),
                                               ("mypy", "passed", 0)]


def test_dev_py_test_runs_pytest_ruff_and_mypy_through_run_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``test`` hands run_steps: the three steps, in that order, pytest with the browser
    tests required; and it exits with run_steps' code."""
    module = dev()
    got: list[list[tuple[str, list[str], dict[str, str] | None]]] = []
    monkeypatch.setattr(module, "chromium", lambda: None)
    monkeypatch.setattr(module, "run_steps", lambda steps: got.append(steps) or 3)
    with pytest.raises(SystemExit) as end:
        module.test()
    assert end.value.code == 3
    (steps,) = got
    assert [name for name, _, _ in steps] == ["pytest", "ruff", "mypy"]
    pytest_argv, env = steps[0][1], steps[0][2]
    assert [str(a) for a in pytest_argv[1:4]] == ["-m", "pytest", "-q"] and env is not None
    assert env["PENCILBOX_REQUIRE_BROWSER"] == "1"
    assert Path(steps[1][1][0]).name == "ruff" and Path(steps[2][1][0]).name == "mypy"


def test_play_installs_what_playing_needs_and_test_everything(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``dev.py play`` installs the package with [paper] only (none of the test tools: issue 46,
    item 6); ``dev.py test`` with its tools; a verb whose extras are installed installs nothing."""
    module = dev()
    venv = tmp_path / ".venv"
    venv.mkdir()
    (venv / "python").touch()
    monkeypatch.setattr(module, "VENV", venv)
    monkeypatch.setattr(module, "PY", venv / "python")
    calls: list[list[str]] = []
    monkeypatch.setattr(module, "run", lambda *argv, **kw: calls.append([str(a) for a in argv]))

    def installed(verb: str) -> list[str]:
        calls.clear()
        module.setup(module.EXTRAS.get(verb, module.EVERYTHING))
        return [c[-1] for c in calls if c[2:4] == ["pip", "install"] and "-e" in c]
    assert installed("play") == [".[paper]"]
    assert installed("play") == []  # up to date
    assert installed("test") == [".[test,cluster,paper]"]
    assert installed("play") == [] and installed("demo") == []  # test's install holds play's

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    play = [*project["dependencies"], *project["optional-dependencies"]["paper"]]
    tools = {"pytest", "playwright", "pandas", "ipykernel", "mypy", "ruff", "pdoc"}
    assert not [r for r in play if re.split(r"[<>=;\[ ]", r)[0] in tools], play
    assert tools <= {re.split(r"[<>=;\[ ]", r)[0] for r in project["optional-dependencies"]["test"]}
