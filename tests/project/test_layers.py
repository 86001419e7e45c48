"""Layers: the engine, the puzzles and the verbs never import the player (issue 14, item 3)."""

from __future__ import annotations

import re
from pathlib import Path

import pencilbox

SRC = Path(pencilbox.__file__).parent
PLAYER = re.compile(r"^\s*(from pencilbox\.player\b|from pencilbox import .*\bplayer\b"
                    r"|import pencilbox\.player)", re.M)


def test_puzzles_core_and_service_do_not_import_the_player() -> None:
    below = [*SRC.joinpath("core").rglob("*.py"), *SRC.joinpath("puzzles").rglob("*.py"),
             SRC / "service.py", SRC / "boardio.py"]
    offenders = [str(p.relative_to(SRC)) for p in below if PLAYER.search(p.read_text())]
    assert not offenders, offenders
