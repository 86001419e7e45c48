"""Reading and writing boards in every format of formats.md, detected automatically.

A *source* is a file path, ``-`` for standard input, or the board itself as a string (a
puzz.link URL, a Tatham ID, JSON or text). Every failure is a ``BoardError`` naming what
is wrong and where (line and column, or character position).
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO

from pencilbox import puzzles
from pencilbox.core.puzzle import BoardShape
from pencilbox.errors import DIGITS, BoardError, natural, number, shown
from pencilbox.sections import Section, Token

MAX_CELLS = 250_000  # the cell budget: any shape whose rows x cols fits is read; every verb answers
# within a minute and 1 GB up to it, compiled or readable (bench/results/budget.json, whose
# 1000x1000 cases show what did not hold at 10^6)
JSON_DIGITS = 40  # JSON integers (seeds included) longer than this are refused, not converted
MAX_INPUT = 64 * 2**20  # characters read from a file or standard input (a list of
# boards may hold many at the cell budget)
FORMATS = ("text", "json", "url", "tatham")
URL_HOST = "https://puzz.link/p?"


@dataclass(frozen=True)
class Record:
    """One board read from a source, with its position and optional id; a bad board of
    a list keeps its place with ``error`` instead of a board (None)."""

    board: BoardShape | None
    index: int
    id: str | None = None
    error: str | None = None


def check_size(rows: object, cols: object, where: str) -> tuple[int, int]:
    """Rows and columns as positive ints whose product fits the cell budget MAX_CELLS."""
    rows, cols = _side(rows, "rows", where), _side(cols, "cols", where)
    for name, v in (("rows", rows), ("cols", cols)):
        if v.bit_length() > 64:  # too long to multiply out in a message
            raise BoardError(f"{where}: {name} = {number(v)} alone is over the cell budget of "
                             f"{MAX_CELLS} cells")
    if rows * cols > MAX_CELLS:
        raise BoardError(f"{where}: {rows}x{cols} = {rows * cols} cells is over the cell budget of "
                         f"{MAX_CELLS} cells")
    return rows, cols


def _side(v: object, name: str, where: str) -> int:
    """One size of a board read from JSON (or already read): a positive int."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise BoardError(f"{where}: {name} must be an integer, got {shown(v)}")
    if v < 1:
        raise BoardError(f"{where}: {name} = {number(v)} must be at least 1")
    return v


def read_side(text: str, name: str, where: str) -> int:
    """A size read from text: ASCII digits only (short enough to convert)."""
    v = natural(text)
    if v is None:
        raise BoardError(f"{where}: {name} {shown(text[:20])} is not a number of at most {DIGITS} digits "
                         "0-9")
    return v


# ---------------------------------------------------------------- reading

def read_source(source: str) -> str:
    """The text behind a source: stdin, a file, or the string itself, without a UTF-8 byte-order
    mark (Windows editors write one; it made the header unreadable)."""
    return _text_of(source).removeprefix("\ufeff")


def _text_of(source: str) -> str:
    if source == "-":
        if sys.stdin is None:  # started with standard input closed (<&-)
            raise BoardError("standard input is closed: give BOARD as a file, a URL or the text")
        try:
            return _bounded(sys.stdin, "standard input")
        except OSError as e:
            raise BoardError(f"standard input: cannot read: {e.strerror or e}") from None
    if os.path.exists(source):
        try:
            with open(source, encoding="utf-8") as f:
                return _bounded(f, source)
        except (OSError, UnicodeDecodeError) as e:
            raise BoardError(f"{source}: cannot read: {e}") from None
    if len(source) > MAX_INPUT:
        raise BoardError(f"the board given on the command line is over {MAX_INPUT} characters")
    if _a_path(source):
        raise BoardError(f"no such file: {shown(source)}")
    return source


def _a_path(source: str) -> bool:
    """Whether a source that is no file was meant as one: one line, no URL or JSON, with a
    folder or a file suffix (a board's text always has a header line and rows)."""
    one = source.strip()
    if "\n" in one or one[:1] in ("{", "[") or "?" in one or "://" in one:
        return False
    return "/" in one or one.lower().endswith((".json", ".txt", ".pzl", ".puz"))


def _bounded(stream: TextIO, name: str) -> str:
    """At most MAX_INPUT characters of a stream: /dev/zero must not be read forever."""
    try:
        text = stream.read(MAX_INPUT + 1)
    except UnicodeDecodeError as e:
        raise BoardError(f"{name}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    if len(text) > MAX_INPUT:
        raise BoardError(f"{name}: input is over {MAX_INPUT // 2**20} MiB ({MAX_INPUT} characters); "
                         "split the list")
    return text


def load(source: str) -> tuple[list[Record], bool]:
    """The boards in a source and whether it was a list."""
    return parse(read_source(source))


def parse(text: str) -> tuple[list[Record], bool]:
    """Detect the format of ``text`` and parse it."""
    stripped = text.strip()
    if not stripped:
        raise BoardError("empty input: expected a board (text, JSON, URL or Tatham ID)")
    if stripped[0] in "[{":
        return parse_json(stripped)
    if "?" in stripped.splitlines()[0] and re.search(r"(^|/)p(\.html)?\?", stripped):
        return [Record(parse_url(stripped), 0)], False
    if re.fullmatch(r"(\w+:)?\d+x\d+:\S*", stripped, re.ASCII):
        return [Record(parse_tatham(stripped), 0)], False
    return [Record(parse_text(text), 0)], False


def parse_text(text: str) -> BoardShape:
    """The project's text format: a header line, then sections of token rows."""
    lines = text.splitlines()
    header = None
    sections: dict[str, Section] = {}
    current: Section | None = None
    for no, raw in enumerate(lines, 1):
        line = raw
        if not line.strip() or (current is None and line.lstrip().startswith("#")):
            continue  # comments stand before the first section ('#' is a fillapix token)
        if header is None:
            header = (no, line.strip())
            continue
        m = re.fullmatch(r"\s*([a-z]+):\s*", line)
        if m:
            if m.group(1) in sections:
                raise BoardError(f"line {no}: section '{m.group(1)}:' appears twice")
            current = sections[m.group(1)] = Section(m.group(1), no, [])
            continue
        if current is None:
            raise BoardError(f"line {no}: expected a section header such as 'clues:', "
                             f"got {shown(line.strip())}")
        current.rows.append([Token(t.group(), no, t.start() + 1) for t in re.finditer(r"\S+", line)])
    if header is None:
        raise BoardError("empty input: expected a header line '<puzzle> <rows>x<cols>'")
    no, head = header
    m = re.fullmatch(r"(\w+)\s+(\d+)\s*x\s*(\d+)", head, re.ASCII)
    if not m:
        raise BoardError(f"line {no}: expected a header '<puzzle> <rows>x<cols>' "
                         f"(puzzle one of {', '.join(puzzles.names())}), got {shown(head[:40])}")
    puzzle = puzzles.get(m.group(1))
    where = f"line {no}"
    rows, cols = check_size(read_side(m.group(2), "rows", where), read_side(m.group(3), "cols", where),
                            where)
    board: BoardShape = puzzle.from_sections(rows, cols, sections)
    return board


def parse_json(text: str) -> tuple[list[Record], bool]:
    """A JSON board or a list of boards."""
    data = _json(text)
    many = isinstance(data, list)
    items: list[object] = data if isinstance(data, list) else [data]
    if many and not items:
        raise BoardError("JSON list holds no boards")
    out = []
    for i, item in enumerate(items):
        where = f"board {i}" if many else "board"
        ident = str(item["id"]) if isinstance(item, dict) and item.get("id") is not None else None
        try:
            out.append(Record(board_from_json(item, where), i, ident))
        except BoardError as e:
            if not many:
                raise
            out.append(Record(None, i, ident, str(e) if str(e).startswith(where) else f"{where}: {e}"))
    return out, many


def _json(text: str) -> object:
    """Parsed JSON (any JSON value, read by the caller); numbers past DIGITS digits and
    nesting past Python's stack are bad input."""
    try:
        return json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
    except json.JSONDecodeError as e:
        raise BoardError(f"line {e.lineno}, column {e.colno}: invalid JSON: {e.msg}") from None
    except RecursionError:
        raise BoardError("invalid JSON: arrays or objects nested too deeply") from None
    except _LongNumber:
        m = re.search(f"-?[0-9]{{{JSON_DIGITS + 1},}}", text)
        at = _line_col(text, m.start()) if m else "JSON"
        raise BoardError(f"{at}: a number of {len(m.group()) if m else 'many'} digits "
                         f"(at most {JSON_DIGITS} are read)") from None


class _LongNumber(Exception):
    pass


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > JSON_DIGITS:
        raise _LongNumber
    return int(text)


def _json_constant(text: str) -> NoReturn:
    raise BoardError(f"invalid JSON: {text} is not a JSON number")


def _line_col(text: str, at: int) -> str:
    line = text.count("\n", 0, at) + 1
    return f"line {line}, column {at - (text.rfind(chr(10), 0, at) + 1) + 1}"


def board_from_json(item: object, where: str = "board") -> Any:
    """One JSON board object, as its puzzle's ``from_json`` reads it (Any: the registry's
    ``Puzzle[Any, Any]`` hands out a board of whichever puzzle the JSON names; a caller that
    knows the puzzle, a study reading its own bank, takes it as that puzzle's Board)."""
    if not isinstance(item, dict):
        raise BoardError(f"{where}: expected a JSON object, got {type(item).__name__}")
    for key in ("puzzle", "rows", "cols"):
        if key not in item:
            raise BoardError(f"{where}: missing key '{key}'")
    if not isinstance(item["puzzle"], str):
        raise BoardError(f"{where}: 'puzzle' must be a string")
    puzzle = puzzles.get(item["puzzle"])
    check_size(item["rows"], item["cols"], where)
    return puzzle.from_json(item)


def parse_url(url: str) -> BoardShape:
    """A puzz.link / pzv.jp URL: ``p?<pid>[_edit]/[flags/]<cols>/<rows>/<body>``."""
    url = url.strip()
    query = re.split(r"p(?:\.html)?\?", url, maxsplit=1)[-1]
    parts = query.split("/")
    pid = parts[0].removesuffix("_edit")
    puzzle = puzzles.get(pid)
    k = 1
    flags = []
    while k < len(parts) and not _numeric(parts[k]):
        flags.append(parts[k])
        k += 1
    if k + 1 >= len(parts) or not _numeric(parts[k + 1]):
        raise BoardError(f"URL: expected '<pid>/<cols>/<rows>/<body>' after '?', got {shown(query[:40])}")
    cols, rows = read_side(parts[k], "width", "URL"), read_side(parts[k + 1], "height", "URL")
    check_size(rows, cols, "URL")
    body = "/".join(parts[k + 2:])
    if puzzle.url is None:  # a puzzle without a URL codec (the name matched, not a genre id)
        raise BoardError(f"URL: {puzzle.name} has no puzz.link URL format")
    board: BoardShape = puzzle.url.decode(cols, rows, body, tuple(flags))
    return board


def _numeric(part: str) -> bool:
    """A size part of a URL path: ASCII digits (a flag part is anything else)."""
    return part.isascii() and part.isdigit()


def parse_tatham(text: str) -> BoardShape:
    """A Tatham game ID ``[game:]<W>x<H>:<desc>``. Without the game name, the game is the
    one whose description the ID fits (Slant describes lattice points, Mosaic cells)."""
    m = re.fullmatch(r"(?:(\w+):)?(\d+)x(\d+):(\S*)", text.strip(), re.ASCII)
    if m is None:
        raise BoardError(f"Tatham ID: expected '[game:]<W>x<H>:<desc>', got {shown(text.strip()[:40])}")
    cols, rows = read_side(m.group(2), "width", "Tatham ID"), read_side(m.group(3), "height", "Tatham ID")
    check_size(rows, cols, "Tatham ID")
    if m.group(1):
        puzzle = puzzles.get(m.group(1))
        if puzzle.tatham is None:
            raise BoardError(f"Tatham ID: {puzzle.name} has no Simon Tatham game ID format")
        board: BoardShape = puzzle.tatham.decode(cols, rows, m.group(4), ())
        return board
    fits: list[BoardShape] = []
    errors = []
    for name in puzzles.names():
        form = puzzles.get(name).tatham
        if form is not None:
            try:
                fits.append(form.decode(cols, rows, m.group(4), ()))
            except BoardError as e:
                errors.append(f"as {name}: {e}")
    if len(fits) == 1:
        return fits[0]
    if not fits:
        raise BoardError("; ".join(errors) or "Tatham ID: no puzzle reads Tatham IDs")
    raise BoardError("Tatham ID fits several games: name one first, e.g. 'slant:5x5:...'")


# ---------------------------------------------------------------- writing

def dump(board: BoardShape, fmt: str) -> str:
    """The board written in ``fmt`` (text, json, url, tatham)."""
    puzzle = puzzles.get(board.puzzle)
    if fmt == "text":
        return puzzle.to_text(board)
    if fmt == "json":
        return json.dumps(puzzle.to_json(board))
    if fmt == "url":
        if puzzle.url is None:
            raise BoardError(f"{puzzle.name} has no puzz.link URL format")
        host = puzzle.url.host or URL_HOST
        return f"{host}{puzzle.url.names[0]}/{board.cols}/{board.rows}/{puzzle.url.encode(board)}"
    if fmt == "tatham":
        if puzzle.tatham is None:
            raise BoardError(f"{puzzle.name} has no Simon Tatham game ID format")
        return f"{board.cols}x{board.rows}:{puzzle.tatham.encode(board)}"  # as Tatham's games write it
    raise BoardError(f"unknown format {shown(fmt)}; formats: {', '.join(FORMATS)}")
