// pencilbox player, opening boards: a record (a bank board, an import, a generated board, the
// setter's), the address bar's hash that reopens it, the bank list, and the selectors that
// show the open board's puzzle, size and grade.

import { $, emptyHighlights, pzInfo, say, sayList, sizeValue, st } from "./state.js";
import { api, countInfo } from "./api.js";
import { afterChange } from "./moves.js";
import { hashKey, load, restoreProgress, saveProgress, store } from "./persist.js";
import { leaveSetter } from "./setter.js";
import { showTimer, startTimer, stopTimer } from "./timer.js";
import { render, showPaused, showWin } from "./view.js";
import { fillGlossary, markUsed, ruleName } from "./glossary.js";

// ------------------------------------------------------------------ opening boards

function infoLine(rec) {
  const seed = rec.made ? ` · seed ${rec.made.seed}` : "";  // a New board's (newboard.js)
  if (rec.info) return rec.info + seed;
  if (rec.unique === false) return "more than one answer";
  return `one answer · grade ${rec.grade ?? "?"}${seed}`;
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
  setHash(rec, !!opts.replace);
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
  document.dispatchEvent(new CustomEvent("pencilbox:opened"));  // newboard.js's fields follow the board
}

/** The address bar reopens the board in any browser: a bank id, or the board itself (its
 *  puzz.link URL, else its text format) after "#p=". Each board opened is a step of the
 *  browser's history, so Back and Forward move between boards; one opened from the history or
 *  from the address (opts.replace) takes its own step's place. */
async function setHash(rec, replace) {
  const key = st.key;
  const known = rec.id || rec.share;
  const url = known ? addressOf(rec) : location.pathname;  // until the share is made, "last" reopens it
  if (replace || !history.state || history.state.key === key) history.replaceState({ key }, "", url);
  else history.pushState({ key }, "", url);
  st.hash = location.hash;
  if (known) return;
  try { rec.share = await api("export", { board: rec.board }); } catch (e) { return; }
  if (rec !== st.rec) return;
  store(`board:${st.key}`, rec);
  if (history.state && history.state.key === key) {
    history.replaceState({ key }, "", addressOf(rec));
    st.hash = location.hash;
  }
}

function addressOf(rec) {
  const h = rec.id ? encodeURIComponent(rec.id) : `p=${encodeURIComponent(rec.share.url || rec.share.text)}`;
  return `${location.pathname}#${h}`;
}

/** Open what the address bar's hash names; false when it names nothing openable. */
export async function openHash() {
  const h = location.hash.slice(1);
  if (!h) return false;
  const opts = { replace: true };
  if (h.startsWith("p=")) return !await importText(decodeURIComponent(h.slice(2)), "Board opened from the link.", opts);
  const want = decodeURIComponent(h);
  const rec = load(`board:${want}`);
  if (rec && rec.board && pzInfo(rec.board.puzzle)) { await openRecord(rec, opts); return true; }
  const name = want.split("-")[0];
  if (/^[a-z]+-/.test(want) && pzInfo(name)) {
    let ids = [];  // asked first, so an unknown id is said plainly rather than as a 404
    try { ids = (await api("bank", undefined, { puzzle: name })).boards.map((b) => b.id); } catch (e) { ids = []; }
    if (ids.includes(want)) {
      fillPuzzleSelectors(name);
      await openBankBoard(want, opts);
      return !!st.rec && st.key === want;
    }
  }
  say(`The address names no board this page knows (${want}).`, "error");
  return false;
}

/** Back, Forward or an address typed: open the board that history step names (its key, kept
 *  with the step, else its hash). */
async function followAddress() {
  const key = history.state && history.state.key;
  if (location.hash === st.hash && (!key || key === st.key)) return;
  st.hash = location.hash;
  const rec = key && load(`board:${key}`);
  if (rec && rec.board && pzInfo(rec.board.puzzle)) await openRecord(rec, { replace: true });
  else await openHash();
}

window.addEventListener("popstate", followAddress);
window.addEventListener("hashchange", followAddress);

/** Opens a bank board unless another board was opened or picked while it was on its way. */
export async function openBankBoard(id, opts = {}) {
  const ticket = opts.ticket ?? ++st.openSeq;
  st.busy += 1;
  try {
    const res = await api("board", undefined, { id });
    if (ticket !== st.openSeq) return;
    await openRecord({ id: res.id, board: res.board, grade: res.grade, unique: res.unique, share: res.share },
      opts);
  } catch (e) {
    if (ticket === st.openSeq) say(`Could not open board ${id}: ${e.message}`, "error");
  } finally { st.busy -= 1; }
}

/** Open a board from its text (a puzz.link URL, a Tatham game ID, the text format): "" when it
 *  opened, else why not (also said on the message line). */
export async function importText(text, message = "Board imported.", opts = {}) {
  text = (text || "").trim();
  if (!text) { say("Paste a puzz.link URL, a Tatham game ID or the text format first.", "error"); return "nothing to import"; }
  say("Importing…");
  try {
    const res = await api("convert", { text });
    const ci = await countInfo(res.board);
    await openRecord({ id: null, board: res.board, share: res.share, ...ci }, { ...opts, message });
    return "";
  } catch (e) {
    say(`Import failed: ${e.message}`, "error");
    return e.message;
  }
}

// ------------------------------------------------------------------ selectors

export function fillSelect(sel, items, value) {
  sel.replaceChildren(...items.map(([v, t]) => {
    const o = document.createElement("option");
    o.value = v; o.textContent = t;
    return o;
  }));
  if (value != null && items.some(([v]) => v === value)) sel.value = value;
}

export function fillPuzzleSelectors(name) {
  const info = pzInfo(name);
  $("puzzle").value = name;
  const curSize = $("size").value;
  fillSelect($("size"), info.sizes.map(([r, c]) => [`${r}x${c}`, `${r}×${c}`]), curSize);
  const fresh = !$("grade").options.length;
  fillSelect($("grade"), gradeOptions(info), fresh ? defaultGrade(info) : $("grade").value);
  fillHintLevels(name);
  showRules(info);
}

/** Grade options, named as the command line's --grade names them (each level of the ladder,
 *  then search), a player's word (Easy...) beside the levels it names, then any bank grade
 *  the ladder lacks; the value is the name (what the bank and the generator take). */
function gradeOptions(info) {
  const named = info.named_grades || [];
  const all = [...info.levels, "search", ...info.grades].filter((g, i, a) => a.indexOf(g) === i);
  return [["", "any"], ...all.map((g) => {
    const word = named.find((n) => n.level === g);
    return [g, word ? `${g} (${word.name})` : g];
  })];
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
  fillGlossary(info.name);
}

function fillHintLevels(name) {
  const info = pzInfo(name);
  if (!info) return;
  const sel = $("hint-level");
  if (sel.dataset.puzzle === name) return;
  const levels = info.hint_levels || info.levels;
  const cur = load(`hint-level:${name}`);
  // each level by its rule's plain name (the glossary pairs it with the solver's name); levels are
  // cumulative: the label says "Hints up to"
  fillSelect(sel, levels.map((l) => [l, ruleName(name, l)]), cur || info.levels[info.levels.length - 1]);
  sel.dataset.puzzle = name;
  markUsed();
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
export async function loadBankList(openFirst, anyGrade = false) {
  st.busy += 1;
  try { await bankList(openFirst, anyGrade); } finally { st.busy -= 1; }
}

async function bankList(openFirst, anyGrade) {
  const list = ++st.listSeq;
  const ticket = openFirst ? ++st.openSeq : null;
  const puzzle = $("puzzle").value;
  const size = sizeValue();
  const grade = $("grade").value;
  const q = { puzzle };
  if (size) { q.rows = size[0]; q.cols = size[1]; }
  if (grade) q.grade = grade;
  let boards = [];
  try { boards = (await api("bank", undefined, q)).boards; } catch (e) { say(`Bank: ${e.message}`, "error"); }
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
