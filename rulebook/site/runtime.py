"""The calculator runtime of the site: Pyodide, the adjudicator, the page script, the service worker.

``rulebook build`` writes it after the MkDocs builds, fresh every time (nothing of
it is committed)::

    node_modules/pyodide/{pyodide.mjs, pyodide.asm.mjs,      ──copy──▶ site/_runtime/pyodide/
        pyodide.asm.wasm, pyodide-lock.json}
    node_modules/pyodide/python_stdlib.zip ──.py → .pyc, unused modules out──▶ site/_runtime/pyodide/python_stdlib.zip
    adjudicator/**/*.py    ──sources + __pycache__/*.pyc──▶ site/_runtime/adjudicator.zip
                           ──code dataclasses/namedtuple generate, compiled──▶ site/_runtime/generated.marshal
    scenario JSON Schemas  ──one file per calculator──▶ site/_runtime/schema/<name>.json
    web/calculator.js      ──copy──▶ site/_runtime/calculator.js
    web/calculator-worker.js ──copy──▶ site/_runtime/calculator-worker.js (Pyodide runs in this worker)
    web/mapeditor.js       ──copy──▶ site/_runtime/mapeditor.js (the hex-map calculators' map editor)
    node_modules/js-yaml/dist/browser/js-yaml.esm.min.mjs ──copy──▶ site/_runtime/js-yaml.mjs (+ its LICENSE)
    web/sw.js              ──__RUNTIME_VERSION__ := digest of all the above──▶ site/sw.js
    each file above        ──gzip, Brotli──▶ <file>.gz, <file>.br beside it (where smaller)

Why bytecode: Pyodide ships its standard library as ``.py`` sources, so starting Python
in the page compiled about 200 modules from source — 4.4 s of the 5.2 s Pyodide took
to start here, against 1.8 s with the same library as ``.pyc``; the adjudicator's own
twenty-odd modules cost another second. ``web/precompile.mjs`` compiles both with
Pyodide itself under Node.js (the bytecode must come from the same CPython, 3.14, that
runs it), as unchecked-hash ``.pyc`` files (PEP 552), in deterministic zips. The
compiled standard library depends only on the Pyodide release and the adjudicator zip
only on its sources, so both are cached by digest in ``node_modules/.cache/rulebook/``
(emptied by every ``npm ci``) and a build compiles only what changed.

Why a smaller standard library: Pyodide's zip holds 559 modules, and a
calculator page uses about 180 of them, most imported by Pyodide's own start (asyncio,
its FFI, …). ``web/precompile.mjs`` measures which: a fresh Pyodide unpacks the
adjudicator zip as the page does, imports every module of it and runs every calculator
on an empty and on a malformed scenario; the names left in ``sys.modules`` are what
:func:`trim_stdlib` keeps. The zip's entries are stored, not deflated: compressed
over HTTP as one stream (Brotli, gzip) the zip is smaller than its entries compressed
one by one, and zipimport has nothing to inflate. ``tests/adjudicator/test_pyodide.py``
runs every worked example on the trimmed runtime the build wrote.

Why the generated code too: a dataclass's ``__init__``, ``__repr__``, ``__eq__``
… are Python text that :mod:`dataclasses` compiles with ``exec`` when the class is made
(``namedtuple`` likewise with ``eval``), and compiling under Pyodide is slow: it was about 60 %
of the time the battle page spent importing the adjudicator and answering. ``web/precompile.mjs``
records that text while it imports every module (in the same CPython) and writes the
compiled code as ``{(mode, source): marshalled code}``; the page hands each such call its code when the
text is the same, and compiles anything else as before.

Why precompressed files: a static host serves ``pyodide.asm.wasm.br`` for
``pyodide.asm.wasm`` to a browser that accepts Brotli (``gzip_static``/``brotli_static``
in nginx, ``precompressed`` in Caddy; ``rulebook serve`` does the same, see
:mod:`rulebook.site.serve`), so a first visit transfers about a third of the runtime's
bytes. Brotli at its best quality takes about a minute for the wasm on this machine,
so each compressed file is cached by the digest of its bytes, beside the compiled zips;
gzip is written with no timestamp or file name, so a build is byte-for-byte reproducible.

The pages load none of it: only a calculator page's host element makes the site
script import ``_runtime/calculator.js``, which starts ``_runtime/calculator-worker.js``, a
dedicated worker that loads Pyodide and the adjudicator and computes off the page's main thread
(a long computation never freezes the page, and Stop terminates the worker). The service
worker, which every page registers (the site script), keeps ``_runtime/`` in the browser's
cache under a name that holds the digest, so a
changed adjudicator or Pyodide replaces the cached copy, and an unchanged one is never
fetched twice. It also keeps every page of the site it has served (network first), so a
page opened once reopens offline, and stores whole games on request ("keep offline",
:mod:`rulebook.site.offline`).

js-yaml (MIT, pinned in package-lock.json like Pyodide) lets the scenario editor read and
write YAML, the format of the worked examples in ``content/``; the page imports it only
when the editor is switched to YAML or YAML is pasted into it.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import time
import zipfile
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import brotli

from rulebook.errors import CalculatorRuntimeError

__all__ = [
    "ENCODINGS",
    "PYODIDE_FILES",
    "RUNTIME_FOLDER",
    "RuntimeReport",
    "YAML_MODULE",
    "adjudicator_modules",
    "check_runtime_inputs",
    "compiled_runtime",
    "precompress",
    "runtime_digest",
    "stdlib_module",
    "transferred_bytes",
    "trim_stdlib",
    "write_runtime",
]

RUNTIME_FOLDER = "_runtime"
"""The site folder that holds everything a calculator page loads (and the service worker caches)."""

PAGE_SCRIPTS = ("calculator.js", "calculator-worker.js", "mapeditor.js")
"""The calculator pages' own modules, copied from ``web/`` as they are: ``calculator.js`` imports the map editor
and starts ``calculator-worker.js`` as the worker that runs Pyodide."""

YAML_MODULE = Path("js-yaml") / "dist" / "browser" / "js-yaml.esm.min.mjs"
"""Under ``node_modules``: the YAML parser of the scenario editor, an ES module with no imports."""

YAML_LICENSE = Path("js-yaml") / "LICENSE"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""What ``loadPyodide`` fetches for the standard library alone (no packages, no source maps)."""

STDLIB = "python_stdlib.zip"
"""The one Pyodide file the site ships compiled rather than copied."""

GENERATED_CODE = "generated.marshal"
"""Under ``_runtime/``: the code dataclasses and namedtuple generate, compiled (see ``web/precompile.mjs``)."""

CACHE_FOLDER = Path(".cache") / "rulebook"
"""Under ``node_modules``: the compiled zips, named by the digest of what they were compiled from."""

COMPRESSED_CACHE = "compressed"
"""Under the cache folder: ``<sha256 of the original>.br`` / ``.gz``."""

PRECOMPILE_TIMEOUT_SECONDS = 300

CACHE_LIFETIME_SECONDS = 24 * 3600

_VERSION_PLACEHOLDER = "__RUNTIME_VERSION__"

ENCODINGS = {"br": ".br", "gzip": ".gz"}
"""HTTP ``Content-Encoding`` → the suffix of the precompressed file beside the original, best first."""

BROTLI_QUALITY = 11
GZIP_LEVEL = 9


@dataclass(frozen=True)
class RuntimeReport:
    """What :func:`write_runtime` wrote."""

    version: str
    """The digest the service worker's cache is named after."""
    bytes: int
    """Total size of ``_runtime/`` and ``sw.js``, uncompressed (what a first visit may download, at most)."""
    calculators: tuple[str, ...]
    transferred: Mapping[str, int]
    """Content-Encoding (``br``, ``gzip``) → the same total when each file is sent precompressed where smaller."""
    stdlib_modules: int
    """How many standard-library modules ``python_stdlib.zip`` keeps (the page imports them all)."""


def runtime_digest(folder: Path) -> str:
    """A short digest of every file under ``folder`` (names and bytes), in a stable order.

    Precompressed copies (``.gz``, ``.br``) are left out: they follow from the files they compress.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as name:
    ...     _ = (Path(name) / "a.txt").write_text("1")
    ...     first = runtime_digest(Path(name))
    ...     _ = (Path(name) / "a.txt").write_text("2")
    ...     first != runtime_digest(Path(name)) and len(first) == 16
    True
    """
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix not in ENCODINGS.values()):
        digest.update(path.relative_to(folder).as_posix().encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def check_runtime_inputs(node_modules: Path, adjudicator: Path, web: Path) -> Path:
    """Pyodide's folder, after checking that every input of the runtime is there (a build checks first)."""
    pyodide = node_modules / "pyodide"
    missing_pyodide = [name for name in PYODIDE_FILES if not (pyodide / name).is_file()]
    if missing_pyodide:
        raise CalculatorRuntimeError(
            f"{pyodide}: Pyodide is not installed (missing {', '.join(missing_pyodide)}); the calculator pages need "
            "it. "
            "Run `npm ci` in the repository (`make setup` does), which installs the version pinned in package-lock.json"
        )
    missing_yaml = [
        str(node_modules / path) for path in (YAML_MODULE, YAML_LICENSE) if not (node_modules / path).is_file()
    ]
    if missing_yaml:
        raise CalculatorRuntimeError(
            f"js-yaml is not installed (missing {', '.join(missing_yaml)}); the calculator's scenario editor needs it. "
            "Run `npm ci` in the repository (`make setup` does), which installs the version pinned in package-lock.json"
        )
    missing_web = [str(web / name) for name in (*PAGE_SCRIPTS, "sw.js", "precompile.mjs") if not (web / name).is_file()]
    if not adjudicator_modules(adjudicator):
        missing_web.append(f"{adjudicator}/*.py")
    if missing_web:
        raise CalculatorRuntimeError(f"the calculator runtime's sources are missing: {', '.join(missing_web)}")
    return pyodide


def adjudicator_modules(adjudicator: Path) -> list[Path]:
    """Every module of the adjudicator package, its game and engine packages included, in a stable order."""
    return sorted(path for path in adjudicator.rglob("*.py") if "__pycache__" not in path.parts)


def _short_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def compiled_runtime(pyodide: Path, adjudicator: Path, web: Path, cache: Path) -> tuple[Path, Path, Path, Path]:
    """The bytecode zips (standard library, adjudicator), the modules a page imports and the generated code.

    The third path is a JSON list of the names in ``sys.modules`` after the adjudicator ran
    under Pyodide, the fourth the code dataclasses and namedtuple compiled from text meanwhile
    (see ``web/precompile.mjs``); what is missing is compiled. Raises
    :class:`CalculatorRuntimeError` when Node.js is missing or the compilation fails.
    """
    # Bytecode belongs to one interpreter: the key covers the library, the start of the wasm build and the compiler.
    stdlib_key = _short_digest(
        (pyodide / STDLIB).read_bytes()
        + (pyodide / "pyodide.asm.wasm").read_bytes()[: 1 << 20]
        + (web / "precompile.mjs").read_bytes()
    )
    files = {
        f"adjudicator/{path.relative_to(adjudicator).as_posix()}": path.read_text(encoding="utf-8")
        for path in adjudicator_modules(adjudicator)
    }
    files_key = _short_digest(stdlib_key.encode("ascii") + json.dumps(files, sort_keys=True).encode("utf-8"))
    stdlib_zip, files_zip = cache / f"python_stdlib.{stdlib_key}.zip", cache / f"adjudicator.{files_key}.zip"
    modules = cache / f"adjudicator.{files_key}.modules.json"
    generated = cache / f"adjudicator.{files_key}.generated.marshal"
    outputs = (stdlib_zip, files_zip, modules, generated)
    if all(path.is_file() for path in outputs):
        for path in outputs:
            path.touch()  # in use: not pruned
        return outputs
    node = shutil.which("node")
    if node is None:
        raise CalculatorRuntimeError(
            "node (Node.js) not found on PATH; the build compiles the calculator runtime to bytecode "
            "with Pyodide under Node.js. Install Node.js with npm, then run `make setup`"
        )
    cache.mkdir(parents=True, exist_ok=True)
    suffix = f".{os.getpid()}.tmp"
    request = {
        "stdlib_out": None if stdlib_zip.is_file() else str(stdlib_zip) + suffix,
        "files": files,
        "files_out": None if files_zip.is_file() else str(files_zip) + suffix,
        "files_zip": str(files_zip) if files_zip.is_file() else str(files_zip) + suffix,
        "modules_out": None if modules.is_file() else str(modules) + suffix,
        "generated_out": None if generated.is_file() else str(generated) + suffix,
    }
    script = web / "precompile.mjs"
    try:
        completed = subprocess.run(
            [node, str(script), str(pyodide.resolve())],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            timeout=PRECOMPILE_TIMEOUT_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise CalculatorRuntimeError(
            f"{script}: compiling the runtime took longer than {PRECOMPILE_TIMEOUT_SECONDS} s"
        ) from None
    if completed.returncode != 0:
        raise CalculatorRuntimeError(
            f"{script} failed (exit {completed.returncode}) to compile the runtime with Pyodide:\n"
            f"{completed.stderr[-3000:] or completed.stdout[-3000:]}"
        )
    # Written under a temporary name and renamed: a concurrent build never reads half a zip.
    for target in outputs:
        written = Path(str(target) + suffix)
        if written.is_file():
            written.replace(target)
    _prune(cache, keep=set(outputs))
    return outputs


def stdlib_module(name: str) -> str | None:
    """The module a file of the standard-library zip holds, or None for a file that is no module.

    >>> stdlib_module("json/__init__.pyc"), stdlib_module("json/decoder.pyc"), stdlib_module("os.pyc")
    ('json', 'json.decoder', 'os')
    >>> stdlib_module("pyodide/py.typed") is None
    True
    """
    stem, dot, extension = name.rpartition(".")
    if not dot or extension not in ("pyc", "py"):
        return None
    return stem.removesuffix("/__init__").replace("/", ".")


def trim_stdlib(compiled: bytes, keep: Collection[str]) -> bytes:
    """The compiled standard-library zip with only the modules named in ``keep``, stored uncompressed.

    Files that hold no module (``py.typed``, READMEs) are left out too. Deterministic: the
    same input gives the same bytes.

    >>> source = io.BytesIO()
    >>> with zipfile.ZipFile(source, "w") as library:
    ...     for name in ("json/__init__.pyc", "json/tool.pyc", "email/__init__.pyc", "pyodide/py.typed"):
    ...         library.writestr(name, b"code")
    >>> sorted(zipfile.ZipFile(io.BytesIO(trim_stdlib(source.getvalue(), {"json", "sys"}))).namelist())
    ['json/__init__.pyc']
    """
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(compiled)) as library, zipfile.ZipFile(out, "w") as trimmed:
        for info in sorted(library.infolist(), key=lambda entry: entry.filename):
            if stdlib_module(info.filename) not in keep:
                continue
            entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_STORED
            entry.external_attr = info.external_attr
            trimmed.writestr(entry, library.read(info))
    return out.getvalue()


def _compress(data: bytes, encoding: str) -> bytes:
    if encoding == "br":
        return bytes(brotli.compress(data, quality=BROTLI_QUALITY))
    # mtime=0 and no file name in the header: the same bytes give the same .gz, build after build.
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=GZIP_LEVEL, mtime=0) as stream:
        stream.write(data)
    return buffer.getvalue()


def precompress(files: Iterable[Path], cache: Path) -> None:
    """Write ``<file>.br`` and ``<file>.gz`` beside each file, where they are smaller than the file itself.

    Compressed bytes are cached in ``cache`` by the digest of the original, so an unchanged
    Pyodide is compressed once per machine, not once per build.
    """
    cache.mkdir(parents=True, exist_ok=True)
    for path in files:
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        for encoding, suffix in ENCODINGS.items():
            cached = cache / f"{digest}{suffix}"
            if cached.is_file():
                compressed = cached.read_bytes()
                cached.touch()  # in use: not pruned
            else:
                compressed = _compress(data, encoding)
                written = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
                written.write_bytes(compressed)
                written.replace(cached)
            if len(compressed) < len(data):
                path.with_name(path.name + suffix).write_bytes(compressed)


def transferred_bytes(files: Iterable[Path], encoding: str) -> int:
    """What sending ``files`` takes when a file's precompressed copy for ``encoding`` is sent where there is one."""
    suffix = ENCODINGS[encoding]
    total = 0
    for path in files:
        compressed = path.with_name(path.name + suffix)
        total += (compressed if compressed.is_file() else path).stat().st_size
    return total


def _prune(cache: Path, keep: set[Path]) -> None:
    """Drop cached files unused for a day (each adjudicator change adds some; a build running now keeps its own)."""
    limit = time.time() - CACHE_LIFETIME_SECONDS
    cached = [
        path for pattern in ("*.zip", "*.json", "*.marshal", f"{COMPRESSED_CACHE}/*") for path in cache.glob(pattern)
    ]
    for path in cached:
        try:
            if path not in keep and path.stat().st_mtime < limit:
                path.unlink()
        except FileNotFoundError:  # pruned by a concurrent build
            continue


def write_runtime(
    site: Path,
    node_modules: Path,
    adjudicator: Path,
    web: Path,
    schemas: Mapping[str, object],
    messages: Mapping[str, str] | None = None,
) -> RuntimeReport:
    """Write ``site/_runtime/`` and ``site/sw.js`` from scratch; ``schemas`` maps calculator names to JSON Schemas.

    ``messages`` maps a language code to its adjudicator catalog as JSON
    (:meth:`adjudicator.messages.AnswerLanguage.to_json`), written to ``_runtime/messages/<code>.json``:
    the page hands it to :func:`adjudicator.web.evaluate_json` so answers and traces come in its language.

    Raises :class:`CalculatorRuntimeError` naming what is missing (Pyodide above all) before
    anything is written.
    """
    pyodide = check_runtime_inputs(node_modules, adjudicator, web)
    cache = node_modules / CACHE_FOLDER
    stdlib_zip, adjudicator_zip, modules, generated = compiled_runtime(pyodide, adjudicator, web, cache)
    imported = set(json.loads(modules.read_text(encoding="utf-8")))
    folder = site / RUNTIME_FOLDER
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name != STDLIB:
            shutil.copyfile(pyodide / name, folder / "pyodide" / name)
    (folder / "pyodide" / STDLIB).write_bytes(trim_stdlib(stdlib_zip.read_bytes(), imported))
    shutil.copyfile(adjudicator_zip, folder / "adjudicator.zip")
    shutil.copyfile(generated, folder / GENERATED_CODE)
    (folder / "schema").mkdir()
    for name, schema in sorted(schemas.items()):
        (folder / "schema" / f"{name}.json").write_text(
            json.dumps(schema, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
        )
    (folder / "messages").mkdir()
    for code, catalog in sorted((messages or {}).items()):
        (folder / "messages" / f"{code}.json").write_text(catalog, encoding="utf-8")
    for name in PAGE_SCRIPTS:
        shutil.copyfile(web / name, folder / name)
    # The source map is not shipped: without this line a browser's developer tools would ask for it.
    module = (node_modules / YAML_MODULE).read_text(encoding="utf-8")
    # split("\n"), not splitlines(): the module has U+0085 (NEL), a line break to Python, inside a string.
    module = "\n".join(line for line in module.split("\n") if not line.startswith("//# sourceMappingURL="))
    (folder / "js-yaml.mjs").write_text(module, encoding="utf-8")
    shutil.copyfile(node_modules / YAML_LICENSE, folder / "js-yaml.LICENSE.txt")
    version = runtime_digest(folder)
    worker = (web / "sw.js").read_text(encoding="utf-8")
    if _VERSION_PLACEHOLDER not in worker:
        raise CalculatorRuntimeError(
            f"{web / 'sw.js'}: expected the placeholder {_VERSION_PLACEHOLDER} (the cache's name), found none"
        )
    (site / "sw.js").write_text(worker.replace(_VERSION_PLACEHOLDER, version), encoding="utf-8")
    shipped = [*sorted(path for path in folder.rglob("*") if path.is_file()), site / "sw.js"]
    precompress(shipped, cache / COMPRESSED_CACHE)
    with zipfile.ZipFile(folder / "pyodide" / STDLIB) as library:
        kept = {stdlib_module(name) for name in library.namelist()} - {None}
    return RuntimeReport(
        version=version,
        bytes=sum(path.stat().st_size for path in shipped),
        calculators=tuple(sorted(schemas)),
        transferred={encoding: transferred_bytes(shipped, encoding) for encoding in ENCODINGS},
        stdlib_modules=len(kept),
    )
