"""The one error type's quoting (errors.py; issue 27): a long input is cut and says how long."""

from __future__ import annotations

from pencilbox.errors import MESSAGE, QUOTE, clip, shown


def test_shown_cuts_a_long_input_and_says_how_long() -> None:
    assert shown("sukoro") == "'sukoro'"
    long = shown("x" * 10**6)
    assert len(long) < QUOTE + 40 and "1000000 characters" in long
    assert len(clip("y" * 10**5)) < MESSAGE + 40
