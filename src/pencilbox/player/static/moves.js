// pencilbox player, the play position's moves: one applied (one undo step), what follows every
// change (a redraw, the save, then hooks.changed: the live check and the ladder), the cursor
// moved to a cell, and Restart. Undo and redo, which the setter shares, are input.js's.

import { emptyHighlights, hooks, say, sayList, st } from "./state.js";
import { initialPosition, isFixed } from "./cells.js";
import { saveProgress, saveSoon } from "./persist.js";
import { showTimer, startTimer, timerRunning } from "./timer.js";
import { render } from "./view.js";

export function applyMove(changes, kind) {
  const ch = [];
  for (const [i, after] of changes) {
    if (isFixed(i)) continue;
    if (st.pos[i] === after) continue;
    change(ch, i, after);
  }
  if (!ch.length) return null;
  const mv = { ch, kind: kind || "move" };
  st.undo.push(mv);
  st.redo = [];
  afterChange();
  return mv;
}

/** One cell's change, recorded in ``ch`` as [cell, before, after, its trial level before, after]
 *  and made: an entry belongs to the trial it was made in (0: none). */
export function change(ch, i, after) {
  ch.push([i, st.pos[i], after, st.depth[i] || 0, st.trial]);
  st.pos[i] = after;
  st.depth[i] = st.trial;
}

/** A move made forwards, or taken back: its marks with their trial levels, its pencil marks
 *  (``nt``: [cell, before, after]) and the trials it opens or closes (``trial``: +1 or -1). */
export function stepMove(mv, back) {
  const ch = mv.ch || [], nt = mv.nt || [];
  if (back) {
    for (let j = ch.length - 1; j >= 0; j--) { st.pos[ch[j][0]] = ch[j][1]; st.depth[ch[j][0]] = ch[j][3] || 0; }
    for (let j = nt.length - 1; j >= 0; j--) st.notes[nt[j][0]] = nt[j][1];
  } else {
    for (const [i, , after, , d] of ch) { st.pos[i] = after; st.depth[i] = d || 0; }
    for (const [i, , after] of nt) st.notes[i] = after;
  }
  st.trial = Math.max(0, st.trial + (back ? -1 : 1) * (mv.trial || 0));
}

/** A move built whole (a trial's start, accept or reject, pencil marks): made, one undo step. */
export function commit(mv) {
  stepMove(mv, false);
  st.undo.push(mv);
  st.redo = [];
  afterChange();
  return mv;
}

/** The cell a move is about (the cursor goes there on undo and redo), or null. */
export function moveCell(mv) {
  const first = (mv.ch && mv.ch[0]) || (mv.nt && mv.nt[0]);
  return first ? first[0] : null;
}

export function restart() {
  if (!st.rec || st.setter || st.paused) return;
  const init = initialPosition(st.rec.board);
  const mv = applyMove(init.map((v, i) => [i, v]), "restart");
  st.elapsed = 0;
  if (timerRunning()) st.since = Date.now();
  if (!st.paused) startTimer();
  showTimer();
  saveProgress();
  say(mv ? "Restarted (undo brings the entries back)." : "Nothing to clear.");
}

export function moveCursorTo(i) {
  const C = st.rec.board.cols;
  st.cursor = { r: Math.floor(i / C), c: i % C };
}

/** After every change of the position: a redraw, the save once the moves pause, and what
 *  hints.js does after a move (a check when the board is full or live, the ladder's refresh). */
export function afterChange(opts = {}) {
  st.version++;
  if (!opts.keepHighlights) st.hl = emptyHighlights();
  if (!opts.quiet) { sayList([]); }
  render();
  saveSoon();
  hooks.changed();  // hints.js's afterMove: the check, the ladder
}
