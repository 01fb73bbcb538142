"""Tests of :mod:`rulebook.site.runtime`: the calculator runtime written into the site.

The runtime is Pyodide, the adjudicator's bytecode and the service worker.
"""

from __future__ import annotations

import gzip
import io
import json
import re
import shutil
import zipfile
from dataclasses import replace
from pathlib import Path

import brotli
import pytest

from rulebook.errors import CalculatorRuntimeError
from rulebook.site.build import ProjectPaths, build_site
from rulebook.site.runtime import (
    ENCODINGS,
    PYODIDE_FILES,
    YAML_MODULE,
    RuntimeReport,
    adjudicator_modules,
    check_runtime_inputs,
    runtime_digest,
    stdlib_module,
    write_runtime,
)
from tests.conftest import DATA, REPOSITORY, require

NODE_MODULES = REPOSITORY / "node_modules"
SCHEMAS = {"ipc-chips": {"type": "object", "properties": {"ipc": {"type": "integer"}}}}


@pytest.fixture(scope="module")
def runtime_written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, RuntimeReport]:
    """A site folder with only the runtime written into it (from the real node_modules and adjudicator)."""
    require((NODE_MODULES / "pyodide" / "pyodide.asm.wasm").is_file(), "node_modules/pyodide missing: run make setup")
    require(shutil.which("node") is not None, "node is not installed")
    site = tmp_path_factory.mktemp("runtime-site")
    report = write_runtime(site, NODE_MODULES, REPOSITORY / "adjudicator", REPOSITORY / "web", SCHEMAS)
    return site, report


@pytest.fixture(scope="module")
def runtime_site(runtime_written: tuple[Path, RuntimeReport]) -> Path:
    return runtime_written[0]


def _shipped(site: Path) -> list[Path]:
    files = [path for path in (site / "_runtime").rglob("*") if path.is_file() and path.suffix not in (".br", ".gz")]
    return [*files, site / "sw.js"]


class TestWriteRuntime:
    def test_only_the_pyodide_files_a_page_needs(self, runtime_site: Path) -> None:
        """_runtime/pyodide/ holds the five files loadPyodide fetches (and their compressed copies), nothing else."""
        shipped = [
            path.name for path in (runtime_site / "_runtime" / "pyodide").iterdir() if path.suffix not in ".br.gz"
        ]
        assert sorted(shipped) == sorted(PYODIDE_FILES)
        for name in ("pyodide.mjs", "pyodide.asm.wasm", "pyodide-lock.json"):
            assert (runtime_site / "_runtime" / "pyodide" / name).read_bytes() == (
                NODE_MODULES / "pyodide" / name
            ).read_bytes()

    def test_standard_library_is_shipped_as_bytecode(self, runtime_site: Path) -> None:
        """python_stdlib.zip keeps Pyodide's modules it ships, each compiled to a sourceless .pyc of the same name."""
        with zipfile.ZipFile(NODE_MODULES / "pyodide" / "python_stdlib.zip") as original:
            sources = {name for name in original.namelist() if name.endswith(".py")}
        with zipfile.ZipFile(runtime_site / "_runtime" / "pyodide" / "python_stdlib.zip") as compiled:
            names = set(compiled.namelist())
            pyc = compiled.read("json/__init__.pyc")
            methods = {info.compress_type for info in compiled.infolist()}
        assert names <= {name[:-3] + ".pyc" for name in sources}
        assert not any(name.endswith(".py") for name in names & sources)
        assert pyc[4:8] == b"\x01\x00\x00\x00"  # PEP 552 flags: hash-based, source not checked
        assert methods == {zipfile.ZIP_STORED}  # compressed as a whole over HTTP

    def test_standard_library_keeps_only_what_the_page_imports(
        self, runtime_written: tuple[Path, RuntimeReport]
    ) -> None:
        """What Pyodide's start and the adjudicator import stays; test, mail and GUI modules are left out."""
        site, report = runtime_written
        with zipfile.ZipFile(site / "_runtime" / "pyodide" / "python_stdlib.zip") as compiled:
            kept = {stdlib_module(name) for name in compiled.namelist()}
        with zipfile.ZipFile(NODE_MODULES / "pyodide" / "python_stdlib.zip") as original:
            everything = {stdlib_module(name) for name in original.namelist()} - {None}
        # Pyodide's own start, and what the adjudicator's modules import.
        assert {"_pyodide", "pyodide.ffi", "asyncio", "encodings.utf_8", "zipfile", "pkgutil"} <= kept
        assert {"json", "fractions", "gettext", "dataclasses", "enum", "typing", "random", "bisect"} <= kept
        assert not {"unittest", "email", "tkinter", "xml.sax", "http.client", "doctest", "pydoc"} & kept
        assert None not in kept  # no README or py.typed
        assert report.stdlib_modules == len(kept) < len(everything) / 2

    def test_every_file_has_smaller_compressed_copies(self, runtime_site: Path) -> None:
        """Each runtime file of 1 kB or more has a smaller .br and .gz beside it that decompress to its bytes."""
        for path in _shipped(runtime_site):
            data = path.read_bytes()
            copies = {encoding: path.with_name(path.name + suffix) for encoding, suffix in ENCODINGS.items()}
            if len(data) < 1000:  # a tiny schema: compression may only add its header, and then no copy is written
                continue
            assert all(copy.is_file() for copy in copies.values()), path
            assert brotli.decompress(copies["br"].read_bytes()) == data, path
            assert gzip.decompress(copies["gzip"].read_bytes()) == data, path
            assert copies["br"].stat().st_size < len(data) and copies["gzip"].stat().st_size < len(data)
            assert copies["gzip"].read_bytes()[4:8] == b"\0\0\0\0"  # no timestamp: reproducible builds

    def test_report_counts_transferred_bytes(self, runtime_written: tuple[Path, RuntimeReport]) -> None:
        """The report's totals are the files' sizes, and with each coding what the precompressed copies take."""
        site, report = runtime_written
        shipped = _shipped(site)
        assert report.bytes == sum(path.stat().st_size for path in shipped)
        for encoding, suffix in ENCODINGS.items():
            expected = sum(
                (path.with_name(path.name + suffix) if path.with_name(path.name + suffix).is_file() else path)
                .stat()
                .st_size
                for path in shipped
            )
            assert report.transferred[encoding] == expected < report.bytes / 2

    def test_adjudicator_sources_with_their_bytecode(self, runtime_site: Path) -> None:
        """adjudicator.zip has every module's source and a __pycache__ .pyc for Python 3.14 beside it."""
        with zipfile.ZipFile(runtime_site / "_runtime" / "adjudicator.zip") as bundle:
            names = set(bundle.namelist())
            web = bundle.read("adjudicator/web.py")
        modules = [
            path.relative_to(REPOSITORY / "adjudicator") for path in adjudicator_modules(REPOSITORY / "adjudicator")
        ]
        assert any(len(module.parts) > 1 for module in modules)  # the game and engine packages are in
        assert {f"adjudicator/{module.as_posix()}" for module in modules} <= names
        assert {
            f"adjudicator/{(module.parent / '__pycache__' / f'{module.stem}.cpython-314.pyc').as_posix()}"
            for module in modules
        } <= names
        assert web == (REPOSITORY / "adjudicator" / "web.py").read_bytes()

    def test_schemas_script_and_service_worker(self, runtime_site: Path) -> None:
        """One schema file per calculator, the page script and its worker as is, sw.js named after the digest."""
        assert (
            json.loads((runtime_site / "_runtime" / "schema" / "ipc-chips.json").read_text(encoding="utf-8"))
            == SCHEMAS["ipc-chips"]
        )
        for script in ("calculator.js", "calculator-worker.js"):
            assert (runtime_site / "_runtime" / script).read_bytes() == (REPOSITORY / "web" / script).read_bytes()
        worker = (runtime_site / "sw.js").read_text(encoding="utf-8")
        assert "__RUNTIME_VERSION__" not in worker
        assert f'const RUNTIME_CACHE = "rulebook-runtime-{runtime_digest(runtime_site / "_runtime")}";' in worker

    def test_yaml_parser_vendored_without_its_source_map(self, runtime_site: Path) -> None:
        """js-yaml is copied from node_modules with its licence, minus the sourceMappingURL line.

        No .map is shipped.
        """
        module = (runtime_site / "_runtime" / "js-yaml.mjs").read_text(encoding="utf-8")
        vendored = (NODE_MODULES / YAML_MODULE).read_text(encoding="utf-8")
        assert "sourceMappingURL" in vendored and "sourceMappingURL" not in module
        assert module.split("\n") == [
            line for line in vendored.split("\n") if not line.startswith("//# sourceMappingURL=")
        ]
        assert "\x85" in vendored and module.count("\x85") == vendored.count("\x85")  # NEL inside a string stays
        assert "MIT" in (runtime_site / "_runtime" / "js-yaml.LICENSE.txt").read_text(encoding="utf-8")
        assert not list((runtime_site / "_runtime").glob("*.map"))

    def test_rebuilt_from_the_cache_byte_for_byte(self, runtime_site: Path, tmp_path: Path) -> None:
        """A second build takes the compiled zips from the cache: same runtime, same digest."""
        report = write_runtime(tmp_path, NODE_MODULES, REPOSITORY / "adjudicator", REPOSITORY / "web", SCHEMAS)
        assert report.version == runtime_digest(runtime_site / "_runtime")
        first = sorted(path.relative_to(runtime_site) for path in runtime_site.rglob("*") if path.is_file())
        second = sorted(path.relative_to(tmp_path) for path in tmp_path.rglob("*") if path.is_file())
        assert first == second
        assert all((runtime_site / name).read_bytes() == (tmp_path / name).read_bytes() for name in first)

    def test_a_changed_module_changes_the_version(self, runtime_site: Path, tmp_path: Path) -> None:
        """Editing the adjudicator gives new bytecode and a new cache name, so browsers drop the old runtime."""
        adjudicator = tmp_path / "adjudicator"
        shutil.copytree(REPOSITORY / "adjudicator", adjudicator, ignore=shutil.ignore_patterns("__pycache__"))
        (adjudicator / "web.py").write_text(
            (adjudicator / "web.py").read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8"
        )
        report = write_runtime(tmp_path / "site", NODE_MODULES, adjudicator, REPOSITORY / "web", SCHEMAS)
        assert report.version != runtime_digest(runtime_site / "_runtime")
        with zipfile.ZipFile(io.BytesIO((tmp_path / "site" / "_runtime" / "adjudicator.zip").read_bytes())) as bundle:
            assert bundle.read("adjudicator/web.py").endswith(b"# changed\n")


class TestMissingInputs:
    def test_missing_pyodide_names_the_folder_and_the_fix(self, tmp_path: Path) -> None:
        """Without node_modules/pyodide the error says where it looked, what is missing and to run npm ci."""
        with pytest.raises(
            CalculatorRuntimeError,
            match=re.escape(str(tmp_path / "pyodide")) + r": Pyodide is not installed "
            r"\(missing pyodide\.mjs, .*\).*Run `npm ci`",
        ):
            check_runtime_inputs(tmp_path, REPOSITORY / "adjudicator", REPOSITORY / "web")

    def test_missing_yaml_parser_names_the_file_and_the_fix(self, tmp_path: Path) -> None:
        """With Pyodide but no js-yaml (an npm install from an older lock file) the error names the file and npm ci."""
        require(
            (NODE_MODULES / "pyodide" / "pyodide.asm.wasm").is_file(), "node_modules/pyodide missing: run make setup"
        )
        (tmp_path / "pyodide").symlink_to(NODE_MODULES / "pyodide")
        with pytest.raises(
            CalculatorRuntimeError, match=re.escape(str(tmp_path / YAML_MODULE)) + r".*scenario editor.*Run `npm ci`"
        ):
            check_runtime_inputs(tmp_path, REPOSITORY / "adjudicator", REPOSITORY / "web")

    def test_a_build_without_pyodide_stops_before_it_starts(self, tmp_path: Path) -> None:
        """build_site refuses at once, before generating anything, when Pyodide is missing."""
        paths = ProjectPaths.for_project(
            REPOSITORY, content=DATA / "good", sources=DATA / "sources", out=tmp_path / "site", work=tmp_path / "build"
        )
        with pytest.raises(CalculatorRuntimeError, match="Pyodide is not installed"):
            build_site(replace(paths, node_modules=tmp_path / "nowhere"), languages=["en"])
        assert not (tmp_path / "site").exists() and not (tmp_path / "build").exists()

    def test_a_service_worker_without_placeholder_is_refused(self, tmp_path: Path) -> None:
        """sw.js must name its cache with __RUNTIME_VERSION__; otherwise an old runtime would never be replaced."""
        require(
            (NODE_MODULES / "pyodide" / "pyodide.asm.wasm").is_file(), "node_modules/pyodide missing: run make setup"
        )
        web = tmp_path / "web"
        shutil.copytree(REPOSITORY / "web", web)
        (web / "sw.js").write_text('const CACHE = "fixed";\n', encoding="utf-8")
        with pytest.raises(CalculatorRuntimeError, match=r"sw\.js: expected the placeholder __RUNTIME_VERSION__"):
            write_runtime(tmp_path / "site", NODE_MODULES, REPOSITORY / "adjudicator", web, SCHEMAS)
