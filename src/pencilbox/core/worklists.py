"""The readable erasure loops' worklists (puzzles' ``erase.py``): each rung's list of what it
must look at again, drained in the ladder's order, cheapest rung first, to a fixpoint."""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: a rung's worklist: the items due, a flag per item (due or not), and the rung (False: broken)
Work = tuple[list[int], list[bool], Callable[[int], bool]]


def drain(work: Sequence[Work]) -> bool:
    """Take the next item of the first list that has one through its rung until every list is
    empty; False at the first contradiction (what is left stays listed: see ``empty``)."""
    while True:
        for items, due, rung in work:
            if items:
                i = items.pop()
                due[i] = False
                if not rung(i):
                    return False
                break
        else:
            return True


def empty(work: Sequence[Work]) -> None:
    """Forget every item due (after a contradiction or an undo)."""
    for items, due, _ in work:
        for i in items:
            due[i] = False
        items.clear()
