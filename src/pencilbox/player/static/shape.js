// pencilbox player, the setter's board shapes: a blank board of any size, a copy, and the same
// clues (and regions) resized, turned a quarter or mirrored. Pure functions of a board record;
// clues on lattice points (Slant) are one row and column larger than the cells and turn with them.

import { uiOf } from "./state.js";

/** The largest board the setter makes: what one request to the server may carry. */
export const MAX_SIDE = 60, MAX_CELLS = 6000;

export function blankBoard(puzzle, R, C) {
  const pts = uiOf(puzzle).clue_on === "points";
  const clues = Array.from({ length: pts ? R + 1 : R }, () => new Array(pts ? C + 1 : C).fill(null));
  const b = { puzzle, rows: R, cols: C, clues };
  if (uiOf(puzzle).regions) b.regions = Array.from({ length: R }, (_, r) => Array.from({ length: C }, (_, c) => r * C + c));
  return b;
}

export function copyBoard(b) {
  const out = { puzzle: b.puzzle, rows: b.rows, cols: b.cols, clues: b.clues.map((row) => row.slice()) };
  if (b.regions) out.regions = b.regions.map((row) => row.slice());
  return out;
}

/** Why R x C cannot be made (words for the message line), or "" when it can. */
export function sizeProblem(R, C) {
  if (!Number.isInteger(R) || !Number.isInteger(C) || R < 1 || C < 1) return "rows and columns are whole numbers from 1";
  if (R > MAX_SIDE || C > MAX_SIDE) return `a side is at most ${MAX_SIDE} cells`;
  if (R * C > MAX_CELLS) return `${R}x${C} is ${R * C} cells: at most ${MAX_CELLS}`;
  return "";
}

/** The board at R x C: the clues that still fit kept where they were; a new Ripple cell is a
 *  region of its own (a region the cut splits becomes its pieces, as labels are compared). */
export function resized(b, R, C) {
  const out = blankBoard(b.puzzle, R, C);
  out.clues = out.clues.map((row, r) => row.map((v, c) => (b.clues[r] && c < b.clues[r].length ? b.clues[r][c] : v)));
  if (b.regions) {
    const fresh = 1 + Math.max(...b.regions.flat());
    out.regions = out.regions.map((row, r) => row.map((_, c) => (r < b.rows && c < b.cols ? b.regions[r][c] : fresh + r * C + c)));
  }
  return out;
}

function turned(m) {  // a quarter clockwise: row r of the result is column r read upwards
  const h = m.length, w = m[0].length;
  return Array.from({ length: w }, (_, r) => Array.from({ length: h }, (_, c) => m[h - 1 - c][r]));
}

function mirrored(m, across) {  // across: left and right swap; else top and bottom
  return across ? m.map((row) => row.slice().reverse()) : m.slice().reverse().map((row) => row.slice());
}

/** The board turned a quarter clockwise ("rotate"), or mirrored ("flip-h": left-right,
 *  "flip-v": top-bottom). A Slant clue counts the same diagonals after either. */
export function transformed(b, how) {
  const f = how === "rotate" ? turned : (m) => mirrored(m, how === "flip-h");
  const out = { puzzle: b.puzzle, rows: how === "rotate" ? b.cols : b.rows, cols: how === "rotate" ? b.rows : b.cols,
    clues: f(b.clues) };
  if (b.regions) out.regions = f(b.regions);
  return out;
}

/** The labels with the cells of ``cells`` (indices) made one region of a new label. */
export function withRegion(b, cells) {
  const fresh = 1 + Math.max(...b.regions.flat());
  const take = new Set(cells);
  return b.regions.map((row, r) => row.map((v, c) => (take.has(r * b.cols + c) ? fresh : v)));
}

/** The sides a row or column is added on or taken from: [rows moved, columns moved]. */
export const SIDES = { top: [1, 0], bottom: [0, 0], left: [0, 1], right: [0, 0] };

/** The board with a row or column added (grow 1) or taken away (grow -1) on one side (top,
 *  bottom, left, right): every clue and region label stays on the cell (or corner) it was on,
 *  what was on the line taken away goes with it, and each new Ripple cell is a region of its own. */
export function edged(b, side, grow) {
  const across = side === "left" || side === "right";
  const R = b.rows + (across ? 0 : grow), C = b.cols + (across ? grow : 0);
  const dr = SIDES[side][0] * grow, dc = SIDES[side][1] * grow;  // old (r, c) is new (r + dr, c + dc)
  const out = blankBoard(b.puzzle, R, C);
  const old = (m, r, c) => (m[r - dr] && c - dc >= 0 && c - dc < m[r - dr].length ? m[r - dr][c - dc] : undefined);
  out.clues = out.clues.map((row, r) => row.map((v, c) => old(b.clues, r, c) ?? v));
  if (b.regions) {
    const fresh = 1 + Math.max(...b.regions.flat());
    out.regions = out.regions.map((row, r) => row.map((_, c) => old(b.regions, r, c) ?? fresh + r * C + c));
  }
  return out;
}
