// Build step of the calculator runtime (rulebook/site/runtime.py): compile Python to bytecode with
// Pyodide itself (CPython 3.14 in WebAssembly, from node_modules), so the browser does not
// compile ~200 standard-library modules and the adjudicator from source on every visit.
//
//   node web/precompile.mjs <pyodide dir>  < {"stdlib_out": path | null,
//                                             "files": {"adjudicator/x.py": source, …}, "files_out": path | null,
//                                             "files_zip": path, "modules_out": path | null,
//                                             "generated_out": path | null}
//
// stdlib_out: Pyodide's python_stdlib.zip with every .py replaced by its .pyc (sourceless; zipimport
//   loads it as is). files_out: a zip of the given sources plus __pycache__/<name>.<cache tag>.pyc
//   for each, unchecked-hash pycs that the import system uses without reading the source again.
// Both zips are deterministic (fixed timestamps, sorted names). modules_out: the names of every module
//   in sys.modules once a fresh Pyodide has started, unpacked the adjudicator zip (files_zip, the one
//   just written or a cached one) as the page does, imported each of its modules and run every
//   calculator on an empty and on a malformed scenario: the standard-library modules the site ships
//   (rulebook/site/runtime.py drops the others from python_stdlib.zip). generated_out: from the same run,
//   the code that dataclasses and namedtuple compile from text while the adjudicator's modules load
//   (exec/eval of a generated __init__, __repr__ …), marshalled as {(mode, source): marshalled code} (the
//   page unmarshals only the code it runs, a few hundred of the thousand or so entries): the page
//   hands it to them (web/calculator.js), since compiling that text there took about 60 % of the
//   adjudicator's start. Prints {"python": version}.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const COMPILE = `
import importlib.util, io, json, marshal, sys, zipfile

STAMP = (1980, 1, 1, 0, 0, 0)
UNCHECKED_HASH = (0b01).to_bytes(4, "little")  # PEP 552: hash-based, source not checked


def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    return importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + importlib.util.source_hash(source) + marshal.dumps(code)


def write(zout, name, data):
    info = zipfile.ZipInfo(name, date_time=STAMP)
    # Stored: the site sends the zips Brotli- or gzip-compressed as a whole, which beats deflating each file.
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    zout.writestr(info, data)


def compile_stdlib(path):
    out = io.BytesIO()
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(out, "w") as zout:
        for name in sorted(zin.namelist()):
            data = zin.read(name)
            if name.endswith("/"):
                continue
            if name.endswith(".py"):
                try:
                    write(zout, name[:-3] + ".pyc", pyc(data, name))
                    continue
                except SyntaxError:
                    pass  # a test fixture with bad syntax on purpose: keep its source
            write(zout, name, data)
    return out.getvalue()


def compile_files(files):
    out = io.BytesIO()
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(out, "w") as zout:
        for name in sorted(files):
            source = files[name].encode("utf-8")
            folder, _, base = name.rpartition("/")
            write(zout, name, source)
            cached = f"{folder}/__pycache__/{base[:-3]}.{tag}.pyc" if folder else f"__pycache__/{base[:-3]}.{tag}.pyc"
            write(zout, cached, pyc(source, name))
    return out.getvalue()
`;

// What the page does (web/calculator.js), then every module and calculator, error paths included.
const MEASURE = `
import sys
sys.path.insert(0, "/home/pyodide")
import collections, dataclasses, marshal

GENERATED = {}


def recording(run, mode):
    def record(source, *args, **kwargs):
        if isinstance(source, str):
            GENERATED[(mode, source)] = marshal.dumps(compile(source, "<string>", mode))
        return run(source, *args, **kwargs)

    return record


# Module globals shadow the builtins for these two modules only (as in web/calculator.js).
dataclasses.exec = recording(exec, "exec")
collections.eval = recording(eval, "eval")
import importlib, pkgutil
import adjudicator
import adjudicator.web as web
from adjudicator.registry import calculators
for module in pkgutil.walk_packages(adjudicator.__path__, "adjudicator."):
    importlib.import_module(module.name)
web.calculator_names()
for name in sorted(calculators()):
    web.evaluate_json(name, "{}")
    web.evaluate_json(name, "{")
sorted(sys.modules)
`;

const [pyodideDir] = process.argv.slice(2);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.runPython(COMPILE);
if (request.stdlib_out) {
  const stdlib = pyodide.runPython("[p for p in sys.path if p.endswith('.zip')][0]");
  const bytes = pyodide.globals.get("compile_stdlib")(stdlib).toJs();
  writeFileSync(request.stdlib_out, bytes);
}
if (request.files_out) {
  const files = pyodide.toPy(request.files);
  const bytes = pyodide.globals.get("compile_files")(files).toJs();
  writeFileSync(request.files_out, bytes);
}
if (request.modules_out || request.generated_out) {
  // A Pyodide of its own: the compiler above imported modules (marshal, zipfile, …) that would hide
  // whether the adjudicator needs them.
  const fresh = await loadPyodide({ indexURL: pyodideDir + "/" });
  fresh.unpackArchive(new Uint8Array(readFileSync(request.files_zip)), "zip", { extractDir: "/home/pyodide" });
  const modules = fresh.runPython(MEASURE).toJs();
  if (request.modules_out) writeFileSync(request.modules_out, JSON.stringify(modules));
  if (request.generated_out) {
    // Sorted: the same sources give the same bytes.
    const bytes = fresh.runPython("marshal.dumps(dict(sorted(GENERATED.items(), key=lambda item: item[0])))").toJs();
    writeFileSync(request.generated_out, bytes);
  }
}
process.stdout.write(JSON.stringify({ python: pyodide.runPython("sys.version.split()[0]") }));
