"""How long a test waits for something, kept apart from what it asserts: a loaded machine makes
every step slower, so a clock may only decide when a test gives up, never whether it passes
(tests/project/test_no_timed_assertions.py holds every test to that)."""

from __future__ import annotations

import time
from collections.abc import Callable


def until(ready: Callable[[], object], seconds: float, step: float = 0.05) -> bool:
    """Whether ``ready()`` came true, asked every ``step`` s for up to ``seconds`` (the patience);
    the caller asserts on the answer, which is asked once more when the patience runs out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ready():
            return True
        time.sleep(step)
    return bool(ready())
