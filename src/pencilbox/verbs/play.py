"""What the player's API answers, as pure functions of JSON-ready values (api.py only
routes). Every call is bounded: boards above MAX_CELLS are refused, searches carry node
caps, and New board is the library's generate, within its bounds (each puzzle's
``generate_cells``)."""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import replace
from functools import cache

from pencilbox import api, bank, boardio, puzzles, service
from pencilbox.compiled import cache as kernels
from pencilbox.compiled.ready import generator_built
from pencilbox.core import engine, words
from pencilbox.core.budgets import PASS_WORK, PLAYER_NODES
from pencilbox.core.drivers import check_grade, erase, scan, verdict
from pencilbox.core.engine import CAPPED, UNIQUE, Level, OutOfNodes, Stuck
from pencilbox.core.outcomes import Broken
from pencilbox.core.puzzle import JSON, BoardShape, Clues, known
from pencilbox.errors import BoardError, shown
from pencilbox.puzzles import AnyPuzzle
from pencilbox.results import Cell, Check, Hint
from pencilbox.verbs.answers import (
    BankBoard,
    BankList,
    Candidates,
    Catalog,
    CellMarks,
    Converted,
    Exported,
    Generated,
    Ladder,
    Listed,
    Marked,
    Minimised,
    Redundant,
    Rewound,
    RungCells,
    SetterCount,
    Shared,
    TrialChecked,
)

MAX_CELLS = 6000  # the largest published board in the test data is 60x100
REDUNDANT_BUDGET_S = 1.0  # setter mode's redundant-clue scan stops here and says how far it got


class TooMuchWork(BoardError):
    """A request whose bounded work ran out (answered 503)."""


class TooLarge(BoardError):
    """A board above MAX_CELLS (answered 413)."""


# ---------------------------------------------------------------- boards

def board_of(data: object, keep_answer: bool = False) -> BoardShape:
    """A board from its JSON object, within MAX_CELLS (the page's positions travel apart: its
    answer section is dropped unless ``keep_answer``, as the command line's verbs read it)."""
    if not isinstance(data, dict):
        raise BoardError("'board' must be a JSON board object")
    rows, cols = data.get("rows"), data.get("cols")
    if isinstance(rows, int) and isinstance(cols, int):
        _bounded(rows, cols)
    board: BoardShape = boardio.board_from_json(data if keep_answer else
                                                {k: v for k, v in data.items() if k != "answer"})
    return board


def smallest(name: str) -> api.Board:
    """A puzzle's smallest bank board: what the workers' warm-up runs its verbs on."""
    return api.Board(board_of(min(_bank(name), key=lambda r: r["rows"] * r["cols"])))


def can_generate(name: str) -> bool:
    """Whether a New board of this puzzle runs now without compiling (its generator is built,
    or the kernels are not compiled at all)."""
    return kernels.policy() != "auto" or generator_built(puzzles.get(name))


def _marks(position: object) -> list[object]:
    """A position its puzzle's ``marks`` has read (they refuse all but a list, a mark a cell)."""
    assert isinstance(position, list)
    return position


def _bounded(rows: int, cols: int) -> None:
    if rows * cols > MAX_CELLS:
        raise TooLarge(f"board is {rows}x{cols}: at most {MAX_CELLS} cells per request")


def board_json(board: BoardShape) -> JSON:
    out = puzzles.get(board.puzzle).to_json(board)
    out.pop("answer", None)
    return out


def share(board: BoardShape) -> Shared:
    """The board's link forms: a URL (puzz.link, or the project's own), text, Tatham ID."""
    text = boardio.dump(board, "text")
    return {"text": text, "url": _form(board, "url"), "tatham": _form(board, "tatham")}


def _form(board: BoardShape, fmt: str) -> str | None:
    """The board in a one-line format, or None where its puzzle has none."""
    try:
        return boardio.dump(board, fmt)
    except BoardError:
        return None


def key(board: BoardShape) -> str:
    """A stable name for a board (the page keys saved progress by it)."""
    return hashlib.sha256(json.dumps(board_json(board), sort_keys=True).encode()).hexdigest()[:16]


# ---------------------------------------------------------------- catalog and bank

@cache
def _bank(name: str) -> tuple[JSON, ...]:
    return tuple(bank.load(name))


def catalog() -> Catalog:
    out: list[Listed] = []
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
                    "generate_cells": puzzle.generate_cells,
                    "generate_cells_readable": puzzle.generate_cells_readable,
                    "cycle": puzzle.marks.CYCLE, "ui": puzzle.marks.UI.to_json(),
                    "rules": list(puzzle.rules_text),
                    "named_grades": [{"name": n, "level": lv} for n, lv in puzzle.named_grades],
                    "glossary": [{"rung": r, "name": n, "words": w}
                                 for r, n, w in words.glossary(levels, puzzle.rung_words)],
                    "default_grade": puzzle.named_grades[0][0] if puzzle.named_grades else None})
    return {"puzzles": out}


def bank_list(puzzle: str, rows: int | None = None, cols: int | None = None,
              grade: str | None = None) -> BankList:
    name = puzzles.get(puzzle).name  # any case, and the puzz.link and Tatham names
    return {"boards": [{"id": b["id"], "rows": b["rows"], "cols": b["cols"], "grade": b["grade"]}
                       for b in _bank(name)
                       if (rows is None or b["rows"] == rows) and (cols is None or b["cols"] == cols)
                       and (grade is None or b["grade"] == grade)]}


def bank_board(id: str) -> BankBoard:
    board_id = id
    name = board_id.split("-", 1)[0]
    if name not in puzzles.names():
        raise LookupError(f"no bank board {shown(board_id)}")
    for rec in _bank(name):
        if rec["id"] == board_id:
            board = board_of(rec)
            return {"id": board_id, "board": board_json(board), "grade": rec["grade"], "unique": True,
                    "key": key(board), "share": share(board)}
    raise LookupError(f"no bank board {shown(board_id)}")


def aimed(puzzle: AnyPuzzle, grade: object) -> Level:
    """The grade a New board aims at, named as the command line's ``--grade`` names it (a
    ladder level or ``search``): no grade (or "any") is the easiest named one, not whatever
    minimising leaves (mostly probe); anything else is a BoardError naming the grades."""
    if grade is None or grade in ("", "any"):
        return puzzle.named_grades[0][1] if puzzle.named_grades else engine.levels(puzzle)[0]
    if not isinstance(grade, str):
        raise BoardError(f"unknown grade {shown(grade)}")
    level = check_grade(puzzle, grade)
    assert level is not None
    return level


def seed_of(seed: object) -> int:
    """A New board's seed, as the command line's ``--seed`` takes it (0..2^63-1): an int, or
    its decimal digits (a page's number past 2^53 is not exact); None draws one as the
    command line does (four random bytes)."""
    if seed is None:
        return int.from_bytes(os.urandom(4), "big")
    if isinstance(seed, str) and 0 < len(seed) <= 19 and seed.isascii() and seed.isdigit():
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise BoardError(f"seed {shown(seed)} must be an integer in 0..2^63-1 (the command line's --seed)")
    return seed


def generate(puzzle: str, rows: int, cols: int, grade: str | None = None,
             seed: int | str | None = None) -> Generated:
    """``pencilbox generate PUZZLE RxC --seed SEED --grade GRADE`` for the page: the library's
    generate itself, so the same seed makes the same board, at any size it takes (its
    ``generate_cells``: in the browser, where nothing is compiled, ``generate_cells_readable``)."""
    if not isinstance(puzzle, str):
        raise BoardError("'puzzle' must be a puzzle name")
    found = puzzles.get(puzzle)
    try:
        level = aimed(found, grade)
    except BoardError:
        raise BoardError(f"unknown grade {shown(grade)} for {found.name}; grades (as the command line's "
                         f"--grade): {', '.join((*engine.levels(found), engine.SEARCH))}, or any") from None
    number = seed_of(seed)
    with kernels.compiling():  # the server waits for the build: readable loops on the largest
        # boards would outlast a call's budget (the command line runs them while cold)
        made = api.generate(found.name, rows, cols, level, number)
    return {"id": None, "board": board_json(made.shape), "grade": made.made.grade if made.made else level,
            "unique": True, "seed": number, "seed_text": str(number), "key": key(made.shape),
            "share": share(made.shape)}


# ---------------------------------------------------------------- play

def check(asked: api.Board, position: object) -> Check:
    """Every broken rule of the position; ``won`` when it is complete and breaks none."""
    board = asked.shape
    puzzle = puzzles.get(board.puzzle)
    marks = puzzle.marks
    answer = marks.to_answer(board, position)  # checks the position first
    marked = _marks(position)
    got = service.check(asked.answered(answer))
    broken = (*(b for b in got.broken if b.rule != "complete"),
              *(service.broken_rule(puzzle, board, b) for b in marks.broken(board, position)))
    open_ = tuple(i for i, m in enumerate(marked) if m is None)
    if open_:  # counted on the marks: a Sukoro number whose digit waits on its neighbours is decided
        broken += (service.broken_rule(puzzle, board, Broken.undecided(open_)),)
    won = not open_ and not broken
    return Check(not broken, not open_, broken, {**got.extras, "won": won} if won else {"won": won})


def hint(asked: api.Board, position: object, level: str | None = None) -> Hint:
    """The service's hint driver on the position's marks (a capped search answers 503)."""
    board = asked.shape
    marks = puzzles.get(board.puzzle).marks

    def show(var: int, value: int) -> tuple[str | None, object, str]:
        m = marks.mark(board, var, value)
        return None, m, marks.SAY.get(m, str(m))
    dom = marks.to_state(board, position)  # checks the position first
    entered = tuple(i for i, m in enumerate(_marks(position)) if m is not None)
    now = service.Progress(dom, entered, lambda var, d: marks.mark(board, var, d) is not None, show)
    out = service.hint_from(board, now, service.Options(level=level, node_cap=PLAYER_NODES))
    if out.kind == "capped":
        raise TooMuchWork("the board is too hard for this request's node cap")
    return out


def reveal(asked: api.Board, position: object) -> Hint:
    """The answer's mark for one undecided cell, in a hint's fields (400 when the board has
    no unique answer within the node cap): what a player stuck at their level may ask."""
    board = asked.shape
    marks = puzzles.get(board.puzzle).marks
    dom = marks.to_state(board, position)  # checks the position first
    open_ = [i for i, m in enumerate(_marks(position)) if m is None and marks.mark(board, i, dom[i]) is None]
    var, value = service.revealed(board, open_, PLAYER_NODES)
    m = marks.mark(board, var, value)
    r, c = board.grid.rc(var)
    said = marks.SAY.get(m, str(m))
    return Hint("reveal", f"revealed: row {r + 1}, column {c + 1} is {said}", (r, c), mark=m)


def ladder(asked: api.Board, position: object) -> Ladder:
    """Per rung (with every cheaper one), the cells its fixpoint settles from the position."""
    board = asked.shape
    puzzle = puzzles.get(board.puzzle)
    marks = puzzle.marks
    dom = marks.to_state(board, position)
    marked = _marks(position)
    out: list[RungCells] = []
    seen: set[int] = set()
    for level in engine.levels(puzzle):
        got = engine.run_fixpoint(puzzle, board, dom, engine.ladder(puzzle, level))
        cells: list[Marked] = []
        if got is not None:
            for i, after in enumerate(got):
                m = marks.mark(board, i, after)
                if i not in seen and marked[i] is None and m is not None:  # a given cell too
                    seen.add(i)
                    cells.append({"cell": board.grid.rc(i), "mark": m})
        out.append({"rung": level, "cells": cells, "contradiction": got is None})
    return {"rungs": out}


MAX_POSITIONS = 256  # /api/rewind: positions per request (the page sends older ones in batches)


def trial(asked: api.Board, position: object, level: object = None) -> TrialChecked:
    """Whether the ladder at ``level`` finds the position (a trial's) contradictory, never
    reading the answer: the cheapest rung that does, and the cells it names."""
    board = asked.shape
    puzzle = puzzles.get(board.puzzle)
    if level is not None and not isinstance(level, str):
        raise BoardError(f"'level' must be a level name, got {shown(level)}")
    enabled = service.names(puzzle, level)
    dom = puzzle.marks.to_state(board, position)  # checks the position first
    bad = [i for i, d in enumerate(dom) if d == 0]
    if bad:
        return {"kind": "contradiction", "rung": "clue", "cells": [board.grid.rc(i) for i in bad],
                "clues": [], "message": "an entry contradicts a clue"}
    with engine.passes(PASS_WORK):
        try:
            return _trial(puzzle, board, dom, enabled)
        except OutOfNodes:
            return {"kind": "capped", "rung": None, "cells": [], "clues": [],
                    "message": f"the check ran out of its {PLAYER_NODES} nodes: no contradiction found"}


def _trial(puzzle: AnyPuzzle, board: BoardShape, dom: list[int], enabled: tuple[Level, ...]) -> TrialChecked:
    """The fixpoint of every enabled rung first (the usual answer: no contradiction), then the
    cheapest level that contradicts, run readable for the cells it names."""
    got = engine.run_fixpoint(puzzle, board, dom, enabled, probe_cap=PLAYER_NODES)
    if got is not None:
        if all(engine.single(d) for d in got) and not puzzle.is_answer(board, got):
            broken = puzzle.validate(board, puzzle.answer_from_state(board, got))
            at = [board.grid.rc(i) for b in broken for i in b.cells]
            return {"kind": "contradiction", "rung": "rules", "cells": at, "clues": [],
                    "message": "the only way left to finish breaks a rule"}
        return {"kind": "ok", "rung": None, "cells": [], "clues": [],
                "message": f"no contradiction up to {enabled[-1]}"}
    rungs = enabled
    for k in range(1, len(enabled)):
        if engine.run_fixpoint(puzzle, board, dom, enabled[:k], probe_cap=PLAYER_NODES) is None:
            rungs = enabled[:k]
            break
    h = engine.hint(puzzle, board, dom, rungs, node_cap=PLAYER_NODES)
    rung = h.rung if isinstance(h, Stuck) and h.contradiction and h.rung else rungs[-1]
    named = tuple(dict.fromkeys(h.cells if isinstance(h, Stuck) else ()))
    places, clues = puzzle.places(board, named)
    return {"kind": "contradiction", "rung": rung, "cells": list(places), "clues": list(clues),
            "message": f"{rung} finds a contradiction: this trial cannot be right"}


def candidates(asked: api.Board, position: object, level: object = None, rules: bool = False) -> Candidates:
    """What ``level``'s fixpoint leaves possible in each undecided cell, as marks; with ``rules``
    only what breaks no rule beside the entries (no chain of reasoning: the page's Fill ✎, which
    must not give the answer away as a fixpoint can)."""
    board = asked.shape
    puzzle = puzzles.get(board.puzzle)
    marks = puzzle.marks
    if level is not None and not isinstance(level, str):
        raise BoardError(f"'level' must be a level name, got {shown(level)}")
    enabled = service.names(puzzle, level)
    dom = marks.to_state(board, position)  # checks the position first
    marked = _marks(position)
    if rules:
        return {"level": "rules", "cells": _beside_entries(puzzle, board, dom, marked),
                "contradiction": not all(dom)}
    got: list[int] | None = None
    if all(dom):
        with engine.passes(PASS_WORK):
            try:
                got = engine.run_fixpoint(puzzle, board, dom, enabled, probe_cap=PLAYER_NODES)
            except OutOfNodes:
                raise TooMuchWork("the fixpoint ran out of this request's node cap") from None
    cells: list[CellMarks] = []
    for i, d in enumerate(got or ()):
        if marked[i] is None:
            seen = dict.fromkeys(marks.mark(board, i, bit) for bit in engine.bits(d))
            cells.append({"cell": board.grid.rc(i), "marks": [m for m in seen if m is not None]})
    return {"level": enabled[-1], "cells": cells, "contradiction": got is None}


def _beside_entries(puzzle: AnyPuzzle, board: BoardShape, dom: list[int],
                    marked: list[object]) -> list[CellMarks]:
    """Per undecided cell, each value of its domain that breaks no rule the entries did not
    already break (the independent validator judges each one alone: nothing is chained)."""
    def broken(d: list[int]) -> set[tuple[str, tuple[int, ...]]]:
        got = puzzle.validate(board, puzzle.answer_from_state(board, d))
        return {(b.rule, b.cells) for b in got if b.rule != "complete"}
    base = [d if marked[i] is not None else 0 for i, d in enumerate(dom)]  # the entries alone
    before = broken(base)
    cells: list[CellMarks] = []
    for i, d in enumerate(dom):
        if marked[i] is not None:
            continue
        keep = []
        for low in engine.bits(d):
            base[i] = low
            if broken(base) <= before:
                keep.append(puzzle.marks.mark(board, i, low))
        base[i] = 0
        cells.append({"cell": board.grid.rc(i), "marks": [m for m in dict.fromkeys(keep) if m is not None]})
    return cells


def rewind(asked: api.Board, positions: object) -> Rewound:
    """The first of ``positions`` (the page's undo history, newest first) whose every entered
    mark agrees with the board's unique answer: where "back to the last correct position" goes."""
    board = asked.shape
    marks = puzzles.get(board.puzzle).marks
    if not isinstance(positions, list) or not positions:
        raise BoardError("'positions' must be a non-empty list of positions (newest first)")
    if len(positions) > MAX_POSITIONS:
        raise TooLarge(f"{len(positions)} positions: at most {MAX_POSITIONS} per request")
    doms = [marks.to_state(board, p) for p in positions]  # checks every position first
    with engine.passes(PASS_WORK):
        truth = service.known_answers(board, PLAYER_NODES)
    if truth.status == CAPPED:
        raise TooMuchWork("the board's answer was not found within this request's node cap")
    if truth.status != UNIQUE:
        raise BoardError(f"the board has no unique answer ({truth.status}): nothing to agree with")
    answer = truth.answers[0]
    index: int | None = None
    wrong: list[Cell] = []
    for k, (pos, dom) in enumerate(zip(positions, doms, strict=True)):
        bad = [i for i, m in enumerate(_marks(pos)) if m is not None and not dom[i] & answer[i]]
        if k == 0:
            wrong = [board.grid.rc(i) for i in bad]
        if not bad:
            index = k
            break
    return {"index": index, "wrong": wrong, "checked": len(positions)}


# ---------------------------------------------------------------- setter

def setter(asked: api.Board, with_redundant: bool = True) -> SetterCount:
    """Answers (0, 1 or "2+"), grade, redundant clues and the answers, for setter mode; without
    ``with_redundant`` the count comes at once and the page asks ``redundant`` after it."""
    board = asked.shape
    puzzle = puzzles.get(board.puzzle)
    res = service.player_count(puzzle, board, PLAYER_NODES)
    n: int | str = "2+" if res.count >= 2 else res.count
    out: SetterCount = {"count": n, "capped": res.status == CAPPED, "grade": None, "redundant": [],
                        "answer": None, "second": None}
    if out["capped"]:
        out["count"] = "2+" if res.count else "?"
        return out
    marks = puzzle.marks
    answers = [marks.from_answer(board, puzzle.answer_from_state(board, a)) for a in res.answers[:2]]
    out["answer"] = answers[0] if answers else None
    out["second"] = answers[1] if len(answers) > 1 else None
    if res.status == UNIQUE:
        out["grade"] = engine.grade(puzzle, board, node_cap=PLAYER_NODES, unique=True).grade
        if with_redundant:
            found = _scan(puzzle, board)
            out["redundant"] = found["redundant"]
            out["redundant_checked"] = found["redundant_checked"]
            out["redundant_capped"] = found["redundant_capped"]
    return out


def redundant(asked: api.Board) -> Redundant:
    """The clues of a one-answer board that can go, one at a time (setter mode, after its count)."""
    board = asked.shape
    puzzle = puzzles.get(board.puzzle)
    _one_answer(puzzle, board, "has redundant clues")
    return _scan(puzzle, board)


def _one_answer(puzzle: AnyPuzzle, board: BoardShape, what: str) -> None:
    """The board has exactly one answer (else a 503 for too much work, or a 400 saying so)."""
    first = verdict(puzzle, board, PLAYER_NODES)
    if first == CAPPED:
        raise TooMuchWork("the board is too hard to solve within this request's node cap")
    if first != UNIQUE:
        raise BoardError(f"only a board with exactly one answer {what}")


def _scan(puzzle: AnyPuzzle, board: BoardShape) -> Redundant:
    """The redundant-clue scan under its time budget: the clues found, how far it got (a scan cut
    short says so) and the checks that ran out of nodes (those clues are not listed)."""
    found = scan(puzzle, board, PLAYER_NODES // 10, deadline=time.perf_counter() + REDUNDANT_BUDGET_S)
    return {"redundant": [puzzle.clue_rc(board, i) for i in found.found],
            "redundant_checked": [found.checked, found.total], "redundant_capped": found.capped}


def minimise(asked: api.Board) -> Minimised:
    """Erase clues (reading order) while the answer stays unique; a check that runs out of
    nodes keeps its clue (``capped`` counts them)."""
    board = asked.shape
    puzzle = puzzles.get(board.puzzle)
    _one_answer(puzzle, board, "can be minimised")
    capped = 0

    def unique(clues: Clues) -> bool:
        nonlocal capped
        status = verdict(puzzle, replace(board, clues=clues), PLAYER_NODES // 10)
        capped += status == CAPPED
        return status == UNIQUE
    clues, _ = erase(board.clues, [i for i, v in enumerate(board.clues) if v is not None], unique)
    removed = sum(v is not None for v in board.clues) - sum(v is not None for v in clues)
    board = replace(board, clues=clues)
    return {"board": board_json(board), "removed": removed, "capped": capped, "key": key(board),
            "share": share(board)}


def convert(text: object) -> Converted:
    if not isinstance(text, str) or not text.strip():
        raise BoardError("'text' must be a non-empty string: a puzz.link URL, a Tatham ID, text or JSON")
    if len(text) > 200_000:
        raise TooLarge("'text' is longer than 200000 characters")
    records, many = boardio.parse(text)
    if many:
        raise BoardError("expected one board, got a list")
    board = known(records[0].board)  # one board, not a list: parse raised its error
    _bounded(board.rows, board.cols)
    return {"board": board_json(board), "key": key(board), "share": share(board)}


def export(asked: api.Board) -> Exported:
    board = asked.shape
    return {**share(board), "json": board_json(board)}
