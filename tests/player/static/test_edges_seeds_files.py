"""What puzz.link and Tatham players rely on (issue 48, item 7), in chromium at 1280x800 and
390x844: the setter adds or takes away a row or column on any side, the clues (and Ripple's
regions) staying where they are, one undo step each; New board at any size the generator makes,
its seed shown and replayed, the command line's board for the command line's seed and grade
(seeds past 2^31 too); and the board with its position saved as a file, loaded back from the
picker or a drop, a bad file said in one line with nothing lost. Screenshots, light and dark,
land in tests/player/screenshots/."""

# ruff: noqa: E501 (the page scripts below are JavaScript, kept whole on their lines)

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page  # noqa: E402  (test_browser skips first)

from pencilbox import api, boardio, puzzles
from pencilbox.core import engine
from tests.player.chrome import BACKENDS, DESKTOP, PAGE_ONLY, PHONE, TOUCH, opened, over_http, shot
from tests.player.static.test_browser import (
    answers,
    catalog_entry,
    cell,
    open_board,
    pick_board,
    small_boards,
    wait_ready,
)
from tests.player.static.test_screens import each_once

SIZES = {"desktop": (DESKTOP, {}), "phone": (PHONE, TOUCH)}
SIDES = ("top", "bottom", "left", "right")


def message(page: Page) -> str:
    return page.inner_text("[data-role=message]")


def press(page: Page, touch: dict[str, Any], selector: str) -> None:
    """A click, or on a phone a tap (the control scrolled into view first)."""
    page.locator(selector).scroll_into_view_if_needed()
    (page.tap if touch else page.click)(selector)


def shots(page: Page, name: str, selector: str) -> None:
    """The control in view, light and dark."""
    for shade in ("light", "dark"):
        page.evaluate("s => { document.documentElement.dataset.theme = s; }", shade)
        page.locator(selector).scroll_into_view_if_needed()
        shot(page, f"{name}-{shade}")


def setter_board(page: Page) -> dict[str, Any]:
    return page.evaluate("({clues: window.pb.setter.board.clues, regions: window.pb.setter.board.regions || null, rows: window.pb.setter.board.rows, cols: window.pb.setter.board.cols, undo: window.pb.setter.undo.length})")


def edge(page: Page, touch: dict[str, Any], how: str, side: str) -> dict[str, Any]:
    """Press one edge button and wait for its one undoable edit."""
    before = page.evaluate("window.pb.setter.undo.length")
    press(page, touch, f"#setter-{how}-{side}")
    page.wait_for_function("n => window.pb.setter.undo.length === n + 1", arg=before)
    return setter_board(page)


# ---------------------------------------------------------------- the setter's edges

@PAGE_ONLY
@pytest.mark.parametrize("puzzle", ["slant", "ripple"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_setter_adds_and_removes_a_row_or_column_on_every_side(browser: Browser, server: str, size: str,
                                                                   puzzle: str) -> None:
    """Slant's clues sit on corners (one more row and column of them), Ripple's on cells inside
    regions: each side's added line is empty (a new Ripple cell a region of its own), the rest
    where it was; taking the four lines away again gives the board back exactly."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, puzzle)[0]
        open_board(page, server, puzzle, rec["id"])
        page.click("#setter")
        page.wait_for_selector("#setter-panel:not([hidden])")
        answers(page, "1")
        start = setter_board(page)
        clues, regions = start["clues"], start["regions"]
        got = edge(page, touch, "add", "top")
        assert got["rows"] == rec["rows"] + 1 and got["clues"][1:] == clues and all(v is None for v in got["clues"][0])
        if regions:
            assert got["regions"][1:] == regions
            fresh = got["regions"][0]
            assert len(set(fresh)) == len(fresh) and not set(fresh) & {v for row in regions for v in row}
        got = edge(page, touch, "add", "left")
        assert [row[1:] for row in got["clues"][1:]] == clues and all(row[0] is None for row in got["clues"])
        got = edge(page, touch, "add", "bottom")
        got = edge(page, touch, "add", "right")
        assert (got["rows"], got["cols"]) == (rec["rows"] + 2, rec["cols"] + 2)
        assert [row[1:-1] for row in got["clues"][1:-1]] == clues
        if regions:
            assert [row[1:-1] for row in got["regions"][1:-1]] == regions
        assert f"{rec['rows'] + 2}×{rec['cols'] + 2}" in message(page), message(page)
        shots(page, f"setfile-edges-added-{puzzle}-{size}", "#setter-add-top")
        for side in SIDES:
            got = edge(page, touch, "cut", side)
        assert got["clues"] == clues and got["regions"] == regions and got["undo"] == start["undo"] + 8
        answers(page, "1")
        got = edge(page, touch, "cut", "top")  # the board's own top row, and its clues with it
        assert got["clues"] == clues[1:] and got["rows"] == rec["rows"] - 1
        if regions:
            assert got["regions"] == regions[1:]
        lost = sum(v is not None for v in clues[0])
        assert (f"{lost} clue" in message(page)) == (lost > 0), message(page)
        page.keyboard.press("z")
        page.wait_for_function("n => window.pb.setter.board.rows === n", arg=rec["rows"])
        assert setter_board(page)["clues"] == clues
        assert page.input_value("#setter-rows") == str(rec["rows"])  # the size fields follow an undo
        shots(page, f"setfile-edges-cut-{puzzle}-{size}", "#setter-cut-top")


# ---------------------------------------------------------------- New board: any size, the seed

def cli_grades(puzzle: str) -> list[str]:
    return [*engine.levels(puzzles.get(puzzle)), engine.SEARCH]


@each_once(size=list(SIZES), server=BACKENDS)
def test_new_board_at_any_size_with_the_command_lines_seed_and_grade(browser: Browser, server: str, size: str) -> None:
    """A 3x7 Slant (no bank size) from seed 2^63-1, which the page refused (it took seeds below
    2^31): the library's board for that seed and grade, the command that makes it again shown,
    and the seed kept in its field so Make board makes it again; the grade list names the
    command line's grades; a size past the generator's bound is said, with this page's bound."""
    viewport, touch = SIZES[size]
    seed = 2**63 - 1
    with opened(browser, viewport, **touch) as page:
        open_board(page, server, "slant", small_boards(server, "slant")[0]["id"])
        options = page.evaluate("[...document.querySelectorAll('#grade option')].map(o => [o.value, o.textContent])")
        assert [v for v, _ in options[1:]][:len(cli_grades("slant"))] == cli_grades("slant")
        assert all(text.split(" ")[0] == value for value, text in options[1:]), options
        page.select_option("#grade", "count")
        page.wait_for_function("window.pb.busy === 0")  # the grade's bank list opens its first board
        page.fill("#new-rows", "3")
        page.fill("#new-cols", "7")
        page.fill("#new-seed", str(seed))
        key = page.evaluate("window.pb.key")
        press(page, touch, "#new-make")
        page.wait_for_function("k => window.pb.key !== k && window.pb.rec.board.cols === 7", arg=key, timeout=120_000)
        want = api.generate("slant", 3, 7, "count", seed)
        assert page.evaluate("window.pb.rec.board.clues") == want.clues
        command = f"pencilbox generate slant 3x7 --seed {seed} --grade count"
        assert page.inner_text("[data-role=new-command]") == command
        assert page.input_value("#new-seed") == str(seed) and f"seed {seed}" in page.inner_text("#board-info")
        shots(page, f"setfile-new-board-{size}", "#new-panel")

        press(page, touch, "#new-board")  # the top bar's New board: a fresh seed, shown, and replayable
        page.wait_for_function("s => document.querySelector('#new-seed').value !== s && window.pb.rec.made", arg=str(seed), timeout=120_000)
        drawn = page.input_value("#new-seed")
        made = page.evaluate("window.pb.rec.board")
        assert made["clues"] == api.generate("slant", 3, 7, "count", int(drawn)).clues
        opens = page.evaluate("window.pb.openSeq")
        press(page, touch, "#new-make")
        page.wait_for_function("n => window.pb.openSeq > n && !window.pb.busy", arg=opens, timeout=120_000)
        assert page.evaluate("window.pb.rec.board") == made

        entry = catalog_entry(server, "slant")
        most = entry["generate_cells"] if over_http(server) else entry["generate_cells_readable"]
        page.fill("#new-rows", str(most + 1))
        page.fill("#new-cols", "1")
        press(page, touch, "#new-make")
        page.wait_for_function("document.querySelector('[data-role=message]').dataset.kind === 'error'")
        assert f"at most {most:,}" in message(page), message(page)
        page.fill("#new-rows", "3")
        page.fill("#new-seed", "12x")
        press(page, touch, "#new-make")
        page.wait_for_function("document.querySelector('[data-role=message]').textContent.includes('2^63-1')")


# ---------------------------------------------------------------- save to and load from a file

def tap_cells(page: Page, touch: dict[str, Any], cells: list[tuple[int, int]]) -> None:
    for r, c in cells:
        (page.tap if touch else page.click)(cell(r, c))


@each_once(size=list(SIZES)[::-1], server=BACKENDS)
def test_the_board_and_position_saved_as_a_file_and_loaded_back(browser: Browser, server: str, size: str,
                                                               tmp_path: Path) -> None:
    """Text and JSON downloads in the project's formats (the library reads them, the position as
    the answer section); loaded back from the picker on another board, its entries are one undo
    step; a bad file names what and where and changes nothing; the setter saves and loads its
    own board; a dropped file opens as a picked one does."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, console=False, accept_downloads=True, **touch) as page:  # the bad file: a 400
        recs = small_boards(server, "fillapix")
        rec = recs[0]
        pick_board(page, server, "fillapix", rec["id"])  # the board list then holds recs[1]
        tap_cells(page, touch, [(0, 0), (1, 1), (1, 1), (2, 3)])
        page.wait_for_function("window.pb.undo.length === 4")
        pos = page.evaluate("window.pb.pos")
        board = boardio.board_from_json({**rec, "answer": None})
        files = {}
        for fmt, button in (("text", "#save-text"), ("json", "#save-json")):
            page.locator(button).scroll_into_view_if_needed()
            with page.expect_download() as dl:
                (page.tap if touch else page.click)(button)
            text = Path(dl.value.path()).read_text()
            assert dl.value.suggested_filename == f"{rec['id']}.{'txt' if fmt == 'text' else 'json'}"
            read = api.read(text)
            assert read.clues == api.Board(board).clues
            assert read.shape.answer == puzzles.get("fillapix").marks.to_answer(board, pos)
            if fmt == "json":
                assert json.loads(text)["answer"] is not None
            else:
                assert "answer:" in text
            files[fmt] = tmp_path / dl.value.suggested_filename
            files[fmt].write_text(text)
        shots(page, f"setfile-file-saved-{size}", "#file-panel")

        page.select_option("#board-list", recs[1]["id"])  # another board, then the saved one from the picker
        page.wait_for_function("id => window.pb.key === id", arg=recs[1]["id"])
        page.set_input_files("#file-input", str(files["json"]))
        page.wait_for_function("p => JSON.stringify(window.pb.pos) === JSON.stringify(p)", arg=pos)
        assert page.evaluate("window.pb.rec.board.clues") == rec["clues"]
        assert "Opened" in message(page) and "entries" in message(page), message(page)
        key = page.evaluate("window.pb.key")
        page.keyboard.press("z")  # one step: what this browser had for the board
        page.wait_for_function("window.pb.pos.every(v => v === null)")
        page.keyboard.press("y")
        page.wait_for_function("p => JSON.stringify(window.pb.pos) === JSON.stringify(p)", arg=pos)

        page.set_input_files("#file-input", files=[{"name": "bad.txt", "mimeType": "text/plain",
                                                    "buffer": b"fillapix 2x2\nclues:\n1 .\n. x\n"}])
        page.wait_for_function("document.querySelector('[data-role=message]').dataset.kind === 'error'")
        said = message(page)
        assert "bad.txt" in said and "line 4, column 3" in said and "Nothing was changed" in said and "\n" not in said, said
        assert page.evaluate("window.pb.key") == key and page.evaluate("window.pb.pos") == pos
        shots(page, f"setfile-file-bad-{size}", "#file-panel")

        page.click("#setter")  # the setter: its board saved without a position, and a file loaded into it
        page.wait_for_selector("#setter-panel:not([hidden])")
        page.locator("#save-text").scroll_into_view_if_needed()
        with page.expect_download() as dl:
            (page.tap if touch else page.click)("#save-text")
        assert dl.value.suggested_filename.endswith("-setter.txt")
        assert "answer:" not in Path(dl.value.path()).read_text()
        other = boardio.dump(boardio.board_from_json({**recs[2], "answer": None}), "text")
        undo = page.evaluate("window.pb.setter.undo.length")
        page.set_input_files("#file-input", files=[{"name": "other.txt", "mimeType": "text/plain", "buffer": other.encode()}])
        page.wait_for_function("c => JSON.stringify(window.pb.setter.board.clues) === JSON.stringify(c)", arg=recs[2]["clues"])
        assert page.evaluate("window.pb.setter.undo.length") == undo + 1
        page.click("#setter")
        page.wait_for_selector("#setter-panel", state="hidden")

        page.evaluate("""text => { const dt = new DataTransfer(); dt.items.add(new File([text], 'dropped.txt', {type: 'text/plain'}));
                                   document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true})); }""",
                      files["text"].read_text())
        page.wait_for_function("document.querySelector('[data-role=message]').textContent.startsWith('Opened dropped.txt')")
        assert page.evaluate("window.pb.pos") == pos
        page.reload()  # the loaded board and its entries are kept as any board is
        wait_ready(page)
        assert page.evaluate("window.pb.pos") == pos
