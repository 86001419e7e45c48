// pencilbox player, what the browser keeps (localStorage, under "pencilbox:"): each board's
// progress (marks with their trial levels, pencil marks, undo and redo, time), every board
// opened and the last one, by a key (its bank id, or a hash of the board), and the page's
// settings.

import { st } from "./state.js";
import { initialPosition, isFixed } from "./cells.js";
import { elapsedMs } from "./timer.js";

const PREFIX = "pencilbox:";

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

export function saveProgress() {
  clearTimeout(saveTimer);
  if (!st.rec || !st.key) return;
  store(`progress:${st.key}`, { pos: st.pos, undo: st.undo, redo: st.redo, elapsed: elapsedMs(), won: st.won,
    paused: st.paused, depth: st.depth, notes: st.notes });
}

export function restoreProgress() {
  const p = load(`progress:${st.key}`);
  const b = st.rec.board;
  st.pos = initialPosition(b);
  st.undo = []; st.redo = []; st.elapsed = 0; st.won = false; st.paused = false;
  st.depth = st.pos.map(() => 0); st.notes = st.pos.map(() => 0); st.trial = 0; st.trialFail = null;
  if (!p || !Array.isArray(p.pos) || p.pos.length !== st.pos.length) return false;
  for (let i = 0; i < st.pos.length; i++) if (!isFixed(i)) st.pos[i] = p.pos[i];
  for (const [k, v] of [["depth", p.depth], ["notes", p.notes]]) {  // the trial levels, the pencil marks
    if (Array.isArray(v) && v.length === st.pos.length) st[k] = v.map((x) => Number(x) || 0);
  }
  st.undo = Array.isArray(p.undo) ? p.undo : [];
  st.redo = Array.isArray(p.redo) ? p.redo : [];
  st.trial = Math.max(0, st.undo.reduce((n, mv) => n + ((mv && mv.trial) || 0), 0));  // the trials open
  st.elapsed = Number(p.elapsed) || 0;
  st.won = !!p.won;
  st.paused = !!p.paused && !st.won;
  return true;
}

window.addEventListener("pagehide", saveProgress);
document.addEventListener("visibilitychange", () => { if (document.hidden) saveProgress(); });
