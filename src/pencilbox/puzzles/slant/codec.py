"""puzz.link ``gokigen`` URLs (4Cross over lattice points) and Simon Tatham slant IDs.

4Cross: for clue v at point p: if point p+1 exists and holds a clue, ``hex(v)``; else
if p+2 exists and holds a clue, ``hex(5+v)`` and skip one point; else ``hex(10+v)`` and
skip two points. ``.`` is a clue without its number; ``g``..``z`` runs of 1..20 empty
points. A legacy ``d`` flag means one character per point. Tatham: ``0``-``4`` a clue,
``a``..``z`` a run of 1..26 empty points.
"""

from __future__ import annotations

from pencilbox.core import runs
from pencilbox.errors import BoardError
from pencilbox.puzzles.slant.board import MARK, Board


def decode_url(cols: int, rows: int, body: str, flags: tuple[str, ...] = ()) -> Board:
    n = (rows + 1) * (cols + 1)
    clues: list[int | None] = [None] * n
    p = 0
    legacy = "d" in flags
    for pos, ch in enumerate(body, 1):
        if p >= n:
            raise BoardError(f"URL body character {pos}: {ch!r} lies past the last of {n} lattice points")
        if legacy:
            if ch in "01234":
                clues[p] = int(ch)
            elif ch != ".":
                raise BoardError(f"URL body character {pos}: unexpected {ch!r} in a 'd' (one per point) body")
            p += 1
        elif ch in "01234":
            clues[p], p = int(ch), p + 1
        elif ch in "56789":
            clues[p], p = int(ch) - 5, p + 2
        elif ch in "abcde":
            clues[p], p = int(ch, 16) - 10, p + 3
        elif ch == ".":
            clues[p], p = MARK, p + 1
        elif "g" <= ch <= "z":
            p += int(ch, 36) - 15
            if p > n:
                raise BoardError(f"URL body character {pos}: run of {int(ch, 36) - 15} empty points "
                                 "overflows the board")
        else:
            raise BoardError(f"URL body character {pos}: unexpected {ch!r}")
    if p < n:
        raise BoardError(f"URL body ends after {p} of {n} lattice points (truncated?)")
    return Board(rows, cols, tuple(clues))


def encode_url(board: Board) -> str:
    clues = board.clues
    n = len(clues)
    out = []
    run = 0
    p = 0
    while p < n:
        v = clues[p]
        token = ""
        if v is None:
            run += 1
        elif v == MARK:
            token = "."
        elif p + 1 < n and clues[p + 1] is not None:
            token = format(v, "x")
        elif p + 2 < n and clues[p + 2] is not None:
            token = format(5 + v, "x")
            p += 1
        else:
            token = format(10 + v, "x")
            p += 2
        if run and (token or run == 20):
            out.append(_b36(15 + run))
            run = 0
        out.append(token)
        p += 1
    if run:
        out.append(_b36(15 + run))
    return "".join(out)


def _b36(k: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[k]


def decode_tatham(cols: int, rows: int, desc: str, flags: tuple[str, ...] = ()) -> Board:
    return Board(rows, cols, runs.decode(desc, (rows + 1) * (cols + 1), "01234", places="lattice points"))


def encode_tatham(board: Board) -> str:
    if any(v == -1 for v in board.clues):
        raise BoardError("a clue without its number cannot be written as a Tatham ID")
    return runs.encode(board.clues)
