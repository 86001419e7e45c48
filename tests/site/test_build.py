"""``pencilbox site``: what the folder holds, that its fixed answers are the verbs' own, that it
refuses a folder it did not build, and that a rebuild replaces the previous site whole."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pencilbox import puzzles
from pencilbox.errors import BoardError
from pencilbox.site import build, pyodide
from pencilbox.site.build import bank_file
from pencilbox.verbs import wire


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("built") / "site"
    build(out)
    return out


def test_the_page_runs_the_engine_in_the_browser(site: Path) -> None:
    html = (site / "index.html").read_text()
    assert '<meta name="pencilbox-engine" content="browser">' in html
    assert '<link rel="manifest" href="manifest.webmanifest">' in html
    assert not re.findall(r'(?:src|href)="/', html), "an absolute path breaks a site served from a subfolder"
    assert (site / "static" / "app.js").is_file() and (site / "static" / "pyworker.js").is_file()
    assert (site / "notes.html").is_file()


def test_pyodide_and_the_wheel_are_the_sites_own(site: Path) -> None:
    info = json.loads((site / "data" / "site.json").read_text())
    assert info["pyodide"] == pyodide.VERSION
    assert info["wheel"].endswith("-py3-none-any.whl") and (site / info["wheel"]).is_file()
    import hashlib  # the engine's snapshot is kept under this wheel's digest (pyworker.js)
    assert info["wheel_sha256"] == hashlib.sha256((site / info["wheel"]).read_bytes()).hexdigest()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"):
        assert (site / "pyodide" / name).is_file(), name
    # no other host: the worker loads Pyodide from the site, and the page names no URL to fetch
    for js in (site / "static").glob("*.js"):
        assert not re.findall(r"""fetch\(\s*["'`]https?:""", js.read_text()), js.name
        assert "cdn.jsdelivr" not in js.read_text(), js.name


def test_fixed_answers_are_the_verbs_own(site: Path) -> None:
    def said(verb: str, request: dict[str, object]) -> object:
        status, out = wire.answer(verb, json.dumps(request))
        assert status == 200
        return json.loads(out)
    assert json.loads((site / "data" / "catalog.json").read_text()) == said("catalog", {})
    boards = 0
    for name in puzzles.names():
        listed = said("bank", {"puzzle": name})
        assert json.loads((site / "data" / "bank" / f"{name}.json").read_text()) == listed
        for b in listed["boards"]:  # type: ignore[index]
            query = {"puzzle": name, "rows": b["rows"], "cols": b["cols"], "grade": b["grade"]}
            narrow = json.loads((site / "data" / "bank" / f"{bank_file(query)}.json").read_text())
            assert b in narrow["boards"]
            written = json.loads((site / "data" / "board" / f"{b['id']}.json").read_text())
            assert written == said("board", {"id": b["id"]})
            boards += 1
    assert boards == json.loads((site / "data" / "site.json").read_text())["boards"] > 0


def test_the_service_worker_lists_every_file(site: Path) -> None:
    text = (site / "sw.js").read_text()
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S).group(1))  # type: ignore[union-attr]
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()} - {"sw.js"}
    assert set(files) == on_disk | {"./"}
    assert re.search(r'const VERSION = "[0-9a-f]{16}"', text)


def test_a_rebuild_replaces_the_site_and_a_stranger_folder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "site"
    first = build(out)
    (out / "stale.txt").write_text("from an older build")
    again = build(out)
    assert not (out / "stale.txt").exists() and again["build"] == first["build"]
    assert [p.name for p in tmp_path.iterdir()] == ["site"], "no temporary folder left beside it"
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    with pytest.raises(BoardError, match="not a site"):
        build(mine)
    assert (mine / "notes.txt").read_text() == "keep me"


def test_the_command_line_builds_it(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pencilbox", "site", "--out", str(tmp_path / "s")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "site written to" in done.stdout and (tmp_path / "s" / "index.html").is_file()
    bad = subprocess.run([sys.executable, "-m", "pencilbox", "site", "--out", str(tmp_path / "t"),
                          "--pyodide", str(tmp_path / "s" / "index.html")], capture_output=True, text=True)
    assert bad.returncode == 2 and "is not pyodide@" in bad.stderr and "Traceback" not in bad.stderr
