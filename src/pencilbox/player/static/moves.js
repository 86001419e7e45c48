// pencilbox player, the play position's moves: one applied (one undo step), what follows every
// change (a redraw, the save, then hooks.changed: the live check and the ladder), the cursor
// moved to a cell, and Restart. Undo and redo, which the setter shares, are input.js's.

import { emptyHighlights, hooks, say, sayList, st } from "/static/state.js";
import { initialPosition, isFixed } from "/static/cells.js";
import { saveProgress, saveSoon } from "/static/persist.js";
import { showTimer, startTimer, timerRunning } from "/static/timer.js";
import { render } from "/static/view.js";

export function applyMove(changes, kind) {
  const ch = [];
  for (const [i, after] of changes) {
    if (isFixed(i)) continue;
    const before = st.pos[i];
    if (before === after) continue;
    ch.push([i, before, after]);
    st.pos[i] = after;
  }
  if (!ch.length) return null;
  const mv = { ch, kind: kind || "move" };
  st.undo.push(mv);
  st.redo = [];
  afterChange();
  return mv;
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
