"""Issue 48, item 2 and item 4's target size, in chromium at 1280x800, 390x844 and 320x568:
nothing clipped (every column of a 60x60 setter board and of the bank's 20x20 Fill-a-Pix
reachable by scrolling), nothing jumps (opening a trial and its failure line leave the board
where it was), cells that keep at least their physical size at 200 % zoom (the page scrolls
instead), a sticky status block of at most a quarter of a phone's height, and every control of
the page at least 44x44 CSS px on a phone. Screenshots land in tests/player/screenshots/."""

# ruff: noqa: E501 (the page scripts below are JavaScript, kept whole on their lines)

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page  # noqa: E402  (test_browser skips first)

from tests.player.chrome import DESKTOP, PAGE_ONLY, PHONE, TOUCH, opened, shot
from tests.player.static.test_browser import (
    PUZZLES,
    catalog_entry,
    open_board,
    open_id,
    small_boards,
    wait_ready,
)
from tests.player.static.test_screens import largest
from tests.player.static.test_trials import enter, failing_entry

SMALL = {"width": 320, "height": 568}
SIZES = {"desktop": (DESKTOP, {}), "phone": (PHONE, TOUCH), "small": (SMALL, TOUCH)}

#: the columns of the open board that no scrolling brings into view: at the wrap's and the
#: page's leftmost scroll, the cells left of what is seen; at their rightmost, those right of it
UNREACHABLE = """() => {
  const w = document.getElementById('board-wrap'), b = window.pb.setter ? window.pb.setter.board : window.pb.rec.board;
  const lost = new Set();
  for (const [x, side] of [[0, 'left'], [1e7, 'right']]) {
    w.scrollLeft = x; window.scrollTo(x, window.scrollY);
    const wr = w.getBoundingClientRect(), lo = Math.max(0, wr.left), hi = Math.min(innerWidth, wr.right);
    for (let c = 0; c < b.cols; c++) {
      const r = document.querySelector(`[data-cell='0,${c}']`).getBoundingClientRect();
      if (side === 'left' ? r.left < lo - 0.5 : r.right > hi + 0.5) lost.add(c);
    }
  }
  w.scrollLeft = 0; window.scrollTo(0, window.scrollY);
  return [...lost].sort((a, b) => a - b);
}"""

#: every control a finger can press that is drawn now: its box, and for a checkbox the label
#: that holds it (a tap on the label ticks it); disabled ones count too, they are still targets
CONTROLS = """() => [...document.querySelectorAll('button, select, input, textarea, summary, a[href]')]
  .filter((e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: false }))
  .map((e) => { const t = e.type === 'checkbox' && e.closest('label') || e; const r = t.getBoundingClientRect();
    return [e.id || e.dataset.key || e.textContent.trim().slice(0, 16), Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; })"""


def board_box(page: Page) -> list[float]:
    """The board's box in page coordinates (a scroll of the page does not change it)."""
    return page.evaluate("(() => { const r = document.getElementById('board').getBoundingClientRect();"
                         " return [r.left + scrollX, r.top + scrollY, r.width, r.height]; })()")


def cell_px(page: Page) -> float:
    return page.evaluate("document.querySelector(\"[data-cell='0,0']\").getBoundingClientRect().width")


# ---------------------------------------------------------------- nothing clipped

@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
def test_every_column_is_reachable_by_scrolling(browser: Browser, server: str, size: str) -> None:
    """A 60x60 setter board (at 16 px a cell wider than every screen here) and the bank's largest
    Fill-a-Pix: the first and the last column can each be scrolled to (today's centred wrap cut
    the left of a wide board: 21 px at 1280, 298 px at 390, and Fill-a-Pix's column 1 at 320)."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        page.goto(server + "/")
        wait_ready(page)
        page.click("#setter")
        page.wait_for_selector("#setter-panel:not([hidden])")
        page.fill("#setter-rows", "60")
        page.fill("#setter-cols", "60")
        page.click("#setter-blank")
        page.wait_for_function("window.pb.setter.board.rows === 60 && window.pb.setter.board.cols === 60")
        assert page.evaluate(UNREACHABLE) == [], f"60x60 setter board at {viewport}"
        page.evaluate("document.getElementById('board-wrap').scrollLeft = 1e7")
        shot(page, f"room-setter-60x60-right-{size}")
        page.click("#setter")
        page.wait_for_selector("#setter-panel", state="hidden")
        board_id = largest(server, "fillapix")["id"]
        open_id(page, server, board_id)
        assert page.evaluate("window.pb.rec.board.cols") >= 20
        assert page.evaluate(UNREACHABLE) == [], f"{board_id} at {viewport}"
        shot(page, f"room-{board_id}-{size}")


# ---------------------------------------------------------------- nothing jumps

@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
def test_a_trial_and_its_failure_never_move_the_board(browser: Browser, server: str, size: str) -> None:
    """Trial, a wrong entry whose failure the ladder finds (its line shows up a moment after the
    move, under the pointer), then Reject: the board's box never changes (today it moved down
    25 px and 62 px more at 1280, 70 and 67 at 390). The status block that stays on screen while
    a board scrolls is at most a quarter of a phone's height (today 202 px of 568)."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "sukoro")[0]
        info = catalog_entry(server, "sukoro")
        level = info["levels"][-1]
        i, bad, _ = failing_entry(server, rec, info["cycle"], level)
        open_board(page, server, "sukoro", rec["id"])
        page.select_option("#hint-level", level)
        page.evaluate("window.scrollTo(0, 0)")
        before = board_box(page)
        (page.tap if touch else page.click)("#trial")
        page.wait_for_function("window.pb.trial === 1")
        assert page.is_visible("[data-role=trial]")
        assert board_box(page) == before, "opening a trial moved the board"
        enter(page, rec, i, bad, tap=bool(touch))
        page.wait_for_selector("[data-role=trial][data-failed=yes]")
        assert page.is_visible("#trial-fail")
        assert board_box(page) == before, "the failed trial's line moved the board"
        page.evaluate("window.scrollTo(0, 0)")
        status = page.locator("#status").bounding_box()
        fail = page.locator("#trial-fail").bounding_box()
        board = page.locator("#board").bounding_box()
        assert status and fail and board
        assert fail["y"] + fail["height"] <= board["y"] + 0.5, "the failure line covers the board"
        if touch:
            assert status["height"] <= viewport["height"] / 4, f"the sticky block is {status['height']} px of {viewport['height']}"
        shot(page, f"room-trial-failed-{size}")
        (page.tap if touch else page.click)("#trial-reject")
        page.wait_for_function("window.pb.trial === 0")
        assert board_box(page) == before, "rejecting the trial moved the board"


# ---------------------------------------------------------------- 200 % zoom

ZOOMED = {"width": DESKTOP["width"] // 2, "height": DESKTOP["height"] // 2}


@PAGE_ONLY
def test_at_200_percent_zoom_cells_keep_their_size_and_the_page_scrolls(browser: Browser, server: str) -> None:
    """Chromium's page zoom halves the CSS viewport and doubles the device pixels a CSS px takes,
    so 200 % of 1280x800 is emulated as a 640x400 viewport at device scale 2 (CDP's
    setPageScaleFactor is a pinch zoom, which lays nothing out again). Each puzzle's smallest and
    largest bank board: a cell at 200 % takes at least the device pixels it took at 100 % (today
    a 10x10 Sukoro's 56 px became 37), and its last row is reached by scrolling the page."""
    boards = [b for p in PUZZLES for b in (small_boards(server, p)[0]["id"], largest(server, p)["id"])]
    at: dict[str, list[float]] = {}
    for viewport, scale in ((DESKTOP, 1), (ZOOMED, 2)):
        with opened(browser, viewport, device_scale_factor=scale) as page:
            page.goto(server + "/")
            wait_ready(page)
            for board_id in boards:
                open_id(page, server, board_id)
                at.setdefault(board_id, []).append(cell_px(page) * scale)
                if scale == 2:
                    rows, cols = page.evaluate("[window.pb.rec.board.rows, window.pb.rec.board.cols]")
                    page.locator(f"[data-cell='{rows - 1},{cols - 1}']").scroll_into_view_if_needed()
                    last = page.locator(f"[data-cell='{rows - 1},{cols - 1}']").bounding_box()
                    assert last and last["y"] + last["height"] <= ZOOMED["height"] + 0.5, board_id
                    if board_id == boards[2]:
                        page.evaluate("window.scrollTo(0, 0)")
                        shot(page, f"room-zoom-200-{board_id}")
    shrunk = {k: [round(v, 1) for v in pair] for k, pair in at.items() if pair[1] < pair[0] - 0.5}
    assert not shrunk, f"device px a cell at 100 % and at 200 %: {shrunk}"


# ---------------------------------------------------------------- 44 px targets

def small_controls(page: Page) -> list[Any]:
    return [c for c in page.evaluate(CONTROLS) if c[1] < 44 or c[2] < 44]


@PAGE_ONLY
@pytest.mark.parametrize("size", ["phone", "small"])
def test_every_control_is_44_px_on_a_phone(browser: Browser, server: str, size: str) -> None:
    """Every control drawn, in play (Ripple's pencil-mark buttons and pad, an open trial, the
    share panel), on Slant (Forest), in Fill-a-Pix's setter (its panel and the clue pad's 11 keys) and in the
    statistics: at least 44x44 CSS px (WCAG 2.5.5; today 29 of them were 30 px tall or less,
    the checkboxes 13 px)."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "ripple")[0]
        open_board(page, server, "ripple", rec["id"])
        free = next(i for i, v in enumerate(v for row in rec["clues"] for v in row) if v is None)
        page.tap(f"[data-cell='{free // rec['cols']},{free % rec['cols']}']")
        page.wait_for_selector("[data-role=pad]:not([hidden])")
        page.tap("#trial")
        page.wait_for_function("window.pb.trial === 1")
        page.tap("#share")
        page.wait_for_selector("#share-panel:not([hidden])")
        page.evaluate("document.getElementById('help').open = true")
        assert small_controls(page) == [], "ripple"
        shot(page, f"room-controls-ripple-{size}")
        open_board(page, server, "slant", small_boards(server, "slant")[0]["id"])
        assert page.is_visible("#forest")
        assert small_controls(page) == [], "slant"
        open_board(page, server, "fillapix", small_boards(server, "fillapix")[0]["id"])
        page.tap("#setter")
        page.wait_for_selector("#setter-panel:not([hidden])")
        page.tap("[data-cell='0,0']")  # the clue pad: eleven keys, 0 to 9 and clear
        page.wait_for_selector("[data-role=pad]:not([hidden])")
        assert small_controls(page) == [], "setter"
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, f"room-controls-setter-{size}")
        page.evaluate("document.getElementById('stats').click()")
        page.wait_for_selector("#stats-dialog[open]")
        assert small_controls(page) == [], "statistics"
