// Drawing the board as SVG. Geometry only: no rule of any puzzle is checked here.

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

// ------------------------------------------------------------------ regions

const regionCache = new WeakMap();

/** Connected components of equal labels: {comp: per-cell component, size: per component}. */
export function regionInfo(b) {
  const labels = b.regions;
  if (!labels) return { comp: [], size: [] };
  const hit = regionCache.get(labels);
  if (hit) return hit;
  const R = b.rows, C = b.cols;
  const comp = new Array(R * C).fill(-1);
  const size = [];
  for (let s = 0; s < R * C; s++) {
    if (comp[s] >= 0) continue;
    const id = size.length;
    let n = 0;
    const stack = [s];
    comp[s] = id;
    while (stack.length) {
      const i = stack.pop();
      n++;
      const r = Math.floor(i / C), c = i % C;
      for (const [rr, cc] of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]) {
        if (rr < 0 || cc < 0 || rr >= R || cc >= C) continue;
        const j = rr * C + cc;
        if (comp[j] < 0 && labels[rr][cc] === labels[r][c]) { comp[j] = id; stack.push(j); }
      }
    }
    size.push(n);
  }
  const out = { comp, size };
  regionCache.set(labels, out);
  return out;
}

/** The set of walls ("a|b", a < b) between orthogonal neighbours in different regions. */
export function wallsFromRegions(b) {
  const { comp } = regionInfo(b);
  const R = b.rows, C = b.cols, walls = new Set();
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const i = r * C + c;
      if (c + 1 < C && comp[i] !== comp[i + 1]) walls.add(`${i}|${i + 1}`);
      if (r + 1 < R && comp[i] !== comp[i + C]) walls.add(`${i}|${i + C}`);
    }
  }
  return walls;
}

/** Region labels (R×C) = connected components of the grid with the walls removed. */
export function componentsFromWalls(R, C, walls) {
  const lab = new Array(R * C).fill(-1);
  let next = 0;
  for (let s = 0; s < R * C; s++) {
    if (lab[s] >= 0) continue;
    const stack = [s];
    lab[s] = next;
    while (stack.length) {
      const i = stack.pop();
      const r = Math.floor(i / C), c = i % C;
      for (const [rr, cc] of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]) {
        if (rr < 0 || cc < 0 || rr >= R || cc >= C) continue;
        const j = rr * C + cc;
        const k = i < j ? `${i}|${j}` : `${j}|${i}`;
        if (lab[j] < 0 && !walls.has(k)) { lab[j] = next; stack.push(j); }
      }
    }
    next++;
  }
  return Array.from({ length: R }, (_, r) => lab.slice(r * C, r * C + C));
}

// ------------------------------------------------------------------ drawing

function defs() {
  const d = el("defs", {});
  const pat = (id, rot, cls, w = 8) => {
    const p = el("pattern", { id, patternUnits: "userSpaceOnUse", width: w, height: w,
      patternTransform: `rotate(${rot})` });
    p.append(el("line", { x1: 0, y1: 0, x2: 0, y2: w, class: cls }));
    return p;
  };
  d.append(pat("hatch-err", 45, "hatch err-line"));
  d.append(pat("hatch-wrong", -45, "hatch err-line", 7));
  d.append(pat("hatch-second", 45, "hatch second-line", 10));
  const dots = el("pattern", { id: "dots-red", patternUnits: "userSpaceOnUse", width: 8, height: 8 });
  dots.append(el("circle", { cx: 4, cy: 4, r: 1.6, class: "red-dot" }));
  d.append(dots);
  return d;
}

/** The count of a clue's neighbours holding the mark that counts (the table's "count"), and
 *  whether every one of them is decided: drawing only, for a Sukoro digit and a dimmed clue. */
export function clueCount(ui, b, pos, r, c) {
  let n = 0, open = 0;
  for (const [dr, dc, mark] of ui.count || []) {
    const rr = r + dr, cc = c + dc;
    if (rr < 0 || cc < 0 || rr >= b.rows || cc >= b.cols) continue;
    const m = pos[rr * b.cols + cc];
    if (m == null) open++;
    else if (m === mark) n++;
  }
  return { n, open };
}

/**
 * o: {board, ui (the catalog's table for the puzzle), pos (null in setter mode), setter, walls,
 *     cursor, hl, ladder, redundant, second, answer}
 */
export function drawBoard(svg, o) {
  const b = o.board, ui = o.ui;
  const R = b.rows, C = b.cols;
  const onPoints = ui.clue_on === "points";
  const W = C * S + 2 * M, H = R * S + 2 * M;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.dataset.puzzle = b.puzzle;
  svg.dataset.rows = String(R);
  svg.dataset.cols = String(C);
  svg.dataset.mode = o.setter ? "setter" : "play";
  svg.classList.toggle("aspect-wide", W > H);
  // the stylesheet sizes the board from its shape; a board of 15x15 or more may be pinch-zoomed
  svg.style.setProperty("--bw", String(W / S));
  svg.style.setProperty("--bh", String(H / S));
  svg.classList.toggle("zoomable", Math.max(R, C) >= 15);
  const X = (c) => M + c * S, Y = (r) => M + r * S;
  const pos = o.pos;
  const markAt = (i) => (pos ? pos[i] : null);
  const clueAt = (r, c) => b.clues[r][c];
  const out = [defs()];
  const cellLayer = el("g", { class: "cells" });
  const shadeLayer = el("g", { class: "shades" });
  const lineLayer = el("g", { class: "lines" });
  const markLayer = el("g", { class: "marks" });
  const hlLayer = el("g", { class: "highlights" });
  const ptLayer = el("g", { class: "points" });
  out.push(cellLayer, shadeLayer, lineLayer, markLayer, hlLayer, ptLayer);

  // cells
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const i = r * C + c;
      const m = markAt(i);
      let cls = "cell";
      if (ui.fixed != null && clueAt(r, c) != null) cls += " given";
      if (ui.cell === "paint" && m === ui.cycle[0]) cls += " painted";
      if (ui.cell === "paint" && m == null && pos) cls += " undecided";
      if (ui.cell === "count" && m === ui.cycle[0]) cls += " numbered";
      if (ui.cell === "count" && m === ui.cycle[1]) cls += " struck";
      cellLayer.append(el("rect", { x: X(c), y: Y(r), width: S, height: S, class: cls,
        "data-cell": `${r},${c}`, "data-mark": m == null ? "" : String(m) }));
    }
  }

  // ladder shades (a colour and the rung's number: never colour alone)
  if (o.ladder) {
    for (const [i, k] of o.ladder.map) {
      const r = Math.floor(i / C), c = i % C;
      shadeLayer.append(el("rect", { x: X(c) + 1, y: Y(r) + 1, width: S - 2, height: S - 2,
        class: `ladder-shade lad-${k % 6}`, "data-ladder": `${r},${c}`, "data-rung": o.ladder.rungs[k] }));
      // the rung's number: top-left, or mid top edge where clue circles sit on the corners
      const at = onPoints ? { x: X(c) + S / 2, y: Y(r) + 11, "text-anchor": "middle" } : { x: X(c) + 3, y: Y(r) + 11 };
      shadeLayer.append(el("text", { ...at, class: "ladder-idx" }, String(k + 1)));
    }
  }

  // grid lines
  for (let r = 1; r < R; r++) lineLayer.append(el("line", { x1: X(0), y1: Y(r), x2: X(C), y2: Y(r), class: "grid" }));
  for (let c = 1; c < C; c++) lineLayer.append(el("line", { x1: X(c), y1: Y(0), x2: X(c), y2: Y(R), class: "grid" }));

  // region borders
  if (ui.regions) {
    const { comp } = regionInfo(b);
    const edge = (i, j, cls) => {
      const r = Math.floor(i / C), c = i % C;
      if (j === i + 1) lineLayer.append(el("line", { x1: X(c + 1), y1: Y(r), x2: X(c + 1), y2: Y(r + 1), class: cls }));
      else lineLayer.append(el("line", { x1: X(c), y1: Y(r + 1), x2: X(c + 1), y2: Y(r + 1), class: cls }));
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
  lineLayer.append(el("rect", { x: X(0), y: Y(0), width: C * S, height: R * S, class: "outer" }));

  // marks and digits
  const cx = (c) => X(c) + S / 2, cy = (r) => Y(r) + S / 2;
  const [first, second] = ui.cycle;
  // a satisfied clue (every neighbour decided, its count met) is dimmed, as in Tatham's Mosaic
  const done = (r, c, v) => {
    if (!pos || !ui.count || typeof v !== "number") return "";
    const { n, open } = clueCount(ui, b, pos, r, c);
    return open === 0 && n === v ? " done" : "";
  };
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const i = r * C + c;
      const m = markAt(i);
      const clue = onPoints ? null : clueAt(r, c);
      if (ui.cell === "count") {
        if (clue != null || m === first) {
          let digit = clue;
          if (pos && (clue == null || typeof clue !== "number")) digit = clueCount(ui, b, pos, r, c).n;
          const dim = clue != null ? done(r, c, clue) : "";
          markLayer.append(el("circle", { cx: cx(c), cy: cy(r), r: S * 0.38, class: clue != null ? `disc clue${dim}` : "disc",
            "data-clue": clue != null ? `${r},${c}` : null }));
          markLayer.append(el("text", { x: cx(c), y: cy(r), class: clue != null ? `digit clue${dim}` : "digit num" },
            String(digit)));
        } else if (m === second) {
          const d = S * 0.16;
          markLayer.append(el("path", { d: `M${cx(c) - d},${cy(r) - d}L${cx(c) + d},${cy(r) + d}M${cx(c) + d},${cy(r) - d}L${cx(c) - d},${cy(r) + d}`,
            class: "cross" }));
        }
      } else if (ui.cell === "slash") {
        if (m === "\\") markLayer.append(el("line", { x1: X(c) + 3, y1: Y(r) + 3, x2: X(c + 1) - 3, y2: Y(r + 1) - 3, class: "diag" }));
        else if (m === "/") markLayer.append(el("line", { x1: X(c + 1) - 3, y1: Y(r) + 3, x2: X(c) + 3, y2: Y(r + 1) - 3, class: "diag" }));
      } else if (ui.cell === "digit") {
        if (clue != null) markLayer.append(el("text", { x: cx(c), y: cy(r), class: "digit clue" }, String(clue)));
        else if (m != null) markLayer.append(el("text", { x: cx(c), y: cy(r), class: "digit entry" }, String(m)));
      } else if (ui.cell === "paint") {
        if (clue != null) {
          markLayer.append(el("text", { x: cx(c), y: cy(r), class: `digit clue${m === first ? " on-paint" : ""}${done(r, c, clue)}`,
            "data-clue": `${r},${c}` }, String(clue)));
        }
      }
    }
  }

  // second answer (setter): drawn over the board in its own colour and pattern
  if (o.second) {
    for (let i = 0; i < R * C; i++) {
      const r = Math.floor(i / C), c = i % C;
      const v = o.second[i];
      const differs = o.answer && o.answer[i] !== v;
      if (differs) {
        hlLayer.append(el("rect", { x: X(c) + 2, y: Y(r) + 2, width: S - 4, height: S - 4, class: "second-diff" }));
      }
      if (v == null) continue;
      if (ui.cell === "count" && v === first) hlLayer.append(el("circle", { cx: cx(c), cy: cy(r), r: S * 0.3, class: "second-mark" }));
      else if (ui.cell === "slash") {
        const d = v === "\\" ? `M${X(c) + 5},${Y(r) + 5}L${X(c + 1) - 5},${Y(r + 1) - 5}` : `M${X(c + 1) - 5},${Y(r) + 5}L${X(c) + 5},${Y(r + 1) - 5}`;
        hlLayer.append(el("path", { d, class: "second-line" }));
      } else if (ui.cell === "digit") {
        const given = b.clues[r][c] != null;
        hlLayer.append(el("text", given ? { x: X(c) + S - 8, y: Y(r) + S - 8, class: "second-digit" }
          : { x: cx(c), y: cy(r), class: "second-digit big" }, String(v)));
      } else if (ui.cell === "paint" && v === first) {
        hlLayer.append(el("rect", { x: X(c) + 4, y: Y(r) + 4, width: S - 8, height: S - 8, class: "second-fill" }));
      }
    }
  }

  // highlights
  const hl = o.hl;
  const box = (i, cls, inset = 2, attrs = {}) => {
    const r = Math.floor(i / C), c = i % C;
    hlLayer.append(el("rect", { x: X(c) + inset, y: Y(r) + inset, width: S - 2 * inset, height: S - 2 * inset,
      class: cls, ...attrs }));
  };
  for (const i of hl.used) box(i, "hl-used", 3, { "data-hl": "used" });
  for (const i of hl.err) box(i, "hl-err", 2, { "data-hl": "error" });
  for (const i of hl.errClues) {  // a broken clue: a ring round the clue itself, its digit in the error colour
    const r = Math.floor(i / C), c = i % C;
    hlLayer.append(el("circle", { cx: cx(c), cy: cy(r), r: S * 0.42, class: "hl-err-clue", "data-hl": "error",
      "data-at": `${r},${c}` }));
  }
  for (const i of hl.wrong) box(i, "hl-wrong", 2, { "data-hl": "wrong" });
  if (!onPoints) {
    for (const k of hl.clues) {
      const [r, c] = k.split(",").map(Number);
      hlLayer.append(el("circle", { cx: cx(c), cy: cy(r), r: S * 0.44, class: "hl-clue", "data-hl": "clue" }));
    }
  }
  if (hl.target != null) box(hl.target, "hl-target", 1, { "data-hl": "target" });
  if (!onPoints) {
    for (const [r, c] of o.redundant) box(r * C + c, "hl-redundant", 3, { "data-hl": "redundant" });
  }

  // lattice points
  if (onPoints) {
    const red = new Set(o.redundant.map(([r, c]) => `${r},${c}`));
    for (let r = 0; r <= R; r++) {
      for (let c = 0; c <= C; c++) {
        const v = clueAt(r, c);
        const k = `${r},${c}`;
        let cls = v != null ? `pt clue-pt${done(r, c, v)}` : "pt pt-empty";
        if (hl.errPts.has(k)) cls += " err-pt";
        if (hl.clues.has(k)) cls += " used-pt";
        if (red.has(k)) cls += " red-pt";
        ptLayer.append(el("circle", { cx: X(c), cy: Y(r), r: v != null ? S * 0.27 : S * 0.2, class: cls,
          "data-point": k, "data-clue": v == null ? "" : String(v) }));
        if (v != null) ptLayer.append(el("text", { x: X(c), y: Y(r), class: `pt-digit${done(r, c, v)}` }, String(v)));
      }
    }
  }

  // cursor
  const cur = o.cursor;
  if (cur) {
    if (o.setter && onPoints) {
      ptLayer.append(el("circle", { cx: X(cur.c), cy: Y(cur.r), r: S * 0.36, class: "cursor", "data-cursor": `${cur.r},${cur.c}` }));
    } else if (cur.r < R && cur.c < C) {
      ptLayer.append(el("rect", { x: X(cur.c) + 2.5, y: Y(cur.r) + 2.5, width: S - 5, height: S - 5, class: "cursor",
        "data-cursor": `${cur.r},${cur.c}` }));
    }
  }
  svg.replaceChildren(...out);
}
