// Runs adjudicator.web.evaluate_json under Pyodide (CPython 3.14 compiled to WebAssembly),
// offline, from the npm package in node_modules. Reads {"files": {path: source}, "calls":
// [{"name", "scenario"}]} as JSON on stdin; prints {"python": version, "results": [json, …]}.
import { loadPyodide } from "pyodide";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const pyodide = await loadPyodide();
for (const [path, source] of Object.entries(request.files)) {
  const folder = path.split("/").slice(0, -1).join("/");
  pyodide.FS.mkdirTree(`/home/pyodide/${folder}`);
  pyodide.FS.writeFile(`/home/pyodide/${path}`, source);
}
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
const web = pyodide.pyimport("adjudicator.web");
const results = request.calls.map((call) => web.evaluate_json(call.name, JSON.stringify(call.scenario)));
const version = pyodide.runPython("import sys; sys.version.split()[0]");
process.stdout.write(JSON.stringify({ python: version, results }));
