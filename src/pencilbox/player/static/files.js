// pencilbox player, boards as files: the open board and its position (in the setter, the
// setter's board) saved in the project's formats (the text format, or JSON, the position as the
// answer section), and a file opened from the picker or dropped on the page: its board to play
// with its position as one undoable move (in the setter: the setter's board, one undoable edit).
// The server reads and writes the formats (verbs/files.py); a bad file is said in one line,
// naming what is wrong and where, and changes nothing.

import { $, board, say, st } from "./state.js";
import { api, countInfo } from "./api.js";
import { openRecord } from "./boards.js";
import { applyMove } from "./moves.js";
import { copyBoard } from "./shape.js";
import { replaceBoard } from "./setter.js";
import { isFixed } from "./cells.js";

const MAX_BYTES = 1_000_000;  // read no more (the server takes 200,000 characters of a board file)

function note(text) { $("file-note").textContent = text; }

function download(text, name, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** The file's name: the bank id, else the puzzle and size (and "setter" for the setter's board). */
function fileName(b, ext) {
  const stem = st.setter ? `${b.puzzle}-${b.rows}x${b.cols}-setter` : st.rec.id || `${b.puzzle}-${b.rows}x${b.cols}`;
  return `${stem}.${ext}`;
}

/** Save the board (and, playing, the position) as text or JSON. */
export async function saveFile(format) {
  const b = board();
  if (!b) return;
  const made = !st.setter && st.rec.made;
  const body = { board: b, position: st.setter ? null : st.pos, format,
    seed: made ? made.seed : null, grade: made ? made.grade : null };
  try {
    const got = await api("save", body);
    const name = fileName(b, format === "json" ? "json" : "txt");
    st.lastDownload = { name, size: got.text.length, type: format };  // for the browser tests
    download(got.text, name, format === "json" ? "application/json" : "text/plain");
    const what = st.setter ? "the setter's board" : "the board and your position";
    note(`Saved ${what} as ${name}.`);
    say(`Saved ${name}.`, "ok");
  } catch (e) { say(`Saving failed: ${e.message}`, "error"); }
}

/** Open a file: a bad one is said (what is wrong and where) and nothing changes. */
export async function openFile(file) {
  if (!file || !st.catalog) return;
  const name = file.name || "the file";
  const refuse = (why) => {
    say(`The file ${name} could not be opened: ${why}. Nothing was changed.`, "error");
    note(`Not opened: ${name} (the message above says why).`);
  };
  if (file.size > MAX_BYTES) { refuse(`it is ${file.size.toLocaleString("en")} bytes; a board file is a few kilobytes`); return; }
  let res;
  try { res = await api("load", { text: await file.text() }); } catch (e) { refuse(e.message); return; }
  if (st.setter && st.setter.board.puzzle === res.board.puzzle) {
    replaceBoard(copyBoard(res.board), `Opened ${name} in the setter: ${res.board.rows}×${res.board.cols} (Undo brings the last board back).`);
    note(`Opened ${name}.`);
    return;
  }
  const kept = st.setter ? ` to play (the setter's ${st.setter.board.puzzle} board is kept)` : "";
  const ci = await countInfo(res.board);
  await openRecord({ id: null, board: res.board, share: res.share, ...ci }, { message: `Opened ${name}${kept}.` });
  const pos = res.position;
  if (pos && pos.length === st.pos.length) {
    const mv = applyMove(pos.map((m, i) => [i, m]).filter(([i, m]) => !isFixed(i) && st.pos[i] !== m), "load");
    const n = pos.filter((m, i) => m != null && !isFixed(i)).length;
    if (mv) say(`Opened ${name}${kept} with its ${n} entr${n === 1 ? "y" : "ies"} (Undo brings back what this browser had kept).`);
  }
  note(`Opened ${name}.`);
}

/** The File panel's buttons, its picker, and a file dropped anywhere on the page. */
export function wireFiles() {
  $("save-text").addEventListener("click", () => saveFile("text"));
  $("save-json").addEventListener("click", () => saveFile("json"));
  $("open-file").addEventListener("click", () => $("file-input").click());
  $("file-input").addEventListener("change", async () => {
    const f = $("file-input").files[0];
    $("file-input").value = "";  // the same file again is another change
    await openFile(f);
  });
  const carries = (e) => e.dataTransfer && [...e.dataTransfer.types].includes("Files");
  document.addEventListener("dragover", (e) => {
    if (!carries(e)) return;
    e.preventDefault();
    document.body.classList.add("dropping");
  });
  document.addEventListener("dragleave", (e) => { if (!e.relatedTarget) document.body.classList.remove("dropping"); });
  document.addEventListener("drop", (e) => {
    if (!carries(e)) return;
    e.preventDefault();
    document.body.classList.remove("dropping");
    openFile(e.dataTransfer.files[0]);
  });
}
