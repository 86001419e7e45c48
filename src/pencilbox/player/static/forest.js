// pencilbox player, the forest in colour (a puzzle whose table sets "forest": Slant): the
// diagonals entered so far join lattice points into trees (union-find over the points); on
// demand each tree is drawn in its own colour, the trees already touching the border faded
// (Tatham's "fade grounded"), and each loop, which breaks the rule, outlined as one shape.
// Drawing only: no rule is checked here (the server's check says a loop is wrong).

import { $, st } from "./state.js";

const NS = "http://www.w3.org/2000/svg";
export const COLOURS = 8;  // style.css's tree-c0..7: colour-blind safe, one set for light, one for dark
const STYLES = 3;          // solid, dashed, dotted: past 8 trees a colour comes back in another line
const LOOKS = COLOURS * STYLES;

function el(tag, attrs) {
  const n = document.createElementNS(NS, tag);
  for (const k in attrs) if (attrs[k] != null) n.setAttribute(k, attrs[k]);
  return n;
}

/** The two lattice points (index r * (cols + 1) + c) a cell's diagonal joins, or null. */
function ends(m, r, c, W) {
  if (m === "\\") return [r * W + c, (r + 1) * W + c + 1];
  if (m === "/") return [r * W + c + 1, (r + 1) * W + c];
  return null;
}

/** The path between two points of the spanning forest (breadth first): [points, cells]. */
function pathBetween(adj, from, to) {
  const back = new Map([[from, null]]);
  const queue = [from];
  while (queue.length && !back.has(to)) {
    const p = queue.shift();
    for (const [q, cell] of adj.get(p) || []) if (!back.has(q)) { back.set(q, [p, cell]); queue.push(q); }
  }
  const points = [to], cells = [];
  for (let p = to; back.get(p); p = back.get(p)[0]) { cells.push(back.get(p)[1]); points.push(back.get(p)[0]); }
  return [points.reverse(), cells.reverse()];
}

/** The trees of a position: [{min (smallest point), points, cells, grounded, loop}] by their
 *  smallest point, and the loops: [{points (in order round), cells}], one per diagonal that
 *  closes a cycle (its path back through the tree, then itself). */
export function forestOf(b, pos) {
  const R = b.rows, C = b.cols, W = C + 1;
  const parent = Array.from({ length: (R + 1) * W }, (_, i) => i);
  const find = (p) => { while (parent[p] !== p) { parent[p] = parent[parent[p]]; p = parent[p]; } return p; };
  const adj = new Map(), loops = [], edges = [];
  const link = (p, q, i) => { if (!adj.has(p)) adj.set(p, []); adj.get(p).push([q, i]); };
  for (let i = 0; i < R * C; i++) {
    const e = ends(pos[i], Math.floor(i / C), i % C, W);
    if (!e) continue;
    const [p, q] = e;
    edges.push([p, q, i]);
    const a = find(p), z = find(q);
    if (a === z) {
      const [points, cells] = pathBetween(adj, q, p);
      loops.push({ points, cells: [...cells, i] });
    } else { parent[a] = z; link(p, q, i); link(q, p, i); }
  }
  const border = (p) => { const r = Math.floor(p / W), c = p % W; return r === 0 || c === 0 || r === R || c === C; };
  const byRoot = new Map();
  for (const [p, q, i] of edges) {
    const root = find(p);
    if (!byRoot.has(root)) byRoot.set(root, { min: p, points: new Set(), cells: [], grounded: false, loop: false });
    const t = byRoot.get(root);
    t.points.add(p); t.points.add(q); t.cells.push(i);
    t.min = Math.min(t.min, p, q);
    t.grounded = t.grounded || border(p) || border(q);
  }
  for (const lp of loops) byRoot.get(find(lp.points[0])).loop = true;
  return { trees: [...byRoot.values()].sort((x, y) => x.min - y.min), loops };
}

// ------------------------------------------------------------------ colours that stay

/** Each tree's look (colour + 8 * line style), kept as it grows: a tree takes the look most of
 *  its points had at the last drawing (two trees that join keep the larger one's), a new tree
 *  the look least in use, colours before line styles. Reset when another board opens. */
let memo = { key: null, look: new Map() };

function assignLooks(trees, key) {
  if (memo.key !== key) memo = { key, look: new Map() };
  const taken = new Set(), colourUse = new Array(COLOURS).fill(0);
  const take = (t, k) => { t.look = k; taken.add(k); colourUse[k % COLOURS]++; };
  for (const t of [...trees].sort((x, y) => y.points.size - x.points.size || x.min - y.min)) {
    const votes = new Map();
    for (const p of t.points) { const k = memo.look.get(p); if (k != null) votes.set(k, (votes.get(k) || 0) + 1); }
    const best = [...votes].filter(([k]) => !taken.has(k)).sort((x, y) => y[1] - x[1] || x[0] - y[0])[0];
    if (best) take(t, best[0]);
  }
  for (const t of trees) {
    if (t.look != null) continue;
    let pick = 0, score = Infinity;
    for (let k = 0; k < LOOKS; k++) {
      const s = (taken.has(k) ? 1e6 : 0) + colourUse[k % COLOURS] * 100 + Math.floor(k / COLOURS);
      if (s < score) { score = s; pick = k; }
    }
    take(t, pick);
  }
  memo.look = new Map();
  for (const t of trees) for (const p of t.points) memo.look.set(p, t.look);
}

// ------------------------------------------------------------------ drawing

/** The forest layer for draw.js (o as drawBoard's, at its coordinates): one path per tree,
 *  one outlined shape per loop; nothing unless the forest is on for a puzzle that has one. */
export function forestLayer(svg, o, at) {
  showForestControl(o.ui, o.setter);
  const on = !!o.forest && !!o.ui.forest && !!o.pos;
  svg.classList.toggle("forest-on", on);
  if (!on) return [];
  const b = o.board, C = b.cols, W = C + 1;
  const { trees, loops } = forestOf(b, o.pos);
  assignLooks(trees, st.key);
  const pt = (p) => [at.X(p % W), at.Y(Math.floor(p / W))];
  const seg = (i) => {
    const r = Math.floor(i / C), c = i % C, m = o.pos[i];
    return m === "\\" ? `M${at.X(c) + 3},${at.Y(r) + 3}L${at.X(c + 1) - 3},${at.Y(r + 1) - 3}`
      : `M${at.X(c + 1) - 3},${at.Y(r) + 3}L${at.X(c) + 3},${at.Y(r + 1) - 3}`;
  };
  const out = trees.map((t) => el("path", { d: t.cells.map(seg).join(""),
    class: `forest-tree tree-c${t.look % COLOURS} tree-s${Math.floor(t.look / COLOURS)}${t.grounded ? " grounded" : ""}`,
    "data-role": "forest-tree", "data-tree": String(t.min), "data-cells": String(t.cells.length),
    "data-grounded": t.grounded ? "1" : "0", "data-loop": t.loop ? "1" : "0" }));
  for (const lp of loops) {
    const d = `M${lp.points.map((p) => pt(p).join(",")).join("L")}Z`;
    const cells = lp.cells.map((i) => `${Math.floor(i / C)},${i % C}`).join(" ");
    const g = el("g", { "data-role": "forest-loop", "data-cells": cells });
    g.append(el("path", { d, class: "forest-loop-halo" }), el("path", { d, class: "forest-loop-line" }));
    out.push(g);
  }
  return out;
}

// ------------------------------------------------------------------ the control

/** The Forest button, shown where the open puzzle's table sets "forest" (not in the setter). */
function showForestControl(ui, setter) {
  const btn = $("forest");
  const show = !!ui.forest && !setter;
  if (btn.hidden === show) btn.hidden = !show;
  btn.setAttribute("aria-pressed", String(!!st.forestOn));
}

/** The button and the f key turn the forest on and off; redraw (view.js's render) is passed in,
 *  since view.js draws through this module. The choice is kept with the page's settings. */
export function wireForest(redraw, keep) {
  const toggle = () => {
    if (!st.rec || st.setter || st.paused) return;
    st.forestOn = !st.forestOn;
    keep(st.forestOn);
    redraw();
  };
  $("forest").addEventListener("click", toggle);
  document.addEventListener("keydown", (e) => {
    if (e.key !== "f" && e.key !== "F") return;
    if (e.ctrlKey || e.metaKey || e.altKey || !st.rec || !$("forest").offsetParent) return;
    if (document.querySelector("dialog[open]")) return;  // a dialog over the board has the keys
    const t = e.target;
    if (t && t.closest && t.closest("textarea, select, input")) return;
    e.preventDefault();
    toggle();
  });
}
