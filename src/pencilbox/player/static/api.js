// pencilbox player, its one call: api(verb, body, query) sends a verb of pencilbox's verb table
// (src/pencilbox/verbs) to one of two back ends, the same answers from both. Served by
// `pencilbox play`, it is the JSON API (/api/VERB, the compiled kernels); on the static site (the
// page's <meta name="pencilbox-engine" content="browser">), engine.js answers it: pencilbox itself
// in a web worker (Pyodide). Also here: what a failed call says, the answers counted for a
// board, and the watch on the server's background build of the kernels.

import { $, say } from "./state.js";
import { browserCall, engineStatus } from "./engine.js";

/** Whether this page runs pencilbox in the browser (the static site) rather than on a server. */
export const inBrowser = document.querySelector('meta[name="pencilbox-engine"]')?.content === "browser";

const GET_PATHS = { board: (q) => `api/board/${encodeURIComponent(q.id)}` };

/** A verb's answer: a POST of ``body``, or (body undefined) a GET with the ``query`` fields. */
export async function api(verb, body, query = {}) {
  if (inBrowser) return browserCall(verb, body, query);
  const get = body === undefined;
  const path = get ? (GET_PATHS[verb] ? GET_PATHS[verb](query) : `api/${verb}${queryString(query)}`) : `api/${verb}`;
  const opts = get ? {} : {
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

function queryString(query) {
  const q = new URLSearchParams(query).toString();
  return q ? `?${q}` : "";
}

// What a failed call says: a warm-up is not a failure, only a wait, said as long as it has
// lasted (the server's own count) and asked again after the server's Retry-After.
export function failed(what, e, again = null) {
  if (e.elsewhere) { say(e.message); return; }  // the static site: what the browser cannot make
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

export async function watchBuild() {
  if (inBrowser) { watchEngine(); return; }
  let s;
  try { s = await api("status", undefined); } catch (e) { setTimeout(watchBuild, 5000); return; }
  const b = build.now = s.build || null;
  const el = $("build");
  const busy = !!b && b.state === "running";
  el.hidden = !busy;
  if (busy) el.textContent = buildText(b);
  if (b && b.state !== "done") setTimeout(watchBuild, busy ? 2000 : 10000);
}

/** The static site: the line under the board says while the engine (Python in WebAssembly) loads. */
async function watchEngine() {
  const el = $("build");
  const s = engineStatus();
  el.hidden = s.state === "ready";
  if (s.state === "failed") el.textContent = `The solver could not start in this browser: ${s.error}`;
  else if (s.state !== "ready") el.textContent = "Starting the solver in this browser (Python in WebAssembly)…";
  if (s.state !== "ready" && s.state !== "failed") setTimeout(watchEngine, 250);
}

export async function countInfo(b) {
  try {
    const c = await api("setter", { board: b });
    const info = c.count === 1 ? `one answer · grade ${c.grade ?? "?"}`
      : c.count === 0 ? "no answer" : c.count === "2+" ? "more than one answer" : "answers not counted";
    return { grade: c.grade, unique: c.count === 1, info };
  } catch (e) {
    return { grade: null, unique: null, info: `answers not counted (${e.message})` };
  }
}
