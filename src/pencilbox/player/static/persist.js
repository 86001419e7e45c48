// pencilbox player, what the browser keeps (localStorage, under "pencilbox:"): each board's
// progress (marks with their trial levels, pencil marks, undo and redo, time), every board
// opened and the last one, by a key (its bank id, or a hash of the board), and the page's
// settings. Another tab's save of the open board is merged in, never overwritten (merge.js).

import { hooks, st } from "./state.js";
import { initialPosition, isFixed } from "./cells.js";
import { elapsedMs } from "./timer.js";
import { mergeProgress } from "./merge.js";

export const PREFIX = "pencilbox:";

/** The text kept under a key, or null; readRaw and writeRaw leave it unparsed (persist.js
 *  tells another tab's write from its own by it). */
export function readRaw(k) {
  try { return localStorage.getItem(PREFIX + k); } catch (e) { return null; }
}

/** Whether the text was kept (private mode or a full store keep nothing). */
export function writeRaw(k, raw) {
  try { localStorage.setItem(PREFIX + k, raw); return true; } catch (e) { return false; }
}

export function store(k, v) {
  try {
    if (v === undefined) localStorage.removeItem(PREFIX + k);
    else localStorage.setItem(PREFIX + k, JSON.stringify(v));
  } catch (e) { /* private mode or full: progress is simply not kept */ }
}

export function load(k) {
  try {
    const s = localStorage.getItem(PREFIX + k);
    return s == null ? null : JSON.parse(s);
  } catch (e) { return null; }
}

// ------------------------------------------------------------------ board keys

function canonical(b) {
  return JSON.stringify([b.puzzle, b.rows, b.cols, b.clues, b.regions || null]);
}

function fnv(s, seed) {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619) >>> 0; }
  return h.toString(16).padStart(8, "0");
}

export function hashKey(b) {
  const s = canonical(b);
  return `${b.puzzle}-${b.rows}x${b.cols}-h${fnv(s, 2166136261)}${fnv(s, 0x9747b28c)}`;
}

// ------------------------------------------------------------------ progress

let saveTimer = null;

/** Progress is written once the moves pause (a hint walk writes it once, not per hint), and
 *  at once when the page hides, closes or opens another board. */
export function saveSoon() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveProgress, 400);
}

/** The open board's progress as this tab last read or wrote it (another tab may write it too:
 *  what it wrote since is merged in before this tab writes, see takeProgress). */
let synced = { key: null, raw: null, pos: [], notes: [], depth: [], trial: 0 };

export function saveProgress() {
  clearTimeout(saveTimer);
  if (!st.rec || !st.key) return;
  const k = `progress:${st.key}`;
  const now = readRaw(k);
  if (synced.key === st.key && now !== null && now !== synced.raw) takeProgress(now);
  const raw = JSON.stringify({ pos: st.pos, undo: st.undo, redo: st.redo, elapsed: elapsedMs(), won: st.won,
    paused: st.paused, depth: st.depth, notes: st.notes });
  if (writeRaw(k, raw)) remember(raw, JSON.parse(raw));
}

function remember(raw, p) {
  synced = { key: st.key, raw, pos: p.pos, notes: p.notes, depth: p.depth, trial: openTrials(p.undo) };
}

const openTrials = (undo) => Math.max(0, undo.reduce((n, mv) => n + ((mv && mv.trial) || 0), 0));

/** A saved progress record checked and filled out for the open board, or null. */
function readable(p) {
  const n = st.pos.length;
  if (!p || !Array.isArray(p.pos) || p.pos.length !== n) return null;
  const init = initialPosition(st.rec.board);
  const pos = p.pos.map((v, i) => (isFixed(i) ? init[i] : v));
  const arr = (v) => (Array.isArray(v) && v.length === n ? v.map((x) => Number(x) || 0) : pos.map(() => 0));
  const undo = Array.isArray(p.undo) ? p.undo : [];
  return { ...p, pos, undo, redo: Array.isArray(p.redo) ? p.redo : [], depth: arr(p.depth), notes: arr(p.notes),
    elapsed: Number(p.elapsed) || 0, trial: openTrials(undo) };
}

export function restoreProgress() {
  const raw = readRaw(`progress:${st.key}`);
  const b = st.rec.board;
  st.pos = initialPosition(b);
  st.undo = []; st.redo = []; st.elapsed = 0; st.won = false; st.paused = false;
  st.depth = st.pos.map(() => 0); st.notes = st.pos.map(() => 0); st.trial = 0; st.trialFail = null;
  let p = null;
  try { p = readable(raw && JSON.parse(raw)); } catch (e) { p = null; }
  remember(raw, p || { pos: st.pos, notes: st.notes, depth: st.depth, undo: [] });
  if (!p) return false;
  Object.assign(st, { pos: p.pos, depth: p.depth, notes: p.notes, undo: p.undo, redo: p.redo, trial: p.trial,
    elapsed: p.elapsed, won: !!p.won });
  st.paused = !!p.paused && !st.won;
  return true;
}

/** Another tab's save of the open board (``raw``) taken in: merged with this tab's position
 *  (merge.js), never dropped; hooks.synced says what happened and redraws. */
export function takeProgress(raw) {
  let p = null;
  try { p = readable(JSON.parse(raw)); } catch (e) { p = null; }
  if (!p || raw === synced.raw) return;
  const r = mergeProgress(synced, st, p);
  remember(raw, p);
  if (r.kind === "kept") return;
  const elapsed = Math.max(elapsedMs(), p.elapsed);
  if (r.kind === "adopted") {
    Object.assign(st, { pos: p.pos, depth: p.depth, notes: p.notes, undo: p.undo, redo: p.redo, trial: p.trial,
      won: !!p.won });
  } else {
    Object.assign(st, { pos: r.pos, depth: r.depth, notes: r.notes, undo: [...p.undo, r.move], redo: [],
      trial: r.trial });
  }
  st.trialFail = null;
  st.elapsed = elapsed;
  if (st.since !== null) st.since = Date.now();
  hooks.synced(r);
}

window.addEventListener("pagehide", saveProgress);
document.addEventListener("visibilitychange", () => { if (document.hidden) saveProgress(); });
