"""The web app's icons are real PNGs of the asked size: a valid signature, header and image data
that inflates to one filter byte and three bytes a pixel per row, in the icon's colours."""

from __future__ import annotations

import struct
import zlib

import pytest

from pencilbox.site import icons


@pytest.mark.parametrize("size", [48, 192])
def test_an_icon_is_a_png_of_its_size(size: int) -> None:
    data = icons.png(size)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and struct.unpack(">II", data[16:24]) == (size, size)
    chunks, at = {}, 8
    while at < len(data):
        n, k = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + n]
        assert struct.unpack(">I", data[at + 8 + n:at + 12 + n])[0] == zlib.crc32(k + body)
        chunks[k] = body
        at += 12 + n
    raw = zlib.decompress(chunks[b"IDAT"])
    assert len(raw) == size * (1 + 3 * size)
    row = 1 + 3 * size
    pixels = {raw[i:i + 3] for r in range(size) for i in range(r * row + 1, (r + 1) * row, 3)}
    assert {bytes(icons.BACK), bytes(icons.PAPER), bytes(icons.INK)} <= pixels
