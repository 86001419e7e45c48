// pencilbox player on the static site: the verbs answered in this browser. pencilbox itself runs in
// a web worker (pyworker.js: Python in WebAssembly, Pyodide) and answers each verb through the same
// verb table as the server (pencilbox.verbs.wire), so no verb is written twice. The answers that
// never change (the catalog, a puzzle's whole bank list, a bank board) were written into data/ when
// the site was built, so the first board draws before the engine has started. What needs a program
// the browser lacks (the PDF booklet) says so and names the command that makes it.

const BUDGET_MS = 120_000;  // a call that runs longer ends its worker (a fresh one starts): never a hang
const ELSEWHERE = {
  booklet: "The PDF booklet is made by the Python package: `pencilbox print BOARD... --out booklet.pdf`.",
};

let worker = null;
let seq = 0;
const waiting = new Map();  // call id -> {resolve, reject, timer}
const status = { state: "idle", error: null, since: 0, readyMs: null };
const afterStart = [];  // what waits for the engine to be up (or to have failed)

/** Where the engine stands: idle, loading, ready or failed (with its error), and its start time. */
export function engineStatus() { return { ...status }; }

/** The engine's state, also on the page (body[data-engine]: tests and styles can see it). */
function setState(state, error = null) {
  status.state = state;
  status.error = error;
  document.body.dataset.engine = state;
  if (state === "ready" || state === "failed") afterStart.splice(0).forEach((fn) => fn());
}

function fail(id, message, code = 503) {
  const w = waiting.get(id);
  if (!w) return;
  waiting.delete(id);
  clearTimeout(w.timer);
  const err = new Error(message);
  err.status = code;
  w.reject(err);
}

function start() {
  setState("loading");
  status.since = performance.now();
  worker = new Worker(new URL("./pyworker.js", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.ready) {  // body[data-engine-start]: from a memory snapshot (a later visit) or fresh
      status.readyMs = performance.now() - status.since;
      document.body.dataset.engineStart = data.start;
      setState("ready");
      return;
    }
    if (data.failed) { setState("failed", data.failed); return; }
    const w = waiting.get(data.id);
    if (!w) return;
    waiting.delete(data.id);
    clearTimeout(w.timer);
    let said = null;
    try { said = JSON.parse(data.text); } catch (e) { said = null; }
    if (data.status === 200) { w.resolve(said); return; }
    const err = new Error((said && said.error) || `engine answered ${data.status}`);
    err.status = data.status;
    w.reject(err);
  };
  worker.onerror = (e) => { setState("failed", e.message || "the worker stopped"); };
}

/** End a worker that ran past its budget (a compiled-in loop cannot be interrupted): every call
 *  it held fails with one clear message, and the next call starts a fresh engine. */
function restart(id) {
  worker.terminate();
  worker = null;
  for (const other of [...waiting.keys()]) {
    fail(other, other === id
      ? `this needed more than ${BUDGET_MS / 1000} s in the browser; try a smaller board, or pencilbox on the command line`
      : "the solver was restarted while this call waited; try again");
  }
  setState("idle");
}

function call(verb, body) {
  if (!worker) start();
  const id = ++seq;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => restart(id), BUDGET_MS);
    waiting.set(id, { resolve, reject, timer });
    worker.postMessage({ id, verb, body: JSON.stringify(body ?? {}) });
  });
}

/** A bank list's file name (site/build.py's bank_file names it the same way), or null. */
function bankFile(q) {
  const keys = Object.keys(q).sort().join(",");
  if (!["puzzle", "grade,puzzle", "cols,puzzle,rows", "cols,grade,puzzle,rows"].includes(keys)) return null;
  const name = q.puzzle + ("rows" in q ? `-${q.rows}x${q.cols}` : "") + ("grade" in q ? `-${q.grade}` : "");
  return /^[a-z]+(-\d+x\d+)?(-[a-z0-9]+)?$/.test(name) ? name : null;
}

// the answers written at build time (data/site.json lists them): only those are fetched
let listed = null;
async function writtenAnswers() {
  if (!listed) {
    listed = fetch("data/site.json").then((r) => r.json()).then((info) => new Set(info.answers || []))
      .catch(() => new Set());
  }
  return listed;
}

/** The answer written at build time for a GET that has one (data/...), else null. */
async function built(verb, query) {
  let path = null;
  if (verb === "catalog" && !Object.keys(query).length) path = "data/catalog.json";
  if (verb === "bank" && bankFile(query)) path = `data/bank/${bankFile(query)}.json`;
  if (verb === "board" && Object.keys(query).length === 1 && /^[a-z0-9-]+$/.test(query.id || "")) {
    path = `data/board/${query.id}.json`;
  }
  if (!path || !(await writtenAnswers()).has(path)) return null;
  try {
    const res = await fetch(path);
    if (res.ok) return await res.json();
  } catch (e) { /* offline with no cached copy: the engine answers */ }
  return null;
}

/** A PNG of the engine's SVG, drawn by the browser (the engine's PNG needs matplotlib). */
async function png(body) {
  const got = await call("image", { ...body, format: "svg" });
  const img = new Image();
  img.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(got.data)))}`;
  await img.decode();
  const scale = 2;
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil(img.naturalWidth * scale);
  canvas.height = Math.ceil(img.naturalHeight * scale);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const data = canvas.toDataURL("image/png").split(",")[1];
  return { format: "png", name: got.name.replace(/\.svg$/, ".png"), data };
}

/** A verb answered in this browser: ``body`` for a POST, else the GET's ``query``. */
export async function browserCall(verb, body, query = {}) {
  if (ELSEWHERE[verb]) {
    const err = new Error(ELSEWHERE[verb]);
    err.elsewhere = true;  // not a failure: said as it is (api.js, failed)
    throw err;
  }
  if (verb === "status") return { build: null, engine: engineStatus() };
  if (body === undefined) {
    const done = await built(verb, query);
    if (done !== null) return done;
    return call(verb, query);
  }
  if (verb === "image" && body.format === "png") return png(body);
  return call(verb, body);
}

let started = false;

/** Start the engine now (the board draws meanwhile; the site's page calls this first, from its
 *  head, before the rest of the player's scripts run) and keep the site for offline visits. A new
 *  build's service worker takes over as soon as it has cached its files; a page the old one
 *  served then reloads once, so a visit after a new build runs the new build (progress is kept
 *  in localStorage, nothing is lost). */
export function startEngine() {
  if (started) return;
  started = true;
  if (!worker) start();
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const old = navigator.serviceWorker.controller;
  let reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (old && !reloaded) { reloaded = true; location.reload(); }
  });
  // registered once the engine is up: its first visit's downloads do not wait behind the copy
  const keep = () => navigator.serviceWorker.register("sw.js").catch(() => { /* no offline copy */ });
  if (status.state === "ready" || status.state === "failed") keep(); else afterStart.push(keep);
}
