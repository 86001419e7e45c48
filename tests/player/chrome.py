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

from tests.player.contexts import IN_USE, SITES, emptied, release, shared_context

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
    shared = ctx is not None and ctx not in IN_USE
    if shared:
        IN_USE.add(ctx)
        emptied(ctx, 0)  # again: a write of the last test's page that landed after its release
        pg, errors = watched(ctx.new_page(), console)
    else:
        ctx, pg, errors = new_page(browser, viewport, console, **kw)
    try:
        yield pg
    finally:
        if shared:
            IN_USE.discard(ctx)
            release(ctx, browser, options)
        else:
            ctx.close()
    assert not errors, f"errors in the page: {errors}"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
