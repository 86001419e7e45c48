// pencilbox player, two tabs of the page: another tab's save of the open board's progress, or
// of the setter's kept board, is taken in here as the browser's storage event tells of it
// (persist.js and merge.js merge the position, setter.js the kept board), and what happened is
// said on the message line: no tab silently overwrites another's work.

import { hooks, say, st } from "./state.js";
import { afterChange } from "./moves.js";
import { PREFIX, takeProgress } from "./persist.js";
import { keptKey } from "./kept.js";
import { takeKept } from "./setter.js";

/** After persist.js took in another tab's save of the open board (hooks.synced): say it, redraw. */
export function tookIn(r) {
  afterChange({ quiet: true });
  if (r.kind === "adopted") { say("Another tab changed this board: its moves are shown here."); return; }
  const n = r.conflicts;
  say(`Another tab changed this board too: both tabs' moves are kept${n ? `; in ${n} cell${n === 1 ? "" : "s"} `
    + "this tab's entry wins (Undo shows the other's)" : ""}.`, n ? "error" : "");
}

export function wireTabs() {
  hooks.synced = tookIn;
  window.addEventListener("storage", (e) => {
    if (e.newValue == null) return;
    if (st.key && e.key === `${PREFIX}progress:${st.key}`) takeProgress(e.newValue);
    else if (st.setter && e.key === keptKey(st.setter.board.puzzle)) takeKept(e.newValue);
  });
}
