"""pencilbox's own pure-Python wheel, written from the installed package itself (so an installed
pencilbox builds the site with no source tree): every module and data file, none of the
ahead-of-time compiled modules (the browser cannot load them) and no bytecode caches."""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

import pencilbox
from pencilbox.version import __version__

PACKAGE = Path(pencilbox.__file__).parent
SKIP_DIRS = {"__pycache__", "_built"}
SKIP_SUFFIXES = (".pyc", ".so", ".pyd", ".tmp")
STAMP = (2026, 1, 1, 0, 0, 0)  # every entry's date: the same package gives the same bytes


def name() -> str:
    return f"pencilbox-{__version__}-py3-none-any.whl"


def files() -> list[Path]:
    """The package's files that go into the wheel, in a fixed order."""
    out = []
    for path in sorted(PACKAGE.rglob("*")):
        rel = path.relative_to(PACKAGE)
        if path.is_file() and not SKIP_DIRS & set(rel.parts[:-1]) and not path.name.endswith(SKIP_SUFFIXES) \
                and not path.name.startswith("."):
            out.append(path)
    return out


def _record_line(arc: str, data: bytes) -> str:
    h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arc},sha256={h},{len(data)}"


def build(folder: Path) -> Path:
    """Write the wheel into ``folder``; its path."""
    info = f"pencilbox-{__version__}.dist-info"
    meta = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: pencilbox\nVersion: {__version__}\n"
                            "Requires-Python: >=3.11\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: pencilbox site\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n",
        f"{info}/top_level.txt": "pencilbox\n",
    }
    out = folder / name()
    record = []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        def put(arc: str, data: bytes) -> None:
            z.writestr(zipfile.ZipInfo(arc, STAMP), data, zipfile.ZIP_DEFLATED)
            record.append(_record_line(arc, data))
        for path in files():
            put("pencilbox/" + path.relative_to(PACKAGE).as_posix(), path.read_bytes())
        for arc, text in meta.items():
            put(arc, text.encode())
        z.writestr(zipfile.ZipInfo(f"{info}/RECORD", STAMP), "\n".join([*record, f"{info}/RECORD,,"]) + "\n",
                   zipfile.ZIP_DEFLATED)
    return out
