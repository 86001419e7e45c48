// pencilbox player, the page around the board: one redraw per task (render), the board fitted
// to the screen, the number pad of touch screens, the paused cover and the win banner.

import { $, board, emptyHighlights, hooks, st, uiOf } from "./state.js";
import { clueRoom, isFixed, regionInfo } from "./cells.js";
import { nameBoard } from "./a11y.js";
import { showControls } from "./controls.js";
import { drawBoard, M, S } from "./draw.js";
import { fillPad, MARK_LABELS, padShape } from "./pad.js";
import { elapsedMs, fmtTime } from "./timer.js";

// ------------------------------------------------------------------ drawing

let drawQueued = false;

/** Redraw the board once, after whatever else this task changes (a hint moves a cell and
 *  then highlights: one drawing, not two). */
export function render() {
  if (drawQueued) return;
  drawQueued = true;
  queueMicrotask(() => { drawQueued = false; draw(); });
}

function draw() {
  const b = board();
  const svg = $("board");
  if (!b) { svg.replaceChildren(); return; }
  const s = st.setter;
  const o = {
    board: b,
    ui: uiOf(b.puzzle),
    pos: s ? null : st.pos,
    depth: s ? null : st.depth,  // each entry's trial level
    notes: s ? null : st.notes,  // pencil marks
    setter: !!s,
    walls: s ? s.walls : null,
    cursor: s ? s.sel : st.showCursor ? st.cursor : null,
    hl: s ? emptyHighlights() : withErrors(st.hl),
    ladder: !s && st.ladderOn ? st.ladder : null,
    redundant: s && s.res ? s.res.redundant || [] : [],
    second: s && s.amb ? s.amb.answers[s.ambAt] : s && s.showSecond && s.res ? s.res.second : null,
    answer: s && s.res && !s.amb ? s.res.answer : null,
    amb: s && s.amb ? s.amb : null,  // ambiguity.js: the backbone (fixed marks, null where answers differ)
    forest: !s && st.forestOn,  // forest.js: each tree in its colour (a puzzle whose table sets forest)
  };
  drawBoard(svg, o);
  nameBoard(svg, o);  // a11y.js: the grid's names for a screen reader
  showControls();
  fitBoard();
  showPad();
}

/** The highlights with the error display's layer (hints.js's st.errs, while it is on and of
 *  this board) under them: a hint or a trial's failure never hides a broken rule. */
function withErrors(hl) {
  const e = st.errs;
  if (!st.live || !e || e.rec !== st.rec) return hl;
  return { ...hl, err: new Set([...e.err, ...hl.err]), errClues: new Set([...e.errClues, ...hl.errClues]),
    errPts: new Set([...e.errPts, ...hl.errPts]) };
}

// ------------------------------------------------------------------ fitting the screen

const MIN_CELL = 16, MAX_CELL = 72;
let fitted = "";

/** The board's width: as much as the free width and the height left under the controls allow
 *  (the board info line and the pad kept in view), 16 to 72 px a cell; past 16 px it scrolls.
 *  The height counts only while it leaves half the width's cell or more: a page zoomed to 200 %
 *  (or a phone on its side) has too little, and shrinking to it would undo the zoom; the page
 *  scrolls instead, so a cell keeps at least the device pixels it had at 100 %. */
export function fitBoard(force = false) {
  const b = board();
  if (!b) return;
  const svg = $("board"), wrap = $("board-wrap");
  const pts = uiOf(b.puzzle).clue_on === "points";
  const bw = b.cols + (2 * M) / S, bh = b.rows + (2 * M) / S;
  const key = `${bw}x${bh}:${window.innerWidth}x${window.innerHeight}:${st.touch}:${pts}`;
  if (!force && key === fitted) return;
  fitted = key;
  const top = wrap.getBoundingClientRect().top + window.scrollY;
  const below = $("board-info").offsetHeight + 16 + (st.touch ? $("pad").offsetHeight || 64 : 0);
  const across = Math.min(MAX_CELL, wrap.clientWidth / bw), down = (window.innerHeight - top - below) / bh;
  const cell = Math.max(MIN_CELL, down >= across / 2 ? Math.min(across, down) : across);
  svg.style.width = `${Math.floor(cell * bw)}px`;
}

window.addEventListener("resize", () => { showPad(); fitBoard(); });

/** Fit again at the next redraw (a touch screen the media query missed now shows the pad). */
export function forgetFit() { fitted = ""; }

// ------------------------------------------------------------------ the number pad (touch)

/** The keys the selected cell takes: Ripple's digits up to its region's size, a cycle
 *  puzzle's marks, the setter's clue values (none past what the clue can count); and clear. */
function padKeys(b) {
  const ui = uiOf(b.puzzle);
  const clear = { label: "⌫", key: "Backspace", title: "clear" };
  if (st.setter) {
    const { r, c } = st.setter.sel;
    const [lo, hi] = ui.clue_range;
    let most = clueRoom(ui, b, r, c) ?? hi;
    if (ui.regions && r < b.rows && c < b.cols) {
      const { size, comp } = regionInfo(b);
      most = Math.min(most, size[comp[r * b.cols + c]]);
    }
    const values = Array.from({ length: Math.min(hi, 9) - lo + 1 }, (_, k) => lo + k)
      .map((v) => ({ label: String(v), key: String(v), disabled: v > most }));
    const extra = Object.entries(ui.clue_extra).map(([k, what]) => ({ label: k, key: k, title: what }));
    return [...values, ...extra, clear];
  }
  const i = st.cursor.r * b.cols + st.cursor.c;
  if (ui.keys === "digits") {
    const { size, comp } = regionInfo(b);
    const n = Math.min(size[comp[i]] || 1, 9);
    const given = isFixed(i);
    const mode = ui.notes ? [{ label: st.noteMode ? "✎ on" : "✎", key: "m", word: st.noteMode,
      title: st.noteMode ? "pencil marks: a digit toggles a candidate (m: values)" : "values (m: pencil marks)" }] : [];
    return [...Array.from({ length: n }, (_, k) => ({ label: String(k + 1), key: String(k + 1), disabled: given })),
      { ...clear, disabled: given }, ...mode];
  }
  const labels = MARK_LABELS[ui.cell] || {};
  const claims = ui.digits ? Array.from({ length: ui.digits[1] - ui.digits[0] + 1 }, (_, k) => ui.digits[0] + k)
    .map((v) => ({ label: String(v), key: String(v), title: `claim ${v}`, disabled: isFixed(i) })) : [];
  return [...ui.cycle.filter((m) => m != null).map((m) => ({ label: (labels[m] || [String(m)])[0], key: `mark:${m}`,
    title: (labels[m] || [0, String(m)])[1], disabled: isFixed(i) })), ...claims, { ...clear, disabled: isFixed(i) }];
}

/** The most keys any cell of the board gives the pad: Ripple's digits go up to the largest
 *  region's size; every other pad's keys are the same at each cell. */
function padMost(b, n) {
  const ui = uiOf(b.puzzle);
  if (st.setter || ui.keys !== "digits") return n;
  return Math.min(Math.max(1, ...regionInfo(b).size), 9) + 1 + (ui.notes ? 1 : 0);
}

function showPad() {
  const pad = $("pad"), b = board();
  const on = st.touch && !!b && !st.paused;
  if (pad.hidden === on) { pad.hidden = !on; document.body.classList.toggle("has-pad", on); }
  if (on) {
    const keys = padKeys(b);
    fillPad(pad, keys, hooks.padPress);  // input.js's padPress
    padShape(pad, keys.length, padMost(b, keys.length));
  }
  const room = on ? `${pad.offsetHeight}px` : "";
  if (document.body.style.paddingBottom !== room) { document.body.style.paddingBottom = room; fitBoard(true); }
}

// ------------------------------------------------------------------ paused, solved

/** While paused the board is hidden and every play control but Resume is disabled. */
export function showPaused() {
  const p = st.paused;
  $("pause").textContent = p ? "Resume" : "Pause";
  $("board-wrap").classList.toggle("paused", p);
  $("paused-cover").hidden = !p;
  showControls();
  if (!p) render();
}

export function showWin() {
  const w = $("win");
  if (!st.won) { w.hidden = true; w.textContent = ""; return; }
  const trees = st.trees != null ? ` · ${st.trees} trees` : "";
  w.textContent = `Solved!${trees} · ${fmtTime(elapsedMs())}`;
  w.hidden = false;
}
