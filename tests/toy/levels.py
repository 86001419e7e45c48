"""The toy ladder's level names, declared once (the engine adds ``probe`` on top)."""

from __future__ import annotations

from pencilbox.core import engine


class Level(engine.Level):
    COUNT = "count"
