// pencilbox player, setter mode: edit clues (and Ripple borders) with undo, count the answers
// live, show a second answer, minimise, export, play the edited board; the board is kept
// (kept.js) across modes, boards, reloads and tabs. It imports no module
// that imports it: the edited board opens through hooks.open (boards.js's openRecord).

import { $, emptyHighlights, hooks, say, sizeValue, st, uiOf } from "./state.js";
import { cellAt, clueRoom, componentsFromWalls, regionInfo, wallsFromRegions } from "./cells.js";
import { api, countInfo } from "./api.js";
import { fetchLadder, showLegend } from "./hints.js";
import { startTimer, stopTimer } from "./timer.js";
import { render } from "./view.js";
import { blankBoard, copyBoard, resized, sizeProblem, transformed, withRegion } from "./shape.js";
import { clearAmbiguity, offerAmbiguity, stepAmbiguity, toggleAmbiguity } from "./ambiguity.js";
import { keptElsewhere, loadKept, markOpen, writeKept } from "./kept.js";

/** Setter mode, or in it another board. how: "kept" (the Setter button: the board kept for this
 *  puzzle, kept.js, else a copy of the play board), "current" (a copy of the play board) or
 *  "blank" (an empty board of the typed size). In the setter a new board is one undoable edit:
 *  the one before is never lost. */
export function enterSetter(how) {
  if (!st.rec || st.paused) return;
  if (st.setter) { anotherBoard(how); return; }
  const kept = loadKept(st.rec.board.puzzle);
  const b = how === "kept" && kept ? kept.board : newBoard(how);
  if (!b) return;
  stopTimer();
  $("setter-rows").value = String(b.rows);
  $("setter-cols").value = String(b.cols);
  const mine = how === "kept" && kept;
  st.setter = { board: b, walls: mine ? kept.walls : uiOf(b.puzzle).regions ? wallsFromRegions(b) : null,
    sel: mine ? kept.sel : { r: 0, c: 0 }, res: null, showSecond: false, seq: 0,
    undo: mine ? kept.undo : [], redo: mine ? kept.redo : [] };
  markOpen(true);
  document.body.classList.add("setter");
  $("setter").setAttribute("aria-pressed", "true");
  $("setter-panel").hidden = false;
  $("export-out").hidden = true;
  $("setter-help").textContent = setterHelp(b.puzzle);
  $("second").setAttribute("aria-pressed", "false");
  $("second").textContent = "Show second answer";
  st.hl = emptyHighlights();
  showLegend();
  clearAmbiguity();
  say(mine ? `Setter: your ${b.rows}×${b.cols} board as you left it (Blank board starts a new one).` : how === "blank" ? `Setter: blank ${b.rows}×${b.cols} board.`
    : "Setter: editing a copy of the board.");
  render();
  scheduleCount(0);
}

/** A blank board of the typed size (else the selected one), or a copy of the play board. */
function newBoard(how) {
  if (how !== "blank") return copyBoard(st.rec.board);
  const size = typedSize() || sizeValue() || [st.rec.board.rows, st.rec.board.cols];
  return blankBoard($("puzzle").value || st.rec.board.puzzle, size[0], size[1]);
}

function anotherBoard(how) {
  const b = newBoard(how);
  if (!b) return;
  const what = how === "blank" ? `a blank ${b.rows}×${b.cols} board` : "a copy of the play board";
  replaceBoard(b, `Setter: ${what} (Undo brings the last one back).`);
}

function setterHelp(p) {
  const ui = uiOf(p);
  const [lo, hi] = ui.clue_range;
  const extra = Object.entries(ui.clue_extra).map(([k, say]) => ` (or ${k} for ${say})`).join("");
  const where = ui.clue_on === "points" ? "a corner" : "a cell";
  const walls = ui.regions ? " Click near an edge to add or remove a border." : "";
  return `Click ${where}, type ${lo}..${hi}${extra}; Backspace clears.${walls}`;
}

export function leaveSetter(redraw = true) {
  keepNow();
  st.setter = null;
  markOpen(false);
  document.body.classList.remove("setter");
  $("setter").setAttribute("aria-pressed", "false");
  $("setter-panel").hidden = true;
  if (redraw) {
    startTimer();
    say("Back to play.");
    render();
    if (st.ladderOn) fetchLadder();
  }
}

/** The setter board as it is now (clues, regions, walls), for its undo and redo stacks. */
function setterSnapshot(s) {
  return { board: copyBoard(s.board), walls: s.walls ? new Set(s.walls) : null };
}

function setterEdited(s) {
  s.undo.push(setterSnapshot(s));
  s.redo = [];
  keepSoon();
}

// ------------------------------------------------------------------ the kept board (kept.js)

let keepTimer = null;

/** The setter's board is kept once the edits pause, and at once when it is left or the page hides. */
function keepSoon() {
  clearTimeout(keepTimer);
  keepTimer = setTimeout(keepNow, 400);
}

function keepNow() {
  clearTimeout(keepTimer);
  const s = st.setter;
  if (!s) return;
  takeKept();  // what another tab kept since, taken in first
  writeKept(s);
}

/** Another tab's kept board for this puzzle (``raw``, else the store's): shown here when this
 *  tab has no edit of its own since, else this tab's stays and one Undo shows the other's. */
export function takeKept(raw) {
  const s = st.setter;
  const got = s && keptElsewhere(s, raw);
  if (!got) return;
  const k = got.kept;
  if (got.moved) {
    s.undo.push({ board: k.board, walls: k.walls });
    s.redo = [];
    say("Another tab changed this setter board too: this tab's board stays; Undo once shows the other tab's.",
      "error");
    keepSoon();
  } else {
    Object.assign(s, { board: k.board, walls: k.walls, undo: k.undo, redo: k.redo, sel: k.sel, res: null });
    $("setter-rows").value = String(k.board.rows);
    $("setter-cols").value = String(k.board.cols);
    say(`Another tab changed this setter board: its ${k.board.rows}×${k.board.cols} board is shown here.`);
  }
  scheduleCount(0);
  render();
}

window.addEventListener("pagehide", keepNow);
document.addEventListener("visibilitychange", () => { if (document.hidden) keepNow(); });

export function setterStep(from, to, word) {
  const s = st.setter;
  const snap = from.pop();
  if (!snap) { say(`Nothing to ${word === "Undone" ? "undo" : "redo"}.`); return; }
  to.push(setterSnapshot(s));
  keepSoon();
  Object.assign(s, { board: snap.board, walls: snap.walls, res: null });
  $("setter-rows").value = String(s.board.rows); $("setter-cols").value = String(s.board.cols);
  say(`${word} (setter).`);
  scheduleCount();
  render();
}

function setterClue(r, c, v) {
  const s = st.setter;
  if (!s) return;
  if (s.board.clues[r][c] === v) return;
  setterEdited(s);
  s.board.clues[r][c] = v;
  s.res = null;
  scheduleCount();
  render();
}

function toggleWall(a, b) {
  const s = st.setter;
  const k = a < b ? `${a}|${b}` : `${b}|${a}`;
  setterEdited(s);
  if (s.walls.has(k)) s.walls.delete(k); else s.walls.add(k);
  s.board.regions = componentsFromWalls(s.board.rows, s.board.cols, s.walls);
  s.res = null;
  scheduleCount();
  render();
}

/** A given larger than its region (a border half drawn): the words to show, else "". */
function oversizedGiven(b) {
  if (!uiOf(b.puzzle).regions) return "";
  const { comp, size } = regionInfo(b);
  for (let i = 0; i < b.rows * b.cols; i++) {
    const v = b.clues[Math.floor(i / b.cols)][i % b.cols];
    const n = size[comp[i]];
    if (typeof v === "number" && v > n) {
      return `The ${v} at row ${Math.floor(i / b.cols) + 1}, column ${i % b.cols + 1} is larger than its region `
        + `of ${n} cell${n === 1 ? "" : "s"}: finish the borders or change the given.`;
    }
  }
  return "";
}

let countTimer = null;
function scheduleCount(delay = 150) {
  const s = st.setter;
  if (!s) return;
  s.seq++;
  $("answer-count").textContent = "answers: …";
  $("answer-count").dataset.count = "";
  clearAmbiguity();
  offerAmbiguity(null);
  $("setter-grade").textContent = "";
  $("second").disabled = true;
  clearTimeout(countTimer);
  const seq = s.seq;
  countTimer = setTimeout(() => runCount(seq), delay);
}

async function runCount(seq) {
  const s = st.setter;
  if (!s || s.seq !== seq) return;
  const unfinished = oversizedGiven(s.board);
  if (unfinished) {  // an edit half done: say so plainly instead of sending a board the server refuses
    $("answer-count").textContent = "answers: ?";
    $("setter-note").textContent = unfinished;
    return;
  }
  let res;
  try { res = await api("setter", { board: s.board, redundant: false }); } catch (e) {
    if (st.setter === s && s.seq === seq) {
      $("answer-count").textContent = "answers: ?";
      $("setter-note").textContent = `Not countable yet: ${e.message}.`;
    }
    return;
  }
  if (st.setter !== s || s.seq !== seq) return;
  s.res = res;
  $("answer-count").textContent = `answers: ${res.count}${res.capped ? " (search capped)" : ""}`;
  $("answer-count").dataset.count = String(res.count);
  $("setter-grade").textContent = res.grade ? `· grade ${res.grade}` : "";
  $("setter-note").textContent = res.count === 1 ? "Looking for redundant clues…"
    : res.count === 0 ? "No answer: the clues contradict each other." : res.count === "2+" ? "More than one answer." : "";
  $("second").disabled = !res.second;
  offerAmbiguity(res);
  if (!res.second && s.showSecond) { s.showSecond = false; }
  $("second").setAttribute("aria-pressed", String(s.showSecond));
  $("second").textContent = s.showSecond ? "Hide second answer" : "Show second answer";
  render();
  if (res.count === 1) runRedundant(s, seq, res);
}

/** The redundant-clue scan, asked once the count is shown (the count never waits for it). */
async function runRedundant(s, seq, res) {
  let found;
  try { found = await api("redundant", { board: s.board }); } catch (e) {
    if (st.setter === s && s.seq === seq) $("setter-note").textContent = `Redundant clues not checked: ${e.message}.`;
    return;
  }
  if (st.setter !== s || s.seq !== seq) return;
  Object.assign(res, found);
  $("setter-note").textContent = redundantNote(res);
  render();
}

/** What the redundant-clue scan found, and how far it got: a scan the time budget cut short
 *  or a clue too hard to check is said, never read as "no redundant clue". */
function redundantNote(res) {
  const red = res.redundant || [];
  const [checked, total] = res.redundant_checked || [0, 0];
  const hard = res.redundant_capped || 0;
  const some = (n, what) => `${n} ${what}${n === 1 ? "" : "s"}`;
  let note = red.length ? `${some(red.length, "redundant clue")} (dotted)` : "No redundant clue";
  if (checked < total) note += ` among the first ${checked} of ${total} clues (the time for the scan ran out)`;
  if (hard) note += `; ${some(hard, "clue")} too hard to check in time`;
  return `${note}.`;
}

export function toggleSecond() {
  const s = st.setter;
  if (!s || !s.res || !s.res.second) return;
  s.showSecond = !s.showSecond;
  $("second").setAttribute("aria-pressed", String(s.showSecond));
  $("second").textContent = s.showSecond ? "Hide second answer" : "Show second answer";
  render();
}

export async function doMinimise() {
  const s = st.setter;
  if (!s) return;
  say("Minimising…");
  try {
    const res = await api("minimise", { board: s.board });
    if (st.setter !== s) return;
    setterEdited(s);
    s.board = copyBoard(res.board);
    if (uiOf(s.board.puzzle).regions) s.walls = wallsFromRegions(s.board);
    say(`Minimised: ${res.removed} clue${res.removed === 1 ? "" : "s"} removed.`);
    scheduleCount(0);
    render();
  } catch (e) { say(`Minimise failed: ${e.message}`, "error"); }
}

export async function doExport() {
  const s = st.setter;
  const b = s ? s.board : st.rec && st.rec.board;
  if (!b) return;
  try {
    const res = await api("export", { board: b });
    const out = $("export-out");
    out.value = [res.url && `URL: ${res.url}`, res.tatham && `Tatham: ${res.tatham}`, res.text]
      .filter(Boolean).join("\n\n");
    out.hidden = false;
    say("Exported.");
  } catch (e) { say(`Export failed: ${e.message}`, "error"); }
}

export async function setterPlay() {
  const s = st.setter;
  if (!s) return;
  const b = copyBoard(s.board);
  const res = s.res && s.seq ? s.res : null;
  let ci;
  if (res && res.count !== "?") {
    ci = { grade: res.grade, unique: res.count === 1,
      info: res.count === 1 ? `one answer · grade ${res.grade ?? "?"}` : res.count === 0 ? "no answer" : "more than one answer" };
  } else ci = await countInfo(b);
  await hooks.open({ id: null, board: b, share: null, ...ci }, { message: "Playing the edited board." });
}

export function setterPointer(p, e) {
  const s = st.setter;
  const b = s.board;
  const ui = uiOf(b.puzzle);
  if (ui.clue_on === "points") {
    const r = Math.min(b.rows, Math.max(0, Math.round(p.y))), c = Math.min(b.cols, Math.max(0, Math.round(p.x)));
    s.sel = { r, c };
    render();
    return;
  }
  const cell = cellAt(p, b);
  if (!cell) return;
  if (ui.regions) {
    const fx = p.x - cell.c, fy = p.y - cell.r;
    const cands = [[fx, 0, -1], [1 - fx, 0, 1], [fy, -1, 0], [1 - fy, 1, 0]]
      .filter(([, dr, dc]) => cell.r + dr >= 0 && cell.r + dr < b.rows && cell.c + dc >= 0 && cell.c + dc < b.cols)
      .sort((u, v) => u[0] - v[0]);
    if (cands.length && cands[0][0] < 0.2) {
      const [, dr, dc] = cands[0];
      toggleWall(cell.r * b.cols + cell.c, (cell.r + dr) * b.cols + cell.c + dc);
      s.sel = cell;
      return;
    }
    if (e) startRegion(p, e);
  }
  s.sel = cell;
  render();
}

export function setterKey(e) {
  const s = st.setter;
  const b = s.board;
  const k = e.key;
  const { r, c } = s.sel;
  if (k === "Backspace" || k === "Delete") { e.preventDefault(); setterClue(r, c, null); return; }
  const ui = uiOf(b.puzzle);
  const [lo, hi] = ui.clue_range;
  if (k in ui.clue_extra) { e.preventDefault(); setterClue(r, c, k); return; }
  if (/^[0-9]$/.test(k)) {
    e.preventDefault();
    const v = Number(k);
    if (v < lo || v > hi) { say(`Clues here are ${lo}..${hi}.`, "error"); return; }
    const room = clueRoom(ui, b, r, c);
    if (room != null && v > room) {
      const where = ui.clue_on === "points" ? `the corner at row ${r + 1}, column ${c + 1}` : `row ${r + 1}, column ${c + 1}`;
      say(`A ${v} at ${where} cannot be kept: it counts ${room} cell${room === 1 ? "" : "s"} at most.`, "error");
      return;
    }
    if (ui.regions) {
      const { comp, size } = regionInfo(b);
      const n = size[comp[r * b.cols + c]];
      if (v > n) { say(`This region has ${n} cell${n === 1 ? "" : "s"}: a given here is 1..${n}.`, "error"); return; }
    }
    setterClue(r, c, v);
  }
}

// ------------------------------------------------------------------ size, turns, drawn regions

/** The size typed in the setter's fields, or null (said on the message line) when it cannot be. */
function typedSize() {
  const R = Number($("setter-rows").value), C = Number($("setter-cols").value);
  if (!$("setter-rows").value && !$("setter-cols").value) return null;
  const why = sizeProblem(R, C);
  if (why) { say(`Setter size: ${why}.`, "error"); return null; }
  return [R, C];
}

/** Put a new board in the setter as one undoable edit (a resize, a turn, a drawn region). */
export function replaceBoard(b, word) {
  const s = st.setter;
  setterEdited(s);
  s.board = b;
  if (uiOf(b.puzzle).regions) s.walls = wallsFromRegions(b);
  const pts = uiOf(b.puzzle).clue_on === "points" ? 1 : 0;  // a Slant clue sits on a corner
  s.sel = { r: Math.min(s.sel.r, b.rows - 1 + pts), c: Math.min(s.sel.c, b.cols - 1 + pts) };
  s.res = null;
  s.showSecond = false;
  $("setter-rows").value = String(b.rows);
  $("setter-cols").value = String(b.cols);
  say(word);
  scheduleCount(0);
  render();
}

function setterResize() {
  const s = st.setter;
  const size = s && typedSize();
  if (!size) return;
  replaceBoard(resized(s.board, size[0], size[1]), `Resized to ${size[0]}x${size[1]}: the clues that fit are kept.`);
}

function setterTransform(how) {
  const s = st.setter;
  if (!s) return;
  const word = { rotate: "Turned a quarter clockwise.", "flip-h": "Mirrored left to right.", "flip-v": "Mirrored top to bottom." };
  replaceBoard(transformed(s.board, how), word[how]);
}

/** A drag across cells (not started on an edge) draws them as one region when it lifts. */
function startRegion(p, e) {
  const s = st.setter, cell = cellAt(p, s.board);
  if (!cell) return;
  s.drag = { id: e.pointerId, cells: [cell.r * s.board.cols + cell.c] };
  try { $("board").setPointerCapture(e.pointerId); } catch (err) { /* synthetic events */ }
}

export function setterDragMove(p, e) {
  const s = st.setter, d = s && s.drag;
  if (!d || e.pointerId !== d.id) return;
  const cell = cellAt(p, s.board);
  if (!cell) return;
  const i = cell.r * s.board.cols + cell.c;
  if (d.cells.includes(i)) return;
  d.cells.push(i);
  s.sel = cell;
  say(`Region: ${d.cells.length} cells (lift to draw it).`);
}

export function setterDragEnd(e) {
  const s = st.setter, d = s && s.drag;
  if (!d || e.pointerId !== d.id) return;
  s.drag = null;
  if (d.cells.length < 2) return;
  const b = copyBoard(s.board);
  b.regions = withRegion(b, d.cells);
  replaceBoard(b, `Drew a region of ${d.cells.length} cells.`);
}

/** The setter panel's size, turn and ambiguity controls (app.js wires the rest). */
export function wireShapes() {
  $("setter-resize").addEventListener("click", setterResize);
  $("setter-rotate").addEventListener("click", () => setterTransform("rotate"));
  $("setter-flip-h").addEventListener("click", () => setterTransform("flip-h"));
  $("setter-flip-v").addEventListener("click", () => setterTransform("flip-v"));
  $("ambiguity").addEventListener("click", toggleAmbiguity);
  $("amb-prev").addEventListener("click", () => stepAmbiguity(-1));
  $("amb-next").addEventListener("click", () => stepAmbiguity(1));
}
