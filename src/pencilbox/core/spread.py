"""The backbone (the cells every answer shares) and the first answers by the ladder's own search,
where python-sat is absent (the browser's Pyodide): the figures ``satloop.spread`` (SAT) gives, from
searches that share one node cap, so a request cannot run away (past it, OutOfNodes).

Every rung is sound, so every answer lies inside the whole ladder's fixpoint: the cells it
settles are backbone without a search, and the searches start from it. For each other cell
that every answer found so far agrees on, one search looks for an answer that differs there;
none (an exact search) puts the cell in the backbone, and an answer found clears every cell
where it differs from the first.
"""

from __future__ import annotations

from typing import Any

from pencilbox.core import engine
from pencilbox.core.puzzle import BoardT, Puzzle, Spread
from pencilbox.core.state import OutOfNodes, single


class _Searches:
    """One board's counts under one node cap shared by all of them (and the probe trials of
    the root fixpoint): how many ran, and the nodes left."""

    def __init__(self, puzzle: Puzzle[BoardT, Any], board: BoardT, node_cap: int) -> None:
        self.puzzle, self.board, self.left, self.calls = puzzle, board, node_cap, 0

    def count(self, dom: list[int], limit: int) -> engine.Count:
        """The ladder's count inside ``dom`` (OutOfNodes once the shared cap runs out)."""
        self.calls += 1
        got = engine.count(self.puzzle, self.board, limit=limit, node_cap=max(self.left, 1), dom=dom,
                           probe_cap=max(self.left, 1))
        self.left -= got.nodes
        if got.node_capped:
            raise OutOfNodes(f"the backbone's searches ran out of their {self.calls} calls' node cap")
        return got

    def answers(self, dom: list[int], want: int, got: engine.Count | None = None) -> list[list[int]]:
        """Up to ``want`` answers inside ``dom`` (``got``: its count, when known): where two exist,
        split on the first cell they differ at (the first one's value, then the others) and
        collect from each side in turn."""
        got = self.count(dom, 2) if got is None else got
        if got.count < 2 or want < 2:
            return [list(a) for a in got.answers[:want]]
        one, two = got.answers
        var = next(v for v, (a, b) in enumerate(zip(one, two, strict=True)) if a != b)
        same, other = dom.copy(), dom.copy()
        same[var], other[var] = one[var], dom[var] & ~one[var]
        out = self.answers(same, want)
        return out + self.answers(other, want - len(out))


def spread(puzzle: Puzzle[BoardT, Any], board: BoardT, limit: int, keep: int, node_cap: int) -> Spread:
    """The answers counted up to ``limit`` (stop ``"limit"`` when reached), the first ``keep``
    (at least one) in the puzzle's answer format, and per cell whether every answer agrees, as
    ``satloop.spread`` (SAT); its calls are the searches run. Past the node cap, as SAT past its
    budget: stop ``"nodes"``, the answers found, and None for each cell not settled (the ladder's
    own cells stay settled)."""
    run = _Searches(puzzle, board, node_cap)
    try:
        start = engine.run_fixpoint(puzzle, board, puzzle.initial_state(board), engine.ladder(puzzle),
                                    probe_cap=node_cap)
    except OutOfNodes:
        return 0, "nodes", 1, [], []
    if start is None:
        return 0, None, 1, [], []
    try:
        total = run.count(start, limit)
    except OutOfNodes:
        return 0, "nodes", run.calls, [], []
    if not total.count:
        return 0, None, run.calls, [], []
    out = False
    try:
        found = run.answers(start, max(1, keep), total)
    except OutOfNodes:
        out, found = True, [list(a) for a in total.answers[:max(1, keep)]]
    first = found[0]
    agree: list[bool | None] = [all(a[v] == first[v] for a in found) for v in range(len(start))]
    for var, d in enumerate(start):
        if agree[var] and not single(d):  # a cell the ladder settles is the same in every answer
            if out:
                agree[var] = None
                continue
            rival = start.copy()
            rival[var] = d & ~first[var]
            try:
                others = run.count(rival, 1).answers
            except OutOfNodes:
                out, agree[var] = True, None
                continue
            for other in others:  # differs from the first wherever it differs, settled or not
                agree = [False if other[v] != first[v] else same for v, same in enumerate(agree)]
    answers = [list(puzzle.answer_from_state(board, a)) for a in found]
    stop = "nodes" if out else "limit" if total.limit_hit else None
    return total.count, stop, run.calls, answers, agree
