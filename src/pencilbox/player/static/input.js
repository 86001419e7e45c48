// pencilbox player, the board's input: the pointer (click, right click, drag, a long press on a
// touch screen), the keyboard (arrows, space, digits, undo and redo) and the number pad's keys,
// in play and in setter mode; a control used with a pointer hands the keys back to the board.

import { $, board, say, st, uiOf } from "./state.js";
import { cellAt, isFixed, regionInfo } from "./cells.js";
import { boardPoint, claimOf } from "./draw.js";
import { afterChange, applyMove, change, moveCell, moveCursorTo, stepMove } from "./moves.js";
import { clearNotes, noteable, setNoteMode, toggleNote } from "./notes.js";
import { keepAbove } from "./pad.js";
import { setterDragEnd, setterDragMove, setterKey, setterPointer, setterStep } from "./setter.js";
import { forgetFit, render } from "./view.js";

// ------------------------------------------------------------------ undo, redo

export function undo() { step(true); }

export function redo() { step(false); }

/** Undo every move (one redraw; Redo all, or redo step by step, brings them back). */
export function undoAll() { step(true, true); }

/** Redo every move undone (one redraw). */
export function redoAll() { step(false, true); }

/** One move undone (back) or redone, the cursor moved to its cell; or, ``all``, every one. */
function step(back, all = false) {
  if (st.paused) return;
  if (st.setter) {
    const s = st.setter, [from, to, word] = back ? [s.undo, s.redo, "Undone"] : [s.redo, s.undo, "Redone"];
    (all ? setterAll : setterStep)(from, to, word);
    return;
  }
  const [from, to] = back ? [st.undo, st.redo] : [st.redo, st.undo];
  const n = from.length;
  if (!n) { say(back ? "Nothing to undo." : "Nothing to redo."); return; }
  let mv;
  do { mv = from.pop(); stepMove(mv, back); to.push(mv); } while (all && from.length);
  if (!all && moveCell(mv) != null) moveCursorTo(moveCell(mv));
  afterChange();
  const moves = `${n} move${n === 1 ? "" : "s"}`;
  if (all) say(back ? `Undid all ${moves}: the first position (Redo all brings them back).` : `Redid all ${moves}.`);
  else say(back ? `Undone (${st.undo.length} left).` : "Redone.");
}

/** The setter's history stepped through to its end, one snapshot at a time. */
function setterAll(from, to, word) {
  const n = from.length;
  if (!n) { setterStep(from, to, word); return; }
  while (from.length) setterStep(from, to, word);
  say(`${word} all ${n} setter step${n === 1 ? "" : "s"}.`);
}

// ------------------------------------------------------------------ the number pad (touch)

export function padPress(k) {
  const b = board();
  if (!b || st.paused) return;
  const fake = { key: k.key, target: $("board"), preventDefault() {}, ctrlKey: false, metaKey: false, altKey: false,
    shiftKey: false };
  if (st.setter) setterKey(fake);
  else if (k.key.startsWith("mark:")) {
    const i = st.cursor.r * b.cols + st.cursor.c;
    const mark = uiOf(b.puzzle).cycle.find((m) => m != null && `mark:${m}` === k.key);
    st.showCursor = true;
    if (!isFixed(i) && !applyMove([[i, mark]])) render();
  } else onKey(fake);
  const cur = st.setter ? st.setter.sel : st.cursor;
  const rect = document.querySelector(`#board [data-cell='${cur.r},${cur.c}']`)?.getBoundingClientRect();
  keepAbove($("pad"), rect);
}

// ------------------------------------------------------------------ pointer input

function nextMark(cur, reverse) {
  const ui = uiOf(st.rec.board.puzzle);
  const cycle = ui.cycle;
  if (ui.keys === "digits") {
    const { size, comp } = regionInfo(st.rec.board);
    const n = size[comp[st.cursor.r * st.rec.board.cols + st.cursor.c]];
    const seq = [...Array.from({ length: n }, (_, k) => k + 1), null];
    let j = seq.indexOf(cur);
    if (j < 0) j = seq.length - 1;
    return seq[(j + (reverse ? seq.length - 1 : 1)) % seq.length];
  }
  let j = claimOf(ui, cur) != null ? 0 : cycle.indexOf(cur);  // a claim steps on as the first mark does
  if (j < 0) j = cycle.length - 1;
  return cycle[(j + (reverse ? cycle.length - 1 : 1)) % cycle.length];
}

function onPointerDown(e) {
  const b = board();
  const svg = $("board");
  if (!b || st.paused) return;
  if (e.pointerType === "mouse" && e.button !== 0 && e.button !== 2) return;
  svg.focus({ preventScroll: true });
  const p = boardPoint(svg, e, b);
  if (st.setter) { setterPointer(p, e); e.preventDefault(); return; }
  const cell = cellAt(p, b);
  if (!cell) return;
  e.preventDefault();
  const touch = e.pointerType !== "mouse";
  if (touch && !st.touch) { st.touch = true; forgetFit(); }  // a touch screen the media query missed
  const again = st.showCursor && st.cursor.r === cell.r && st.cursor.c === cell.c;
  st.cursor = cell;
  const i = cell.r * b.cols + cell.c;
  const ui = uiOf(b.puzzle);
  st.showCursor = ui.keys === "digits" || touch;  // a click selects the cell a digit (or the pad) acts on
  if (isFixed(i)) { render(); return; }
  if (ui.keys === "digits") {  // a tap on the selected cell counts it up (the pad types any digit)
    if (!(touch && again && !st.noteMode && applyMove([[i, nextMark(st.pos[i], false)]]))) render();
    return;
  }
  const before = st.pos[i];
  const mark = nextMark(before, e.button === 2);
  const mv = applyMove([[i, mark]]);
  if (touch && mv) holdToReverse(e, i, before, p);
  if (ui.drag && e.button === 0 && mv) {
    st.drag = { id: e.pointerId, mark, move: mv, last: p };
    try { svg.setPointerCapture(e.pointerId); } catch (err) { /* synthetic events */ }
  }
}

const LONG_PRESS_MS = 450;

/** A touch held still on a cell turns its forward step into a backward one (a tap cycles
 *  forwards, a long press backwards, as a right click does): the same move, one undo step. */
function holdToReverse(e, i, before, p) {
  clearPress();
  st.press = { id: e.pointerId, i, x: p.x, y: p.y, timer: setTimeout(() => {
    const press = st.press, mv = st.undo[st.undo.length - 1];
    st.press = null;
    if (!press || !mv || mv.ch.length !== 1 || mv.ch[0][0] !== i) return;
    const back = nextMark(before, true);
    if (st.drag && st.drag.move === mv) st.drag.mark = back;
    mv.ch[0][2] = back;
    st.pos[i] = back;
    afterChange();
  }, LONG_PRESS_MS) };
}

function clearPress() {
  if (st.press) clearTimeout(st.press.timer);
  st.press = null;
}

function onPointerMove(e) {
  if (st.setter) { setterDragMove(boardPoint($("board"), e, st.setter.board), e); return; }
  if (st.press && e.pointerId === st.press.id) {
    const q = boardPoint($("board"), e, board());
    if (Math.hypot(q.x - st.press.x, q.y - st.press.y) > 0.3) clearPress();  // a drag, not a hold
  }
  const d = st.drag;
  if (!d || e.pointerId !== d.id) return;
  const b = st.rec.board;
  const p = boardPoint($("board"), e, b);
  // walk the segment from the last point so fast drags do not skip cells
  const steps = Math.max(1, Math.ceil(Math.hypot(p.x - d.last.x, p.y - d.last.y) * 4));
  let changed = false;
  for (let k = 1; k <= steps; k++) {
    const q = { x: d.last.x + (p.x - d.last.x) * k / steps, y: d.last.y + (p.y - d.last.y) * k / steps };
    const cell = cellAt(q, b);
    if (!cell) continue;
    const i = cell.r * b.cols + cell.c;
    if (isFixed(i) || st.pos[i] === d.mark) continue;
    change(d.move.ch, i, d.mark);
    st.cursor = cell;
    changed = true;
  }
  d.last = p;
  if (changed) { st.redo = []; afterChange(); }
}

function onPointerUp(e) {
  if (st.setter) { setterDragEnd(e); return; }
  if (st.press && e.pointerId === st.press.id) clearPress();
  if (st.drag && e.pointerId === st.drag.id) st.drag = null;
}

// ------------------------------------------------------------------ keyboard

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** Keys go to the board unless a field that reads keys has them: a text field, a select, or
 *  Space and Enter on a button or checkbox reached with the keyboard (a pointer's click hands
 *  the focus back to the board, see wire). */
function forField(t, k) {
  if (!t || !t.closest) return false;
  if (t.closest("textarea, select, input:not([type=checkbox])")) return true;
  return (k === " " || k === "Enter") && !!t.closest("button, input[type=checkbox]");
}

function onKey(e) {
  const k = e.key;
  if (forField(e.target, k)) return;
  const b = board();
  if (!b) return;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && (k === "z" || k === "Z")) { e.preventDefault(); if (e.shiftKey) redo(); else undo(); return; }
  if (ctrl && (k === "y" || k === "Y")) { e.preventDefault(); redo(); return; }
  if (ctrl || e.altKey) return;
  if (k === "z" || k === "Z") { e.preventDefault(); undo(); return; }
  if (k === "y" || k === "Y") { e.preventDefault(); redo(); return; }
  if (st.paused) return;
  if (ARROWS[k]) {
    e.preventDefault();
    const [dr, dc] = ARROWS[k];
    const pts = st.setter && uiOf(b.puzzle).clue_on === "points" ? 1 : 0;
    const cur = st.setter ? st.setter.sel : st.cursor;
    const r = Math.min(b.rows - 1 + pts, Math.max(0, cur.r + dr));
    const c = Math.min(b.cols - 1 + pts, Math.max(0, cur.c + dc));
    if (st.setter) st.setter.sel = { r, c }; else st.cursor = { r, c };
    st.showCursor = true;
    render();
    return;
  }
  if (st.setter) { setterKey(e); return; }
  if ((k === "m" || k === "M") && noteable()) { e.preventDefault(); setNoteMode(!st.noteMode); return; }
  if (k === " " || k === "Enter" || /^[0-9]$/.test(k)) st.showCursor = true;  // a key shows where it acts
  const i = st.cursor.r * b.cols + st.cursor.c;
  const claims = uiOf(b.puzzle).digits;  // Sukoro: a digit typed is the player's claim
  const digits = uiOf(b.puzzle).keys === "digits" || !!claims;
  if (k === " " || k === "Enter") {
    e.preventDefault();
    if (!isFixed(i) && applyMove([[i, nextMark(st.pos[i], e.shiftKey)]])) return;
    render();
    return;
  }
  if (k === "Backspace" || k === "Delete" || k === "0" && digits) {
    e.preventDefault();
    if (isFixed(i)) { say("That cell is given."); return; }
    if (st.noteMode && st.notes[i]) { clearNotes(i); return; }  // pencil marks first, then the value
    applyMove([[i, null]]);
    return;
  }
  if (/^[1-9]$/.test(k) && claims) {
    e.preventDefault();
    if (isFixed(i)) { say("That cell is given."); return; }
    const [lo, hi] = claims, v = Number(k);
    if (v < lo || v > hi) { say(`A number here is ${lo}..${hi}.`, "error"); return; }
    applyMove([[i, v]]);
    return;
  }
  if (/^[1-9]$/.test(k) && digits) {
    e.preventDefault();
    if (isFixed(i)) { say("That cell is given."); return; }
    const { size, comp } = regionInfo(b);
    const n = size[comp[i]];
    const v = Number(k);
    if (v > n) { say(`This region has ${n} cell${n === 1 ? "" : "s"}: type 1..${n}.`, "error"); return; }
    if (st.noteMode) { toggleNote(i, v); return; }
    applyMove([[i, v]]);
  }
}

// ------------------------------------------------------------------ wiring

/** The board's pointer events and the page's keys (app.js's wire calls it first). */
export function wireBoard() {
  const svg = $("board");
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointermove", onPointerMove);
  svg.addEventListener("pointerup", onPointerUp);
  svg.addEventListener("pointercancel", onPointerUp);
  svg.addEventListener("lostpointercapture", onPointerUp);
  svg.addEventListener("contextmenu", (e) => e.preventDefault());
  document.addEventListener("keydown", onKey);
  // a control used with a pointer hands the keys back to the board (one used from the
  // keyboard keeps them: Tab, then Space, presses the button again)
  let byPointer = false;
  document.addEventListener("pointerdown", () => { byPointer = true; }, true);
  document.addEventListener("keydown", () => { byPointer = false; }, true);
  const toBoard = (e) => {
    const t = e.target;
    if (!byPointer || !t.closest || !t.closest("#topbar, #toolbar, [data-role=pad]")) return;
    if (t.closest("textarea, input[type=text]") || (e.type === "click" && t.closest("select"))) return;
    svg.focus({ preventScroll: true });
  };
  document.addEventListener("click", toBoard);
  document.addEventListener("change", toBoard);
}
