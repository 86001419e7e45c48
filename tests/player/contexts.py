"""The page tests' browser contexts: one per set of options per browser, shared by the tests of a
module, each test in a new page of it, and emptied between tests. The one thing kept is the static
site's engine snapshot, which is also carried into each new context: a returning player's start.

Measured 2026-12-06: a test's page in a shared context costs 0.29 s and 0.5 CPU s against a fresh
context's 0.67 s and 1.29 CPU s; the site's engine starts from its snapshot in 0.9 s against 3.4 s.
"""

from __future__ import annotations

import json
import threading
import urllib.parse
import weakref
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

#: the static sites' base URLs (no /api/: the tests ask pencilbox.verbs.wire)
SITES: set[str] = set()

#: pyworker.js's Cache Storage for the engine's snapshot; what CLEAR keeps (test_site tests the
#: first start, and the snapshot's, in a context of its own)
SNAPSHOTS = "pyodide-snapshots"

#: what a page test leaves in its context that the next one must not find: its origin's storage
#: (the page's own sessionStorage goes with the page), but for the engine's snapshot. A write of a
#: page in another renderer process reaches this one's view of localStorage a moment later, so it
#: clears until `quiet` looks 30 ms apart find nothing (at most 2 s); what is left then is
#: returned, to be all 0
CLEAR = """async ([quiet, kept]) => {
  const named = async () => (await caches.keys()).filter((k) => k !== kept);
  const left = async () => [localStorage.length, (await indexedDB.databases()).length,
                            (await named()).length];
  const clear = async () => {
    localStorage.clear();
    await Promise.all((await indexedDB.databases()).map((d) => new Promise((done) => {
      const q = indexedDB.deleteDatabase(d.name); q.onsuccess = q.onerror = q.onblocked = done; })));
    await Promise.all((await named()).map((k) => caches.delete(k)));
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
#: alive, and the next test's page starts in it
KEEPER = "/static/style.css"

#: the shared contexts: per browser, per set of context options
SHARED: dict[int, dict[str, BrowserContext]] = {}
IN_USE: set[BrowserContext] = set()  # a test's page is open in it: a page opened beside gets its own


def shared_context(browser: Browser, options: dict[str, Any]) -> BrowserContext:
    """One context per set of options per browser: each test gets a new page in it (its own history,
    sessionStorage, routes and listeners) and ``release`` empties what the context keeps."""
    key = keyed(options)
    if id(browser) not in SHARED:
        SHARED[id(browser)] = {}
        browser.once("disconnected", lambda: SHARED.pop(id(browser), None))
    pool = SHARED[id(browser)]
    if key not in pool or not pool[key].browser:
        pool[key] = browser.new_context(**options)
    return pool[key]


def keyed(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True)


def keepers(ctx: BrowserContext) -> dict[str, Page]:
    return {urllib.parse.urlsplit(pg.url)._replace(path="").geturl(): pg for pg in ctx.pages
            if pg.url.endswith(KEEPER)}


def keeper(ctx: BrowserContext, origin: str) -> Page:
    """The context's page on the origin, opened if it has none."""
    pg = keepers(ctx).get(origin)
    if pg is None:
        pg = ctx.new_page()
        pg.goto(origin + KEEPER)
    return pg


def release(ctx: BrowserContext, browser: Browser, options: dict[str, Any]) -> None:
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
        for origin in origins:
            keeper(ctx, origin)
            if origin in SITES:
                took(ctx, origin)
        emptied(ctx)
    except Exception:
        SHARED.get(id(browser), {}).pop(keyed(options), None)
        ctx.close()
        raise


def emptied(ctx: BrowserContext, quiet: int = 2) -> None:
    """Empty the storage of every origin the context keeps a page on, and check it is empty."""
    for origin, pg in keepers(ctx).items():
        left = pg.evaluate(CLEAR, [quiet, SNAPSHOTS])
        assert left == [0, 0, 0], f"{origin} kept {left} (localStorage, IndexedDB, caches)"


# ---------------------------------------------------------------- the static site's engine snapshot

#: per static site: its snapshot's request URL (the key pyworker.js looks for), once a test's engine
#: made one; its bytes are on the depot (31 MB put through Playwright's protocol took 11 s, fetched
#: from a loopback HTTP server 0.1 s)
TAKEN: dict[str, str] = {}
SEEDED: weakref.WeakKeyDictionary[BrowserContext, set[str]] = weakref.WeakKeyDictionary()
DEPOT: list[str] = []  # the depot's base URL, once started (one per test process)


class Depot(BaseHTTPRequestHandler):
    """Keeps what is POSTed to a path and answers it to a GET, to any origin (CORS)."""
    kept: dict[str, bytes] = {}

    def do_POST(self) -> None:
        self.kept[self.path] = self.rfile.read(int(self.headers["Content-Length"]))
        self.answer(204, b"")

    def do_GET(self) -> None:
        body = self.kept.get(self.path)
        self.answer(404 if body is None else 200, body or b"")

    def answer(self, code: int, body: bytes) -> None:
        self.send_response(code)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


def depot(origin: str) -> str:
    """Where the site's snapshot is kept (the depot started on first use, a daemon thread)."""
    if not DEPOT:
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), Depot)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        DEPOT.append(f"http://127.0.0.1:{httpd.server_address[1]}")
    return f"{DEPOT[0]}/{urllib.parse.quote(origin, safe='')}"


def took(ctx: BrowserContext, origin: str) -> None:
    """The site's snapshot, from the context's Cache Storage to the depot, if none is there yet."""
    if origin in TAKEN:
        return
    key = keeper(ctx, origin).evaluate("""async ([name, to]) => {
      const store = await caches.open(name);
      const [key] = await store.keys();
      if (!key) return null;
      const body = await (await store.match(key)).blob();
      return (await fetch(to, { method: "POST", body })).ok ? key.url : null;
    }""", [SNAPSHOTS, depot(origin)])
    if key:
        TAKEN[origin] = key
        SEEDED.setdefault(ctx, set()).add(origin)


def seed(page: Page, origin: str) -> None:
    """Put the site's snapshot into the page's context's Cache Storage (once per context), so its
    engine starts from it as a returning player's does. The page is brought to the front after (a
    page opened beside it, the keeper, leaves it in the background, its clicks waiting on frames
    that come once a second)."""
    ctx = page.context
    if origin not in TAKEN or origin in SEEDED.setdefault(ctx, set()):
        return
    keeper(ctx, origin).evaluate("""async ([name, key, src]) => {
      const store = await caches.open(name);
      if (!await store.match(key)) await store.put(key, new Response(await (await fetch(src)).arrayBuffer()));
    }""", [SNAPSHOTS, TAKEN[origin], depot(origin)])
    SEEDED[ctx].add(origin)
    page.bring_to_front()
