"""What the brute counters (engine 2 of every folder) share with each other and with nothing of
the ladder: keeping and counting a found answer, and a kernel's plain-Python twin. It imports numpy, numba
and the signal poll only, as the brute counters themselves do."""

from __future__ import annotations

from types import FunctionType

import numpy as np
from numba import njit

from pencilbox.core.poll import EVERY, never, stopped


def kept_src(out: np.ndarray, saved: int, val: np.ndarray) -> int:
    """Copy an answer into the next free row of ``out`` while one is free: the rows now used."""
    if saved < out.shape[0]:
        for k in range(out.shape[1]):
            out[saved, k] = val[k]
        return saved + 1
    return saved


kept = njit(cache=True)(kept_src)


def leaf_src(out: np.ndarray, saved: int, val: np.ndarray, count: int, bad: int,
             valid: bool) -> tuple[int, int, int]:
    """A full assignment the search reached: kept and counted when ``valid``, else one more bad
    leaf; ``(saved, count, bad)`` after it."""
    if not valid:
        return saved, count, bad + 1
    if saved < out.shape[0]:
        for k in range(out.shape[1]):
            out[saved, k] = val[k]
        saved += 1
    return saved, count + 1, bad


leaf = njit(cache=True)(leaf_src)


def spent_src(nodes: int, node_cap: int) -> bool:
    """Whether the search must stop before its next node: the cap reached, or a signal's
    handler asked to stop (polled every ``EVERY`` nodes)."""
    return nodes >= node_cap or (nodes & EVERY == 0 and stopped())


spent = njit(cache=True)(spent_src)
#: the same test for a plain-Python kernel: no poll (the interpreter runs handlers itself)
spent_plain = FunctionType(spent_src.__code__, {**globals(), "stopped": never}, "spent_src")


def plain(fn: FunctionType, **helpers: FunctionType) -> FunctionType:
    """``fn``'s very code with the named jitted helpers, ``kept`` and the signal poll swapped for
    their plain sources (the interpreter runs signal handlers itself): a module-level kernel
    (unlike a factory's closure) that numba's cache serves across processes."""
    names = {**fn.__globals__, "kept": kept_src, "leaf": leaf_src, "spent": spent_plain, "stopped": never,
             **helpers}
    return FunctionType(fn.__code__, names, fn.__name__, fn.__defaults__)
