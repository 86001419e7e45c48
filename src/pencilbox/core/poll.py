"""The poll every long compiled loop makes, so that SIGINT and SIGTERM stop a kernel.

CPython runs a signal's Python handler only between bytecodes, and a numba kernel holds the
GIL and never returns to the interpreter until it ends: a count of 10^12 nodes went on for
half an hour after Ctrl-C. So the kernels ask CPython itself, every few thousand steps, to
run the handlers that are due (``PyErr_CheckSignals``); a handler that raises leaves its
exception set, and the kernel then returns at once. What it returns is never read: CPython
sees a result with an exception set and raises ``SystemError`` from the handler's exception,
which ``pencilbox.core.unwind`` turns back into that exception.

``stopped`` is sticky (it also asks ``PyErr_Occurred``), so every loop above the one that saw
the signal returns too, and a kernel run with an exception already set returns at once.
Both calls need the GIL: no kernel may be compiled ``nogil``. The symbols are resolved by
name when the compiled code is loaded, so numba's cache and the ahead-of-time modules
(compiled/aot.py) keep working. This module decides nothing about any puzzle: the independent
brute-force counters use it too.
"""

from __future__ import annotations

from numba import njit, types

_check_signals = types.ExternalFunction("PyErr_CheckSignals", types.int32())
_err_occurred = types.ExternalFunction("PyErr_Occurred", types.intp())  # a pointer; 0 when none

EVERY = 1023  # a loop polls when its counter & EVERY == 0: a few ms apart in every kernel


@njit(cache=True)
def stopped() -> bool:
    """Whether a signal handler has raised (or an exception is already set): stop now."""
    return bool(_check_signals() != 0 or _err_occurred() != 0)


def never() -> bool:
    """``stopped`` for a kernel's plain-Python twin: the interpreter runs handlers itself."""
    return False
