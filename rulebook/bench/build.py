"""``rulebook bench build``: how long the site takes to build, for the real content and synthetic content.

One JSON object with the real site and synthetic content
of 1,000 and 5,000 entries × 5 languages, each split into generation (loading,
examples, catalogs, Markdown) and the site build (MkDocs for every language
plus Pagefind), with the search index's bytes per language. Everything is
built in a temporary folder; the project's own ``build/`` and ``site/`` are
left alone.

The top-level keys are the figures for the real content, built from a
clean work folder: ``load_seconds`` (reading and checking ``content/``),
``generate_seconds`` (that plus the worked examples, catalogs and Markdown),
``mkdocs_seconds`` (the five MkDocs builds, the root page and the calculator
runtime), ``pagefind_seconds``, ``total_seconds`` (the stages overlap: MkDocs
builds a tree while the next is generated and Pagefind reads a tree while the
next is built, so each stage's figure is its wall-clock time after the one
before it ended, and they add up to the total), and ``incremental_seconds``:
one entry's English title changed, then rebuilt the way ``rulebook serve`` does
(same work folder, the previous site given, so unchanged examples and trees are
reused, and served before the search index is made again), with
``incremental_rebuilt_trees`` naming the trees MkDocs built whole again,
``incremental_pages`` the pages it rendered again page by page and
``incremental_search_seconds`` the indexing that follows; ``incremental_body_seconds``
the same for one entry's English body changed (its title kept: only the changed pages
are rendered again, named in ``incremental_body_pages``).
``api_bytes`` is the size of the rules as JSON (``api/v1/``). The real content is built from a copy
outside the repository with the history of the checkout's ``content/`` (``ProjectPaths.history``), so
the clean build reads it from git, as a build in a fresh clone does; the synthetic content has none.
``RULEBOOK_BENCH_SIZES`` (e.g. ``1000`` or an empty value) chooses the synthetic
corpora; by default 1,000 and 5,000 entries.

Synthetic content (written as JSON, which is YAML too) is the real content repeated: entry *i* is a copy of real
entry *i mod 365* (cycle *i div 365*) under a new id, with its parent, see-also
and ``ref:`` links pointing into the same cycle, and a full body in all five
languages (the English text stands in for missing translations), so every page
of every tree carries text as a fully translated corpus would.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from rulebook.content.load import ENTRY_LINK, load_or_raise
from rulebook.content.model import LANGUAGES, Entry, Language
from rulebook.site.build import PreviousSite, ProjectPaths, build_site, index_search

__all__ = ["SYNTHETIC_SIZES", "bench_build", "synthetic_id", "write_synthetic_content"]

SYNTHETIC_SIZES = (1000, 5000)
"""Entry counts of the synthetic corpora."""

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent
"""The checkout: this file is rulebook/bench/build.py."""


def synthetic_id(entry_id: str, cycle: int) -> str:
    """The id of the copy of ``entry_id`` in ``cycle``.

    >>> synthetic_id("us.8-1-1.retreat", 3)
    'us.s3.8-1-1.retreat'
    """
    prefix, slug = entry_id.split(".", 1)
    return f"{prefix}.s{cycle}.{slug}"


def _copy(entry: Entry, cycle: int, included: set[str]) -> dict[str, Any]:
    def target(entry_id: str) -> str | None:
        new = synthetic_id(entry_id, cycle)
        return new if new in included else None

    def relink(body: str) -> str:
        def swap(match: re.Match[str]) -> str:
            # A link to an entry left out of a partial last cycle becomes a link to the page itself.
            new = target(match.group(1))
            return f"](ref:{new})" if new else "](#)"

        return ENTRY_LINK.sub(swap, body)

    digest = entry.current_digest()
    english = entry.text[Language.EN]
    text: dict[str, Any] = {}
    for code in LANGUAGES:
        lang = Language(code)
        version = entry.text.get(lang)
        if lang == entry.lang:
            text[code] = {"title": entry.original.title, "body": relink(entry.original.body), "status": "original"}
        else:
            body = version.body if version is not None and version.body.strip() else english.body
            title = version.title if version is not None else english.title
            text[code] = {"title": title, "body": relink(body), "status": "draft", "source_digest": digest}
    data = entry.model_dump(mode="json", exclude_defaults=True)
    data.update(
        id=synthetic_id(entry.id, cycle),
        order=cycle * 100_000 + entry.order,
        text=text,
        see_also=[new for old in entry.see_also if (new := target(old))],
    )
    parent = target(entry.parent) if entry.parent else None
    if parent:
        data["parent"] = parent
    else:
        data.pop("parent", None)
    return data


def write_synthetic_content(real_content: Path, target: Path, count: int) -> int:
    """Write a content folder of ``count`` entries made from ``real_content``; returns the count."""
    corpus = load_or_raise(real_content)
    real = sorted(corpus.entries, key=lambda e: (e.source, e.order))
    plan = [(real[index % len(real)], index // len(real)) for index in range(count)]
    included = {synthetic_id(entry.id, cycle) for entry, cycle in plan}
    target.mkdir(parents=True, exist_ok=True)
    for name in ("games.yaml", "sources.yaml"):
        (target / name).write_text((real_content / name).read_text(encoding="utf-8"), encoding="utf-8")
    terms = target / "terms"
    terms.mkdir(exist_ok=True)
    for term in corpus.terms:
        data = term.model_dump(mode="json", exclude_defaults=True)
        data["defined_by"] = [new for old in term.defined_by if (new := synthetic_id(old, 0)) in included]
        (terms / f"{term.id}.yaml").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    for entry, cycle in plan:
        data = _copy(entry, cycle, included)
        folder = target / entry.game
        folder.mkdir(exist_ok=True)
        (folder / f"{data['id']}.yaml").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return count


def _measure(paths: ProjectPaths) -> dict[str, Any]:
    started = time.perf_counter()
    report = build_site(paths)
    return {
        "entries": report.entries,
        "generate_seconds": round(report.generate_seconds, 2),
        "site_seconds": round(report.site_seconds, 2),
        "mkdocs_seconds": round(report.mkdocs_seconds, 2),
        "search_seconds": round(report.search_seconds, 2),
        "total_seconds": round(time.perf_counter() - started, 2),
        "pages": sum(report.pages.values()),
        "search_index_bytes": report.search_index_bytes,
    }


def _first_entry(content: Path) -> Path:
    """The first entry (by file name) of the first game."""
    return next(
        path
        for folder in sorted(content.iterdir())
        if folder.is_dir() and folder.name != "terms"
        for path in sorted(folder.glob("*.yaml"))
    )


def _retitle_one_entry(content: Path) -> str:
    """Change the English title of the first entry of the first game; its id."""
    path = _first_entry(content)
    text = path.read_text(encoding="utf-8")
    marker = "\n  en:\n    title: "
    start = text.index(marker) + len(marker)
    path.write_text(text[:start] + "Retitled " + text[start:], encoding="utf-8")
    return path.stem


def _edit_one_body(content: Path) -> str:
    """Add a sentence at the start of the English body of the first entry of the first game; its id."""
    path = _first_entry(content)
    text = path.read_text(encoding="utf-8")
    marker = "\n    body: "
    start = text.index(marker, text.index("\n  en:\n")) + len(marker)
    if text[start] in "|>":  # a block scalar: its text starts on the next line, after the indentation
        start = text.index("\n", start) + 1
        start += len(text[start:]) - len(text[start:].lstrip(" "))
    elif text[start] in "'\"":
        start += 1
    path.write_text(text[:start] + "Edited for the benchmark. " + text[start:], encoding="utf-8")
    return path.stem


def bench_real(root: Path, scratch: Path) -> dict[str, Any]:
    """The real content: a clean build, then one entry's title changed and rebuilt as ``rulebook serve`` does,
    then its body."""
    content = scratch / "content"
    shutil.copytree(root / "content", content)
    # The copy is outside the repository: the pages show the history of the content it was copied from.
    paths = ProjectPaths.for_project(
        root, content=content, out=scratch / "site", work=scratch / "build", history=root / "content"
    )
    started = time.perf_counter()
    report = build_site(paths)
    total = time.perf_counter() - started
    retitled = _retitle_one_entry(content)
    staging = dataclasses.replace(paths, out=scratch / "site.staging")
    started = time.perf_counter()
    again = build_site(staging, previous=PreviousSite.of(paths.out, report), search=False)
    incremental = time.perf_counter() - started
    started = time.perf_counter()
    index_search(staging.out)
    incremental_search = time.perf_counter() - started
    edited = _edit_one_body(content)
    body_paths = dataclasses.replace(paths, out=scratch / "site.body")
    started = time.perf_counter()
    body = build_site(body_paths, previous=PreviousSite.of(staging.out, again), search=False)
    incremental_body = time.perf_counter() - started
    return {
        "load_seconds": round(report.load_seconds, 2),
        "generate_seconds": round(report.generate_seconds, 2),
        "mkdocs_seconds": round(report.mkdocs_seconds, 2),
        "pagefind_seconds": round(report.search_seconds, 2),
        "total_seconds": round(total, 2),
        "incremental_seconds": round(incremental, 2),
        "incremental_entry": retitled,
        "incremental_rebuilt_trees": sorted(set(again.pages) - set(again.reused_trees) - set(again.patched_pages)),
        "incremental_pages": {lang: list(pages) for lang, pages in again.patched_pages.items()},
        "incremental_examples_run": again.examples_run,
        "incremental_search_seconds": round(incremental_search, 2),
        "incremental_body_seconds": round(incremental_body, 2),
        "incremental_body_entry": edited,
        "incremental_body_pages": {lang: list(pages) for lang, pages in body.patched_pages.items()},
        "incremental_body_rebuilt_trees": sorted(set(body.pages) - set(body.reused_trees) - set(body.patched_pages)),
        "pages": sum(report.pages.values()),
        "api_bytes": report.api_bytes,
    }


def _sizes() -> tuple[int, ...]:
    chosen = os.environ.get("RULEBOOK_BENCH_SIZES")
    if chosen is None:
        return SYNTHETIC_SIZES
    return tuple(int(size) for size in chosen.replace(",", " ").split())


def bench_build(root: Path = PROJECT_ROOT, sizes: tuple[int, ...] | None = None) -> dict[str, Any]:
    """Build the real site and each synthetic corpus in a temporary folder; return the figures."""
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="rulebook-bench-") as folder:
        scratch = Path(folder)
        figures.update(bench_real(root, scratch / "real"))
        for size in _sizes() if sizes is None else sizes:
            content = scratch / f"synthetic_{size}" / "content"
            write_synthetic_content(root / "content", content, size)
            paths = ProjectPaths.for_project(
                root,
                content=content,
                out=scratch / f"synthetic_{size}" / "site",
                work=scratch / f"synthetic_{size}" / "build",
            )
            figures[f"synthetic_{size}"] = _measure(paths)
    return figures
