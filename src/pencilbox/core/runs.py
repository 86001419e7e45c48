"""The run-length code of Tatham's game IDs and puzz.link's Number10 bodies, once: a value is
its own character and a run of 1..26 empty places is one letter ``a``..``z`` (runs flush at 26).
Sukoro's URLs, Slant's and Fill-a-Pix's Tatham IDs and Fill-a-Pix's own URL all write it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pencilbox.errors import BoardError


def encode(values: Sequence[int | None], shown: Callable[[int], str] = str) -> str:
    """The values in reading order, each run of None as its letter."""
    out = []
    run = 0
    for v in values:
        if v is None:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("a") + run - 1))
            run = 0
        out.append(shown(v))
    if run:
        out.append(chr(ord("a") + run - 1))
    return "".join(out)


def decode(desc: str, n: int, digits: str, what: str = "Tatham ID",
           places: str = "cells") -> tuple[int | None, ...]:
    """A description of exactly ``n`` places, each clue one of ``digits``; the error names the
    character at fault (``what`` names the source, ``places`` what it describes)."""
    clues: list[int | None] = []
    for pos, ch in enumerate(desc, 1):
        if ch in digits:
            clues.append(int(ch))
        elif "a" <= ch <= "z":
            clues += [None] * (ord(ch) - ord("a") + 1)
        else:
            raise BoardError(f"{what} character {pos}: unexpected {ch!r}")
        if len(clues) > n:
            raise BoardError(f"{what} character {pos}: more than {n} {places}")
    if len(clues) != n:
        raise BoardError(f"{what}: describes {len(clues)} {places}, expected {n}")
    return tuple(clues)
