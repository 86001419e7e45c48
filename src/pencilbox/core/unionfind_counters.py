"""The counters' union-find (Slant's brute and SAT counters), written once and apart from the
readable code's (core/unionfind.py) so that the engines that check the ladder share no code
with it. Plain sources: the brute counter compiles them with numba, the SAT counter calls them
as they are (this module imports no numba, so a SAT count starts without it)."""

from __future__ import annotations

from typing import Protocol


class Parents(Protocol):
    """A parent per element: a list, or the numpy array the compiled counter hands in."""

    def __getitem__(self, i: int, /) -> int: ...

    def __setitem__(self, i: int, v: int, /) -> None: ...


def root_src(par: Parents, x: int) -> int:
    """The root of ``x``'s tree, the tree left as it is: a union the search made can then be
    undone exactly (the brute counter's trail)."""
    while par[x] != x:
        x = par[x]
    return x


def halved_root_src(par: Parents, x: int) -> int:
    """The root of ``x``'s tree, halving the path on the way (a union-find never undone)."""
    while par[x] != x:
        par[x] = par[par[x]]
        x = par[x]
    return x
