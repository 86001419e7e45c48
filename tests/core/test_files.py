"""Every write is atomic (core/files.py; issue 27, item 9): a kill leaves the old file whole."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pencilbox.core.files import write_atomic


def test_a_write_that_fails_leaves_the_old_file_and_no_temp(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "bank.json"
    write_atomic(target, "old")

    def boom(*_: object) -> None:
        raise KeyboardInterrupt  # a kill between writing and renaming
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "new" * 1000)
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["bank.json"]
