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
from typing import Any

from pencilbox import puzzles
from pencilbox.errors import BoardError

MAX_SIDE = 100
FORMATS = ("text", "json", "url", "tatham")
URL_HOST = "https://puzz.link/p?"


@dataclass(frozen=True)
class Token:
    """A whitespace-separated token of the text format and where it stood."""

    text: str
    line: int
    col: int

    def where(self) -> str:
        return f"line {self.line}, column {self.col}"


@dataclass
class Section:
    """A ``name:`` header of the text format and its rows of tokens."""

    name: str
    line: int
    rows: list[list[Token]]

    def grid(self, nrows: int, ncols: int) -> list[list[Token]]:
        """The tokens, checked to be exactly nrows x ncols."""
        if len(self.rows) != nrows:
            raise BoardError(f"line {self.line}: section '{self.name}:' has {len(self.rows)} rows, "
                             f"expected {nrows}")
        for row in self.rows:
            if len(row) != ncols:
                raise BoardError(f"line {row[0].line}: section '{self.name}:' row has {len(row)} "
                                 f"tokens, expected {ncols}")
        return self.rows


@dataclass(frozen=True)
class Record:
    """One board read from a source, with its position and optional id."""

    board: Any
    index: int
    id: str | None = None


def check_size(rows: Any, cols: Any, where: str) -> tuple[int, int]:
    """Rows and columns as ints in 1..MAX_SIDE, else a BoardError naming ``where``."""
    for name, v in (("rows", rows), ("cols", cols)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise BoardError(f"{where}: {name} must be an integer, got {v!r}")
        if not 1 <= v <= MAX_SIDE:
            raise BoardError(f"{where}: {name} = {v} is out of range 1..{MAX_SIDE}")
    return rows, cols


# ---------------------------------------------------------------- reading

def read_source(source: str) -> str:
    """The text behind a source: stdin, a file, or the string itself."""
    if source == "-":
        return sys.stdin.read()
    if os.path.exists(source):
        try:
            with open(source, encoding="utf-8") as f:
                return f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise BoardError(f"{source}: cannot read: {e}") from None
    return source


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
    if re.fullmatch(r"(\w+:)?\d+x\d+:\S*", stripped):
        return [Record(parse_tatham(stripped), 0)], False
    return [Record(parse_text(text), 0)], False


def parse_text(text: str) -> Any:
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
            raise BoardError(f"line {no}: expected a section header such as 'clues:', got {line.strip()!r}")
        current.rows.append([Token(t.group(), no, t.start() + 1) for t in re.finditer(r"\S+", line)])
    if header is None:
        raise BoardError("empty input: expected a header line '<puzzle> <rows>x<cols>'")
    no, head = header
    m = re.fullmatch(r"(\w+)\s+(\d+)\s*x\s*(\d+)", head)
    if not m:
        raise BoardError(f"line {no}: expected a header '<puzzle> <rows>x<cols>' "
                         f"(puzzle one of {', '.join(puzzles.names())}), got {head[:40]!r}")
    puzzle = puzzles.get(m.group(1))
    rows, cols = check_size(int(m.group(2)), int(m.group(3)), f"line {no}")
    return puzzle.from_sections(rows, cols, sections)


def parse_json(text: str) -> tuple[list[Record], bool]:
    """A JSON board or a list of boards."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise BoardError(f"line {e.lineno}, column {e.colno}: invalid JSON: {e.msg}") from None
    many = isinstance(data, list)
    items = data if many else [data]
    if many and not items:
        raise BoardError("JSON list holds no boards")
    out = []
    for i, item in enumerate(items):
        where = f"board {i}" if many else "board"
        try:
            out.append(Record(board_from_json(item, where), i,
                              str(item["id"]) if item.get("id") is not None else None))
        except BoardError as e:
            raise BoardError(f"{where}: {e}" if many and not str(e).startswith(where) else str(e)) from None
    return out, many


def board_from_json(item: Any, where: str = "board") -> Any:
    """One JSON board object."""
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


def parse_url(url: str) -> Any:
    """A puzz.link / pzv.jp URL: ``p?<pid>[_edit]/[flags/]<cols>/<rows>/<body>``."""
    url = url.strip()
    query = re.split(r"p(?:\.html)?\?", url, maxsplit=1)[-1]
    parts = query.split("/")
    pid = parts[0].removesuffix("_edit")
    puzzle = puzzles.get(pid)
    k = 1
    flags = []
    while k < len(parts) and not parts[k].isdigit():
        flags.append(parts[k])
        k += 1
    if k + 1 >= len(parts) or not parts[k + 1].isdigit():
        raise BoardError(f"URL: expected '<pid>/<cols>/<rows>/<body>' after '?', got {query[:40]!r}")
    cols, rows = int(parts[k]), int(parts[k + 1])
    check_size(rows, cols, "URL")
    body = "/".join(parts[k + 2:])
    return puzzle.decode_url(cols, rows, body, tuple(flags))


def parse_tatham(text: str) -> Any:
    """A Tatham game ID ``[game:]<W>x<H>:<desc>``. Without the game name, the game is the
    one whose description the ID fits (Slant describes lattice points, Mosaic cells)."""
    m = re.fullmatch(r"(?:(\w+):)?(\d+)x(\d+):(\S*)", text.strip())
    assert m
    cols, rows = int(m.group(2)), int(m.group(3))
    check_size(rows, cols, "Tatham ID")
    if m.group(1):
        puzzle = puzzles.get(m.group(1))
        decode = getattr(puzzle, "decode_tatham", None)
        if decode is None:
            raise BoardError(f"Tatham ID: {puzzle.name} has no Simon Tatham game ID format")
        return decode(cols, rows, m.group(4))
    fits, errors = [], []
    for name in puzzles.names():
        decode = getattr(puzzles.get(name), "decode_tatham", None)
        if decode is not None:
            try:
                fits.append(decode(cols, rows, m.group(4)))
            except BoardError as e:
                errors.append(f"as {name}: {e}")
    if len(fits) == 1:
        return fits[0]
    if not fits:
        raise BoardError("; ".join(errors) or "Tatham ID: no puzzle reads Tatham IDs")
    raise BoardError("Tatham ID fits several games: name one first, e.g. 'slant:5x5:...'")


# ---------------------------------------------------------------- writing

def dump(board: Any, fmt: str) -> str:
    """The board written in ``fmt`` (text, json, url, tatham)."""
    puzzle = puzzles.get(board.puzzle)
    if fmt == "text":
        return puzzle.to_text(board)
    if fmt == "json":
        return json.dumps(puzzle.to_json(board))
    if fmt == "url":
        if not puzzle.url_names:
            raise BoardError(f"{puzzle.name} has no puzz.link URL format")
        host = getattr(puzzle, "url_prefix", URL_HOST)
        return f"{host}{puzzle.url_names[0]}/{board.cols}/{board.rows}/{puzzle.encode_url(board)}"
    if fmt == "tatham":
        encode = getattr(puzzle, "encode_tatham", None)
        if encode is None:
            raise BoardError(f"{puzzle.name} has no Simon Tatham game ID format")
        return f"{board.cols}x{board.rows}:{encode(board)}"  # as Tatham's games write it
    raise BoardError(f"unknown format {fmt!r}; formats: {', '.join(FORMATS)}")
