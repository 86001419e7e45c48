"""An installable wheel (issue 26, item 3): ``python3 dev.py wheel`` makes a platform wheel that
carries the ladder's kernels built ahead of time; installed into a fresh venv, with a PATH that
holds no C compiler and an empty HOME, its ``pencilbox`` solves and hints compiling nothing
(numba is not even imported), generates, checks a bank, and serves the page, the bank and the
notes page."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import urllib.request
import zipfile
from pathlib import Path

import pytest

from pencilbox import bank, puzzles
from pencilbox.compiled import aot
from tests.patience import until

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not (ROOT / ".venv" / ".installed").exists() or shutil.which("cc") is None,
                                reason="needs dev.py's .venv and a C compiler to build the wheel")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The wheel, built and pip-installed into a fresh venv (its dependencies: this venv's, below);
    (its bin folder, a user's env)."""
    tmp = tmp_path_factory.mktemp("wheel")
    dist = tmp / "dist"
    # the modules `warm` built for these sources (dev.py test warms first), not built again for a
    # portable CPU (two and a half minutes of the suite): the same compiler, another target
    r = subprocess.run([sys.executable, str(ROOT / "dev.py"), "wheel", "--into", str(dist),
                        "--ahead-from-cache"], cwd=ROOT, capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    wheel = next(dist.glob("pencilbox-*.whl"))
    assert not wheel.name.endswith("-none-any.whl"), "a pure-Python wheel: the built modules are missing"
    names = zipfile.ZipFile(wheel).namelist()
    packages = [puzzles.package(name) for name in puzzles.names()]
    want = sum(len(aot.modules(p)) for p in packages)  # the ladders' and generators'
    assert sum(n.startswith("pencilbox/_built/") and n.endswith(".so") for n in names) == want, names
    for name in puzzles.names():  # each folder's data ships with it (issue 29, item 1)
        here = puzzles.folder(name).relative_to(ROOT / "src").as_posix()
        for rel in (f"bank/{name}.json", f"bank/{name}.recipe.json", "studies/stats.json",
                    "studies/reference.json", "data/published.json"):
            assert f"{here}/{rel}" in names, f"{here}/{rel} is not in the wheel"
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    # the wheel alone, by this venv's pip; its dependencies are the ones this venv holds, seen
    # through a .pth file and held to the wheel's requirements by pip check (pip installing numba
    # and numpy again took 13-70 s of the suite; bench/wheels.py resolves them per platform)
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
    purelib = "import sysconfig; print(sysconfig.get_path('purelib'))"
    site = subprocess.run([str(venv / "bin" / "python"), "-c", purelib], check=True, capture_output=True,
                          text=True).stdout.strip()
    Path(site, "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    subprocess.run([*pip, "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True, timeout=300)
    r = subprocess.run([*pip, "check"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    home = tmp / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PENCILBOX_", "NUMBA_", "XDG_"))}
    env = {**env, "HOME": str(home), "PATH": str(venv / "bin"), "PENCILBOX_BUILD": "0"}
    for cc in ("cc", "gcc"):
        assert shutil.which(cc, path=env["PATH"]) is None
    return venv / "bin", env


def board_file(tmp: Path, name: str) -> Path:
    rec = next(r for r in bank.load(name) if r["rows"] == 10)
    path = tmp / f"{name}.json"
    path.write_text(json.dumps({k: v for k, v in rec.items() if k != "answer"}))
    return path


NUMBA_FREE = """
import sys
from pencilbox import cli
code = cli.main(sys.argv[1:])
print(code, "NUMBA" if "numba" in sys.modules else "clean", file=sys.stderr)
"""


@pytest.mark.parametrize("name", ["sukoro", "slant", "ripple", "fillapix"])
def test_the_wheel_solves_and_hints_without_compiling(installed: tuple[Path, dict[str, str]], tmp_path: Path,
                                                      name: str) -> None:
    bin_, env = installed
    board = board_file(tmp_path, name)
    for verb in ("solve", "hint"):
        r = subprocess.run([str(bin_ / "python"), "-c", NUMBA_FREE, verb, str(board)], capture_output=True,
                           text=True, env=env, timeout=300)
        assert r.stderr.splitlines() == ["0 clean"], r.stderr  # no note: nothing cold, nothing compiled


def test_the_wheel_generates_checks_a_bank_and_plays(installed: tuple[Path, dict[str, str]]) -> None:
    bin_, env = installed
    exe = str(bin_ / "pencilbox")
    r = subprocess.run([exe, "generate", "sukoro", "6x6", "--seed", "1"], capture_output=True, text=True,
                       env=env, timeout=900)
    assert r.returncode == 0 and "sukoro 6x6" in r.stdout.splitlines(), r.stdout + r.stderr
    r = subprocess.run([exe, "convert", "-", "--format", "url"], input=r.stdout, capture_output=True,
                       text=True, env=env, timeout=60)
    assert r.returncode == 0 and "sukoro/6/6/" in r.stdout
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([exe, "play", "--port", str(port)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"

        def answers() -> bool:
            try:
                urllib.request.urlopen(base + "/", timeout=5).read()
                return True
            except OSError:
                return False
        assert until(answers, 120, 0.1), "the installed player did not answer"
        for path in ("/notes", "/api/bank?puzzle=ripple", "/api/catalog"):
            with urllib.request.urlopen(base + path, timeout=30) as resp:
                assert resp.status == 200 and resp.read(), path
    finally:
        proc.terminate()
        proc.wait(timeout=30)
