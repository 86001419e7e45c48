// pencilbox player, New board: a fresh board from the generator at any size it makes (each
// puzzle's generate_cells; on the static site, where nothing is compiled, its readable limit),
// its seed shown and replayable. The seed and the grade are the command line's: the same seed
// makes the board `pencilbox generate PUZZLE RxC --seed S --grade G` prints (seeds up to 2^63-1,
// kept as text: a JavaScript number is exact only below 2^53).

import { $, pzInfo, say, sizeValue, st } from "./state.js";
import { api, build, inBrowser } from "./api.js";
import { openRecord } from "./boards.js";

const TOP = 2n ** 63n;  // the command line's seeds are 0..2^63-1

/** The most cells this page's generator makes for a puzzle (the command line says the same). */
export function cellLimit(info) {
  return inBrowser ? info.generate_cells_readable : info.generate_cells;
}

/** A seed as the command line draws one: four random bytes, as digits. */
function drawnSeed() {
  return String(crypto.getRandomValues(new Uint32Array(1))[0]);
}

/** The typed seed as digits, "" when the field is empty, or null (said) when it is no seed. */
function typedSeed() {
  const t = $("new-seed").value.trim();
  if (!t) return "";
  if (/^\d{1,19}$/.test(t) && BigInt(t) < TOP) return String(BigInt(t));
  say(`Seed ${JSON.stringify(t.slice(0, 24))}: a whole number from 0 to ${TOP - 1n} (2^63-1), as the command line takes.`, "error");
  return null;
}

/** The typed size, or null (said) when this page's generator cannot make it. */
function typedSize(puzzle) {
  const R = Number($("new-rows").value), C = Number($("new-cols").value);
  const info = pzInfo(puzzle);
  const most = cellLimit(info);
  const side = Math.floor(Math.sqrt(most));
  if (!Number.isInteger(R) || !Number.isInteger(C) || R < 1 || C < 1) {
    say("New board: rows and columns are whole numbers from 1.", "error");
    return null;
  }
  if (R * C > most) {
    const where = inBrowser ? ` in this browser (pencilbox on the command line: ${info.generate_cells.toLocaleString("en")})` : "";
    say(`New board: ${R}×${C} is ${(R * C).toLocaleString("en")} cells; the ${info.title || puzzle} generator makes at most ` +
      `${most.toLocaleString("en")} (e.g. ${side}×${side})${where}.`, "error");
    return null;
  }
  return [R, C];
}

/** The line under the fields: the bound, or the command that makes the open board again. */
function showNote(puzzle, made) {
  const info = pzInfo(puzzle);
  if (!info) return;
  const most = cellLimit(info), side = Math.floor(Math.sqrt(most));
  $("new-rows").max = String(most);
  $("new-cols").max = String(most);
  const bound = `Any size up to ${most.toLocaleString("en")} cells (e.g. ${side}×${side}), at the grade chosen above.`;
  $("new-limit").textContent = bound;
  $("new-command").textContent = made ? made.command : "";
  $("new-command-row").hidden = !made;
}

/** The size fields follow the size list (a bank size picked), the note the puzzle. */
export function followSize() {
  const size = sizeValue();
  if (size) { $("new-rows").value = String(size[0]); $("new-cols").value = String(size[1]); }
  const rec = st.rec;
  showNote($("puzzle").value, rec && rec.made && rec.board.puzzle === $("puzzle").value ? rec.made : null);
}

/** A board from the generator: ``fresh`` (the top bar's New board) draws a seed at the size
 *  list's size; else (Make board) the fields' size and seed, a seed drawn when it is empty. */
export async function makeBoard(fresh) {
  const puzzle = $("puzzle").value;
  if (!puzzle || !pzInfo(puzzle)) return;
  if (fresh) followSize();
  const size = typedSize(puzzle);
  const typed = fresh ? "" : typedSeed();
  if (!size || typed === null) return;
  const seed = typed || drawnSeed();
  const grade = $("grade").value || null;
  const buttons = [$("new-board"), $("new-make")];
  buttons.forEach((b) => { b.disabled = true; });
  say(`Generating a ${size[0]}×${size[1]} board (seed ${seed})…`);
  const waiting = setInterval(() => {  // a generator still compiling: the call waits for it
    const b = build.now;
    if (b && b.state === "running") say(`Generating… (the generators compile once on a fresh install: ` +
      `${b.ready} of ${b.total} parts ready)`);
  }, 1000);
  try {
    const res = await api("generate", { puzzle, rows: size[0], cols: size[1], grade, seed });
    const made = { seed: res.seed_text, grade: res.grade,
      command: `pencilbox generate ${puzzle} ${size[0]}x${size[1]} --seed ${res.seed_text} --grade ${res.grade}` };
    $("new-seed").value = res.seed_text;  // Make board makes it again
    await openRecord({ id: null, board: res.board, grade: res.grade, unique: res.unique, share: res.share, made },
      { keepList: true, message: `New board, seed ${res.seed_text} (Make board with this seed makes it again).` });
    showNote(puzzle, made);
  } catch (e) { say(`Generator: ${e.message}`, "error"); }
  clearInterval(waiting);
  buttons.forEach((b) => { b.disabled = false; });
}

/** The top bar's New board and the panel's Make board; the fields follow the size list. */
export function wireNewBoard() {
  $("new-board").addEventListener("click", () => makeBoard(true));
  $("new-make").addEventListener("click", () => makeBoard(false));
  $("new-seed").addEventListener("keydown", (e) => { if (e.key === "Enter") makeBoard(false); });
  $("size").addEventListener("change", followSize);
  $("puzzle").addEventListener("change", followSize);
  document.addEventListener("pencilbox:opened", followSize);
}
