"""The setter, complete, and boards on paper, in chromium (issue 30, items 5 and 6): a blank
board of a typed size, resize, rotate and flip (a unique board stays unique: the count is
symmetric), Ripple regions drawn by a drag, the ambiguity view (the backbone shaded, the
answers stepped through) at both screen sizes, and the image and booklet downloads (the SVG is
the command line's picture, byte for byte). The setter's count and the image meet each puzzle on
the first back end and one on the site (test_browser.engine_rows says why)."""

# ruff: noqa: E501 (the page scripts below are JavaScript, kept whole on their lines)

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page  # noqa: E402  (test_browser skips first)

from pencilbox import api, boardio, puzzles, render, service
from tests.player.chrome import BACKENDS, DESKTOP, PHONE, TOUCH, opened, over_http, shot
from tests.player.static.test_browser import (
    PUZZLES,
    answers,
    cell,
    clue_places,
    engine_rows,
    open_board,
    small_boards,
    tagged,
)
from tests.player.static.test_screens import each_once

SIZES = {"desktop": (DESKTOP, {}), "phone": (PHONE, TOUCH)}


def setter(page: Page, server: str, puzzle: str) -> dict[str, Any]:
    rec = small_boards(server, puzzle)[0]
    open_board(page, server, puzzle, rec["id"])
    page.click("#setter")
    page.wait_for_selector("#setter-panel:not([hidden])")
    answers(page, "1")
    return rec


def clues(page: Page) -> list[list[Any]]:
    return page.evaluate("window.pb.setter.board.clues")


def image_is_the_command_lines(page: Page, puzzle: str, rec: dict[str, Any]) -> None:
    """The open board's image with its answer: the SVG is the command line's picture byte for
    byte (its file name too), the PNG a PNG (on the static site the browser draws it)."""
    page.check("#image-answer")
    with page.expect_download() as dl:
        page.click("#image-svg")
    got = Path(dl.value.path()).read_text()
    board = boardio.board_from_json({**rec, "answer": None})
    name = f"{puzzle}-{rec['rows']}x{rec['cols']}-answer.svg"
    assert dl.value.suggested_filename == name
    assert got == render.svg(render.picture(board, service.drawn(api.Board(board))), title=name)
    with page.expect_download() as dl:
        page.click("#image-png")
    assert Path(dl.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def clear_and_type_back(page: Page, server: str, puzzle: str, rec: dict[str, Any]) -> None:
    """A Ripple border clicked twice splits a region and merges it back; every clue erased: more
    than one answer, and the second one shown; typed back: one answer with a grade, the clues as
    they were; the export names the puzzle; Minimise leaves one answer."""
    sel = "[data-point='{},{}']" if puzzle == "slant" else "[data-cell='{},{}']"
    places = clue_places(rec)
    if puzzle == "ripple":
        r, c = next((r, c) for r in range(rec["rows"]) for c in range(rec["cols"] - 1)
                    if rec["regions"][r][c] == rec["regions"][r][c + 1])
        box = page.locator(cell(r, c)).bounding_box()
        assert box is not None
        walls = page.evaluate("window.pb.setter.walls.size")
        page.click(cell(r, c), position={"x": box["width"] - 2, "y": box["height"] / 2})
        page.wait_for_function("n => window.pb.setter.walls.size === n + 1", arg=walls)
        page.click(cell(r, c), position={"x": box["width"] - 2, "y": box["height"] / 2})
        page.wait_for_function("n => window.pb.setter.walls.size === n", arg=walls)
    for r, c, _ in places:
        page.click(sel.format(r, c))
        page.keyboard.press("Backspace")
    answers(page, "2+")
    page.click("#second")
    page.wait_for_selector("#second[aria-pressed='true']")
    shot(page, tagged(f"{puzzle}-setter-second", server))
    for r, c, v in places:
        page.click(sel.format(r, c))
        page.keyboard.press(str(v))
    answers(page, "1")
    assert page.inner_text("#setter-grade").startswith("· grade")
    assert clues(page) == rec["clues"]
    shot(page, tagged(f"{puzzle}-setter", server))
    page.click("#export")
    page.wait_for_selector("#export-out:not([hidden])")
    assert puzzle in page.input_value("#export-out")
    page.click("#minimise")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Minimised')")
    answers(page, "1")


def turns_and_mirrors(page: Page) -> None:
    """A quarter turn and both mirrors each keep one answer (the count is symmetric), four
    quarters and two mirrors make a half turn, and each is one undo step."""
    before, steps = clues(page), page.evaluate("window.pb.setter.undo.length")
    h, w = len(before), len(before[0])
    page.click("#setter-rotate")
    answers(page, "1")
    assert clues(page) == [[before[h - 1 - c][r] for c in range(h)] for r in range(w)]
    page.click("#setter-flip-h")
    answers(page, "1")
    page.click("#setter-flip-v")
    answers(page, "1")
    for _ in range(3):
        page.click("#setter-rotate")
    answers(page, "1")
    assert clues(page) == [row[::-1] for row in before[::-1]]  # four quarters and two mirrors: a half turn
    assert page.evaluate("window.pb.setter.undo.length") == steps + 6  # each one undo step
    page.keyboard.press("z")
    page.wait_for_function("n => window.pb.setter.undo.length === n", arg=steps + 5)


def drag_a_region(page: Page) -> None:
    """On a blank Ripple board (every cell its own region), a drag across three cells of the top
    row makes them one region: two inner edges gone, one undo step."""
    rows, cols = page.evaluate("[window.pb.setter.board.rows, window.pb.setter.board.cols]")
    inner = rows * (cols - 1) + (rows - 1) * cols
    assert page.evaluate("window.pb.setter.walls.size") == inner
    centre = [page.locator(cell(0, c)).bounding_box() for c in range(3)]
    page.mouse.move(centre[0]["x"] + centre[0]["width"] / 2, centre[0]["y"] + centre[0]["height"] / 2)
    page.mouse.down()
    for box in centre[1:]:
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)
    page.mouse.up()
    page.wait_for_function("(() => { const g = window.pb.setter.board.regions[0]; return g[0] === g[1] && g[1] === g[2] && g[2] !== g[3]; })()")
    assert page.evaluate("window.pb.setter.walls.size") == inner - 2
    page.keyboard.press("z")
    page.wait_for_function("n => window.pb.setter.walls.size === n", arg=inner)


def blank_and_resize(page: Page, puzzle: str, rec: dict[str, Any]) -> None:
    """A blank board of a typed size (3x7; on Ripple its regions drawn by a drag), back to the
    open board, a resize that keeps the clues where they stay and leaves the new rows blank, and
    a size past 60 refused in words."""
    page.fill("#setter-rows", "3")
    page.fill("#setter-cols", "7")
    page.click("#setter-blank")
    page.wait_for_function("window.pb.setter.board.rows === 3 && window.pb.setter.board.cols === 7")
    assert all(v is None for row in clues(page) for v in row)
    if puzzle == "ripple":
        drag_a_region(page)
    page.click("#setter-current")
    page.wait_for_function("r => window.pb.setter.board.rows === r", arg=rec["rows"])
    before = clues(page)
    page.fill("#setter-rows", str(rec["rows"] + 2))
    page.fill("#setter-cols", str(rec["cols"] - 1))
    page.click("#setter-resize")
    page.wait_for_function("c => window.pb.setter.board.cols === c", arg=rec["cols"] - 1)
    after = clues(page)
    assert len(after) == len(before) + 2
    assert [row[:len(after[0])] for row in before] == after[:len(before)]
    assert all(v is None for row in after[len(before):] for v in row)
    page.fill("#setter-rows", "70")
    page.click("#setter-resize")
    page.wait_for_function("document.querySelector('[data-role=message]').textContent.includes('at most 60')")


@engine_rows("puzzle", PUZZLES, site=["slant"])
def test_the_image_and_the_setter_on_each_puzzle(browser: Browser, server: str, puzzle: str) -> None:
    """One board per puzzle, in one page (five tests folded: they opened the same board): its
    image (image_is_the_command_lines); the setter's count as clues are erased and typed back,
    export and Minimise (clear_and_type_back); turns and mirrors (turns_and_mirrors); a blank
    board, Ripple's regions by a drag, a resize (blank_and_resize)."""
    with opened(browser, accept_downloads=True) as page:
        rec = small_boards(server, puzzle)[0]
        open_board(page, server, puzzle, rec["id"])
        image_is_the_command_lines(page, puzzle, rec)
        page.click("#setter")
        page.wait_for_selector("#setter-panel:not([hidden])")
        answers(page, "1")
        clear_and_type_back(page, server, puzzle, rec)
        turns_and_mirrors(page)
        blank_and_resize(page, puzzle, rec)


def halve_clues_in_the_setter(page: Page, puzzle: str, rec: dict[str, Any]) -> None:
    """Every second clue cleared with the keys: several answers."""
    sel = "[data-point='{},{}']" if puzzle == "slant" else "[data-cell='{},{}']"
    places = [(r, c) for r, row in enumerate(rec["clues"]) for c, v in enumerate(row) if v is not None]
    for r, c in places[1::2]:
        page.click(sel.format(r, c))
        page.keyboard.press("Backspace")
    answers(page, "2+")


# each puzzle once, the sizes alternating (the view is drawn from the catalog's table, its controls
# are the screen's: the two never meet in the page's code), and the site once
@engine_rows("puzzle,size", [("sukoro", "desktop"), ("slant", "phone"), ("ripple", "phone"), ("fillapix", "desktop")],
             site=[("fillapix", "phone")])
def test_the_ambiguity_view_shades_the_backbone_and_steps_through_answers(
        browser: Browser, server: str, puzzle: str, size: str) -> None:
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = setter(page, server, puzzle)
        halve_clues_in_the_setter(page, puzzle, rec)
        tap = page.tap if touch else page.click
        page.locator("#ambiguity").scroll_into_view_if_needed()
        tap("#ambiguity")
        page.wait_for_selector("#amb-nav:not([hidden])")
        got = page.evaluate("window.pb.setter.amb")
        board = boardio.board_from_json({**rec, "answer": None, "clues": clues(page)})
        assert got["fixed_cells"] < got["cells"] == rec["rows"] * rec["cols"]
        differs = page.locator("[data-amb=differs]").count()
        assert differs == got["cells"] - got["fixed_cells"] > 0
        assert page.locator("[data-amb=same]").count() == got["fixed_cells"]
        listed = len(got["answers"])
        assert listed == min(got["count"], 10) >= 2
        assert page.inner_text("#amb-which").startswith(f"answer 1 of {listed}")
        note = page.inner_text("#amb-note")
        assert note.startswith(f"{'at least ' if got['capped'] else ''}{got['count']} answers; {got['fixed_cells']} of {got['cells']}")
        first = page.evaluate("window.pb.setter.amb.answers[window.pb.setter.ambAt]")
        tap("#amb-next")
        page.wait_for_function("window.pb.setter.ambAt === 1")
        assert page.evaluate("window.pb.setter.amb.answers[window.pb.setter.ambAt]") != first
        assert page.inner_text("#amb-which").startswith(f"answer 2 of {listed}")
        for i, m in enumerate(got["fixed"]):  # each listed answer keeps every backbone cell
            if m is not None:
                assert all(a[i] == m for a in got["answers"]), i
        assert puzzles.get(puzzle).spread is not None and board.rows == rec["rows"]
        shot(page, tagged(f"{puzzle}-ambiguity-{size}", server))
        r, c = next((r, c) for r, row in enumerate(clues(page)) for c, v in enumerate(row) if v is not None)
        page.click(f"[data-point='{r},{c}']" if puzzle == "slant" else cell(r, c))
        page.keyboard.press("Backspace")  # an edit forgets the view
        page.wait_for_selector("#amb-nav[hidden]", state="attached")


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
@each_once(size=list(SIZES), server=BACKENDS)  # the site's answer: the command that makes it
def test_the_bank_list_prints_as_a_booklet(browser: Browser, server: str, size: str, tmp_path: Path) -> None:
    viewport, touch = SIZES[size]
    with opened(browser, viewport, accept_downloads=True, **touch) as page:
        rec = small_boards(server, "sukoro")[0]
        open_board(page, server, "sukoro", rec["id"])
        listed = page.evaluate("window.pb.listIds.length")
        page.locator("#booklet").scroll_into_view_if_needed()
        if not over_http(server):  # the static site: one line naming the command that makes it
            (page.tap if touch else page.click)("#booklet")
            page.wait_for_function("document.querySelector('#message').textContent.includes('pencilbox print')")
            return
        with page.expect_download(timeout=120_000) as dl:  # 60 boards drawn; slow on a loaded machine
            (page.tap if touch else page.click)("#booklet")
        pdf = tmp_path / "book.pdf"
        pdf.write_bytes(Path(dl.value.path()).read_bytes())
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
        assert pages >= 2, "the boards, then their answers"
        assert json.loads(json.dumps(page.evaluate("window.pb.lastDownload")))["boards"] == min(listed, 60)
        subprocess.run(["pdftoppm", "-r", "30", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")], check=True)
        assert list(tmp_path.glob("p-*.png"))
