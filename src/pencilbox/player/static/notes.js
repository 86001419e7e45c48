// pencilbox player, pencil marks (where the catalog's table says a puzzle takes them: Ripple
// Effect's candidate digits): a toggle between entering values and marks (the Marks button, the
// m key, the pad's ✎), a digit toggled or a cell's marks cleared as one undo step each, and Fill ✎:
// each undecided cell's marks set to the digits that break no rule beside the digits already in
// (POST /api/candidates with rules; never a ladder's fixpoint, which can leave one digit a cell
// and give the answer away), counted as help in the statistics.

import { $, say, st, uiOf } from "./state.js";
import { api, failed } from "./api.js";
import { isFixed } from "./cells.js";
import { commit } from "./moves.js";
import { noteHelp } from "./stats.js";
import { render } from "./view.js";

/** Whether the open board takes pencil marks (and play, not the setter, is on). */
export function noteable() {
  return !!st.rec && !st.setter && !!uiOf(st.rec.board.puzzle).notes;
}

export function setNoteMode(on) {
  st.noteMode = !!on && noteable();
  showNotes();
  render();
  if (noteable()) say(st.noteMode ? "Pencil marks: a digit toggles a small candidate (m for values)."
    : "Values: a digit enters the cell's value (m for pencil marks).");
}

/** Toggle digit ``v`` among cell ``i``'s pencil marks (one undo step). */
export function toggleNote(i, v) {
  if (isFixed(i)) { say("That cell is given."); return; }
  const before = st.notes[i] || 0;
  commit({ ch: [], nt: [[i, before, before ^ (1 << v)]], kind: "note" });
}

export function clearNotes(i) {
  const before = st.notes[i] || 0;
  if (before && !isFixed(i)) commit({ ch: [], nt: [[i, before, 0]], kind: "note" });
}

/** Every undecided cell's pencil marks set to the digits that break no rule beside the entries. */
export async function fillNotes() {
  if (!noteable() || st.paused) return;
  const rec = st.rec, v = st.version;
  let res;
  try { res = await api("candidates", { board: rec.board, position: st.pos, rules: true }); } catch (e) {
    failed("Fill marks", e); return;
  }
  if (rec !== st.rec || v !== st.version) return;
  if (res.contradiction) { say("Fill marks: an entry contradicts a given digit.", "error"); return; }
  const nt = [];
  for (const { cell: [r, c], marks } of res.cells || []) {
    const i = r * rec.board.cols + c;
    const after = marks.reduce((m, d) => m | (1 << d), 0);
    if (!isFixed(i) && (st.notes[i] || 0) !== after) nt.push([i, st.notes[i] || 0, after]);
  }
  if (!nt.length) { say("Pencil marks already show every digit the rules leave beside your entries."); return; }
  commit({ ch: [], nt, kind: "notes" });
  noteHelp("fills");
  say(`Pencil marks: the digits that break no rule beside the digits in, in ${nt.length} ` +
    `cell${nt.length === 1 ? "" : "s"} (counted as help; undo takes them back).`, "hint");
}

/** The Marks toggle and Fill marks, shown only for a puzzle that takes pencil marks. */
export function showNotes() {
  const on = noteable();
  if (!on) st.noteMode = false;
  $("note-mode").hidden = !on;
  $("fill-notes").hidden = !on;
  $("note-mode").setAttribute("aria-pressed", String(st.noteMode));
}

export function wireNotes() {
  $("note-mode").addEventListener("click", () => setNoteMode(!st.noteMode));
  $("fill-notes").addEventListener("click", fillNotes);
}
