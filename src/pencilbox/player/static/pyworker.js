// pencilbox's engine in a web worker (the static site): Pyodide, CPython in WebAssembly, from the
// site's own pyodide/ folder (nothing from another host), with pencilbox's pure-Python wheel
// unpacked into it. Each message {id, verb, body} is answered {id, status, text} by
// pencilbox.verbs.wire, the same function the server's worker processes answer with.
//
// A later visit starts from a memory snapshot: the first visit, once pencilbox is imported, keeps
// the interpreter's memory in the browser's Cache Storage (one per build); restoring it skips
// Python's start-up and pencilbox's imports (about 1.5 s on a desktop). Pyodide's snapshots are
// its own, pinned with its version: a snapshot that fails to restore is dropped, and the engine
// starts the ordinary way.

// the site build puts Pyodide beside static/ (pencilbox/site/pyodide.py): not a file of the page
import { loadPyodide } from "../pyodide/pyodide.mjs";

const site = new URL("../", import.meta.url);
const SNAPSHOTS = "pyodide-snapshots";  // not "pencilbox-…": the service worker's caches are those
const ENV = { PENCILBOX_KERNELS: "reference", HOME: "/home/pyodide" };
const FORMAT = 1;  // what a snapshot holds (WARM, unpack): a change here makes old ones unused
const WARM = "from pencilbox.verbs import wire\nwire.line('catalog', '')";  // every puzzle imported

function options(extra) {
  return { indexURL: new URL("pyodide/", site).href, env: ENV, stdout: () => {}, stderr: () => {}, ...extra };
}

/** The wheel's files into site-packages (a snapshot holds memory, not Pyodide's file system). */
function unpack(py, wheel) {
  const purelib = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  py.unpackArchive(new Uint8Array(wheel), "wheel", { extractDir: purelib });
}

async function snapshots() {
  try { return await caches.open(SNAPSHOTS); } catch (e) { return null; }  // no Cache Storage here
}

/** The engine from this build's snapshot, or null (none kept, or it did not restore). */
async function restored(store, key, wheel) {
  const hit = store && await store.match(key);
  if (!hit) return null;
  try {
    const py = await loadPyodide(options({ _loadSnapshot: new Uint8Array(await hit.arrayBuffer()) }));
    unpack(py, await wheel);
    const wire = py.pyimport("pencilbox.verbs.wire");
    if (!wire.line("catalog", "").startsWith("200 ")) throw new Error("the restored engine did not answer");
    return { wire, start: "snapshot" };
  } catch (e) {
    await store.delete(key);
    return null;
  }
}

/** The engine started the ordinary way; its memory then kept for the next visit. */
async function fresh(store, key, wheel) {
  const py = await loadPyodide(options({ _makeSnapshot: !!store }));
  unpack(py, await wheel);
  py.runPython(WARM);
  if (store) {
    try {
      const snap = py.makeMemorySnapshot();
      const old = await store.keys();
      await Promise.all(old.map((k) => store.delete(k)));  // an earlier build's snapshot
      store.put(key, new Response(snap)).catch(() => { /* kept next time, perhaps */ });
    } catch (e) { /* no snapshot: the next visit starts the ordinary way */ }
  }
  return { wire: py.pyimport("pencilbox.verbs.wire"), start: "fresh" };
}

async function start() {
  const info = await (await fetch(new URL("data/site.json", site))).json();
  // the wheel downloads (or comes out of the offline copy) while Pyodide starts
  const wheel = fetch(new URL(info.wheel, site)).then((r) => r.arrayBuffer());
  const store = await snapshots();
  const key = new URL(`snapshot/${FORMAT}/${info.pyodide}/${info.wheel_sha256}`, site).href;
  return (await restored(store, key, wheel)) || fresh(store, key, wheel);
}

const ready = start();
ready.then(({ start }) => postMessage({ ready: true, start }), (e) => postMessage({ failed: String(e && e.message || e) }));

onmessage = async ({ data }) => {
  let wire;
  try { ({ wire } = await ready); } catch (e) {
    postMessage({ id: data.id, status: 503, text: JSON.stringify({ error: `the solver did not start: ${e}` }) });
    return;
  }
  const line = wire.line(data.verb, data.body);
  const gap = line.indexOf(" ");
  postMessage({ id: data.id, status: Number(line.slice(0, gap)), text: line.slice(gap + 1) });
};
