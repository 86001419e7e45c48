"""The player on every screen (issue 28): Ripple and the setter by touch (the number pad),
feedback in view at 1280x800 and 390x844, controls that show the open board and give the
keys back to it, and the smaller items (labels, the blank dot, check messages that say where,
impossible clues refused; the text contrast script, run by test_marks' contrast test).
Playwright drives Debian's chromium against the live server; screenshots land in
tests/player/screenshots/ (test artefacts, not committed)."""

# ruff: noqa: E501 (the page scripts below are JavaScript, kept whole on their lines)

from __future__ import annotations

import re
import urllib.parse
from typing import Any

import pytest
from playwright.sync_api import Browser, Page  # noqa: E402  (test_browser skips first)

from pencilbox import bank, puzzles
from tests.player.chrome import BACKENDS, DESKTOP, PAGE_ONLY, PHONE, TOUCH, opened, over_http, shot
from tests.player.static.test_browser import (
    PUZZLES,
    api,
    cell,
    open_board,
    open_id,
    position,
    small_boards,
    target_marks,
    wait_ready,
)

SIZES = {"desktop": (DESKTOP, {}), "phone": (PHONE, TOUCH)}

#: a test of the server itself (its warm-up, its HTTP answers mocked): collected on play alone
ON_PLAY = pytest.mark.parametrize("server", [b for b in BACKENDS if b == "play"], indirect=True)


def each_once(**factors: list[Any]) -> Any:
    """``parametrize`` over rows in which each value of each factor shows once (as many rows as
    the longest factor has values, the others cycled): for factors that never meet in the code,
    the screen size (the page's alone) and the back end (which engine answers). A factor named
    ``server`` is the back end (those of BACKENDS, passed to the fixture)."""
    if "server" in factors:
        factors["server"] = [b for b in factors["server"] if b in BACKENDS]
    n = max(len(v) for v in factors.values()) if all(factors.values()) else 0
    rows = [tuple(v[k % len(v)] for v in factors.values()) for k in range(n)]
    return pytest.mark.parametrize(",".join(factors), rows, indirect=["server"] if "server" in factors else False)


def rect(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    return box


def in_view(page: Page, selector: str) -> bool:
    """The element lies inside the viewport as it is now (not merely in the page)."""
    return page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""",
                         selector)


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def largest(server: str, puzzle: str) -> dict[str, Any]:
    boards = api(server, f"/api/bank?puzzle={puzzle}")["boards"]
    return max(boards, key=lambda b: (b["rows"] * b["cols"], b["id"]))


def answer_of(board_id: str) -> list[Any]:
    """The bank board's answer as the page's marks."""
    rec = next(r for r in bank.load(board_id.split("-")[0]) if r["id"] == board_id)
    return target_marks(rec)


def solve_in_page(page: Page, board_id: str) -> None:
    """Every mark of the answer entered at once, then Check: the win. The version moves as a move's
    does, so a check still on its way (the error display's, on by default) is not taken for this
    position's."""
    page.evaluate("a => { window.pb.pos.splice(0, a.length, ...a); window.pb.version++; }", answer_of(board_id))
    page.click("#check")
    page.wait_for_selector("[data-role=win]:not([hidden])")


def janko_slant() -> str:
    """A published 24x36 Slant (the largest the issue names) as its puzz.link URL (the folder's
    copy of the shared test data: a clone without ../shared has it too)."""
    return next(b["url"] for b in puzzles.published("slant") if b["id"] == "janko-gokigen-35_24x36")


def open_url(page: Page, server: str, url: str) -> None:
    """Open a board by its link (a fresh page load: the address is all it has)."""
    page.goto("about:blank")
    page.goto(f"{server}/#p={urllib.parse.quote(url, safe='')}")
    wait_ready(page)
    page.wait_for_function("window.pb.rec.id === null && window.pb.busy === 0")


# ---------------------------------------------------------------- item 1: Ripple by touch

def pad_rows(page: Page) -> int:
    """How many rows the pad's keys take; each key at least 24 px wide (WCAG 2.2's target size)
    and inside the screen."""
    keys = page.evaluate("""[...document.querySelectorAll('[data-role=pad] button')].map(b => {
        const r = b.getBoundingClientRect(); return [Math.round(r.top), r.width, r.left, r.right]; })""")
    width = page.evaluate("innerWidth")
    assert keys and all(w >= 24 and left >= 0 and right <= width for _, w, left, right in keys), keys
    return len({top for top, *_ in keys})


@PAGE_ONLY
def test_ripple_is_played_by_touch_with_the_pad(browser: Browser, server: str) -> None:
    with opened(browser, PHONE, **TOUCH) as page:
        open_board(page, server, "ripple", "ripple-6x6-region-03")
        rec = page.evaluate("window.pb.rec.board")
        flat = [v for row in rec["regions"] for v in row]
        free = next(i for i in range(rec["rows"] * rec["cols"])
                    if rec["clues"][i // rec["cols"]][i % rec["cols"]] is None and flat.count(flat[i]) >= 3)
        r, c = divmod(free, rec["cols"])
        for _ in range(3):  # the three taps: the first selects, the next count up
            page.tap(cell(r, c))
        assert position(page)[free] == 2
        assert page.is_visible("[data-role=pad]")
        keys = page.evaluate("[...document.querySelectorAll('[data-role=pad] button')].map(b => b.dataset.key)")
        size = page.evaluate("i => { const b = window.pb.rec.board; const lab = b.regions[Math.floor(i / b.cols)]"
                             "[i % b.cols]; return b.regions.flat().filter(x => x === lab).length; }", free)
        assert keys == [str(k) for k in range(1, size + 1)] + ["Backspace", "m"]  # m: pencil marks
        page.tap(f"[data-role=pad] [data-key='{size}']")
        page.wait_for_function("([i, v]) => window.pb.pos[i] === v", arg=[free, size])
        assert not overlap(rect(page, "[data-role=pad]"), rect(page, cell(r, c)))
        page.tap("[data-role=pad] [data-key=Backspace]")
        page.wait_for_function("i => window.pb.pos[i] === null", arg=free)
        # the bottom row: the page scrolls it above the pad when the pad types into it
        last = (rec["rows"] - 1) * rec["cols"] + rec["cols"] - 1
        page.tap(cell(rec["rows"] - 1, rec["cols"] - 1))
        if rec["clues"][-1][-1] is None:
            page.tap("[data-role=pad] [data-key='1']")
            page.wait_for_function("i => window.pb.pos[i] === 1", arg=last)
        assert not overlap(rect(page, "[data-role=pad]"), rect(page, cell(rec["rows"] - 1, rec["cols"] - 1)))
        shot(page, "screens-ripple-phone-pad")


@PAGE_ONLY
def test_the_setter_takes_clues_from_the_pad_and_refuses_what_cannot_be(browser: Browser, server: str) -> None:
    with opened(browser, PHONE, **TOUCH) as page:
        rec = small_boards(server, "fillapix")[0]
        open_board(page, server, "fillapix", rec["id"])
        page.click("#setter")
        page.wait_for_selector("#setter-panel:not([hidden])")
        page.click("#setter-blank")
        page.tap(cell(0, 0))
        keys = page.evaluate("[...document.querySelectorAll('[data-role=pad] button')]"
                             ".map(b => [b.dataset.key, b.disabled])")
        assert [k for k, _ in keys] == [str(v) for v in range(10)] + ["Backspace"]
        assert [k for k, off in keys if off] == [str(v) for v in range(5, 10)]  # a corner counts 4 cells
        page.tap("[data-role=pad] [data-key='3']")
        page.wait_for_function("window.pb.setter.board.clues[0][0] === 3")
        page.keyboard.press("9")  # the keyboard is refused the same way, with the reason
        assert page.evaluate("window.pb.setter.board.clues[0][0]") == 3
        assert "counts 4 cells at most" in page.inner_text("[data-role=message]")
        page.keyboard.press("z")  # plain z undoes in the setter too
        page.wait_for_function("window.pb.setter.board.clues[0][0] === null")
        page.keyboard.press("y")
        page.wait_for_function("window.pb.setter.board.clues[0][0] === 3")
        assert pad_rows(page) == 2, "eleven keys of 44 px or more take two rows at 390 px (issue 48)"
        shot(page, "screens-setter-phone-pad")


@PAGE_ONLY
def test_a_long_press_cycles_backwards_and_a_mouse_gets_no_pad(browser: Browser, server: str) -> None:
    with opened(browser, PHONE, **TOUCH) as page:
        rec = small_boards(server, "slant")[0]
        open_board(page, server, "slant", rec["id"])
        box = rect(page, cell(0, 0))
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = page.context.new_cdp_session(page)
        point = [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
        # held, not a fixed wait: the step turns backwards while the finger stays down
        page.wait_for_function("window.pb.pos[0] === '/'")  # undecided, backwards: the last of \\ / -
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_function("window.pb.press === null && !window.pb.drag")
        assert page.evaluate("[window.pb.pos[0], window.pb.undo.length]") == ["/", 1]  # the lift adds no move
        page.tap("[data-role=pad] [data-key='mark:\\\\']")
        page.wait_for_function("window.pb.pos[0] === '\\\\'")
    with opened(browser, DESKTOP) as page:
        open_board(page, server, "ripple", "ripple-6x6-region-03")
        assert not page.is_visible("[data-role=pad]")


# ---------------------------------------------------------------- items 2 and 5: feedback in view, controls in step

CUT = """() => [...document.querySelectorAll('#topbar select, #toolbar select')].filter(e => e.offsetParent)
  .map(e => { const t = e.selectedOptions[0]?.textContent || '', st = getComputedStyle(e);
    const c = document.createElement('canvas').getContext('2d');
    c.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    return [e.id, t, e.scrollWidth > e.clientWidth || c.measureText(t).width + parseFloat(st.paddingLeft) + 14 > e.clientWidth]; })
  .filter(([, , cut]) => cut)"""


def bar_rows(page: Page) -> int:
    """The rows the top bar's controls take (tops within 12 px share a row)."""
    tops = sorted(page.evaluate("""[...document.querySelectorAll('#topbar > *')].filter(e => e.offsetParent)
        .map(e => Math.round(e.getBoundingClientRect().top))"""))
    return 1 + sum(b - a > 12 for a, b in zip(tops, tops[1:], strict=False))


def toolbar_rows(page: Page) -> int:
    """The rows the play controls' buttons and selects take (tops rounded to the px)."""
    return len(page.evaluate("""[...new Set([...document.querySelectorAll('#toolbar button, #toolbar select')]
        .filter(e => e.offsetParent).map(e => Math.round(e.getBoundingClientRect().top)))]"""))



@each_once(size=list(SIZES), server=BACKENDS[:1])  # the page's layout
def test_the_largest_boards_fit_and_the_message_stays_in_view(browser: Browser, server: str, size: str) -> None:
    """The bank's largest board of every puzzle, hinted, and a published 24x36 Slant (a board
    from outside the bank) checked: the message in view, and the board too where it fits. On each
    of them the top bar keeps one row of controls at 1280 px, two at 390 px, and no select shows
    its choice cut ("Slant (Gokigen Nana"); at 1280x800 every puzzle's play controls (Trial, back
    to correct, Forest on Slant, the pencil-mark buttons on Ripple) keep one row above the board.
    Each size once, each back end once: the layout is the page's, the hint and the check on the
    largest boards the engine's."""
    viewport, kw = SIZES[size]
    rows = 1 if size == "desktop" else 2
    with opened(browser, viewport, **kw) as page:
        page.goto(server + "/")
        wait_ready(page)
        boards = [(p, largest(server, p)["id"]) for p in PUZZLES]
        for puzzle, board_id in boards:
            open_id(page, server, board_id)
            assert bar_rows(page) == rows, f"{puzzle} {size}"
            assert page.evaluate(CUT) == [], f"{puzzle} {size}"
            if size == "desktop":
                assert toolbar_rows(page) == 1, f"{puzzle}: the toolbar takes {toolbar_rows(page)} rows"
            page.click("#hint")
            page.wait_for_function("document.querySelector('[data-role=message]').dataset.kind === 'hint'")
            assert in_view(page, "[data-role=message]"), f"{board_id}: the hint is out of view"
            cells = page.evaluate("window.pb.rec.board.rows * window.pb.rec.board.cols")
            if size == "desktop" or cells <= 10 * 10:
                assert in_view(page, "[data-role=board]"), f"{board_id} does not fit {viewport}"
            assert rect(page, cell(0, 0))["width"] >= 16 - 0.5
            shot(page, f"screens-{board_id}-{size}")
        open_url(page, server, janko_slant())
        assert page.evaluate("window.pb.rec.board.cols") == 36
        assert page.evaluate("document.querySelector('#board-list').selectedOptions[0].textContent") \
            == "— not from the bank —"
        assert page.evaluate(CUT) == [], f"an imported board, {size}"
        assert bar_rows(page) == rows, f"an imported board, {size}"
        assert page.is_visible("#notes-link")
        shot(page, f"screens-topbar-{size}")
        if size == "desktop":
            assert in_view(page, "[data-role=board]"), "a 24x36 Slant does not fit 1280x800"
        else:  # past 16 px a cell it scrolls; the message stays in view when it does
            page.evaluate("window.scrollBy(0, 300)")
            page.click("#check")
            assert in_view(page, "[data-role=message]")
        shot(page, f"screens-slant-24x36-{size}")


@PAGE_ONLY
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_win_banner_is_in_view(browser: Browser, server: str, size: str) -> None:
    viewport, kw = SIZES[size]
    with opened(browser, viewport, **kw) as page:
        board_id = largest(server, "fillapix")["id"] if size == "desktop" else small_boards(server, "fillapix")[0]["id"]
        open_id(page, server, board_id)
        solve_in_page(page, board_id)
        assert in_view(page, "[data-role=win]") and in_view(page, "[data-role=message]")
        shot(page, f"screens-win-{size}")


# ---------------------------------------------------------------- item 5: controls in step

@PAGE_ONLY
def test_selectors_show_the_open_board(browser: Browser, server: str) -> None:
    with opened(browser, PHONE, **TOUCH) as page:
        rec = api(server, "/api/bank?puzzle=slant")["boards"][-1]
        share = api(server, f"/api/board/{rec['id']}")["share"]
        open_url(page, server, share["url"])
        grade = page.evaluate("window.pb.rec.grade")
        shown = page.input_value("#grade")
        assert shown in ("", grade), f"the grade selector says {shown} for a board of grade {grade}"
        assert page.evaluate("document.querySelector('#board-list').selectedOptions[0].textContent") \
            == "— not from the bank —"
        page.select_option("#grade", "count")
        page.wait_for_function("window.pb.busy === 0 && window.pb.rec.grade === 'count'")
        page.click("#new-board")
        page.wait_for_function("window.pb.rec.id === null && window.pb.busy === 0", timeout=60_000)
        grade = page.evaluate("window.pb.rec.grade")
        assert page.input_value("#grade") in ("", grade)
        for sel in ("#size", "#grade", "#puzzle"):  # the selected text is shown whole
            cut = page.evaluate("""s => { const e = document.querySelector(s), t = e.selectedOptions[0].textContent;
                const c = document.createElement('canvas').getContext('2d'); const st = getComputedStyle(e);
                c.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
                return c.measureText(t).width + parseFloat(st.paddingLeft) + 14 > e.clientWidth ? t : ''; }""", sel)
            assert not cut, f"{sel} cuts '{cut}'"
        shot(page, "screens-selectors-phone")


@PAGE_ONLY
def test_keys_go_back_to_the_board_after_a_click(browser: Browser, server: str) -> None:
    with opened(browser, DESKTOP) as page:
        rec = small_boards(server, "slant")[0]
        open_board(page, server, "slant", rec["id"])
        page.click(cell(0, 0))
        page.wait_for_function("window.pb.pos[0] !== null")
        page.click("#check")
        page.keyboard.press("Space")  # marks the cell under the cursor, not Check again
        page.wait_for_function("window.pb.undo.length === 2")
        page.click("#live")
        page.keyboard.press("z")
        page.wait_for_function("window.pb.undo.length === 1")
        page.focus("#check")  # a button reached by the keyboard keeps Space
        page.keyboard.press("Space")
        assert page.evaluate("window.pb.undo.length") == 1


# ---------------------------------------------------------------- item 6: the smaller things

@ON_PLAY
@pytest.mark.parametrize("ready,left,says", [
    (5, 30.0, "Compiling the fast solver in the background: 5 of 13 parts ready, about 30 s left."),
    (13, 0.0, "The fast solver's 13 parts are compiled; building them ahead of time for quick starts (42 s so far)."),
])
def test_the_build_line_says_where_the_build_stands(browser: Browser, server: str, ready: int, left: float,
                                                    says: str) -> None:
    """The warm-up text, truthfully: the measured time left while jobs remain; once every job is
    done (13 of 13 read as "nearly there" while the ahead-of-time build ran on), that stage."""
    assert over_http(server), "the server's background build of the kernels; the static site compiles nothing"
    def status(route: Any) -> None:
        res = route.fetch()
        body = res.json()
        body["build"] = {**(body.get("build") or {}), "state": "running", "ready": ready, "total": 13,
                         "seconds": 42.0, "left_s": left}
        route.fulfill(response=res, json=body)
    with opened(browser, DESKTOP) as page:
        page.route("**/api/status", status)
        page.goto(server + "/")
        wait_ready(page)
        page.wait_for_selector("#build:not([hidden])")
        assert page.inner_text("#build").startswith(says)


def test_the_setter_counts_a_published_24x36_slant(browser: Browser, server: str) -> None:
    """The issue's 512 MB failure: the setter answers for the largest published board, and its
    note says how far the redundant-clue scan got when its time ran out."""
    with opened(browser, DESKTOP) as page:
        open_url(page, server, janko_slant())
        page.click("#setter")
        page.wait_for_selector("#setter-panel:not([hidden])")
        page.click("#setter-current")
        page.wait_for_function("document.querySelector('#answer-count').dataset.count === '1'", timeout=60_000)
        assert page.inner_text("#setter-grade").startswith("· grade ")
        # the count shows at once; the redundant-clue scan is asked after it
        page.wait_for_function("!document.querySelector('#setter-note').textContent.startsWith('Looking')",
                               timeout=60_000)
        note = page.inner_text("#setter-note")
        assert re.fullmatch(r"(No redundant clue|\d+ redundant clues? \(dotted\))"
                            r"( among the first \d+ of \d+ clues \(the time for the scan ran out\))?"
                            r"(; \d+ clues? too hard to check in time)?\.", note), note

        def cut_short(route: Any) -> None:  # the same answer, as a scan the time budget cut short says it
            res = route.fetch()
            body = res.json()
            body.update(redundant=body["redundant"][:2], redundant_checked=[7, 300], redundant_capped=1)
            route.fulfill(response=res, json=body)
        if not over_http(server):
            return  # the rest mocks the server's answer over HTTP (the page code is the same)
        page.route("**/api/redundant", cut_short)
        page.click("#setter-current")  # counted again
        page.wait_for_function("document.querySelector('#setter-note').textContent.includes('300')")
        assert page.inner_text("#setter-note").endswith(
            "among the first 7 of 300 clues (the time for the scan ran out); 1 clue too hard to check in time.")

@PAGE_ONLY
def test_fillapix_names_its_own_url_and_draws_blank_as_a_dot(browser: Browser, server: str) -> None:
    with opened(browser, DESKTOP) as page:
        rec = small_boards(server, "fillapix")[0]
        open_board(page, server, "fillapix", rec["id"])
        page.click(cell(0, 0))
        page.click(cell(0, 0))
        page.wait_for_function("window.pb.pos[0] === '.'")
        assert page.locator("[data-blank='0,0']").count() == 1
        page.click("#share")
        url = page.input_value("#share-source")
        if url.startswith("pencilbox:"):
            assert page.inner_text("#share-source-label") == "pencilbox URL"


#: every text and board mark under 4.5:1 against what is drawn under it (WCAG AA), as
#: [what, text, ratio]: test_marks runs it in each state of each puzzle, both sizes and themes
CONTRAST = """() => {
  const rgb = (s) => { const m = /rgba?\\(([^)]+)\\)/.exec(s || ''); if (!m) return null;
    const p = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const over = (top, a, bot) => [0, 1, 2].map((k) => top[k] * a + bot[k] * (1 - a));
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const pageBg = rgb(getComputedStyle(document.body).backgroundColor);
  const htmlBg = (e) => { for (let n = e; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor);
    if (c && c[3] > 0.5) return c.slice(0, 3); } return pageBg.slice(0, 3); };
  const style = document.createElement('style');
  style.textContent = '#board * { pointer-events: all !important; }';
  document.head.append(style);
  const bad = [];
  const svgBg = (e) => {
    const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const under = document.elementsFromPoint(x, y);
    const k = under.indexOf(e);
    let bg = htmlBg(document.getElementById('board-wrap'));
    for (const n of under.slice(k + 1).reverse()) {
      if (!(n instanceof SVGElement) || ['svg', 'text', 'line'].includes(n.tagName)) continue;  // a line paints no fill
      const st = getComputedStyle(n), fill = rgb(st.fill);
      if (!fill) continue;
      bg = over(fill, fill[3] * parseFloat(st.fillOpacity) * parseFloat(st.opacity), bg);
    }
    return bg;
  };
  for (const e of document.querySelectorAll('#board text, #board .diag, #board .cross, #board .dot')) {
    const st = getComputedStyle(e), paint = rgb(e.tagName === 'text' || e.classList.contains('dot') ? st.fill : st.stroke);
    if (!paint || st.visibility === 'hidden') continue;
    const a = paint[3] * parseFloat(e.tagName === 'text' ? st.fillOpacity : st.strokeOpacity) * parseFloat(st.opacity);
    const bg = svgBg(e), fg = over(paint, a, bg), q = ratio(fg, bg);
    if (q < 4.5) bad.push([e.getAttribute('class'), e.textContent, q.toFixed(2)]);
  }
  // a disabled control (a button, a select, a toggle's label.off) is exempt, as WCAG 1.4.3 has it
  for (const e of document.querySelectorAll('#message, #board-info, .hint-text, #messages li, #win, #timer, label:not(.off), h2, button:not(:disabled), select:not(:disabled)')) {
    if (!e.offsetParent || !e.textContent.trim()) continue;
    const st = getComputedStyle(e), q = ratio(over(rgb(st.color), parseFloat(st.opacity), htmlBg(e)), htmlBg(e));
    if (q < 4.5) bad.push([e.id || e.tagName, e.textContent.trim().slice(0, 30), q.toFixed(2)]);
  }
  style.remove();
  return bad;
}"""


def test_check_says_where(server: str) -> None:
    """A broken clue is named with its place: 'clue 2 at r3c5 has 3 painted cells, needs 2'."""
    catalog = api(server, "/api/catalog")
    for puzzle in PUZZLES:
        rec = small_boards(server, puzzle)[0]
        board = api(server, f"/api/board/{rec['id']}")["board"]
        cycle = next(p for p in catalog["puzzles"] if p["name"] == puzzle)["ui"]["cycle"]
        wrong = []
        for i, m in enumerate(target_marks(rec)):  # every free cell another mark: rules break all over
            given = rec["clues"][i // rec["cols"]][i % rec["cols"]] is not None and puzzle in ("sukoro", "ripple")
            others = [x for x in cycle if x is not None and x != m]
            wrong.append(m if given else 1 if puzzle == "ripple" else others[0])
        got = api(server, "/api/check", {"board": board, "position": wrong})
        said = [b["message"] for b in got["broken"] if b["rule"] != "complete"]
        assert said, puzzle
        for m in said:
            assert re.search(r"\br\d+c\d+\b", m), f"{puzzle}: '{m}' does not say where"
