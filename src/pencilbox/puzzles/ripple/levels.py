"""The Ripple Effect ladder's level names, declared once: one per rung, cheapest first, exactly
as the spec names them (the engine adds ``probe`` on top of the ladder, ``engine.PROBE``,
and the grade ``search`` past it). The rungs, the player's words, the generator and the
studies read them as ``Level.REGION``; mypy rejects a name the ladder lacks."""

from __future__ import annotations

from pencilbox.core import engine


class Level(engine.Level):
    REGION = "region"
    RIPPLE = "ripple"
    HIDDEN = "hidden"
    LINES = "lines"
