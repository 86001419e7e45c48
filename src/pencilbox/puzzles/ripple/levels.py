"""The Ripple Effect rungs' names, cheapest first, as the spec writes them (see ``engine.Level``)."""

from __future__ import annotations

from pencilbox.core import engine


class Level(engine.Level):
    REGION = "region"
    RIPPLE = "ripple"
    HIDDEN = "hidden"
    LINES = "lines"
