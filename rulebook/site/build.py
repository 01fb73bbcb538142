"""Build the static site: generate the pages, run one strict MkDocs build per language, index with Pagefind.

The pipeline, in the order it runs::

    content/ ──load──▶ Corpus ──run_examples──▶ outcomes (a failing example stops the build)
    locales/*.po ──compile──▶ build/locales/*.mo
    templates/ + Corpus ──rulebook.site.render──▶ build/docs/<lang>/*.md
    mkdocs.yml + per-language settings ──MkDocs (strict)──▶ site/<lang>/
    site/ ──Pagefind──▶ site/pagefind/ (one index per <html lang>)
    site/index.html (sends the visitor to /en/)
    Corpus + outcomes ──rulebook.site.api──▶ site/api/v1/ (the rules as JSON documents, with their schemas)
    node_modules/pyodide, adjudicator/, web/ ──rulebook.site.runtime──▶ site/_runtime/, site/sw.js (calculators)
    site/<lang>/, pagefind/, _runtime/ ──rulebook.site.offline──▶ site/<lang>/_offline/<game>.json ("keep offline")

What did not change is not done again: the worked examples' results are kept in
``build/cache/examples.json`` keyed by scenario and adjudicator digest
(:class:`rulebook.adjudication.examples.ResultCache`), and a build given the
previous site (``previous``, as ``rulebook serve`` does) copies each language tree
whose generated Markdown, settings and theme files are unchanged
(:func:`tree_digest`) instead of running MkDocs for it, copies a tree where only
some pages changed (their bodies, the titles of pages in no menu, menu labels below
the top level) and renders just those pages and the pages whose menu shows a changed
label again (:func:`changed_pages`, :func:`rulebook.site.mkdocs_run.build_pages`), and hard-links the calculator
runtime when its inputs are unchanged (:func:`runtime_inputs_digest`). With
``search=False`` the caller runs Pagefind (:func:`index_search`) when it likes.

Each language is its own MkDocs build of the top-level ``mkdocs.yml`` with
``docs_dir``, ``site_dir``, ``site_url``, ``theme.language``, the navigation and
the translated labels set for that tree; the settings actually used are written
to ``build/mkdocs/<lang>.yml`` so a single tree can be rebuilt by hand
(``mkdocs build -f build/mkdocs/de.yml``). The builds run in parallel
processes, one per core (:mod:`rulebook.site.mkdocs_run`). Any MkDocs warning fails the build (strict mode), and
the warnings are reported, not a traceback.

The stages overlap: a worker makes the calculators' schemas while the
content is loaded, a tree's MkDocs build starts as soon as its Markdown is written (while the
next language is generated), and Pagefind reads each tree as soon as it is built
(:class:`rulebook.site.search_index.TreeIndexer`). ``generate_seconds`` is then the time until the
last tree is generated, ``mkdocs_seconds`` the wait for the builds after it, ``search_seconds``
the last tree's indexing and the writing of the index.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import multiprocessing
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from adjudicator.messages import AnswerLanguage
from rulebook.adjudication.catalog import catalog_choices
from rulebook.adjudication.examples import ResultCache
from rulebook.adjudication.forms import FormLabels, form_labels, page_catalog_json
from rulebook.adjudication.messages import load_language
from rulebook.content.history import ContentHistory, keep_history, read_history
from rulebook.content.load import load_corpus
from rulebook.content.model import LANGUAGES, Corpus
from rulebook.errors import ContentError, ExampleFailure, SiteError
from rulebook.site.api import API_FOLDER, write_api
from rulebook.site.history import SiteHistory
from rulebook.site.i18n import compile_catalogs, language_name, load_translations
from rulebook.site.improve import ImproveLinks, improve_links
from rulebook.site.mkdocs_run import mkdocs_build, start_worker
from rulebook.site.offline import KeepScope, keep_scopes, write_keep_manifests
from rulebook.site.render import RenderedTree, render_root_page, render_site
from rulebook.site.runtime import (
    ENCODINGS,
    PYODIDE_FILES,
    RUNTIME_FOLDER,
    YAML_LICENSE,
    YAML_MODULE,
    check_runtime_inputs,
    write_runtime,
)
from rulebook.site.search_index import TreeIndexer
from rulebook.site.urls import DEFAULT_SITE_URL
from rulebook.site.views import SiteIndex

__all__ = [
    "DEFAULT_SITE_URL",
    "BuildReport",
    "ProjectPaths",
    "PreviousSite",
    "build_site",
    "changed_pages",
    "nav_pages",
    "relabelled_pages",
    "index_search",
    "keep_offline_manifests",
    "keep_words",
    "page_digests",
    "runtime_inputs_digest",
    "search_index_bytes",
    "settings_digest",
    "tree_config",
    "tree_digest",
    "verify_examples",
]

Progress = Callable[[str], None]
_Result = TypeVar("_Result")


@dataclass(frozen=True)
class ProjectPaths:
    """Where the build reads from and writes to."""

    content: Path
    sources: Path | None
    templates: Path
    locales: Path
    mkdocs_config: Path
    work: Path
    """Generated intermediate files: ``docs/<lang>``, ``locales`` (the ``.mo``), ``mkdocs/<lang>.yml``."""
    out: Path
    """The finished site: ``<lang>/…``, ``pagefind/``, ``_runtime/``, ``sw.js``, ``index.html``."""
    node_modules: Path
    """Where ``npm ci`` installed Pyodide (``node_modules/pyodide``), vendored into ``_runtime/``."""
    adjudicator: Path
    """The adjudicator package's sources, bundled for the calculator pages."""
    web: Path
    """``calculator.js`` and ``sw.js``, the calculator pages' script and service worker."""
    history: Path | None = None
    """The folder whose git history the pages show (:mod:`rulebook.site.history`); ``content`` when ``None``."""

    @classmethod
    def for_project(
        cls,
        root: Path,
        content: Path | None = None,
        sources: Path | None = None,
        out: Path | None = None,
        work: Path | None = None,
        templates: Path | None = None,
        history: Path | None = None,
    ) -> ProjectPaths:
        """The standard layout of a checkout at ``root``; any folder can be replaced."""
        return cls(
            content=content or root / "content",
            sources=sources,
            templates=templates or root / "templates",
            locales=root / "locales",
            mkdocs_config=root / "mkdocs.yml",
            work=work or root / "build",
            out=out or root / "site",
            node_modules=root / "node_modules",
            adjudicator=root / "adjudicator",
            web=root / "web",
            history=history,
        )


@dataclass(frozen=True)
class BuildReport:
    """What a build made and how long each stage took (the figures of ``rulebook bench build``)."""

    entries: int
    pages: dict[str, int]
    generate_seconds: float
    """Loading the content, running the examples, compiling catalogs, rendering Markdown."""
    mkdocs_seconds: float
    """The MkDocs builds (or copies of unchanged trees), the root page and the calculator runtime, from the
    end of ``generate_seconds`` (builds started while the later trees were generated run partly in it)."""
    search_seconds: float
    """Pagefind, after the builds: the trees it had not read yet (it reads each as soon as it is built) and
    the writing of the index."""
    search_index_bytes: dict[str, int] = field(default_factory=dict)
    api_bytes: int = 0
    """Size of ``api/v1/``, the rules as data (:mod:`rulebook.site.api`)."""
    runtime_bytes: int = 0
    """Size of ``_runtime/`` (Pyodide, the adjudicator, schemas, the calculator script)."""
    load_seconds: float = 0.0
    """Reading and checking ``content/`` (part of ``generate_seconds``)."""
    examples_run: int = 0
    """Worked examples whose scenario was run (the others' results came from the cache)."""
    tree_digests: dict[str, str] = field(default_factory=dict)
    """Per language, the digest of what its MkDocs build read (see :func:`tree_digest`)."""
    reused_trees: tuple[str, ...] = ()
    """Languages copied from the previous site instead of built."""
    settings_digests: dict[str, str] = field(default_factory=dict)
    """Per language, the digest of its settings and theme files (see :func:`settings_digest`)."""
    page_digests: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per language, the digest of each generated file by its path in the tree (see :func:`page_digests`)."""
    patched_pages: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Per language built page by page: the Markdown pages MkDocs rendered again into a copy of the
    previous tree (every other page is the previous build's)."""
    search_indexed: bool = True
    """Whether Pagefind indexed this build (``search=False`` leaves it to the caller)."""
    runtime_inputs: str = ""
    """Digest of everything the calculator runtime is made from (:func:`runtime_inputs_digest`)."""
    runtime_reused: bool = False
    """Whether ``_runtime/`` and ``sw.js`` were linked from the previous site instead of written."""
    navs: dict[str, Any] = field(default_factory=dict)
    """Per language, the ``nav`` setting its tree was built with."""
    keep_scopes: tuple[KeepScope, ...] = ()
    """What "keep offline" stores of each game (:mod:`rulebook.site.offline`), for manifests written again
    after a later indexing (``search=False``)."""
    keep_words: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per language, the words the service worker shows (a manifest's ``words``)."""
    offline_bytes: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    """Bytes "keep offline" stores per language, game (and ``all``) and part (pages, search, runtime)."""

    @property
    def site_seconds(self) -> float:
        """The MkDocs builds plus the search indexing."""
        return self.mkdocs_seconds + self.search_seconds


@dataclass(frozen=True)
class PreviousSite:
    """A finished site and the digests of the build that made it (``BuildReport.tree_digests`` and the others).

    Without ``settings_digests`` and ``page_digests`` a changed tree is built whole; with them, a
    tree whose settings, theme and list of files are unchanged has only its changed Markdown
    pages rendered again (:func:`build_site`).
    """

    root: Path
    tree_digests: dict[str, str]
    settings_digests: dict[str, str] = field(default_factory=dict)
    page_digests: dict[str, dict[str, str]] = field(default_factory=dict)
    runtime_inputs: str = ""
    """With the same digest (:func:`runtime_inputs_digest`), its calculator runtime is reused."""
    navs: dict[str, Any] = field(default_factory=dict)
    """Per language, its tree's ``nav`` setting: with it, a tree whose menu labels changed (not its
    pages or their order) has only the pages that show those labels rendered again (:func:`changed_pages`)."""

    @classmethod
    def of(cls, root: Path, report: BuildReport) -> PreviousSite:
        """The site a build wrote into ``root``, with every digest of its report."""
        return cls(
            root,
            report.tree_digests,
            report.settings_digests,
            report.page_digests,
            report.runtime_inputs,
            report.navs,
        )


def runtime_inputs_digest(paths: ProjectPaths, schemas: dict[str, Any], messages: dict[str, str]) -> str:
    """SHA-256 of what :func:`rulebook.site.runtime.write_runtime` makes the calculator runtime from.

    Every file of ``adjudicator/`` and ``web/`` (names and bytes), Pyodide's and js-yaml's
    files (names, sizes and modification times: they are only replaced by ``npm ci``), the
    calculators' schemas and the adjudicator catalogs.
    """
    digest = hashlib.sha256()
    digest.update(json.dumps([schemas, messages], sort_keys=True, ensure_ascii=False).encode("utf-8"))
    for folder in (paths.adjudicator, paths.web):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(folder)).encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    vendored = [paths.node_modules / "pyodide" / name for name in PYODIDE_FILES]
    for path in [*vendored, paths.node_modules / YAML_MODULE, paths.node_modules / YAML_LICENSE]:
        info = path.stat()
        digest.update(f"{path}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def settings_digest(config: dict[str, Any]) -> str:
    """SHA-256 of one tree's settings (navigation and labels included) and of the theme's override folder and hooks.

    Without its Markdown folder and output folder, which differ between a staging build and
    the served one.
    """
    digest = hashlib.sha256()
    # Where the Markdown is and where the HTML goes are not what is built: the files are.
    settings = {key: value for key, value in config.items() if key not in ("docs_dir", "site_dir")}
    digest.update(json.dumps(settings, sort_keys=True, ensure_ascii=False).encode("utf-8"))
    theme_dir = config.get("theme", {}).get("custom_dir")
    folders = [Path(theme_dir)] if theme_dir else []
    files = [(folder, path) for folder in folders for path in sorted(folder.rglob("*")) if path.is_file()]
    files += [(Path(hook).parent, Path(hook)) for hook in config.get("hooks", [])]
    for folder, path in files:
        digest.update(str(path.relative_to(folder)).encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _front_matter(data: bytes) -> bytes:
    """The YAML front matter of a Markdown page (MkDocs takes the page's title from it), or nothing."""
    if data.startswith(b"---\n"):
        end = data.find(b"\n---\n", 3)
        if end >= 0:
            return data[: end + 5]
    return b""


def page_digests(docs_dir: Path) -> dict[str, str]:
    """Digest of every generated file of one tree (Markdown pages and assets), by its path in the tree.

    Two SHA-256 joined by ``/``: of the page's front matter (its title, which other pages
    show in their menus and previous/next links) and of the whole file.
    """
    digests = {}
    for path in sorted(docs_dir.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            front = hashlib.sha256(_front_matter(data)).hexdigest()
            digests[path.relative_to(docs_dir).as_posix()] = f"{front}/{hashlib.sha256(data).hexdigest()}"
    return digests


def tree_digest(docs_dir: Path, config: dict[str, Any], pages: dict[str, str] | None = None) -> str:
    """SHA-256 of everything one language's MkDocs build reads that this project makes or edits.

    The generated Markdown (``pages``, else read from ``docs_dir``), the tree's settings and
    the theme's override folder and hooks (:func:`settings_digest`). Equal digests mean
    MkDocs would write the same tree.
    """
    digest = hashlib.sha256(settings_digest(config).encode("ascii"))
    for name, page in (pages if pages is not None else page_digests(docs_dir)).items():
        digest.update(name.encode("utf-8") + b"\0" + page.encode("ascii") + b"\0")
    return digest.hexdigest()


def nav_pages(nav: Any) -> frozenset[str]:
    """Every page a tree's ``nav`` setting lists (the Markdown paths, at any depth).

    >>> sorted(nav_pages([{"Home": "index.md"}, {"Game": ["g/index.md", {"Part": [{"One": "g/one.md"}]}]}]))
    ['g/index.md', 'g/one.md', 'index.md']
    """
    if isinstance(nav, str):
        return frozenset([nav])
    if isinstance(nav, dict):
        return frozenset().union(*(nav_pages(value) for value in nav.values()))
    if isinstance(nav, list):
        return frozenset().union(*(nav_pages(item) for item in nav))
    return frozenset()


def _nav_item(item: Any) -> tuple[str | None, Any]:
    """(label, page path or list of items) of one ``nav`` item: ``"p.md"``, ``{"Label": "p.md"}`` or a section."""
    if isinstance(item, dict) and len(item) == 1:
        ((label, value),) = item.items()
        return str(label), value
    return None, item


def relabelled_pages(before: Any, after: Any, retitled: Iterable[str] = ()) -> frozenset[str] | None:
    """The pages whose menu shows a label that differs between two ``nav`` settings of the same pages, or
    ``None`` when the pages, their order or their sections differ, or a top-level label changed.

    The theme's menu (``navigation.prune``) shows on each page the top-level items and, along the
    way to the page, every item of each section it is in: a changed label of an item in a section is
    shown by every page in that section (at any depth). ``retitled`` are nav pages whose front matter
    changed: a page listed without a label is shown by its title, so each counts as a changed label.

    >>> before = [{"Home": "index.md"}, {"Game": ["g/index.md", {"Rules": [{"A": "g/a.md"}, {"B": "g/b.md"}]}]}]
    >>> after = [{"Home": "index.md"}, {"Game": ["g/index.md", {"Rules": [{"A": "g/a.md"}, {"B2": "g/b.md"}]}]}]
    >>> sorted(relabelled_pages(before, after))
    ['g/a.md', 'g/b.md']
    >>> sorted(relabelled_pages(before, before, ["g/index.md"]))
    ['g/a.md', 'g/b.md', 'g/index.md']
    >>> relabelled_pages(before, [{"Start": "index.md"}, *after[1:]]) is None
    True
    """
    retitled = set(retitled)
    shown: set[str] = set()

    def compare(old: list[Any], new: list[Any], top: bool) -> bool:
        if not isinstance(old, list) or not isinstance(new, list) or len(old) != len(new):
            return False
        relabelled = False
        for old_item, new_item in zip(old, new):
            (old_label, old_value), (new_label, new_value) = _nav_item(old_item), _nav_item(new_item)
            if isinstance(old_value, list) or isinstance(new_value, list):
                if not compare(old_value, new_value, False):
                    return False
            elif old_value != new_value:
                return False
            elif old_value in retitled:
                relabelled = True
            relabelled |= old_label != new_label
        if relabelled:
            if top:
                return False
            shown.update(nav_pages(new))
        return True

    return frozenset(shown) if compare(before, after, True) else None


def changed_pages(
    previous: PreviousSite, lang: str, config: dict[str, Any], pages: dict[str, str]
) -> tuple[str, ...] | None:
    """The files of tree ``lang`` to render or copy again into a copy of the previous one, or ``None``: build it whole.

    Page by page when the tree's theme and settings but its menu's labels are unchanged, the
    same files exist and only the bodies of Markdown pages changed, besides files MkDocs copies
    as they are (the link previews' JSON): then every other page's HTML is the same as before,
    since a page's HTML is made from its own Markdown, the settings, the theme and the titles
    and addresses of the pages in the navigation. A page's front matter (where MkDocs takes its
    title from) may change too when the page is not in the navigation (an entry page): no other
    page shows its title from there (the pages that name it carry the title in their own
    Markdown, which changed with it). A changed menu label, or the title of a page in the menu,
    adds the pages whose menu shows it (:func:`relabelled_pages`, which says when the whole
    tree must be built: a top-level label, pages added, removed or moved).
    """
    before = previous.page_digests.get(lang)
    if before is None or before.keys() != pages.keys():
        return None
    nav = config.get("nav", [])
    old_nav = previous.navs.get(lang, nav)
    if previous.settings_digests.get(lang) != settings_digest({**config, "nav": old_nav}):
        return None
    changed = [name for name, page in pages.items() if before[name] != page]
    in_nav = nav_pages(nav)
    retitled = [
        name
        for name in changed
        if name.endswith(".md") and before[name].partition("/")[0] != pages[name].partition("/")[0]
    ]
    shown = relabelled_pages(old_nav, nav, [name for name in retitled if name in in_nav])
    if shown is None:
        return None
    return tuple(sorted({*changed, *shown}))


def _calculator_schemas() -> dict[str, Any]:
    """Each calculator's scenario JSON Schema by its name, made from the code (seconds: the schemas
    read the dataclasses' sources for their descriptions). A site build has a worker make them
    while it generates the pages, once per process (:data:`_SCHEMAS`)."""
    from rulebook.adjudication.scenarios import scenario_schemas

    return {key.removeprefix("scenario."): schema for key, schema in scenario_schemas().items()}


_SCHEMAS: dict[str, dict[str, Any]] = {}
"""The calculators' schemas once made in this process (by a build's worker): ``rulebook serve`` rebuilds reuse them."""


def _locales_digest(locales: Path) -> str:
    """SHA-256 of every catalog under ``locales/`` (the words of the pages and of the calculators' answers)."""
    digest = hashlib.sha256()
    for path in sorted(locales.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(locales)).encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@dataclass(frozen=True)
class _Catalogs:
    """The compiled catalogs of one build and what was read from ``locales/``."""

    digest: str
    """:func:`_locales_digest` of the catalogs they were made from."""
    warnings: list[str]
    answers: dict[str, AnswerLanguage]
    labels: dict[str, FormLabels]
    page_messages: dict[str, str]
    """The calculator pages' catalogs (:func:`rulebook.adjudication.forms.page_catalog_json`)."""
    compiled: str
    """SHA-256 of the ``.mo`` files as written."""


_CATALOGS: dict[tuple[Path, Path, tuple[str, ...]], _Catalogs] = {}
"""The last catalogs compiled in this process, by (``locales/``, output folder, languages)."""


def _mo_digest(mo_dir: Path, languages: tuple[str, ...]) -> str:
    digest = hashlib.sha256()
    for lang in languages:
        path = mo_dir / lang / "LC_MESSAGES" / "messages.mo"
        digest.update(path.read_bytes() if path.is_file() else b"missing")
    return digest.hexdigest()


def _catalogs(paths: ProjectPaths, languages: tuple[str, ...]) -> _Catalogs:
    """Compile the site's catalogs into ``build/locales`` and read the calculators' words, unless this
    process did so from the same catalogs into the same folder (``rulebook serve``: parsing the
    ``.po`` files takes a second)."""
    mo_dir = paths.work / "locales"
    key = (paths.locales.resolve(), mo_dir.resolve(), languages)
    digest = _locales_digest(paths.locales)
    kept = _CATALOGS.get(key)
    if kept is not None and kept.digest == digest and kept.compiled == _mo_digest(mo_dir, languages):
        return kept
    warnings = compile_catalogs(paths.locales, mo_dir, languages)
    catalogs = _Catalogs(
        digest,
        warnings,
        {code: load_language(paths.locales, code) for code in languages},
        {code: form_labels(paths.locales, code) for code in languages},
        {code: page_catalog_json(paths.locales, code) for code in languages},
        _mo_digest(mo_dir, languages),
    )
    _CATALOGS[key] = catalogs
    return catalogs


def _load(paths: ProjectPaths) -> Corpus:
    result = load_corpus(paths.content, paths.sources)
    if result.errors or result.corpus is None:
        raise ContentError(result.errors)
    return result.corpus


def verify_examples(corpus: Corpus, results: ResultCache | None = None) -> list[Any]:
    """Run every worked example (results of unchanged scenarios from ``results``); raise
    :class:`ExampleFailure` listing each one that fails."""
    if not corpus.examples:
        return []
    from rulebook.adjudication.examples import run_examples

    outcomes = list(run_examples(corpus, results=results))
    failed = [outcome for outcome in outcomes if outcome.status != "pass"]
    if failed:
        lines = [f"{o.example.id} ({o.calculator}): " + "; ".join(o.differences) for o in failed]
        raise ExampleFailure(f"{len(failed)} worked example(s) failed, so the site is not built:\n" + "\n".join(lines))
    return outcomes


def _absolute(base: Path, value: str) -> str:
    path = Path(value)
    return str(path if path.is_absolute() else (base / path).resolve())


def _site_settings(paths: ProjectPaths) -> dict[str, Any]:
    """``mkdocs.yml`` as MkDocs reads it."""
    from mkdocs.utils.yaml import yaml_load

    with paths.mkdocs_config.open(encoding="utf-8") as handle:
        config: dict[str, Any] = yaml_load(handle) or {}
    return config


def tree_config(
    paths: ProjectPaths, lang: str, overrides: dict[str, Any], site_url: str, docs_dir: Path
) -> dict[str, Any]:
    """The MkDocs configuration of one language tree, from ``mkdocs.yml`` and the rendered overrides."""
    base_dir = paths.mkdocs_config.parent
    config = _site_settings(paths)
    config["docs_dir"] = str(docs_dir.resolve())
    config["site_dir"] = str((paths.out / lang).resolve())
    config["site_url"] = site_url.rstrip("/") + f"/{lang}/"
    config["site_description"] = overrides["site_description"]
    config["nav"] = overrides["nav"]
    config["hooks"] = [_absolute(base_dir, hook) for hook in config.get("hooks", [])]
    theme = dict(config.get("theme", {}))
    theme["language"] = lang
    if "custom_dir" in theme:
        theme["custom_dir"] = _absolute(base_dir, theme["custom_dir"])
    palette = [dict(option) for option in theme.get("palette", [])]
    labels = overrides["palette_labels"]
    for option in palette:
        toggle = dict(option.get("toggle", {}))
        toggle["name"] = labels["to_light"] if option.get("scheme") == "slate" else labels["to_dark"]
        option["toggle"] = toggle
    if palette:
        theme["palette"] = palette
    config["theme"] = theme
    extra = dict(config.get("extra", {}))
    # Our header partial builds each language link from the current page. The configured link
    # (used by material only for <link rel="alternate"> in the head) names the other tree's
    # index.html on purpose: material's script takes over clicks on links that start with a
    # configured alternate and, unless the published sitemap matches the served address, sends
    # the reader to that tree's home instead of the same entry.
    extra["alternate"] = [
        {"name": language_name(code), "lang": code, "link": f"../{code}/index.html"} for code in LANGUAGES
    ]
    extra["search_label"] = overrides["search_label"]
    extra["feed_title"] = overrides["feed_title"]  # overrides/main.html: the changes feed in every page's head
    extra["offline_words"] = overrides["offline_words"]  # overrides/main.html: the note on a page kept offline
    extra["site_root"] = site_url.rstrip("/") + "/"  # overrides/main.html: hreflang alternates per page
    config["extra"] = extra
    return config


def search_index_bytes(site_dir: Path) -> dict[str, int]:
    """Bytes of Pagefind's index per language: meta, index chunks, fragments, filters and wasm."""
    bundle = site_dir / "pagefind"
    entry = json.loads((bundle / "pagefind-entry.json").read_text(encoding="utf-8"))
    sizes: dict[str, int] = {}
    for lang, info in sorted(entry["languages"].items()):
        files = [bundle / f"pagefind.{info['hash']}.pf_meta", bundle / f"wasm.{info.get('wasm') or 'unknown'}.pagefind"]
        for folder in ("index", "fragment", "filter"):
            files.extend((bundle / folder).glob(f"{lang}_*"))
        sizes[lang] = sum(path.stat().st_size for path in files if path.is_file())
    return sizes


def keep_words(mo_dir: Path, languages: Sequence[str]) -> dict[str, dict[str, str]]:
    """Per language, the words the service worker itself shows (the title of a search result not kept)."""
    return {lang: {"not_kept": load_translations(mo_dir, lang).gettext("Not kept offline")} for lang in languages}


def keep_offline_manifests(
    site_dir: Path,
    languages: Sequence[str],
    scopes: Sequence[KeepScope],
    words: dict[str, dict[str, str]],
) -> dict[str, dict[str, dict[str, int]]]:
    """Write what "keep offline" stores of each game of each tree (:func:`rulebook.site.offline.write_keep_manifests`).

    It lists the search index, so it runs after Pagefind, and again after a later :func:`index_search`.
    """
    return write_keep_manifests(site_dir, languages, scopes, words)


def _offline_manifests(
    paths: ProjectPaths, corpus: Corpus, mo_dir: Path, languages: Sequence[str]
) -> tuple[tuple[KeepScope, ...], dict[str, dict[str, str]], dict[str, dict[str, dict[str, int]]]]:
    """What "keep offline" stores of each game, the worker's words, and the manifests written (their bytes)."""
    scopes = tuple(keep_scopes(corpus))
    words = keep_words(mo_dir, languages)
    return scopes, words, keep_offline_manifests(paths.out, languages, scopes, words)


def index_search(site_dir: Path, progress: Progress | None = None) -> None:
    """Index ``site_dir`` with Pagefind into ``site_dir/pagefind``, replacing the index there only when done.

    Every folder at the top of the site (a language tree, the runtime) and the pages beside them
    are read as a clean build reads its trees (:class:`TreeIndexer`: a Pagefind process per
    folder, only the pages with a search body, the files written whole), giving the index
    ``pagefind --site`` gives. The new index is written beside the site and swapped in, so a site
    being served keeps a working (if older) search while it is indexed again.
    """
    if progress:
        progress("indexing for search (Pagefind)")
    indexer = TreeIndexer(site_dir)
    try:
        for folder in ["", *sorted(child.name for child in site_dir.iterdir() if child.is_dir())]:
            if folder != "pagefind":  # the index being replaced
                indexer.add(folder)
        indexer.finish()
    finally:
        indexer.close()


def build_site(
    paths: ProjectPaths,
    languages: Sequence[str] = LANGUAGES,
    site_url: str = DEFAULT_SITE_URL,
    progress: Progress | None = None,
    workers: int | None = None,
    previous: PreviousSite | None = None,
    search: bool = True,
    translate_url: str | None = None,
    edit_url: str | None = None,
) -> BuildReport:
    """Generate and build the whole site into ``paths.out``; raises a :class:`RulebookError` on any problem.

    With ``previous``, a language tree whose digest is unchanged is copied from that site, not
    rebuilt, and a tree where only the bodies of some pages changed is copied and those pages
    rendered again (:func:`changed_pages`). With ``search=False`` Pagefind does not run: the
    caller indexes the finished site (:func:`index_search`), as ``rulebook serve`` does after it
    serves a rebuild. ``translate_url`` and ``edit_url`` say where "Improve this translation" leads
    (:mod:`rulebook.site.improve`; without them, what ``extra:`` of ``mkdocs.yml`` says).
    """
    say = progress or (lambda message: None)
    unknown = [lang for lang in languages if lang not in LANGUAGES]
    if unknown:
        raise SiteError(f"unknown language(s) {', '.join(unknown)}; the site languages are {', '.join(LANGUAGES)}")
    improve = improve_links(translate_url, edit_url, _site_settings(paths).get("extra") or {})
    check_runtime_inputs(paths.node_modules, paths.adjudicator, paths.web)  # before any worker starts
    indexer = TreeIndexer(paths.out) if search else None
    # One worker more than there are cores: with one per core, the last tree's MkDocs build ran alone
    # while the other cores had nothing left to do (5 trees on 2 cores: 2 s of a 26 s build); with one
    # more, the trees share the cores to the end.
    builds = _Builds(workers or min(len(languages) + 1, (os.cpu_count() or 1) + 1), say, indexer)
    try:
        return _build_site(paths, languages, site_url, say, builds, previous, indexer, improve)
    finally:
        builds.close()
        if indexer is not None:
            indexer.close()


def _build_site(
    paths: ProjectPaths,
    languages: Sequence[str],
    site_url: str,
    say: Progress,
    builds: _Builds,
    previous: PreviousSite | None,
    indexer: TreeIndexer | None,
    improve: ImproveLinks,
) -> BuildReport:
    """:func:`build_site`, with the worker processes of ``builds`` and, unless ``search=False``, the search ``indexer``.

    The stages overlap where one does not need the other's result: a worker makes the
    calculators' schemas while the content is loaded, each language tree's MkDocs build
    starts in a worker as soon as its Markdown is written, while the next tree is generated,
    and Pagefind reads each tree as soon as it is built, while the next ones are; the content's history
    is read meanwhile (:func:`_start_history`).
    """
    started = time.perf_counter()
    schemas_job = None if _SCHEMAS else builds.submit(_calculator_schemas)
    history_of = _start_history(paths, builds, previous, say)
    say(f"loading content from {paths.content}")
    corpus = _load(paths)
    load_seconds = time.perf_counter() - started
    if previous is None:  # every tree will be built
        builds.start_workers()
    outcomes, results = _verified_examples(paths, corpus, say)
    mo_dir = paths.work / "locales"
    catalogs = _catalogs(paths, tuple(languages))
    for warning in catalogs.warnings:
        say(f"warning: {warning} (shown in English)")
    history = history_of()
    plans = _TreePlans(paths, paths.work / "mkdocs", site_url, builds, previous)
    trees = render_site(
        corpus,
        paths.work / "docs",
        paths.templates,
        mo_dir,
        languages,
        outcomes,
        progress=say,
        answers_in=catalogs.answers,
        labels_in=catalogs.labels,
        memo_key=catalogs.digest,
        on_tree=plans.plan,
        history=SiteHistory(history),
        improve=dataclasses.replace(improve, content_prefix=history.prefix or f"{paths.content.name}/"),
        site_url=site_url,
    )
    generate_seconds = time.perf_counter() - started

    started = time.perf_counter()
    _copy_previous_trees(paths, previous, plans, indexer, say)
    _build_patched_pages(plans, indexer, say)
    (paths.out / "index.html").write_text(render_root_page(paths.templates, mo_dir), encoding="utf-8")
    api = write_api(SiteIndex(corpus, outcomes), paths.out, list(languages), site_url)
    say(f"rules as data: {api['documents']} API documents, {api['bytes'] / 1e6:.1f} MB in {paths.out / API_FOLDER}")
    if indexer is not None:
        indexer.add("")
    if schemas_job is not None:
        _SCHEMAS.update(schemas_job.result())
    runtime_inputs, runtime_reused, runtime_bytes = _ship_runtime(paths, previous, corpus, catalogs.page_messages, say)
    builds.wait()
    mkdocs_seconds = time.perf_counter() - started

    started = time.perf_counter()
    if indexer is not None:
        say("indexing for search (Pagefind)")
        indexer.finish()
    search_seconds = time.perf_counter() - started
    scopes, words, offline_bytes = _offline_manifests(paths, corpus, mo_dir, languages)
    report = BuildReport(
        entries=len(corpus.entries),
        pages={tree.lang: tree.pages for tree in trees},
        generate_seconds=generate_seconds,
        mkdocs_seconds=mkdocs_seconds,
        search_seconds=search_seconds,
        search_index_bytes=search_index_bytes(paths.out) if indexer is not None else {},
        runtime_bytes=runtime_bytes,
        api_bytes=api["bytes"],
        load_seconds=load_seconds,
        examples_run=results.misses,
        tree_digests=plans.digests,
        reused_trees=tuple(plans.reused),
        settings_digests=plans.settings,
        page_digests=plans.pages,
        navs={tree.lang: tree.overrides["nav"] for tree in trees},
        patched_pages=plans.patched,
        search_indexed=indexer is not None,
        runtime_inputs=runtime_inputs,
        runtime_reused=runtime_reused,
        keep_scopes=scopes,
        keep_words=words,
        offline_bytes=offline_bytes,
    )
    say(
        f"built {sum(report.pages.values())} pages in {report.generate_seconds + report.site_seconds:.1f} s → "
        f"{paths.out}"
    )
    return report


def _start_history(
    paths: ProjectPaths, builds: _Builds, previous: PreviousSite | None, say: Progress
) -> Callable[[], ContentHistory]:
    """Start reading the content's git history (:func:`read_history`, cached in ``build/cache``); a function that
    waits for it, saying why there is none (the build goes on without it).

    A clean build has a worker read it while the content loads; a rebuild (``previous``) reads it here, from
    its cache unless a commit was made: a worker would have to be started for it."""
    folder, cache = paths.history or paths.content, paths.work / "cache"
    job = builds.submit(read_history, folder, cache) if previous is None else None

    def result() -> ContentHistory:
        if job is not None:
            history = job.result()
            keep_history(folder, history)  # for the rebuilds of this process (rulebook serve)
        else:
            history = read_history(folder, cache)
        if history.notice is not None:
            say(f"notice: the pages are built without the rules' history: {history.notice}")
        return history

    return result


def _verified_examples(paths: ProjectPaths, corpus: Corpus, say: Progress) -> tuple[list[Any], ResultCache]:
    """Every worked example run or read from ``build/cache/examples.json`` (:func:`verify_examples`), and that cache."""
    results = ResultCache(paths.work / "cache" / "examples.json")
    outcomes = verify_examples(corpus, results)
    results.save()
    if outcomes:
        say(f"{len(outcomes)} worked examples verified ({results.misses} run, {results.hits} unchanged)")
    return outcomes, results


@dataclass
class _TreePlans:
    """What becomes of each language tree generated: reused from ``previous``, patched or built; and its digests."""

    paths: ProjectPaths
    config_dir: Path
    site_url: str
    builds: _Builds
    previous: PreviousSite | None
    digests: dict[str, str] = field(default_factory=dict)
    settings: dict[str, str] = field(default_factory=dict)
    pages: dict[str, dict[str, str]] = field(default_factory=dict)
    patched: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Per tree copied from ``previous`` with some pages to build again: those pages."""
    reused: list[str] = field(default_factory=list)
    """The trees copied from ``previous`` as they are."""

    def __post_init__(self) -> None:
        self.config_dir.mkdir(parents=True, exist_ok=True)
        self.paths.out.mkdir(parents=True, exist_ok=True)

    def plan(self, tree: RenderedTree) -> None:
        """Reuse, patch or build the tree just generated; a build starts now, in a worker."""
        previous = self.previous
        config_file = self.config_dir / f"{tree.lang}.yml"
        config = tree_config(self.paths, tree.lang, tree.overrides, self.site_url, tree.docs_dir)
        config_file.write_text(json.dumps(config, ensure_ascii=False, indent=1), encoding="utf-8")
        self.settings[tree.lang] = settings_digest(config)
        self.pages[tree.lang] = page_digests(tree.docs_dir)
        self.digests[tree.lang] = tree_digest(tree.docs_dir, config, self.pages[tree.lang])
        old_tree = previous.root / tree.lang if previous is not None else None
        if previous is None or old_tree is None or not old_tree.is_dir():
            self.builds.start(tree.lang, str(config_file))
        elif previous.tree_digests.get(tree.lang) == self.digests[tree.lang]:
            self.reused.append(tree.lang)
        else:
            changed = changed_pages(previous, tree.lang, config, self.pages[tree.lang])
            if changed is None:
                self.builds.start(tree.lang, str(config_file))
            else:
                self.patched[tree.lang] = changed


def _copy_previous_trees(
    paths: ProjectPaths, previous: PreviousSite | None, plans: _TreePlans, indexer: TreeIndexer | None, say: Progress
) -> None:
    """Copy the reused and the patched trees from the previous site; the reused ones go to the indexer."""
    if previous is None:
        return
    for lang in [*plans.reused, *plans.patched]:
        target = paths.out / lang
        shutil.rmtree(target, ignore_errors=True)
        # An unchanged tree is never written again: hard links. A patched one gets new pages: copies.
        shutil.copytree(previous.root / lang, target, copy_function=os.link if lang in plans.reused else shutil.copy2)
    if plans.reused:
        say(f"unchanged, copied from the last build: {', '.join(plans.reused)}")
    if indexer is not None:
        for lang in plans.reused:
            indexer.add(lang)


def _build_patched_pages(plans: _TreePlans, indexer: TreeIndexer | None, say: Progress) -> None:
    """Build again the changed pages of each patched tree, with MkDocs in this process."""
    for lang, changed in plans.patched.items():
        # A few pages: MkDocs in this process, without starting a worker.
        ok, refusals, seconds = mkdocs_build(str(plans.config_dir / f"{lang}.yml"), changed)
        if not ok:
            raise SiteError(
                "MkDocs refused to build (strict mode: every warning is an error):\n"
                + "\n".join(f"[{lang}] {message}" for message in refusals)
            )
        rendered = [name for name in changed if name.endswith(".md")]
        copied = f" (and copied {len(changed) - len(rendered)} other file(s))" if len(changed) > len(rendered) else ""
        say(f"built {len(rendered)} changed page(s) of {lang}{copied} in {seconds:.1f} s: {', '.join(changed)}")
        if indexer is not None:
            indexer.add(lang)


def _ship_runtime(
    paths: ProjectPaths, previous: PreviousSite | None, corpus: Corpus, messages: dict[str, str], say: Progress
) -> tuple[str, bool, int]:
    """Link the calculator runtime from the previous site when its inputs are unchanged, else write it.

    Returns the digest of its inputs, whether it was linked, and its bytes (uncompressed)."""
    # The forms pick printed cards by name: each catalog field's choices come from the content's catalog.
    schemas = {name: catalog_choices(schema, corpus) for name, schema in _SCHEMAS.items()}
    runtime_inputs = runtime_inputs_digest(paths, schemas, messages)
    old_runtime = previous.root / RUNTIME_FOLDER if previous is not None else None
    runtime_reused = (
        previous is not None
        and old_runtime is not None
        and previous.runtime_inputs == runtime_inputs
        and old_runtime.is_dir()
        and (previous.root / "sw.js").is_file()
    )
    if runtime_reused and old_runtime is not None and previous is not None:
        # Hard links, not copies: a build never writes into a runtime file, it writes a new folder.
        shutil.rmtree(paths.out / RUNTIME_FOLDER, ignore_errors=True)
        shutil.copytree(old_runtime, paths.out / RUNTIME_FOLDER, copy_function=os.link)
        shutil.copyfile(previous.root / "sw.js", paths.out / "sw.js")
        compressed = tuple(ENCODINGS.values())
        shipped = [*(paths.out / RUNTIME_FOLDER).rglob("*"), paths.out / "sw.js"]
        runtime_bytes = sum(path.stat().st_size for path in shipped if path.is_file() and path.suffix not in compressed)
        say("calculator runtime unchanged, linked from the last build")
    else:
        runtime = write_runtime(paths.out, paths.node_modules, paths.adjudicator, paths.web, schemas, messages)
        runtime_bytes = runtime.bytes
        sent = ", ".join(f"{size / 1e6:.1f} MB as {name}" for name, size in runtime.transferred.items())
        say(f"calculator runtime {runtime.version}: {runtime.bytes / 1e6:.1f} MB ({sent}) in {paths.out / '_runtime'}")
    return runtime_inputs, runtime_reused, runtime_bytes


class _Builds:
    """The MkDocs builds of one site build (and the calculators' schemas), in worker processes.

    The processes start with the first job; jobs start as they are given (:meth:`start`), and
    :meth:`wait` reports every tree MkDocs refused, all at once.
    """

    def __init__(self, workers: int, say: Progress, indexer: TreeIndexer | None = None) -> None:
        self.workers = max(1, workers)
        self.say = say
        self.indexer = indexer
        self.pool: ProcessPoolExecutor | None = None
        self.jobs: dict[str, Future[tuple[bool, list[str], float]]] = {}
        self.indexed: set[str] = set()
        """The trees given to the search indexer."""
        self.indexing = threading.Lock()

    def submit(self, function: Callable[..., _Result], *args: Any) -> Future[_Result]:
        """Run ``function(*args)`` in a worker process."""
        if self.pool is None:
            # Fresh worker processes ("spawn"), not forks: forking while another thread holds a lock
            # (the preview's HTTP server, a logging handler) can hang the child.
            self.pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self.pool.submit(function, *args)

    def start_workers(self) -> None:
        """Start every worker now, each importing what a tree's MkDocs build needs (:func:`start_worker`).

        A clean build does so once the content is loaded, while the examples are checked and the first
        tree is generated and a core is free; the pool would start the second and third workers only
        when the second and third trees are given out, with both cores busy. A job given while no worker
        is idle starts a worker."""
        for _ in range(self.workers):
            self.submit(start_worker)

    def start(self, lang: str, config_file: str) -> None:
        """Start the strict MkDocs build of tree ``lang`` (settings in ``config_file``), then its search indexing."""
        job = self.submit(mkdocs_build, config_file)
        self.jobs[lang] = job
        if self.indexer is not None:
            # Pagefind reads the tree as soon as it is written, while the other trees are built.
            def index_when_built(done: Future[tuple[bool, list[str], float]]) -> None:
                # A refused or crashed build is reported by wait(); its tree is not indexed.
                if not done.cancelled() and done.exception() is None and done.result()[0]:
                    self._index(lang)

            job.add_done_callback(index_when_built)

    def _index(self, lang: str) -> None:
        """Give tree ``lang`` to the search indexer, once (from the job's callback, or from :meth:`wait`)."""
        with self.indexing:
            if self.indexer is None or lang in self.indexed:
                return
            self.indexed.add(lang)
            self.indexer.add(lang)

    def wait(self) -> None:
        """Wait for every build started, each built tree given to the search indexer; raise :class:`SiteError`
        with the warnings of each refused tree."""
        failures: list[str] = []
        for lang, job in self.jobs.items():
            ok, messages, seconds = job.result()
            if ok:
                self.say(f"built {lang} in {seconds:.1f} s")
                # A job's result is there before its callbacks have run: the last tree's callback could
                # still be on its way when the indexer is told to finish (that tree was left out of the
                # search now and then). Here it is given for sure; the callback then does nothing.
                self._index(lang)
            else:
                failures.extend(f"[{lang}] {message}" for message in messages)
        self.jobs.clear()
        if failures:
            raise SiteError("MkDocs refused to build (strict mode: every warning is an error):\n" + "\n".join(failures))

    def close(self) -> None:
        """Stop the workers (a build that failed elsewhere does not wait for the trees not yet begun)."""
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None
