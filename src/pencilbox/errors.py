"""The one error type bad input raises: a message that names what is wrong and where; and
the signal that stopped a compiled kernel, unwrapped."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


class BoardError(ValueError):
    """Malformed or impossible input; the CLI prints it as one line and exits 2."""


DIGITS = 9  # the longest number any format reads: sizes, givens and values stay far below 10^9


def natural(tok: str) -> int | None:
    """``tok`` as a non-negative int when it is 1..DIGITS ASCII digits, else None: Unicode
    digits such as '²' or '٤' are refused, not read, and no huge string is converted."""
    if 0 < len(tok) <= DIGITS and tok.isascii() and tok.isdigit():
        return int(tok)
    return None


QUOTE = 60  # the most characters of any input an error message repeats


def shown(value: object, most: int = QUOTE) -> str:
    """``value`` as an error message quotes it: its repr, cut to ``most`` characters with the
    length said, so a huge input never comes back whole."""
    text = repr(value)
    if len(text) <= most:
        return text
    size = f"{len(value)} characters" if isinstance(value, str) else f"{len(text)} characters as written"
    return f"{text[:most]}... ({size})"


MESSAGE = 400  # the longest error line: a safety net behind ``shown`` for messages from elsewhere


LONG_WORD = re.compile(rf"\S{{{QUOTE + 21},}}")  # a run past ~80 characters: input, quoted whole


def clip(message: str, most: int = MESSAGE) -> str:
    """One error line of at most ``most`` characters, no run of it longer than about 80 (a
    message from elsewhere, argparse's, quotes an argument whole); what is cut is said."""
    message = " ".join(message.split()) if "\n" in message else message
    message = LONG_WORD.sub(lambda m: f"{m.group()[:QUOTE]}... ({len(m.group())} characters)", message)
    return message if len(message) <= most else f"{message[:most]}... (cut: {len(message)} characters)"


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
