"""The page tests' shared contexts (tests/player/contexts.py) keep nothing of one test for the next
but the static site's engine snapshot, which they carry into a new context."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.player.chrome import BACKENDS, DESKTOP, PHONE, TOUCH, new_page, opened, over_http
from tests.player.contexts import SNAPSHOTS, keepers
from tests.player.static.test_browser import open_id, small_boards

#: what a page sees of its origin's storage: localStorage's keys, IndexedDB's databases, the caches
SEEN = """async () => [Object.keys(localStorage), (await indexedDB.databases()).map((d) => d.name),
                       await caches.keys()]"""

#: one of each, left behind
LEAVE = """async () => {
  localStorage.setItem("left-behind", "1");
  await new Promise((done) => {
    const q = indexedDB.open("left-behind"); q.onsuccess = () => { q.result.close(); done(); }; });
  await caches.open("left-behind");
}"""

HAS_SNAPSHOT = f"caches.open('{SNAPSHOTS}').then((c) => c.keys()).then((k) => k.length === 1)"


@pytest.mark.parametrize("server", BACKENDS, indirect=True)
def test_the_next_test_finds_nothing_but_the_engines_snapshot(browser: Browser, server: str) -> None:
    """Two tests' pages in turn, in one context: what the first left in its origin's storage is
    gone for the second, and so is its history; on the static site the engine's snapshot stays,
    and a context with other options is given it before its first board."""
    site = not over_http(server)
    board = small_boards(server, "sukoro")[0]["id"]
    with opened(browser, DESKTOP) as page:
        open_id(page, server, board)
        page.evaluate(LEAVE)
        if site:
            page.wait_for_function(HAS_SNAPSHOT)
        first = page.context
    with opened(browser, DESKTOP) as page:
        assert page.context is first and server in keepers(first)
        page.goto(server + "/static/style.css")
        assert page.evaluate(SEEN) == [[], [], [SNAPSHOTS] if site else []]
        ctx, alone, _ = new_page(browser)  # a page of a context of its own, for the history's length
        alone.goto(server + "/static/style.css")
        assert page.evaluate("history.length") == alone.evaluate("history.length")
        ctx.close()
    if site:
        with opened(browser, PHONE, **TOUCH) as page:
            assert page.context is not first
            open_id(page, server, board)
            assert page.evaluate("document.body.dataset.engineStart") == "snapshot"
