"""One command in a child process, measured as the budget benches report it (bench/png.py,
bench/readers.py): wall seconds, peak resident MB from ``os.wait4``, exit code, last stderr line."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from typing import Any


def waited(proc: subprocess.Popen[bytes], limit_s: float, poll_s: float = 0.02) -> tuple[int | None, Any]:
    """Wait for ``proc`` (killed past ``limit_s``): its exit code (None: killed) and its resource
    usage, peak memory included."""
    t = time.monotonic()
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            return os.waitstatus_to_exitcode(status), usage
        if time.monotonic() - t > limit_s:
            proc.kill()
            return None, os.wait4(proc.pid, 0)[2]
        time.sleep(poll_s)


def measure(argv: list[str], env: dict[str, str], limit_s: float, width: int = 200,
            poll_s: float = 0.02, answer: bool = False) -> dict[str, Any]:
    """Run ``argv``; killed past ``limit_s`` (exit None). The kernels' not-built notice is not
    the answer's line, so it is passed over. ``answer``: keep the first line printed (``out``)
    and the CPU seconds too."""
    t = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(argv, stdout=out if answer else subprocess.DEVNULL, stderr=err, env=env)
        code, usage = waited(proc, limit_s, poll_s)
        err.seek(0)
        said = [ln for ln in err.read().decode(errors="replace").strip().splitlines()
                if "compiled kernels" not in ln]
        out.seek(0)
        first = out.read(400).decode(errors="replace").strip().splitlines()
    got: dict[str, Any] = {"s": round(time.monotonic() - t, 2), "mb": round(usage.ru_maxrss / 1024, 1),
                           "exit": code, "said": said[-1][:width] if said else ""}
    if answer:
        got |= {"cpu_s": round(usage.ru_utime + usage.ru_stime, 2), "out": first[0][:width] if first else ""}
    return got
