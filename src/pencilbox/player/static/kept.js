// pencilbox player, the setter's kept board: one a puzzle in localStorage ("setter:<puzzle>"),
// with its newest undo and redo steps, so that leaving the setter (Setter, Pause, another
// board) or reloading loses nothing; and whether this tab had the setter open (sessionStorage,
// one a tab), so that a reload reopens it. setter.js writes it and takes in another tab's.

import { PREFIX, readRaw, writeRaw } from "./persist.js";

const BUDGET = 500_000;  // characters of undo (and as many of redo) kept beside the board, the newest first
const OPEN = "pencilbox:setter-open";

const keyOf = (puzzle) => `setter:${puzzle}`;
const snap = (x) => ({ board: x.board, walls: x.walls ? [...x.walls] : null });
const unsnap = (x) => ({ board: x.board, walls: x.walls ? new Set(x.walls) : null });
const text = (x) => JSON.stringify(snap(x));

/** What this tab last read or wrote under a kept board's key: another tab's write differs. */
let synced = { key: null, raw: null, board: null };

function parse(raw) {
  let k = null;
  try { k = JSON.parse(raw); } catch (e) { return null; }
  if (!k || !k.board || !Array.isArray(k.board.clues)) return null;
  const steps = (v) => (Array.isArray(v) ? v.filter((x) => x && x.board).map(unsnap) : []);
  return { ...unsnap(k), undo: steps(k.undo), redo: steps(k.redo), sel: k.sel || { r: 0, c: 0 } };
}

/** The puzzle's kept setter board ({board, walls, undo, redo, sel}), or null. */
export function loadKept(puzzle) {
  const key = keyOf(puzzle), raw = readRaw(key), k = parse(raw);
  synced = { key, raw, board: k ? text(k) : null };
  return k;
}

/** The newest steps of an undo or redo stack that fit the budget, oldest first. */
function newest(steps) {
  const out = [];
  let size = 0;
  for (let j = steps.length - 1; j >= 0; j--) {
    const s = snap(steps[j]);
    size += JSON.stringify(s).length;
    if (size > BUDGET) break;
    out.unshift(s);
  }
  return out;
}

/** Keep the setter's board (once it has an edit: a plain copy of a play board is no work). */
export function writeKept(s) {
  if (!s.undo.length && !s.redo.length) return;
  const key = keyOf(s.board.puzzle), base = { ...snap(s), sel: s.sel };
  for (const raw of [JSON.stringify({ ...base, undo: newest(s.undo), redo: newest(s.redo) }), JSON.stringify(base)]) {
    if (writeRaw(key, raw)) { synced = { key, raw, board: text(s) }; return; }  // else the store is full: the board alone
  }
}

/** Another tab's kept board for the setter's puzzle, written since this tab last read or wrote
 *  it (raw: the event's text, else the store's), or null. */
export function keptElsewhere(s, raw = readRaw(keyOf(s.board.puzzle))) {
  const key = keyOf(s.board.puzzle);
  if (raw === null || (synced.key === key && raw === synced.raw)) return null;
  const k = parse(raw);
  const mine = synced.key === key ? synced.board : null;
  synced = { key, raw, board: k ? text(k) : null };
  return k && { kept: k, moved: (s.undo.length > 0 || s.redo.length > 0) && text(s) !== mine };
}

/** The storage event's key for a puzzle's kept board. */
export const keptKey = (puzzle) => PREFIX + keyOf(puzzle);

export function markOpen(on) {
  try { if (on) sessionStorage.setItem(OPEN, "1"); else sessionStorage.removeItem(OPEN); } catch (e) { /* none kept */ }
}

export function wasOpen() {
  try { return sessionStorage.getItem(OPEN) === "1"; } catch (e) { return false; }
}
