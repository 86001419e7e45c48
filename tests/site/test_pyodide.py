"""The pinned Pyodide: an archive with another digest is refused, and one that lacks the files
the page loads is said to lack them."""

from __future__ import annotations

import io
import tarfile
from pathlib import Path

import pytest

from pencilbox.errors import BoardError
from pencilbox.site import pyodide


def test_a_wrong_archive_is_refused(tmp_path: Path) -> None:
    fake = tmp_path / "pyodide.tgz"
    fake.write_bytes(b"not pyodide")
    with pytest.raises(BoardError, match="sha256"):
        pyodide.archive(fake)
    with pytest.raises(BoardError, match="no Pyodide archive"):
        pyodide.archive(tmp_path / "missing.tgz")


def test_the_pinned_archive_unpacks_what_the_page_loads(tmp_path: Path) -> None:
    names = pyodide.unpack(pyodide.archive(), tmp_path)
    assert {"pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"} <= set(names)
    assert (tmp_path / "pyodide.asm.wasm").read_bytes()[:4] == b"\0asm"


def test_an_archive_without_the_engine_says_so(tmp_path: Path) -> None:
    tgz = tmp_path / "x.tgz"
    with tarfile.open(tgz, "w:gz") as tar:
        data = b"{}"
        info = tarfile.TarInfo("package/package.json")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    with pytest.raises(BoardError, match="lacks pyodide.asm.wasm"):
        pyodide.unpack(tgz, tmp_path / "out")
