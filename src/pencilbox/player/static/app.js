// pencilbox player, the entry module (index.html loads it): it wires the page's controls to the
// modules below, fills state.js's hooks and opens the first board. No puzzle logic lives in the
// page: checking, hints, counting and converting are server calls (/api/...). What the page does
// itself is drawing (a Sukoro digit is the count of numbered neighbours; Ripple regions are the
// connected components of the drawn borders).
//
// The modules, each importing only those listed after it (no import cycle):
//   app.js     this: wiring, pause, share, theme, start
//   input.js   pointer, keyboard and number pad input; undo and redo
//   newboard.js New board: any size the generator makes, the command line's seeds and grades
//   files.js   the board and position saved as a file (text or JSON), a file opened or dropped
//   boards.js  opening boards: bank list, selectors, import, the address bar's hash
//   tabs.js    another tab's save of the open board or the kept setter board, taken in
//   edges.js   the setter's rows and columns added or taken away on any side
//   setter.js  setter mode: clues, borders, size, turns, drawn regions, count, minimise
//   kept.js    the setter's kept board (one a puzzle) and whether this tab had the setter open
//   shape.js   the setter's board shapes: blank, resized, turned, mirrored, a drawn region
//   ambiguity.js the setter's ambiguity view: the backbone shaded, the answers stepped through
//   paper.js   the board as an image, the bank list as a PDF booklet
//   hints.js   check, live check, hint, reveal, the ladder view
//   stats.js   your statistics: wins, times, hints by rung; the dialog, export and import
//   trials.js  trials (nested, accept, reject, the ladder's check) and back to the last correct position
//   notes.js   pencil marks: the toggle, a mark typed, marks filled from a rung
//   moves.js   the play position's moves and what follows each
//   view.js    the redraw, the board fitted to the screen, the number pad, pause and win
//   a11y.js    the board as an ARIA grid: each cell named, the cursor its focus, moves said
//   controls.js which toolbar controls answer (paused, setter mode, an empty history)
//   draw.js    the board as SVG
//   forest.js  the trees of the marks in colour (a puzzle whose table sets forest)
//   pad.js     the number pad's buttons
//   persist.js localStorage: progress, boards, settings
//   merge.js   two tabs' positions of one board merged
//   api.js     the JSON API, failures, the kernel build's progress
//   timer.js   the play clock
//   cells.js   fixed cells, a clue's room, regions
//   glossary.js the hint rules in plain words, sentences naming a rule, the on-page glossary
//   state.js   the shared state (st), small helpers, the hooks

import { $, hooks, pzInfo, say, st } from "./state.js";
import { api, inBrowser, watchBuild } from "./api.js";
import { startEngine } from "./engine.js";
import {
  fillPuzzleSelectors, fillSelect, importText, loadBankList, openBankBoard, openHash, openRecord,
} from "./boards.js";
import { wireEdges } from "./edges.js";
import { wireFiles } from "./files.js";
import { wireForest } from "./forest.js";
import { afterMove, doCheck, doHint, doReveal, setLive, toggleLadder } from "./hints.js";
import { padPress, redo, redoAll, undo, undoAll, wireBoard } from "./input.js";
import { showNotes, wireNotes } from "./notes.js";
import { trialMoved, wireTrials } from "./trials.js";
import { restart } from "./moves.js";
import { wireNewBoard } from "./newboard.js";
import { load, saveProgress, store } from "./persist.js";
import { wirePaper } from "./paper.js";
import { doExport, doMinimise, enterSetter, leaveSetter, setterPlay, toggleSecond, wireShapes } from "./setter.js";
import { wireStats } from "./stats.js";
import { wireTabs } from "./tabs.js";
import { wasOpen } from "./kept.js";
import { showTimer, startTimer, stopTimer, timerRunning } from "./timer.js";
import { render, showPaused } from "./view.js";
import { moved, wireFocus } from "./a11y.js";
import { wireGlossary } from "./glossary.js";

// ------------------------------------------------------------------ the clock, pause

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

// ------------------------------------------------------------------ share

async function doShare() {
  if (!st.rec || st.paused) return;
  let share = st.rec.share;
  try {
    if (!share) { share = await api("export", { board: st.rec.board }); st.rec.share = share; }
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

/** The top bar: puzzle, size, grade, the bank list, Next (New board: newboard.js); and the theme button. */
function wireBoards() {
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
  $("theme").addEventListener("click", () => {
    const t = THEMES[(THEMES.indexOf($("theme").dataset.theme || "auto") + 1) % THEMES.length];
    store("theme", t);
    applyTheme(t);
  });
}

/** The play toolbar, Share and Import. */
function wirePlay() {
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("undo-all").addEventListener("click", undoAll);
  $("redo-all").addEventListener("click", redoAll);
  $("restart").addEventListener("click", restart);
  $("check").addEventListener("click", doCheck);
  $("live").addEventListener("change", () => {
    store("live", $("live").checked);
    setLive($("live").checked);
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
}

/** The setter's buttons. */
function wireSetter() {
  $("setter").addEventListener("click", () => { if (st.setter) leaveSetter(); else enterSetter("kept"); });
  $("setter-current").addEventListener("click", () => enterSetter("current"));
  $("setter-blank").addEventListener("click", () => enterSetter("blank"));
  $("second").addEventListener("click", toggleSecond);
  $("minimise").addEventListener("click", doMinimise);
  $("export").addEventListener("click", doExport);
  $("setter-play").addEventListener("click", setterPlay);
  wireShapes();
  wireEdges();
  wirePaper();
  wireFiles();
}

function wire() {
  wireBoard();
  wireBoards();
  wireNewBoard();
  wirePlay();
  wireSetter();
  wireForest(render, (on) => store("forest", on));
  wireStats();
  wireTrials();
  wireNotes();
  wireFocus(render);
  wireGlossary();
}

async function start() {
  applyTheme(load("theme") || "auto");
  st.live = load("live") ?? true;  // the error display is on unless the player turned it off
  st.forestOn = !!load("forest");
  $("live").checked = st.live;
  wire();
  if (inBrowser) startEngine();  // the static site: pencilbox starts in a web worker while the board draws
  try { st.catalog = await api("catalog", undefined); } catch (e) {
    say(`Cannot reach the server: ${e.message}`, "error"); return;
  }
  watchBuild();
  fillSelect($("puzzle"), st.catalog.puzzles.map((p) => [p.name, p.title || p.name]));
  const refused = await openLink();
  if (refused === "") { reopenSetter(); return; }
  const shown = await openFirst();
  if (refused) say(`The link's board could not be opened: ${refused}. ${shown} is shown instead.`, "error");
  reopenSetter();
}

/** A shared link (?import=...): "" when its board opened, else why not (null: no link). */
async function openLink() {
  const params = new URLSearchParams(location.search);
  if (!params.has("import")) return null;
  fillPuzzleSelectors(st.catalog.puzzles[0].name);
  const text = (params.get("import") || "").trim();
  if (!text) return "its import= part is empty";
  return importText(text, "Board imported.", { replace: true });
}

/** The board the address names, else the last one played, else the bank list's first: which
 *  of the last two was shown, in words. */
async function openFirst() {
  let missed = "";
  if (location.hash.length > 1) {
    if (await openHash()) return "The address's board";
    missed = $("message").textContent;  // why the address's board did not open: kept in view below
  } else {
    const want = load("last");
    const rec = want && load(`board:${want}`);
    if (rec && rec.board && pzInfo(rec.board.puzzle)) { await openRecord(rec, { replace: true }); return "Your last board"; }
    if (want && /^[a-z]+-/.test(want) && pzInfo(want.split("-")[0])) {
      fillPuzzleSelectors(want.split("-")[0]);
      await openBankBoard(want, { replace: true });
      if (st.rec) return "Your last board";
    }
  }
  if (!st.rec) {
    fillPuzzleSelectors(st.catalog.puzzles[0].name);
    await loadBankList(true, true);
  }
  if (missed) say(`${missed} A bank board is shown instead.`, "error");
  return "A bank board";
}

/** A reload of a tab that had the setter open opens it again, on the board kept there. */
function reopenSetter() {
  if (wasOpen() && st.rec && !st.setter) enterSetter("kept");
}

// what a module calls above it (state.js's hooks): no module imports one that imports it
hooks.changed = () => { afterMove(); trialMoved(); showNotes(); moved(); };
hooks.open = openRecord;
hooks.padPress = padPress;
wireTabs();  // hooks.synced, and the storage event of another tab

document.body.dataset.ready = "loading";
start().finally(() => { document.body.dataset.ready = "yes"; });
