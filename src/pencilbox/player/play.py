"""What the player's API answers, as pure functions of JSON-ready values (api.py only
routes). Every call is bounded: boards above MAX_CELLS are refused, searches carry node
caps, and generation is limited per puzzle to sizes it makes quickly."""

from __future__ import annotations

import hashlib
import json
import time
from functools import cache, lru_cache
from typing import Any

from pencilbox import bank, boardio, puzzles, service
from pencilbox.core import engine
from pencilbox.errors import BoardError

MAX_CELLS = 6000  # the largest published board in the test data is 60x100
NODE_CAP = 20_000  # per search in a request; a capped count says "2+" only if it saw two
REDUNDANT_BUDGET_S = 1.0  # setter mode's redundant-clue scan stops here and says how far it got


class TooMuchWork(BoardError):
    """A request whose bounded work ran out (answered 503)."""


class TooLarge(BoardError):
    """A board above MAX_CELLS (answered 413)."""


# ---------------------------------------------------------------- boards

def board_of(data: Any) -> Any:
    """A board from its JSON object (no answer section: positions travel apart)."""
    if not isinstance(data, dict):
        raise BoardError("'board' must be a JSON board object")
    rows, cols = data.get("rows"), data.get("cols")
    if isinstance(rows, int) and isinstance(cols, int):
        _bounded(rows, cols)
    return boardio.board_from_json({k: v for k, v in data.items() if k != "answer"})


def _bounded(rows: int, cols: int) -> None:
    if rows * cols > MAX_CELLS:
        raise TooLarge(f"board is {rows}x{cols}: at most {MAX_CELLS} cells per request")


def board_json(board: Any) -> dict[str, Any]:
    out = puzzles.get(board.puzzle).to_json(board)
    out.pop("answer", None)
    return out


def share(board: Any) -> dict[str, Any]:
    """The board's link forms: a URL (puzz.link, or the project's own), text, Tatham ID."""
    out: dict[str, Any] = {"text": boardio.dump(board, "text")}
    for fmt in ("url", "tatham"):
        try:
            out[fmt] = boardio.dump(board, fmt)
        except BoardError:
            out[fmt] = None
    return out


def key(board: Any) -> str:
    """A stable name for a board (the page keys saved progress by it)."""
    return hashlib.sha256(json.dumps(board_json(board), sort_keys=True).encode()).hexdigest()[:16]


# ---------------------------------------------------------------- catalog and bank

@cache
def _bank(name: str) -> tuple[dict[str, Any], ...]:
    return tuple(bank.load(name))


def catalog() -> dict[str, Any]:
    out = []
    for name in puzzles.names():
        puzzle = puzzles.get(name)
        boards = _bank(name)
        levels = list(engine.levels(puzzle))
        out.append({"name": name, "title": puzzle.title, "levels": levels,
                    "hint_levels": levels, "search_level": puzzle.search_level,
                    "sizes": sorted({(b["rows"], b["cols"]) for b in boards}),
                    "grades": sorted({b["grade"] for b in boards},
                                     key=lambda g: engine.grade_rank(puzzle, g)),
                    "generate_max": list(puzzle.generate_max),
                    "cycle": puzzle.marks.CYCLE})
    return {"puzzles": out}


def bank_list(name: str, rows: int | None = None, cols: int | None = None,
              grade: str | None = None) -> dict[str, Any]:
    puzzles.get(name)
    return {"boards": [{"id": b["id"], "rows": b["rows"], "cols": b["cols"], "grade": b["grade"]}
                       for b in _bank(name)
                       if (rows is None or b["rows"] == rows) and (cols is None or b["cols"] == cols)
                       and (grade is None or b["grade"] == grade)]}


def bank_board(board_id: str) -> dict[str, Any]:
    name = board_id.split("-", 1)[0]
    if name not in puzzles.names():
        raise LookupError(f"no bank board {board_id!r}")
    for rec in _bank(name):
        if rec["id"] == board_id:
            board = board_of(rec)
            return {"id": board_id, "board": board_json(board), "grade": rec["grade"], "unique": True,
                    "key": key(board), "share": share(board)}
    raise LookupError(f"no bank board {board_id!r}")


def generate(name: str, rows: int, cols: int, grade: str | None = None,
             seed: int | None = None) -> dict[str, Any]:
    if not isinstance(name, str):
        raise BoardError("'puzzle' must be a puzzle name")
    puzzle = puzzles.get(name)
    top = puzzles.get(name).generate_max
    for what, v, most in (("rows", rows, top[0]), ("cols", cols, top[1])):
        if isinstance(v, bool) or not isinstance(v, int) or not 3 <= v <= most:
            raise BoardError(f"{what} must be an integer in 3..{most} for {name} (the player's bound)")
    if grade is not None and grade not in (*engine.levels(puzzle), engine.SEARCH):
        raise BoardError(f"unknown grade {grade!r} for {name}")
    if seed is None:
        import secrets
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31:
        raise BoardError("seed must be an integer in 0..2^31-1")
    try:
        made = puzzle.generate(rows, cols, grade, seed, tries=40)
    except ValueError as e:
        raise TooMuchWork(str(e)) from None
    return {"id": None, "board": board_json(made.board), "grade": made.grade, "unique": True,
            "seed": seed, "key": key(made.board), "share": share(made.board)}


def warm() -> bool:
    """Load every puzzle's compiled kernel (numba's cache) before the first request."""
    for name in puzzles.names():
        rec = min(_bank(name), key=lambda r: r["rows"] * r["cols"])
        board = board_of(rec)
        hint(board_json(board), [None] * (board.rows * board.cols))
    return True


def warm_heavy() -> bool:
    """warm, plus the generators and setter counts (the heavy worker's calls): on a fresh
    install numba compiles them here, once, instead of inside someone's first request."""
    warm()
    for name in puzzles.names():
        made = generate(name, 3, 3, None, 1)
        count(made["board"])
    return True


# ---------------------------------------------------------------- play

def _cells(board: Any, ids: Any) -> list[list[int]]:
    return [list(board.grid.rc(i)) for i in ids]


@lru_cache(maxsize=256)
def _truth(board: Any) -> tuple[int, ...] | None:
    """The board's unique answer as domains (cached per board), or None."""
    puzzle = puzzles.get(board.puzzle)
    res = engine.count(puzzle, board, limit=2, node_cap=NODE_CAP)
    if res.capped and not res.count >= 2:
        raise TooMuchWork("the board is too hard to solve within this request's node cap")
    return tuple(res.answers[0]) if res.count == 1 else None


def check(data: Any, position: Any) -> dict[str, Any]:
    """Every broken rule of the position; ``won`` when it is complete and breaks none."""
    board = board_of(data)
    puzzle = puzzles.get(board.puzzle)
    answer = puzzle.marks.to_answer(board, position)
    out = service.check(puzzle.with_answer(board, answer))
    lonely = getattr(puzzle.marks, "lonely", None)
    if lonely is not None:
        for i in lonely(board, position):
            out["broken"].append({"rule": "count", "cells": _cells(board, [i]),
                                  "message": "a numbered cell needs a numbered neighbour"})
        out["ok"] = not out["broken"]
    out["complete"] = None not in position
    out["won"] = out["complete"] and not [b for b in out["broken"] if b["rule"] != "complete"]
    if not out["won"]:
        out.pop("trees", None)
    return out


def hint(data: Any, position: Any, level: str | None = None) -> dict[str, Any]:
    """Wrong entries first; else one cell provable at ``level`` with its rung and premises."""
    board = board_of(data)
    puzzle = puzzles.get(board.puzzle)
    marks = puzzle.marks
    dom = marks.to_state(board, position)
    names = _names(puzzle, level)
    truth = _truth(board)
    if truth is not None:
        wrong = [i for i, m in enumerate(position) if m is not None and not dom[i] & truth[i]]
        if wrong:
            return {"kind": "wrong", "cells": _cells(board, wrong),
                    "message": f"{len(wrong)} {'entry disagrees' if len(wrong) == 1 else 'entries disagree'} "
                               "with the answer"}
    if all(marks.mark(board, i, d) is not None for i, d in enumerate(dom)) and None not in position:
        return {"kind": "solved", "message": "every cell is decided"}
    h = engine.hint(puzzle, board, dom, names, done=lambda d: marks.mark(board, 0, d) is not None, early=True)
    if isinstance(h, engine.Hint):
        cells, clues = puzzle.places(board, h.premises)
        mark = marks.mark(board, h.var, h.value)
        r, c = board.grid.rc(h.var)
        return {"kind": "hint", "cell": [r, c], "mark": mark, "rung": h.rung, "cells": cells, "clues": clues,
                "message": f"{h.rung}: row {r + 1}, column {c + 1} is {marks.SAY.get(mark, mark)}"}
    if h.contradiction:
        return {"kind": "contradiction", "rung": h.rung, "cells": _cells(board, h.cells),
                "message": f"the entries so far contradict the rules ({h.rung})"}
    return {"kind": "stuck", "message": f"nothing more is provable with the rungs up to {names[-1]}"}


def _names(puzzle: Any, level: str | None) -> tuple[str, ...]:
    levels = engine.levels(puzzle)
    if level is None:
        return engine.ladder(puzzle, levels[-1])
    if level not in levels:
        raise BoardError(f"unknown level {level!r}; levels: {', '.join(levels)}")
    return engine.ladder(puzzle, level)


def ladder(data: Any, position: Any) -> dict[str, Any]:
    """Per rung (with every cheaper one), the cells its fixpoint settles from the position."""
    board = board_of(data)
    puzzle = puzzles.get(board.puzzle)
    marks = puzzle.marks
    dom = marks.to_state(board, position)
    out = []
    seen: set[int] = set()
    for level in engine.levels(puzzle):
        got = engine.run_fixpoint(puzzle, board, dom, engine.ladder(puzzle, level))
        cells = []
        if got is not None:
            for i, (before, after) in enumerate(zip(dom, got, strict=True)):
                m = marks.mark(board, i, after)
                fresh = position[i] is None and marks.mark(board, i, before) is None
                if i not in seen and fresh and m is not None:
                    seen.add(i)
                    cells.append({"cell": list(board.grid.rc(i)), "mark": m})
        out.append({"rung": level, "cells": cells, "contradiction": got is None})
    return {"rungs": out}


# ---------------------------------------------------------------- setter

def count(data: Any) -> dict[str, Any]:
    """Answers (0, 1 or "2+"), grade, redundant clues and the answers, for setter mode."""
    board = board_of(data)
    puzzle = puzzles.get(board.puzzle)
    res = engine.count(puzzle, board, limit=2, node_cap=NODE_CAP)
    n: int | str = "2+" if res.count >= 2 else res.count
    out: dict[str, Any] = {"count": n, "capped": res.capped and res.count < 2, "grade": None, "redundant": [],
                           "answer": None, "second": None}
    if out["capped"]:
        out["count"] = "2+" if res.count else "?"
        return out
    marks = puzzle.marks
    answers = [marks.from_answer(board, puzzle.answer_from_state(board, a)) for a in res.answers[:2]]
    out["answer"] = answers[0] if answers else None
    out["second"] = answers[1] if len(answers) > 1 else None
    if res.count == 1:
        out["grade"] = engine.grade(puzzle, board, node_cap=NODE_CAP).grade
        found, checked, total = _redundant(puzzle, board)
        out["redundant"] = [list(place) for place in found]
        out["redundant_checked"] = [checked, total]  # a scan cut short by the time budget says so
    return out


def _clue_places(board: Any) -> list[tuple[int, tuple[int, int]]]:
    """(index into board.clues, [r, c] of the clue) for every clue shown."""
    puzzle = puzzles.get(board.puzzle)
    return [(i, puzzle.clue_rc(board, i)) for i, v in enumerate(board.clues) if v is not None]


def _without(board: Any, i: int) -> Any:
    from dataclasses import replace
    return replace(board, clues=board.clues[:i] + (None,) + board.clues[i + 1:])


def _unique(puzzle: Any, board: Any) -> bool:
    """One answer, proved within a tenth of the request's node cap (capped: not proved)."""
    res = engine.count(puzzle, board, limit=2, node_cap=NODE_CAP // 10)
    return res.count == 1 and not res.capped


def _redundant(puzzle: Any, board: Any) -> tuple[list[tuple[int, int]], int, int]:
    """Clues whose removal keeps one answer, scanning in reading order until
    REDUNDANT_BUDGET_S runs out; also how many clues were checked, of how many."""
    deadline = time.perf_counter() + REDUNDANT_BUDGET_S
    places = _clue_places(board)
    out = []
    for k, (i, place) in enumerate(places):
        if time.perf_counter() > deadline:
            return out, k, len(places)
        if _unique(puzzle, _without(board, i)):
            out.append(place)
    return out, len(places), len(places)


def minimise(data: Any) -> dict[str, Any]:
    """Erase clues (reading order) while the answer stays unique."""
    board = board_of(data)
    puzzle = puzzles.get(board.puzzle)
    first = engine.count(puzzle, board, limit=2, node_cap=NODE_CAP)
    if first.count != 1 or first.capped:
        raise BoardError("only a board with exactly one answer can be minimised")
    removed = 0
    for i, _ in _clue_places(board):
        fewer = _without(board, i)
        if _unique(puzzle, fewer):
            board, removed = fewer, removed + 1
    return {"board": board_json(board), "removed": removed, "key": key(board), "share": share(board)}


def convert(text: Any) -> dict[str, Any]:
    if not isinstance(text, str) or not text.strip():
        raise BoardError("'text' must be a non-empty string: a puzz.link URL, a Tatham ID, text or JSON")
    if len(text) > 200_000:
        raise TooLarge("'text' is longer than 200000 characters")
    records, many = boardio.parse(text)
    if many:
        raise BoardError("expected one board, got a list")
    board = records[0].board
    _bounded(board.rows, board.cols)
    return {"board": board_json(board), "key": key(board), "share": share(board)}


def export(data: Any) -> dict[str, Any]:
    board = board_of(data)
    return {**share(board), "json": board_json(board)}
