"""pencilbox as a Python library: read, make and generate boards; solve, count, grade, hint,
check and draw them. The command line and the player are layers over these same calls.

>>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
>>> board
Board('sukoro', 6, 6)
>>> board.solve().grade
'deg'
"""

from __future__ import annotations

import copy
import html
import math
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from pencilbox import boardio, puzzles, render, service
from pencilbox.compiled.ready import generator_ready
from pencilbox.core import engine, outcomes
from pencilbox.core.budgets import (
    COUNT_LIMIT,
    GENERATE_S,
    GENERATE_SEED_CELLS,
    GENERATE_TRIES,
    SPREAD_LIMIT,
    SPREAD_SHOWN,
)
from pencilbox.core.drivers import check_grade
from pencilbox.core.puzzle import BoardShape
from pencilbox.errors import BoardError, shown
from pencilbox.results import Backbone, Check, Count, Grade, Hint, Made, Solution

#: what ``read`` takes: the board's text, URL, Tatham ID or JSON; a path; or a JSON object
Source = str | os.PathLike[str] | Mapping[str, Any]


@dataclass(frozen=True)
class Board:
    """One board of one puzzle, with its clues (and regions) and, optionally, an answer section
    (a position: some cells decided, the rest ``None``). Frozen and hashable; ``str`` is the text
    format and a notebook draws it.

    >>> board = pencilbox.blank("slant", 2, 3)
    >>> print(board)
    slant 2x3
    clues:
    . . . .
    . . . .
    . . . .
    """

    shape: BoardShape = field(repr=False)
    """The typed board the puzzle's own code works on (its clues, regions and answer section)."""
    made: Made | None = field(default=None, compare=False, repr=False)
    """How ``generate`` made the board (its seed and grade); ``None`` for a board read or blank."""

    # ------------------------------------------------------------ what it is

    @property
    def puzzle(self) -> str:
        """The puzzle's name: ``sukoro``, ``slant``, ``ripple`` or ``fillapix``.

        >>> pencilbox.read("slant:5x5:c110a1d02a22a2b14c4a2b1d").puzzle
        'slant'
        """
        return self.shape.puzzle

    @property
    def rows(self) -> int:
        """The number of rows of cells.

        >>> pencilbox.blank("sukoro", 2, 3).rows
        2
        """
        return self.shape.rows

    @property
    def cols(self) -> int:
        """The number of columns of cells.

        >>> pencilbox.blank("sukoro", 2, 3).cols
        3
        """
        return self.shape.cols

    @cached_property
    def _json(self) -> dict[str, Any]:
        return puzzles.get(self.puzzle).to_json(self.shape)

    @property
    def clues(self) -> list[list[Any]]:
        """The clues, a row at a time, ``None`` where there is none (Slant's sit on the
        (rows+1) x (cols+1) lattice points).

        >>> pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b").clues[0]
        [None, 3, None, 3, None, None]
        >>> len(pencilbox.blank("slant", 2, 3).clues[0])
        4
        """
        return [list(row) for row in self._json["clues"]]  # a copy: the board stays as it was

    @property
    def answer(self) -> Any:
        """The answer section (``None`` when the board has none) in the puzzle's JSON form: a row
        at a time, ``None`` where a cell is undecided (Sukoro: ``0`` an empty cell).

        >>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
        >>> board.answer is None
        True
        >>> board.solve().answer.answer[0]
        [2, 3, 2, 3, 1, 0]
        """
        return copy.deepcopy(self._json.get("answer"))  # a copy: the board stays as it was

    @property
    def levels(self) -> tuple[str, ...]:
        """The puzzle's ladder, cheapest rung first: the levels ``hint`` and ``solve`` take.

        >>> pencilbox.blank("sukoro", 3, 3).levels
        ('deg', 'neq', 'conn', 'probe')
        """
        return tuple(engine.levels(puzzles.get(self.puzzle)))

    def __repr__(self) -> str:
        return f"Board({self.puzzle!r}, {self.rows}, {self.cols})"

    def __str__(self) -> str:
        return self.to_text()

    # ------------------------------------------------------------ verbs

    def solve(self, level: str | None = None, off: Sequence[str] = (),
              node_cap: int | None = None) -> Solution[Board]:
        """Whether the answer is unique, the answer (and a second one when there are several),
        and the grade; ``level`` the rung the search propagates with, ``off`` rungs switched
        off, ``node_cap`` the search's branch points (default: a budget sized to the board).

        >>> solution = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b").solve()
        >>> solution.status, solution.grade
        ('unique', 'deg')
        >>> print(solution.answer)
        sukoro 6x6
        clues:
        .  3  .  3  .  .
        .  2  .  2  .  1
        1  .  .  .  2  3
        .  2  3  .  .  .
        .  .  4  2  .  1
        1  .  2  3  .  .
        answer:
        2  3  2  3  1  .
        3  2  .  2  .  1
        1  .  2  3  2  3
        .  2  3  .  .  2
        2  3  4  2  .  1
        1  .  2  3  1  .
        >>> pencilbox.blank("sukoro", 2, 2).solve().status
        'multiple'
        """
        return service.solve(self, _options(level, off, node_cap))

    def count(self, engine: str = "ladder", limit: int = COUNT_LIMIT, node_cap: int | None = None,
              level: str | None = None, off: Sequence[str] = ()) -> Count:
        """The answers counted by one engine (``ladder``, ``sat``, ``brute``; Ripple also
        ``cells``) up to ``limit``; ``capped`` marks a lower bound.

        >>> pencilbox.blank("slant", 2, 2).count(engine="brute").count
        15
        >>> c = pencilbox.blank("slant", 3, 3).count(limit=10)
        >>> c.count, c.capped, c.cap
        (10, True, 'limit')
        """
        return service.count(self, engine, _options(level, off, node_cap, limit))

    def grade(self, off: Sequence[str] = (), node_cap: int | None = None) -> Grade:
        """The lowest level of the ladder that finishes the board alone.

        >>> pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b").grade().grade
        'deg'
        >>> print(pencilbox.read("slant:5x5:c110a1d02a22a2b14c4a2b1d").grade())
        grade: count (unique); settled: count 100%, cycle 100%, duet 100%, probe 100%
        """
        return service.grade(self, _options(None, off, node_cap))

    def hint(self, level: str | None = None, position: Any = None, off: Sequence[str] = (),
             node_cap: int | None = None) -> Hint:
        """One cell provable from ``position`` (an answer section in the JSON form, or a board
        holding one; default: this board's own) with the rungs up to ``level``, the rung that
        proved it and what it read; entries that disagree with the answer come first.

        >>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
        >>> print(board.hint())
        r1c6 = empty by deg (using r2c6, r3c6, r1c5, r2c5)
          the 1 at r2c6 already has its one numbered neighbour, so r1c6 is empty
        >>> print(board.hint(position=board.solve().answer))
        solved: every cell is decided
        """
        board = self if position is None else self.with_answer(position)
        return service.hint(board, _options(level, off, node_cap))

    def check(self, position: Any = None) -> Check:
        """Every rule that ``position`` (default: this board's answer section) breaks.

        >>> board = pencilbox.blank("sukoro", 1, 3)
        >>> print(board.check([[1, 1, 0]]))
        differ: two 1s side by side at r1c1 and r1c2 [r1c1 r1c2]
        >>> print(board.check([[1, 2, 1]]))
        ok: every rule holds
        """
        board = self if position is None else self.with_answer(position)
        return service.check(board)

    def backbone(self, limit: int = SPREAD_LIMIT, show: int = SPREAD_SHOWN,
                 node_cap: int | None = None) -> Backbone[Board]:
        """The cells every answer shares (exact, by SAT), the answers counted up to ``limit``
        and the first ``show`` of them, within ``node_cap`` solver calls (default: scaled to
        the board; past it ``cap`` is ``"nodes"`` and the cells not settled are ``unsettled``).

        >>> b = pencilbox.blank("slant", 2, 2).backbone()
        >>> b.count, b.fixed_cells
        (15, 0)
        """
        opts = _options(None, (), node_cap, limit)
        return service.backbone(self, opts.limit, show, opts.node_cap)

    # ------------------------------------------------------------ forms

    def with_answer(self, position: Any) -> Board:
        """This board with another answer section: the puzzle's JSON form (a row at a time,
        ``None`` undecided), another board's (``Board``) or ``None`` to drop it.

        >>> board = pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a23e42a11a23b")
        >>> solved = board.with_answer(board.solve().answer)
        >>> solved.check().ok
        True
        >>> solved.with_answer(None) == board
        True
        """
        if isinstance(position, Board):
            position = position.answer
        return Board(boardio.board_from_json({**self._json, "answer": position}, "position"), self.made)

    def answered(self, answer: tuple[int | None, ...] | None) -> Board:
        """This board with an answer section already in the puzzle's own terms (a value or
        None per cell, as the engine's answers are): nothing to read, nothing to check.

        >>> board = pencilbox.blank("sukoro", 1, 3)
        >>> board.answered((1, 2, 1)).answer
        [[1, 2, 1]]
        """
        return Board(replace(self.shape, answer=answer), self.made)

    def to_text(self) -> str:
        """The project's text format (what ``pencilbox convert --format text`` writes).

        >>> print(pencilbox.blank("sukoro", 2, 3).to_text())
        sukoro 2x3
        clues:
        .  .  .
        .  .  .
        """
        return boardio.dump(self.shape, "text").rstrip("\n")

    def to_url(self) -> str:
        """The puzz.link URL (Fill-a-Pix: the project's own ``pencilbox://`` URL).

        >>> pencilbox.blank("sukoro", 2, 2).to_url()
        'https://puzz.link/p?sukoro/2/2/d'
        """
        return boardio.dump(self.shape, "url")

    def to_tatham(self) -> str:
        """Simon Tatham's game ID (Slant and Fill-a-Pix).

        >>> pencilbox.read("slant:5x5:c110a1d02a22a2b14c4a2b1d").to_tatham()
        '5x5:c110a1d02a22a2b14c4a2b1d'
        """
        return boardio.dump(self.shape, "tatham")

    def to_json(self) -> str:
        """The JSON form, as one line (``to_dict`` gives the object).

        >>> pencilbox.blank("sukoro", 2, 2).to_json()
        '{"puzzle": "sukoro", "rows": 2, "cols": 2, "clues": [[null, null], [null, null]]}'
        """
        return boardio.dump(self.shape, "json")

    def to_dict(self) -> dict[str, Any]:
        """The JSON form as a dict: puzzle, rows, cols, clues (regions), answer.

        >>> pencilbox.blank("ripple", 1, 2).to_dict()
        {'puzzle': 'ripple', 'rows': 1, 'cols': 2, 'clues': [[None, None]], 'regions': [[0, 1]]}
        """
        return copy.deepcopy(self._json)

    # ------------------------------------------------------------ pictures

    def svg(self, answer: bool = False) -> str:
        """The board as an SVG document, drawn as the player draws it: its answer section, or with
        ``answer=True`` its unique answer (a BoardError when it has none).

        >>> pencilbox.blank("slant", 2, 2).svg().splitlines()[0]
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 124 124" width="124" height="124">'
        """
        drawn = service.drawn(self) if answer else self.shape.answer
        return render.svg(render.picture(self.shape, drawn))

    def png(self, answer: bool = False) -> bytes:
        """The board as PNG (through matplotlib), two pixels a unit of the SVG, fewer (down to one)
        where the image would pass 16,384 pixels a side or 2**26 in all; a BoardError, before
        anything is drawn or solved, where it would pass them even so (draw it as SVG).

        >>> pencilbox.blank("slant", 2, 2).png()[:8]
        b'\\x89PNG\\r\\n\\x1a\\n'
        """
        render.png_scale(self.rows, self.cols)
        drawn = service.drawn(self) if answer else self.shape.answer
        return render.png(render.picture(self.shape, drawn))

    def _repr_svg_(self) -> str | None:
        """What a notebook shows: the picture, for boards the renderer draws (up to 200x200)."""
        if self.rows * self.cols > render.MAX_CELLS:
            return None
        return self.svg()

    def _repr_html_(self) -> str | None:
        """The picture with a caption (puzzle, size, clues), as JupyterLab and the docs show it."""
        picture = self._repr_svg_()
        if picture is None:
            return None
        clues = sum(v is not None for row in self.clues for v in row)
        title = puzzles.get(self.puzzle).title
        return (f'<figure style="margin:0;display:inline-block">{picture}<figcaption style="font: 0.9em '
                f'sans-serif">{html.escape(title)} {self.rows}&times;{self.cols}, {clues} clues</figcaption>'
                "</figure>")


def _options(level: str | None, off: Sequence[str], node_cap: int | None,
             limit: int = COUNT_LIMIT) -> service.Options:
    """The verb's options; a cap or limit of the wrong type (True, 1.5) is a TypeError, as
    Python's own functions raise for a wrong type, never taken as a number."""
    for name, v in (("node_cap", node_cap), ("limit", limit)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise TypeError(f"{name} must be an int (or None), not {type(v).__name__}")
    if isinstance(off, str):
        off = (off,)
    return service.Options(level, tuple(off), node_cap, limit)


# ---------------------------------------------------------------- making boards

def read(source: Source) -> Board:
    """One board from its text, puzz.link URL, Tatham ID (``slant:5x5:...``) or JSON, from a
    file's path, or from its JSON object; a ``BoardError`` names what is wrong and where.

    >>> pencilbox.read("slant:5x5:c110a1d02a22a2b14c4a2b1d")
    Board('slant', 5, 5)
    >>> pencilbox.read({"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[1, None]]})
    Board('sukoro', 1, 2)
    >>> pencilbox.read("https://puzz.link/p?sukoro/6/6/a3a3c2a2a11c23a2")
    Traceback (most recent call last):
    ...
    pencilbox.BoardError: URL body ends after 20 of 36 cells (truncated?)
    """
    if isinstance(source, Mapping):
        return read_all(source)[0]
    records, many = boardio.load(os.fspath(source))
    first = next(records)
    if first.error is not None or first.board is None:
        raise BoardError(str(first.error))  # a list's error names its board already
    more = boardio.count(records) if many else 0  # the rest of a list is counted, not kept
    if more:
        raise BoardError(f"the source holds a list of {1 + more} boards: read_all reads them all")
    return Board(first.board)


def read_all(source: Source) -> list[Board]:
    """Every board of a source that may hold a JSON list (the bank's files, ``generate -n``); a
    bad board of the list is a ``BoardError`` naming its index.

    >>> pencilbox.read_all('[{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[1, null]]},'
    ...                    ' {"puzzle": "slant", "rows": 1, "cols": 1, "clues": [[1, null], [null, null]]}]')
    [Board('sukoro', 1, 2), Board('slant', 1, 1)]
    """
    if isinstance(source, Mapping):
        return [Board(boardio.board_from_json(dict(source)))]
    records, many = boardio.load(os.fspath(source))
    out = []
    for rec in records:
        if rec.error is not None or rec.board is None:
            raise BoardError(str(rec.error))  # a list's error names its board already
        out.append(Board(rec.board))
    return out


def blank(puzzle: str, rows: int, cols: int) -> Board:
    """A board with no clues (Ripple: every cell a region of its own), for a setter to fill in.

    >>> pencilbox.blank("ripple", 2, 2).to_url()
    'https://puzz.link/p?ripple/2/2/ooj'
    >>> pencilbox.blank("slant", 2, 2).clues
    [[None, None, None], [None, None, None], [None, None, None]]
    """
    p = puzzles.get(puzzle)
    rows, cols = boardio.check_size(rows, cols, f"blank {shown(puzzle)}")
    ui = p.marks.UI
    extra = 1 if ui.clue_on == "points" else 0
    data: dict[str, Any] = {"puzzle": p.name, "rows": rows, "cols": cols,
                            "clues": [[None] * (cols + extra) for _ in range(rows + extra)]}
    if ui.regions:
        data["regions"] = [[r * cols + c for c in range(cols)] for r in range(rows)]
    return Board(boardio.board_from_json(data))


def generate(puzzle: str, rows: int, cols: int, grade: str | None = None, seed: int | None = None,
             density: float | None = None) -> Board:
    """A unique, locally minimal board whose grade is ``grade`` (a ladder level or ``search``;
    default: whatever minimising leaves). The seed (drawn when not given) is kept in
    ``Board.made`` with the grade reached: the same seed makes the same board. ``density``
    (Slant only, not with ``grade``): the raw stream instead, each lattice point's clue shown
    with that probability (not necessarily unique). Bounded: boards up to the puzzle's
    ``generate_cells``, and a grade sought in at most GENERATE_TRIES seeds within GENERATE_S
    seconds (past either, a BoardError that says so).

    >>> board = pencilbox.generate("slant", 5, 5, grade="count", seed=1)
    >>> board.made.seed, board.made.grade, board.grade().grade
    (1, 'count', 'count')
    """
    p, level = aim(puzzle, rows, cols, grade, density)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    check_seed(seed)
    try:
        made = _seeds(p, rows, cols, level, seed) if density is None or p.raw is None \
            else p.raw(rows, cols, density, seed)
    except ValueError as e:
        raise BoardError(str(e)) from None
    return Board(made.board, Made(made.seed, made.grade, made.clues, made.capped_checks))


def _seeds(p: puzzles.AnyPuzzle, rows: int, cols: int, level: engine.Level | None,
           seed: int) -> outcomes.Made[BoardShape]:
    """The first board of ``level`` from seeds seed, seed+1, ... (the same board for the same
    seed wherever it is found), GENERATE_SEED_CELLS cells' worth of seeds at a time: at most
    GENERATE_TRIES seeds, and none more once GENERATE_S has passed."""
    deadline = time.monotonic() + GENERATE_S
    chunk, tried = max(1, GENERATE_SEED_CELLS // (rows * cols)), 0
    while True:
        n = min(chunk, GENERATE_TRIES - tried)
        try:
            return p.generate(rows, cols, level, seed + tried, n)
        except outcomes.NoGrade:
            tried += n
            if tried >= GENERATE_TRIES or time.monotonic() >= deadline:
                raise BoardError(f"no {p.title} {rows}x{cols} board of grade {level} in {tried} seeds from "
                                 f"{seed} (generate tries up to {GENERATE_TRIES} seeds within "
                                 f"{GENERATE_S:.0f} s): try another seed, grade or size") from None


def check_seed(seed: object) -> int:
    """A seed: an int 0..2^63-1 (-1 once gave seed 1's board; True was taken as 1)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if not 0 <= seed < 2**63:
        raise BoardError(f"seed {shown(seed)} is out of range 0..2^63-1")
    return seed


def aim(puzzle: str, rows: int, cols: int, grade: str | None,
        density: float | None) -> tuple[puzzles.AnyPuzzle, engine.Level | None]:
    """The puzzle and the level ``generate`` aims at, once the size, grade and density are
    known good (a BoardError names what is not)."""
    p = puzzles.get(puzzle)
    boardio.check_size(rows, cols, f"generate {p.name}")
    ready = generator_ready(p)
    most = p.generate_cells if ready else p.generate_cells_readable
    if density is None and rows * cols > most:
        side = math.isqrt(most)
        raise BoardError(f"generate {p.name} {rows}x{cols}: {rows * cols:,} cells, past the {most:,} (e.g. "
                         f"{side}x{side}) it makes within its bound" + ("" if ready else
                         f" while its compiled loop is not built ({p.generate_cells:,} once pencilbox warm "
                         "has built it)") + ": it checks each clue's erasure over the whole board, work "
                         "that grows with the square of the cells")
    level = check_grade(p, grade)
    if density is not None and (p.raw is None or grade is not None or not 0 <= density <= 1):
        raise BoardError("--density (0..1, the unfiltered raw stream) works only for slant, "
                         "and not with --grade")
    return p, level


def names() -> tuple[str, ...]:
    """The puzzles pencilbox knows.

    >>> pencilbox.names()
    ('fillapix', 'ripple', 'slant', 'sukoro')
    """
    return puzzles.names()
