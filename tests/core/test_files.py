"""Every write is atomic (core/files.py; issue 27, item 9): a kill leaves the old file whole."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pencilbox.core.files import write_atomic


def test_a_write_that_fails_leaves_the_old_file_and_no_temp(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "bank.json"
    write_atomic(target, "old")

    def boom(*_: object) -> None:
        raise KeyboardInterrupt  # a kill between writing and renaming
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "new" * 1000)
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["bank.json"]


def test_a_symlink_is_written_through_and_a_file_keeps_its_mode(tmp_path: Path) -> None:
    """Issue 47 item 1: the link was replaced by a plain file and its target left stale; a 0600
    file came back 0644."""
    real = tmp_path / "real.html"
    real.write_text("old")
    os.chmod(real, 0o600)
    link = tmp_path / "notes.html"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert (real.stat().st_mode & 0o777) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.html", "real.html"]


def test_a_fifo_is_written_to_and_a_folder_refused(tmp_path: Path) -> None:
    """A FIFO with a reader gets the bytes (it stays a FIFO); without one, and a folder, are one
    clear error each (the command line's exit 2), never a plain file in their place."""
    import stat
    import threading

    from pencilbox.core.files import WriteError
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(WriteError, match="nobody reads"):
        write_atomic(fifo, "lost")
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    import time
    for _ in range(200):  # the reader opens its end
        try:
            write_atomic(fifo, "through")
            break
        except WriteError:
            time.sleep(0.01)
    reader.join(10)
    assert got == [b"through"] and stat.S_ISFIFO(fifo.stat().st_mode)
    with pytest.raises(WriteError, match="it is a folder"):
        write_atomic(tmp_path, "x")


def test_a_device_is_written_to_not_replaced(tmp_path: Path) -> None:
    """A device node made here (never the machine's own): as root, --out /dev/null once turned the
    device into a plain file for every process."""
    import stat
    dev = tmp_path / "null"
    try:
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        with open(dev, "wb") as probe:
            probe.write(b"")
    except OSError:
        pytest.skip("no device nodes here (not root, or a nodev file system)")
    write_atomic(dev, "gone")
    assert stat.S_ISCHR(dev.stat().st_mode) and os.major(dev.stat().st_rdev) == 1


def test_a_killed_writer_leaves_no_temporary_file(tmp_path: Path) -> None:
    """SIGKILL mid-write: the old file whole and nothing beside it (the new file had no name yet;
    a name an older writer left behind is swept by the next write)."""
    import signal
    import subprocess
    import sys
    target = tmp_path / "stats.json"
    target.write_text("old")
    (tmp_path / ".stats.json.999999999.1.tmp").write_text("left by a writer long gone")
    marker = tmp_path.parent / f"{tmp_path.name}.in-fsync"
    child = subprocess.Popen([sys.executable, "-c", f"""
import os, time, pathlib
from pencilbox.core import files
os.fsync = lambda fd: (pathlib.Path({str(marker)!r}).write_text("x"), time.sleep(60))
files.write_atomic({str(target)!r}, "new" * 100000)
"""])
    try:
        for _ in range(1000):
            if marker.exists():
                break
            child.wait(0.01) if child.poll() is not None else __import__("time").sleep(0.01)
        assert marker.exists(), "the child never reached its write"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.json"]


def test_a_folder_to_write_into_is_made_and_proved_writable(tmp_path: Path) -> None:
    """``study --out``'s check before the study runs (it failed only after, exit 3)."""
    from pencilbox.core.files import WriteError, usable_folder
    usable_folder(tmp_path / "a" / "b", "--out")
    assert (tmp_path / "a" / "b").is_dir() and not any((tmp_path / "a" / "b").iterdir())
    (tmp_path / "f").write_text("x")
    with pytest.raises(WriteError, match=r"^--out .*/f: a file is there, not a folder$"):
        usable_folder(tmp_path / "f", "--out")
    with pytest.raises(WriteError, match=r"cannot write there \(Not a directory\)$"):
        usable_folder(tmp_path / "f" / "sub", "--out")
