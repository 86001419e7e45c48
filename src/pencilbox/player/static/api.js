// pencilbox player, the server: the JSON API's one fetch wrapper (/api/...), what a failed call
// says, the answers counted for a board, and the watch on the background build of the kernels.

import { $, say } from "/static/state.js";

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
export function failed(what, e, again = null) {
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
  let s;
  try { s = await api("/api/status"); } catch (e) { setTimeout(watchBuild, 5000); return; }
  const b = build.now = s.build || null;
  const el = $("build");
  const busy = !!b && b.state === "running";
  el.hidden = !busy;
  if (busy) el.textContent = buildText(b);
  if (b && b.state !== "done") setTimeout(watchBuild, busy ? 2000 : 10000);
}

export async function countInfo(b) {
  try {
    const c = await api("/api/setter", { board: b });
    const info = c.count === 1 ? `one answer · grade ${c.grade ?? "?"}`
      : c.count === 0 ? "no answer" : c.count === "2+" ? "more than one answer" : "answers not counted";
    return { grade: c.grade, unique: c.count === 1, info };
  } catch (e) {
    return { grade: null, unique: null, info: `answers not counted (${e.message})` };
  }
}
