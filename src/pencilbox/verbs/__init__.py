"""The one table of verbs. An entry names a verb, its handler, the fields a request carries and its
cost class; the command line builds its subcommands from it, the player's server its routes, the
worker lanes their dispatch and the warm-up its jobs. A handler is a plain function of its fields
(nothing of starlette or uvicorn) answering a ``results`` dataclass, or for the page's own calls a
JSON-ready dict, so any front end calls it in process with a plain dict:

>>> from pencilbox import verbs
>>> verbs.call("grade", {"board": {"puzzle": "slant", "rows": 1, "cols": 1,
...                                "clues": [[1, None], [None, 1]]}}).to_dict()["status"]
'unique'

A new verb is one ``Verb`` in ``VERBS`` and its handler: the command line (``cli=True``), the
HTTP API (``POST /api/NAME``), the workers and the warm-up read it from here.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pencilbox import api, puzzles, service
from pencilbox.core.budgets import (
    COUNT_LIMIT,
    COUNT_NODES,
    HINT_NODES,
    SAT_CALL_PROPS,
    SAT_WORK,
    SOLVE_NODES,
    SPREAD_LIMIT,
    SPREAD_SHOWN,
    WORK,
)
from pencilbox.core.engine import OutOfNodes
from pencilbox.errors import BoardError, shown
from pencilbox.results import Backbone, Check, Count, Grade, Hint, Result, Solution
from pencilbox.verbs import files, paper, play

#: where a verb runs in the player's server: ``light`` in its own process at once (formats, the
#: catalog, checks); ``play`` in the play lane's workers (a ladder run on a board of play size;
#: larger boards go to the heavy lane); ``heavy`` in the heavy lane's niced workers (counts,
#: generators, the setter, pictures)
Cost = Literal["light", "play", "heavy"]


@dataclass(frozen=True)
class Field:
    """One field of a request: its key (the handler's keyword), how a sent value is read (a
    BoardError names the field), its default, and how the command line takes it (``flag``:
    ``--name``; None: not on the command line) with its help and argparse keywords."""

    name: str  # the request's key; the handler takes the fields in order
    read: Callable[[Any], Any] = lambda v: v
    default: Any = None
    required: bool = False
    flag: str | None = None
    help: str | Callable[[], str] | None = None  # a callable: words read from the registry
    cli: Mapping[str, Any] = field(default_factory=dict)  # a callable value is called when the CLI is built

    def value(self, request: Mapping[str, Any]) -> Any:
        if self.name not in request or request[self.name] is None:
            if self.required:
                raise BoardError(f"missing '{self.name}' in the request body")
            return self.default
        return self.read(request[self.name])


@dataclass(frozen=True)
class Verb:
    """A verb: its handler, its request's fields, its cost class and its one line of help;
    ``cli`` makes it a command of the command line (its text is ``str`` of the result, ``--json``
    its ``to_dict``; ``yes`` says when it exits 0), ``http`` its method on ``/api/NAME`` (None: none),
    ``warm`` a request for a puzzle that loads its kernels (the workers' warm-up runs it)."""

    name: str
    handler: Callable[..., Any]
    fields: tuple[Field, ...]
    cost: Cost
    about: str
    cli: bool = False
    http: Literal["get", "post"] | None = "post"
    yes: Callable[[Any], bool] = lambda result: True
    warm: Callable[[Any], dict[str, Any]] | None = None

    def call(self, request: Mapping[str, Any]) -> Any:
        """The handler's answer to a request: its fields read, in order (the board parsed once)."""
        return self.handler(*(f.value(request) for f in self.fields))

    def answer(self, request: Mapping[str, Any]) -> Any:
        """The answer as JSON-ready data: what the HTTP API and the workers send."""
        return plain(self.call(request))


def plain(got: Any) -> Any:
    """A handler's answer as JSON-ready data (a result's ``to_dict``)."""
    return got.to_dict() if isinstance(got, Result) else got


# ---------------------------------------------------------------- reading fields

def _board(value: Any) -> api.Board:
    """A board: a ``pencilbox.Board`` as it is (the command line and the library parsed it), or
    its JSON object (the page's), bounded by the player's cell budget."""
    if isinstance(value, api.Board):
        return value
    return api.Board(play.board_of(value, keep_answer=True))


def _text(name: str) -> Callable[[Any], str]:
    def read(value: Any) -> str:
        if not isinstance(value, str):
            raise BoardError(f"'{name}' must be a string, got {shown(value)}")
        return value
    return read


def _yes(name: str) -> Callable[[Any], bool]:
    """A JSON true or false."""
    def read(value: Any) -> bool:
        if not isinstance(value, bool):
            raise BoardError(f"'{name}' must be true or false, got {shown(value)}")
        return value
    return read


def _whole(name: str) -> Callable[[Any], int]:
    """An integer (a JSON number; digits in a query string)."""
    def read(value: Any) -> int:
        if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
            return int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise BoardError(f"'{name}' must be an integer, got {shown(value)}")
        return value
    return read


def integer(text: str) -> int:
    """The command line's integer: ASCII digits ('٤' and '²' are not numbers here), at most 30."""
    body = text.strip().removeprefix("-")
    if not (0 < len(body) <= 30 and body.isascii() and body.isdigit()):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not an integer (ASCII digits, at most 30)")
    return int(text)


def _off(value: Any) -> tuple[str, ...]:
    """The rungs switched off: a comma-separated list, or a list of them (--off repeats)."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(x, str) for x in items):
        raise BoardError(f"'off' must be a rung name or a list of them, got {shown(value)}")
    return tuple(x for item in items for x in item.split(",") if x)


SCALED = f"fewer on boards so large that a default run would pass {WORK:.0e} cell-nodes of work"
BOARD = Field("board", _board, required=True)
POSITION = Field("position", required=True)  # the page's marks, a mark per cell (row-major)
OFF = Field("off", _off, (), flag="--off", help="switch a rung off everywhere, probe included (repeatable)",
            cli={"action": "append", "metavar": "RUNG"})


def _level(help_: str) -> Field:
    return Field("level", _text("level"), flag="--level", help=help_)


def _cap(help_: str) -> Field:
    return Field("node_cap", _whole("node_cap"), flag="--node-cap", help=help_, cli={"type": integer})


# ---------------------------------------------------------------- handlers

def solve(board: api.Board, level: str | None, off: tuple[str, ...],
          node_cap: int | None) -> Solution[api.Board]:
    return service.solve(board, service.Options(level, off, node_cap))


def count(board: api.Board, engine: str, limit: int, node_cap: int | None, level: str | None,
          off: tuple[str, ...]) -> Count:
    return service.count(board, engine, service.Options(level, off, node_cap, limit))


def grade(board: api.Board, off: tuple[str, ...], node_cap: int | None) -> Grade:
    return service.grade(board, service.Options(None, off, node_cap))


def hint(board: api.Board, position: Any, level: str | None, off: tuple[str, ...],
         node_cap: int | None) -> Hint:
    """From the page's marks (``position``) when it sends them, else from the board's own answer
    section (the command line's)."""
    if position is not None:
        return play.hint(board, position, level)
    return service.hint(board, service.Options(level, off, node_cap))


def check(board: api.Board, position: Any) -> Check:
    """The page's marks (``position``) when it sends them, else the board's answer section."""
    return service.check(board) if position is None else play.check(board, position)


def backbone(board: api.Board, limit: int, show: int, node_cap: int | None) -> Backbone[api.Board]:
    """SAT's backbone, or without python-sat the searches' (too much work past their node cap)."""
    try:
        return service.backbone(board, limit, show, node_cap)
    except OutOfNodes:
        raise play.TooMuchWork("the backbone's searches ran out of their node cap") from None


def _small(name: str) -> dict[str, Any]:
    """A warm-up request: the puzzle's smallest bank board, nothing entered."""
    board = play.smallest(name)
    return {"board": board, "position": [None] * (board.rows * board.cols)}


def _three(name: str) -> dict[str, Any]:
    return {"puzzle": name, "rows": 3, "cols": 3, "seed": 1}


VERBS: dict[str, Verb] = {v.name: v for v in (
    # ---- the command line's verbs (and the page's)
    Verb("solve", solve, (BOARD, _level("ladder level the search propagates with"), OFF, _cap(
        f"branch points of the search (default {SOLVE_NODES:,}, {SCALED}); past it the status is capped")),
        "play", "solve a board: unique, multiple (with a second answer) or none", cli=True,
        yes=lambda r: r.unique),
    Verb("count", count, (
        BOARD,
        Field("engine", _text("engine"), "ladder", flag="--engine", cli={"choices": puzzles.engines},
              help=lambda: (
            "ladder (default), sat, or brute (Ripple also cells): the brute counters are small-board "
            f"witnesses, meant for {puzzles.brute_range_text()}; beyond that they may run out of nodes "
            "(raise --node-cap, or use sat)")),
        Field("limit", _whole("limit"), COUNT_LIMIT, flag="--limit", cli={"type": integer}),
        _cap(f"branch points before the count is a lower bound (default {COUNT_NODES:,}, {SCALED}); "
             f"sat: solver calls, and their unit propagations {SAT_CALL_PROPS} a cell a call (fewer past "
             f"{SAT_WORK:.0e} cell-calls)"),
        _level("ladder level (engine ladder only)"), OFF),
        "heavy", "count answers with one engine (capped counts are lower bounds)", cli=True),
    Verb("grade", grade, (BOARD, OFF, _cap(
        f"branch points of the uniqueness search when no level finishes the board (default {SOLVE_NODES:,}, "
        f"{SCALED})")), "play", "the lowest ladder level that finishes the board alone", cli=True,
        yes=lambda r: r.unique),
    Verb("hint", hint, (BOARD, Field("position"), _level("highest rung to use (default: the whole ladder)"),
                        OFF, _cap(f"probe trials (and branch points of the search for wrong entries) before "
                                  f"the hint says capped (default {HINT_NODES:,}, {SCALED})")),
         "play", "one cell provable at a level, the rung that proved it and what it used", cli=True,
         yes=lambda r: r.kind == "hint", warm=_small),
    Verb("check", check, (BOARD, Field("position")), "light", "list every broken rule of the board's answer "
         "section", cli=True, yes=lambda r: r.ok),
    Verb("backbone", backbone, (
        BOARD,
        Field("limit", _whole("limit"), SPREAD_LIMIT, flag="--limit", cli={"type": integer},
              help=f"answers counted before the count is a lower bound (default {SPREAD_LIMIT})"),
        Field("show", _whole("show"), SPREAD_SHOWN, flag="--show", cli={"type": integer},
              help=f"answers listed in --json (default {SPREAD_SHOWN})"),
        _cap(f"SAT solver calls, and their unit propagations {SAT_CALL_PROPS} a cell a call (default "
             f"{SOLVE_NODES:,}, fewer on boards so large that a default run would pass {SAT_WORK:.0e} "
             "cell-calls); past it the cells not yet shown to differ stay unsettled")),
        "heavy", "the cells every answer agrees on (exact, by SAT) and the number of answers up to a limit",
        cli=True),
    # ---- the page's play
    Verb("reveal", play.reveal, (BOARD, POSITION), "play", "the answer's mark for one undecided cell"),
    Verb("ladder", play.ladder, (BOARD, POSITION), "play", "per rung, the cells its fixpoint settles",
         warm=_small),
    Verb("trial", play.trial, (BOARD, POSITION, Field("level")), "play",
         "whether the ladder finds a trial's position contradictory (never reading the answer)", warm=_small),
    Verb("candidates", play.candidates,
         (BOARD, POSITION, Field("level"), Field("rules", _yes("rules"), False)), "play",
         "what a level (or with rules: the rules beside the entries) leaves possible in each "
         "undecided cell (pencil marks)", warm=_small),
    Verb("rewind", play.rewind, (BOARD, Field("positions", required=True)), "play",
         "the newest position of the history whose every mark agrees with the answer"),
    # ---- the page's setter, generator and paper
    Verb("setter", play.setter, (BOARD, Field("redundant", _yes("redundant"), True)), "heavy",
         "answers (0, 1, 2+), grade and (unless redundant is false) redundant clues",
         warm=lambda name: {"board": play.smallest(name)}),
    Verb("redundant", play.redundant, (BOARD,), "heavy", "the clues of a one-answer board that can go"),
    Verb("minimise", play.minimise, (BOARD,), "heavy", "erase clues while the answer stays unique"),
    Verb("generate", play.generate, tuple(Field(n, required=n == "puzzle") for n in
                                          ("puzzle", "rows", "cols", "grade", "seed")),
         "heavy", "a New board at a size and grade", warm=_three),
    Verb("ambiguity", paper.ambiguity, (BOARD,), "heavy", "the backbone and the first answers as marks"),
    Verb("image", paper.image, (BOARD, Field("format"), Field("answer")), "heavy", "the board as SVG or PNG"),
    Verb("booklet", paper.booklet_of, (Field("ids"), Field("answers")), "heavy",
         "bank boards as a PDF booklet"),
    # ---- the page's formats and bank
    Verb("convert", play.convert, (Field("text", required=True),), "light", "a board from any format"),
    Verb("export", play.export, (BOARD,), "light", "a board's link forms"),
    Verb("save", files.save, (BOARD, Field("position"), Field("format", _text("format"), "text"),
                              Field("seed"), Field("grade")), "light",
         "a board and its position as a file (text or JSON)"),
    Verb("load", files.load, (Field("text", required=True),), "light",
         "a file's board and its position as marks"),
    Verb("catalog", play.catalog, (), "light", "the puzzles, their ladders, banks and page tables",
         http="get"),
    Verb("bank", play.bank_list, (Field("puzzle", _text("puzzle"), required=True),
                                  Field("rows", _whole("rows")), Field("cols", _whole("cols")),
                                  Field("grade", _text("grade"))),
         "light", "a puzzle's bank boards", http="get"),
    Verb("board", play.bank_board, (Field("id", _text("id"), required=True),), "light", "one bank board",
         http="get"),
)}


def get(name: str) -> Verb:
    """The verb called ``name`` (a BoardError naming the verbs when there is none)."""
    if name not in VERBS:
        raise BoardError(f"no verb {shown(name)}; verbs: {', '.join(VERBS)}")
    return VERBS[name]


def call(name: str, request: Mapping[str, Any]) -> Any:
    """A verb's handler called with a plain dict of its fields."""
    return get(name).call(request)


def warm(costs: tuple[Cost, ...]) -> int:
    """Run every verb of these cost classes that has a warm-up request, on every puzzle (loads
    their compiled kernels where the build made them; compiles nothing); the calls made."""
    made = 0
    for name in puzzles.names():
        for verb in VERBS.values():
            ready = verb.name != "generate" or play.can_generate(name)  # a generator is never compiled here
            if verb.cost in costs and verb.warm is not None and ready:
                verb.call(verb.warm(name))
                made += 1
    return made
