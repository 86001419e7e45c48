"""The tutorial notebook (issue 32, item 5) runs top to bottom in a fresh kernel: nbclient
executes ``docs/tutorial.ipynb`` and any error in any cell fails the test; the outputs show what
the text promises (both engines count one answer, a hint, a generated board drawn, a plot)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat", reason="the test extra installs nbformat")
nbclient = pytest.importorskip("nbclient", reason="the test extra installs nbclient")

NOTEBOOK = Path(__file__).resolve().parents[2] / "docs" / "tutorial.ipynb"


def outputs(cell: Any) -> str:
    """A code cell's printed text and the kinds of what it displayed."""
    out = []
    for o in cell.get("outputs", []):
        out.append(o.get("text", "") if o["output_type"] == "stream" else " ".join(sorted(o.get("data", {}))))
    return "\n".join(out)


def test_the_tutorial_runs_top_to_bottom(tmp_path: Path) -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert not any(c.get("outputs") for c in nb.cells if c.cell_type == "code"), "commit it without outputs"
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()  # raises on an error
    said = "\n".join(outputs(c) for c in nb.cells if c.cell_type == "code")
    assert "1 answer (ladder" in said and "1 answer (sat" in said
    assert " by deg (using " in said and "wrong: 1 entry disagrees" in said
    assert "# seed 2026, grade count" in said and "image/svg+xml" in said
    assert "cells the same in every answer" in said and "image/png" in said
