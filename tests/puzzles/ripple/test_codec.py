"""Ripple's puzz.link URLs (codec.py; issue 27, item 7): limits are checked while decoding."""

from __future__ import annotations

import pytest

from pencilbox.errors import BoardError


def test_a_too_big_ripple_region_is_refused_while_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 500x500 one-region URL (the issue's 1000x1000 is now over the cell budget): refused
    by the decoder's union-find, before any grid table
    (the board module's grid is made to fail: it must not be reached)."""
    from pencilbox import boardio
    from pencilbox.puzzles.ripple import board

    def no_grid(*_: object) -> None:
        raise AssertionError("the grid was built before the region was refused")
    monkeypatch.setattr(board, "grid", no_grid)
    body = "0" * ((499 * 500 + 4) // 5 * 2) + "z" * 12_500
    with pytest.raises(BoardError, match="more than 60 cells"):
        boardio.parse_url(f"https://puzz.link/p?ripple/500/500/{body}")
