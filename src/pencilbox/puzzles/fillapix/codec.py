"""Simon Tatham mosaic IDs and the project's own URL form for Fill-a-Pix.

Tatham: ``<W>x<H>:<desc>``, desc over the cells, ``0``-``9`` a clue (the count includes
the cell itself, as in Fill-a-Pix), ``a``..``z`` a run of 1..26 cells without one.
Fill-a-Pix has no puzz.link genre, so its URL is ``pencilbox://p?fillapix/<W>/<H>/<desc>``
with the same description.
"""

from __future__ import annotations

from pencilbox.errors import BoardError
from pencilbox.puzzles.fillapix.board import Board, check_clues


def decode(cols: int, rows: int, desc: str, what: str = "Tatham ID") -> Board:
    n = rows * cols
    clues: list[int | None] = []
    for pos, ch in enumerate(desc, 1):
        if "0" <= ch <= "9":
            clues.append(int(ch))
        elif "a" <= ch <= "z":
            clues += [None] * (ord(ch) - ord("a") + 1)
        else:
            raise BoardError(f"{what} character {pos}: unexpected {ch!r}")
        if len(clues) > n:
            raise BoardError(f"{what} character {pos}: more than {n} cells")
    if len(clues) != n:
        raise BoardError(f"{what}: describes {len(clues)} cells, expected {n}")
    return check_clues(Board(rows, cols, tuple(clues)), what)


def encode(board: Board) -> str:
    out = []
    run = 0
    for v in board.clues:
        if v is None:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("a") + run - 1))
            run = 0
        out.append(str(v))
    if run:
        out.append(chr(ord("a") + run - 1))
    return "".join(out)
