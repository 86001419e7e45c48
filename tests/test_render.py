"""Boards as pictures (render.py; issue 30, item 6): ``pencilbox render`` draws each puzzle's
board and answer as the page's table says (counted shape by shape against the answer), PNG at
two pixels a unit. (On paper: tests/test_booklet.py.)"""

from __future__ import annotations

import json
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import pencilbox
from pencilbox import bank, boardio, cli, puzzles, render, service
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




# ---------------------------------------------------------------- issue 47, item 4: a pixel bound

def test_a_png_is_fewer_pixels_a_unit_where_two_pass_the_bound_and_refused_below_one() -> None:
    assert render.png_scale(60, 100) == render.PNG_SCALE == 2.0  # the player's largest board, 8088x4888
    scale = render.png_scale(200, 200)  # 8044 units a side at two pixels would be 259 million pixels
    assert 1.0 <= scale < 1.02 and round(8044 * scale) ** 2 <= render.MAX_PNG_PIXELS
    assert round(render.png_scale(1, 408) * (408 * 40 + 44)) == render.MAX_PNG_SIDE
    said = (r"^a PNG of a 1x40000 board would be 1600044x84 pixels at its smallest \(40 a cell\); a PNG is "
            r"at most 16384 pixels a side and 67108864 in all: draw it as SVG$")
    with pytest.raises(boardio.BoardError, match=said):
        render.png_scale(1, 40_000)


@pytest.mark.parametrize(("side", "most"), [(230, 20_000), (180, 10**6)])
def test_a_drawn_png_keeps_within_the_bound_it_was_sized_for(side: int, most: int,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """matplotlib's rounding keeps the image within the bound, whichever binds (small bounds, so
    small boards meet them); a board the bound cannot take at one pixel a unit is refused."""
    monkeypatch.setattr(render, "MAX_PNG_SIDE", side)
    monkeypatch.setattr(render, "MAX_PNG_PIXELS", most)
    drawn = 0
    for rows, cols in ((1, 2), (1, 3), (1, 4), (2, 2), (2, 3)):
        pic = render.picture(boardio.board_from_json(blank_json("slant", rows, cols)))
        try:
            scale = render.png_scale(rows, cols)
        except boardio.BoardError:
            with pytest.raises(boardio.BoardError, match="draw it as SVG"):
                render.png(pic)
            continue
        width, height = struct.unpack(">II", render.png(pic)[16:24])
        assert max(width, height) <= side and width * height <= most
        assert abs(width - scale * pic.width) <= 1 and abs(height - scale * pic.height) <= 1
        drawn += 1
    assert 1 < drawn < 5


def blank_json(puzzle: str, rows: int, cols: int) -> dict[str, object]:
    side = (rows + 1, cols + 1) if puzzle == "slant" else (rows, cols)
    return {"puzzle": puzzle, "rows": rows, "cols": cols, "clues": [[None] * side[1]] * side[0]}


def test_a_png_past_the_bound_is_refused_before_anything_is_solved_or_drawn(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1x40000 Slant drew a 3,200,088 x 168 image for 42-117 s and 3.1 GB: now one line, exit 2,
    no file, from the command line and the library alike."""
    def never(*_: object) -> None:
        raise AssertionError("drawn or solved")
    monkeypatch.setattr(render, "points_axes", never)
    monkeypatch.setattr(service, "drawn", never)
    strip = tmp_path / "strip.json"
    strip.write_text(json.dumps(blank_json("slant", 1, 40_000)))
    out = tmp_path / "strip.png"
    assert cli.main(["render", str(strip), "--answer", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pencilbox: error: a PNG of a 1x40000 board would be 1600044x84 pixels") and \
        err.count("\n") == 1 and not out.exists()
    board = pencilbox.read(str(strip))
    for answer in (False, True):
        with pytest.raises(pencilbox.BoardError, match="draw it as SVG"):
            board.png(answer=answer)
    assert board.svg().startswith("<svg")  # the SVG is still drawn


def test_a_png_draws_runs_of_cells_as_one_artist_and_refuses_past_max_png_artists(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A blank 200x200 board is a few hundred artists (its 40,000 cells one collection: added a patch
    at a time they took 30-45 s); a picture of more texts and discs than MAX_PNG_ARTISTS is refused
    before anything is drawn."""
    blank = render.picture(boardio.board_from_json(blank_json("slant", 200, 200)))
    assert len(render.runs(blank.shapes)) < 500 < 40_000 < len(blank.shapes)
    clues = [[1, None, 2], [None] * 3, [3, 4, None]]
    pic = render.picture(boardio.board_from_json({**blank_json("sukoro", 3, 3), "clues": clues}))
    assert len(render.runs(pic.shapes)) == 3 + 4 * 2  # cells, lines, frame; a disc and a digit a clue
    monkeypatch.setattr(render, "MAX_PNG_ARTISTS", 10)
    monkeypatch.setattr(render, "points_axes", lambda *_: pytest.fail("drawn"))
    said = (r"^a PNG of this 3x3 picture would draw 11 texts, discs and runs of lines one at a time; a PNG "
            r"draws at most 10: draw it as SVG$")
    with pytest.raises(boardio.BoardError, match=said):
        render.png(pic)
