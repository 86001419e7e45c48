"""A signal stops a compiled kernel (issue 27, item 3; core/poll.py and its Python side,
core/unwind.py): a handler that raises inside a kernel is raised as itself, out of the kernel
that polled for it, by the brute counters and the compiled ladder, and the command line exits
128 + the signal with one line. How soon is the poll's spacing (core/poll.EVERY, a few ms); the
tests' clocks only bound their patience."""

from __future__ import annotations

import faulthandler
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pencilbox import boardio, puzzles
from pencilbox.core import engine
from pencilbox.core.unwind import signalled, unwinds

HUGE = 10**15


class Hit(BaseException):
    """What the test's handler raises (a BaseException, as the CLI's Stopped is)."""


@pytest.fixture
def raising() -> Iterator[None]:
    def handler(signum: int, frame: object) -> None:
        raise Hit(signum)
    was = signal.signal(signal.SIGUSR1, handler)
    yield
    signal.signal(signal.SIGUSR1, was)


def stops(call: Callable[[], Any], after: float = 0.7) -> Hit:
    """The Hit ``call`` raised for the signal sent ``after`` s into it; fails when the call ends by
    itself or raises anything else. A kernel deaf to signals would run for hours: faulthandler's
    watchdog (a thread that needs no GIL) then ends the run (patience, not a goal)."""
    faulthandler.dump_traceback_later(60, exit=True)
    killer = subprocess.Popen(["sh", "-c", f"sleep {after}; kill -USR1 {os.getpid()}"])
    try:
        with pytest.raises(Hit) as hit:
            call()
    finally:
        faulthandler.cancel_dump_traceback_later()
        killer.wait()
    return hit.value


def in_kernel(hit: Hit) -> bool:
    """Whether the handler's exception came out of a compiled kernel that polled for it: CPython
    raised it as a SystemError's cause there, which core/unwind.py raised as itself (the context);
    a signal handled by the interpreter before or after the kernel has no such context."""
    return isinstance(hit.__context__, SystemError) and hit.__context__.__cause__ is hit


def blank(name: str, rows: int, cols: int) -> Any:
    """A board with no clue (Ripple: one region per row)."""
    return boardio.board_from_json(blank_json(name, rows, cols))


def blank_json(name: str, rows: int, cols: int) -> dict[str, Any]:
    lattice = (rows + 1, cols + 1) if name == "slant" else (rows, cols)
    board: dict[str, Any] = {"puzzle": name, "rows": rows, "cols": cols,
                             "clues": [[None] * lattice[1] for _ in range(lattice[0])]}
    if name == "ripple":
        board["regions"] = [[r] * cols for r in range(rows)]
    return board


def test_signalled_finds_the_handlers_exception_behind_systemerror() -> None:
    inner = KeyboardInterrupt()
    wrapped = SystemError("returned a result with an exception set")
    wrapped.__cause__ = inner
    assert signalled(wrapped) is inner
    assert signalled(SystemError("plain")) is None
    assert signalled(ValueError("x")) is None

    @unwinds
    def kernel() -> None:
        raise wrapped
    with pytest.raises(KeyboardInterrupt):
        kernel()


def test_a_signal_the_interpreter_handles_is_not_taken_for_a_kernels(raising: None) -> None:
    """``in_kernel`` tells the two apart: a plain Python loop stops too, but not in a kernel."""
    def spin() -> None:
        while True:
            pass
    assert not in_kernel(stops(spin))


@pytest.mark.parametrize("name", ["sukoro", "slant", "fillapix", "ripple"])
def test_a_signal_stops_a_brute_count_in_its_kernel(raising: None, name: str) -> None:
    puzzle = puzzles.get(name)
    puzzle.brute_count(blank(name, 3, 3), 10, 10**6)  # compiled (or read from numba's cache) first
    big = blank(name, 12, 12)
    assert in_kernel(stops(lambda: puzzle.brute_count(big, HUGE, HUGE)))


def test_a_signal_stops_the_compiled_ladder_search(raising: None) -> None:
    puzzle = puzzles.get("sukoro")
    ladder = engine.ladder(puzzle)
    engine.count(puzzle, blank("sukoro", 3, 3), ladder, 10)
    assert in_kernel(stops(lambda: engine.count(puzzle, blank("sukoro", 14, 14), ladder, HUGE, HUGE)))


def test_the_command_line_stops_a_brute_count_with_exit_130(tmp_path: Path) -> None:
    board = tmp_path / "blank.json"
    board.write_text(json.dumps(blank_json("sukoro", 12, 12)))
    puzzles.get("sukoro").brute_count(blank("sukoro", 3, 3), 10, 10**6)  # the kernel cached for the child
    proc = subprocess.Popen([sys.executable, "-m", "pencilbox", "count", str(board), "--engine", "brute",
                             "--limit", str(HUGE), "--node-cap", str(HUGE)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4)  # into the count's kernel (its limits would keep it there for hours)
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=30)  # patience: a child deaf to the signal fails here
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == "pencilbox: stopped by SIGINT" and out == ""
