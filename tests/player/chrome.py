"""Debian's chromium for the page tests: where it is, how it starts, and a page that records
what goes wrong in it. Playwright is imported only when a browser starts, so modules that skip
without it still collect."""

from __future__ import annotations

import json
import os
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 20_000
SHOTS = Path(__file__).resolve().parent / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
TOUCH = {"has_touch": True, "is_mobile": True}
SITES: set[str] = set()  # the base URLs of static sites (no /api/: the tests ask pencilbox.verbs.wire)

#: the back ends the page tests run on (PENCILBOX_PAGE_BACKENDS=site runs the static site's alone)
BACKENDS = os.environ.get("PENCILBOX_PAGE_BACKENDS", "play,site").split(",")

#: a test of the page alone (layout, focus, ARIA, storage, words): the two back ends serve the same
#: page, so it runs on the first of them. The site's runs are those of its own behaviour (offline,
#: snapshot, new build, a bad link, the booklet's line, the wins by hints) and enough more that each
#: verb the page sends goes through its web worker at least once (seen by logging the worker's
#: messages, 2026-12-06): setter, redundant, image, export and minimise (test_setter_paper's image
#: on Slant), ambiguity (its Fill-a-Pix view), save, load and convert (test_edges_seeds_files'
#: file), generate and bank (its New board), hint and ladder (test_site's wins by hints), trial
#: and rewind (test_trials), candidates (test_help_errors' fill marks), check (all of them)
PAGE_ONLY = pytest.mark.parametrize("server", BACKENDS[:1], indirect=True)


def all_pairs(factors: dict[str, list[Any]]) -> list[tuple[Any, ...]]:
    """Rows in which every pair of values of two factors meets at least once (all-pairs testing),
    picked greedily from the full product in its order: 4 puzzles x 2 sizes x 2 shades x 2 back
    ends is 8 runs, not 32, and each puzzle still meets each size, shade and back end."""
    names = list(factors)
    product = [()]  # type: list[tuple[Any, ...]]
    for name in names:
        product = [row + (v,) for row in product for v in factors[name]]
    def pairs(row: tuple[Any, ...]) -> set[tuple[int, Any, int, Any]]:
        return {(i, row[i], j, row[j]) for i in range(len(row)) for j in range(i + 1, len(row))}
    todo = set().union(*map(pairs, product))
    rows = []
    while todo:
        best = max(product, key=lambda row: len(pairs(row) & todo))  # the first of the best: stable
        rows.append(best)
        todo -= pairs(best)
    return rows


def pairwise(**factors: list[Any]) -> Any:
    """``parametrize`` over ``all_pairs`` of the factors; a factor named ``server`` is the page's
    back end (one of BACKENDS, passed to the fixture)."""
    if "server" in factors:
        factors["server"] = [b for b in factors["server"] if b in BACKENDS]
    indirect = ["server"] if "server" in factors else False
    return pytest.mark.parametrize(",".join(factors), all_pairs(factors), indirect=indirect)


def over_http(base: str) -> bool:
    """Whether the page's verbs go over HTTP (``pencilbox play``), where a test can mock an answer
    with page.route; on the static site they go to a web worker."""
    return base not in SITES


def route_glob(base: str, verb: str, board_id: str | None = None) -> str:
    """The request a GET verb makes: /api/... on the server, the built data/ file on the site."""
    if base in SITES:
        return f"**/data/board/{board_id}.json" if verb == "board" else f"**/data/{verb}.json"
    return f"**/api/board/{board_id}" if verb == "board" else f"**/api/{verb}"


def api(base: str, path: str, body: Any = None) -> Any:
    """What the page's API answers for ``path`` (/api/NAME?query, /api/board/ID): the server's JSON,
    or on a static site the same verb answered in this process (pencilbox.verbs.wire)."""
    if base in SITES:
        from pencilbox.verbs import wire
        url = urllib.parse.urlsplit(path)
        verb = url.path.removeprefix("/api/")
        request = dict(urllib.parse.parse_qsl(url.query)) if body is None else body
        if verb.startswith("board/"):
            verb, request = "board", {"id": urllib.parse.unquote(verb.removeprefix("board/"))}
        status, out = wire.answer(verb, json.dumps(request))
        assert status == 200, out
        return json.loads(out)
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


@contextmanager
def launch() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def new_page(browser: Browser, viewport: dict[str, int] = DESKTOP, console: bool = True,
             **kw: Any) -> tuple[BrowserContext, Page, list[str]]:
    """A fresh context and page; the list fills with page errors (and console errors)."""
    kw.setdefault("service_workers", "block")  # page.route sees every request (test_site allows them)
    ctx = browser.new_context(viewport=viewport, **kw)
    pg, errors = watched(ctx.new_page(), console)
    return ctx, pg, errors


def watched(pg: Page, console: bool) -> tuple[Page, list[str]]:
    """The page with the test's timeout, and a list that fills with its errors (and console errors)."""
    pg.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    if console:
        pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return pg, errors


#: what a page test leaves in its context that the next one must not find: its origin's storage
#: (the page's own sessionStorage goes with the page), all but the static site's engine snapshot
#: (pyworker.js): the next test's engine starts from it, as a returning player's does, in 0.9 s
#: against 3.4 s (test_site tests the first start, and the snapshot's, in a context of its own).
#: A write of a page in another renderer process reaches this one's view of localStorage a moment
#: later, so it clears until `quiet` looks 30 ms apart find nothing (at most 2 s); what is left
#: then is returned, to be all 0
CLEAR = """async (quiet) => {
  const left = async () => [localStorage.length, (await indexedDB.databases()).length,
                            (await caches.keys()).filter((k) => k !== "pyodide-snapshots").length];
  const clear = async () => {
    localStorage.clear();
    await Promise.all((await indexedDB.databases()).map((d) => new Promise((done) => {
      const q = indexedDB.deleteDatabase(d.name); q.onsuccess = q.onerror = q.onblocked = done; })));
    await Promise.all((await caches.keys()).filter((k) => k !== "pyodide-snapshots")
      .map((k) => caches.delete(k)));
  };
  await clear();
  for (let i = 0, seen = 0; i < 60 && seen < quiet; i++) {
    await new Promise((r) => setTimeout(r, 30));
    if ((await left()).every((n) => n === 0)) seen++;
    else { seen = 0; await clear(); }
  }
  return left();
}"""

#: a page kept open on each origin a shared context has visited: not the app (a style sheet, no
#: script), so nothing of it reads or writes the storage; it keeps that origin's renderer process
#: alive, and the next test's page starts in it (a third of a fresh context's cost, measured
#: 2026-12-06: 0.29 s and 0.5 CPU s against 0.67 s and 1.29 CPU s)
KEEPER = "/static/style.css"

#: the shared contexts: per browser, per set of context options
SHARED: dict[int, dict[str, BrowserContext]] = {}
IN_USE: set[BrowserContext] = set()  # a test's page is open in it: a page opened beside gets its own


def shared_context(browser: Browser, options: dict[str, Any]) -> BrowserContext:
    """One context per set of options per browser: each test gets a new page in it (its own history,
    sessionStorage, routes and listeners) and ``release`` empties what the context keeps."""
    key = json.dumps(options, sort_keys=True)
    if id(browser) not in SHARED:
        SHARED[id(browser)] = {}
        browser.once("disconnected", lambda: SHARED.pop(id(browser), None))
    pool = SHARED[id(browser)]
    if key not in pool or not pool[key].browser:
        pool[key] = browser.new_context(**options)
    return pool[key]


def keepers(ctx: BrowserContext) -> dict[str, Page]:
    return {urllib.parse.urlsplit(pg.url)._replace(path="").geturl(): pg for pg in ctx.pages
            if pg.url.endswith(KEEPER)}


def release(ctx: BrowserContext, browser: Browser, key: str) -> None:
    """Close the test's pages and empty the context's storage on every origin they visited, keeping a
    page on each origin; a context that cannot be emptied is closed, and the next test gets a new one."""
    try:
        kept = keepers(ctx)
        origins = {f"{u.scheme}://{u.netloc}" for u in (urllib.parse.urlsplit(pg.url) for pg in ctx.pages)
                   if u.scheme in ("http", "https")}
        for pg in ctx.pages:
            if pg not in kept.values():
                pg.goto("about:blank")  # its pagehide writes land now, not after close returns
                pg.close()
        ctx.unroute_all(behavior="ignoreErrors")
        ctx.set_offline(False)
        ctx.clear_cookies()
        ctx.clear_permissions()
        for origin in origins - kept.keys():
            kept[origin] = ctx.new_page()
            kept[origin].goto(origin + KEEPER)
        emptied(ctx)
    except Exception:
        SHARED.get(id(browser), {}).pop(key, None)
        ctx.close()
        raise


def emptied(ctx: BrowserContext, quiet: int = 2) -> None:
    """Empty the storage of every origin the context keeps a page on, and check it is empty."""
    for origin, pg in keepers(ctx).items():
        left = pg.evaluate(CLEAR, quiet)
        assert left == [0, 0, 0], f"{origin} kept {left} (localStorage, IndexedDB, caches)"


@contextmanager
def opened(browser: Browser, viewport: dict[str, int] = DESKTOP, console: bool = True,
           **kw: Any) -> Iterator[Page]:
    """A new page for one test, in the context its options share (``shared_context``): emptied after
    it, and the test fails if the page logged an error. A context that lets service workers run is
    the test's own (a worker's registration outlives any page), and so is one opened while the
    shared one is in use (a second browser, with nothing saved)."""
    kw.setdefault("service_workers", "block")
    options = {"viewport": viewport, **kw}
    ctx = shared_context(browser, options) if kw["service_workers"] == "block" else None
    if ctx is None or ctx in IN_USE:
        ctx, pg, errors = new_page(browser, viewport, console, **kw)
        try:
            yield pg
        finally:
            ctx.close()
    else:
        IN_USE.add(ctx)
        emptied(ctx, 0)  # again: a write of the last test's page that landed after its release
        pg, errors = watched(ctx.new_page(), console)
        try:
            yield pg
        finally:
            IN_USE.discard(ctx)
            release(ctx, browser, json.dumps(options, sort_keys=True))
    assert not errors, f"errors in the page: {errors}"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
