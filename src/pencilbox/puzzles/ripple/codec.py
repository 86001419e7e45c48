"""puzz.link ``ripple`` (alias ``hakyukoka``) URLs: Border, then Number16.

Border: the (C-1) x R walls between horizontally adjacent cells (row-major), then the
C x (R-1) walls between vertically adjacent cells, 5 walls per base-32 character (the
first wall is the 16 bit). Regions are the connected components. Number16: ``0``-``f``
a value, ``-xx`` two hex digits, ``+xxx`` three, ``.`` a given not shown, ``g``..``z``
runs of 1..20 empty cells. What follows the numbers (an optional bitfield) is ignored
when it is base-32 digits; anything else there, or numbers that stop short, is refused.
"""

from __future__ import annotations

from pencilbox.core.unionfind import root
from pencilbox.errors import BoardError
from pencilbox.puzzles.ripple.board import MARK, MAX_REGION, Board, canonical, check_givens

B32 = "0123456789abcdefghijklmnopqrstuv"


def _walls(rows: int, cols: int) -> list[tuple[int, int]]:
    """Cell pairs split by each wall, in URL order (cells in reading order)."""
    side = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    down = [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    return side + down


def decode(cols: int, rows: int, body: str, flags: tuple[str, ...] = ()) -> Board:
    nside, ndown = (cols - 1) * rows, cols * (rows - 1)
    pos1 = (nside + 4) // 5
    pos2 = pos1 + (ndown + 4) // 5
    if len(body) < pos2:
        raise BoardError(f"URL body: {len(body)} characters, the borders alone need {pos2}")
    bits: list[bool] = []
    for pos, ch in enumerate(body[:pos2], 1):
        if ch not in B32:
            raise BoardError(f"URL body character {pos}: {ch!r} is not a base-32 border digit")
        bits += [bool(int(ch, 32) & w) for w in (16, 8, 4, 2, 1)]
    wall = bits[:nside] + bits[5 * pos1: 5 * pos1 + ndown]
    n = rows * cols
    parent = list(range(n))
    size = [1] * n
    for (a, b), w in zip(_walls(rows, cols), wall, strict=True):
        ra, rb = root(parent, a), root(parent, b)
        if not w and ra != rb:
            parent[ra] = rb
            size[rb] += size[ra]
            if size[rb] > MAX_REGION:  # refused while decoding, before any board is built
                r, c = divmod(b, cols)
                raise BoardError(f"URL: the region at row {r + 1}, column {c + 1} has more than "
                                 f"{MAX_REGION} cells (the most a Ripple region may have)")
    clues = _numbers(body[pos2:], n, pos2)
    regions = canonical(rows, cols, [root(parent, i) for i in range(n)], "URL")
    return check_givens(Board(rows, cols, regions, tuple(clues)), "URL")


def _numbers(text: str, n: int, offset: int) -> list[int | None]:
    clues: list[int | None] = []
    k = 0
    while k < len(text) and len(clues) < n:
        ch = text[k]
        where = f"URL body character {offset + k + 1}"
        if ch in "0123456789abcdef":
            clues.append(int(ch, 16))
            k += 1
        elif ch in "-+":
            width = 2 if ch == "-" else 3
            digits = text[k + 1:k + 1 + width]
            if len(digits) != width or any(d not in "0123456789abcdef" for d in digits):
                raise BoardError(f"{where}: {ch!r} must be followed by {width} hex digits")
            clues.append(int(digits, 16))
            k += 1 + width
        elif ch == ".":
            clues.append(MARK)
            k += 1
        elif "g" <= ch <= "z":
            run = int(ch, 36) - 15
            if len(clues) + run > n:
                raise BoardError(f"{where}: run of {run} empty cells overflows the board")
            clues += [None] * run
            k += 1
        else:
            raise BoardError(f"{where}: unexpected {ch!r}")
    if len(clues) < n:
        raise BoardError(f"URL body ends after {len(clues)} of {n} cells (truncated?)")
    tail = next((j for j in range(k, len(text)) if text[j] not in B32), None)
    if tail is not None:
        raise BoardError(f"URL body character {offset + tail + 1}: {text[tail]!r} after the last cell "
                         "(only a base-32 bitfield may follow)")
    for i, v in enumerate(clues):
        if v == 0:
            raise BoardError(f"URL: cell {i + 1} has the given 0 (values start at 1)")
    return clues


def encode(board: Board) -> str:
    out = []
    for part in (_walls(board.rows, board.cols)[:(board.cols - 1) * board.rows],
                 _walls(board.rows, board.cols)[(board.cols - 1) * board.rows:]):
        bits = [board.regions[a] != board.regions[b] for a, b in part]
        for k in range(0, len(bits), 5):
            chunk = bits[k:k + 5] + [False] * (5 - len(bits[k:k + 5]))
            out.append(B32[sum(w for w, b in zip((16, 8, 4, 2, 1), chunk, strict=True) if b)])
    run = 0
    for v in board.clues:
        token = ""
        if v is None:
            run += 1
        elif v == MARK:
            token = "."
        elif v < 16:
            token = format(v, "x")
        elif v < 256:
            token = "-" + format(v, "02x")
        else:
            token = "+" + format(v, "03x")
        if run and (token or run == 20):
            out.append("0123456789abcdefghijklmnopqrstuvwxyz"[15 + run])
            run = 0
        out.append(token)
    if run:
        out.append("0123456789abcdefghijklmnopqrstuvwxyz"[15 + run])
    return "".join(out)
