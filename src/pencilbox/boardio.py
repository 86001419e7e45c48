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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from pencilbox import jsonread, puzzles
from pencilbox.core.puzzle import BoardShape
from pencilbox.errors import DIGITS, BoardError, natural, number, shown
from pencilbox.jsonread import past
from pencilbox.sections import Section, Token

MAX_CELLS = 250_000  # the cell budget: any shape whose rows x cols fits is read; every verb answers
# within a minute and 1 GB up to it, compiled or readable (bench/results/budget.json, whose
# 1000x1000 cases show what did not hold at 10^6)
JSON_DIGITS = jsonread.DIGITS  # JSON integers (seeds included) longer than this are refused, not converted
JSON_ITEMS = 10 * MAX_CELLS  # arrays, objects and strings, and numbers, one JSON board may hold: one
# within the budget has at most three grids of (rows + 1) x (cols + 1) entries and their rows (1.5e6)
MAX_LISTED = 100  # the bad boards of a list named one by one; the rest are counted in one record
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
    unlisted: int = 0  # the bad boards this record stands for beyond its own (past MAX_LISTED)


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


def load(source: str) -> tuple[Iterator[Record], bool]:
    """The boards in a source, read as they are asked for, and whether it was a list."""
    return records(read_source(source))


def count(found: Iterator[Record]) -> int:
    """How many boards a list's records stand for, bad ones past MAX_LISTED included."""
    return sum(1 + r.unlisted for r in found)


def parse(text: str) -> tuple[list[Record], bool]:
    """Detect the format of ``text`` and parse it: every board of it, and whether it was a list."""
    found, many = records(text)
    return list(found), many


def records(text: str) -> tuple[Iterator[Record], bool]:
    """The boards of ``text`` in any format, and whether it was a list; a list's boards are
    read one by one as they are asked for, nothing else is put off (a lone board is read now)."""
    start = past(_OUTER, text)
    if start == len(text):
        raise BoardError("empty input: expected a board (text, JSON, URL or Tatham ID)")
    if text[start] == "[":
        return _listed(text, start), True
    if text[start] == "{":
        return iter([Record(board_from_json(jsonread.value(text, start, JSON_ITEMS, "board")), 0)]), False
    first = text[start:past(_LINE, text, start)]
    if "?" in first:
        stripped = text.strip()
        if re.search(r"(^|/)p(\.html)?\?", stripped):
            return iter([Record(parse_url(stripped), 0)]), False
    tatham = _TATHAM.match(text, start)
    if tatham and past(_OUTER, text, tatham.end()) == len(text):
        return iter([Record(parse_tatham(tatham.group()), 0)]), False
    return iter([Record(parse_text(text), 0)]), False


_OUTER = re.compile(r"\s*")
_TATHAM = re.compile(r"(\w+:)?\d+x\d+:\S*", re.ASCII)


def parse_text(text: str) -> BoardShape:
    """The project's text format: a header line, then sections of token rows, read line by line:
    a line no board of the header's size could hold is refused where it stands, before the rest
    is read (8 MB of rows under 'sukoro 1x2' held 0.5-0.9 GB and 5-24 s before its refusal)."""
    header: tuple[str, int, int] | None = None  # the puzzle, rows, cols
    sections: dict[str, Section] = {}
    current: Section | None = None
    for no, a, b in _lines(text, lambda: not sections):  # '#' starts a comment before any section
        if header is None:
            header = _header(text[a:b].strip(), no)
            continue
        m = _SECTION.fullmatch(text, a, b)
        if m:
            if m.group(1) in sections:
                raise BoardError(f"line {no}: section '{m.group(1)}:' appears twice")
            if len(sections) == MAX_SECTIONS:
                raise BoardError(f"line {no}: section '{m.group(1)}:' is past the {MAX_SECTIONS} sections a "
                                 "board may have")
            current = sections[m.group(1)] = Section(m.group(1), no, [])
            continue
        if current is None:
            raise BoardError(f"line {no}: expected a section header such as 'clues:', "
                             f"got {shown(text[a:min(b, a + 200)].strip())}")
        current.rows.append(_row(text, a, b, no, current, header))
    if header is None:
        raise BoardError("empty input: expected a header line '<puzzle> <rows>x<cols>'")
    board: BoardShape = puzzles.get(header[0]).from_sections(header[1], header[2], sections)
    return board


def _row(text: str, a: int, b: int, no: int, section: Section, header: tuple[str, int, int]) -> list[Token]:
    """The tokens of line ``no`` (``text[a:b]``), a row of ``section``: refused at once where no
    section of the header's board has that many rows, or no row that many tokens (a Slant
    board's lattice points run to rows + 1 by cols + 1; every other grid is smaller)."""
    name, rows, cols = header
    if len(section.rows) > rows:
        raise BoardError(f"line {no}: section '{section.name}:' has more than {rows + 1} rows; no section "
                         f"of a {name} {rows}x{cols} board has more")
    row: list[Token] = []
    for t in _TOKEN.finditer(text, a, b):
        if len(row) > cols:
            raise BoardError(f"line {no}, column {t.start() - a + 1}: section '{section.name}:' row has more "
                             f"than {cols + 1} tokens; no row of a {name} {rows}x{cols} board has more")
        row.append(Token(t.group(), no, t.start() - a + 1))
    return row


MAX_SECTIONS = 3  # sections a text board may name (Ripple's regions, clues and answer): a fourth is refused
BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"  # the line breaks of str.splitlines
_BREAK = r"(?:\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029])"
_LINE = re.compile(r"[^\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]*+")
_SPACE = r"[^\S\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]*+"  # white space within a line
# runs of blank lines (and of comment lines), each with its break; possessive (++): a plain + keeps
# a backtracking mark per line, 950 MB for 8 million blank lines
_BLANKS = re.compile(f"(?:{_SPACE}{_BREAK})++")
_NOTES = re.compile(f"(?:{_SPACE}(?:#{_LINE.pattern})?+{_BREAK})++")
_SECTION = re.compile(r"\s*([a-z]+):\s*")
_TOKEN = re.compile(r"\S+")


def _lines(text: str, notes: Callable[[], bool]) -> Iterator[tuple[int, int, int]]:
    """(number, start, end) of each line of ``text`` with more than white space (and, while
    ``notes()``, more than a '#' comment), numbered as ``str.splitlines`` numbers them. Runs of
    skipped lines go by at the regular expression's pace: 8 MB of blank lines is no Python loop."""
    no, pos, end = 1, 0, len(text)
    while pos < end:
        skip = (_NOTES if notes() else _BLANKS).match(text, pos)
        if skip:
            start, pos = pos, skip.end()
            no += sum(text.count(c, start, pos) for c in BREAKS) - text.count("\r\n", start, pos)
            continue
        stop = past(_LINE, text, pos)
        if stop < end or _line_holds(text[pos:stop], notes()):  # the last line, without a break
            yield no, pos, stop
        pos = stop + (2 if text.startswith("\r\n", stop) else 1)
        no += 1


def _line_holds(line: str, notes: bool) -> bool:
    """Whether a line is more than white space (or a comment, where comments may stand)."""
    return bool(line.strip()) and not (notes and line.lstrip().startswith("#"))


def _header(head: str, no: int) -> tuple[str, int, int]:
    """The header line: the puzzle's name and a size within the cell budget."""
    m = re.fullmatch(r"(\w+)\s+(\d+)\s*x\s*(\d+)", head, re.ASCII)
    if not m:
        raise BoardError(f"line {no}: expected a header '<puzzle> <rows>x<cols>' "
                         f"(puzzle one of {', '.join(puzzles.names())}), got {shown(head[:40])}")
    name = puzzles.get(m.group(1)).name
    where = f"line {no}"
    rows, cols = check_size(read_side(m.group(2), "rows", where), read_side(m.group(3), "cols", where),
                            where)
    return name, rows, cols


def parse_json(text: str) -> tuple[list[Record], bool]:
    """A JSON board or a list of boards."""
    start = past(_OUTER, text)
    if text.startswith("[", start):
        return list(_listed(text, start)), True
    return [Record(board_from_json(jsonread.value(text, start, JSON_ITEMS, "board")), 0)], False


def _listed(text: str, start: int) -> Iterator[Record]:
    """The boards of a JSON list, each read when asked for. A bad board keeps its place with its
    error, the first MAX_LISTED of them; later ones are counted, and one last record says how
    many (a list of ten million ``{}`` kept ten million messages: 1.6 GB)."""
    bad = 0
    first = k = -1
    for k, item in enumerate(jsonread.elements(text, start, JSON_ITEMS)):
        if bad >= MAX_LISTED and not (type(item) is dict and "puzzle" in item and "rows" in item
                                      and "cols" in item):  # refused as board_from_json would, unsaid
            bad += 1
            first = k if first < 0 else first
            continue
        where = f"board {k}"
        ident = str(item["id"]) if isinstance(item, dict) and item.get("id") is not None else None
        try:
            board = board_from_json(item, where)
        except BoardError as e:
            bad += 1
            if bad <= MAX_LISTED:
                yield Record(None, k, ident, str(e) if str(e).startswith(where) else f"{where}: {e}")
            elif first < 0:
                first = k
            continue
        yield Record(board, k, ident)
    if k < 0:
        raise BoardError("JSON list holds no boards")
    if first >= 0:
        more = bad - MAX_LISTED
        yield Record(None, first, None, f"{more} more bad boards from board {first} on are not listed (a "
                     f"list names its first {MAX_LISTED} bad boards one by one)", more - 1)


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
