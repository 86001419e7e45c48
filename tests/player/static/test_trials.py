"""Issue 30, items 1 to 3, in chromium: trials (nested, accepted, rejected, each level drawn its
own way) and the trial that knows it has failed (the ladder's check at the hint level names the
rung and the cells, and offers Reject); Back to correct on every puzzle, inside a trial and out;
Ripple Effect's pencil marks by key and by the pad, undone, kept over a reload and filled with the
digits the rules leave beside the entries. Both screen sizes where the controls matter (the phone by touch).
What the engine answers (a trial's check, Back to correct, the digits filled in) runs on both back
ends, each puzzle on the first (test_browser.engine_rows); the rest is the page's own."""

# ruff: noqa: E501 (the page scripts below are JavaScript, kept whole on their lines)

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from tests.player.chrome import BACKENDS, DESKTOP, PAGE_ONLY, PHONE, TOUCH, opened, shot
from tests.player.static.test_browser import (
    PUZZLES,
    api,
    catalog_entry,
    cell,
    engine_rows,
    fixed,
    js,
    open_board,
    position,
    small_boards,
    tagged,
    target_marks,
)
from tests.player.static.test_page import theme
from tests.player.static.test_screens import each_once, in_view

SIZES = {"desktop": (DESKTOP, {}), "phone": (PHONE, TOUCH)}


# ---------------------------------------------------------------- helpers

def region_size(rec: dict[str, Any], i: int) -> int:
    flat = [v for row in rec["regions"] for v in row]
    return flat.count(flat[i])


def free_cells(rec: dict[str, Any], most: int = 4) -> list[int]:
    """Cells the player may change (Ripple's in regions of 3 or more: room for a wrong digit)."""
    n = rec["rows"] * rec["cols"]
    ok = [i for i in range(n) if not fixed(rec, i) and (rec["puzzle"] != "ripple" or region_size(rec, i) >= 3)]
    return ok[:most]


def wrong_mark(rec: dict[str, Any], i: int, cycle: list[Any]) -> Any:
    right = target_marks(rec)[i]
    if rec["puzzle"] == "ripple":
        return next(d for d in range(1, region_size(rec, i) + 1) if d != right)
    return next(m for m in cycle if m is not None and m != right)


def start_position(rec: dict[str, Any]) -> list[Any]:
    want = target_marks(rec)
    return [want[i] if fixed(rec, i) else None for i in range(rec["rows"] * rec["cols"])]


def enter(page: Page, rec: dict[str, Any], i: int, mark: Any, tap: bool = False) -> list[Any]:
    """One mark by the pointer (a cycle puzzle's clicks, each a move; Ripple's click and digit
    key); the position before the last of its moves."""
    r, c = divmod(i, rec["cols"])
    press = page.tap if tap else page.click
    before = position(page)
    if rec["puzzle"] == "ripple":
        press(cell(r, c))
        page.keyboard.press(str(mark))
    else:
        for _ in range(3):
            if position(page)[i] == mark:
                break
            before = position(page)
            press(cell(r, c))
    page.wait_for_function("([i, m]) => window.pb.pos[i] === m", arg=[i, mark])
    return before


def depths(page: Page) -> list[int]:
    return page.evaluate("window.pb.depth")


def drawn_level(page: Page, i: int, cols: int) -> str:
    r, c = divmod(i, cols)
    return page.evaluate("s => document.querySelector(s).getAttribute('data-trial')", cell(r, c)) or ""


# ---------------------------------------------------------------- item 1: trials

@PAGE_ONLY
def test_nested_trials_accept_and_reject_restore_the_right_states(browser: Browser, server: str) -> None:
    with opened(browser, DESKTOP) as page:
        rec = small_boards(server, "slant")[0]
        open_board(page, server, "slant", rec["id"])
        want, cols = target_marks(rec), rec["cols"]
        a, b, c, d, e = range(5)
        enter(page, rec, a, want[a])
        page.click("#trial")
        page.wait_for_function("window.pb.trial === 1")
        assert page.is_visible("[data-role=trial]") and "Trial 1" in page.inner_text("[data-role=trial]")
        enter(page, rec, b, want[b])
        assert depths(page)[a] == 0 and depths(page)[b] == 1
        page.wait_for_function("s => document.querySelector(s).dataset.trial === '1'", arg=cell(*divmod(b, cols)))
        outer = position(page)
        page.click("#trial")  # a trial inside the trial
        page.wait_for_function("window.pb.trial === 2")
        assert "Trial 2 (in trial 1)" in page.inner_text("[data-role=trial]")
        enter(page, rec, c, want[c])
        enter(page, rec, b, "/" if want[b] == "\\" else "\\")  # trial 2 changes trial 1's entry
        assert depths(page)[c] == 2 and depths(page)[b] == 2
        page.wait_for_function("s => document.querySelector(s).dataset.trial === '2'", arg=cell(*divmod(c, cols)))
        inner = position(page)
        theme(page, "dark")
        shot(page, "trials-nested-dark")
        theme(page, "light")
        shot(page, "trials-nested-light")

        page.click("#trial-reject")  # back to where trial 2 started: trial 1's state
        page.wait_for_function("window.pb.trial === 1")
        assert position(page) == outer and depths(page)[b] == 1 and depths(page)[c] == 0
        page.keyboard.press("z")  # the reject is a move: undo brings trial 2 back whole
        page.wait_for_function("window.pb.trial === 2")
        assert position(page) == inner and depths(page)[b] == 2
        page.keyboard.press("y")
        page.wait_for_function("window.pb.trial === 1")
        assert position(page) == outer

        page.click("#trial")  # another nested trial, accepted into trial 1
        page.wait_for_function("window.pb.trial === 2")
        enter(page, rec, d, want[d])
        page.click("#trial-accept")
        page.wait_for_function("window.pb.trial === 1")
        assert depths(page)[d] == 1 and position(page)[d] == want[d]

        page.click("#trial-accept")  # trial 1 accepted: its entries are the player's own
        page.wait_for_function("window.pb.trial === 0")
        assert not page.is_visible("[data-role=trial]")
        assert depths(page)[b] == 0 and depths(page)[d] == 0 and drawn_level(page, b, cols) == ""
        page.keyboard.press("z")  # the accept undone: trial 1 open again with its entries
        page.wait_for_function("window.pb.trial === 1")
        assert depths(page)[b] == 1 and depths(page)[d] == 1
        enter(page, rec, e, want[e])
        page.click("#trial-reject")  # trial 1 rejected: everything since it started, the accepted trial too
        page.wait_for_function("window.pb.trial === 0")
        start = [None] * (rec["rows"] * cols)
        start[a] = want[a]
        assert position(page) == start


def failing_entry(server: str, rec: dict[str, Any], cycle: list[Any], level: str) -> tuple[int, Any, dict[str, Any]]:
    """A wrong mark whose contradiction the ladder at ``level`` finds from the start position,
    with /api/trial's answer for it."""
    board = api(server, f"/api/board/{rec['id']}")["board"]
    start = start_position(rec)
    for i in free_cells(rec, most=rec["rows"] * rec["cols"]):
        pos = list(start)
        pos[i] = wrong_mark(rec, i, cycle)
        res = api(server, "/api/trial", {"board": board, "position": pos, "level": level})
        if res["kind"] == "contradiction" and res["cells"]:
            return i, pos[i], res
    raise AssertionError(f"no single wrong mark of {rec['id']} contradicts at {level}")


@each_once(size=list(SIZES), server=BACKENDS)  # the screen is the page's, the answer the engine's
def test_a_trial_that_goes_wrong_says_so_names_the_rung_and_offers_reject(
        browser: Browser, server: str, size: str) -> None:
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "sukoro")[0]
        info = catalog_entry(server, "sukoro")
        level = info["levels"][-1]
        i, bad, said = failing_entry(server, rec, info["cycle"], level)
        open_board(page, server, "sukoro", rec["id"])
        page.select_option("#hint-level", level)
        (page.tap if touch else page.click)("#live")  # the error display off: only the trial's cells lit
        page.wait_for_function("!window.pb.live")
        assert in_view(page, "#trial") and in_view(page, "#rewind")
        (page.tap if touch else page.click)("#trial")
        page.wait_for_function("window.pb.trial === 1")
        enter(page, rec, i, bad, tap=bool(touch))
        page.wait_for_selector("[data-role=trial][data-failed=yes]")
        text = page.inner_text("[data-role=trial]")
        plain = next(g["name"] for g in info["glossary"] if g["rung"] == said["rung"]) \
            if said["rung"] in {g["rung"] for g in info["glossary"]} else said["message"]
        assert "failed" in text and plain in text and "row" in text, text  # the rule's plain name (issue 48 item 4)
        lit = page.evaluate("[...document.querySelectorAll('[data-hl=error]')].map(e => "
                            "[Math.round((+e.getAttribute('y') - 22) / 40), Math.round((+e.getAttribute('x') - 22) / 40)])")
        assert sorted(lit) == sorted(said["cells"]), (lit, said)
        assert in_view(page, "#trial-reject") and in_view(page, "[data-role=trial]")
        assert "urgent" in (page.get_attribute("#trial-reject", "class") or "")
        shot(page, tagged(f"trials-failed-{size}", server))
        (page.tap if touch else page.click)("#trial-reject")
        page.wait_for_function("window.pb.trial === 0")
        assert position(page) == start_position(rec)


# ---------------------------------------------------------------- item 2: back to the last correct position

@engine_rows("puzzle", PUZZLES, site=["sukoro"])
def test_back_to_correct_lands_on_the_last_position_that_agrees(browser: Browser, server: str, puzzle: str) -> None:
    with opened(browser, DESKTOP) as page:
        rec = small_boards(server, puzzle)[0]
        cycle = catalog_entry(server, puzzle)["cycle"]
        open_board(page, server, puzzle, rec["id"])
        want = target_marks(rec)
        f0, f1, f2, f3 = free_cells(rec)
        enter(page, rec, f0, want[f0])
        enter(page, rec, f1, want[f1])
        # the last correct position: just before the wrong mark (a click on the way to it may
        # have passed the right one)
        correct = enter(page, rec, f2, wrong_mark(rec, f2, cycle))
        enter(page, rec, f3, want[f3])
        latest = position(page)
        page.click("#rewind")
        page.wait_for_function("p => JSON.stringify(window.pb.pos) === p", arg=js(correct))
        assert "Back to the last correct position" in page.inner_text("[data-role=message]")
        taken = page.evaluate("window.pb.redo.length")
        assert taken >= 2  # the wrong mark and the move after it
        page.click("#rewind")  # already correct: nothing is taken back
        page.wait_for_function("document.querySelector('[data-role=message]').textContent.includes('nothing')")
        assert position(page) == correct
        for _ in range(taken):
            page.click("#redo")
        page.wait_for_function("p => JSON.stringify(window.pb.pos) === p", arg=js(latest))


@PAGE_ONLY  # what the page does with the engine's answer (its round trip: the test above)
def test_back_to_correct_stays_in_a_trial_that_started_right_and_leaves_one_that_did_not(
        browser: Browser, server: str) -> None:
    with opened(browser, DESKTOP) as page:
        rec = small_boards(server, "fillapix")[0]
        cycle = catalog_entry(server, "fillapix")["cycle"]
        open_board(page, server, "fillapix", rec["id"])
        want = target_marks(rec)
        f0, f1, f2, f3 = free_cells(rec)
        enter(page, rec, f0, want[f0])
        page.click("#trial")
        page.wait_for_function("window.pb.trial === 1")
        correct = enter(page, rec, f1, wrong_mark(rec, f1, cycle))
        page.click("#rewind")  # the trial's start agreed: the trial stays open, its wrong entry gone
        page.wait_for_function("p => JSON.stringify(window.pb.pos) === p", arg=js(correct))
        assert page.evaluate("window.pb.trial") == 1 and position(page)[f0] == want[f0]
        page.click("#trial-reject")
        page.wait_for_function("window.pb.trial === 0")
        correct = enter(page, rec, f2, wrong_mark(rec, f2, cycle))  # wrong before the trial starts
        page.click("#trial")
        page.wait_for_function("window.pb.trial === 1")
        enter(page, rec, f3, want[f3])
        page.click("#rewind")  # the last correct position lies before the trial: it is left
        page.wait_for_function("p => JSON.stringify(window.pb.pos) === p", arg=js(correct))
        assert page.evaluate("window.pb.trial") == 0 and position(page)[f3] is None
        assert "1 trial left" in page.inner_text("[data-role=message]")


# ---------------------------------------------------------------- item 3: Ripple's pencil marks

def notes(page: Page, i: int) -> list[int]:
    mask = page.evaluate("i => window.pb.notes[i]", i)
    return [d for d in range(1, 10) if mask & (1 << d)]


def drawn_notes(page: Page, i: int, cols: int) -> list[int]:
    r, c = divmod(i, cols)
    return sorted(page.evaluate("p => [...document.querySelectorAll(`[data-note^='${p},']`)]"
                                ".map(e => +e.textContent)", f"{r},{c}"))


@PAGE_ONLY  # the site's candidates verb: test_help_errors' fill marks
def test_ripple_pencil_marks_by_key_undo_reload_and_filled_from_a_rung(browser: Browser, server: str) -> None:
    with opened(browser, DESKTOP) as page:
        level = catalog_entry(server, "ripple")["levels"][0]  # the cheapest rung: some cells stay open
        rec = next(r for r in small_boards(server, "ripple") if r["grade"] != level)
        open_board(page, server, "ripple", rec["id"])
        cols = rec["cols"]
        i = free_cells(rec)[0]
        page.click(cell(*divmod(i, cols)))
        assert page.is_visible("#note-mode") and page.is_visible("#fill-notes")
        page.keyboard.press("m")
        page.wait_for_function("window.pb.noteMode === true")
        assert page.get_attribute("#note-mode", "aria-pressed") == "true"
        page.keyboard.press("1")
        page.keyboard.press("3")
        page.wait_for_function("i => window.pb.notes[i] === 10", arg=i)
        assert position(page)[i] is None
        page.wait_for_function("([i, c]) => document.querySelectorAll(`[data-note^='${Math.floor(i / c)},${i % c},']`)"
                               ".length === 2", arg=[i, cols])
        assert drawn_notes(page, i, cols) == [1, 3]
        page.keyboard.press("z")  # each mark is one undo step
        page.wait_for_function("i => window.pb.notes[i] === 2", arg=i)
        page.reload()
        page.wait_for_selector("body[data-ready='yes']")
        page.wait_for_function("k => window.pb.key === k", arg=rec["id"])
        assert notes(page, i) == [1]
        page.wait_for_function("([i, c]) => document.querySelectorAll(`[data-note^='${Math.floor(i / c)},${i % c},']`)"
                               ".length === 1", arg=[i, cols])

        page.select_option("#hint-level", level)  # the hint level does not matter (issue 48 item 5)
        page.click("#fill-notes")
        page.wait_for_function("window.pb.undo.length && window.pb.undo.at(-1).kind === 'notes'")
        board = api(server, f"/api/board/{rec['id']}")["board"]
        got = api(server, "/api/candidates", {"board": board, "position": position(page), "rules": True})
        filled = page.evaluate("window.pb.notes")
        for c in got["cells"]:
            j = c["cell"][0] * cols + c["cell"][1]
            assert filled[j] == sum(1 << d for d in c["marks"]), (c, filled[j])
        assert any(len(c["marks"]) > 1 for c in got["cells"]), "the rules beside the entries leave some cell open"
        assert "break no rule" in page.inner_text("[data-role=message]")
        shot(page, tagged("trials-ripple-notes", server))
        page.keyboard.press("z")  # the fill is one undo step
        page.wait_for_function("i => window.pb.notes[i] === 2", arg=i)
        assert page.evaluate("window.pb.noteMode") is False  # a reload starts in values
        page.click(cell(*divmod(i, cols)))
        page.keyboard.press("2")
        page.wait_for_function("i => window.pb.pos[i] === 2", arg=i)
        assert drawn_notes(page, i, cols) == []  # a value hides the cell's marks


@PAGE_ONLY  # the pad; the digits filled in: the test above, on both back ends
def test_ripple_pencil_marks_on_the_phone_pad(browser: Browser, server: str) -> None:
    with opened(browser, PHONE, **TOUCH) as page:
        rec = small_boards(server, "ripple")[0]
        open_board(page, server, "ripple", rec["id"])
        cols = rec["cols"]
        i = free_cells(rec)[0]
        page.tap(cell(*divmod(i, cols)))
        page.wait_for_selector("[data-role=pad] [data-key=m]")
        assert in_view(page, "[data-role=pad] [data-key=m]")
        page.tap("[data-role=pad] [data-key=m]")
        page.wait_for_function("window.pb.noteMode === true")
        page.tap("[data-role=pad] [data-key='2']")
        page.tap("[data-role=pad] [data-key='3']")
        page.wait_for_function("i => window.pb.notes[i] === 12", arg=i)
        assert position(page)[i] is None
        page.tap("[data-role=pad] [data-key=Backspace]")  # clears the marks first
        page.wait_for_function("i => window.pb.notes[i] === 0", arg=i)
        assert in_view(page, "#fill-notes") and in_view(page, "#note-mode")
        page.tap("#fill-notes")
        page.wait_for_function("window.pb.undo.length && window.pb.undo.at(-1).kind === 'notes'")
        shot(page, "trials-ripple-notes-phone")
        page.tap("[data-role=pad] [data-key=m]")
        page.wait_for_function("window.pb.noteMode === false")
        page.tap(cell(*divmod(i, cols)))
        page.tap("[data-role=pad] [data-key='2']")
        page.wait_for_function("i => window.pb.pos[i] === 2", arg=i)
