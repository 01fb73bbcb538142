// Runs adjudicator.web.evaluate_json under Pyodide (CPython 3.14 compiled to WebAssembly),
// offline. Reads {"files": {path: source}, "calls": [{"name", "scenario"}], "runtime": folder?,
// "languages": [catalog JSON, …]?} as JSON on stdin; prints {"python": version, "results": [json, …],
// "modules": [names in sys.modules]}.
// Without "runtime": Pyodide from the npm package in node_modules, the sources written into its file system.
// With "runtime" (a site's _runtime/ folder): what a calculator page loads, as its worker (web/calculator-worker.js) does it:
//   Pyodide and its trimmed python_stdlib.zip from <runtime>/pyodide/, the adjudicator unpacked from
//   <runtime>/adjudicator.zip, the generated code of <runtime>/generated.marshal put in place by the worker's
//   own USE_GENERATED_CODE. Each call runs once in English and once per catalog in "languages".
//   "generated" then counts the dataclass/namedtuple texts run from that code ("hits") and compiled ("misses").
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
import { USE_GENERATED_CODE } from "../../web/calculator-worker.js";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));

let pyodide;
if (request.runtime) {
  pyodide = await loadPyodide({ indexURL: `${request.runtime}/pyodide/` });
  const bundle = new Uint8Array(readFileSync(`${request.runtime}/adjudicator.zip`));
  pyodide.unpackArchive(bundle, "zip", { extractDir: "/home/pyodide" });
} else {
  pyodide = await loadPyodide();
  for (const [path, source] of Object.entries(request.files)) {
    const folder = path.split("/").slice(0, -1).join("/");
    pyodide.FS.mkdirTree(`/home/pyodide/${folder}`);
    pyodide.FS.writeFile(`/home/pyodide/${path}`, source);
  }
}
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
if (request.runtime) {
  pyodide.FS.writeFile("/home/pyodide/generated.marshal", new Uint8Array(readFileSync(`${request.runtime}/generated.marshal`)));
  // The page's code takes exec and eval from the namespace it runs in: counted here, then the builtins.
  pyodide.runPython(`
GENERATED = {"hits": 0, "misses": 0}

def _counting(run):
    def count(source, *args, **kwargs):
        GENERATED["misses" if isinstance(source, str) else "hits"] += 1
        return run(source, *args, **kwargs)
    return count

exec, eval = _counting(exec), _counting(eval)
`);
  pyodide.runPython(USE_GENERATED_CODE);
  pyodide.runPython("del exec, eval");
}
const web = pyodide.pyimport("adjudicator.web");
const results = request.calls.map((call) => web.evaluate_json(call.name, JSON.stringify(call.scenario)));
const translated = (request.languages || []).flatMap((language) =>
  request.calls.map((call) => JSON.parse(web.evaluate_json(call.name, JSON.stringify(call.scenario), language)).ok),
);
const version = pyodide.runPython("import sys; sys.version.split()[0]");
const modules = pyodide.runPython("sorted(sys.modules)").toJs();
const generated = request.runtime ? pyodide.runPython("GENERATED").toJs({ dict_converter: Object.fromEntries }) : null;
process.stdout.write(JSON.stringify({ python: version, results, translated, modules, generated }));
