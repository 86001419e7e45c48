"""The player for a screen reader and in plain words (issue 48, items 3 and 4), in chromium at
1280x800 and 390x844, read through chromium's accessibility tree (CDP Accessibility.getFullAXTree):
the board an ARIA grid whose cells are named with row, column, clue and state, the cursor its
active descendant with a visible focus, moves, hints and checks said in polite live regions, and
a board won by keys from what the tree exposes alone; hints, a stuck board, a failed trial, the
ladder and the statistics in plain words with each rule's solver name kept for a glossary; the
hint level labelled on the page and the symbol buttons explained there (phones show no tooltips)."""

# ruff: noqa: E501 (the page scripts below are JavaScript, kept whole on their lines)

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page  # noqa: E402  (test_browser skips first)

import pencilbox
from tests.player.chrome import DESKTOP, PAGE_ONLY, PHONE, TOUCH, opened, shot
from tests.player.static.test_browser import catalog_entry, open_board, small_boards
from tests.player.static.test_page import theme
from tests.player.static.test_trials import enter, failing_entry

SIZES = {"desktop": (DESKTOP, {}), "phone": (PHONE, TOUCH)}
CELL = re.compile(r"^row (\d+), column (\d+)(?:, clue (\d+))?, (undecided|painted|blank)(?:, .*)?$")
RUNGS = {"count", "pair", "sides", "probe", "deg", "neq", "conn", "cycle", "duet", "region", "ripple", "hidden", "lines"}


# ---------------------------------------------------------------- the accessibility tree

class Tree:
    """Chromium's accessibility tree of the page, as a screen reader gets it (CDP)."""

    def __init__(self, page: Page) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.nodes: dict[str, dict[str, Any]] = {}
        self.read()

    def read(self) -> Tree:
        got = self.cdp.send("Accessibility.getFullAXTree")["nodes"]
        self.nodes = {n["nodeId"]: n for n in got}
        self.by_dom = {n.get("backendDOMNodeId"): n for n in got if not n.get("ignored")}
        return self

    @staticmethod
    def role(n: dict[str, Any]) -> str:
        return n.get("role", {}).get("value", "")

    @staticmethod
    def name(n: dict[str, Any]) -> str:
        return n.get("name", {}).get("value", "")

    @staticmethod
    def prop(n: dict[str, Any], key: str) -> Any:
        for p in n.get("properties", []):
            if p["name"] == key:
                return p["value"].get("value", p["value"].get("relatedNodes"))
        return None

    def all(self, role: str) -> list[dict[str, Any]]:
        return [n for n in self.nodes.values() if not n.get("ignored") and self.role(n) == role]

    def kids(self, n: dict[str, Any], role: str | None = None) -> list[dict[str, Any]]:
        out = [self.nodes[k] for k in n.get("childIds", []) if k in self.nodes]
        return [k for k in out if not k.get("ignored") and (role is None or self.role(k) == role)]

    def text(self, n: dict[str, Any]) -> str:
        """What a live region holds: its static text, in order."""
        if self.role(n) in ("StaticText", "InlineTextBox"):
            return self.name(n) if self.role(n) == "StaticText" else ""
        return "".join(self.text(self.nodes[k]) for k in n.get("childIds", []) if k in self.nodes)

    def grid(self) -> dict[str, Any]:
        grids = self.all("grid")
        assert len(grids) == 1, [self.name(g) for g in grids]
        return grids[0]

    def cells(self) -> list[list[str]]:
        """The grid's cell names, row by row (the rows and cells as the tree orders them)."""
        return [[self.name(c) for c in self.kids(r, "gridcell")] for r in self.kids(self.grid(), "row")]

    def focused_cell(self) -> str:
        """The name of the grid's active descendant: the cell keyboard focus is on."""
        return self._focused(self.grid(), lambda dom: self.by_dom[dom])

    def node(self, dom: int) -> dict[str, Any]:
        """One node of the tree, read alone (the whole tree is 40 ms a read, one node 2 ms)."""
        return self.cdp.send("Accessibility.getPartialAXTree", {"backendNodeId": dom, "fetchRelatives": False})["nodes"][0]

    def focus(self) -> str:
        """``focused_cell`` from the grid's node and the cell's alone, the grid as the last read
        found it: what a key press changes, read in two small steps."""
        return self._focused(self.node(self.grid()["backendDOMNodeId"]), self.node)

    def _focused(self, grid: dict[str, Any], by_dom: Callable[[int], dict[str, Any]]) -> str:
        assert self.prop(grid, "focused"), "the grid has no keyboard focus"
        rel = self.prop(grid, "activedescendant")
        assert rel, "the grid names no active descendant"
        return self.name(by_dom(rel[0]["backendDOMNodeId"]))

    def until_focus(self, ok: Callable[[str], bool], what: str, tries: int = 400) -> str:
        """``focus`` again until ``ok`` holds of it."""
        for _ in range(tries):
            if ok(name := self.focus()):
                return name
        raise AssertionError(f"the focused cell never showed {what}: {self.focus()}")

    def live(self) -> list[str]:
        """The text of every polite live region."""
        return [self.text(n) for n in self.nodes.values() if not n.get("ignored") and self.prop(n, "live") == "polite"]

    def until(self, ok: Callable[[Tree], bool], what: str, tries: int = 400) -> Tree:
        """Read the tree again until ``ok`` holds (the page answers a key within a few frames)."""
        for _ in range(tries):
            if ok(self.read()):
                return self
        raise AssertionError(f"the accessibility tree never showed {what}; live regions: {self.live()}")


def flat(text: str) -> str:
    """Text without its spaces (the tree splits a message at its link, spaces and all)."""
    return "".join(text.split())


def tab_to_board(page: Page) -> None:
    """Tab from the top of the page until the board has the focus (keyboard only)."""
    page.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == "board":
            return
    raise AssertionError("Tab never reached the board")


def parsed(name: str) -> tuple[int, int, int | None, str]:
    m = CELL.match(name)
    assert m, name
    return int(m[1]) - 1, int(m[2]) - 1, None if m[3] is None else int(m[3]), m[4]


# ---------------------------------------------------------------- item 3: the board as a grid

@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
def test_the_board_is_a_named_grid_with_visible_focus_and_live_words(browser: Browser, server: str, size: str) -> None:
    """Every cell of a Fill-a-Pix named with its row, column, clue and state in the tree's rows;
    Tab reaches the board with a visible ring and cursor; arrows move the active descendant; a
    move, a hint and a check are said in polite live regions; a Slant cell names its corner clues."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "fillapix")[0]
        open_board(page, server, "fillapix", rec["id"])
        tree = Tree(page)
        names = tree.cells()
        assert len(names) == rec["rows"] and all(len(row) == rec["cols"] for row in names), names
        for r, row in enumerate(names):
            for c, name in enumerate(row):
                assert parsed(name) == (r, c, rec["clues"][r][c], "undecided"), name
        assert "Fill-a-Pix" in tree.name(tree.grid()) and f"{rec['rows']} rows" in tree.name(tree.grid())
        assert tree.text(tree.grid()) == "", "the drawn digits are read out besides the names"

        tab_to_board(page)
        ring = page.evaluate("getComputedStyle(document.querySelector('#board')).outlineStyle")
        assert ring != "none", "the board shows no focus"
        page.wait_for_selector("[data-cursor='0,0']")  # the cursor drawn as soon as Tab arrives
        assert tree.until(lambda t: t.focused_cell().startswith("row 1, column 1,"), "focus on r1c1").focused_cell()
        shot(page, f"aria-focus-{size}")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        tree.until(lambda t: t.focused_cell().startswith("row 2, column 2,"), "focus moved to r2c2")
        page.keyboard.press("Space")
        tree.until(lambda t: parsed(t.focused_cell())[3] == "painted", "r2c2 named painted")
        tree.until(lambda t: any("row 2, column 2" in s and "painted" in s for s in t.live()), "the move said")

        page.click("#hint")  # a hint, or "Wrong: ..." where the move was wrong: said either way
        page.wait_for_function("['hint', 'error'].includes(document.querySelector('[data-role=message]').dataset.kind)")
        said = page.inner_text("[data-role=message]").strip()
        tree.until(lambda t: any(flat(said) in flat(s) for s in t.live()), f"the hint said ({said})")
        page.click("#check")
        page.wait_for_function("/broken rule/i.test(document.querySelector('[data-role=message]').textContent)")
        said = page.inner_text("[data-role=message]").strip()
        tree.until(lambda t: any(flat(said) in flat(s) for s in t.live()), f"the check said ({said})")

        rec = small_boards(server, "slant")[0]
        open_board(page, server, "slant", rec["id"])
        r, c = next((r, c) for r in range(rec["rows"]) for c in range(rec["cols"]) if rec["clues"][r][c] is not None)
        name = tree.until(lambda t: len(t.cells()) == rec["rows"], "the Slant grid").cells()[r][c]
        assert name.startswith(f"row {r + 1}, column {c + 1}, corner clue") and f"top left {rec['clues'][r][c]}" in name, name
        tab_to_board(page)
        for _ in range(r):
            page.keyboard.press("ArrowDown")
        for _ in range(c):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Shift+Space")  # backwards: undecided -> /
        tree.until(lambda t: t.focused_cell().startswith(f"row {r + 1}, column {c + 1},") and t.focused_cell().endswith("slash /"),
                   "the Slant cell named slash /")
        shot(page, f"aria-slant-{size}")


@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
def test_a_board_is_won_by_keys_from_the_accessibility_tree_alone(browser: Browser, server: str, size: str) -> None:
    """A Fill-a-Pix read from the cell names (its clues and size, nothing of window.pb or the
    drawing), solved from those clues, and played by arrows and Space, each step checked
    against the focused cell's name, to the win said in a live region."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "fillapix")[1]
        open_board(page, server, "fillapix", rec["id"])
        tab_to_board(page)
        tree = Tree(page)
        cells = [[parsed(n) for n in row] for row in tree.cells()]
        rows, cols = len(cells), len(cells[0])
        clues = [[cl for _, _, cl, _ in row] for row in cells]
        got = pencilbox.read({"puzzle": "fillapix", "rows": rows, "cols": cols, "clues": clues}).solve().to_dict()
        assert got["status"] == "unique", got
        want = {"#": "painted", ".": "blank"}
        at = parsed(tree.until_focus(bool, "a focused cell"))[:2]
        for r in range(rows):
            for c in range(cols):
                while at != (r, c):
                    dr, dc = r - at[0], c - at[1]
                    page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp" if dr < 0 else "ArrowRight" if dc > 0 else "ArrowLeft")
                    before = at
                    at = parsed(tree.until_focus(lambda n, b=before: parsed(n)[:2] != b, "the focus moved"))[:2]
                goal = want[got["answer"][r][c]]
                for _ in range(3):
                    state = parsed(tree.focus())[3]
                    if state == goal:
                        break
                    page.keyboard.press("Space")
                    tree.until_focus(lambda n, s=state: parsed(n)[3] != s, "the cell changed")
                assert parsed(tree.focus())[3] == goal
        tree.until(lambda t: any(s.startswith("Solved") for s in t.live()), "the win said")
        shot(page, f"aria-won-by-keys-{size}")


# ---------------------------------------------------------------- item 4: plain words first

def message(page: Page) -> str:
    return page.inner_text("[data-role=message]").strip()


def named(text: str, rung: str, plain: str) -> bool:
    """Whether ``text`` names the rung by its solver name (its plain name may hold the word:
    "Overlaps, both sides")."""
    return re.search(rf"\b{rung}\b", text.replace(plain, "")) is not None


def glossary_entry(page: Page, rung: str) -> str:
    return page.inner_text(f"#rule-{rung}")


@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
def test_hints_failures_and_the_ladder_say_plain_words_with_rule_names_in_a_glossary(
        browser: Browser, server: str, size: str) -> None:
    """A hint says why in the puzzle's words and names its rule by a plain name linked to the
    glossary, where the solver's name (count, deg) stands beside what the rule does; a stuck
    board, a failed trial, the ladder's legend and the statistics say no rung names."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "fillapix")[0]
        open_board(page, server, "fillapix", rec["id"])
        glossary = {g["rung"]: g for g in catalog_entry(server, "fillapix")["glossary"]}
        page.click("#hint")
        page.wait_for_function("document.querySelector('[data-role=message]').dataset.kind === 'hint'")
        said, rung = message(page), page.get_attribute("[data-role=message]", "data-rung")
        assert rung in glossary and said[0].isupper() and said.split(":")[0].split()[0] not in RUNGS, said
        assert f"Rule: {glossary[rung]['name']}." in said and not named(said, rung, glossary[rung]["name"]), said
        page.click("[data-role=message] a.rule-link")
        page.wait_for_function("r => document.activeElement && document.activeElement.id === 'rule-' + r", arg=rung)
        entry = glossary_entry(page, rung)
        assert glossary[rung]["name"] in entry and f"solver name: {rung}" in entry and glossary[rung]["words"] in entry
        assert page.evaluate("r => { const b = document.querySelector('#rule-' + r).getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }", rung)
        shot(page, f"words-glossary-{size}")

        page.evaluate("window.scrollTo(0, 0)")
        page.click("#ladder")
        page.wait_for_selector("[data-ladder]")
        legend = page.inner_text("#ladder-legend")
        assert "What each hint rule settles next" in legend and glossary["count"]["name"] in legend, legend
        for g in glossary.values():
            legend = legend.replace(g["name"], "")
        assert not RUNGS & set(re.findall(r"[a-z]+", legend)), legend
        page.click("#ladder")

        first = catalog_entry(server, "fillapix")["levels"][0]  # the simplest rule alone: stuck soon
        page.select_option("#hint-level", first)
        for _ in range(rec["rows"] * rec["cols"] + 1):
            page.click("#hint")
            page.wait_for_function("!['Thinking…'].includes(document.querySelector('[data-role=message]').textContent)")
            if page.get_attribute("[data-role=message]", "data-kind") != "hint":
                break
        said = message(page)
        assert said.startswith("No cell can be worked out from here") and glossary[first]["name"] in said, said
        assert "provable" not in said and "rungs" not in said and not named(said, first, glossary[first]["name"]), said
        assert page.is_visible("#reveal")
        page.click("[data-role=message] a.rule-link[href='#hint-level']")
        page.wait_for_function("document.activeElement && document.activeElement.id === 'hint-level'")
        shot(page, f"words-stuck-{size}")

        page.click("#stats")
        asked = page.inner_text("#stats-asked")
        most = re.search(r"more of your hints used the rule “(.+)” than any other", asked)
        assert "you ask most" not in asked and most and most[1] in {g["name"] for g in glossary.values()}, asked
        page.click("#stats-close")

        rec = small_boards(server, "sukoro")[0]
        info = catalog_entry(server, "sukoro")
        level = info["levels"][-1]
        i, bad, trial = failing_entry(server, rec, info["cycle"], level)
        open_board(page, server, "sukoro", rec["id"])
        page.select_option("#hint-level", level)
        (page.tap if touch else page.click)("#trial")
        page.wait_for_function("window.pb.trial === 1")
        enter(page, rec, i, bad, tap=bool(touch))
        page.wait_for_selector("[data-role=trial][data-failed=yes]")
        text = page.inner_text("#trial-fail")
        assert "This trial has failed" in text and "finds a contradiction" not in text, text
        if trial["rung"] in {g["rung"] for g in info["glossary"]}:
            plain = next(g["name"] for g in info["glossary"] if g["rung"] == trial["rung"])
            assert plain in text and not named(text, trial["rung"], plain), text
        shot(page, f"words-trial-failed-{size}")


@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("shade", ["light", "dark"])
def test_the_hint_level_and_the_symbol_buttons_are_labelled_on_the_page(
        browser: Browser, server: str, size: str, shade: str) -> None:
    """The hint level has a visible label that is its accessible name and shows the rules' plain
    names; ↶✓, ✎, Fill ✎, Ladder and Forest each have an accessible name and a description that
    is text on the page, shown without hover, beside the glossary of the open puzzle's rules."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        for puzzle, buttons in (("ripple", ("rewind", "note-mode", "fill-notes", "ladder")), ("slant", ("forest",))):
            rec = small_boards(server, puzzle)[0]
            open_board(page, server, puzzle, rec["id"])
            theme(page, shade)
            info = catalog_entry(server, puzzle)
            tree = Tree(page)
            box = next(n for n in tree.all("combobox") if n.get("backendDOMNodeId") == dom_id(page, "#hint-level"))
            assert tree.name(box) == "Hints up to", tree.name(box)
            assert page.is_visible("#hint-level-label") and page.inner_text("#hint-level-label").startswith("Hints up to")
            options = page.evaluate("[...document.querySelectorAll('#hint-level option')].map(o => o.textContent)")
            plain = {g["rung"]: g["name"] for g in info["glossary"]}
            assert options == [plain[lv] for lv in info["hint_levels"]], options
            for b in buttons:
                node = next(n for n in tree.read().all("button") if n.get("backendDOMNodeId") == dom_id(page, f"#{b}"))
                described = page.get_attribute(f"#{b}", "aria-describedby")
                assert tree.name(node) and described, b
                assert page.is_visible(f"#{described}"), f"{b}: its explanation is not on the page"
                words = " ".join(page.inner_text(f"#{described}").split())
                assert " ".join(node.get("description", {}).get("value", "").split()) == words, b
                assert page.is_visible(f"#explain-buttons [data-explains={b}]")
            assert [page.get_attribute(f"#rule-{lv}", "data-rung") for lv in info["levels"]] == list(info["levels"])
            page.locator("#glossary-panel").scroll_into_view_if_needed()
            shot(page, f"words-glossary-{puzzle}-{size}-{shade}")
        assert page.is_hidden("#explain-buttons [data-explains=note-mode]")  # Slant takes no pencil marks


def dom_id(page: Page, selector: str) -> int:
    """The DOM node's backend id (to find its node in the accessibility tree)."""
    cdp = page.context.new_cdp_session(page)
    doc = cdp.send("DOM.getDocument", {"depth": 0})
    got = cdp.send("DOM.querySelector", {"nodeId": doc["root"]["nodeId"], "selector": selector})
    desc = cdp.send("DOM.describeNode", {"nodeId": got["nodeId"]})
    cdp.detach()
    return int(desc["node"]["backendNodeId"])

