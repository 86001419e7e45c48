"""A board and the player's position as a file, in the project's own formats (spec/formats.md):
``save`` writes the text format or JSON with the position as the answer section (``?`` / null
where undecided), ``load`` reads any board format back with its answer as the page's marks.
Where the answer cannot hold a mark (a Sukoro cell marked numbered whose digit waits on its
neighbours), the marks travel beside it: a ``position`` key in JSON, a ``# position:`` comment
line in the text format; readers of the formats skip both."""

from __future__ import annotations

import json
from typing import Any

from pencilbox import api, boardio, puzzles
from pencilbox.core.puzzle import BoardShape, known
from pencilbox.errors import BoardError, shown
from pencilbox.verbs.answers import Loaded, Saved
from pencilbox.verbs.play import _bounded, board_json, key, share

FORMATS = ("text", "json")
MAX_TEXT = 200_000  # the characters a file may hold (the page's convert takes as many)
MARKS = "# position: "  # the text format's comment line that carries the marks


def save(asked: api.Board, position: object = None, format: str = "text", seed: object = None,
         grade: object = None) -> Saved:
    """The board (with ``position`` as its answer section, when given) as a file's text; a
    generated board's seed and grade as a comment, as ``pencilbox generate`` writes them."""
    if format not in FORMATS:
        raise BoardError(f"format {shown(format)}: a file is saved as {' or '.join(FORMATS)}")
    board, marks = asked.shape, puzzles.get(asked.puzzle).marks
    answered: BoardShape = board
    exact: list[object] | None = None
    if position is not None:
        answer = marks.to_answer(board, position)  # a BoardError names a bad mark's cell
        if any(v is not None for v in answer):
            answered = puzzles.get(board.puzzle).with_answer(board, answer)
        if marks.from_answer(board, answer) != position:  # the answer alone would lose a mark
            assert isinstance(position, list)
            exact = position
    made = _made(seed, grade)
    if format == "json":
        obj: dict[str, Any] = puzzles.get(board.puzzle).to_json(answered)
        if exact is not None:
            obj["position"] = exact
        obj.update(made)
        text = json.dumps(obj) + "\n"
    else:
        notes = [f"# seed {made['seed']}, grade {made['grade']}"] if made else []
        if exact is not None:
            notes.append(MARKS + json.dumps(exact, separators=(",", ":")))
        text = "".join(f"{n}\n" for n in notes) + boardio.dump(answered, "text")
    return {"text": text, "format": format}


def _made(seed: object, grade: object) -> dict[str, Any]:
    """A generated board's seed and grade as the file keeps them (both, or neither)."""
    if seed is None or grade is None:
        return {}
    if not isinstance(seed, (int, str)) or isinstance(seed, bool) or not str(seed).isdigit():
        raise BoardError(f"seed {shown(seed)} must be an integer")
    if not isinstance(grade, str) or not grade.isidentifier():
        raise BoardError(f"grade {shown(grade)} must be a grade's name")
    return {"seed": int(seed), "grade": grade}


def load(text: object) -> Loaded:
    """A file's board with its position as the page's marks (None without an answer section):
    any board format, one board; a BoardError names what is wrong and where."""
    if not isinstance(text, str) or not text.strip():
        raise BoardError("the file is empty: expected a board (text, JSON, puzz.link URL or Tatham ID)")
    if len(text) > MAX_TEXT:
        raise BoardError(f"the file holds {len(text):,} characters: a board file has at most {MAX_TEXT:,}")
    records, many = boardio.parse(text)
    if many:
        raise BoardError(f"the file holds a list of {len(records)} boards: open one board")
    board = known(records[0].board)
    _bounded(board.rows, board.cols)
    marks = puzzles.get(board.puzzle).marks
    plain = board if board.answer is None else puzzles.get(board.puzzle).with_answer(board, None)
    position = None if board.answer is None else marks.from_answer(plain, board.answer)
    kept = _kept_marks(text)
    if kept is not None:
        position = _agreeing(plain, board.answer, kept)
    return {"board": board_json(plain), "position": position, "key": key(plain), "share": share(plain)}


def _kept_marks(text: str) -> object:
    """The marks a saved file keeps beside its answer (JSON's ``position``, the text's comment
    line), or None."""
    start = text.lstrip()
    if start.startswith("{"):
        try:
            obj = json.loads(text)
        except ValueError:
            return None  # boardio read it: a JSON it takes that json does not is never ours
        return obj.get("position") if isinstance(obj, dict) else None
    for no, line in enumerate(text.splitlines(), 1):
        if line.startswith(MARKS):
            try:
                return json.loads(line[len(MARKS):])
            except ValueError:
                raise BoardError(f"line {no}: the position comment is not a JSON list of marks") from None
        if line.strip() and not line.lstrip().startswith("#") and ":" in line:
            return None  # past the first section: comments end there
    return None


def _agreeing(board: BoardShape, answer: tuple[object, ...] | None, position: object) -> list[object]:
    """The kept marks, read as marks of this board and agreeing with its answer section."""
    marks = puzzles.get(board.puzzle).marks
    said = marks.to_answer(board, position)  # a BoardError that names the position's cell
    if answer is not None:
        for i, (a, b) in enumerate(zip(said, answer, strict=True)):
            if a != b:
                r, c = divmod(i, board.cols)
                raise BoardError(f"position: row {r + 1}, column {c + 1} disagrees with the answer section "
                                 f"({shown(a)} against {shown(b)})")
    assert isinstance(position, list)
    return position
