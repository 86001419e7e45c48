// Drawing the board as SVG. Geometry only: no rule of any puzzle is checked here.

import { regionInfo } from "./cells.js";
import { forestLayer } from "./forest.js";

const NS = "http://www.w3.org/2000/svg";
export const S = 40;   // cell size in SVG units
export const M = 22;   // margin (Slant clues sit on the outer corners)

function el(tag, attrs, text) {
  const n = document.createElementNS(NS, tag);
  for (const k in attrs) if (attrs[k] != null) n.setAttribute(k, attrs[k]);
  if (text != null) n.textContent = text;
  return n;
}

/** Client coordinates of a pointer event -> board units (x = column, y = row, fractional). */
export function boardPoint(svg, e, b) {
  const ctm = svg.getScreenCTM();
  if (!ctm) return { x: -1, y: -1 };
  const pt = svg.createSVGPoint();
  pt.x = e.clientX; pt.y = e.clientY;
  const q = pt.matrixTransform(ctm.inverse());
  return { x: (q.x - M) / S, y: (q.y - M) / S };
}

// ------------------------------------------------------------------ drawing

/** The fills that mark a cell besides its colour: lines across (an error), lines down (a wrong
 *  entry), small crosses (where answers differ), dots (a redundant clue). None runs at 45
 *  degrees, where it would read as Slant's "/" or "\\". */
function defs() {
  const d = el("defs", { "aria-hidden": "true" });
  const pat = (id, w, path, cls) => {
    const p = el("pattern", { id, patternUnits: "userSpaceOnUse", width: w, height: w });
    p.append(el("path", { d: path, class: `hatch ${cls}` }));
    return p;
  };
  d.append(pat("hatch-err", 8, "M0,4H8", "err-hatch"));
  d.append(pat("hatch-wrong", 7, "M3.5,0V7", "err-hatch"));
  d.append(pat("hatch-second", 10, "M5,2V8M2,5H8", "second-hatch"));
  const dots = el("pattern", { id: "dots-red", patternUnits: "userSpaceOnUse", width: 8, height: 8 });
  dots.append(el("circle", { cx: 4, cy: 4, r: 1.6, class: "red-dot" }));
  d.append(dots);
  return d;
}

/** A digit the player typed as a claim (the table's "digits": Sukoro's 1..4), or null. */
export function claimOf(ui, m) {
  return ui.digits && typeof m === "number" && m >= ui.digits[0] && m <= ui.digits[1] ? m : null;
}

/** The count of a clue's neighbours holding the mark that counts (the table's "count"; a claim
 *  counts as the cycle's first mark), and whether every one of them is decided: drawing only,
 *  for a Sukoro digit and a dimmed clue. */
export function clueCount(ui, b, pos, r, c) {
  let n = 0, open = 0;
  for (const [dr, dc, mark] of ui.count || []) {
    const rr = r + dr, cc = c + dc;
    if (rr < 0 || cc < 0 || rr >= b.rows || cc >= b.cols) continue;
    const m = pos[rr * b.cols + cc];
    if (m == null) open++;
    else if (m === mark || (mark === ui.cycle[0] && claimOf(ui, m) != null)) n++;
  }
  return { n, open };
}

/**
 * o: {board, ui (the catalog's table for the puzzle), pos (null in setter mode), setter, walls,
 *     cursor, hl, ladder, redundant, second, answer}
 *
 * The frame (cells, grid, borders) is built once per board and mode; a redraw then touches
 * only the cells and points whose look changed, and rebuilds the small overlay layers
 * (shades, highlights, the second answer, the cursor). A hint on a 20x20 board changes a
 * few elements, not thousands.
 */
export function drawBoard(svg, o) {
  const f = frameOf(svg, o);
  const C = o.board.cols;
  const X = (c) => M + c * S, Y = (r) => M + r * S;
  const at = { X, Y, cx: (c) => X(c) + S / 2, cy: (r) => Y(r) + S / 2 };
  for (let i = 0; i < f.cells.length; i++) {
    const r = Math.floor(i / C), c = i % C;
    const look = cellLook(o, r, c, i);
    if (f.looks[i] === look.key) continue;
    f.looks[i] = look.key;
    const rect = f.cells[i];
    rect.setAttribute("class", look.cls);
    rect.setAttribute("data-mark", look.mark);
    rect.setAttribute("data-trial", look.tl ? String(look.tl) : "");
    const paint = look.cls.includes("painted") ? " on-paint" : "";
    f.marks[i].setAttribute("class", look.tl ? `tl-${((look.tl - 1) % 3) + 1}${paint}` : "");
    f.marks[i].replaceChildren(...trialFrame(look, r, c, at), ...cellMarks(o, r, c, look, at),
      ...noteMarks(look, r, c, at));
  }
  if (f.points) drawPoints(f, o, at);
  f.shades.replaceChildren(...shades(o, at));
  f.forest.replaceChildren(...forestLayer(svg, o, at));
  f.highlights.replaceChildren(...ambiguity(o, at), ...secondAnswer(o, at), ...highlights(o, at));
  f.top.replaceChildren(...cursor(o, at));
}

/** The board's fixed parts, kept on the svg while the board, the mode and the borders stay. */
function frameOf(svg, o) {
  const b = o.board, ui = o.ui;
  const key = [b.puzzle, b.rows, b.cols, o.setter ? "setter" : "play", o.walls ? [...o.walls].join(",") : ""].join("|");
  const old = svg._frame;
  if (old && old.board === b && old.key === key && old.regions === b.regions) return old;
  const R = b.rows, C = b.cols;
  const W = C * S + 2 * M, H = R * S + 2 * M;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.dataset.puzzle = b.puzzle;
  svg.dataset.rows = String(R);
  svg.dataset.cols = String(C);
  svg.dataset.mode = o.setter ? "setter" : "play";
  svg.classList.toggle("aspect-wide", W > H);
  svg.style.setProperty("--bw", String(W / S));
  svg.style.setProperty("--bh", String(H / S));
  svg.classList.toggle("zoomable", Math.max(R, C) >= 15);  // a board of 15x15 or more may be pinch-zoomed
  const X = (c) => M + c * S, Y = (r) => M + r * S;
  // what a screen reader reads is the grid of cells (a11y.js names them): the drawing over it is hidden
  const layer = (cls) => el("g", { class: cls, "aria-hidden": "true" });
  const f = { board: b, key, regions: b.regions, cells: [], marks: [], looks: [], pts: [], ptLooks: [],
    cellLayer: el("g", { class: "cells", role: "presentation" }), shades: layer("shades"), lines: layer("lines"), markLayer: layer("marks"),
    forest: layer("forest"), highlights: layer("highlights"), points: ui.clue_on === "points" ? layer("points") : null, top: layer("top") };
  for (let r = 0; r < R; r++) {
    const row = el("g", { role: "row" });
    for (let c = 0; c < C; c++) {
      const rect = el("rect", { x: X(c), y: Y(r), width: S, height: S, class: "cell", "data-cell": `${r},${c}`,
        id: `cell-${r}-${c}`, role: "gridcell" });
      const g = el("g", {});
      row.append(rect);
      f.cells.push(rect);
      f.marks.push(g);
      f.looks.push(null);
    }
    f.cellLayer.append(row);
  }
  f.markLayer.append(...f.marks);
  f.lines.append(...gridLines(o, X, Y));
  if (f.points) {
    for (let r = 0; r <= R; r++) {
      for (let c = 0; c <= C; c++) {
        const g = el("g", {});
        f.pts.push(g);
        f.ptLooks.push(null);
      }
    }
    f.points.append(...f.pts);
  }
  svg.replaceChildren(defs(), f.cellLayer, f.shades, f.lines, f.markLayer, f.forest, f.highlights,
    ...(f.points ? [f.points] : []), f.top);
  svg._frame = f;
  return f;
}

function gridLines(o, X, Y) {
  const b = o.board, ui = o.ui, R = b.rows, C = b.cols;
  const out = [];
  for (let r = 1; r < R; r++) out.push(el("line", { x1: X(0), y1: Y(r), x2: X(C), y2: Y(r), class: "grid" }));
  for (let c = 1; c < C; c++) out.push(el("line", { x1: X(c), y1: Y(0), x2: X(c), y2: Y(R), class: "grid" }));
  if (ui.regions) {
    const { comp } = regionInfo(b);
    const edge = (i, j, cls) => {
      const r = Math.floor(i / C), c = i % C;
      if (j === i + 1) out.push(el("line", { x1: X(c + 1), y1: Y(r), x2: X(c + 1), y2: Y(r + 1), class: cls }));
      else out.push(el("line", { x1: X(c), y1: Y(r + 1), x2: X(c + 1), y2: Y(r + 1), class: cls }));
    };
    if (o.setter && o.walls) {
      for (const k of o.walls) {
        const [i, j] = k.split("|").map(Number);
        edge(i, j, comp[i] !== comp[j] ? "region-border" : "wall-pending");
      }
    } else {
      for (let i = 0; i < R * C; i++) {
        const c = i % C;
        if (c + 1 < C && comp[i] !== comp[i + 1]) edge(i, i + 1, "region-border");
        if (i + C < R * C && comp[i] !== comp[i + C]) edge(i, i + C, "region-border");
      }
    }
  }
  out.push(el("rect", { x: X(0), y: Y(0), width: C * S, height: R * S, class: "outer" }));
  return out;
}

/** A satisfied clue (every cell it counts decided, its count met) is dimmed, as in Tatham's Mosaic. */
function doneClass(o, r, c, v) {
  if (!o.pos || !o.ui.count || typeof v !== "number") return "";
  const { n, open } = clueCount(o.ui, o.board, o.pos, r, c);
  return open === 0 && n === v ? " done" : "";
}

/** What decides a cell's look: its rect's class, its mark, and a key that changes with them. */
function cellLook(o, r, c, i) {
  const b = o.board, ui = o.ui, pos = o.pos;
  const m = pos ? pos[i] : null;
  const clue = ui.clue_on === "points" ? null : b.clues[r][c];
  const [first] = ui.cycle;
  let cls = "cell";
  if (ui.fixed != null && clue != null) cls += " given";
  if (ui.cell === "paint" && m === first) cls += " painted";
  if (ui.cell === "paint" && m == null && pos) cls += " undecided";
  const claim = ui.cell === "count" && clue == null ? claimOf(ui, m) : null;
  if (ui.cell === "count" && (m === first || claim != null)) cls += " numbered";
  if (claim != null) cls += " claimed";
  if (ui.cell === "count" && m === ui.cycle[1]) cls += " struck";
  let digit = claim;
  if (ui.cell === "count" && claim == null && (clue != null || m === first)) {
    digit = pos && (clue == null || typeof clue !== "number") ? clueCount(ui, b, pos, r, c).n : clue;
  }
  const dim = clue != null ? doneClass(o, r, c, clue) : "";
  const mark = m == null ? "" : String(m);
  const tl = o.depth && m != null && !cls.includes("given") ? o.depth[i] || 0 : 0;  // the entry's trial level
  if (tl) cls += ` trial tl-${((tl - 1) % 3) + 1}`;
  const notes = o.notes && m == null && clue == null ? o.notes[i] || 0 : 0;
  return { cls, mark, m, clue, claim, digit, dim, tl, notes, key: `${cls}|${mark}|${clue}|${digit}|${dim}|${notes}` };
}

/** An entry made in a trial: a frame whose dashes name its level (the colour says it again). */
function trialFrame(look, r, c, at) {
  if (!look.tl) return [];
  return [el("rect", { x: at.X(c) + 4, y: at.Y(r) + 4, width: S - 8, height: S - 8, class: "trial-frame" })];
}

/** Pencil marks: digit d small, in the d-th place of a 3x3 keypad over the cell. */
function noteMarks(look, r, c, at) {
  const out = [];
  for (let d = 1; d <= 9; d++) {
    if (!(look.notes & (1 << d))) continue;
    const x = at.X(c) + S * (0.2 + 0.3 * ((d - 1) % 3)), y = at.Y(r) + S * (0.2 + 0.3 * Math.floor((d - 1) / 3));
    out.push(el("text", { x, y, class: "note", "data-note": `${r},${c},${d}` }, String(d)));
  }
  return out;
}

function cellMarks(o, r, c, look, at) {
  const ui = o.ui;
  const { X, Y, cx, cy } = at;
  const { m, clue, claim, digit, dim } = look;
  const [first, second] = ui.cycle;
  if (ui.cell === "count") {
    if (clue != null || m === first || claim != null) {  // a claim: the digit typed, on a ring of its own
      const kind = clue != null ? "clue" : claim != null ? "claim" : "num";
      return [el("circle", { cx: cx(c), cy: cy(r), r: S * 0.38, class: clue != null ? `disc clue${dim}`
        : claim != null ? "disc claim" : "disc", "data-clue": clue != null ? `${r},${c}` : null }),
      el("text", { x: cx(c), y: cy(r), class: `digit ${kind}${clue != null ? dim : ""}`,
        "data-claim": claim != null ? `${r},${c}` : null }, String(digit))];
    }
    if (m === second) {
      const d = S * 0.16;
      return [el("path", { d: `M${cx(c) - d},${cy(r) - d}L${cx(c) + d},${cy(r) + d}M${cx(c) + d},${cy(r) - d}L${cx(c) - d},${cy(r) + d}`,
        class: "cross" })];
    }
    return [];
  }
  if (ui.cell === "slash") {
    if (m === "\\") return [el("line", { x1: X(c) + 3, y1: Y(r) + 3, x2: X(c + 1) - 3, y2: Y(r + 1) - 3, class: "diag" })];
    if (m === "/") return [el("line", { x1: X(c + 1) - 3, y1: Y(r) + 3, x2: X(c) + 3, y2: Y(r + 1) - 3, class: "diag" })];
    return [];
  }
  if (ui.cell === "digit") {
    if (clue != null) return [el("text", { x: cx(c), y: cy(r), class: "digit clue" }, String(clue))];
    return m != null ? [el("text", { x: cx(c), y: cy(r), class: "digit entry" }, String(m))] : [];
  }
  const out = [];  // paint
  if (clue != null) {
    out.push(el("text", { x: cx(c), y: cy(r), class: `digit clue${m === first ? " on-paint" : ""}${dim}`,
      "data-clue": `${r},${c}` }, String(clue)));
  }
  if (m === second) {  // blank: a dot (in a corner where a clue sits)
    const d = clue != null ? { cx: X(c) + S - 7, cy: Y(r) + S - 7, r: 3 } : { cx: cx(c), cy: cy(r), r: 4.5 };
    out.push(el("circle", { ...d, class: "dot blank-dot", "data-blank": `${r},${c}` }));
  }
  return out;
}

/** Slant's clue points: each point's circle and digit, redrawn when its class changes. */
function drawPoints(f, o, at) {
  const b = o.board, hl = o.hl, R = b.rows, C = b.cols;
  const red = new Set(o.redundant.map(([r, c]) => `${r},${c}`));
  let p = 0;
  for (let r = 0; r <= R; r++) {
    for (let c = 0; c <= C; c++, p++) {
      const v = b.clues[r][c];
      const k = `${r},${c}`;
      const dim = v != null ? doneClass(o, r, c, v) : "";
      let cls = v != null ? `pt clue-pt${dim}` : "pt pt-empty";
      if (hl.errPts.has(k)) cls += " err-pt";
      if (hl.clues.has(k)) cls += " used-pt";
      if (red.has(k)) cls += " red-pt";
      const look = `${cls}|${v}`;
      if (f.ptLooks[p] === look) continue;
      f.ptLooks[p] = look;
      const parts = [el("circle", { cx: at.X(c), cy: at.Y(r), r: v != null ? S * 0.27 : S * 0.2, class: cls,
        "data-point": k, "data-clue": v == null ? "" : String(v) })];
      if (v != null) parts.push(el("text", { x: at.X(c), y: at.Y(r), class: `pt-digit${dim}` }, String(v)));
      f.pts[p].replaceChildren(...parts);
    }
  }
}

/** Ladder shades: a colour and the rung's number on a badge (never colour alone). */
function shades(o, at) {
  if (!o.ladder) return [];
  const C = o.board.cols, onPoints = o.ui.clue_on === "points";
  const out = [];
  for (const [i, k] of o.ladder.map) {
    const r = Math.floor(i / C), c = i % C;
    out.push(el("rect", { x: at.X(c) + 1, y: at.Y(r) + 1, width: S - 2, height: S - 2,
      class: `ladder-shade lad-${k % 6}`, "data-ladder": `${r},${c}`, "data-rung": o.ladder.rungs[k] }));
    // top-left, or mid top edge where clue circles sit on the corners; on a badge of the
    // cell colour, so it reads 4.5:1 over any shade
    const bx = onPoints ? at.X(c) + S / 2 - 5 : at.X(c) + 2;
    out.push(el("rect", { x: bx, y: at.Y(r) + 3, width: 10, height: 11, rx: 2, class: "ladder-badge" }));
    out.push(el("text", { x: bx + 5, y: at.Y(r) + 12, "text-anchor": "middle", class: "ladder-idx" }, String(k + 1)));
  }
  return out;
}

/** The setter's ambiguity view (ambiguity.js): each cell every answer shares tinted, each cell
 *  where answers differ hatched (a pattern, not colour alone); the answer stepped to is drawn
 *  over it as the second answer is. */
function ambiguity(o, at) {
  if (!o.amb) return [];
  const C = o.board.cols;
  return o.amb.fixed.map((m, i) => {
    const r = Math.floor(i / C), c = i % C;
    return el("rect", { x: at.X(c) + 1, y: at.Y(r) + 1, width: S - 2, height: S - 2,
      class: m == null ? "amb-free" : "amb-fixed", "data-amb": m == null ? "differs" : "same" });
  });
}

/** The setter's second answer, drawn over the board in its own colour and pattern. */
function secondAnswer(o, at) {
  if (!o.second) return [];
  const b = o.board, ui = o.ui, C = b.cols;
  const { X, Y, cx, cy } = at;
  const [first] = ui.cycle;
  const out = [];
  for (let i = 0; i < b.rows * C; i++) {
    const r = Math.floor(i / C), c = i % C;
    const v = o.second[i];
    if (o.answer && o.answer[i] !== v) {
      out.push(el("rect", { x: X(c) + 2, y: Y(r) + 2, width: S - 4, height: S - 4, class: "second-diff" }));
    }
    if (v == null) continue;
    if (ui.cell === "count" && v === first) out.push(el("circle", { cx: cx(c), cy: cy(r), r: S * 0.3, class: "second-mark" }));
    else if (ui.cell === "slash") {
      const d = v === "\\" ? `M${X(c) + 5},${Y(r) + 5}L${X(c + 1) - 5},${Y(r + 1) - 5}` : `M${X(c + 1) - 5},${Y(r) + 5}L${X(c) + 5},${Y(r + 1) - 5}`;
      out.push(el("path", { d, class: "second-line" }));
    } else if (ui.cell === "digit") {
      const given = b.clues[r][c] != null;
      out.push(el("text", given ? { x: X(c) + S - 8, y: Y(r) + S - 8, class: "second-digit" }
        : { x: cx(c), y: cy(r), class: "second-digit big" }, String(v)));
    } else if (ui.cell === "paint" && v === first) {
      out.push(el("rect", { x: X(c) + 4, y: Y(r) + 4, width: S - 8, height: S - 8, class: "second-fill" }));
    }
  }
  return out;
}

function highlights(o, at) {
  const hl = o.hl, C = o.board.cols, onPoints = o.ui.clue_on === "points";
  const out = [];
  const box = (i, cls, inset, attrs) => {
    const r = Math.floor(i / C), c = i % C;
    out.push(el("rect", { x: at.X(c) + inset, y: at.Y(r) + inset, width: S - 2 * inset, height: S - 2 * inset,
      class: cls, ...attrs }));
  };
  for (const i of hl.used) box(i, "hl-used", 3, { "data-hl": "used" });
  for (const i of hl.err) box(i, "hl-err", 2, { "data-hl": "error" });
  for (const i of hl.errClues) {  // a broken clue: a ring round the clue itself
    const r = Math.floor(i / C), c = i % C;
    out.push(el("circle", { cx: at.cx(c), cy: at.cy(r), r: S * 0.42, class: "hl-err-clue", "data-hl": "error",
      "data-at": `${r},${c}` }));
  }
  for (const i of hl.wrong) box(i, "hl-wrong", 2, { "data-hl": "wrong" });
  if (!onPoints) {
    for (const k of hl.clues) {
      const [r, c] = k.split(",").map(Number);
      out.push(el("circle", { cx: at.cx(c), cy: at.cy(r), r: S * 0.44, class: "hl-clue", "data-hl": "clue" }));
    }
  }
  if (hl.target != null) box(hl.target, "hl-target", 1, { "data-hl": "target" });
  if (!onPoints) {
    for (const [r, c] of o.redundant) box(r * C + c, "hl-redundant", 3, { "data-hl": "redundant" });
  }
  return out;
}

function cursor(o, at) {
  const cur = o.cursor, b = o.board;
  if (!cur) return [];
  if (o.setter && o.ui.clue_on === "points") {
    return [el("circle", { cx: at.X(cur.c), cy: at.Y(cur.r), r: S * 0.36, class: "cursor", "data-cursor": `${cur.r},${cur.c}` })];
  }
  if (cur.r >= b.rows || cur.c >= b.cols) return [];
  return [el("rect", { x: at.X(cur.c) + 2.5, y: at.Y(cur.r) + 2.5, width: S - 5, height: S - 5, class: "cursor",
    "data-cursor": `${cur.r},${cur.c}` })];
}
