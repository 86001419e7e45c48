"""The web app's icons, drawn here (no image library): a small Slant board, its slashes in ink
on paper, inside the square a phone's launcher crops to (maskable)."""

from __future__ import annotations

import struct
import zlib

PAPER, INK, FRAME, BACK = (250, 248, 240), (30, 30, 30), (120, 120, 120), (37, 99, 158)
SLASHES = ("\\//", "/\\\\", "\\/\\")  # a loop-free 3x3 filling


def _pixel(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) in the unit square: blue margin, paper board, grid, slashes."""
    lo, hi = 0.2, 0.8  # the board inside the maskable safe zone
    if not (lo <= x <= hi and lo <= y <= hi):
        return BACK
    n = len(SLASHES)
    u, v = (x - lo) / (hi - lo) * n, (y - lo) / (hi - lo) * n
    r, c = min(int(v), n - 1), min(int(u), n - 1)
    fu, fv = u - c, v - r
    if min(fu, fv, 1 - fu, 1 - fv) < 0.03:
        return FRAME
    off = abs(fu - fv) if SLASHES[r][c] == "\\" else abs(fu + fv - 1)
    return INK if off < 0.12 else PAPER


def png(size: int) -> bytes:
    """The icon as a PNG of ``size`` x ``size`` pixels."""
    rows = bytearray()
    for j in range(size):
        rows.append(0)
        for i in range(size):
            rows.extend(_pixel((i + 0.5) / size, (j + 0.5) / size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    head = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) \
        + chunk(b"IEND", b"")
