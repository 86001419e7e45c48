"""Pyodide (CPython compiled to WebAssembly) for the static site, taken from its npm package at
build time: one pinned version whose packed archive must have the recorded sha256, kept in the
per-user cache after the first build. The page then loads it from the site itself, never from
another host."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from pencilbox.compiled import cache
from pencilbox.errors import BoardError

VERSION = "314.0.7"
SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"  # npm pack pyodide@314.0.7
ARCHIVE = f"pyodide-{VERSION}.tgz"
FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
         "package.json")  # what the page loads (no package wheels: pencilbox needs none)


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def checked(path: Path) -> Path:
    """The archive at ``path``, refused unless it is the pinned one."""
    if not path.is_file():
        raise BoardError(f"no Pyodide archive at {path}")
    got = digest(path)
    if got != SHA256:
        raise BoardError(f"{path} is not pyodide@{VERSION}: its sha256 is {got}, not {SHA256}")
    return path


def archive(given: Path | None = None) -> Path:
    """The pinned archive: ``given`` (checked), else the cached copy, else ``npm pack`` into the
    cache (needs npm and the npm registry)."""
    if given is not None:
        return checked(given)
    kept = Path(cache.root()) / "site" / ARCHIVE
    if kept.is_file() and digest(kept) == SHA256:
        return kept
    npm = shutil.which("npm")
    if npm is None:
        raise BoardError(f"building the site needs pyodide@{VERSION} from the npm registry: install npm "
                         "(Debian: apt-get install npm), or pass --pyodide with the archive of "
                         f"`npm pack pyodide@{VERSION}`")
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([npm, "pack", f"pyodide@{VERSION}", "--silent"], cwd=tmp,
                              capture_output=True, text=True, timeout=600)
        got = Path(tmp) / ARCHIVE
        if done.returncode != 0 or not got.is_file():
            said = (done.stderr or done.stdout).strip()[-400:]
            raise BoardError(f"npm pack pyodide@{VERSION} failed: {said}")
        checked(got)
        kept.parent.mkdir(parents=True, exist_ok=True)
        part = kept.with_name(f".{ARCHIVE}.{os.getpid()}.part")
        shutil.copyfile(got, part)
        os.replace(part, kept)
    return kept


def unpack(tgz: Path, dest: Path) -> list[str]:
    """The files the page loads, from the archive into ``dest``; their names."""
    dest.mkdir(parents=True, exist_ok=True)
    out = []
    with tarfile.open(tgz, "r:gz") as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if name in FILES and member.isfile():
                src = tar.extractfile(member)
                assert src is not None
                (dest / name).write_bytes(src.read())
                out.append(name)
    missing = {"pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"} - set(out)
    if missing:
        raise BoardError(f"{tgz} lacks {', '.join(sorted(missing))}")
    return sorted(out)
