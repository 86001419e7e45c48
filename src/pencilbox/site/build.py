"""Build the static site into a folder: built beside it under a temporary name and swapped in
whole, so a failed build leaves the previous site as it was; a folder that holds anything but
a previous site is refused, never overwritten."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from pencilbox.errors import BoardError
from pencilbox.site import icons, pyodide, wheel
from pencilbox.studies.stats import NOTES
from pencilbox.verbs import wire
from pencilbox.version import __version__

HERE = Path(__file__).parent
STATIC = HERE.parent / "player" / "static"
MARK = "data/site.json"  # a folder holding this is a site this command built (and may replace)
HEAD = ('<meta name="pencilbox-engine" content="browser">\n'
        '<meta name="theme-color" content="#25639e">\n'
        '<link rel="manifest" href="manifest.webmanifest">\n'
        '<link rel="apple-touch-icon" href="icons/icon-192.png">\n'
        # the engine's worker starts before the rest of the page's scripts run (engine.js alone)
        '<script type="module">import { startEngine } from "./static/engine.js"; startEngine();</script>\n')


def _answer(verb: str, request: dict[str, Any]) -> bytes:
    """A verb's answer as the server would send it (the build stops on any error)."""
    status, out = wire.answer(verb, json.dumps(request))
    if status != 200:
        raise BoardError(f"building the site: {verb} {request} answered {status}: {out.decode()[:300]}")
    return out


def _data(root: Path) -> int:
    """The answers that never change, as files: the catalog, each bank list the page's selectors
    can ask (a puzzle, with a size, a grade or both), each bank board; the page reads them before
    the engine has started. How many boards."""
    (root / "data" / "bank").mkdir(parents=True)
    (root / "data" / "board").mkdir()
    (root / "data" / "catalog.json").write_bytes(_answer("catalog", {}))
    n = 0
    for listed in json.loads(_answer("catalog", {}))["puzzles"]:
        name = listed["name"]
        boards = json.loads(_answer("bank", {"puzzle": name}))["boards"]
        grades = {*listed["grades"], *listed["levels"], "search"}  # the grade selector's (boards.js)
        for size in (None, *sorted({(b["rows"], b["cols"]) for b in boards})):
            for grade in (None, *sorted(grades)):
                query: dict[str, Any] = {"puzzle": name}
                if size:
                    query.update(rows=size[0], cols=size[1])
                if grade:
                    query["grade"] = grade
                (root / "data" / "bank" / f"{bank_file(query)}.json").write_bytes(_answer("bank", query))
        for b in boards:
            (root / "data" / "board" / f"{b['id']}.json").write_bytes(_answer("board", {"id": b["id"]}))
            n += 1
    return n


def bank_file(query: dict[str, Any]) -> str:
    """A bank list's file name (engine.js's bankFile names it the same way)."""
    name = str(query["puzzle"])
    if "rows" in query:
        name += f"-{query['rows']}x{query['cols']}"
    if "grade" in query:
        name += f"-{query['grade']}"
    return name


def _page(root: Path) -> None:
    """The player's page and scripts, the page marked to run the engine in the browser."""
    shutil.copytree(STATIC, root / "static", ignore=shutil.ignore_patterns("index.html", "__pycache__"))
    html = (STATIC / "index.html").read_text()
    if '<link rel="icon" href="data:,">' not in html:
        raise BoardError("building the site: index.html has no icon line to replace")
    html = html.replace('<link rel="icon" href="data:,">',
                        HEAD + '<link rel="icon" href="icons/icon-192.png">')
    (root / "index.html").write_text(html)
    if NOTES.exists():
        shutil.copyfile(NOTES, root / "notes.html")


def _app(root: Path) -> None:
    """The web app's manifest and icons (installable on a phone: standalone, 192 and 512 px)."""
    (root / "icons").mkdir()
    for size in (192, 512):
        (root / "icons" / f"icon-{size}.png").write_bytes(icons.png(size))
    manifest = {
        "name": "pencilbox: Sukoro, Slant, Ripple Effect, Fill-a-Pix", "short_name": "pencilbox",
        "description": "Four grid logic puzzles with hints that name their rule, grades and a setter.",
        "start_url": "./", "scope": "./", "display": "standalone",
        "background_color": "#faf8f0", "theme_color": "#25639e",
        "icons": [{"src": f"icons/icon-{s}.png", "sizes": f"{s}x{s}", "type": "image/png",
                   "purpose": "any maskable"} for s in (192, 512)],
    }
    (root / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1))


def offline(root: Path) -> str:
    """The service worker: every file of the build listed, the build's digest as its version."""
    names = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    h = hashlib.sha256()
    for name in names:
        h.update(name.encode() + b"\0" + (root / name).read_bytes())
    version = h.hexdigest()[:16]
    text = (HERE / "sw.js").read_text().replace("__VERSION__", version)
    (root / "sw.js").write_text(text.replace("__FILES__", json.dumps(["./", *names])))
    return version


def _fresh(out: Path) -> None:
    """Refuse an ``out`` that holds anything but a site this command built."""
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARK).is_file())):
        raise BoardError(f"{out} exists and is not a site `pencilbox site` built: choose another --out")


def build(out: Path, pyodide_archive: Path | None = None) -> dict[str, Any]:
    """Build the site into ``out``; what was built (files, bytes, boards, version)."""
    out = Path(out).absolute()
    _fresh(out)
    tgz = pyodide.archive(pyodide_archive)
    out.parent.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        _page(root)
        boards = _data(root)
        _app(root)
        pyodide.unpack(tgz, root / "pyodide")
        built = wheel.build(root)
        answers = sorted(p.relative_to(root).as_posix() for p in (root / "data").rglob("*.json"))
        info = {"version": __version__, "wheel": built.name, "pyodide": pyodide.VERSION, "boards": boards,
                "answers": answers,  # the engine's snapshot is this wheel's in this Pyodide (pyworker.js)
                "wheel_sha256": hashlib.sha256(built.read_bytes()).hexdigest()}
        (root / MARK).write_text(json.dumps(info))
        (root / ".nojekyll").write_text("")  # GitHub Pages: serve every file as it is
        info["build"] = offline(root)
        os.chmod(root, 0o755)
        if out.exists():
            old = out.with_name(f".{out.name}.old.{os.getpid()}")
            os.replace(out, old)
            os.replace(root, out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(root, out)
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    files = [p for p in out.rglob("*") if p.is_file()]
    return {**{k: v for k, v in info.items() if k != "answers"}, "files": len(files),
            "bytes": sum(p.stat().st_size for p in files), "out": str(out)}
