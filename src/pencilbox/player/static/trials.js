// pencilbox player, trials and the way back: a trial opened from the current position (nested
// ones too), accepted into the level below or rejected back to where it started, each a move
// that undo takes back; after every move inside a trial the ladder checks it at the hint level
// (POST /api/trial, never the answer) and says when it has failed. "Back to correct" rewinds the
// undo history to the last position whose every mark agrees with the answer (POST /api/rewind).

import { $, emptyHighlights, say, sayList, st } from "./state.js";
import { api, failed } from "./api.js";
import { afterChange, commit, stepMove } from "./moves.js";
import { fillParts, known } from "./glossary.js";
import { render } from "./view.js";

const WORDS = ["", "solid green, long dashes", "purple, dots", "ochre, dash-dots"];  // draw.js's tl-1..3

function playing() { return !!st.rec && !st.setter && !st.paused; }

/** The trial level's look, as the bar names it (levels past 3 repeat the three looks). */
export function trialLook(level) { return WORDS[((level - 1) % 3) + 1]; }

export function startTrial() {
  if (!playing()) return;
  commit({ ch: [], kind: "trial", trial: 1 });
  say(`Trial ${st.trial} started.`, "hint");
}

/** The innermost trial's entries join the level below (one undo step). */
export function acceptTrial() {
  if (!playing() || !st.trial) return;
  const level = st.trial, ch = [];
  for (let i = 0; i < st.pos.length; i++) {
    if ((st.depth[i] || 0) === level) ch.push([i, st.pos[i], st.pos[i], level, level - 1]);
  }
  commit({ ch, kind: "accept", trial: -1 });
  say(level > 1 ? `Trial ${level} accepted into trial ${level - 1}.` : "Trial accepted: its entries are yours.", "ok");
}

/** Where the trial ``out`` levels out from the innermost starts in the undo history (the index
 *  of its opening move; 1: the innermost, st.trial: the first). */
function trialStart(out = 1) {
  let open = 0;
  for (let j = st.undo.length - 1; j >= 0; j--) {
    open += st.undo[j].trial || 0;
    if (open >= out) return j;
  }
  return -1;
}

/** The innermost trial taken back: every mark and pencil mark as it was when it started, in
 *  one move (undo brings the trial back). */
export function rejectTrial() { rejectTrials(1); }

/** Every open trial taken back at once: the position before the first one started. */
export function rejectAll() { rejectTrials(st.trial); }

function rejectTrials(levels) {
  if (!playing() || !st.trial) return;
  const s = trialStart(levels);
  if (s < 0) return;
  const first = new Map(), firstNote = new Map();
  for (const mv of st.undo.slice(s + 1)) {
    for (const [i, before, , d] of mv.ch || []) if (!first.has(i)) first.set(i, [before, d || 0]);
    for (const [i, before] of mv.nt || []) if (!firstNote.has(i)) firstNote.set(i, before);
  }
  const ch = [], nt = [];
  for (const [i, [before, d]] of first) {
    if (st.pos[i] !== before || (st.depth[i] || 0) !== d) ch.push([i, st.pos[i], before, st.depth[i] || 0, d]);
  }
  for (const [i, before] of firstNote) if ((st.notes[i] || 0) !== before) nt.push([i, st.notes[i] || 0, before]);
  const level = st.trial, n = `${ch.length} entr${ch.length === 1 ? "y" : "ies"} taken back`;
  commit({ ch, nt, kind: "reject", trial: -levels });
  say(levels > 1 ? `All ${levels} trials rejected: ${n}.` : `Trial ${level} rejected: ${n}.`, "ok");
}

// ------------------------------------------------------------------ a trial that knows it failed

let checkTimer = null;

/** After every change (app.js's hooks.changed): the bar, and inside a trial the ladder's check. */
export function trialMoved() {
  st.trialFail = null;
  showTrials();
  clearTimeout(checkTimer);
  if (st.trial && playing()) checkTimer = setTimeout(checkTrial, 60);
}

async function checkTrial() {
  if (!st.trial || !playing()) return;
  const rec = st.rec, v = st.version;
  let res;
  const level = $("hint-level").value || null;
  try {
    res = await api("trial", { board: rec.board, position: st.pos, level });
  } catch (e) { failed("Trial check", e); return; }
  if (rec !== st.rec || v !== st.version || !st.trial) return;
  if (res.kind === "contradiction") {
    try { res.blame = await blameOf(rec, level); } catch (e) { failed("Trial check", e); return; }
    if (rec !== st.rec || v !== st.version || !st.trial) return;
  }
  st.trialFail = res.kind === "contradiction" ? res : null;
  if (st.trialFail) {
    const C = rec.board.cols, hl = emptyHighlights();
    for (const [r, c] of res.cells || []) hl.err.add(r * C + c);
    for (const [r, c] of res.clues || []) hl.clues.add(`${r},${c}`);
    st.hl = hl;
    render();
  }
  showTrials();
}

/** The position each open trial started from (index k: trial k's, 1 = the first), read back
 *  through the undo history. */
function trialStarts() {
  const pos = st.pos.slice(), out = [];
  let open = st.trial, need = st.trial;
  for (let j = st.undo.length - 1; j >= 0 && need > 0; j--) {
    const mv = st.undo[j], ch = mv.ch || [];
    for (let q = ch.length - 1; q >= 0; q--) pos[ch[q][0]] = ch[q][1];
    open -= mv.trial || 0;
    for (; need > open && need > 0; need--) out[need] = pos.slice();
  }
  return out;
}

/** Which trial made the contradiction: the innermost open one whose start the same check finds
 *  sound (its own moves, or trials opened inside it, made it); 0 when the position before the
 *  first trial already contradicts (the mistake predates every trial). */
async function blameOf(rec, level) {
  const starts = trialStarts();
  for (let k = st.trial; k >= 1; k--) {
    if (!starts[k]) return k;
    const got = await api("trial", { board: rec.board, position: starts[k], level });
    if (got.kind !== "contradiction") return k;
  }
  return 0;
}

function where(cells) {
  const at = cells.slice(0, 4).map(([r, c]) => `row ${r + 1}, column ${c + 1}`);
  return at.length ? ` at ${at.join("; ")}${cells.length > 4 ? ` and ${cells.length - 4} more` : ""}` : "";
}

/** The trial bar: the open level and its look, Accept and Reject, and a failure when found. */
export function showTrials() {
  const bar = $("trial-bar"), on = !!st.trial && !!st.rec && !st.setter;
  bar.hidden = !on;
  bar.dataset.level = String(on ? st.trial : 0);
  bar.dataset.look = String(on ? ((st.trial - 1) % 3) + 1 : 0);
  if (!on) return;
  const fail = st.trialFail, blame = fail ? fail.blame ?? st.trial : null;
  // yes: this trial's own moves; outer: an outer trial's, before this one started; before: no trial's
  bar.dataset.failed = !fail ? "no" : blame === st.trial ? "yes" : blame ? "outer" : "before";
  bar.dataset.blame = fail ? String(blame) : "";
  $("trial-word").textContent = `Trial ${st.trial}${st.trial > 1 ? ` (in trial ${st.trial - 1})` : ""}: ` +
    `entries ${trialLook(st.trial)}; Accept keeps them, Reject takes them back.`;
  const puzzle = st.rec.board.puzzle;
  fillParts($("trial-fail"), puzzle, fail ? failParts(puzzle, fail, blame) : []);
  $("trial-fail").dataset.rung = fail ? fail.rung || "" : "";
  $("trial-reject").classList.toggle("urgent", !!fail && blame > 0);
  $("trial-reject-all").hidden = st.trial < 2;
  $("trial-reject-all").classList.toggle("urgent", !!fail && blame === 1 && st.trial > 1);
}

/** The failure in words (the rule by its plain name, linked to the glossary), blaming only the
 *  trial whose moves made it. */
function failParts(puzzle, fail, blame) {
  const at = where(fail.cells || []), rule = known(puzzle, fail.rung);
  if (blame === st.trial) {
    return ["This trial has failed: ", ...(rule ? [{ rule: fail.rung }, ` shows it breaks a rule${at}`]
      : [`${fail.message || "it breaks a rule"}${at}`]), ". Reject it?"];
  }
  const found = rule ? [{ rule: fail.rung }, ` shows a rule is broken${at}`]
    : [`${fail.message || "a rule is broken"}${at}`];
  if (blame) return ["A contradiction: ", ...found, `. The mistake was made in trial ${blame}, before trial ` +
    `${st.trial} started: Reject until trial ${blame} is taken back${blame === 1 ? " (Reject all)" : ""}.`];
  return ["A contradiction: ", ...found, `. The mistake predates ${st.trial > 1 ? "every" : "this"} trial, ` +
    "so Reject takes none of it back; Back to correct (↶✓) finds it."];
}

// ------------------------------------------------------------------ back to the last correct position

/** The undo history's distinct positions, newest first, each with the undo steps it lies back. */
function history() {
  const pos = st.pos.slice(), out = [[0, pos.slice()]];
  for (let k = 1; k <= st.undo.length; k++) {
    const ch = st.undo[st.undo.length - k].ch || [];
    for (let j = ch.length - 1; j >= 0; j--) pos[ch[j][0]] = ch[j][1];
    if (ch.some(([, before, after]) => before !== after)) out.push([k, pos.slice()]);
  }
  return out;
}

/** How many undo steps back the last position that agrees with the answer lies (asked in
 *  batches of at most 30,000 marks: a body well under the server's 256 KB), or null when none does. */
async function agreeing(rec, steps) {
  const batch = Math.max(1, Math.min(256, Math.floor(30000 / Math.max(1, st.pos.length))));
  for (let s = 0; s < steps.length; s += batch) {
    const part = steps.slice(s, s + batch);
    const res = await api("rewind", { board: rec.board, positions: part.map(([, p]) => p) });
    if (res.index != null) return part[res.index][0];
  }
  return null;
}

export async function backToCorrect() {
  if (!playing()) return;
  const rec = st.rec, v = st.version;
  say("Looking for the last correct position…");
  let k;
  try { k = await agreeing(rec, history()); } catch (e) { failed("Back to correct", e); return; }
  if (rec !== st.rec || v !== st.version) return;
  if (k === 0) { say("Every entry agrees with the answer: nothing to take back.", "ok"); return; }
  if (k == null) { say("No earlier position agrees with the answer.", "error"); return; }
  const trials = st.trial;
  for (let j = 0; j < k; j++) {
    const mv = st.undo.pop();
    stepMove(mv, true);
    st.redo.push(mv);
  }
  afterChange();
  sayList([]);
  const left = trials > st.trial ? ` (${trials - st.trial} trial${trials - st.trial === 1 ? "" : "s"} left)` : "";
  say(`Back to the last correct position: ${k} step${k === 1 ? "" : "s"} undone${left}; redo brings them back.`,
    "ok");
}

/** The trial bar's buttons, the toolbar's Trial and Back to correct, and a new hint level
 *  checks the open trial again. */
export function wireTrials() {
  $("trial").addEventListener("click", startTrial);
  $("trial-accept").addEventListener("click", acceptTrial);
  $("trial-reject").addEventListener("click", rejectTrial);
  $("trial-reject-all").addEventListener("click", rejectAll);
  $("rewind").addEventListener("click", backToCorrect);
  $("hint-level").addEventListener("change", () => trialMoved());
}
