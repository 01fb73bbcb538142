// Rulebook calculator pages: the Python runtime in a dedicated worker, off the page's main thread.
//
// The page script (web/calculator.js) starts this module as a worker (new Worker(url, {type: "module"})),
// so a long computation never freezes the page, and the page can stop one at once by terminating
// the worker (it then starts a fresh one for the next run). The worker loads Pyodide and the
// adjudicator from the _runtime/ folder it is served from (rulebook/site/runtime.py writes it; the
// service worker, web/sw.js, keeps it for offline use) and answers messages one at a time:
//   {id, kind: "load"}         → {id, kind: "loaded", resources: [URL, …]}: what it fetched (the page
//                                hands the list to the service worker to keep, as its own fetches)
//   {id, kind: "run", calculator, scenario, language, package, first}
//                              → {id, kind: "started"} once Python computes, {id, kind: "progress",
//                                share} now and then (a share from 0 to 1, at most ten a second), then
//                                {id, kind: "answer", answer}: the JSON text of adjudicator.web.evaluate_json
//   any failure to load        → {id, kind: "failed", error}
// scenario is JSON text, language the adjudicator catalog's JSON (or null: English), package the
// adjudicator package that registers the calculator (the first answer imports it alone), first true for the
// answer without the parts that can wait (a battle's rounds; adjudicator.web.evaluate_json).

const PYODIDE_DIR = "pyodide/";
const BUNDLE = "adjudicator.zip"; // sources and their bytecode (rulebook/site/runtime.py)
const GENERATED_CODE = "generated.marshal"; // what dataclasses compile from text, compiled (web/precompile.mjs)
const PROGRESS_EVERY_MS = 100;

// dataclasses (exec) and namedtuple (eval) compile Python text when a class is made; compiling
// it took about 60 % of the adjudicator's start here. The build compiled the same text with the
// same CPython: each call gets that code when its text is one of them. The names are set in the
// two modules' globals, which come before the builtins there and nowhere else.
export const USE_GENERATED_CODE = `
import collections, dataclasses, marshal

def _compiled(run, mode, known):
    def run_compiled(source, *args, **kwargs):
        code = known.get((mode, source)) if isinstance(source, str) else None
        return run(source if code is None else marshal.loads(code), *args, **kwargs)
    return run_compiled

with open("/home/pyodide/generated.marshal", "rb") as _file:
    _known = marshal.load(_file)
dataclasses.exec = _compiled(exec, "exec", _known)
collections.eval = _compiled(eval, "eval", _known)
del _file, _known, _compiled
`;

function fetchBytes(url) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
}

let runtime = null;

function loadRuntime() {
  if (runtime) return runtime;
  runtime = (async () => {
    const here = new URL("./", self.location.href);
    const indexURL = new URL(PYODIDE_DIR, here).href;
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const [pyodide, bundle, generated] = await Promise.all([
      loadPyodide({ indexURL }),
      fetchBytes(new URL(BUNDLE, here)),
      fetchBytes(new URL(GENERATED_CODE, here)).catch(() => null), // only faster with it
    ]);
    pyodide.unpackArchive(bundle, "zip", { extractDir: "/home/pyodide" });
    pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
    if (generated) {
      pyodide.FS.writeFile("/home/pyodide/generated.marshal", new Uint8Array(generated));
      pyodide.runPython(USE_GENERATED_CODE);
    }
    return pyodide.pyimport("adjudicator.web");
  })();
  runtime.catch(() => {
    runtime = null; // a failed load (offline on a first visit) is tried again by the next message
  });
  return runtime;
}

// What this worker fetched (its own script, Pyodide, the bundle): the page has the service worker keep it.
function fetched() {
  return [self.location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
}

function reporter(id) {
  let last = -Infinity;
  return (share) => {
    const now = performance.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    self.postMessage({ id, kind: "progress", share });
  };
}

async function answer(message) {
  const web = await loadRuntime();
  if (message.kind === "load") return { kind: "loaded", resources: fetched() };
  self.postMessage({ id: message.id, kind: "started" });
  const text = web.evaluate_json(message.calculator, message.scenario, message.language, message.package, reporter(message.id), Boolean(message.first));
  return { kind: "answer", answer: text };
}

// One message at a time, in order: Python runs one computation at once anyway.
let queue = Promise.resolve();

if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  self.addEventListener("message", (event) => {
    const message = event.data || {};
    queue = queue.then(() => answer(message)).then(
      (result) => self.postMessage({ id: message.id, ...result }),
      (error) => self.postMessage({ id: message.id, kind: "failed", error: String(error && error.message ? error.message : error) }),
    );
  });
}
