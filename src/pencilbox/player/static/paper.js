// pencilbox player, boards on paper: the open board (or the setter's) downloaded as an image,
// with or without its answer, and the bank list as a PDF booklet (answers at the back). The
// server draws both (render.py, booklet.py), so the picture is the command line's.

import { $, board, st } from "./state.js";
import { api, failed } from "./api.js";

function save(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function bytes(b64) {
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function note(text) { $("paper-note").textContent = text; }

async function downloadImage(format) {
  const b = board();
  if (!b) return;
  const answer = $("image-answer").checked && !st.setter;
  note(`Drawing the ${format.toUpperCase()}…`);
  try {
    const got = await api("image", { board: b, format, answer });
    const blob = format === "png" ? new Blob([bytes(got.data)], { type: "image/png" })
      : new Blob([got.data], { type: "image/svg+xml" });
    st.lastDownload = { name: got.name, size: blob.size, type: blob.type };  // for the browser tests
    save(blob, got.name);
    note(`Saved ${got.name}.`);
  } catch (e) { note(""); failed("The image", e); }
}

async function printBooklet() {
  const ids = st.listIds.slice(0, 60);
  if (!ids.length) { note("The bank list is empty: pick a puzzle and a size."); return; }
  note(`Making a booklet of ${ids.length} board${ids.length === 1 ? "" : "s"}…`);
  try {
    const got = await api("booklet", { ids, answers: $("booklet-answers").checked });
    const blob = new Blob([bytes(got.pdf)], { type: "application/pdf" });
    st.lastDownload = { name: got.name, size: blob.size, type: blob.type, boards: got.boards };
    save(blob, got.name);
    note(`Saved ${got.name}: ${got.boards} boards${st.listIds.length > 60 ? " (the first 60 of the list)" : ""}.`);
  } catch (e) { note(""); failed("The booklet", e); }
}

export function wirePaper() {
  $("image-svg").addEventListener("click", () => downloadImage("svg"));
  $("image-png").addEventListener("click", () => downloadImage("png"));
  $("booklet").addEventListener("click", printBooklet);
}
