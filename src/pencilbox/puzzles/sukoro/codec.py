"""puzz.link ``sukoro`` URLs: Number10 over cells.

``0``-``9`` a number, ``.`` a number not shown, ``a``..``z`` a run of 1..26 empty cells
(the base-36 digit 9 + n); runs flush at 26.
"""

from __future__ import annotations

from pencilbox.core import runs
from pencilbox.errors import BoardError
from pencilbox.puzzles.sukoro.board import MARK, Board


def decode(cols: int, rows: int, body: str, flags: tuple[str, ...] = ()) -> Board:
    n = rows * cols
    clues: list[int | None] = []
    for pos, ch in enumerate(body, 1):
        if len(clues) >= n:
            raise BoardError(f"URL body character {pos}: {ch!r} lies past the last of {n} cells")
        if ch in "1234":
            clues.append(int(ch))
        elif ch == ".":
            clues.append(MARK)
        elif "a" <= ch <= "z":
            run = int(ch, 36) - 9
            if len(clues) + run > n:
                raise BoardError(f"URL body character {pos}: run of {run} empty cells overflows the board")
            clues += [None] * run
        elif ch in "056789":
            raise BoardError(f"URL body character {pos}: {ch} is not a Sukoro clue (1..4)")
        else:
            raise BoardError(f"URL body character {pos}: unexpected {ch!r}")
    if len(clues) < n:
        raise BoardError(f"URL body ends after {len(clues)} of {n} cells (truncated?)")
    return Board(rows, cols, tuple(clues))


def encode(board: Board) -> str:
    return runs.encode(board.clues, lambda v: "." if v == MARK else str(v))
