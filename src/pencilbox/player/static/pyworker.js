// pencilbox's engine in a web worker (the static site): Pyodide, CPython in WebAssembly, from the
// site's own pyodide/ folder (nothing from another host), with pencilbox's pure-Python wheel
// unpacked into it. Each message {id, verb, body} is answered {id, status, text} by
// pencilbox.verbs.wire, the same function the server's worker processes answer with.

// the site build puts Pyodide beside static/ (pencilbox/site/pyodide.py): not a file of the page
import { loadPyodide } from "../pyodide/pyodide.mjs";

const site = new URL("../", import.meta.url);

async function start() {
  const py = await loadPyodide({
    indexURL: new URL("pyodide/", site).href,
    env: { PENCILBOX_KERNELS: "reference", HOME: "/home/pyodide" },
    stdout: () => {}, stderr: () => {},
  });
  const info = await (await fetch(new URL("data/site.json", site))).json();
  const wheel = await (await fetch(new URL(info.wheel, site))).arrayBuffer();
  const purelib = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  py.unpackArchive(new Uint8Array(wheel), "wheel", { extractDir: purelib });
  return py.pyimport("pencilbox.verbs.wire");
}

const ready = start();
ready.then(() => postMessage({ ready: true }), (e) => postMessage({ failed: String(e && e.message || e) }));

onmessage = async ({ data }) => {
  let wire;
  try { wire = await ready; } catch (e) {
    postMessage({ id: data.id, status: 503, text: JSON.stringify({ error: `the solver did not start: ${e}` }) });
    return;
  }
  const line = wire.line(data.verb, data.body);
  const gap = line.indexOf(" ");
  postMessage({ id: data.id, status: Number(line.slice(0, gap)), text: line.slice(gap + 1) });
};
