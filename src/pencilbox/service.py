"""Pure functions behind every verb, returning plain dicts: the CLI prints them and the
web app serves them, so neither holds puzzle logic of its own.

Cells in reports are ``[row, col]``, 0-based.
"""

from __future__ import annotations

import time
from typing import Any

from pencilbox import puzzles
from pencilbox.core import engine
from pencilbox.core.engine import Count, Hint
from pencilbox.errors import BoardError

ENGINES = ("ladder", "brute", "sat", "cells")  # cells: Ripple's second brute counter
MAX_COUNT = 2**62  # --limit and --node-cap fit the kernels' int64 counters below this
HINT_NODES = 10**5  # probe trials a hint may spend (each is one node) before it says capped


def _ms(t0: float) -> float:
    return round((time.perf_counter() - t0) * 1000, 3)


def _cells(board: Any, vars_: Any) -> list[list[int]]:
    return [list(board.grid.rc(v)) for v in vars_]


def _names(puzzle: Any, level: str | None, off: tuple[str, ...] = ()) -> tuple[str, ...]:
    try:
        return engine.ladder(puzzle, level or puzzle.search_level, off)
    except ValueError as e:
        raise BoardError(str(e)) from None


def _search_names(puzzle: Any, level: str | None, off: tuple[str, ...]) -> tuple[str, ...] | None:
    """None (the engine's escalating default) unless a level or an ablation is asked for."""
    return _names(puzzle, level, off) if level or off else None


def solve(board: Any, level: str | None = None, node_cap: int = 10**6,
          off: tuple[str, ...] = ()) -> dict[str, Any]:
    """Status (unique, multiple, none, capped), the answer, a second answer, the grade."""
    puzzle = puzzles.get(board.puzzle)
    check_caps(node_cap=node_cap)
    t0 = time.perf_counter()
    res = engine.count(puzzle, board, _search_names(puzzle, level, off), 2, node_cap)
    answers = [puzzle.answer_json(board, puzzle.answer_from_state(board, a)) for a in res.answers]
    g = engine.grade(puzzle, board, off, node_cap).grade if res.status == "unique" else None
    return {"puzzle": puzzle.name, "rows": board.rows, "cols": board.cols, "status": res.status,
            "answer": answers[0] if answers else None, "second": answers[1] if len(answers) > 1 else None,
            "grade": g, "nodes": res.nodes, "ms": _ms(t0)}


def count(board: Any, engine_name: str = "ladder", limit: int = 10**6, node_cap: int = 10**7,
          level: str | None = None, off: tuple[str, ...] = ()) -> dict[str, Any]:
    """A solution count by one engine; ``capped`` marks a lower bound."""
    puzzle = puzzles.get(board.puzzle)
    check_caps(limit, node_cap)
    t0 = time.perf_counter()
    res: Count
    if engine_name == "ladder":
        res = engine.count(puzzle, board, _search_names(puzzle, level, off), limit, node_cap)
    elif engine_name == "brute":
        res = puzzle.brute_count(board, limit, node_cap)
    elif hasattr(puzzle, f"{engine_name}_count") and engine_name in ENGINES:
        res = getattr(puzzle, f"{engine_name}_count")(board, limit, node_cap)
    else:
        raise BoardError(f"{puzzle.name} has no engine {engine_name!r}")
    cap = "nodes" if res.node_capped else "limit" if res.limit_hit else None
    return {"count": res.count, "capped": res.capped, "cap": cap, "nodes": res.nodes, "engine": engine_name,
            "ms": _ms(t0)}


def check_caps(limit: int = 1, node_cap: int = 0) -> None:
    """A count limit of at least 1 and a node cap of at least 0, both below MAX_COUNT."""
    for name, v, low in (("--limit", limit, 1), ("--node-cap", node_cap, 0)):
        if not low <= v < MAX_COUNT:
            raise BoardError(f"{name} {v if abs(v) < 10**20 else 'of ' + str(len(str(v))) + ' digits'} "
                             f"is out of range {low}..2^62-1")


def grade(board: Any, node_cap: int = 10**6, off: tuple[str, ...] = ()) -> dict[str, Any]:
    """The grade, uniqueness and the share of unclued cells each level settles."""
    puzzle = puzzles.get(board.puzzle)
    check_caps(node_cap=node_cap)
    _names(puzzle, None, off)
    g = engine.grade(puzzle, board, off, node_cap)
    return {"grade": g.grade, "unique": g.unique, "status": g.status,
            "settled": {k: None if v is None else round(v, 4) for k, v in g.settled.items()}}


def current_state(puzzle: Any, board: Any) -> list[int]:
    """The clue domains narrowed by the board's (partial) answer section, if any."""
    if board.answer is None:
        return puzzle.initial_state(board)
    return puzzle.state_from_answer(board, board.answer)


def hint(board: Any, level: str | None = None, node_cap: int = HINT_NODES,
         off: tuple[str, ...] = ()) -> dict[str, Any]:
    """One cell provable at ``level`` from the board's current state, or what is wrong;
    ``node_cap`` bounds both the search for wrong entries and the probe trials."""
    puzzle = puzzles.get(board.puzzle)
    check_caps(node_cap=node_cap)
    names = _names(puzzle, level or engine.levels(puzzle)[-1], off)
    dom = current_state(puzzle, board)
    if board.answer is not None:
        wrong = wrong_entries(puzzle, board, node_cap)
        if wrong:
            return {"kind": "wrong", "cells": _cells(board, wrong),
                    "message": f"{len(wrong)} entries disagree with the answer"}
    if any(d == 0 for d in dom):
        bad = [v for v, d in enumerate(dom) if d == 0]
        return {"kind": "contradiction", "rung": "clue", "cells": _cells(board, bad),
                "message": "an entry contradicts a clue"}
    h = engine.hint(puzzle, board, dom, names, node_cap=node_cap)
    if isinstance(h, Hint):
        cells, clues = puzzle.places(board, h.premises)
        return {"kind": "hint", "cell": list(board.grid.rc(h.var)),
                "value": puzzle.describe(board, h.var, h.value), "rung": h.rung,
                "cells": cells, "clues": clues}
    if h.capped:
        return {"kind": "capped", "message": f"the node cap ({node_cap} probe trials) ran out before "
                "a cell was proved: raise --node-cap"}
    if h.contradiction:
        return {"kind": "contradiction", "rung": h.rung, "cells": _cells(board, h.cells),
                "message": f"the entries so far contradict the rules ({h.rung})"}
    return {"kind": "stuck", "message": f"nothing more is provable at level {names[-1]}"}


def wrong_entries(puzzle: Any, board: Any, node_cap: int = 10**6) -> list[int]:
    """Decided cells of the answer section that differ from the unique answer."""
    res = engine.count(puzzle, board, limit=2, node_cap=node_cap)
    if res.status != "unique":
        return []
    truth = puzzle.answer_from_state(board, res.answers[0])
    return [i for i, v in enumerate(board.answer) if v is not None and v != truth[i]]


def check(board: Any) -> dict[str, Any]:
    """Every broken rule of the board's answer section, with its cells."""
    puzzle = puzzles.get(board.puzzle)
    if board.answer is None:
        raise BoardError("the board has no answer section to check")
    broken = puzzle.validate(board, board.answer)
    out = {"ok": not broken, "complete": not any(b.rule == "complete" for b in broken),
           "broken": [{"rule": b.rule, "cells": _cells(board, b.cells), "message": b.message,
                       **({"points": puzzle.places(board, tuple(board.rows * board.cols + p
                                                               for p in b.points))[1]}
                          if b.points else {})}
                      for b in broken]}
    return {**out, **puzzle.extras(board, board.answer)}
