"""The player page as issue 15 asks for it: one table per puzzle from the catalog, no overlaps,
state at a glance, the board first on desktop and phone, sharing that reopens the board, pause
that blocks, undo in setter mode. Playwright drives Debian's chromium against the live server;
screenshots (phone and desktop, light and dark) land in tests/player/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402  (test_browser skips first)

from tests.player.test_browser import (  # the browser, its page and the play helpers
    ARGS,
    CHROMIUM,
    PUZZLES,
    SHOTS,
    TIMEOUT_MS,
    catalog_entry,
)

STATIC = Path(__file__).resolve().parents[2] / "src" / "pencilbox" / "player" / "static"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser() -> Any:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def new_page(browser: Browser, viewport: dict[str, int] = DESKTOP, **kw: Any) -> tuple[Any, Page, list[str]]:
    ctx = browser.new_context(viewport=viewport, **kw)
    pg = ctx.new_page()
    pg.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return ctx, pg, errors


@pytest.fixture
def page(browser: Browser) -> Any:
    ctx, pg, errors = new_page(browser)
    yield pg
    ctx.close()
    assert not errors, f"errors in the page: {errors}"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def dark(page: Page) -> None:
    page.evaluate("localStorage.setItem('pencilbox:theme', JSON.stringify('dark'))")


# ---------------------------------------------------------------- item 16: one table per puzzle

def test_per_puzzle_knowledge_is_one_table_from_the_catalog(server: str) -> None:
    """No puzzle is named in the page's JavaScript: every fact comes from the catalog's "ui"."""
    names = "|".join(PUZZLES)
    for path in STATIC.glob("*.js"):
        text = path.read_text()
        assert not re.findall(rf"""["'`]({names})["'`]""", text), f"{path.name} names a puzzle"
        assert not re.findall(r"""puzzle\s*[!=]==?\s*["'`]""", text), f"{path.name} branches on a puzzle"
        assert not re.findall(r"""\bP\s*[!=]==?\s*["'`]""", text), f"{path.name} branches on a puzzle"
    for name in PUZZLES:
        ui = catalog_entry(server, name)["ui"]
        assert {"cycle", "keys", "cell", "clue", "clue_on", "fixed", "clue_range", "regions"} <= set(ui)
