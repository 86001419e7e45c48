"""Nothing a user made is lost (issue 48, item 1), in chromium at 1280x800 and 390x844: the
setter's board kept across modes and reloads, two tabs on one board merged (or the merge said),
Back and Forward moving between the boards opened, and a bad ``?import=`` link saying why it
was refused. Screenshots of each land in tests/player/screenshots/."""

# ruff: noqa: E501 (the page scripts below are JavaScript, kept whole on their lines)

from __future__ import annotations

import urllib.parse
from typing import Any

import pytest
from playwright.sync_api import Browser, Page  # noqa: E402  (test_browser skips first)

from tests.player.chrome import BACKENDS, DESKTOP, PAGE_ONLY, PHONE, TOUCH, opened, shot
from tests.player.static.test_browser import cell, open_board, position, small_boards, wait_ready
from tests.player.static.test_screens import each_once

SIZES = {"desktop": (DESKTOP, {}), "phone": (PHONE, TOUCH)}
KEPT = "window.pb.setter && window.pb.setter.board.rows === 7 && window.pb.setter.board.cols === 7 && window.pb.setter.board.clues[1][1] === 4 && window.pb.setter.board.clues[3][3] === 2"


def message(page: Page) -> str:
    return page.inner_text("[data-role=message]")


def setter_again(page: Page) -> None:
    """Press Setter (unless the page reopened it itself): the kept 7x7 with its two clues."""
    if not page.is_visible("#setter-panel"):
        page.click("#setter")
    page.wait_for_function(KEPT)
    assert "7×7" in message(page), message(page)


def leave_setter(page: Page) -> None:
    page.click("#setter")
    page.wait_for_selector("#setter-panel", state="hidden")


@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
def test_the_setter_board_is_kept_across_modes_and_reloads(browser: Browser, server: str, size: str) -> None:
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        boards = small_boards(server, "fillapix")
        open_board(page, server, "fillapix", boards[0]["id"])
        page.click("#setter")
        page.wait_for_selector("#setter-panel:not([hidden])")
        page.fill("#setter-rows", "7")
        page.fill("#setter-cols", "7")
        page.click("#setter-blank")
        page.wait_for_function("window.pb.setter.board.rows === 7 && window.pb.setter.board.cols === 7")
        for (r, c), v in (((1, 1), "4"), ((3, 3), "2")):
            page.click(cell(r, c))
            page.keyboard.press(v)
        page.wait_for_function(KEPT)

        leave_setter(page)  # Setter pressed again: back to play, then into the setter
        setter_again(page)
        shot(page, f"lost-setter-kept-{size}")
        page.click("#pause")  # Pause leaves the setter; Resume, then Setter
        page.click("#pause")
        setter_again(page)
        key = page.evaluate("window.pb.key")
        page.click("#next-board")
        page.wait_for_function("k => window.pb.key !== k && !window.pb.setter", arg=key)
        setter_again(page)
        page.select_option("#board-list", boards[2]["id"])
        page.wait_for_function("id => window.pb.key === id && !window.pb.setter", arg=boards[2]["id"])
        setter_again(page)
        page.click("#new-board")
        page.wait_for_function("window.pb.rec.id === null && !window.pb.setter", timeout=90_000)
        setter_again(page)
        page.reload()
        wait_ready(page)
        setter_again(page)

        # a fresh blank board is one click, and one undo brings the kept board back
        page.fill("#setter-rows", "5")
        page.fill("#setter-cols", "5")
        page.click("#setter-blank")
        page.wait_for_function("window.pb.setter.board.rows === 5 && window.pb.setter.board.clues.flat().every(v => v === null)")
        page.keyboard.press("z")
        page.wait_for_function(KEPT)
        page.click("#setter-current")  # and the play board is one click away
        page.wait_for_function("JSON.stringify(window.pb.setter.board.clues) === JSON.stringify(window.pb.rec.board.clues)")


def progress(page: Page) -> Any:
    return page.evaluate("JSON.parse(localStorage.getItem('pencilbox:progress:' + window.pb.key))")


def tap(page: Page, touch: dict[str, Any], r: int, c: int) -> None:
    if touch:
        page.tap(cell(r, c))
    else:
        page.click(cell(r, c))


@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
def test_two_tabs_on_one_board_keep_both_tabs_moves(browser: Browser, server: str, size: str) -> None:
    """A makes 3 moves, B (opened before them) makes 2 and closes: all 5 are kept, in A at once
    and after a reload."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as a:
        rec = small_boards(server, "fillapix")[0]
        open_board(a, server, "fillapix", rec["id"])
        b = a.context.new_page()
        b.goto(a.url)
        wait_ready(b)
        assert b.evaluate("window.pb.key") == rec["id"]
        a.bring_to_front()
        for c in range(3):
            tap(a, touch, 0, c)
        a.wait_for_function("() => { const p = JSON.parse(localStorage.getItem('pencilbox:progress:' + window.pb.key)); return p && p.pos.slice(0, 3).every(v => v !== null); }")
        b.bring_to_front()
        last = rec["rows"] - 1
        for c in range(2):
            tap(b, touch, last, c)
        b.wait_for_function("r => window.pb.pos[r * window.pb.rec.board.cols + 1] !== null", arg=last)
        b.close(run_before_unload=True)
        mine = [0, 1, 2, last * rec["cols"], last * rec["cols"] + 1]
        a.wait_for_function("cells => cells.every(i => window.pb.pos[i] !== null)", arg=mine)
        assert "another tab" in message(a).lower(), message(a)
        shot(a, f"lost-tabs-merged-{size}")
        a.reload()
        wait_ready(a)
        assert all(position(a)[i] is not None for i in mine), position(a)


@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
def test_moves_made_in_two_tabs_at_once_are_merged_and_undo_shows_the_other(browser: Browser, server: str,
                                                                             size: str) -> None:
    """Both tabs moved since they last agreed: the other tab's moves join this one's; a cell both
    changed keeps this tab's entry, said on the message line, and one Undo shows the other's position."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "fillapix")[0]
        open_board(page, server, "fillapix", rec["id"])
        tap(page, touch, 1, 1)  # a move both tabs saw
        page.wait_for_function("() => { const p = JSON.parse(localStorage.getItem('pencilbox:progress:' + window.pb.key)); return p && p.pos[window.pb.rec.board.cols + 1] !== null; }")
        theirs = page.evaluate("""() => {
            const key = 'pencilbox:progress:' + window.pb.key, old = localStorage.getItem(key), p = JSON.parse(old);
            const C = window.pb.rec.board.cols, far = 2 * C + 2;  // another tab: cells 0 and far, undecided here
            const ch = [[0, p.pos[0], '.', 0, 0], [far, p.pos[far], '#', 0, 0]];
            for (const [i, , a] of ch) p.pos[i] = a;
            p.undo.push({ ch, kind: 'move' });
            const now = JSON.stringify(p);
            window.pb.cursor = { r: 0, c: 0 };
            document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));  // this tab: cell 0 painted, not yet saved
            localStorage.setItem(key, now);  // the other tab's save, and its event
            window.dispatchEvent(new StorageEvent('storage', { key, oldValue: old, newValue: now, storageArea: localStorage }));
            return p.pos;
        }""")
        mine = position(page)
        far = 2 * rec["cols"] + 2
        assert mine[far] == theirs[far] == "#"
        assert mine[0] == "#" and theirs[0] == "."  # this tab's entry kept where both changed
        assert mine[rec["cols"] + 1] is not None
        text = message(page)
        assert "another tab" in text.lower() and "1 cell" in text, text
        shot(page, f"lost-tabs-conflict-{size}")
        page.keyboard.press("z")
        page.wait_for_function("t => JSON.stringify(window.pb.pos) === t", arg=_js(theirs))
        page.wait_for_function("t => JSON.parse(localStorage.getItem('pencilbox:progress:' + window.pb.key)).pos[0] === t", arg=theirs[0])


def _js(value: Any) -> str:
    import json
    return json.dumps(value, separators=(",", ":"))


@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
def test_back_and_forward_move_between_boards(browser: Browser, server: str, size: str) -> None:
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        boards = small_boards(server, "fillapix")
        open_board(page, server, "fillapix", boards[0]["id"])
        ids = page.evaluate("window.pb.listIds")
        tap(page, touch, 0, 0)
        page.wait_for_function("window.pb.pos[0] !== null")
        page.click("#next-board")
        page.wait_for_function("id => window.pb.key === id", arg=ids[1])
        page.click("#next-board")
        page.wait_for_function("id => window.pb.key === id", arg=ids[2])
        page.go_back()
        page.wait_for_function("id => window.pb.key === id", arg=ids[1])
        assert page.url.startswith(server)
        page.go_back()
        page.wait_for_function("id => window.pb.key === id", arg=ids[0])
        page.wait_for_function("window.pb.pos[0] !== null")  # with its progress
        assert page.url.startswith(server) and urllib.parse.unquote(page.url).endswith("#" + ids[0])
        page.go_forward()
        page.wait_for_function("id => window.pb.key === id", arg=ids[1])
        assert urllib.parse.unquote(page.url).endswith("#" + ids[1])
        shot(page, f"lost-history-{size}")


@each_once(size=list(SIZES), server=BACKENDS)
def test_a_bad_import_link_says_why(browser: Browser, server: str, size: str) -> None:
    viewport, touch = SIZES[size]
    with opened(browser, viewport, console=False, **touch) as page:  # the refusal is a 400 from pencilbox play
        rec = small_boards(server, "fillapix")[0]
        open_board(page, server, "fillapix", rec["id"])
        tap(page, touch, 0, 0)
        page.wait_for_function("window.pb.pos[0] !== null")
        page.goto(server + "/?import=" + urllib.parse.quote("https://puzz.link/p?fillapix/3/3/zzzz", safe=""))
        wait_ready(page)
        text = message(page)
        assert "could not be opened" in text and "more than 9 cells" in text and "instead" in text, text
        assert page.get_attribute("[data-role=message]", "data-kind") == "error"
        assert page.evaluate("window.pb.key") == rec["id"]  # the last board, its progress kept
        assert "?import" not in page.url
        shot(page, f"lost-bad-import-{size}")
        page.goto(server + "/?import=")
        wait_ready(page)
        text = message(page)
        assert "could not be opened" in text and "empty" in text, text


@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
def test_two_tabs_in_the_setter_take_in_each_others_board(browser: Browser, server: str, size: str) -> None:
    """A tab with no setter edit of its own shows the other tab's kept board as it is saved; one
    with an edit since keeps its board, says so, and one Undo shows the other tab's."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as a:
        rec = small_boards(server, "fillapix")[0]
        open_board(a, server, "fillapix", rec["id"])
        b = a.context.new_page()
        b.goto(a.url)
        wait_ready(b)
        for page in (a, b):
            page.bring_to_front()
            page.click("#setter")
            page.wait_for_selector("#setter-panel:not([hidden])")
        a.bring_to_front()
        a.fill("#setter-rows", "7")
        a.fill("#setter-cols", "7")
        a.click("#setter-blank")
        for (r, c), v in (((1, 1), "4"), ((3, 3), "2")):
            a.click(cell(r, c))
            a.keyboard.press(v)
        b.wait_for_function(KEPT)  # B had no edit: A's board is shown there
        assert "another tab" in message(b).lower(), message(b)
        theirs = b.evaluate("""() => {
            const key = 'pencilbox:setter:fillapix', old = localStorage.getItem(key), k = JSON.parse(old);
            k.board.clues[5][5] = 1;  // A again, while B types a clue of its own
            k.undo.push({ board: JSON.parse(JSON.stringify(k.board)), walls: null });
            const now = JSON.stringify(k);
            window.pb.setter.sel = { r: 0, c: 0 };
            document.dispatchEvent(new KeyboardEvent('keydown', { key: '3' }));
            localStorage.setItem(key, now);
            window.dispatchEvent(new StorageEvent('storage', { key, oldValue: old, newValue: now, storageArea: localStorage }));
            return k.board.clues;
        }""")
        b.wait_for_function(KEPT + " && window.pb.setter.board.clues[0][0] === 3 && window.pb.setter.board.clues[5][5] === null")
        assert "this tab's board stays" in message(b), message(b)
        shot(b, f"lost-setter-tabs-{size}")
        b.keyboard.press("z")
        b.wait_for_function("t => JSON.stringify(window.pb.setter.board.clues) === t", arg=_js(theirs))
        b.close()
