"""The one error type bad input raises: a message that names what is wrong and where."""

from __future__ import annotations

import re
import reprlib


class BoardError(ValueError):
    r"""Malformed or impossible input; the CLI prints it as one line and exits 2. The message names
    what is wrong and where: the line and column of a text board, the row and column of a JSON
    one, how far a URL got; ``where`` has that position as numbers.

    >>> try:
    ...     pencilbox.read("sukoro 1x2\nclues:\n. 9")
    ... except pencilbox.BoardError as e:
    ...     print(e)
    ...     print(e.where)
    line 3, column 3: '9' is not a Sukoro clue ('.', '?' or 1..4)
    {'line': 3, 'column': 3}
    >>> issubclass(pencilbox.BoardError, ValueError)
    True
    """

    @property
    def where(self) -> dict[str, int | str]:
        """The position the message names, as numbers (1-based): ``line`` and ``column`` in a text
        or JSON source; ``part`` (a JSON key, ``URL body``, ``Tatham ID``) and ``character`` or
        the board's ``row`` and ``col``. Empty when the message names no place (a missing key).

        >>> try:
        ...     pencilbox.read('{"puzzle": "sukoro", "rows": 1, "cols": 2, "clues": [[null, 9]]}')
        ... except pencilbox.BoardError as e:
        ...     print(e.where)
        {'part': 'clues', 'row': 1, 'col': 2}
        >>> try:
        ...     pencilbox.read("https://puzz.link/p?sukoro/2/2/a/")
        ... except pencilbox.BoardError as e:
        ...     print(e.where)
        {'part': 'URL body', 'character': 2}
        """
        return place(str(self))


#: the places messages name, in the words every reader writes them (the first match of each kind)
_LINE = re.compile(r"^line (\d+)(?:, column (\d+))?")
_PART = re.compile(r"(?:'(\w+)'|(URL body|Tatham ID|URL)):? (?:character (\d+)|row (\d+)(?:, column (\d+))?)")
_CELL = re.compile(r"\brow (\d+)(?:, column (\d+))?")


def place(message: str) -> dict[str, int | str]:
    """The position a BoardError's message names, as ``BoardError.where`` gives it."""
    out: dict[str, int | str] = {}
    line = _LINE.match(message)
    if line:
        out["line"] = int(line[1])
        if line[2]:
            out["column"] = int(line[2])
    part = _PART.search(message)
    if part:
        out["part"] = part[1] or part[2]
        if part[3]:
            out["character"] = int(part[3])
    cell = part if part and part[4] else _CELL.search(message[line.end():] if line else message)
    if cell is not None and not (part and part[3]):
        r, c = (cell[4], cell[5]) if cell is part else (cell[1], cell[2])
        if r:
            out["row"] = int(r)
            if c:
                out["col"] = int(c)
    return out


BoardError.__module__ = "pencilbox"  # its public home: tracebacks and reprs say pencilbox.BoardError


DIGITS = 9  # the longest number any format reads: sizes, givens and values stay far below 10^9


def natural(tok: str) -> int | None:
    """``tok`` as a non-negative int when it is 1..DIGITS ASCII digits, else None: Unicode
    digits such as '²' or '٤' are refused, not read, and no huge string is converted."""
    if 0 < len(tok) <= DIGITS and tok.isascii() and tok.isdigit():
        return int(tok)
    return None


QUOTE = 60  # the most characters of any input an error message repeats


class _Short(reprlib.Repr):
    """A bounded repr: nested lists a few levels deep (a list nested 100,000 deep was a
    RecursionError), a few items of each, and an integer too long to print by its length."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxlist, self.maxtuple, self.maxdict, self.maxstring = 3, 6, 6, 4, QUOTE

    def repr_int(self, x: int, level: int) -> str:
        return number(x)


_SHORT = _Short()


def number(v: int) -> str:
    """An integer as a message says it: its digits, or, past a few hundred of them (Python will
    not print past 4,300), how many there are."""
    if v.bit_length() <= 1000:
        return str(v)
    return f"a {'negative ' if v < 0 else ''}{int(v.bit_length() * 0.30103) + 1}-digit number"


def shown(value: object, most: int = QUOTE) -> str:
    """``value`` as an error message quotes it: its repr, cut to ``most`` characters with the
    length said, so a huge input never comes back whole (nor a deep one, nor a huge integer)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    text = _SHORT.repr(value) if isinstance(value, (list, tuple, dict, set, frozenset)) else repr(value)
    if len(text) <= most:
        return text
    size = f"{len(value)} characters" if isinstance(value, str) else f"{len(text)} characters as written"
    return f"{text[:most]}... ({size})"


MESSAGE = 400  # the longest error line: a safety net behind ``shown`` for messages from elsewhere


LONG_WORD = re.compile(rf"\S{{{QUOTE + 21},}}")  # a run past ~80 characters: input, quoted whole


def clip(message: str, most: int = MESSAGE) -> str:
    """One error line of at most ``most`` characters, no run of it longer than about 80 (a
    message from elsewhere, argparse's, quotes an argument whole); what is cut is said."""
    message = " ".join(message.split()) if "\n" in message else message
    message = LONG_WORD.sub(lambda m: f"{m.group()[:QUOTE]}... ({len(m.group())} characters)", message)
    return message if len(message) <= most else f"{message[:most]}... (cut: {len(message)} characters)"


#: the optional dependencies a feature may need: import name -> (the pip package, pencilbox's extra)
OPTIONAL = {"pysat": ("python-sat", "sat"), "matplotlib": ("matplotlib", "paper")}


def needs(module: str, what: str) -> None:
    """Raise a BoardError that names the extra to install when ``module``, an optional dependency
    ``what`` needs, cannot be imported here (pyproject.toml says where each is left out)."""
    from importlib.util import find_spec
    try:
        found = find_spec(module) is not None
    except (ImportError, ValueError):  # an import hook that refuses it, a broken install
        found = False
    if not found:
        package, extra = OPTIONAL[module]
        raise BoardError(f"{what} needs {package}, which is not installed here: pip install {package} "
                         f"(pencilbox's [{extra}] extra)")
