// pencilbox player, the board for a screen reader: the SVG's cells are an ARIA grid (draw.js
// groups them in rows), each cell named with its row, column, clue and state ("row 3, column 5,
// clue 4, painted"); the cursor is the grid's active descendant, so keyboard focus moves with
// it; a move is said in a polite live region (hints and checks are said on the message line).
// The drawing is left as it is: this module only names what draw.js drew.

import { $, st } from "./state.js";
import { regionInfo } from "./cells.js";
import { clueCount } from "./draw.js";

const CORNERS = ["top left", "top right", "bottom left", "bottom right"];
const SAID = {
  count: { n: "numbered", x: "empty" },
  paint: { "#": "painted", ".": "blank" },
  slash: { "\\": "backslash \\", "/": "slash /" },
};

/** A Slant cell's corner clues, "corner clues top left 1, bottom right 2" (none: ""). */
function corners(b, r, c) {
  const at = [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]];
  const got = at.map(([rr, cc], k) => (b.clues[rr][cc] != null ? `${CORNERS[k]} ${b.clues[rr][cc]}` : null))
    .filter(Boolean);
  return got.length ? `corner clue${got.length > 1 ? "s" : ""} ${got.join(", ")}` : "";
}

/** What a player's mark is, in words (the puzzle's own, as the pad's labels say them). */
function stateWords(o, r, c, m, clue) {
  const ui = o.ui;
  if (ui.cell === "digit") return m == null ? "empty" : String(m);
  if (m == null) return "undecided";
  if (ui.cell === "count" && m === ui.cycle[0]) {
    return clue != null ? "" : `numbered, ${clueCount(ui, o.board, o.pos, r, c).n}`;  // the digit drawn
  }
  return (SAID[ui.cell] || {})[m] || String(m);
}

/** One cell's accessible name: where it is, its clue, its state, and what is marked on it. */
export function cellName(o, r, c) {
  const b = o.board, ui = o.ui, C = b.cols, i = r * C + c;
  const parts = [`row ${r + 1}, column ${c + 1}`];
  if (ui.clue_on === "points") {
    const k = corners(b, r, c);
    if (k) parts.push(k);
  } else if (b.clues[r][c] != null) {
    const v = b.clues[r][c];
    parts.push(ui.clue_extra && ui.clue_extra[v] ? `clue ${ui.clue_extra[v]}` : `clue ${v}`);
  }
  if (ui.regions) {
    const { comp, size } = regionInfo(b);
    if (comp.length) parts.push(`region ${comp[i] + 1} of ${size[comp[i]]} cell${size[comp[i]] === 1 ? "" : "s"}`);
  }
  if (o.pos) {
    const clue = ui.clue_on === "points" ? null : b.clues[r][c];
    if (!(ui.cell === "digit" && clue != null)) {
      const said = stateWords(o, r, c, o.pos[i], clue);
      if (said) parts.push(said);
    }
    const notes = o.notes ? o.notes[i] || 0 : 0;
    if (notes && o.pos[i] == null) {
      parts.push(`pencil marks ${[1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => notes & (1 << d)).join(" ")}`);
    }
    if (o.depth && o.depth[i] && o.pos[i] != null && clue == null) parts.push(`trial ${o.depth[i]}`);
  }
  const hl = o.hl;
  if (hl) {
    if (hl.err.has(i) || hl.errClues.has(i)) parts.push("breaks a rule");
    if (hl.wrong.has(i)) parts.push("wrong");
    if (hl.target === i) parts.push("hinted");
    else if (hl.used.has(i) || hl.clues.has(`${r},${c}`)) parts.push("read by the hint");
  }
  return parts.join(", ");
}

let lastFrame = null, names = [], pending = null;
const said = new WeakSet();  // the moves already said (a drag's later cells join a move said once)

/** The grid's names, redrawn with the board (view.js's draw): only the cells whose name changed
 *  are touched; the cursor's cell is the active descendant; a move waiting to be said is said. */
export function nameBoard(svg, o) {
  const f = svg._frame;
  if (!f) return;
  const b = o.board, C = b.cols;
  if (f !== lastFrame) {
    lastFrame = f;
    names = [];
    svg.setAttribute("aria-rowcount", String(b.rows));
    svg.setAttribute("aria-colcount", String(C));
  }
  const title = (st.catalog?.puzzles || []).find((p) => p.name === b.puzzle)?.title || b.puzzle;
  const label = `${title} board, ${b.rows} rows by ${C} columns${o.setter ? ", setter" : ""}`;
  if (svg.getAttribute("aria-label") !== label) svg.setAttribute("aria-label", label);
  for (let i = 0; i < f.cells.length; i++) {
    const name = cellName(o, Math.floor(i / C), i % C);
    if (names[i] === name) continue;
    names[i] = name;
    f.cells[i].setAttribute("aria-label", name);
    const given = !o.setter && o.ui.fixed != null && o.ui.clue_on !== "points" && b.clues[Math.floor(i / C)][i % C] != null;
    if (given) f.cells[i].setAttribute("aria-readonly", "true"); else f.cells[i].removeAttribute("aria-readonly");
  }
  const at = o.setter && st.setter ? st.setter.sel : st.cursor;  // a setter's corner: the cell below right
  const r = Math.min(at.r, b.rows - 1), c = Math.min(at.c, b.cols - 1);
  const id = `cell-${r}-${c}`;
  if (svg.getAttribute("aria-activedescendant") !== id) svg.setAttribute("aria-activedescendant", id);
  if (pending) {
    const cells = [...pending].filter((j) => j < f.cells.length);
    pending = null;
    if (cells.length) say(cells.length <= 3 ? cells.map((j) => names[j]).join("; ") : `${cells.length} cells changed.`);
  }
}

/** Say ``text`` in the board's live region (polite: after what the reader is saying). The same
 *  text twice is still said: the region is emptied first. */
export function say(text) {
  const box = $("announce");
  if (!box) return;
  box.textContent = "";
  requestAnimationFrame(() => { box.textContent = text; });
}

/** After every change (app.js's hooks.changed): a player's own move is said with the cells it
 *  changed, once they are named (a hint, undo or check says itself on the message line). */
export function moved() {
  const mv = st.undo[st.undo.length - 1];
  if (!mv || said.has(mv) || mv.kind !== "move") return;
  said.add(mv);
  pending = new Set((mv.ch || []).map(([i]) => i));
}

/** Keyboard focus shows where it is: a board reached with the keyboard draws its cursor at once
 *  (a click does not: the cursor would hide a Slant corner clue under the pointer). */
export function wireFocus(redraw) {
  const svg = $("board");
  svg.addEventListener("focus", () => {
    if (!st.showCursor && svg.matches(":focus-visible")) { st.showCursor = true; redraw(); }
  });
}
