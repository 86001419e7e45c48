// pencilbox player, pencil marks (where the catalog's table says a puzzle takes them: Ripple
// Effect's candidate digits): a toggle between entering values and marks (the Marks button, the
// m key, the pad's ✎), a digit toggled or a cell's marks cleared as one undo step each, and the
// marks filled from what the ladder's fixpoint at the hint level leaves possible
// (POST /api/candidates).

import { $, say, st, uiOf } from "./state.js";
import { sayParts } from "./glossary.js";
import { api, failed } from "./api.js";
import { isFixed } from "./cells.js";
import { commit } from "./moves.js";
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

/** Every undecided cell's pencil marks set to what the hint level's fixpoint leaves possible. */
export async function fillNotes() {
  if (!noteable() || st.paused) return;
  const rec = st.rec, v = st.version, level = $("hint-level").value || null;
  let res;
  try { res = await api("candidates", { board: rec.board, position: st.pos, level }); } catch (e) {
    failed("Fill marks", e); return;
  }
  if (rec !== st.rec || v !== st.version) return;
  if (res.contradiction) {
    sayParts(["Fill marks: your entries so far cannot all be right. Found by: ", { rule: res.level }, "."], "error", res.level);
    return;
  }
  const nt = [];
  for (const { cell: [r, c], marks } of res.cells || []) {
    const i = r * rec.board.cols + c;
    const after = marks.reduce((m, d) => m | (1 << d), 0);
    if (!isFixed(i) && (st.notes[i] || 0) !== after) nt.push([i, st.notes[i] || 0, after]);
  }
  if (!nt.length) {
    sayParts(["Pencil marks already show what the hint rules up to ", { rule: res.level }, " leave possible."], "", res.level);
    return;
  }
  commit({ ch: [], nt, kind: "notes" });
  sayParts(["Pencil marks: what hint level ", { rule: res.level }, ` leaves possible in ${nt.length} ` +
    `cell${nt.length === 1 ? "" : "s"} (undo takes them back).`], "hint", res.level);
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
