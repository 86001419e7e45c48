"""The static site as a player meets it (issue 46): chromium against the built folder on a plain
file server, no pencilbox process. Each puzzle is won by hints alone; after one
visit the site reloads and answers with the network cut; it is installable (manifest, icons,
service worker) and a new build replaces the cached one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.player.chrome import BACKENDS, PHONE, TOUCH, opened, shot
from tests.player.static.test_browser import PUZZLES, catalog_entry, open_board, small_boards, wait_ready


@pytest.fixture
def page(browser: Browser) -> Any:
    with opened(browser, {"width": 1100, "height": 900}, console=False) as pg:
        yield pg


def hint_to_win(page: Page, cells: int) -> int:
    """Press Hint until the win banner shows; how many hints it took (each names its rule)."""
    for n in range(1, 3 * cells + 1):
        done = page.evaluate("window.pb.undo.length")
        page.click("#hint")
        page.wait_for_function("n => window.pb.undo.length > n || !document.querySelector('#win').hidden",
                               arg=done, timeout=60_000)
        if page.is_visible("#win"):
            return n
    raise AssertionError("the hints did not finish the board")


# every puzzle on the static site (the last back end); over HTTP the server's hints are the compiled
# kernels', which tests/core/test_hint_screen holds to the readable ones the site runs, and
# tests/player/test_api walks each puzzle to the win by hints through the server's verbs
HINTED = [(BACKENDS[-1], p) for p in PUZZLES]


@pytest.mark.parametrize("server,puzzle", HINTED, indirect=["server"])
def test_each_puzzle_is_won_by_hints(page: Page, server: str, puzzle: str) -> None:
    """The ladder view first (its verb through the web worker: what each rung settles next, a
    legend naming every rung), then Hint until the win."""
    rec = small_boards(server, puzzle)[0]
    open_board(page, server, puzzle, rec["id"])
    page.click("#ladder")
    page.wait_for_selector("[data-ladder]")
    named = page.evaluate("[...document.querySelectorAll('#ladder-legend .legend-item')]"
                          ".map(e => e.dataset.rung)")
    assert named == catalog_entry(server, puzzle)["levels"], named
    page.click("#ladder")
    page.wait_for_selector("[data-ladder]", state="detached")
    assert hint_to_win(page, rec["rows"] * rec["cols"]) >= 1
    assert "Solved" in page.inner_text("#win")


SNAPSHOTS = "caches.open('pyodide-snapshots').then((c) => c.keys()).then((k) => k.map((r) => r.url))"


def test_installable_offline_a_later_visit_from_a_snapshot_and_a_new_build_replaces_it(
        browser: Browser, site_folder: Path, tmp_path: Path) -> None:
    """One first visit serves four tests, folded: a valid manifest (standalone, icons 192 and 512
    that exist) linked from the page; the visit keeps the engine's memory (one snapshot, this
    build's) and the service worker every file, so with the network cut the page reloads, draws
    its board, starts from the snapshot and answers a hint (a tap); a snapshot that does not
    restore is dropped, the engine starts fresh (offline still), answers a setter count, and the
    snapshot is made again; back online, a new build on the server (a changed page, a new service
    worker) is what the next visit shows, not the cached old one."""
    import shutil

    from pencilbox.site.build import offline
    from pencilbox.site.local import serve
    folder = tmp_path / "site"  # a copy: the new build changes it
    shutil.copytree(site_folder, folder)
    manifest = json.loads((folder / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (folder / icon["src"]).read_bytes().startswith(b"\x89PNG")
    with serve(folder) as base, opened(browser, PHONE, console=False, service_workers="allow", **TOUCH) as pg:
        pg.goto(base + "/")
        wait_ready(pg)
        linked = pg.evaluate("document.querySelector('link[rel=manifest]').href")
        assert linked.endswith("manifest.webmanifest")
        assert pg.evaluate("fetch('manifest.webmanifest').then(r => r.json())") == manifest
        assert pg.evaluate("document.body.dataset.engineStart") == "fresh"
        pg.wait_for_function(f"{SNAPSHOTS}.then((k) => k.length === 1)")
        wheel = json.loads(pg.evaluate("fetch('data/site.json').then(r => r.text())"))["wheel_sha256"]
        assert pg.evaluate(SNAPSHOTS)[0].endswith(wheel)
        pg.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed: every file cached
        pg.context.set_offline(True)
        pg.reload()
        wait_ready(pg)
        assert pg.evaluate("navigator.serviceWorker.controller !== null")
        assert pg.evaluate("document.body.dataset.engineStart") == "snapshot"
        pg.tap("#hint")
        pg.wait_for_function("window.pb.undo.length === 1", timeout=60_000)
        shot(pg, "site-offline-phone")
        pg.evaluate("""caches.open('pyodide-snapshots').then(async (c) =>
            c.put((await c.keys())[0], new Response(new Uint8Array(4096))))""")
        pg.reload()
        wait_ready(pg)
        assert pg.evaluate("document.body.dataset.engineStart") == "fresh"
        pg.tap("#setter")
        pg.wait_for_function("document.querySelector('#answer-count').dataset.count === '1'",
                             timeout=60_000)
        pg.wait_for_function(f"{SNAPSHOTS}.then((k) => k.length === 1)")  # made again

        pg.context.set_offline(False)
        page = folder / "index.html"
        page.write_text(page.read_text().replace("<title>", "<title>rebuilt "))
        offline(folder)  # the new build's file list and version
        pg.goto(base + "/")
        pg.wait_for_function("document.title.startsWith('rebuilt')", timeout=60_000)
