"""What "keep offline" stores: per language tree and game, the list of files with their digest and size.

A game's page and a tree's home page carry a "Keep offline" button (``templates/game.md.j2``,
``home.md.j2``, ``data-rb-keep-offline``); the site script hands the service worker (``web/sw.js``)
the manifest the build wrote for it, ``<lang>/_offline/<game>.json`` (``all.json`` for the whole
tree), and the worker stores every file it lists. A manifest lists, as URLs relative to the site
root, with the first 16 hex digits of each file's SHA-256 and its size in bytes:

- the game's pages in the tree's language: its index, entries and cards (``<game>/…``), the
  reading views and contents of its sources (``sources/<source>/…``), the glossary pages of its
  terms, its worked examples (``examples/<game>/…``), its calculators' pages and its link previews;
- what every page needs: the tree's home, search, "not kept offline" and list pages, the web app
  manifest and icons, and the theme's files the pages load (those the home page names);
- the tree's search index (Pagefind's script, the language's meta, wasm, index chunks and filters)
  and the fragments of the kept pages only, so search offline finds what is kept;
- the calculator runtime (``_runtime/``, without its precompressed copies).

``all`` lists every page of the tree. The manifest's ``version`` is the digest of its list: a page
that kept a game compares it with the site's to tell whether a newer version is there, and the worker
then fetches only the files whose digest changed. ``words`` are what the worker itself shows in the
tree's language (a search result whose page is not kept).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulebook.content.model import Corpus
from rulebook.site.runtime import ENCODINGS, RUNTIME_FOLDER

__all__ = [
    "ALL_GAMES",
    "DIGEST_LENGTH",
    "KEEP_FOLDER",
    "KeepScope",
    "KeptFile",
    "keep_manifests",
    "keep_scopes",
    "write_keep_manifests",
]

KEEP_FOLDER = "_offline"
"""Per tree: the manifests of what "keep offline" stores, one JSON file per game and ``all.json``."""

ALL_GAMES = "all"
"""The manifest (and the home page's button) for every game of a tree."""

DIGEST_LENGTH = 16
"""Hex digits of a file's SHA-256 a manifest gives: enough to tell two versions of a file apart."""

SHARED_PAGES = (
    "index.html",
    "offline/index.html",
    "search/index.html",
    "glossary/index.html",
    "calculators/index.html",
    "calculators/entries.json",
    "examples/index.html",
    "sources/index.html",
    "translation/index.html",
    "changes/index.html",
    "manifest.webmanifest",
)
"""Tree-relative files every kept game needs: its links lead there, and the calculators read the entries' titles."""

SHARED_FOLDERS = ("icons/",)

SEARCH_SCRIPTS = ("pagefind.js", "pagefind-worker.js", "pagefind-ui.js", "pagefind-ui.css", "pagefind-entry.json")
"""Pagefind's files that the search page loads in every language."""

LEFT_OUT = ("404.html", "sitemap.xml", f"{KEEP_FOLDER}/")
"""Files of a tree that no kept page uses."""

_ASSET_LINK = re.compile(r'(?:href|src)="(?:\.\./)*(assets/[^"?#]+)')


@dataclass(frozen=True)
class KeepScope:
    """What belongs to one game in every tree: tree-relative path prefixes."""

    game: str
    prefixes: tuple[str, ...]
    """A file whose tree-relative path starts with one of these is the game's."""

    def holds(self, path: str) -> bool:
        """Whether the tree-relative ``path`` belongs to the game (every file does for ``all``).

        >>> scope = KeepScope("hell-of-a-war", ("hell-of-a-war/", "calculators/stack/"))
        >>> scope.holds("calculators/stack/index.html"), scope.holds("unconditional-surrender/10-2-1/index.html")
        (True, False)
        >>> KeepScope(ALL_GAMES, ()).holds("glossary/index.html")
        True
        """
        return self.game == ALL_GAMES or path.startswith(self.prefixes)


@dataclass(frozen=True)
class KeptFile:
    """One file a manifest lists."""

    url: str
    """Relative to the site root: ``de/hell-of-a-war/aktionsstapel/``, ``_runtime/adjudicator.zip``."""
    digest: str
    size: int
    part: str
    """``pages``, ``search`` or ``runtime``: what the benchmark counts it as."""


@dataclass
class _Digests:
    """Each file's digest and size, read once per build however many manifests list it."""

    known: dict[Path, tuple[str, int]] = field(default_factory=dict)

    def of(self, path: Path) -> tuple[str, int]:
        if path not in self.known:
            data = path.read_bytes()
            self.known[path] = (hashlib.sha256(data).hexdigest()[:DIGEST_LENGTH], len(data))
        return self.known[path]


def keep_scopes(corpus: Corpus) -> list[KeepScope]:
    """Every game's scope, then ``all``: the game's own folders, its sources', terms', examples' and calculators'."""
    from adjudicator.registry import calculators

    scopes = []
    for game in corpus.games:
        prefixes = [f"{game.id}/", f"examples/{game.id}/", f"_previews/{game.id}.json"]
        prefixes += [f"sources/{source.id}/" for source in corpus.sources if source.game == game.id]
        prefixes += [f"glossary/{term.id}/" for term in corpus.terms if game.id in term.games]
        prefixes += [f"calculators/{name}/" for name, calc in sorted(calculators().items()) if game.id in calc.games]
        scopes.append(KeepScope(game.id, tuple(prefixes)))
    scopes.append(KeepScope(ALL_GAMES, ()))
    return scopes


def _url(site_path: str) -> str:
    """The URL a file is fetched by: a folder's ``index.html`` by the folder."""
    if site_path.endswith("/index.html"):
        return site_path.removesuffix("index.html")
    return site_path


def _fragment_pages(bundle: Path, lang: str) -> dict[str, Path]:
    """Pagefind's fragment of each page of ``lang``, by the page's URL relative to the site root."""
    pages: dict[str, Path] = {}
    for path in sorted((bundle / "fragment").glob(f"{lang}_*.pf_fragment")):
        data = gzip.decompress(path.read_bytes())
        fragment = json.loads(data.removeprefix(b"pagefind_dcd"))
        pages[str(fragment["url"]).lstrip("/")] = path
    return pages


def _search_files(site_dir: Path, lang: str) -> list[Path]:
    """The language's index without its fragments: scripts, entry, meta, wasm, index chunks and filters."""
    bundle = site_dir / "pagefind"
    entry_file = bundle / "pagefind-entry.json"
    if not entry_file.is_file():
        return []
    info = json.loads(entry_file.read_text(encoding="utf-8"))["languages"].get(lang)
    if info is None:
        return []
    files = [bundle / name for name in SEARCH_SCRIPTS]
    files += [bundle / f"pagefind.{info['hash']}.pf_meta", bundle / f"wasm.{info.get('wasm') or 'unknown'}.pagefind"]
    for folder in ("index", "filter"):
        files += sorted((bundle / folder).glob(f"{lang}_*"))
    return [path for path in files if path.is_file()]


def _runtime_files(site_dir: Path) -> list[Path]:
    compressed = tuple(ENCODINGS.values())
    folder = site_dir / RUNTIME_FOLDER
    return sorted(path for path in folder.rglob("*") if path.is_file() and path.suffix not in compressed)


def _theme_assets(tree: Path) -> list[str]:
    """Tree-relative paths of the theme's files the tree's home page loads (stylesheets, scripts, favicon)."""
    home = tree / "index.html"
    if not home.is_file():
        return []
    found = sorted(set(_ASSET_LINK.findall(home.read_text(encoding="utf-8"))))
    return [path for path in found if (tree / path).is_file()]


def keep_manifests(
    site_dir: Path, lang: str, scopes: Iterable[KeepScope], words: Mapping[str, str], digests: _Digests | None = None
) -> dict[str, Any]:
    """The manifest of every scope for the ``lang`` tree of the built site, by game id."""
    digests = digests or _Digests()
    tree = site_dir / lang
    files = sorted(
        path.relative_to(tree).as_posix()
        for path in tree.rglob("*")
        if path.is_file() and path.suffix not in tuple(ENCODINGS.values())
    )
    files = [path for path in files if not path.startswith(LEFT_OUT) and not path.startswith("assets/")]
    shared = [path for path in files if path in SHARED_PAGES or path.startswith(SHARED_FOLDERS)]
    assets = _theme_assets(tree)
    fragments = _fragment_pages(site_dir / "pagefind", lang)
    search = _search_files(site_dir, lang)
    runtime = _runtime_files(site_dir)

    def listed(path: Path, part: str) -> dict[str, Any]:
        digest, size = digests.of(path)
        url = _url(path.relative_to(site_dir).as_posix())
        return {"url": url, "digest": digest, "size": size, "part": part}

    manifests: dict[str, Any] = {}
    for scope in scopes:
        own = [path for path in files if scope.holds(path)]
        pages = sorted({*shared, *assets, *own})
        kept = [listed(tree / path, "pages") for path in pages]
        urls = {item["url"] for item in kept}
        kept += [listed(path, "search") for path in search]
        kept += [listed(path, "search") for url, path in fragments.items() if url in urls]
        kept += [listed(path, "runtime") for path in runtime]
        version = hashlib.sha256(json.dumps(kept, sort_keys=True).encode("utf-8")).hexdigest()[:DIGEST_LENGTH]
        manifests[scope.game] = {
            "game": scope.game,
            "lang": lang,
            "version": version,
            "words": dict(words),
            "files": kept,
        }
    return manifests


def write_keep_manifests(
    site_dir: Path, languages: Iterable[str], scopes: Iterable[KeepScope], words: Mapping[str, Mapping[str, str]]
) -> dict[str, dict[str, dict[str, int]]]:
    """Write ``<lang>/_offline/<game>.json`` for every tree and scope; returns bytes per part, by language and game."""
    scopes = list(scopes)
    digests = _Digests()
    sizes: dict[str, dict[str, dict[str, int]]] = {}
    for lang in languages:
        if not (site_dir / lang).is_dir():
            continue
        folder = site_dir / lang / KEEP_FOLDER
        folder.mkdir(exist_ok=True)
        for game, manifest in keep_manifests(site_dir, lang, scopes, words.get(lang, {}), digests).items():
            target = folder / f"{game}.json"
            target.unlink(missing_ok=True)  # a reused tree's file is a hard link to the last build's
            target.write_text(json.dumps(manifest, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
            parts: dict[str, int] = {}
            for item in manifest["files"]:
                parts[item["part"]] = parts.get(item["part"], 0) + item["size"]
            sizes.setdefault(lang, {})[game] = parts
    return sizes
