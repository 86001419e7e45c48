// pencilbox player, the shared state: one object (st) every module reads and writes, the page's
// small helpers, and the hooks through which a module calls one above it. It imports nothing.

export const $ = (id) => document.getElementById(id);

/** What a module asks of one above it, filled in by app.js before the page starts, so that no
 *  module imports one that imports it: changed (after every move: the live check and the
 *  ladder's refresh, in hints.js), open (open a board record: boards.js, for the setter's Play),
 *  padPress (a key of the number pad: input.js, for the pad view.js draws), synced (another
 *  tab's save of the open board merged in by persist.js: tabs.js says so and redraws). */
export const hooks = { changed: null, open: null, padPress: null, synced: null };

export const st = {
  catalog: null,
  rec: null,          // {id, board, grade, unique, share, info}
  key: null,          // progress key: bank id or a hash of the board
  pos: [],            // the player's marks, row-major, null = undecided
  undo: [], redo: [],
  depth: [],          // per cell, the trial level its mark was entered in (0: no trial)
  notes: [],          // per cell, its pencil marks as a bitmask (bit d: digit d), where the puzzle takes them
  trial: 0,           // how many trials are open (nested), trials.js
  noteMode: false,    // digits toggle pencil marks instead of entering values (notes.js)
  trialFail: null,    // the innermost trial's contradiction, as /api/trial answered it
  cursor: { r: 0, c: 0 },
  showCursor: false,  // the keyboard cursor is drawn once a key is pressed (or a click selects a cell to type in)
  elapsed: 0, since: null, paused: false, won: false, trees: null,
  hl: emptyHighlights(),
  ladderOn: false, ladder: null,
  forestOn: false,    // forest.js: each tree of the slashes in its colour (the Forest button, key f)
  live: true,         // the error display: broken rules in red as you play (hints.js; the "errors" toggle)
  errs: null,         // its layer: {rec, err, errClues, errPts, count} from the last check of rec
  setter: null,       // {board, walls, sel, res, showSecond, seq}
  drag: null,
  version: 0,
  listIds: [],
  hash: "",           // the hash this page last wrote (a hashchange to anything else opens it)
  busy: 0,            // bank lists and board opens in flight
  openSeq: 0,         // bumped by every open: an answer that comes back after a later open is dropped
  listSeq: 0,         // the same for the bank list
  touch: window.matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0,  // the pad is shown
  press: null,        // a touch held on a cell: {id, i, before, x, y, timer} (a long press cycles backwards)
  hintMs: [],         // each hint's time from the click to the painted board (bench/page.py reads it)
};
window.pb = st; // for the browser tests and the curious

export function emptyHighlights() {
  return { err: new Set(), errClues: new Set(), errPts: new Set(), wrong: new Set(), used: new Set(), clues: new Set(),
    target: null };
}

export function pzInfo(name) {
  return (st.catalog && st.catalog.puzzles.find((p) => p.name === name)) || null;
}

/** The puzzle's table from the catalog (marks.py's UI): every per-puzzle fact the page uses. */
export function uiOf(name) {
  const info = pzInfo(name);
  if (!info || !info.ui) throw new Error(`the catalog has no page table for ${name}`);
  return info.ui;
}

export function board() { return st.setter ? st.setter.board : st.rec && st.rec.board; }

export function say(text, kind) {
  const m = $("message");
  m.textContent = text || "";
  m.dataset.kind = kind || "";
  delete m.dataset.rung;  // glossary.js's sayParts names the rule a message is about
}

export function sayList(items) {
  const ul = $("messages");
  ul.replaceChildren(...items.map((t) => { const li = document.createElement("li"); li.textContent = t; return li; }));
}

export function sizeValue() {
  const v = $("size").value;
  const m = /^(\d+)x(\d+)$/.exec(v || "");
  return m ? [Number(m[1]), Number(m[2])] : null;
}
