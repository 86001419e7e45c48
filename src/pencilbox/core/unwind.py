"""A signal that stopped a compiled kernel, raised as itself (core/poll.py has the kernel's side).

CPython raises what a signal's handler raised inside a kernel as the cause of a SystemError
("returned a result with an exception set"); the wrappers here raise the handler's own
exception instead. Kept apart from pencilbox.errors: every module a kernel imports is part of
the compiled cache's key (compiled/cache.py), and this one seldom changes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


def signalled(e: BaseException) -> BaseException | None:
    """The signal handler's exception (KeyboardInterrupt, the CLI's Stopped) a compiled kernel
    stopped for: CPython raises it as the cause of a SystemError (core/poll.py); else None."""
    seen = 0
    while isinstance(e, SystemError) and e.__cause__ is not None and seen < 8:
        e, seen = e.__cause__, seen + 1
        if not isinstance(e, Exception):
            return e
    return None


def unwinds(fn: F) -> F:
    """``fn`` (a kernel or a function that runs one) raising what a signal's handler raised
    inside a kernel, in place of the SystemError CPython wraps it in."""
    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except SystemError as e:
            cause = signalled(e)
            if cause is None:
                raise
            raise cause.with_traceback(None) from None
    return cast(F, call)
