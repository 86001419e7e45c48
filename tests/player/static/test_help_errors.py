"""Issue 48 items 5, 6 (the trial's blame) and 7 (in part), in chromium at 1280x800 by mouse and
keys and at 390x844 by touch: Fill ✎ that leaves the answer to the player, help counted (Fill ✎,
the ladder view) and kept apart from the best times, no help counted on a board already won,
play controls disabled in the setter; a failed check blames a trial only for its own moves;
Sukoro digits typed as the player's claim; broken rules red as you play (on unless turned off);
Reject all; Undo all and Redo all."""

# ruff: noqa: E501 (the page scripts below are JavaScript, kept whole on their lines)

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.player.chrome import BACKENDS, DESKTOP, PAGE_ONLY, PHONE, TOUCH, opened, shot
from tests.player.static.test_browser import (
    catalog_entry,
    cell,
    fixed,
    open_board,
    open_id,
    position,
    small_boards,
    target_marks,
)
from tests.player.static.test_forest_stats import close_stats, open_stats, stats_rows
from tests.player.static.test_page import theme
from tests.player.static.test_screens import each_once, solve_in_page
from tests.player.static.test_trials import enter, failing_entry, free_cells, start_position

SIZES = {"desktop": (DESKTOP, {}), "phone": (PHONE, TOUCH)}


def press(page: Page, touch: bool, selector: str) -> None:
    (page.tap if touch else page.click)(selector)


def stats(page: Page) -> dict[str, Any]:
    return page.evaluate("JSON.parse(localStorage.getItem('pencilbox:stats') || 'null') || {}")


def errors_at(page: Page) -> list[list[int]]:
    """The cells drawn red as broken (boxes, not rings round clues), as [row, column]."""
    return page.evaluate("[...document.querySelectorAll('rect[data-hl=error]')].map(e => "
                         "[Math.round((+e.getAttribute('y') - 22) / 40), Math.round((+e.getAttribute('x') - 22) / 40)])")


def shots(page: Page, name: str) -> None:
    """The screen in both themes (light last: the tests go on in it)."""
    theme(page, "dark")
    shot(page, f"{name}-dark")
    theme(page, "light")
    shot(page, f"{name}-light")


# ---------------------------------------------------------------- item 5: honest help

@each_once(size=list(SIZES), server=BACKENDS)
def test_fill_marks_leave_the_answer_to_the_player(browser: Browser, server: str, size: str) -> None:
    """At the default hint level Fill ✎ left one digit in all 83 open cells of this board: the
    answer. It now fills the digits that break no rule beside the digits in, and counts as help."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        open_id(page, server, "ripple-10x10-hidden-01")
        level = page.input_value("#hint-level")
        assert level == catalog_entry(server, "ripple")["levels"][-1]  # the default: the whole ladder
        press(page, bool(touch), "#fill-notes")
        page.wait_for_function("window.pb.undo.length && window.pb.undo.at(-1).kind === 'notes'")
        got = page.evaluate("""window.pb.pos.map((m, i) => m === null ? window.pb.notes[i] : null)
            .filter(n => n !== null).map(n => n.toString(2).split('').filter(b => b === '1').length)""")
        assert len(got) == 83 and min(got) >= 1
        singles = sum(1 for n in got if n == 1)
        assert singles < 83 // 4, f"{singles} of 83 open cells left with one digit: the answer given away"
        assert "counted as help" in page.inner_text("[data-role=message]")
        assert stats(page)["open"]["ripple-10x10-hidden-01"]["fills"] == 1
        page.evaluate("window.scrollTo(0, 0)")
        shots(page, f"help-fill-{size}")


@PAGE_ONLY
@pytest.mark.parametrize("size", SIZES)
def test_helped_wins_are_kept_apart_and_help_after_a_win_is_not_counted(browser: Browser, server: str,
                                                                         size: str) -> None:
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "sukoro")[0]
        open_board(page, server, "sukoro", rec["id"])
        bucket = ("sukoro", f"{rec['rows']}x{rec['cols']}", rec["grade"])
        press(page, bool(touch), "#ladder")  # the ladder view shown: help
        page.wait_for_selector("#ladder-legend:not([hidden])")
        press(page, bool(touch), "#ladder")
        page.wait_for_function("document.querySelector('#ladder-legend').hidden")
        assert stats(page)["open"][rec["id"]]["ladder"] == 1
        solve_in_page(page, rec["id"])
        win = stats(page)["wins"][0]
        assert win["helped"] and win["ladder"] == 1 and win["hints"] == 0
        open_stats(page, bool(touch))
        row = stats_rows(page)[bucket]
        assert row["best"] == row["median"] == "–", row  # a helped win is no best time
        assert row["helped"] == page.inner_text("[data-role=win]").rsplit("·", 1)[-1].strip(), row
        assert row["won"] == "1 (1 helped)", row
        assert "without help" in page.inner_text("#stats-key")
        for shade in ("dark", "light"):  # the theme button lies under the modal dialog
            close_stats(page)
            theme(page, shade)
            open_stats(page, bool(touch))
            shot(page, f"help-stats-{size}-{shade}")
        close_stats(page)
        # help asked on the board already won is not counted
        press(page, bool(touch), "#restart")
        page.wait_for_function("!window.pb.won")
        press(page, bool(touch), "#hint")
        page.wait_for_function("document.querySelector('[data-role=message]').dataset.kind === 'hint'")
        press(page, bool(touch), "#ladder")
        page.wait_for_selector("#ladder-legend:not([hidden])")
        after = stats(page)
        assert after["hints"] == {} and rec["id"] not in after["open"], after


@PAGE_ONLY
@pytest.mark.parametrize("size", SIZES)
def test_play_controls_are_disabled_in_the_setter(browser: Browser, server: str, size: str) -> None:
    viewport, touch = SIZES[size]
    play = ["#restart", "#check", "#live", "#hint-level", "#hint", "#trial", "#rewind", "#ladder"]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "ripple")[0]
        open_board(page, server, "ripple", rec["id"])
        play += ["#note-mode", "#fill-notes"]
        assert not any(page.is_disabled(s) for s in play)
        press(page, bool(touch), "#setter")
        page.wait_for_selector("#setter-panel:not([hidden])")
        page.wait_for_function("document.querySelector('#toolbar').dataset.mode === 'setter'")
        off = [s for s in play if not page.is_disabled(s)]
        assert not off, f"enabled in the setter, doing nothing: {off}"
        assert not page.is_disabled("#setter") and not page.is_disabled("#pause")
        history = page.evaluate("[window.pb.setter.undo.length, window.pb.setter.redo.length]")
        assert [page.is_disabled(s) for s in ("#undo", "#undo-all", "#redo", "#redo-all")] == [
            history[0] == 0, history[0] == 0, history[1] == 0, history[1] == 0], history
        page.evaluate("window.scrollTo(0, 0)")
        shots(page, f"help-setter-controls-{size}")
        press(page, bool(touch), "#setter")
        page.wait_for_function("document.querySelector('#toolbar').dataset.mode === 'play'")
        assert not any(page.is_disabled(s) for s in play)


# ---------------------------------------------------------------- item 6: the trial's blame

@each_once(size=list(SIZES)[::-1], server=BACKENDS[:1])  # the site's trial verb: test_trials
def test_a_trial_is_blamed_only_for_its_own_moves(browser: Browser, server: str, size: str) -> None:
    """A wrong entry made before the trial: the check inside the trial finds the contradiction,
    and says that the mistake predates the trial (Reject would take back nothing of it)."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "sukoro")[0]
        info = catalog_entry(server, "sukoro")
        level = info["levels"][-1]
        i, bad, said = failing_entry(server, rec, info["cycle"], level)
        want = target_marks(rec)
        j = next(k for k in free_cells(rec, most=rec["rows"] * rec["cols"]) if k != i)
        open_board(page, server, "sukoro", rec["id"])
        page.select_option("#hint-level", level)
        enter(page, rec, i, bad, tap=bool(touch))  # the mistake, before any trial
        press(page, bool(touch), "#trial")
        page.wait_for_function("window.pb.trial === 1")
        enter(page, rec, j, want[j], tap=bool(touch))  # the trial's own move is right
        page.wait_for_selector("[data-role=trial][data-failed=before]")
        text = page.inner_text("[data-role=trial]")
        plain = {g["rung"]: g["name"] for g in info["glossary"]}  # the rule by its plain name (item 4)
        assert "predates" in text and "This trial has failed" not in text and plain[said["rung"]] in text, text
        assert page.get_attribute("#trial-fail", "data-rung") == said["rung"]
        assert "urgent" not in (page.get_attribute("#trial-reject", "class") or "")
        page.evaluate("window.scrollTo(0, 0)")
        shots(page, f"help-blame-before-{size}")
        press(page, bool(touch), "#trial-reject")  # takes back the trial's move, not the mistake
        page.wait_for_function("window.pb.trial === 0")
        assert position(page)[i] == bad and position(page)[j] is None

        # nested: the mistake made in trial 1, trial 2 opened after it is not to blame
        press(page, bool(touch), "#undo-all")
        page.wait_for_function("window.pb.trial === 0 && window.pb.undo.length === 0")
        assert position(page) == start_position(rec)
        press(page, bool(touch), "#trial")
        page.wait_for_function("window.pb.trial === 1")
        enter(page, rec, i, bad, tap=bool(touch))
        page.wait_for_selector("[data-role=trial][data-failed=yes]")
        press(page, bool(touch), "#trial")
        page.wait_for_function("window.pb.trial === 2")
        enter(page, rec, j, want[j], tap=bool(touch))
        page.wait_for_selector("[data-role=trial][data-failed=outer][data-blame='1']")
        assert "made in trial 1" in page.inner_text("[data-role=trial]")
        assert "urgent" in (page.get_attribute("#trial-reject-all", "class") or "")


# ---------------------------------------------------------------- item 7: Sukoro's claims, errors, Reject all, undo all

def edge_cell(rec: dict[str, Any]) -> int:
    """A free cell with fewer than four neighbours (a 4 there is wrong at once)."""
    rows, cols = rec["rows"], rec["cols"]
    return next(k for k in range(rows * cols) if not fixed(rec, k)
                and (k // cols in (0, rows - 1) or k % cols in (0, cols - 1)))


@each_once(size=list(SIZES), server=BACKENDS[:1])  # the page's own checks of a typed digit
def test_sukoro_digits_typed_as_the_players_claim(browser: Browser, server: str, size: str) -> None:
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "sukoro")[0]
        open_board(page, server, "sukoro", rec["id"])
        k = edge_cell(rec)
        r, c = divmod(k, rec["cols"])

        def typed(key: str) -> None:
            if touch:
                page.tap(f"[data-role=pad] [data-key='{key}']")
            else:
                page.keyboard.press(key)

        press(page, bool(touch), cell(r, c))  # a click steps the cycle: numbered (the dot)
        page.wait_for_function("k => window.pb.pos[k] === 'n'", arg=k)
        typed("4")  # the claim: drawn as typed, wrong at once (fewer than four neighbours)
        page.wait_for_function("k => window.pb.pos[k] === 4", arg=k)
        page.wait_for_selector(f"[data-claim='{r},{c}']")
        assert page.text_content(f"[data-claim='{r},{c}']") == "4"
        page.wait_for_function("([r, c]) => [...document.querySelectorAll('rect[data-hl=error]')].some(e => "
                               "+e.getAttribute('x') === 22 + 40 * c + 2 && +e.getAttribute('y') === 22 + 40 * r + 2)", arg=[r, c])
        assert [r, c] in errors_at(page)
        page.evaluate("window.scrollTo(0, 0)")
        shots(page, f"help-claim-{size}")
        typed("Backspace")
        page.wait_for_function("k => window.pb.pos[k] === null", arg=k)
        page.wait_for_function("([r, c]) => !document.querySelector(`[data-claim='${r},${c}']`)", arg=[r, c])
        page.wait_for_function("document.querySelectorAll('rect[data-hl=error]').length === 0")
        # the answer by claims: each numbered cell typed as its digit wins
        digits = [v for row in rec["answer"] for v in row]
        page.evaluate("a => { window.pb.pos.splice(0, a.length, ...a); window.pb.version++; }",
                      [("n" if fixed(rec, q) else (v or "x")) for q, v in enumerate(digits)])
        press(page, bool(touch), "#check")
        page.wait_for_selector("[data-role=win]:not([hidden])")


@PAGE_ONLY
@pytest.mark.parametrize("size", SIZES)
def test_broken_rules_show_red_as_you_play(browser: Browser, server: str, size: str) -> None:
    """A Slant loop drawn red with no Check pressed: the error display is on by default, turns
    off (and stays off over a reload), and on again."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "slant")[0]
        open_board(page, server, "slant", rec["id"])
        assert page.is_checked("#live")
        cols = rec["cols"]
        loop = {0: "/", 1: "\\", cols: "\\", cols + 1: "/"}  # a diamond round the point (1, 1)
        for k, m in loop.items():
            enter(page, rec, k, m, tap=bool(touch))
        page.wait_for_function("n => document.querySelectorAll('rect[data-hl=error]').length >= n", arg=len(loop))
        assert {(k // cols, k % cols) for k in loop} <= {tuple(x) for x in errors_at(page)}
        assert "loop" in page.inner_text("#messages")
        page.evaluate("window.scrollTo(0, 0)")
        shots(page, f"help-errors-{size}")
        press(page, bool(touch), "#live")
        page.wait_for_function("document.querySelectorAll('rect[data-hl=error]').length === 0")
        page.reload()
        page.wait_for_selector("body[data-ready='yes']")
        page.wait_for_function("k => window.pb.key === k && window.pb.busy === 0", arg=rec["id"])
        assert not page.is_checked("#live") and not errors_at(page)
        press(page, bool(touch), "#live")
        page.wait_for_function("n => document.querySelectorAll('rect[data-hl=error]').length >= n", arg=len(loop))


@PAGE_ONLY
@pytest.mark.parametrize("size", SIZES)
def test_reject_all_takes_every_open_trial_back(browser: Browser, server: str, size: str) -> None:
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "fillapix")[0]
        open_board(page, server, "fillapix", rec["id"])
        want = target_marks(rec)
        a, b, c, d = free_cells(rec)
        enter(page, rec, a, want[a], tap=bool(touch))
        before = position(page)
        for level, k in enumerate((b, c, d), start=1):
            press(page, bool(touch), "#trial")
            page.wait_for_function("n => window.pb.trial === n", arg=level)
            enter(page, rec, k, want[k], tap=bool(touch))
        inner = position(page)
        assert page.is_visible("#trial-reject-all")
        page.evaluate("window.scrollTo(0, 0)")
        shots(page, f"help-reject-all-{size}")
        press(page, bool(touch), "#trial-reject-all")
        page.wait_for_function("window.pb.trial === 0")
        assert position(page) == before and not page.is_visible("[data-role=trial]")
        assert "All 3 trials rejected" in page.inner_text("[data-role=message]")
        press(page, bool(touch), "#undo")  # one move: undo brings the three trials back whole
        page.wait_for_function("window.pb.trial === 3")
        assert position(page) == inner


@PAGE_ONLY
@pytest.mark.parametrize("size", SIZES)
def test_undo_all_and_redo_all(browser: Browser, server: str, size: str) -> None:
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "fillapix")[0]
        open_board(page, server, "fillapix", rec["id"])
        want = target_marks(rec)
        assert page.is_disabled("#undo-all") and page.is_disabled("#redo-all")
        for k in free_cells(rec):
            enter(page, rec, k, want[k], tap=bool(touch))
        latest, moves = position(page), page.evaluate("window.pb.undo.length")
        assert moves >= 4
        press(page, bool(touch), "#undo-all")
        page.wait_for_function("n => window.pb.redo.length === n && window.pb.undo.length === 0", arg=moves)
        assert position(page) == start_position(rec)
        assert page.is_disabled("#undo-all") and not page.is_disabled("#redo-all")
        page.evaluate("window.scrollTo(0, 0)")
        shots(page, f"help-undo-all-{size}")
        press(page, bool(touch), "#redo-all")
        page.wait_for_function("n => window.pb.undo.length === n && window.pb.redo.length === 0", arg=moves)
        assert position(page) == latest
        press(page, bool(touch), "#setter")  # the setter's own history, stepped through whole
        page.wait_for_selector("#setter-panel:not([hidden])")
        page.wait_for_function("window.pb.setter && window.pb.setter.undo.length === 0")
        press(page, bool(touch), "#setter-blank")
        page.wait_for_function("window.pb.setter.board.clues.flat().every(v => v === null)")
        steps = page.evaluate("window.pb.setter.undo.length")
        assert steps >= 1
        press(page, bool(touch), "#undo-all")
        page.wait_for_function("n => window.pb.setter.redo.length === n && !window.pb.setter.undo.length", arg=steps)
        assert page.evaluate("window.pb.setter.board.clues.flat().some(v => v !== null)")
