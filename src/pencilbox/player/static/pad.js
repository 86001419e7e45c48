// The number pad of touch screens: a button for each thing a key types at the selected cell
// (Ripple's digits, a mark, the setter's clue values) and one that clears it. It knows no
// puzzle: view.js says which keys the cell takes, input.js what a press does.

/** Fill the pad with ``keys`` ({label, key, title, disabled, word}) unless it holds them
 *  already; a press calls ``press(key)``. */
export function fillPad(pad, keys, press) {
  const sig = JSON.stringify(keys);
  if (pad.dataset.sig === sig) return;
  pad.dataset.sig = sig;
  pad.replaceChildren(...keys.map((k) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = k.label;
    b.title = k.title || "";
    b.setAttribute("aria-label", k.title || k.label);
    b.dataset.key = k.key;
    b.disabled = !!k.disabled;
    if (k.word) b.className = "pad-word";
    // pointerdown, not click: the board keeps its focus and the press answers at once
    b.addEventListener("pointerdown", (e) => { e.preventDefault(); if (!b.disabled) press(k); });
    b.addEventListener("click", (e) => { if (e.detail === 0 && !b.disabled) press(k); });  // keyboard
    return b;
  }));
}

const KEY = 44;  // CSS px: style.css's least key size (WCAG 2.5.5's target)

/** The pad's columns for its ``n`` keys (rows of equal length at 44 px or more a key) and its
 *  least height: the rows the board's largest key set (``most`` keys) needs, so that moving
 *  between cells never makes the pad, and the board fitted above it, jump. */
export function padShape(pad, n, most) {
  const cs = getComputedStyle(pad), px = (v) => parseFloat(v) || 0;
  const gap = px(cs.columnGap);
  const room = pad.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight);
  const perRow = Math.max(1, Math.floor((room + gap) / (KEY + gap)));
  const rowsOf = (k) => Math.ceil(Math.max(1, k) / perRow), rows = rowsOf(Math.max(n, most));
  pad.style.setProperty("--pad-cols", String(Math.ceil(Math.max(1, n) / rowsOf(n))));
  pad.style.minHeight = `${rows * KEY + (rows - 1) * px(cs.rowGap) + px(cs.paddingTop) + px(cs.paddingBottom)
    + px(cs.borderTopWidth)}px`;
}

/** The marks of a cycle puzzle as pad labels (drawn shapes of common fonts, no emoji). */
export const MARK_LABELS = {
  count: { n: ["●", "numbered"], x: ["✕", "empty"] },
  paint: { "#": ["■", "painted"], ".": ["•", "blank"] },
  slash: { "\\": ["╲", "\\"], "/": ["╱", "/"] },
};

/** Scroll the page so ``rect`` (a cell) is not under the pad. */
export function keepAbove(pad, rect) {
  if (pad.hidden || !rect) return;
  const top = pad.getBoundingClientRect().top;
  if (rect.bottom > top - 4) window.scrollBy(0, rect.bottom - top + 8);
}
