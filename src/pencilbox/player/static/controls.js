// pencilbox player, which toolbar controls (and the hint level, beside the glossary) answer now: while paused none but Resume; in setter
// mode those that act on the play position (Check, the error display, hints, pencil marks,
// trials, Back to correct, the ladder, the forest, Restart) are disabled, not left to do nothing;
// Undo and Redo (and Undo all, Redo all) by the history they would step through, the setter's
// own in setter mode.

import { $, st } from "./state.js";

/** The controls that act on the play position only (index.html's ids). */
const PLAY_ONLY = new Set(["restart", "check", "live", "hint-level", "hint", "note-mode", "fill-notes", "trial",
  "rewind", "ladder", "forest", "reveal"]);
const BACK = new Set(["undo", "undo-all"]), ON = new Set(["redo", "redo-all"]);

export function showControls() {
  const s = st.setter;
  const [back, on] = s ? [s.undo, s.redo] : [st.undo, st.redo];
  for (const c of document.querySelectorAll("#toolbar button, #toolbar select, #toolbar input, #reveal, #hint-level")) {
    if (c.id === "pause") continue;
    const off = st.paused || (!!s && PLAY_ONLY.has(c.id)) || (BACK.has(c.id) && !back.length)
      || (ON.has(c.id) && !on.length);
    if (c.disabled !== off) c.disabled = off;
    c.closest("label.toggle")?.classList.toggle("off", off);
  }
  $("toolbar").dataset.mode = st.paused ? "paused" : s ? "setter" : "play";
}
