// pencilbox player, a board's cells as the page needs them, with no rule of any puzzle: the
// marks its clues fix, the starting position, the cells a clue counts, the cell under a point,
// and the regions (connected components of equal labels, or of the cells the walls leave).

import { st, uiOf } from "./state.js";

// ------------------------------------------------------------------ fixed cells

export function fixedMark(b, i) {
  const r = Math.floor(i / b.cols), c = i % b.cols;
  const v = b.clues[r][c];
  const fixed = uiOf(b.puzzle).fixed;
  if (v == null || fixed == null) return undefined;
  return fixed === "clue" ? v : fixed;
}

export function isFixed(i) { return fixedMark(st.rec.board, i) !== undefined; }

export function initialPosition(b) {
  const pos = new Array(b.rows * b.cols).fill(null);
  for (let i = 0; i < pos.length; i++) {
    const f = fixedMark(b, i);
    if (f !== undefined) pos[i] = f;
  }
  return pos;
}

/** How many cells a clue at (r, c) counts (the table's "count" offsets inside the board), or
 *  null where clues count no fixed block (Ripple's givens are bounded by their region). */
export function clueRoom(ui, b, r, c) {
  if (!ui.count) return null;
  return ui.count.filter(([dr, dc]) => {
    const rr = r + dr, cc = c + dc;
    return rr >= 0 && cc >= 0 && rr < b.rows && cc < b.cols;
  }).length;
}

export function cellAt(p, b) {
  const r = Math.floor(p.y), c = Math.floor(p.x);
  if (r < 0 || c < 0 || r >= b.rows || c >= b.cols) return null;
  return { r, c };
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
