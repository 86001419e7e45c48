// pencilbox player, the setter's edges: a row or column added or taken away on any side (top,
// bottom, left, right), the clues (and Ripple's regions) staying where they are, each one
// undoable edit (setter.js's replaceBoard).

import { $, say, st } from "./state.js";
import { edged, sizeProblem } from "./shape.js";
import { replaceBoard } from "./setter.js";

const WHERE = { top: "at the top", bottom: "at the bottom", left: "on the left", right: "on the right" };
const clueCount = (b) => b.clues.flat().filter((v) => v != null).length;

/** Add (grow 1) or take away (grow -1) a row or column on ``side``; said on the message line. */
export function edgeEdit(side, grow) {
  const s = st.setter;
  if (!s) return;
  const line = side === "left" || side === "right" ? "column" : "row";
  const b = s.board;
  if (grow < 0 && (line === "row" ? b.rows : b.cols) === 1) {
    say(`The board keeps at least one ${line}.`, "error");
    return;
  }
  const out = edged(b, side, grow);
  const why = sizeProblem(out.rows, out.cols);
  if (why) { say(`No ${line} added: ${why}.`, "error"); return; }
  const lost = clueCount(b) - clueCount(out);
  const gone = lost ? `: ${lost} clue${lost === 1 ? "" : "s"} went with it` : "";
  // the selected cell stays on the clue it was on
  if (side === "top") s.sel = { ...s.sel, r: Math.max(0, s.sel.r + grow) };
  if (side === "left") s.sel = { ...s.sel, c: Math.max(0, s.sel.c + grow) };
  replaceBoard(out, grow > 0 ? `Added a ${line} ${WHERE[side]}: ${out.rows}×${out.cols} (Undo takes it away).`
    : `Took the ${line} ${WHERE[side]} away${gone}: ${out.rows}×${out.cols} (Undo brings it back).`);
}

/** The setter panel's eight edge buttons (#setter-add-top ... #setter-cut-right). */
export function wireEdges() {
  for (const side of Object.keys(WHERE)) {
    $(`setter-add-${side}`).addEventListener("click", () => edgeEdit(side, 1));
    $(`setter-cut-${side}`).addEventListener("click", () => edgeEdit(side, -1));
  }
}
