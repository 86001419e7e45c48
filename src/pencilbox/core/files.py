"""Every file pencilbox writes goes through here: written whole beside the old one, flushed to
disk, then renamed over it, so a kill at any moment leaves the old file or the new, never
half; and read-merge-write cycles of several processes take a lock so none loses another's
entries.

What the path names decides how: a symlink is written through to its target (the link stays);
a device or a FIFO is written to as it is (``--out /dev/stdout``), never replaced by a plain
file; a folder is refused. A file keeps its mode. The new file is made unnamed where the system
allows (Linux's O_TMPFILE) and named only to be renamed at once; a name a killed writer left
(``.NAME.PID.TID.tmp`` of a process that is gone) is removed by the next write of that file."""

from __future__ import annotations

import errno
import os
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pencilbox.errors import BoardError


class WriteError(BoardError):
    """A file that cannot be written where it was asked for (one line, exit 2)."""


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Replace ``path`` by ``data`` (text is UTF-8), whole or not at all; a device or FIFO is
    written to, a symlink's target replaced."""
    raw = data.encode() if isinstance(data, str) else data
    target = Path(os.path.realpath(path))  # through every symlink: the file the link names
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise WriteError(f"cannot write {os.fspath(path)}: it is a folder")
    if st is not None and not stat.S_ISREG(st.st_mode):
        _write_through(target, raw, st)
        return
    _sweep(target)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    fd = _unnamed(target.parent)
    try:
        if fd is None:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
            named = True
        else:
            named = False
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            if st is not None:
                os.fchmod(f.fileno(), stat.S_IMODE(st.st_mode))  # the file keeps its mode
            os.fsync(f.fileno())
            if not named:
                _name(f.fileno(), tmp)  # named only now, and renamed at once
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def usable_folder(folder: str | os.PathLike[str], what: str) -> None:
    """Make ``folder`` (and its parents) unless it is there, and prove a file can be made in it:
    WriteError naming ``what`` and why not (a file there, a read-only folder or file system)."""
    import tempfile
    try:
        os.makedirs(folder, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except FileExistsError:
        raise WriteError(f"{what} {os.fspath(folder)}: a file is there, not a folder") from None
    except OSError as e:
        raise WriteError(f"{what} {os.fspath(folder)}: cannot write there ({e.strerror or e})") from None


def _unnamed(folder: Path) -> int | None:
    """A file in ``folder`` without a name (gone if the writer is killed), or None where the
    system has none (then the temporary file is named from the start)."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not Path("/proc/self/fd").is_dir():
        return None
    try:
        return os.open(folder, flag | os.O_WRONLY, 0o666)
    except OSError as e:
        if e.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
            return None  # a file system without unnamed files
        raise


def _name(fd: int, tmp: Path) -> None:
    """Give the unnamed file ``fd`` the name ``tmp`` (linkat following /proc's link to it)."""
    procs = os.open("/proc/self/fd", os.O_RDONLY)
    try:
        os.link(str(fd), tmp, src_dir_fd=procs, follow_symlinks=True)
    finally:
        os.close(procs)


def _write_through(target: Path, raw: bytes, st: os.stat_result) -> None:
    """A device or FIFO written to as it is; a FIFO nobody reads, or a socket, refused."""
    if stat.S_ISSOCK(st.st_mode):
        raise WriteError(f"cannot write {target}: it is a socket")
    flags = os.O_WRONLY | (os.O_NONBLOCK if stat.S_ISFIFO(st.st_mode) else 0)
    try:
        fd = os.open(target, flags)
    except OSError as e:
        if e.errno == errno.ENXIO:
            raise WriteError(f"cannot write {target}: a FIFO that nobody reads") from None
        raise
    if stat.S_ISFIFO(st.st_mode):
        os.set_blocking(fd, True)  # the reader is there: wait for it as a pipe does
    with os.fdopen(fd, "wb") as f:
        f.write(raw)


def _sweep(target: Path) -> None:
    """Remove what killed writers of ``target`` left: ``.NAME.PID.TID.tmp`` of a process gone."""
    try:
        left = list(target.parent.glob(f".{target.name}.*.*.tmp"))
    except OSError:
        return
    for tmp in left:
        pid = tmp.name[len(target.name) + 2:].split(".")[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            tmp.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextmanager
def locked(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the lock of ``path`` (an advisory lock on ``path.lock``) for a read-merge-write."""
    import fcntl
    lock = Path(f"{os.fspath(path)}.lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
