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
