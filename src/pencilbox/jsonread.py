"""JSON read within bounds: one value, or a list one element at a time, each built only where it
holds few enough values for a board within the cell budget (``json.loads`` of 64 MiB of ``[],``
builds 22 million lists, 1.4 GB; of a list of ``{}``, as many dicts, kept to the end).

A value's arrays, objects and strings are counted before it is built: the whole text's brackets
and quotes, counted at C speed, bound every value in it; past ``items`` of them a list's elements
are decoded in windows of ``items`` characters (which cannot hold more), and only an element
longer than a window is scanned bracket by bracket, refused where the scan passes ``items``.
Numbers are counted as the parser reads them, and a value is refused past ``items`` of them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import NoReturn

from pencilbox.errors import BoardError

DIGITS = 40  # JSON integers (seeds included) longer than this are refused, not converted
_SPACE = re.compile(r"[ \t\n\r]*")  # JSON's white space
_OUTER = re.compile(r"\s*")  # around the whole text (it was read stripped, as str.strip strips)
_STRUCT = re.compile(r'[\[\]{}]|"[^"\\]*+(?:\\[\s\S][^"\\]*+)*+"?')  # a bracket or a whole string
# (possessive: a plain * keeps a backtracking mark per escape of a string)
_WHITE = tuple(" \t\n\r")
_AFTER = (*_WHITE, ",", "]")  # what may follow a list's element (not the window's end: "")


def past(pattern: re.Pattern[str], text: str, at: int = 0) -> int:
    """Where a pattern that matches anywhere (white space, a line's body) ends from ``at``."""
    m = pattern.match(text, at)
    return m.end() if m else at


def line_col(text: str, at: int) -> str:
    """Where character ``at`` stands, as the readers say it: ``line L, column C``."""
    line = text.count("\n", 0, at) + 1
    return f"line {line}, column {at - (text.rfind(chr(10), 0, at) + 1) + 1}"


def value(text: str, start: int, items: int, where: str) -> object:
    """The one JSON value at ``start`` (``text`` holds only white space around it), refused
    before it is built where it holds more than ``items`` arrays, objects and strings (or
    numbers, as they are read)."""
    reader = _Reader(text, items)
    if reader.many(start):
        reader.bounded(start, where)
    out, end = reader.decode(start, where)
    _end(text, end)
    return out


def elements(text: str, start: int, items: int) -> Iterator[object]:
    """Each element of the JSON list at ``start``, built when it is asked for (a list of millions
    of boards is never held whole); an element past ``items`` values stops the list there, as
    does the first place where the text stops being JSON."""
    reader = _Reader(text, items)
    windowed = reader.many(start)
    at = past(_SPACE, text, start + 1)
    if text.startswith("]", at):
        _end(text, at + 1)
        return
    k = 0
    while True:
        item, at = reader.windowed(at, f"board {k}") if windowed else reader.decode(at, f"board {k}")
        yield item
        k += 1
        if not text.startswith(",", at):  # a comma right after the element needs no regex
            at = past(_SPACE, text, at)
            if text.startswith("]", at):
                _end(text, at + 1)
                return
            if not text.startswith(",", at):
                _invalid(text, at, "Expecting ',' delimiter")
        at += 1
        if text.startswith(_WHITE, at):
            at = past(_SPACE, text, at)


class _Reader:
    """One text's JSON decoder, counting the numbers of the value it decodes (refused past
    ``items``), and its window: a copy of at most ``items`` characters of the text from ``base``."""

    def __init__(self, text: str, items: int) -> None:
        self.text, self.items, self.numbers = text, items, 0
        self.base, self.chunk = 0, ""
        self.decoder = json.JSONDecoder(parse_int=self._int, parse_float=self._float,
                                        parse_constant=_json_constant)

    def _int(self, digits: str) -> int:
        self._count()
        if len(digits.lstrip("-")) > DIGITS:
            raise _LongNumber
        return int(digits)

    def _float(self, digits: str) -> float:
        self._count()
        return float(digits)

    def _count(self) -> None:
        self.numbers += 1
        if self.numbers > self.items:
            raise _TooMany

    def many(self, start: int) -> bool:
        """Whether the text from ``start`` may hold more than ``items`` arrays, objects and
        strings (each string has two quotes; escaped ones only make the count higher)."""
        text = self.text
        return text.count("[", start) + text.count("{", start) + text.count('"', start) // 2 > self.items

    def bounded(self, start: int, where: str) -> None:
        """Refuse the value at ``start`` as soon as it is seen to hold more than ``items`` arrays,
        objects and strings (a scalar holds none; a malformed value is left to the parser)."""
        if not self.text.startswith(("[", "{"), start):
            return
        depth = seen = 0
        for m in _STRUCT.finditer(self.text, start):
            c = self.text[m.start()]
            if c in "]}":
                depth -= 1
                if depth == 0:
                    return
                continue
            depth += c != '"'
            seen += 1
            if seen > self.items:
                raise BoardError(f"{line_col(self.text, start)}: {where}: more than {self.items} arrays, "
                                 "objects and strings, more than any board within the cell budget holds")

    def windowed(self, at: int, where: str) -> tuple[object, int]:
        """The element at ``at`` decoded in the window, moved to start at it where the element
        runs past it; an element longer than a whole window is scanned, then decoded whole."""
        for fresh in (at - self.base >= len(self.chunk), True):
            if fresh:
                self.base, self.chunk = at, self.text[at:at + self.items]
            try:
                return self.decode(at, where, self.chunk)
            except _Cut:
                if fresh:
                    break
        self.bounded(at, where)
        item, end = self.decode(at, where)
        self.base, self.chunk = end, ""
        return item, end

    def decode(self, at: int, where: str, chunk: str | None = None) -> tuple[object, int]:
        """The JSON value at ``at`` and where it ends, decoded in ``chunk`` (the text from
        ``base``) where one is given; bad JSON is a BoardError naming its place in the text."""
        text = self.text
        doc, base = (text, 0) if chunk is None else (chunk, self.base)
        cut = chunk is not None and base + len(chunk) < len(text)
        self.numbers = 0
        try:
            item, end = self.decoder.raw_decode(doc, at - base)
        except json.JSONDecodeError as e:
            if cut:
                raise _Cut from None
            raise BoardError(f"{line_col(text, base + e.pos)}: invalid JSON: {e.msg}") from None
        except RecursionError:
            raise BoardError("invalid JSON: arrays or objects nested too deeply") from None
        except _TooMany:
            raise BoardError(f"{line_col(text, at)}: {where}: more than {self.items} numbers, more than any "
                             "board within the cell budget holds") from None
        except _LongNumber:
            m = re.compile(f"-?[0-9]{{{DIGITS + 1},}}").search(text, at)
            place = line_col(text, m.start()) if m else "JSON"
            raise BoardError(f"{place}: a number of {len(m.group()) if m else 'many'} digits "
                             f"(at most {DIGITS} are read)") from None
        if cut and doc[end:end + 1] not in _AFTER:  # a number the window cut ('1.' of '1.5') reads short
            raise _Cut
        return item, base + end


class _Cut(Exception):
    """An element runs to the end of its window, which is not the end of the text."""


class _LongNumber(Exception):
    pass


class _TooMany(Exception):
    pass


def _json_constant(text: str) -> NoReturn:
    raise BoardError(f"invalid JSON: {text} is not a JSON number")


def _end(text: str, at: int) -> None:
    """Nothing but white space may follow the top-level value."""
    after = past(_OUTER, text, at)
    if after != len(text):
        _invalid(text, after, "Extra data")


def _invalid(text: str, at: int, msg: str) -> NoReturn:
    raise BoardError(f"{line_col(text, at)}: invalid JSON: {msg}")
