"""``rulebook bench build``: how long the site takes to build, for the real content and synthetic content.

Issue 6's benchmark: one JSON object with the real site and synthetic content
of 1,000 and 5,000 entries × 5 languages, each split into generation (loading,
examples, catalogs, Markdown) and the site build (MkDocs for every language
plus Pagefind), with the search index's bytes per language. Everything is
built in a temporary folder; the project's own ``build/`` and ``site/`` are
left alone.

Synthetic content (written as JSON, which is YAML too) is the real content repeated: entry *i* is a copy of real
entry *i mod 365* (cycle *i div 365*) under a new id, with its parent, see-also
and ``ref:`` links pointing into the same cycle, and a full body in all five
languages (the English text stands in for missing translations), so every page
of every tree carries text as a fully translated corpus would.
"""

from __future__ import annotations

import json
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from rulebook.content.load import ENTRY_LINK, load_or_raise
from rulebook.content.model import LANGUAGES, Entry, Language
from rulebook.site.build import ProjectPaths, build_site

__all__ = ["SYNTHETIC_SIZES", "bench_build", "synthetic_id", "write_synthetic_content"]

SYNTHETIC_SIZES = (1000, 5000)
"""Entry counts of the synthetic corpora."""

PROJECT_ROOT = Path(__file__).resolve().parent.parent


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


def bench_build(root: Path = PROJECT_ROOT, sizes: tuple[int, ...] = SYNTHETIC_SIZES) -> dict[str, Any]:
    """Build the real site and each synthetic corpus in a temporary folder; return the figures."""
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="rulebook-bench-") as folder:
        scratch = Path(folder)
        figures["real"] = _measure(
            ProjectPaths.for_project(root, out=scratch / "real" / "site", work=scratch / "real" / "build")
        )
        for size in sizes:
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
