"""Simon Tatham mosaic IDs and the project's own URL form for Fill-a-Pix.

Tatham: ``<W>x<H>:<desc>``, desc over the cells, ``0``-``9`` a clue (the count includes
the cell itself, as in Fill-a-Pix), ``a``..``z`` a run of 1..26 cells without one.
Fill-a-Pix has no puzz.link genre, so its URL is ``pencilbox://p?fillapix/<W>/<H>/<desc>``
with the same description.
"""

from __future__ import annotations

from pencilbox.core import runs
from pencilbox.puzzles.fillapix.board import Board, check_clues


def decode(cols: int, rows: int, desc: str, what: str = "Tatham ID") -> Board:
    return check_clues(Board(rows, cols, runs.decode(desc, rows * cols, "0123456789", what)), what)


def decode_tatham(cols: int, rows: int, desc: str, flags: tuple[str, ...] = ()) -> Board:
    return decode(cols, rows, desc)


def decode_url(cols: int, rows: int, body: str, flags: tuple[str, ...] = ()) -> Board:
    return decode(cols, rows, body, "URL")


def encode(board: Board) -> str:
    return runs.encode(board.clues)
