// pencilbox player, the setter's ambiguity view: with two or more answers, the cells that are
// the same in every answer (the backbone, exact, by SAT on the server) shaded apart from those
// that differ, and up to ten answers to step through. It imports no module that imports it.

import { $, say, st } from "./state.js";
import { api } from "./api.js";
import { render } from "./view.js";

/** Forget the view (an edit changes the answers): the button waits for the next count. */
export function clearAmbiguity() {
  const s = st.setter;
  if (s) { s.amb = null; s.ambAt = 0; }
  $("ambiguity").setAttribute("aria-pressed", "false");
  $("amb-nav").hidden = true;
  $("amb-note").textContent = "";
}

/** The button is offered once the count has found more than one answer. */
export function offerAmbiguity(res) {
  $("ambiguity").disabled = !(res && (res.count === "2+" || res.count > 1));
}

export async function toggleAmbiguity() {
  const s = st.setter;
  if (!s) return;
  if (s.amb) { clearAmbiguity(); render(); return; }
  const seq = s.seq;
  say("Finding the cells every answer shares…");
  let got;
  try { got = await api("ambiguity", { board: s.board }); } catch (e) {
    say(`Ambiguity view failed: ${e.message}`, "error");
    return;
  }
  if (st.setter !== s || s.seq !== seq) return;  // the board changed meanwhile
  s.amb = got;
  s.ambAt = 0;
  $("ambiguity").setAttribute("aria-pressed", "true");
  const n = got.capped ? `at least ${got.count}` : String(got.count);
  $("amb-note").textContent = `${n} answers; ${got.fixed_cells} of ${got.cells} cells are the same in all of them `
    + `(shaded), ${got.cells - got.fixed_cells} differ (hatched).`;
  say("Ambiguity: the hatched cells differ between answers.");
  showAt(0);
}

export function stepAmbiguity(by) {
  const s = st.setter;
  if (!s || !s.amb) return;
  const n = s.amb.answers.length;
  showAt((s.ambAt + by + n) % n);
}

function showAt(k) {
  const s = st.setter;
  s.ambAt = k;
  const n = s.amb.answers.length;
  $("amb-nav").hidden = false;
  $("amb-which").textContent = `answer ${k + 1} of ${n}${s.amb.count > n || s.amb.capped ? " listed" : ""}`;
  render();
}
