"""Boards as pictures (render.py; issue 30, item 6): ``pencilbox render`` draws each puzzle's
board and answer as the page's table says (counted shape by shape against the answer), PNG at
two pixels a unit. (On paper: tests/test_booklet.py.)"""

from __future__ import annotations

import json
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pencilbox import bank, boardio, cli, puzzles, render
from pencilbox.core.marks import PageUI

NAMES = puzzles.names()
SVG = "{http://www.w3.org/2000/svg}"


def smallest(name: str) -> dict[str, object]:
    return min(bank.load(name), key=lambda r: (int(r["rows"]) * int(r["cols"]), str(r["id"])))


def expected_marks(ui: PageUI, marks: list[object], clues: list[list[object]]) -> dict[str, int]:
    """What the answer adds to the picture, by the table's cell kind: Sukoro's numbered cells a
    disc and digit each, a struck one a cross of two lines; a slash a line; a digit a text; a
    painted cell a dark fill."""
    first, second = ui.cycle[:2] if ui.cycle else (None, None)
    flat = [v for row in clues for v in row] if ui.clue_on == "cells" else []
    free = [m for i, m in enumerate(marks) if not (flat and flat[i] is not None)]
    if ui.cell == "count":
        return {"circle": free.count(first), "text": free.count(first), "line": 2 * free.count(second)}
    if ui.cell == "slash":
        return {"line": sum(m in ("\\", "/") for m in marks)}
    if ui.cell == "digit":
        return {"text": sum(m is not None for m in free)}
    return {"painted": marks.count(first)}


def tally(svg_text: str) -> dict[str, int]:
    root = ET.fromstring(svg_text)
    out = {k: len(root.findall(f"{SVG}{k}")) for k in ("circle", "text", "line", "rect")}
    out["painted"] = sum(1 for r in root.findall(f"{SVG}rect") if r.get("fill") == render.INK["paint"])
    return out


@pytest.mark.parametrize("name", NAMES)
def test_the_answer_draws_one_shape_per_mark_as_the_table_says(name: str, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    rec = smallest(name)
    board = boardio.board_from_json({**rec, "answer": None})
    (tmp_path / "b.txt").write_text(boardio.dump(board, "text"))
    assert cli.main(["render", str(tmp_path / "b.txt")]) == 0
    clues_only = tally(capsys.readouterr().out)
    assert cli.main(["render", str(tmp_path / "b.txt"), "--answer"]) == 0
    answered = tally(capsys.readouterr().out)
    puzzle = puzzles.get(name)
    marks = puzzle.marks.from_answer(board, boardio.board_from_json(rec).answer)
    want = expected_marks(puzzle.marks.UI, marks, puzzle.to_json(board)["clues"])
    assert {k: answered[k] - clues_only[k] for k in want} == want
    assert clues_only["rect"] == board.rows * board.cols + 2  # the background, the cells, the frame


@pytest.mark.parametrize("name", NAMES)
def test_a_png_is_two_pixels_a_unit(name: str, tmp_path: Path) -> None:
    rec = smallest(name)
    (tmp_path / "b.json").write_text(json.dumps(rec))
    out = tmp_path / "b.png"
    assert cli.main(["render", str(tmp_path / "b.json"), "--answer", "--out", str(out)]) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    pic = render.picture(boardio.board_from_json(rec))
    assert (width, height) == (round(2 * pic.width), round(2 * pic.height))


def test_render_refuses_what_it_cannot_draw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    several = tmp_path / "s.txt"
    several.write_text("slant 3x3\nclues:\n. . . .\n. 1 . .\n. . 2 .\n. . . .\n")
    assert cli.main(["render", str(several), "--answer"]) == 1
    assert "no answer to draw: it has several answers" in capsys.readouterr().err
    listed = tmp_path / "l.json"
    listed.write_text(json.dumps([smallest("slant"), smallest("sukoro")]))
    assert cli.main(["render", str(listed)]) == 2
    assert "render draws one board; BOARD holds a list of 2" in capsys.readouterr().err
    big = tmp_path / "big.txt"
    big.write_text("slant 201x201\nclues:\n" + "\n".join([" ".join(["."] * 202)] * 202) + "\n")
    assert cli.main(["render", str(big)]) == 2
    assert "board is 201x201: at most 40000 cells are drawn" in capsys.readouterr().err


