// pencilbox player, your statistics, kept in the browser beside the progress (persist.js's
// localStorage, under "stats"): every win once per board (its time, the help that solve took:
// hints, reveals, pencil marks filled, the ladder view), the hints asked by the rung their answers
// name, per puzzle, size and grade; help asked on a board already won is not counted. The
// Statistics dialog shows the wins, best and median times of the wins without help (a helped
// win's time in a column of its own), hints per rung, names the rung you most ask hints at, and
// exports them as JSON (and imports such a file back).

import { $, pzInfo, st } from "./state.js";
import { load, store } from "./persist.js";
import { elapsedMs, fmtTime } from "./timer.js";
import { ruleName } from "./glossary.js";

const FORMAT = "pencilbox-stats", VERSION = 1;
const OPEN_KEPT = 200;  // boards with hints and no win yet, newest kept

function blank() { return { format: FORMAT, version: VERSION, wins: [], hints: {}, reveals: {}, open: {} }; }

/** What localStorage holds, each part checked (a damaged or older copy reads as what it can). */
function read() {
  const d = load("stats");
  if (!d || typeof d !== "object") return blank();
  const obj = (x) => (x && typeof x === "object" && !Array.isArray(x) ? x : {});
  return { format: FORMAT, version: VERSION, wins: Array.isArray(d.wins) ? d.wins.filter(validWin) : [],
    hints: obj(d.hints), reveals: obj(d.reveals), open: obj(d.open) };
}

const isText = (x) => typeof x === "string";

function validWin(w) {
  return !!w && isText(w.board) && isText(w.puzzle) && isText(w.size) && isText(w.grade) && Number.isFinite(w.ms);
}

/** The open board's bucket: its puzzle, size and grade ("ungraded": an import not yet graded). */
function bucket() {
  const b = st.rec.board;
  return { puzzle: b.puzzle, size: `${b.rows}x${b.cols}`, grade: st.rec.grade ?? "ungraded" };
}

const bucketKey = (k) => `${k.puzzle}|${k.size}|${k.grade}`;

/** The open board's hints so far (until its win takes them), the oldest dropped past OPEN_KEPT. */
function openEntry(d) {
  if (!d.open[st.key]) {
    const keys = Object.keys(d.open);
    for (const k of keys.slice(0, Math.max(0, keys.length - OPEN_KEPT + 1))) delete d.open[k];
    d.open[st.key] = { rungs: {}, reveals: 0 };
  }
  return d.open[st.key];
}

/** The kinds of help a win counts besides hints (the open entry's and the win's fields). */
const HELP = ["reveals", "fills", "ladder"];

const won = (d) => d.wins.some((w) => w.board === st.key);

/** A hint received (hints.js): counted under the rung its answer names (not on a board won). */
export function noteHint(rung) {
  if (!st.rec || !rung) return;
  const d = read(), k = bucketKey(bucket());
  if (won(d)) return;
  d.hints[k] = d.hints[k] || {};
  d.hints[k][rung] = (d.hints[k][rung] || 0) + 1;
  const o = openEntry(d);
  o.rungs[rung] = (o.rungs[rung] || 0) + 1;
  store("stats", d);
  refresh();
}

/** A cell revealed (hints.js): counted apart from the hints, it names no rung. */
export function noteReveal() {
  if (!st.rec) return;
  const d = read(), k = bucketKey(bucket());
  if (won(d)) return;
  d.reveals[k] = (d.reveals[k] || 0) + 1;
  openEntry(d).reveals += 1;
  store("stats", d);
  refresh();
}

/** Help that names no rung (notes.js's Fill ✎: "fills"; hints.js's ladder view: "ladder"): the
 *  board's win counts as helped. */
export function noteHelp(kind) {
  if (!st.rec || !st.key || !HELP.includes(kind)) return;
  const d = read();
  if (won(d)) return;
  const o = openEntry(d);
  o[kind] = (Number(o[kind]) || 0) + 1;
  store("stats", d);
  refresh();
}

/** The board is solved (hints.js, when the win is declared): counted once per board, whatever
 *  reloads, restarts or checks follow; false when it was counted before. */
export function noteWin() {
  if (!st.rec || !st.key) return false;
  const d = read();
  if (won(d)) return false;
  const o = d.open[st.key] || { rungs: {}, reveals: 0 };
  delete d.open[st.key];
  const hints = Object.values(o.rungs).reduce((a, n) => a + n, 0);
  const help = Object.fromEntries(HELP.map((h) => [h, Number(o[h]) || 0]));
  d.wins.push({ board: st.key, ...bucket(), ms: elapsedMs(), at: new Date().toISOString(), hints,
    rungs: o.rungs, ...help, helped: hints + HELP.reduce((a, h) => a + help[h], 0) > 0 });
  store("stats", d);
  refresh();
  return true;
}

// ------------------------------------------------------------------ the figures

function median(xs) {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The figures of each bucket (wins, best and median times of the wins without help, the best
 *  helped time apart, hints by rung, reveals), in the catalog's order of puzzles, sizes by area,
 *  grades by the ladder; and per puzzle the rung asked most (the first in ladder order on a tie). */
export function summary(d = read()) {
  const rows = new Map();
  const row = (key) => {
    if (!rows.has(key)) {
      const [puzzle, size, grade] = key.split("|");
      rows.set(key, { puzzle, size, grade, won: 0, best: null, median: null, helped: 0, helpedBest: null, hints: {},
        reveals: 0, times: [], helpedTimes: [] });
    }
    return rows.get(key);
  };
  for (const w of d.wins) {
    const r = row(bucketKey(w));
    r.won++;
    if (w.helped) { r.helped++; r.helpedTimes.push(w.ms); } else r.times.push(w.ms);
  }
  for (const [k, by] of Object.entries(d.hints)) Object.assign(row(k).hints, by);
  for (const [k, n] of Object.entries(d.reveals)) row(k).reveals = n;
  const out = [...rows.values()].map(({ times, helpedTimes, ...r }) => ({ ...r,
    best: times.length ? Math.min(...times) : null, median: times.length ? median(times) : null,
    helpedBest: helpedTimes.length ? Math.min(...helpedTimes) : null }));
  out.sort(byCatalog);
  const most = {};
  for (const r of out) {
    const m = most[r.puzzle] || (most[r.puzzle] = { by: {}, total: 0 });
    for (const [rung, n] of Object.entries(r.hints)) { m.by[rung] = (m.by[rung] || 0) + n; m.total += n; }
  }
  const asked = {};
  for (const [p, m] of Object.entries(most)) {
    if (!m.total) continue;
    const order = pzInfo(p)?.levels || [];
    const rank = (x) => (order.includes(x) ? order.indexOf(x) : order.length);
    const [rung, n] = Object.entries(m.by).sort((a, b) => b[1] - a[1] || rank(a[0]) - rank(b[0]))[0];
    asked[p] = { rung, hints: n, of: m.total };
  }
  return { buckets: out, mostAsked: asked };
}

function byCatalog(a, b) {
  const names = (st.catalog?.puzzles || []).map((p) => p.name);
  const pi = (p) => (names.includes(p) ? names.indexOf(p) : names.length);
  const area = (s) => s.split("x").reduce((x, y) => x * Number(y), 1);
  const order = pzInfo(a.puzzle)?.levels || [];
  const gi = (g) => (order.includes(g) ? order.indexOf(g) : order.length);
  return pi(a.puzzle) - pi(b.puzzle) || area(a.size) - area(b.size) || gi(a.grade) - gi(b.grade)
    || a.grade.localeCompare(b.grade);
}

const titleOf = (p) => pzInfo(p)?.title || p;

/** "Slant (Gokigen Naname): more of your hints used the rule “No loops” than any other (3 of 5
 *  hints)." (the rule's plain name: glossary.js) */
export function askedSentence(p, a) {
  return `${titleOf(p)}: more of your hints used the rule “${ruleName(p, a.rung)}” than any other `
    + `(${a.hints} of ${a.of} hint${a.of === 1 ? "" : "s"}).`;
}

// ------------------------------------------------------------------ the dialog

function node(tag, text, attrs = {}) {
  const n = document.createElement(tag);
  if (text != null) n.textContent = text;
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  return n;
}

function gradeLabel(p, g) {
  const named = (pzInfo(p)?.named_grades || []).find((n) => n.level === g);
  return named ? `${g} (${named.name})` : g;
}

function bucketRow(r) {
  const tr = node("tr", null, { "data-puzzle": r.puzzle, "data-size": r.size, "data-grade": r.grade });
  const hints = Object.entries(r.hints).map(([rung, n]) => `${rung} ${n}`);
  if (r.reveals) hints.push(`reveal ${r.reveals}`);
  const time = (ms) => (ms == null ? "–" : fmtTime(ms));
  const cells = [["size", r.size.replace("x", "×")], ["grade", gradeLabel(r.puzzle, r.grade)],
    ["won", r.helped ? `${r.won} (${r.helped} helped)` : String(r.won)],
    ["best", time(r.best)], ["median", time(r.median)], ["helped", time(r.helpedBest)],
    ["hints", hints.join(", ") || "none"]];
  tr.append(...cells.map(([col, text]) => node("td", text, { "data-col": col })));
  return tr;
}

function puzzleTable(p, rows) {
  const table = node("table", null, { class: "stats-table", "data-puzzle": p });
  const head = node("tr");
  head.append(...["Size", "Grade", "Won", "Best", "Median", "Best helped", "Hints by rung"]
    .map((h) => node("th", h, { scope: "col" })));
  const body = node("tbody");
  body.append(...rows.map(bucketRow));
  table.append(node("caption", titleOf(p)), node("thead"), body);
  table.tHead.append(head);
  return table;
}

/** The dialog's content from what is kept now. */
export function showStats() {
  const { buckets, mostAsked } = summary();
  const box = $("stats-body");
  if (!buckets.length) {
    box.replaceChildren(node("p", "No wins or hints yet: solve a board and it is counted here.", { class: "hint-text" }));
    return;
  }
  const sentences = Object.entries(mostAsked).map(([p, a]) => node("li", askedSentence(p, a), { "data-puzzle": p }));
  const list = node("ul", null, { id: "stats-asked" });
  list.append(...sentences);
  const tables = [...new Set(buckets.map((r) => r.puzzle))].map((p) => puzzleTable(p, buckets.filter((r) => r.puzzle === p)));
  const key = node("p", "Best and median: wins without help. A win is helped by a hint, a revealed cell, pencil "
    + "marks filled or the ladder view; its time is kept apart (Best helped).", { class: "hint-text", id: "stats-key" });
  box.replaceChildren(...(sentences.length ? [list] : []), ...tables, key);
}

function refresh() { if ($("stats-dialog").open) showStats(); }

// ------------------------------------------------------------------ export, import

/** The export: what is kept (each win, the hint counts) and the figures the dialog shows. */
export function exported() {
  const d = read();
  const s = summary(d);
  return { format: FORMAT, version: VERSION, exported: new Date().toISOString(), wins: d.wins,
    hints: d.hints, reveals: d.reveals, open: d.open,
    summary: s.buckets, mostAsked: Object.fromEntries(Object.entries(s.mostAsked)
      .map(([p, a]) => [p, { ...a, sentence: askedSentence(p, a) }])) };
}

function download() {
  const blob = new Blob([JSON.stringify(exported(), null, 1)], { type: "application/json" });
  const a = node("a", null, { download: `pencilbox-stats-${new Date().toISOString().slice(0, 10)}.json` });
  a.href = URL.createObjectURL(blob);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A table of counts from a file: own names only (no "__proto__"), each a count >= 0, or
 *  (nested) each a table of them. */
function counts(x, nested = false) {
  const out = {};
  if (!x || typeof x !== "object" || Array.isArray(x)) return out;
  for (const [k, v] of Object.entries(x)) {
    if (k === "__proto__" || k === "constructor" || k === "prototype") continue;
    if (nested) out[k] = counts(v);
    else if (Number.isFinite(v) && v >= 0) out[k] = v;
  }
  return out;
}

/** An export read back, merged: a win counted once per board (the earlier kept), each hint
 *  count the larger of the two (so importing the same file twice adds nothing). */
export function importStats(text) {
  let got;
  try { got = JSON.parse(text); } catch (e) { return "That file is not JSON."; }
  if (!got || got.format !== FORMAT) return "That file is not a pencilbox statistics export.";
  const d = read();
  let added = 0;
  for (const w of Array.isArray(got.wins) ? got.wins.filter(validWin) : []) {
    if (d.wins.some((x) => x.board === w.board)) continue;
    const rungs = counts(w.rungs);
    const help = Object.fromEntries(HELP.map((h) => [h, Number(w[h]) || 0]));
    d.wins.push({ board: w.board, puzzle: w.puzzle, size: w.size, grade: w.grade, ms: w.ms, at: String(w.at || ""),
      hints: Number(w.hints) || 0, rungs, ...help, helped: !!w.helped });
    added++;
  }
  const bucketed = ([k]) => k.split("|").length === 3;
  for (const [k, by] of Object.entries(counts(got.hints, true)).filter(bucketed)) {
    const mine = d.hints[k] = counts(d.hints[k]);
    for (const [rung, n] of Object.entries(by)) mine[rung] = Math.max(mine[rung] || 0, n);
  }
  for (const [k, n] of Object.entries(counts(got.reveals)).filter(bucketed)) d.reveals[k] = Math.max(d.reveals[k] || 0, n);
  store("stats", d);
  refresh();
  return `Imported: ${added} new win${added === 1 ? "" : "s"}, hint counts merged.`;
}

/** The Statistics button, the dialog's Close, Export and Import. */
export function wireStats() {
  const dlg = $("stats-dialog");
  $("stats").addEventListener("click", () => { showStats(); $("stats-note").textContent = ""; dlg.showModal(); });
  $("stats-close").addEventListener("click", () => dlg.close());
  $("stats-export").addEventListener("click", download);
  $("stats-import").addEventListener("click", () => $("stats-file").click());
  $("stats-file").addEventListener("change", async () => {
    const f = $("stats-file").files[0];
    if (!f) return;
    $("stats-note").textContent = importStats(await f.text());
    $("stats-file").value = "";
  });
}
