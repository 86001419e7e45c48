"""The text format's tokens and ``name:`` sections: what boardio reads a text board into
and each puzzle's ``board.from_sections`` reads its clues from (a module of its own, so
the puzzles need not import boardio, which imports the registry of puzzles)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pencilbox.errors import BoardError


@dataclass(frozen=True, slots=True)
class Token:
    """A whitespace-separated token of the text format and where it stood (slots: a board at the
    cell budget holds up to three sections of them)."""

    text: str
    line: int
    col: int

    def where(self) -> str:
        return f"line {self.line}, column {self.col}"


def places(row: list[Token]) -> Callable[[int], str]:
    """Where each character of a row's tokens, joined, stood (a row of marks may be written as one
    token or spaced out): the i-th character's "line L, column C"."""
    spots = [(t.line, t.col + k) for t in row for k in range(len(t.text))]
    return lambda i: f"line {spots[i][0]}, column {spots[i][1]}"


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


def expect(sections: dict[str, Section], puzzle: str, known: tuple[str, ...], need: tuple[str, ...],
           note: str = "") -> None:
    """Refuse a section the puzzle does not know (the first by name, with its line) and a board
    without a section it needs (``note`` says what that section holds)."""
    extra = set(sections) - set(known)
    if extra:
        raise BoardError(f"line {sections[min(extra)].line}: unknown section '{min(extra)}:' for {puzzle}")
    for name in need:
        if name not in sections:
            raise BoardError(f"missing section '{name}:'{note}")
