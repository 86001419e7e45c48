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
