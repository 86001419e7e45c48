"""Issue 48, item 6 (marks hidden by marks), in chromium at 1280x800 and 390x844, light and
dark: no hatching runs at 45 degrees (the angle of Slant's "/" and "\\"), the forest's faded
trees read on the dark board, Fill-a-Pix's painted cells are dark in both themes (the finished
picture is never a negative), and WCAG contrast from the computed colours: 3:1 or more for every
mark against the cell it is drawn on, 4.5:1 for every text. The trial's blame is another item's."""

# ruff: noqa: E501 (the page scripts below are JavaScript, kept whole on their lines)

from __future__ import annotations

import math
from typing import Any

import pytest
from playwright.sync_api import Browser, Page  # noqa: E402  (test_browser skips first)

from tests.player.chrome import DESKTOP, PAGE_ONLY, PHONE, TOUCH, opened, shot
from tests.player.static.test_browser import (
    PUZZLES,
    catalog_entry,
    fixed,
    open_board,
    small_boards,
    target_marks,
    wait_ready,
)
from tests.player.static.test_page import theme
from tests.player.static.test_screens import CONTRAST, each_once
from tests.player.static.test_setter_paper import halve_clues_in_the_setter, setter
from tests.player.static.test_trials import region_size, wrong_mark

SIZES = {"desktop": (DESKTOP, {}), "phone": (PHONE, TOUCH)}

#: the colour helpers of test_screens' CONTRAST (WCAG 2 relative luminance and ratio)
COLOUR = """
  const rgb = (s) => { const m = /rgba?\\(([^)]+)\\)/.exec(s || ''); if (!m) return null;
    const p = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const over = (top, a, bot) => [0, 1, 2].map((k) => top[k] * a + bot[k] * (1 - a));
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
"""

#: every mark drawn on the board now, against the cell under it: [what, ratio] where under 3:1.
#: A mark is a player's entry, a clue's ring, a trial's frame, a tree of the forest, the cursor,
#: a highlight's outline and each line or dot of a hatching (through its pattern); tints that
#: only repeat what a mark says (a hint's wash, the ladder's shades, the backbone's) are not.
MARKS = """() => {""" + COLOUR + """
  const svg = document.getElementById('board'), b = window.pb.setter ? window.pb.setter.board : window.pb.rec.board;
  const cellAt = (x, y) => { const r = Math.min(b.rows - 1, Math.max(0, Math.floor((y - 22) / 40)));
    const c = Math.min(b.cols - 1, Math.max(0, Math.floor((x - 22) / 40)));
    return rgb(getComputedStyle(document.querySelector(`[data-cell='${r},${c}']`)).fill).slice(0, 3); };
  const under = (e) => { const bb = e.getBBox(); return cellAt(bb.x + bb.width / 2, bb.y + bb.height / 2); };
  const alphaOf = (e, prop) => { let a = parseFloat(getComputedStyle(e)[prop + 'Opacity']);
    for (let n = e; n && n !== svg; n = n.parentElement) a *= parseFloat(getComputedStyle(n).opacity); return a; };
  const bad = [];
  const judge = (e, paint, a, bg, what) => { if (!paint || paint[3] * a === 0) return;
    const q = ratio(over(paint, paint[3] * a, bg), bg); if (q < 3) bad.push([what, +q.toFixed(2)]); };
  const MARK = [['.diag', 'stroke'], ['.cross', 'stroke'], ['.dot', 'fill'], ['.disc.clue', 'stroke'], ['.pt.clue-pt', 'stroke'],
    ['.region-border', 'stroke'], ['.wall-pending', 'stroke'], ['.hl-err', 'stroke'], ['.hl-err-clue', 'stroke'],
    ['.hl-wrong', 'stroke'], ['.hl-used', 'stroke'], ['.hl-target', 'stroke'], ['.hl-clue', 'stroke'], ['.hl-redundant', 'stroke'],
    ['.trial-frame', 'stroke'], ['.forest-tree', 'stroke'], ['.forest-loop-line', 'stroke'], ['.cursor', 'stroke'],
    ['.second-mark', 'stroke'], ['path.second-line', 'stroke'], ['.second-fill', 'stroke'], ['.second-diff', 'stroke'],
    ['.amb-free', 'stroke'], ['.pt.err-pt', 'stroke'], ['.pt.used-pt', 'stroke'], ['.pt.red-pt', 'stroke']];
  for (const [sel, prop] of MARK) {
    for (const e of svg.querySelectorAll(sel)) {
      const st = getComputedStyle(e);
      if (st.visibility === 'hidden' || st.display === 'none') continue;
      if (sel === '.cursor' && document.activeElement !== svg) continue;  // dimmed while the keys go elsewhere
      judge(e, rgb(st[prop]), alphaOf(e, prop), under(e), `${e.getAttribute('class')} (${prop})`);
    }
  }
  for (const e of svg.querySelectorAll('.cells ~ g *')) {  // a hatching: each line and dot of its pattern
    const m = /url\\("?#([\\w-]+)"?\\)/.exec(getComputedStyle(e).fill);
    if (!m) continue;
    const fillA = alphaOf(e, 'fill');
    for (const part of document.getElementById(m[1]).children) {
      const ps = getComputedStyle(part), prop = ps.stroke !== 'none' ? 'stroke' : 'fill';
      judge(part, rgb(ps[prop]), fillA * parseFloat(ps[prop + 'Opacity']), under(e), `${m[1]} in ${e.getAttribute('class')}`);
    }
  }
  const probe = document.createElementNS('http://www.w3.org/2000/svg', 'rect');  // a blank cell's colour
  probe.setAttribute('class', 'cell');
  svg.querySelector('.cells').append(probe);
  const blank = rgb(getComputedStyle(probe).fill);
  probe.remove();
  for (const e of svg.querySelectorAll('.cell.painted')) {
    const p = rgb(getComputedStyle(e).fill);
    const q = ratio(p, blank);
    if (q < 3) bad.push(['painted against blank', +q.toFixed(2)]);
    if (lum(p) > lum(blank)) bad.push(['painted lighter than blank: a negative', +lum(p).toFixed(2)]);
  }
  return bad;
}"""

#: each tree colour of the stylesheet, bright and faded (grounded), drawn once over cell 0,0
EVERY_TREE = """() => { const layer = document.querySelector('#board .forest'), made = [];
  for (let k = 0; k < 8; k++) for (const g of ['', ' grounded']) {
    const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    p.setAttribute('d', 'M25,25L59,59'); p.setAttribute('class', `forest-tree tree-c${k} tree-s0${g}`); layer.append(p); made.push(p); }
  return made.length; }"""

#: the directions (degrees, 0 to 180) of every stroke of every pattern a drawn element is filled with
HATCH_ANGLES = """() => { const out = {};
  for (const e of document.querySelectorAll('#board .cells ~ g *')) {
    const m = /url\\("?#([\\w-]+)"?\\)/.exec(getComputedStyle(e).fill);
    if (!m || out[m[1]]) continue;
    const pat = document.getElementById(m[1]), t = pat.patternTransform.baseVal.consolidate(), mx = t ? t.matrix : new DOMMatrix();
    const dirs = [];
    for (const part of pat.children) {
      const segs = [];
      if (part.tagName === 'line') segs.push([+part.getAttribute('x2') - +part.getAttribute('x1'), +part.getAttribute('y2') - +part.getAttribute('y1')]);
      if (part.tagName === 'path') { let x = 0, y = 0;
        for (const [, op, args] of part.getAttribute('d').matchAll(/([MLHV])([^MLHV]*)/g)) {
          const v = args.split(/[\\s,]+/).filter(Boolean).map(Number);
          const [nx, ny] = op === 'H' ? [v[0], y] : op === 'V' ? [x, v[0]] : [v[0], v[1]];
          if (op !== 'M') segs.push([nx - x, ny - y]);
          [x, y] = [nx, ny]; } }
      for (const [dx, dy] of segs) { const X = mx.a * dx + mx.c * dy, Y = mx.b * dx + mx.d * dy;
        dirs.push((Math.atan2(Y, X) * 180 / Math.PI + 360) % 180); }
    }
    out[m[1]] = dirs;
  }
  return out; }"""


def diagonal(angles: dict[str, list[float]]) -> dict[str, list[float]]:
    """The patterns with a stroke within 15 degrees of a slash's 45 or 135."""
    return {k: v for k, v in angles.items() if any(min(abs(a - 45), abs(a - 135)) < 15 for a in v)}


# ---------------------------------------------------------------- hatching

@PAGE_ONLY
@pytest.mark.parametrize("size", list(SIZES))
def test_no_hatching_runs_at_45_degrees(browser: Browser, server: str, size: str) -> None:
    """Slant's error hatching (a checked loop and an over-full clue) and the setter's hatching of
    cells where answers differ: no stroke of theirs lies along a "/" or a "\\" (today both ran at
    45 degrees)."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        rec = small_boards(server, "slant")[0]
        open_board(page, server, "slant", rec["id"])
        wrong = ["/" if m == "\\" else "\\" for m in target_marks(rec)]  # every slash turned: loops and broken clues
        page.evaluate("a => { window.pb.pos.splice(0, a.length, ...a); }", wrong)
        page.click("#check")
        page.wait_for_selector("[data-hl=error]")
        angles = page.evaluate(HATCH_ANGLES)
        assert "hatch-err" in angles and not diagonal(angles), angles
        shot(page, f"marks-slant-errors-{size}")
        setter(page, server, "slant")
        halve_clues_in_the_setter(page, "slant", rec)
        page.locator("#ambiguity").scroll_into_view_if_needed()
        (page.tap if touch else page.click)("#ambiguity")
        page.wait_for_selector("[data-amb=differs]")
        angles = page.evaluate(HATCH_ANGLES)
        assert "hatch-second" in angles and not diagonal(angles), angles
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, f"marks-slant-ambiguity-{size}")


# ---------------------------------------------------------------- contrast

def partial(rec: dict[str, Any], share: float) -> list[Any]:
    """The answer on the first ``share`` of the free cells (the givens kept), the rest undecided."""
    want, n = target_marks(rec), rec["rows"] * rec["cols"]
    keep = math.ceil(n * share)
    return [want[i] if fixed(rec, i) or i < keep else None for i in range(n)]


def with_errors(rec: dict[str, Any], cycle: list[Any]) -> list[Any]:
    """Every third free cell given another mark than the answer's, the last rows undecided:
    errors drawn over entries, over undecided cells and over clues."""
    want, n = target_marks(rec), rec["rows"] * rec["cols"]
    out: list[Any] = []
    for i, m in enumerate(want):
        if fixed(rec, i) or i % 3 or (rec["puzzle"] == "ripple" and region_size(rec, i) < 2):
            out.append(m if fixed(rec, i) or i < n - rec["cols"] else None)
        else:
            out.append(wrong_mark(rec, i, cycle))
    return out


def judged(page: Page, what: str, found: list[str]) -> None:
    """Add to ``found`` each kind of mark under 3:1 and text under 4.5:1 (once, with its worst
    ratio and how many), so one run lists every puzzle's and every state's."""
    for kind, bad in (("mark", page.evaluate(MARKS)), ("text", page.evaluate(CONTRAST))):
        worst: dict[str, tuple[float, int]] = {}
        for what_, *_, q in bad:
            q, n = min(float(q), worst.get(what_, (99.0, 0))[0]), worst.get(what_, (99.0, 0))[1] + 1
            worst[what_] = (q, n)
        found.extend(f"{what}: {kind} {k} {q} (x{n})" for k, (q, n) in worst.items())


@PAGE_ONLY
@each_once(size=list(SIZES), shade=["light", "dark"])  # the colours are the shade's; a size adds the pad
def test_every_mark_reads_at_3_to_1_and_every_text_at_4_5(browser: Browser, server: str, size: str, shade: str) -> None:
    """Each puzzle: a hint, the cursor and a trial's entry on a half-played board; the ladder view;
    Slant's forest (every tree colour, bright and faded); a check's errors over entries, undecided
    cells and clues; the solved picture (every clue dimmed; Fill-a-Pix's painted cells darker than
    its blank ones, today light on the dark board) with an error, a hint and an ok message; and
    Slant's setter with its second answer and the ambiguity view. The colours are the page's
    alone (one back end) and the shade's: each shade once, each screen size once."""
    viewport, touch = SIZES[size]
    with opened(browser, viewport, **touch) as page:
        page.goto(server + "/")
        wait_ready(page)
        theme(page, shade)
        press = page.tap if touch else page.click
        found: list[str] = []
        for puzzle in PUZZLES:
            rec = small_boards(server, puzzle)[0]
            cycle = catalog_entry(server, puzzle)["cycle"]
            open_board(page, server, puzzle, rec["id"])
            page.evaluate("a => { window.pb.pos.splice(0, a.length, ...a); }", partial(rec, 0.5))
            page.click("#hint")
            page.wait_for_function("document.querySelector('[data-role=message]').dataset.kind === 'hint'", timeout=90_000)
            page.focus("#board")
            page.keyboard.press("ArrowDown")  # the cursor, drawn once a key moves it
            page.wait_for_selector("#board .cursor")
            judged(page, f"{puzzle} {size} {shade}, a hint", found)
            page.click("#ladder")
            page.wait_for_selector("[data-ladder]")
            judged(page, f"{puzzle} {size} {shade}, the ladder", found)
            page.click("#ladder")
            page.wait_for_selector("[data-ladder]", state="detached")
            press("#trial")
            page.wait_for_function("window.pb.trial === 1")
            free = next(i for i, m in enumerate(page.evaluate("window.pb.pos")) if m is None)
            page.click(f"[data-cell='{free // rec['cols']},{free % rec['cols']}']")
            if puzzle == "ripple":
                page.keyboard.press("1")
            page.wait_for_selector("#board .trial-frame")
            judged(page, f"{puzzle} {size} {shade}, in a trial", found)
            press("#trial-reject")
            page.wait_for_function("window.pb.trial === 0")
            if puzzle == "slant":
                page.evaluate("a => { window.pb.pos.splice(0, a.length, ...a); }", partial(rec, 0.6))
                press("#forest")
                page.wait_for_selector("[data-role=forest-tree][data-grounded='1']")
                shot(page, f"marks-slant-forest-{size}-{shade}")
                assert page.evaluate(EVERY_TREE) == 16
                judged(page, f"slant {size} {shade}, the forest", found)
                press("#forest")
            page.evaluate("a => { window.pb.pos.splice(0, a.length, ...a); }", with_errors(rec, cycle))
            page.click("#check")
            page.wait_for_selector("[data-hl=error]", timeout=90_000)
            judged(page, f"{puzzle} {size} {shade}, errors", found)
            shot(page, f"marks-{puzzle}-errors-{size}-{shade}")
            page.evaluate("a => { window.pb.pos.splice(0, a.length, ...a); }", target_marks(rec))
            page.click("#check")
            page.wait_for_selector("[data-role=win]:not([hidden])", timeout=90_000)
            judged(page, f"{puzzle} {size} {shade}, solved", found)
            for kind in ("error", "hint", "ok"):
                page.evaluate("k => { const m = document.querySelector('[data-role=message]');"
                              "m.dataset.kind = k; m.textContent = 'a ' + k + ' message'; }", kind)
                judged(page, f"{puzzle} {size} {shade}, solved, {kind} message", found)
            shot(page, f"marks-{puzzle}-solved-{size}-{shade}")
        rec = setter(page, server, "slant")
        page.locator("#second").scroll_into_view_if_needed()
        halve_clues_in_the_setter(page, "slant", rec)
        press("#second")
        page.wait_for_selector("#board path.second-line")
        judged(page, f"slant's setter {size} {shade}, the second answer", found)
        press("#second")
        press("#ambiguity")
        page.wait_for_selector("[data-amb=differs]")
        judged(page, f"slant's setter {size} {shade}, where answers differ", found)
    assert not found, "\n".join(found)
