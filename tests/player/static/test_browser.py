"""The player in a real browser: Playwright drives Debian's chromium against the live server
(the ``server`` fixture of conftest.py). For each puzzle a small bank board is played to the
win message with clicks and keys (the answer comes from the shipped bank), a hint, undo/redo,
reload-and-resume, the ladder view, dark mode and share/import are exercised (setter mode:
test_setter_paper).
Screenshots land in tests/player/screenshots/ (not committed).

A test of what the engine answers runs every puzzle on the first back end and one puzzle on
each other (``engine_rows``): the page has no puzzle of its own (test_page holds its JavaScript to
the catalog's table), the site's engine is pencilbox under Pyodide, every verb on every puzzle is
run there without numpy and numba by tests/project/test_pure_engine.py, and test_site wins every
puzzle by hints on both back ends; what the site adds is each verb's round trip through its web
worker, so the puzzle on the site changes from test to test."""

from __future__ import annotations

import json
import os
import urllib.parse
import urllib.request
from typing import Any

import pytest

from tests.player.chrome import (
    BACKENDS,
    CHROMIUM,
    DESKTOP,
    PAGE_ONLY,
    PHONE,
    TOUCH,
    api,
    opened,
    over_http,
    shot,
)
from tests.player.contexts import seed

if os.environ.get("PENCILBOX_REQUIRE_BROWSER"):  # set by `python3 dev.py test` (CI): fail, never skip
    assert os.path.exists(CHROMIUM), f"{CHROMIUM} is not installed (apt-get install chromium)"
    import playwright.sync_api  # noqa: F401
pytest.importorskip("playwright.sync_api")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is not installed", allow_module_level=True)

from playwright.sync_api import Browser, Page  # noqa: E402

from pencilbox import bank  # noqa: E402

PUZZLES = ["sukoro", "slant", "ripple", "fillapix"]


# ---------------------------------------------------------------- helpers

def engine_rows(names: str, rows: list[Any], site: list[Any]) -> Any:
    """``parametrize`` ``server`` and ``names``: every row on the first back end (each puzzle,
    each screen), the ``site`` rows on the others (the engine's answers through that back end)."""
    got = [(BACKENDS[0], row) for row in rows] + [(b, row) for b in BACKENDS[1:] for row in site]
    flat = [(b, *row) if isinstance(row, tuple) else (b, row) for b, row in got]
    return pytest.mark.parametrize(f"server,{names}", flat, indirect=["server"])


def tagged(name: str, server: str) -> str:
    """A screenshot's name, marked when it is the static site's (no run overwrites another's)."""
    return name if over_http(server) else f"{name}-site"


def js(value: Any) -> str:
    """JSON as the page's JSON.stringify writes it."""
    return json.dumps(value, separators=(",", ":"))


def catalog_entry(base: str, puzzle: str) -> dict[str, Any]:
    return next(p for p in api(base, "/api/catalog")["puzzles"] if p["name"] == puzzle)


def small_boards(base: str, puzzle: str) -> list[dict[str, Any]]:
    """Bank records (with answers) of the smallest size, in the order the bank lists them."""
    rows, cols = min(catalog_entry(base, puzzle)["sizes"], key=lambda s: s[0] * s[1])
    listed = api(base, f"/api/bank?puzzle={puzzle}&rows={rows}&cols={cols}")["boards"]
    records = {r["id"]: r for r in bank.load(puzzle)}
    return [records[b["id"]] for b in listed]


def target_marks(rec: dict[str, Any]) -> list[Any]:
    """The answer as the page's marks, row-major."""
    p, ans = rec["puzzle"], rec["answer"]
    if p == "sukoro":
        return ["n" if v else "x" for row in ans for v in row]
    if p == "ripple":
        return [v for row in ans for v in row]
    return [ch for row in ans for ch in row]  # slant and fillapix: strings of marks


def fixed(rec: dict[str, Any], i: int) -> bool:
    if rec["puzzle"] not in ("sukoro", "ripple"):
        return False
    return rec["clues"][i // rec["cols"]][i % rec["cols"]] is not None


def cell(r: int, c: int) -> str:
    return f"[data-cell='{r},{c}']"


def position(page: Page) -> list[Any]:
    return page.evaluate("window.pb.pos")


def wait_ready(page: Page) -> None:
    """The page opened its board; on the static site also its engine is up (a test's clock then
    starts with the engine answering, as a player's later visits do)."""
    page.wait_for_selector("body[data-ready='yes']")
    page.wait_for_function("window.pb.rec !== null")
    page.wait_for_function("!document.querySelector('meta[name=pencilbox-engine]') || "
                           "document.body.dataset.engine === 'ready'", timeout=120_000)


def open_id(page: Page, base: str, board_id: str, fresh: bool = False) -> None:
    """Open a bank board of any size by its address (``/#ID``, as a shared link or the address bar
    does): on the page already, the new address moves within it; ``fresh`` loads the page afresh,
    as from another site."""
    if fresh and page.url.split("#")[0] == f"{base}/":
        page.goto("about:blank")
    seed(page, base)  # on the static site: its engine starts from the snapshot
    page.goto(f"{base}/#{urllib.parse.quote(board_id)}")
    wait_ready(page)
    page.wait_for_function("id => window.pb.key === id && window.pb.busy === 0", arg=board_id)


def open_board(page: Page, base: str, puzzle: str, board_id: str) -> None:
    """A fresh page on a bank board (``open_id``): one board opened, not the first board and then
    this one (``pick_board`` picks it from the selectors, as a player does)."""
    open_id(page, base, board_id, fresh=True)
    assert page.evaluate("window.pb.rec.board.puzzle") == puzzle


def pick_board(page: Page, base: str, puzzle: str, board_id: str) -> None:
    """Open the page and pick a bank board from its selectors: puzzle, grade (all), board."""
    seed(page, base)
    page.goto(base + "/")
    wait_ready(page)
    if page.evaluate("window.pb.rec.board.puzzle") != puzzle:
        page.select_option("#puzzle", puzzle)
        page.wait_for_function("p => window.pb.rec && window.pb.rec.board.puzzle === p", arg=puzzle)
    if page.evaluate("window.pb.key") != board_id and page.input_value("#grade"):
        page.select_option("#grade", "")  # the page starts on the easiest named grade: list them all
        page.wait_for_function("id => [...document.querySelectorAll('#board-list option')]"
                               ".some(o => o.value === id)", arg=board_id)
    if page.evaluate("window.pb.key") != board_id:
        page.wait_for_function("id => [...document.querySelectorAll('#board-list option')]"
                               ".some(o => o.value === id)", arg=board_id)
        page.select_option("#board-list", board_id)
        page.wait_for_function("id => window.pb.key === id", arg=board_id)
    page.wait_for_function("window.pb.busy === 0")  # no earlier list or open still on its way


class Player:
    """Turns the answer into clicks and keys, keeping track of the page's cursor."""

    def __init__(self, page: Page, rec: dict[str, Any], cycle: list[Any]) -> None:
        self.page, self.rec, self.cycle = page, rec, cycle
        self.cols = rec["cols"]
        self.cursor: tuple[int, int] | None = None
        self.keyed = 0
        self.last_keyed = False

    def presses(self, now: Any, want: Any) -> int:
        return (self.cycle.index(want) - self.cycle.index(now)) % len(self.cycle)

    def set(self, i: int, want: Any) -> None:
        page, p = self.page, self.rec["puzzle"]
        r, c = divmod(i, self.cols)
        now = position(page)[i]
        if now == want:
            return
        # every other cell, when the cursor is a few steps to the left, is reached by arrow keys
        keyed = (self.cursor is not None and self.cursor[0] == r and 0 < c - self.cursor[1] <= 3
                 and not self.last_keyed)
        self.last_keyed = keyed
        if keyed:
            for _ in range(c - self.cursor[1]):
                page.keyboard.press("ArrowRight")
            self.keyed += 1
        if p == "ripple":
            if not keyed:
                page.click(cell(r, c))
            page.keyboard.press(str(want))
        elif keyed:
            for _ in range(self.presses(now, want)):
                page.keyboard.press("Space")
        elif p == "slant" and self.presses(now, want) == 2:
            page.click(cell(r, c), button="right")  # right click runs the cycle backwards
        else:
            for _ in range(self.presses(now, want)):
                page.click(cell(r, c))
        self.cursor = (r, c)
        page.wait_for_function("([i, m]) => window.pb.pos[i] === m", arg=[i, want])

    def drag_run(self, want: list[Any]) -> int:
        """Fill-a-Pix: paint a horizontal run of 2+ painted cells in one drag; returns its length."""
        page, cols = self.page, self.cols
        pos = position(page)
        for r in range(self.rec["rows"]):
            c = 0
            while c < cols:
                e = c
                while e < cols and want[r * cols + e] == "#" and pos[r * cols + e] is None:
                    e += 1
                if e - c >= 2:
                    boxes = [page.locator(cell(r, k)).bounding_box() for k in range(c, e)]
                    centre = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
                    page.mouse.move(*centre[0])
                    page.mouse.down()
                    for x, y in centre[1:]:
                        page.mouse.move(x, y, steps=4)
                    page.mouse.up()
                    page.wait_for_function("([s, e]) => window.pb.pos.slice(s, e).every(m => m === '#')",
                                           arg=[r * cols + c, r * cols + e])
                    self.cursor = (r, e - 1)
                    return e - c
                c = e + 1
        return 0

    def play(self, indices: list[int], want: list[Any]) -> None:
        for i in indices:
            if not fixed(self.rec, i):
                self.set(i, want[i])


# ---------------------------------------------------------------- fixtures

@pytest.fixture
def page(browser: Browser) -> Any:
    with opened(browser, {"width": 1100, "height": 900}, console=False) as pg:
        yield pg


# ---------------------------------------------------------------- tests

@engine_rows("puzzle", PUZZLES, site=[])  # the site's ladder verb and hints: test_site's wins
def test_play_to_win(page: Page, server: str, puzzle: str) -> None:
    boards = small_boards(server, puzzle)
    assert len(boards) >= 3
    rec = boards[0]
    info = catalog_entry(server, puzzle)
    pick_board(page, server, puzzle, rec["id"])
    assert "one answer" in page.inner_text("#board-info")
    assert f"grade {rec['grade']}" in page.inner_text("#board-info")
    n = rec["rows"] * rec["cols"]
    want = target_marks(rec)

    # a hint names its rule (by its plain name: issue 48 item 4) and lands as an undoable move
    plain = {g["rung"]: g["name"] for g in info["glossary"]}
    page.select_option("#hint-level", info["levels"][-1])
    page.click("#hint")
    page.wait_for_function("window.pb.undo.length === 1")
    message, rung = page.inner_text("#message"), page.get_attribute("#message", "data-rung")
    assert rung in info["levels"] and f"Rule: {plain[rung]}." in message, message
    i = page.evaluate("window.pb.undo[0].ch[0][0]")
    r, c = divmod(i, rec["cols"])
    assert page.get_attribute(cell(r, c), "data-mark") == str(want[i])
    page.click("#undo")
    page.wait_for_function("i => window.pb.pos[i] === null", arg=i)
    assert page.get_attribute(cell(r, c), "data-mark") == ""
    page.keyboard.press("y")   # redo by key, then undo by Ctrl+Z
    page.wait_for_function("i => window.pb.pos[i] !== null", arg=i)
    page.keyboard.press("Control+z")
    page.wait_for_function("i => window.pb.pos[i] === null", arg=i)

    # play the first half, then reload: the board and the progress come back
    player = Player(page, rec, info["cycle"] or [None])
    if puzzle == "fillapix":
        assert player.drag_run(want) >= 2
    half = list(range(n // 2))
    player.play(half, want)
    assert player.keyed >= 1
    shot(page, tagged(f"{puzzle}-playing", server))
    before = position(page)
    page.reload()
    wait_ready(page)
    player.cursor = None
    assert page.evaluate("window.pb.key") == rec["id"]
    page.wait_for_function("p => JSON.stringify(window.pb.pos) === p", arg=js(before))
    assert "restored" in page.inner_text("#message").lower()

    # the ladder view shades what each rung settles next, with a legend naming the rules
    page.click("#ladder")
    page.wait_for_selector("#ladder-legend .legend-item")
    legend = page.inner_text("#ladder-legend")
    assert all(plain[level] in legend for level in info["levels"]), legend
    named = page.evaluate("[...document.querySelectorAll('#ladder-legend .legend-item')]"
                          ".map(e => e.dataset.rung)")
    assert named == info["levels"], named
    page.wait_for_selector("[data-ladder]")
    shot(page, tagged(f"{puzzle}-ladder", server))
    page.click("#ladder")

    # dark mode
    page.click("#theme")
    page.click("#theme")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    shot(page, tagged(f"{puzzle}-dark", server))

    # Check on the unfinished board counts its undecided cells (folded in from test_page's Sukoro
    # test: the engine's "complete", counted by the page) ...
    page.click("#check")
    page.wait_for_function("document.querySelector('#message').textContent.includes('undecided')")
    undecided = page.evaluate("window.pb.pos.filter(m => m === null).length")
    assert f"({undecided} cell{'' if undecided == 1 else 's'} undecided)" in page.inner_text("#message")

    # ... and the win message, played with the error display on, leaves no stale status behind
    page.check("#live")
    player.cursor = None
    player.play(list(range(n)), want)
    page.wait_for_selector("#win:not([hidden])")
    win = page.inner_text("#win")
    assert "Solved" in win
    page.wait_for_function("document.querySelector('#message').textContent.includes('Solved')")
    assert page.inner_text("#messages").strip() == ""
    if puzzle == "slant":
        assert f"{rec['rows'] + rec['cols'] + 1} trees" in win
    shot(page, tagged(f"{puzzle}-win", server))

    # share: the Share button makes an ?import= link
    page.click("#share")
    link = page.input_value("#share-link")
    assert link.startswith(server + "/?import=")

    # another bank board's share link opens that board
    other = api(server, f"/api/board/{boards[1]['id']}")
    shared = other["share"]["url"] or other["share"]["text"]
    page.goto(server + "/?import=" + urllib.parse.quote(shared, safe=""))
    wait_ready(page)
    page.wait_for_function("c => JSON.stringify(window.pb.rec.board.clues) === c",
                           arg=js(other["board"]["clues"]))
    assert "?import" not in page.url
    assert not page.is_visible("#win")

    # and the import box takes a third one's Tatham game ID where it has one, else its text format
    third = api(server, f"/api/board/{boards[2]['id']}")
    page.fill("#import-text", third["share"]["tatham"] or third["share"]["text"])
    page.click("#import-go")
    page.wait_for_function("c => JSON.stringify(window.pb.rec.board.clues) === c",
                           arg=js(third["board"]["clues"]))
    page.wait_for_function("document.querySelector('#board-info').textContent.includes('one answer')")


def clue_places(rec: dict[str, Any]) -> list[tuple[int, int, Any]]:
    return [(r, c, v) for r, row in enumerate(rec["clues"]) for c, v in enumerate(row) if v is not None]


def answers(page: Page, text: str) -> None:
    page.wait_for_function("t => document.querySelector('#answer-count').textContent.trim() === "
                           "'answers: ' + t", arg=text)


@PAGE_ONLY  # the site's generate verb: test_edges_seeds_files' New board
def test_check_hint_restart_generate(browser: Browser, server: str) -> None:
    """Fill-a-Pix: a broken clue is highlighted by Check (the clue itself, not its whole block:
    folded in from test_page) and by live check, a hint points at the wrong entries first, restart
    clears and is undoable, the generator opens a new board; phone-sized and print renderings are
    saved as screenshots. (Pause hiding the board and freezing the clock: test_page's pause test.)"""
    with opened(browser, DESKTOP) as page:
        rec = small_boards(server, "fillapix")[0]
        open_board(page, server, "fillapix", rec["id"])
        rows, cols = rec["rows"], rec["cols"]
        r0, c0, v = min(clue_places(rec), key=lambda t: t[2])
        block = [(r, c) for r in range(r0 - 1, r0 + 2) for c in range(c0 - 1, c0 + 2)
                 if 0 <= r < rows and 0 <= c < cols]
        assert v < len(block)
        for r, c in block[:v + 1]:  # one painted cell too many around the clue
            page.click(cell(r, c))
        page.wait_for_function("n => window.pb.undo.length === n", arg=v + 1)
        page.click("#check")
        page.wait_for_selector("[data-hl='error']")
        assert page.inner_text("#messages").strip()
        assert "broken" in page.inner_text("#message")
        marked = page.evaluate("[...document.querySelectorAll(\"[data-hl='error']\")]"
                               ".map(e => e.dataset.at || '')")
        assert f"{r0},{c0}" in marked, marked
        assert len(marked) < len(block), "the whole block is hatched, not the clue"
        shot(page, tagged("fillapix-check", server))

        page.check("#live")
        page.click("#undo")
        page.wait_for_function("document.querySelectorAll(\"[data-hl='error']\").length === 0")
        page.click("#redo")
        page.wait_for_selector("[data-hl='error']")

        page.click("#hint")
        page.wait_for_selector("[data-hl='wrong']")
        assert page.inner_text("#message").startswith("Wrong")

        page.click("#restart")
        page.wait_for_function("window.pb.pos.every(m => m === null)")
        page.click("#undo")
        page.wait_for_function("n => window.pb.pos.filter(m => m !== null).length === n", arg=v + 1)

        page.click("#new-board")
        page.wait_for_function("id => window.pb.key !== id && window.pb.rec.id === null", arg=rec["id"],
                               timeout=60_000)
        assert "one answer · grade" in page.inner_text("#board-info")

        page.set_viewport_size({"width": 390, "height": 844})
        # the page refits on its resize event, which the browser fires at its next frame
        page.wait_for_function("document.querySelector('#board').getBoundingClientRect().width <= 390")
        shot(page, tagged("phone", server))
        page.emulate_media(media="print")
        assert not page.is_visible("#topbar") and page.is_visible("#board")
        shot(page, tagged("print", server))


@PAGE_ONLY
def test_touch_taps(browser: Browser, server: str) -> None:
    """On a phone-sized touch screen a tap cycles a Slant cell (pointer events, no mouse)."""
    with opened(browser, PHONE, console=False, **TOUCH) as pg:
        rec = small_boards(server, "slant")[0]
        open_board(pg, server, "slant", rec["id"])
        pg.tap(cell(0, 0))
        pg.wait_for_function("window.pb.pos[0] === '\\\\'")
        pg.tap(cell(0, 0))
        pg.wait_for_function("window.pb.pos[0] === '/'")
        shot(pg, "slant-phone-touch")


@PAGE_ONLY  # one file on both back ends (tests/site/test_build: the site copies it)
@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_notes_page_fits_the_text_column(browser: Browser, server: str, width: int, height: int) -> None:
    """Every study unfolded, no table runs past the text column and the page never scrolls
    sideways; the page opens with the headline findings, each study folded."""
    with opened(browser, {"width": width, "height": height}, console=False) as pg:
        notes_fit(pg, server, width)


def notes_fit(pg: Page, server: str, width: int) -> None:
    pg.goto(server + "/notes.html")  # the page links it so: the static site has only this name
    assert pg.locator("#glance").is_visible()
    assert pg.locator("details.study[open]").count() == 0
    pg.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    over = pg.evaluate("""() => {
        const style = getComputedStyle(document.body);
        const col = document.body.getBoundingClientRect().width - parseFloat(style.paddingLeft)
            - parseFloat(style.paddingRight);
        return [...document.querySelectorAll('table')]
            .map(t => [t.getBoundingClientRect().width - col, t.closest('details.study')?.id || ''])
            .filter(([d, id]) => d > 1);
    }""")
    if width >= 1000:
        assert over == [], f"tables wider than the text column: {over[:10]}"
    assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    shot(pg, f"notes-{width}")
