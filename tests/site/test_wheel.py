"""The site's own wheel: pure (py3-none-any, no compiled module, no bytecode), every module and
data file of the package, a RECORD that names each with its digest, and importable as it is."""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

from pencilbox.site import wheel


def test_the_wheel_is_pure_and_whole(tmp_path: Path) -> None:
    path = wheel.build(tmp_path)
    assert path.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc")) or "_built/" in n]
        assert "pencilbox/verbs/wire.py" in names and "pencilbox/player/static/app.js" in names
        assert any(n.startswith("pencilbox/puzzles/sukoro/bank/") for n in names)
        info = next(n for n in names if n.endswith(".dist-info/RECORD"))
        for line in z.read(info).decode().splitlines():
            name, digest, size = line.rsplit(",", 2)
            if name == info:
                continue
            data = z.read(name)
            want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={want}" and int(size) == len(data), name
    assert wheel.build(tmp_path).read_bytes() == path.read_bytes(), "the same package gives the same bytes"


def test_the_wheel_imports_and_answers(tmp_path: Path) -> None:
    with zipfile.ZipFile(wheel.build(tmp_path)) as z:
        z.extractall(tmp_path / "lib")
    code = (f"import sys; sys.path.insert(0, {str(tmp_path / 'lib')!r}); import pencilbox; "
            "from pencilbox.verbs import wire; print(pencilbox.__file__, wire.line('catalog', '{}')[:3])")
    done = subprocess.run([sys.executable, "-I", "-c", code],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    where, status = done.stdout.split()
    assert Path(where).is_relative_to(tmp_path / "lib") and status == "200"
