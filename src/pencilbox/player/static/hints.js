// pencilbox player, asking the server about the position: Check (and the live check after each
// move), Hint, Reveal and the Ladder view; what comes back is shown as highlights on the board,
// messages and the win banner.

import { $, emptyHighlights, pzInfo, say, sayList, st, uiOf } from "./state.js";
import { api, failed } from "./api.js";
import { applyMove, moveCursorTo } from "./moves.js";
import { saveProgress } from "./persist.js";
import { noteHelp, noteHint, noteReveal, noteWin } from "./stats.js";
import { startTimer, stopTimer } from "./timer.js";
import { render, showWin } from "./view.js";
import { fillParts, sayContradiction, sayHint, sayStuck } from "./glossary.js";

// ------------------------------------------------------------------ checks

let checkTimer = null, ladderTimer = null;

/** After a move (moves.js's afterChange, through hooks.changed): a check once the board is
 *  full, live or solved, and the ladder's refresh while it is shown. */
export function afterMove() {
  const complete = !st.pos.includes(null);
  clearTimeout(checkTimer);
  if (complete || st.live || st.won) {
    const v = st.version;
    checkTimer = setTimeout(() => autoCheck(v), 60);
  }
  if (st.ladderOn) {
    clearTimeout(ladderTimer);
    ladderTimer = setTimeout(fetchLadder, 120);
  }
}

async function autoCheck(v) {
  if (!st.rec) return;
  const rec = st.rec;
  let res;
  try { res = await api("check", { board: rec.board, position: st.pos }); } catch (e) {
    say(`Check failed: ${e.message}`, "error"); return;
  }
  if (v !== st.version || rec !== st.rec) return;
  if (st.live) showErrors(res);
  setWon(!!res.won, res.trees);
}

/** The error display (the "errors" toggle, on unless turned off): every broken rule in red as
 *  you play, in a layer of its own (st.errs) that hints, trials and Check draw over. */
function showErrors(res) {
  const { hl, items } = brokenOf(res);
  st.errs = { rec: st.rec, err: hl.err, errClues: hl.errClues, errPts: hl.errPts, count: items.length };
  document.body.dataset.errors = String(items.length);
  sayList(items);
  render();
}

/** The error display turned on (a check at once) or off (its layer gone). */
export function setLive(on) {
  st.live = !!on;
  $("live").checked = st.live;
  if (st.live) { afterMove(); return; }
  st.errs = null;
  delete document.body.dataset.errors;
  sayList([]);
  render();
}

function setWon(won, trees) {
  const was = st.won;
  st.won = won;
  st.trees = won ? trees ?? null : null;
  if (won) stopTimer(); else startTimer();
  if (won && !was) { sayList([]); say("Solved: every rule is kept.", "ok"); }  // no stale status under the banner
  showWin();
  if (won && !was) { saveProgress(); noteWin(); }  // stats.js counts it once per board
}

/** A check's broken rules as highlights and lines (the undecided count apart, in words). */
function brokenOf(res) {
  const hl = emptyHighlights();
  const items = [];
  let undecided = "";
  for (const b of res.broken || []) {
    if (b.rule === "complete") {  // not a broken rule: unfinished (counted here: undecided marks only)
      const n = st.pos.filter((m) => m == null).length;
      undecided = `${n} cell${n === 1 ? "" : "s"} undecided`;
      continue;
    }
    const clue = brokenClue(b.cells || []);
    if (clue != null) hl.errClues.add(clue);  // the clue itself, not the block it counts
    else for (const [r, c] of b.cells || []) hl.err.add(r * st.rec.board.cols + c);
    for (const [r, c] of b.points || []) hl.errPts.add(`${r},${c}`);
    items.push(b.message || b.rule);
  }
  return { hl, items, undecided };
}

/** Check's answer: its highlights, its lines and a sentence. */
function showBroken(res) {
  const { hl, items, undecided } = brokenOf(res);
  st.hl = hl;
  sayList(items);
  const tail = undecided ? ` (${undecided})` : "";
  if (!items.length) say((res.complete ? "No broken rules." : "No broken rules so far.") + tail, "ok");
  else say(`${items.length} broken rule${items.length === 1 ? "" : "s"}.${tail}`, "error");
  render();
}

/** The clue a broken rule is about when its cells are exactly that clue's counted block
 *  (the table's "count" offsets), else null. */
function brokenClue(cells) {
  const b = st.rec.board, ui = uiOf(b.puzzle);
  if (ui.clue_on !== "cells" || !ui.count || cells.length < 2) return null;
  const set = new Set(cells.map(([r, c]) => `${r},${c}`));
  for (const [r, c] of cells) {
    if (b.clues[r][c] == null) continue;
    const block = ui.count.map(([dr, dc]) => [r + dr, c + dc])
      .filter(([rr, cc]) => rr >= 0 && cc >= 0 && rr < b.rows && cc < b.cols);
    if (block.length === set.size && block.every(([rr, cc]) => set.has(`${rr},${cc}`))) return r * b.cols + c;
  }
  return null;
}

export async function doCheck() {
  if (!st.rec || st.setter || st.paused) return;
  try {
    const res = await api("check", { board: st.rec.board, position: st.pos });
    showBroken(res);
    setWon(!!res.won, res.trees);
  } catch (e) { say(`Check failed: ${e.message}`, "error"); }
}

// ------------------------------------------------------------------ hints

const pzLevels = (puzzle) => pzInfo(puzzle)?.levels || [];

/** The time from a hint's click to its painted board, kept for bench/page.py. */
function timed(t0) {
  if (t0 == null) return;
  requestAnimationFrame(() => setTimeout(() => {
    st.hintMs.push(performance.now() - t0);
    if (st.hintMs.length > 5000) st.hintMs.shift();
  }, 0));
}

export async function doHint(t0 = null) {
  if (!st.rec || st.setter || st.paused) return;
  $("reveal").hidden = true;
  const level = $("hint-level").value || null;
  say("Thinking…");
  let res;
  const rec = st.rec, v = st.version;
  try { res = await api("hint", { board: rec.board, position: st.pos, level }); } catch (e) {
    failed("Hint", e, () => { if (rec === st.rec && v === st.version) doHint(); }); return;
  }
  if (rec !== st.rec || v !== st.version) return;
  const C = rec.board.cols;
  const idx = ([r, c]) => r * C + c;
  const hl = emptyHighlights();
  if (res.kind === "wrong") {
    for (const cell of res.cells || []) hl.wrong.add(idx(cell));
    st.hl = hl;
    say(`Wrong: ${res.message}`, "error");
    sayList([]);
    render();
    return;
  }
  if (res.kind === "hint") {
    const i = idx(res.cell);
    applyMove([[i, res.mark]], "hint");
    moveCursorTo(i);
    for (const cell of res.cells || []) hl.used.add(idx(cell));
    for (const [r, c] of res.clues || []) hl.clues.add(`${r},${c}`);
    hl.target = i;
    st.hl = hl;
    noteHint(res.rung);  // stats.js: hints by the rung they name
    sayHint(res);  // glossary.js: why, in the puzzle's words, then the rule's plain name
    render();
    timed(t0);
    return;
  }
  if (res.kind === "contradiction") {
    for (const cell of res.cells || []) hl.err.add(idx(cell));
    st.hl = hl;
    sayContradiction(res, rec.board.puzzle);
    render();
    return;
  }
  st.hl = emptyHighlights();
  render();
  if (res.kind === "stuck") sayStuck(rec.board.puzzle, level || pzLevels(rec.board.puzzle).at(-1));
  else say(res.message || res.kind, res.kind === "solved" ? "ok" : "");
  $("reveal").hidden = !res.reveal;
}

/** A stuck player asks the answer for one cell (POST /api/reveal): an undoable move. */
export async function doReveal() {
  if (!st.rec || st.setter || st.paused) return;
  const rec = st.rec, v = st.version;
  let res;
  try { res = await api("reveal", { board: rec.board, position: st.pos }); } catch (e) {
    failed("Reveal", e); return;
  }
  if (rec !== st.rec || v !== st.version) return;
  const i = res.cell[0] * rec.board.cols + res.cell[1];
  applyMove([[i, res.mark]], "reveal");
  noteReveal();
  moveCursorTo(i);
  st.hl = emptyHighlights();
  st.hl.target = i;
  $("reveal").hidden = true;
  say(res.message || "One cell revealed.", "hint");
  render();
}

// ------------------------------------------------------------------ ladder view

export async function fetchLadder() {
  if (!st.ladderOn || !st.rec || st.setter) return;
  const rec = st.rec, v = st.version;
  let res;
  try { res = await api("ladder", { board: rec.board, position: st.pos }); } catch (e) {
    failed("Ladder", e); return;
  }
  if (rec !== st.rec || v !== st.version || !st.ladderOn) return;
  const C = rec.board.cols;
  const map = new Map();
  const rungs = res.rungs || [];
  const counts = rungs.map(() => 0);
  rungs.forEach((rg, k) => {
    for (const { cell } of rg.cells || []) {
      const i = cell[0] * C + cell[1];
      if (!map.has(i)) { map.set(i, k); counts[k]++; }
    }
  });
  st.ladder = { map, rungs: rungs.map((r) => r.rung), counts,
    contradiction: rungs.map((r) => !!r.contradiction) };
  if (ladderSeen !== st.key) { ladderSeen = st.key; noteHelp("ladder"); }  // once a board a time it is shown
  showLegend();
  render();
}

export function showLegend() {
  const box = $("ladder-legend");
  if (!st.ladderOn || !st.ladder) { box.hidden = true; box.replaceChildren(); return; }
  const items = st.ladder.rungs.map((name, k) => {
    const d = document.createElement("span");
    d.className = "legend-item";
    d.dataset.rung = name;
    const sw = document.createElement("span");
    sw.className = `swatch lad-${k % 6}`;
    sw.textContent = String(k + 1);
    const said = document.createElement("span");
    fillParts(said, st.rec.board.puzzle, [" ", { rule: name }, `: ${st.ladder.counts[k]} cell${st.ladder.counts[k] === 1 ? "" : "s"}`
      + (st.ladder.contradiction[k] ? " (your entries break it)" : "")]);
    d.append(sw, said);
    return d;
  });
  const title = document.createElement("strong");
  title.textContent = "What each hint rule settles next: ";
  box.replaceChildren(title, ...items);
  box.hidden = false;
}

let ladderSeen = null;  // the board the ladder view was last counted as help on (turned on again: again)

export function toggleLadder() {
  if (st.paused || st.setter) return;
  st.ladderOn = !st.ladderOn;
  ladderSeen = null;
  $("ladder").setAttribute("aria-pressed", String(st.ladderOn));
  if (!st.ladderOn) { st.ladder = null; showLegend(); render(); return; }
  fetchLadder();
}
