"""Child processes end with their parent, however the parent ends (even SIGKILL, which no
handler sees): Linux's parent-death signal, and a watchdog thread for a parent that went
before the signal was set (or a system without it)."""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1


def die_with(parent: int) -> None:
    """End this process when ``parent`` ends."""
    if sys.platform.startswith("linux"):  # elsewhere the watchdog alone
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)
    if os.getppid() != parent:  # gone before the signal was set
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (Linux /proc; empty elsewhere): what must end with it."""
    from pathlib import Path
    parent: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    out: set[int] = set()
    todo = [pid]
    while todo:
        here = todo.pop()
        kids = {c for c, pp in parent.items() if pp == here}
        out |= kids
        todo += list(kids)
    return out


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie, ended but not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return False
