// pencilbox player: draws the board and sends moves to the JSON API (/api/...).
// No puzzle logic lives here: checking, hints, counting and converting are server calls.
// What the page does itself is drawing (a Sukoro digit is the count of numbered
// neighbours; Ripple regions are the connected components of the drawn borders). Setter
// mode lives in setter.js, the drawing in draw.js.

import { drawBoard, boardPoint, regionInfo, M, S } from "/static/draw.js";
import { fillPad, keepAbove, MARK_LABELS } from "/static/pad.js";
import {
  clueRoom, doExport, doMinimise, enterSetter, leaveSetter, setterKey, setterPlay, setterPointer, setterStep,
  toggleSecond,
} from "/static/setter.js";

export const $ = (id) => document.getElementById(id);
const PREFIX = "pencilbox:";

// ------------------------------------------------------------------ storage

function store(k, v) {
  try {
    if (v === undefined) localStorage.removeItem(PREFIX + k);
    else localStorage.setItem(PREFIX + k, JSON.stringify(v));
  } catch (e) { /* private mode or full: progress is simply not kept */ }
}

function load(k) {
  try {
    const s = localStorage.getItem(PREFIX + k);
    return s == null ? null : JSON.parse(s);
  } catch (e) { return null; }
}

// ------------------------------------------------------------------ API

export async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  let res;
  try { res = await fetch(path, opts); } catch (e) { throw new Error("the server did not answer"); }
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.error) || `${res.status} ${res.statusText}`);
    err.warming = !!(data && data.warming);  // the worker processes are still starting
    err.since = data && typeof data.seconds === "number" ? data.seconds : null;
    err.retry = Number(res.headers.get("Retry-After")) || 3;
    throw err;
  }
  return data;
}

// What a failed call says: a warm-up is not a failure, only a wait, said as long as it has
// lasted (the server's own count) and asked again after the server's Retry-After.
function failed(what, e, again = null) {
  if (!e.warming) { say(`${what} failed: ${e.message}`, "error"); return; }
  const since = e.since != null ? ` (${Math.round(e.since)} s so far)` : "";
  say(`The player's worker processes are still starting${since}; ` +
    (again ? `${what.toLowerCase()} asks again in ${e.retry} s.` : `try again in ${e.retry} s.`));
  if (again) setTimeout(again, e.retry * 1000);
}

// The background build of the compiled kernels (a fresh install): shown as what it is, with
// its measured progress, until it is done. Everything answers meanwhile (the readable rules);
// only New board waits for its puzzle's generator.
export const build = { now: null };

function buildText(b) {
  const after = "Hints, checks and the setter already answer (from the readable rules, a little slower).";
  const so = b.seconds ? ` (${Math.round(b.seconds)} s so far)` : "";
  if (b.ready >= b.total) {  // the last stage, the ahead-of-time modules: no measured time to go by
    return `The fast solver's ${b.total} parts are compiled; building them ahead of time for quick starts${so}. ${after}`;
  }
  const left = b.left_s ? `, about ${Math.max(1, Math.round(b.left_s))} s left` : "";
  return `Compiling the fast solver in the background: ${b.ready} of ${b.total} parts ready${left}. ${after}`;
}

async function watchBuild() {
  let s;
  try { s = await api("/api/status"); } catch (e) { setTimeout(watchBuild, 5000); return; }
  const b = build.now = s.build || null;
  const el = $("build");
  const busy = !!b && b.state === "running";
  el.hidden = !busy;
  if (busy) el.textContent = buildText(b);
  if (b && b.state !== "done") setTimeout(watchBuild, busy ? 2000 : 10000);
}

// ------------------------------------------------------------------ state

export const st = {
  catalog: null,
  rec: null,          // {id, board, grade, unique, share, info}
  key: null,          // progress key: bank id or a hash of the board
  pos: [],            // the player's marks, row-major, null = undecided
  undo: [], redo: [],
  cursor: { r: 0, c: 0 },
  showCursor: false,  // the keyboard cursor is drawn once a key is pressed (or a click selects a cell to type in)
  elapsed: 0, since: null, paused: false, won: false, trees: null,
  hl: emptyHighlights(),
  ladderOn: false, ladder: null,
  live: false,
  setter: null,       // {board, walls, sel, res, showSecond, seq}
  drag: null,
  version: 0,
  listIds: [],
  hash: "",           // the hash this page last wrote (a hashchange to anything else opens it)
  busy: 0,            // bank lists and board opens in flight
  openSeq: 0,         // bumped by every open: an answer that comes back after a later open is dropped
  listSeq: 0,         // the same for the bank list
  touch: window.matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0,  // the pad is shown
  press: null,        // a touch held on a cell: {id, i, before, x, y, timer} (a long press cycles backwards)
  hintMs: [],         // each hint's time from the click to the painted board (bench/page.py reads it)
};
window.pb = st; // for the browser tests and the curious

export function emptyHighlights() {
  return { err: new Set(), errClues: new Set(), errPts: new Set(), wrong: new Set(), used: new Set(), clues: new Set(),
    target: null };
}

function pzInfo(name) {
  return (st.catalog && st.catalog.puzzles.find((p) => p.name === name)) || null;
}

/** The puzzle's table from the catalog (marks.py's UI): every per-puzzle fact the page uses. */
export function uiOf(name) {
  const info = pzInfo(name);
  if (!info || !info.ui) throw new Error(`the catalog has no page table for ${name}`);
  return info.ui;
}

function board() { return st.setter ? st.setter.board : st.rec && st.rec.board; }

export function say(text, kind) {
  const m = $("message");
  m.textContent = text || "";
  m.dataset.kind = kind || "";
}

function sayList(items) {
  const ul = $("messages");
  ul.replaceChildren(...items.map((t) => { const li = document.createElement("li"); li.textContent = t; return li; }));
}

// ------------------------------------------------------------------ board keys

function canonical(b) {
  return JSON.stringify([b.puzzle, b.rows, b.cols, b.clues, b.regions || null]);
}

function fnv(s, seed) {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619) >>> 0; }
  return h.toString(16).padStart(8, "0");
}

function hashKey(b) {
  const s = canonical(b);
  return `${b.puzzle}-${b.rows}x${b.cols}-h${fnv(s, 2166136261)}${fnv(s, 0x9747b28c)}`;
}

// ------------------------------------------------------------------ fixed cells

function fixedMark(b, i) {
  const r = Math.floor(i / b.cols), c = i % b.cols;
  const v = b.clues[r][c];
  const fixed = uiOf(b.puzzle).fixed;
  if (v == null || fixed == null) return undefined;
  return fixed === "clue" ? v : fixed;
}

function isFixed(i) { return fixedMark(st.rec.board, i) !== undefined; }

function initialPosition(b) {
  const pos = new Array(b.rows * b.cols).fill(null);
  for (let i = 0; i < pos.length; i++) {
    const f = fixedMark(b, i);
    if (f !== undefined) pos[i] = f;
  }
  return pos;
}

// ------------------------------------------------------------------ timer

function elapsedMs() { return st.elapsed + (st.since ? Date.now() - st.since : 0); }

function fmtTime(ms) {
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(ss)}` : `${two(m)}:${two(ss)}`;
}

function timerRunning() { return st.since !== null; }

export function startTimer() {
  if (!st.rec || st.paused || st.won || st.setter || timerRunning()) return;
  st.since = Date.now();
}

export function stopTimer() {
  if (!timerRunning()) return;
  st.elapsed += Date.now() - st.since;
  st.since = null;
}

function showTimer() { $("timer").textContent = fmtTime(elapsedMs()); }

let tick = 0;
setInterval(() => {
  showTimer();
  if (timerRunning() && ++tick % 5 === 0) saveProgress();
}, 1000);

function setPaused(p) {
  if (!st.rec) return;
  if (p && st.setter) leaveSetter();
  st.paused = p;
  if (p) stopTimer(); else startTimer();
  showPaused();
  saveProgress();
  showTimer();
}

/** While paused the board is hidden and every play control but Resume is disabled. */
function showPaused() {
  const p = st.paused;
  $("pause").textContent = p ? "Resume" : "Pause";
  $("board-wrap").classList.toggle("paused", p);
  $("paused-cover").hidden = !p;
  for (const c of document.querySelectorAll("#toolbar button, #toolbar select, #toolbar input, #reveal")) {
    if (c.id !== "pause") c.disabled = p || (c.id === "undo" && !st.undo.length) || (c.id === "redo" && !st.redo.length);
  }
  if (!p) render();
}

// ------------------------------------------------------------------ progress

let saveTimer = null;

/** Progress is written once the moves pause (a hint walk writes it once, not per hint), and
 *  at once when the page hides, closes or opens another board. */
function saveSoon() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveProgress, 400);
}

function saveProgress() {
  clearTimeout(saveTimer);
  if (!st.rec || !st.key) return;
  store(`progress:${st.key}`, { pos: st.pos, undo: st.undo, redo: st.redo, elapsed: elapsedMs(), won: st.won,
    paused: st.paused });
}

function restoreProgress() {
  const p = load(`progress:${st.key}`);
  const b = st.rec.board;
  st.pos = initialPosition(b);
  st.undo = []; st.redo = []; st.elapsed = 0; st.won = false; st.paused = false;
  if (!p || !Array.isArray(p.pos) || p.pos.length !== st.pos.length) return false;
  for (let i = 0; i < st.pos.length; i++) if (!isFixed(i)) st.pos[i] = p.pos[i];
  st.undo = Array.isArray(p.undo) ? p.undo : [];
  st.redo = Array.isArray(p.redo) ? p.redo : [];
  st.elapsed = Number(p.elapsed) || 0;
  st.won = !!p.won;
  st.paused = !!p.paused && !st.won;
  return true;
}

window.addEventListener("pagehide", saveProgress);
document.addEventListener("visibilitychange", () => { if (document.hidden) saveProgress(); });

// ------------------------------------------------------------------ opening boards

function infoLine(rec) {
  if (rec.info) return rec.info;
  if (rec.unique === false) return "more than one answer";
  return `one answer · grade ${rec.grade ?? "?"}`;
}

export async function openRecord(rec, opts = {}) {
  st.openSeq += 1;  // a bank board still on its way no longer replaces this one
  if (st.rec) { stopTimer(); saveProgress(); }
  if (st.setter) leaveSetter(false);
  st.rec = rec;
  st.key = rec.id || hashKey(rec.board);
  st.hl = emptyHighlights();
  st.ladder = null;
  st.paused = false;
  st.since = null;
  $("share-panel").hidden = true;
  store(`board:${st.key}`, rec);
  store("last", st.key);
  setHash(rec);
  const restored = restoreProgress();
  st.cursor = { r: 0, c: 0 };
  st.showCursor = false;
  const b = rec.board;
  $("board-info").textContent = infoLine(rec);
  syncSelectors(b, opts.keepList, rec.grade);
  fillHintLevels(b.puzzle);
  showWin();
  sayList([]);
  say(opts.message || (st.paused ? "Paused: Resume shows the board." : restored ? "Progress restored."
    : `${pzInfo(b.puzzle)?.title || b.puzzle} ${b.rows}×${b.cols}`));
  startTimer();
  showTimer();
  render();
  showPaused();
  afterChange({ quiet: true });
}

/** The address bar reopens the board in any browser: a bank id, or the board itself (its
 *  puzz.link URL, else its text format) after "#p=". */
async function setHash(rec) {
  if (!rec.id && !rec.share) {
    try { rec.share = await api("/api/export", { board: rec.board }); } catch (e) { return; }
    if (rec !== st.rec) return;
    store(`board:${st.key}`, rec);
  }
  const h = rec.id ? encodeURIComponent(rec.id) : `p=${encodeURIComponent(rec.share.url || rec.share.text)}`;
  st.hash = `#${h}`;
  history.replaceState(null, "", `${location.pathname}#${h}`);
}

/** Open what the address bar's hash names; false when it names nothing openable. */
async function openHash() {
  const h = location.hash.slice(1);
  if (!h) return false;
  if (h.startsWith("p=")) return importText(decodeURIComponent(h.slice(2)), "Board opened from the link.");
  const want = decodeURIComponent(h);
  const rec = load(`board:${want}`);
  if (rec && rec.board && pzInfo(rec.board.puzzle)) { await openRecord(rec); return true; }
  const name = want.split("-")[0];
  if (/^[a-z]+-/.test(want) && pzInfo(name)) {
    let ids = [];  // asked first, so an unknown id is said plainly rather than as a 404
    try { ids = (await api(`/api/bank?puzzle=${encodeURIComponent(name)}`)).boards.map((b) => b.id); } catch (e) { ids = []; }
    if (ids.includes(want)) {
      fillPuzzleSelectors(name);
      await openBankBoard(want);
      return !!st.rec && st.key === want;
    }
  }
  say(`The address names no board this page knows (${want}).`, "error");
  return false;
}

window.addEventListener("hashchange", () => { if (location.hash !== st.hash) openHash(); });

/** Opens a bank board unless another board was opened or picked while it was on its way. */
async function openBankBoard(id, opts = {}) {
  const ticket = opts.ticket ?? ++st.openSeq;
  st.busy += 1;
  try {
    const res = await api(`/api/board/${encodeURIComponent(id)}`);
    if (ticket !== st.openSeq) return;
    await openRecord({ id: res.id, board: res.board, grade: res.grade, unique: res.unique, share: res.share },
      opts);
  } catch (e) {
    if (ticket === st.openSeq) say(`Could not open board ${id}: ${e.message}`, "error");
  } finally { st.busy -= 1; }
}

export async function countInfo(b) {
  try {
    const c = await api("/api/count", { board: b });
    const info = c.count === 1 ? `one answer · grade ${c.grade ?? "?"}`
      : c.count === 0 ? "no answer" : c.count === "2+" ? "more than one answer" : "answers not counted";
    return { grade: c.grade, unique: c.count === 1, info };
  } catch (e) {
    return { grade: null, unique: null, info: `answers not counted (${e.message})` };
  }
}

async function importText(text, message = "Board imported.") {
  text = (text || "").trim();
  if (!text) { say("Paste a puzz.link URL, a Tatham game ID or the text format first.", "error"); return false; }
  say("Importing…");
  try {
    const res = await api("/api/convert", { text });
    const ci = await countInfo(res.board);
    await openRecord({ id: null, board: res.board, share: res.share, ...ci }, { message });
    return true;
  } catch (e) {
    say(`Import failed: ${e.message}`, "error");
    return false;
  }
}

// ------------------------------------------------------------------ selectors

export function sizeValue() {
  const v = $("size").value;
  const m = /^(\d+)x(\d+)$/.exec(v || "");
  return m ? [Number(m[1]), Number(m[2])] : null;
}

function fillSelect(sel, items, value) {
  sel.replaceChildren(...items.map(([v, t]) => {
    const o = document.createElement("option");
    o.value = v; o.textContent = t;
    return o;
  }));
  if (value != null && items.some(([v]) => v === value)) sel.value = value;
}

function fillPuzzleSelectors(name) {
  const info = pzInfo(name);
  $("puzzle").value = name;
  const curSize = $("size").value;
  fillSelect($("size"), info.sizes.map(([r, c]) => [`${r}x${c}`, `${r}×${c}`]), curSize);
  const fresh = !$("grade").options.length;
  fillSelect($("grade"), gradeOptions(info), fresh ? defaultGrade(info) : $("grade").value);
  fillHintLevels(name);
  showRules(info);
}

/** Grade options: the players' names (Easy...) with the ladder level beside, then any bank
 *  grade no name covers; the value is the level (what the bank and the generator take). */
function gradeOptions(info) {
  const named = info.named_grades || [];
  const out = [["", "any"], ...named.map((g) => [g.level, `${g.name} (${g.level})`])];
  for (const g of info.grades) if (!named.some((n) => n.level === g)) out.push([g, g]);
  return out;
}

function defaultGrade(info) {
  const d = (info.named_grades || []).find((g) => g.name === info.default_grade);
  return d ? d.level : "";
}

/** The puzzle's rules in a few sentences (the catalog's "rules"), hidden when it has none, and
 *  its own lines of "Keys and mouse" (its folder's marks.UI.help). */
function showRules(info) {
  const lines = (info.ui && info.ui.help) || [];
  $("help-puzzle").replaceChildren(...lines.map((t) => { const li = document.createElement("li"); li.textContent = t; return li; }));
  const rules = Array.isArray(info.rules) ? info.rules : [];
  $("rules-panel").hidden = !rules.length;
  $("rules-title").textContent = `How to play ${info.title || info.name}`;
  $("rules").replaceChildren(...rules.map((t) => { const li = document.createElement("li"); li.textContent = t; return li; }));
}

function fillHintLevels(name) {
  const info = pzInfo(name);
  if (!info) return;
  const sel = $("hint-level");
  if (sel.dataset.puzzle === name) return;
  const levels = info.hint_levels || info.levels;
  const cur = load(`hint-level:${name}`);
  fillSelect(sel, levels.map((l) => [l, l]), cur || info.levels[info.levels.length - 1]);
  sel.dataset.puzzle = name;
}

/** The selectors show the open board: its puzzle, its size and its grade (any, when it has
 *  none the list offers), and the bank list of those with the board picked, or saying it is
 *  not a bank board. */
function syncSelectors(b, keepList, grade) {
  if ($("puzzle").value !== b.puzzle || !$("size").options.length) fillPuzzleSelectors(b.puzzle);
  const sz = `${b.rows}x${b.cols}`;
  if (![...$("size").options].some((o) => o.value === sz)) {  // an imported size the bank lacks
    const o = document.createElement("option");
    o.value = sz; o.textContent = `${b.rows}×${b.cols}`;
    $("size").append(o);
  }
  const sizeMoved = $("size").value !== sz;
  $("size").value = sz;
  // "any" shows every board; a named grade must be the board's own
  const cur = $("grade").value;
  const g = !cur ? "" : grade && [...$("grade").options].some((o) => o.value === grade) ? grade : "";
  const gradeMoved = cur !== g;
  $("grade").value = g;
  if (!keepList || sizeMoved || gradeMoved) loadBankList(false);
  else markListed();
}

function markListed() {
  const sel = $("board-list");
  const listed = !!(st.rec && st.rec.id && st.listIds.includes(st.rec.id));
  const first = sel.options[0];
  if (first && first.value === "") {
    first.textContent = !st.rec || listed ? (st.listIds.length ? "— pick a board —" : "— none —")
      : st.rec.id ? "— not in this list —" : "— not from the bank —";
  }
  sel.value = listed ? st.rec.id : "";
}

/** The bank's boards for the selectors; openFirst opens the first; anyGrade: when the grade
 *  (the default one, after a puzzle change) has none of this size, list every grade instead. */
async function loadBankList(openFirst, anyGrade = false) {
  st.busy += 1;
  try { await bankList(openFirst, anyGrade); } finally { st.busy -= 1; }
}

async function bankList(openFirst, anyGrade) {
  const list = ++st.listSeq;
  const ticket = openFirst ? ++st.openSeq : null;
  const puzzle = $("puzzle").value;
  const size = sizeValue();
  const grade = $("grade").value;
  const q = new URLSearchParams({ puzzle });
  if (size) { q.set("rows", size[0]); q.set("cols", size[1]); }
  if (grade) q.set("grade", grade);
  let boards = [];
  try { boards = (await api(`/api/bank?${q}`)).boards; } catch (e) { say(`Bank: ${e.message}`, "error"); }
  if (list !== st.listSeq) return;  // a later list (another puzzle, size or grade) is on its way
  if (!boards.length && grade && anyGrade) {
    $("grade").value = "";
    return bankList(openFirst, false);
  }
  st.listIds = boards.map((b) => b.id);
  fillSelect($("board-list"), [["", boards.length ? "— pick a board —" : "— none —"],
    ...boards.map((b) => [b.id, `${b.id.replace(/^[a-z]+-/, "")}`])]);
  markListed();
  if (openFirst && ticket !== st.openSeq) return;  // the player opened a board meanwhile
  if (openFirst && boards.length) await openBankBoard(boards[0].id, { keepList: true, ticket });
  else if (openFirst) {
    const g = $("grade").selectedOptions[0];
    say(`The bank has no ${pzInfo(puzzle)?.title || puzzle} board of this size${grade ? ` and grade ${g ? g.textContent : grade}` : ""}: `
      + "pick another size or grade, or make a New board.", "error");
  }
}

// ------------------------------------------------------------------ moves

function applyMove(changes, kind) {
  const ch = [];
  for (const [i, after] of changes) {
    if (isFixed(i)) continue;
    const before = st.pos[i];
    if (before === after) continue;
    ch.push([i, before, after]);
    st.pos[i] = after;
  }
  if (!ch.length) return null;
  const mv = { ch, kind: kind || "move" };
  st.undo.push(mv);
  st.redo = [];
  afterChange();
  return mv;
}

function undo() {
  if (st.paused) return;
  if (st.setter) { setterStep(st.setter.undo, st.setter.redo, "Undone"); return; }
  const mv = st.undo.pop();
  if (!mv) { say("Nothing to undo."); return; }
  for (let j = mv.ch.length - 1; j >= 0; j--) st.pos[mv.ch[j][0]] = mv.ch[j][1];
  st.redo.push(mv);
  moveCursorTo(mv.ch[0][0]);
  afterChange();
  say(`Undone (${st.undo.length} left).`);
}

function redo() {
  if (st.paused) return;
  if (st.setter) { setterStep(st.setter.redo, st.setter.undo, "Redone"); return; }
  const mv = st.redo.pop();
  if (!mv) { say("Nothing to redo."); return; }
  for (const [i, , after] of mv.ch) st.pos[i] = after;
  st.undo.push(mv);
  moveCursorTo(mv.ch[0][0]);
  afterChange();
  say("Redone.");
}

function restart() {
  if (!st.rec || st.setter || st.paused) return;
  const init = initialPosition(st.rec.board);
  const mv = applyMove(init.map((v, i) => [i, v]), "restart");
  st.elapsed = 0;
  if (timerRunning()) st.since = Date.now();
  if (!st.paused) startTimer();
  showTimer();
  saveProgress();
  say(mv ? "Restarted (undo brings the entries back)." : "Nothing to clear.");
}

function moveCursorTo(i) {
  const C = st.rec.board.cols;
  st.cursor = { r: Math.floor(i / C), c: i % C };
}

let checkTimer = null, ladderTimer = null;

function afterChange(opts = {}) {
  st.version++;
  if (!opts.keepHighlights) st.hl = emptyHighlights();
  if (!opts.quiet) { sayList([]); }
  render();
  saveSoon();
  const complete = !st.pos.includes(null);
  clearTimeout(checkTimer);
  if (complete || st.live || st.won) {
    const v = st.version;
    checkTimer = setTimeout(() => autoCheck(v), 60);
  }
  if (st.ladderOn) {
    clearTimeout(ladderTimer);
    ladderTimer = setTimeout(fetchLadder, 120);
  }
}

async function autoCheck(v) {
  if (!st.rec) return;
  const rec = st.rec;
  let res;
  try { res = await api("/api/check", { board: rec.board, position: st.pos }); } catch (e) {
    say(`Check failed: ${e.message}`, "error"); return;
  }
  if (v !== st.version || rec !== st.rec) return;
  if (st.live) showBroken(res, false);
  setWon(!!res.won, res.trees);
}

function setWon(won, trees) {
  const was = st.won;
  st.won = won;
  st.trees = won ? trees ?? null : null;
  if (won) stopTimer(); else startTimer();
  if (won && !was) { sayList([]); say("Solved: every rule is kept.", "ok"); }  // no stale status under the banner
  showWin();
  if (won && !was) saveProgress();
}

function showWin() {
  const w = $("win");
  if (!st.won) { w.hidden = true; w.textContent = ""; return; }
  const trees = st.trees != null ? ` · ${st.trees} trees` : "";
  w.textContent = `Solved!${trees} · ${fmtTime(elapsedMs())}`;
  w.hidden = false;
}

function showBroken(res, explicit) {
  const hl = emptyHighlights();
  const items = [];
  let undecided = "";
  for (const b of res.broken || []) {
    if (b.rule === "complete") {  // not a broken rule: unfinished (counted here: undecided marks only)
      const n = st.pos.filter((m) => m == null).length;
      undecided = `${n} cell${n === 1 ? "" : "s"} undecided`;
      continue;
    }
    const clue = brokenClue(b.cells || []);
    if (clue != null) hl.errClues.add(clue);  // the clue itself, not the block it counts
    else for (const [r, c] of b.cells || []) hl.err.add(r * st.rec.board.cols + c);
    for (const [r, c] of b.points || []) hl.errPts.add(`${r},${c}`);
    items.push(b.message || b.rule);
  }
  st.hl = hl;
  sayList(items);
  if (explicit) {
    const tail = undecided ? ` (${undecided})` : "";
    if (!items.length) say((res.complete ? "No broken rules." : "No broken rules so far.") + tail, "ok");
    else say(`${items.length} broken rule${items.length === 1 ? "" : "s"}.${tail}`, "error");
  }
  render();
}

/** The clue a broken rule is about when its cells are exactly that clue's counted block
 *  (the table's "count" offsets), else null. */
function brokenClue(cells) {
  const b = st.rec.board, ui = uiOf(b.puzzle);
  if (ui.clue_on !== "cells" || !ui.count || cells.length < 2) return null;
  const set = new Set(cells.map(([r, c]) => `${r},${c}`));
  for (const [r, c] of cells) {
    if (b.clues[r][c] == null) continue;
    const block = ui.count.map(([dr, dc]) => [r + dr, c + dc])
      .filter(([rr, cc]) => rr >= 0 && cc >= 0 && rr < b.rows && cc < b.cols);
    if (block.length === set.size && block.every(([rr, cc]) => set.has(`${rr},${cc}`))) return r * b.cols + c;
  }
  return null;
}

async function doCheck() {
  if (!st.rec || st.setter || st.paused) return;
  try {
    const res = await api("/api/check", { board: st.rec.board, position: st.pos });
    showBroken(res, true);
    setWon(!!res.won, res.trees);
  } catch (e) { say(`Check failed: ${e.message}`, "error"); }
}

/** The time from a hint's click to its painted board, kept for bench/page.py. */
function timed(t0) {
  if (t0 == null) return;
  requestAnimationFrame(() => setTimeout(() => {
    st.hintMs.push(performance.now() - t0);
    if (st.hintMs.length > 5000) st.hintMs.shift();
  }, 0));
}

async function doHint(t0 = null) {
  if (!st.rec || st.setter || st.paused) return;
  $("reveal").hidden = true;
  const level = $("hint-level").value || null;
  say("Thinking…");
  let res;
  const rec = st.rec, v = st.version;
  try { res = await api("/api/hint", { board: rec.board, position: st.pos, level }); } catch (e) {
    failed("Hint", e, () => { if (rec === st.rec && v === st.version) doHint(); }); return;
  }
  if (rec !== st.rec || v !== st.version) return;
  const C = rec.board.cols;
  const idx = ([r, c]) => r * C + c;
  const hl = emptyHighlights();
  if (res.kind === "wrong") {
    for (const cell of res.cells || []) hl.wrong.add(idx(cell));
    st.hl = hl;
    say(`Wrong: ${res.message}`, "error");
    sayList([]);
    render();
    return;
  }
  if (res.kind === "hint") {
    const i = idx(res.cell);
    applyMove([[i, res.mark]], "hint");
    moveCursorTo(i);
    for (const cell of res.cells || []) hl.used.add(idx(cell));
    for (const [r, c] of res.clues || []) hl.clues.add(`${r},${c}`);
    hl.target = i;
    st.hl = hl;
    const msg = res.reason || res.message || "";
    say(msg.startsWith(`${res.rung}:`) ? msg : `${res.rung}: ${msg}`, "hint");
    render();
    timed(t0);
    return;
  }
  if (res.kind === "contradiction") {
    for (const cell of res.cells || []) hl.err.add(idx(cell));
    st.hl = hl;
    say(res.rung && !String(res.message).includes(res.rung) ? `${res.rung}: ${res.message}` : res.message,
      "error");
    render();
    return;
  }
  st.hl = emptyHighlights();
  render();
  say(res.message || res.kind, res.kind === "solved" ? "ok" : "");
  $("reveal").hidden = !res.reveal;
}

/** A stuck player asks the answer for one cell (POST /api/reveal): an undoable move. */
async function doReveal() {
  if (!st.rec || st.setter || st.paused) return;
  const rec = st.rec, v = st.version;
  let res;
  try { res = await api("/api/reveal", { board: rec.board, position: st.pos }); } catch (e) {
    failed("Reveal", e); return;
  }
  if (rec !== st.rec || v !== st.version) return;
  const i = res.cell[0] * rec.board.cols + res.cell[1];
  applyMove([[i, res.mark]], "reveal");
  moveCursorTo(i);
  st.hl = emptyHighlights();
  st.hl.target = i;
  $("reveal").hidden = true;
  say(res.message || "One cell revealed.", "hint");
  render();
}

// ------------------------------------------------------------------ ladder view

export async function fetchLadder() {
  if (!st.ladderOn || !st.rec || st.setter) return;
  const rec = st.rec, v = st.version;
  let res;
  try { res = await api("/api/ladder", { board: rec.board, position: st.pos }); } catch (e) {
    failed("Ladder", e); return;
  }
  if (rec !== st.rec || v !== st.version || !st.ladderOn) return;
  const C = rec.board.cols;
  const map = new Map();
  const rungs = res.rungs || [];
  const counts = rungs.map(() => 0);
  rungs.forEach((rg, k) => {
    for (const { cell } of rg.cells || []) {
      const i = cell[0] * C + cell[1];
      if (!map.has(i)) { map.set(i, k); counts[k]++; }
    }
  });
  st.ladder = { map, rungs: rungs.map((r) => r.rung), counts,
    contradiction: rungs.map((r) => !!r.contradiction) };
  showLegend();
  render();
}

export function showLegend() {
  const box = $("ladder-legend");
  if (!st.ladderOn || !st.ladder) { box.hidden = true; box.replaceChildren(); return; }
  const items = st.ladder.rungs.map((name, k) => {
    const d = document.createElement("span");
    d.className = "legend-item";
    d.dataset.rung = name;
    const sw = document.createElement("span");
    sw.className = `swatch lad-${k % 6}`;
    sw.textContent = String(k + 1);
    d.append(sw, ` ${name}: ${st.ladder.counts[k]} cell${st.ladder.counts[k] === 1 ? "" : "s"}`
      + (st.ladder.contradiction[k] ? " (contradiction)" : ""));
    return d;
  });
  const title = document.createElement("strong");
  title.textContent = "Next settled by rung: ";
  box.replaceChildren(title, ...items);
  box.hidden = false;
}

function toggleLadder() {
  if (st.paused) return;
  st.ladderOn = !st.ladderOn;
  $("ladder").setAttribute("aria-pressed", String(st.ladderOn));
  if (!st.ladderOn) { st.ladder = null; showLegend(); render(); return; }
  fetchLadder();
}

// ------------------------------------------------------------------ share / import

async function doShare() {
  if (!st.rec || st.paused) return;
  let share = st.rec.share;
  try {
    if (!share) { share = await api("/api/export", { board: st.rec.board }); st.rec.share = share; }
  } catch (e) { say(`Share failed: ${e.message}`, "error"); return; }
  const link = `${location.origin}/?import=${encodeURIComponent(share.url || share.text)}`;
  $("share-panel").hidden = false;
  $("share-link").value = link;
  const src = share.url || share.tatham || "";
  $("share-source-row").hidden = !src;
  // a puzzle puzz.link lacks has a pencilbox:// URL of our own, named as what it is
  const own = !!share.url && share.url.startsWith("pencilbox:");
  const label = share.url ? (own ? "pencilbox URL" : "puzz.link URL") : "Tatham game ID";
  $("share-source-label").textContent = label;
  $("share-source").setAttribute("aria-label", label);
  $("share-source").value = src;
  $("share-tatham-row").hidden = !(share.url && share.tatham);
  $("share-tatham").value = share.tatham || "";
  await copyField("share-link", "Link");
}

async function copyField(id, what) {
  const inp = $(id);
  inp.select();
  try {
    await navigator.clipboard.writeText(inp.value);
    say(`${what} copied.`, "ok");
  } catch (e) { say(`Copy the ${what.toLowerCase()} below (selected).`); }
}

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
  drawBoard(svg, {
    board: b,
    ui: uiOf(b.puzzle),
    pos: s ? null : st.pos,
    setter: !!s,
    walls: s ? s.walls : null,
    cursor: s ? s.sel : st.showCursor ? st.cursor : null,
    hl: s ? emptyHighlights() : st.hl,
    ladder: !s && st.ladderOn ? st.ladder : null,
    redundant: s && s.res ? s.res.redundant || [] : [],
    second: s && s.showSecond && s.res ? s.res.second : null,
    answer: s && s.res ? s.res.answer : null,
  });
  $("undo").disabled = st.paused || (s ? !s.undo.length : !st.undo.length);
  $("redo").disabled = st.paused || (s ? !s.redo.length : !st.redo.length);
  fitBoard();
  showPad();
}

// ------------------------------------------------------------------ fitting the screen

const MIN_CELL = 16, MAX_CELL = 72;
let fitted = "";

/** The board's width: as much as the free width and the height left under the controls allow
 *  (the board info line and the pad kept in view), 16 to 72 px a cell; past 16 px it scrolls. */
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
  const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, wrap.clientWidth / bw, (window.innerHeight - top - below) / bh));
  svg.style.width = `${Math.floor(cell * bw)}px`;
}

window.addEventListener("resize", () => fitBoard());

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
    return [...Array.from({ length: n }, (_, k) => ({ label: String(k + 1), key: String(k + 1), disabled: given })),
      { ...clear, disabled: given }];
  }
  const labels = MARK_LABELS[ui.cell] || {};
  return [...ui.cycle.filter((m) => m != null).map((m) => ({ label: (labels[m] || [String(m)])[0], key: `mark:${m}`,
    title: (labels[m] || [0, String(m)])[1], disabled: isFixed(i) })), { ...clear, disabled: isFixed(i) }];
}

function showPad() {
  const pad = $("pad"), b = board();
  const on = st.touch && !!b && !st.paused;
  if (pad.hidden === on) { pad.hidden = !on; document.body.classList.toggle("has-pad", on); }
  if (on) fillPad(pad, padKeys(b), padPress);
  const room = on ? `${pad.offsetHeight}px` : "";
  if (document.body.style.paddingBottom !== room) { document.body.style.paddingBottom = room; fitBoard(true); }
}

function padPress(k) {
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
  let j = cycle.indexOf(cur);
  if (j < 0) j = cycle.length - 1;
  return cycle[(j + (reverse ? cycle.length - 1 : 1)) % cycle.length];
}

export function cellAt(p, b) {
  const r = Math.floor(p.y), c = Math.floor(p.x);
  if (r < 0 || c < 0 || r >= b.rows || c >= b.cols) return null;
  return { r, c };
}

function onPointerDown(e) {
  const b = board();
  const svg = $("board");
  if (!b || st.paused) return;
  if (e.pointerType === "mouse" && e.button !== 0 && e.button !== 2) return;
  svg.focus({ preventScroll: true });
  const p = boardPoint(svg, e, b);
  if (st.setter) { setterPointer(p); e.preventDefault(); return; }
  const cell = cellAt(p, b);
  if (!cell) return;
  e.preventDefault();
  const touch = e.pointerType !== "mouse";
  if (touch && !st.touch) { st.touch = true; fitted = ""; }  // a touch screen the media query missed
  const again = st.showCursor && st.cursor.r === cell.r && st.cursor.c === cell.c;
  st.cursor = cell;
  const i = cell.r * b.cols + cell.c;
  const ui = uiOf(b.puzzle);
  st.showCursor = ui.keys === "digits" || touch;  // a click selects the cell a digit (or the pad) acts on
  if (isFixed(i)) { render(); return; }
  if (ui.keys === "digits") {  // a tap on the selected cell counts it up (the pad types any digit)
    if (!(touch && again && applyMove([[i, nextMark(st.pos[i], false)]]))) render();
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
    d.move.ch.push([i, st.pos[i], d.mark]);
    st.pos[i] = d.mark;
    st.cursor = cell;
    changed = true;
  }
  d.last = p;
  if (changed) { st.redo = []; afterChange(); }
}

function onPointerUp(e) {
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
  if (k === " " || k === "Enter" || /^[0-9]$/.test(k)) st.showCursor = true;  // a key shows where it acts
  const i = st.cursor.r * b.cols + st.cursor.c;
  const digits = uiOf(b.puzzle).keys === "digits";
  if (k === " " || k === "Enter") {
    e.preventDefault();
    if (!isFixed(i) && applyMove([[i, nextMark(st.pos[i], e.shiftKey)]])) return;
    render();
    return;
  }
  if (k === "Backspace" || k === "Delete" || k === "0" && digits) {
    e.preventDefault();
    if (isFixed(i)) { say("That cell is given."); return; }
    applyMove([[i, null]]);
    return;
  }
  if (/^[1-9]$/.test(k) && digits) {
    e.preventDefault();
    if (isFixed(i)) { say("That cell is given."); return; }
    const { size, comp } = regionInfo(b);
    const n = size[comp[i]];
    const v = Number(k);
    if (v > n) { say(`This region has ${n} cell${n === 1 ? "" : "s"}: type 1..${n}.`, "error"); return; }
    applyMove([[i, v]]);
  }
}

// ------------------------------------------------------------------ theme

const THEMES = ["auto", "light", "dark"];
const DARK = window.matchMedia("(prefers-color-scheme: dark)");
// "auto" follows the system setting; the page itself always carries light or dark, so the
// stylesheet writes the dark palette once.
function applyTheme(t) {
  const dark = t === "dark" || (t === "auto" && DARK.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  $("theme-word").textContent = t;
  $("theme").dataset.theme = t;
}
DARK.addEventListener("change", () => applyTheme($("theme").dataset.theme || "auto"));

// ------------------------------------------------------------------ start

function wire() {
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

  $("puzzle").addEventListener("change", () => {
    $("size").replaceChildren(); $("grade").replaceChildren();
    fillPuzzleSelectors($("puzzle").value);
    loadBankList(true, true);
  });
  $("size").addEventListener("change", () => loadBankList(true));
  $("grade").addEventListener("change", () => loadBankList(true));
  $("board-list").addEventListener("change", () => {
    const id = $("board-list").value;
    if (id) openBankBoard(id, { keepList: true });
  });
  $("next-board").addEventListener("click", () => {
    if (!st.listIds.length) return;
    const j = st.rec && st.rec.id ? st.listIds.indexOf(st.rec.id) : -1;
    openBankBoard(st.listIds[(j + 1) % st.listIds.length], { keepList: true });
  });
  $("new-board").addEventListener("click", async () => {
    const btn = $("new-board");
    const size = sizeValue();
    const puzzle = $("puzzle").value;
    if (!puzzle || !size) return;
    btn.disabled = true;
    say("Generating…");
    const waiting = setInterval(() => {  // a generator still compiling: the call waits for it
      const b = build.now;
      if (b && b.state === "running") say(`Generating… (the generators compile once on a fresh install: ` +
        `${b.ready} of ${b.total} parts ready)`);
    }, 1000);
    try {
      const res = await api("/api/generate", { puzzle, rows: size[0], cols: size[1],
        grade: $("grade").value || null, seed: null });
      await openRecord({ id: null, board: res.board, grade: res.grade, unique: res.unique, share: res.share },
        { keepList: true, message: `New board (seed ${res.seed}).` });
    } catch (e) { say(`Generator: ${e.message}`, "error"); }
    clearInterval(waiting);
    btn.disabled = false;
  });
  $("theme").addEventListener("click", () => {
    const t = THEMES[(THEMES.indexOf($("theme").dataset.theme || "auto") + 1) % THEMES.length];
    store("theme", t);
    applyTheme(t);
  });

  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("check").addEventListener("click", doCheck);
  $("live").addEventListener("change", () => {
    st.live = $("live").checked;
    store("live", st.live);
    if (st.live) doCheck(); else { st.hl = emptyHighlights(); sayList([]); render(); }
  });
  $("hint").addEventListener("click", (e) => doHint(e.timeStamp));
  $("reveal").addEventListener("click", doReveal);
  $("hint-level").addEventListener("change", () => store(`hint-level:${$("hint-level").dataset.puzzle}`,
    $("hint-level").value));
  $("ladder").addEventListener("click", toggleLadder);
  $("pause").addEventListener("click", () => setPaused(!st.paused));
  $("share").addEventListener("click", doShare);
  for (const [btn, id, what] of [["copy-link", "share-link", "Link"], ["copy-source", "share-source", "Source"],
    ["copy-tatham", "share-tatham", "Tatham ID"]]) $(btn).addEventListener("click", () => copyField(id, what));
  $("import-go").addEventListener("click", () => importText($("import-text").value));

  $("setter").addEventListener("click", () => { if (st.setter) leaveSetter(); else enterSetter(false); });
  $("setter-current").addEventListener("click", () => enterSetter(false));
  $("setter-blank").addEventListener("click", () => enterSetter(true));
  $("second").addEventListener("click", toggleSecond);
  $("minimise").addEventListener("click", doMinimise);
  $("export").addEventListener("click", doExport);
  $("setter-play").addEventListener("click", setterPlay);
}

async function start() {
  applyTheme(load("theme") || "auto");
  st.live = !!load("live");
  $("live").checked = st.live;
  wire();
  try { st.catalog = await api("/api/catalog"); } catch (e) {
    say(`Cannot reach the server: ${e.message}`, "error"); return;
  }
  watchBuild();
  fillSelect($("puzzle"), st.catalog.puzzles.map((p) => [p.name, p.title || p.name]));
  const params = new URLSearchParams(location.search);
  const imp = params.get("import");
  if (imp) {
    fillPuzzleSelectors(st.catalog.puzzles[0].name);
    if (await importText(imp)) return;
  }
  let missed = "";
  if (location.hash.length > 1) {
    if (await openHash()) return;
    missed = $("message").textContent;  // why the address's board did not open: kept in view below
  } else {
    const want = load("last");
    const rec = want && load(`board:${want}`);
    if (rec && rec.board && pzInfo(rec.board.puzzle)) { await openRecord(rec); return; }
    if (want && /^[a-z]+-/.test(want) && pzInfo(want.split("-")[0])) {
      fillPuzzleSelectors(want.split("-")[0]);
      await openBankBoard(want);
      if (st.rec) return;
    }
  }
  if (!st.rec) {
    fillPuzzleSelectors(st.catalog.puzzles[0].name);
    await loadBankList(true, true);
  }
  if (missed) say(`${missed} A bank board is shown instead.`, "error");
}

document.body.dataset.ready = "loading";
start().finally(() => { document.body.dataset.ready = "yes"; });
