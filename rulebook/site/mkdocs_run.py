"""One language tree's strict MkDocs build, run in a worker process of the site build (or in ``rulebook serve``).

Kept apart from :mod:`rulebook.site.build` so a worker process imports MkDocs and nothing of the
content model, the examples or the page templates (most of a second per worker). Here too: strict
mode (every MkDocs warning is an error, reported as warnings, not a traceback) and the shortcuts
(only the changed pages of a tree rendered again: :func:`build_pages`; less work per page:
:func:`raw_html_anchor_ids`, :data:`THEME_BYTECODE`).
"""

from __future__ import annotations

import importlib
import logging
import re
import time
from collections.abc import Sequence
from typing import Any

from rulebook.site.jinja_cache import CompiledTemplates

__all__ = ["THEME_BYTECODE", "build_pages", "mkdocs_build", "raw_html_anchor_ids", "start_worker"]

THEME_BYTECODE = CompiledTemplates()
"""The MkDocs theme's compiled templates, kept for the next build in this process: the next tree
a worker builds, the next page-by-page build (:func:`build_pages`)."""

_PARSED_WHOLE = re.compile(r"<[!?]|</>|<(?:script|style)\b", re.IGNORECASE)
"""What makes the HTML parser change state (comments, declarations, processing instructions,
Markdown's ``</>``, script and style contents): a page holding any of it is parsed whole."""

_NOT_A_START_TAG = re.compile(r"(?:[^<]++|</[a-zA-Z][^>]*+>|<(?![a-zA-Z]))*+")
"""Text up to the next start tag: what Markdown's HTML parser reads as data or end tags."""


def raw_html_anchor_ids(text: str) -> set[str]:
    """The ids (and ``<a name>``) of a page's Markdown source, the set MkDocs' anchor collector
    (``mkdocs.structure.pages._RawHTMLPreprocessor``, MkDocs 1.6) finds, for its check of links to anchors.

    MkDocs feeds the whole page to Python-Markdown's HTML parser, which handles every tag and run
    of text in Python, after ``md_in_html`` did the same; here the start tags are found as that
    parser finds them (its own :meth:`check_for_whole_start_tag`, data and end tags skipped by
    one regular expression) and only those naming an ``id`` or ``name`` are given to MkDocs'
    collector: the same set in about a third of the time. A page the scan
    does not cover (:data:`_PARSED_WHOLE`, a start tag not closed) is parsed whole as before.
    """
    from mkdocs.structure.pages import _HTMLHandler

    parser = _HTMLHandler()
    if _PARSED_WHOLE.search(text) is None:
        parser.rawdata = text
        tags = []
        pos = _NOT_A_START_TAG.match(text).end()  # type: ignore[union-attr]  # matches the empty string
        while pos < len(text):
            end = parser.check_for_whole_start_tag(pos)
            if end <= pos or text[end - 1] != ">":
                break
            tag = text[pos:end]
            lowered = tag.lower()
            if "id" in lowered or "name" in lowered:
                tags.append(tag)
            pos = _NOT_A_START_TAG.match(text, end).end()  # type: ignore[union-attr]
        else:
            parser.rawdata = ""
            parser.feed("\n".join(tags))
            parser.close()
            return set(parser.present_anchor_ids)
        parser = _HTMLHandler()
    parser.feed(text)
    parser.close()
    return set(parser.present_anchor_ids)


def _collect_raw_html_anchors(self: Any, lines: list[str]) -> list[str]:
    """``_RawHTMLPreprocessor.run`` of MkDocs 1.6 with :func:`raw_html_anchor_ids`."""
    self.present_anchor_ids = raw_html_anchor_ids("\n".join(lines))
    return lines


def _less_work_per_page(config: Any) -> None:
    """Point MkDocs at the cheaper anchor collector and the theme at the compiled templates kept in this process."""
    import mkdocs
    from mkdocs.structure.pages import _RawHTMLPreprocessor

    # The collector replaced is an internal of MkDocs 1.6 (constraints.txt pins 1.6.1): another
    # MkDocs keeps its own.
    if mkdocs.__version__.startswith("1.6."):
        _RawHTMLPreprocessor.run = _collect_raw_html_anchors  # type: ignore[method-assign]
    theme = config.theme
    if "get_env" not in vars(theme):
        make_env = theme.get_env

        def get_env() -> Any:
            env = make_env()
            env.bytecode_cache = THEME_BYTECODE
            return env

        theme.get_env = get_env


_BUILD_MODULES = (
    "mkdocs.commands.build",
    "mkdocs.config",
    "material.plugins",
    "markdown.extensions.admonition",
    "markdown.extensions.fenced_code",
    "markdown.extensions.md_in_html",
    "markdown.extensions.tables",
    "markdown.extensions.toc",
    "nh3",
    "rulebook.site.anchors",
    "rulebook.site.minify",
    "rulebook.site.prerendered",
    "rulebook.site.quick_inline",
    "rulebook.site.sanitize",
)
"""What a tree's MkDocs build imports: MkDocs, the theme, Python-Markdown's and the site's extensions, the hooks."""


def start_worker() -> None:
    """Import what a tree's MkDocs build runs (:data:`_BUILD_MODULES`) in a fresh worker process, before its
    first tree: a site build starts every worker at once, while the content loads and a core is free,
    not when the second and third trees are given out."""
    for name in _BUILD_MODULES:
        importlib.import_module(name)


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def mkdocs_build(config_file: str, only: Sequence[str] | None = None) -> tuple[bool, list[str], float]:
    """Run one strict MkDocs build (in a worker process, or in this one for ``only``); returns (ok, warnings, seconds).

    With ``only`` (Markdown paths in the tree), the tree already in ``site_dir`` is the
    previous build's and only those pages are rendered again (:func:`build_pages`).
    """
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    started = time.perf_counter()
    logger = logging.getLogger("mkdocs")
    collect = _Collect()
    logger.addHandler(collect)
    propagate, level = logger.propagate, logger.level
    logger.propagate = False
    logger.setLevel(logging.INFO)
    try:
        config = load_config(config_file=config_file)
        _less_work_per_page(config)
        if only is None:
            build(config)
        else:
            build_pages(config, set(only))
    except MkDocsException as error:
        return False, [*collect.messages, str(error)], time.perf_counter() - started
    except Exception as error:  # a theme or hook failure inside MkDocs: report it, do not crash the pool
        return False, [*collect.messages, f"{type(error).__name__}: {error}"], time.perf_counter() - started
    finally:
        logger.removeHandler(collect)
        logger.propagate, logger.level = propagate, level
    return True, collect.messages, time.perf_counter() - started


def build_pages(config: Any, only: set[str]) -> None:
    """MkDocs' own build (``mkdocs.commands.build.build``, MkDocs 1.6) with only the pages in ``only`` written.

    Every step that gives a page its surroundings runs as in a full build: the files, the
    theme, the navigation, every page's source and front matter read (the titles and
    metadata that other pages' menus and links show), the static templates (``404.html``,
    the sitemap). The listed pages are converted and checked as in a full build (links,
    and anchors in the pages they link to, which are converted for it), and the theme's page
    template renders them through the same function a full build uses, so each of them is
    the file a full build writes. The output folder is not emptied and the theme's and the
    tree's static files are not copied again: it holds the previous build, whose settings,
    theme and assets were the same (:func:`changed_pages`).

    Not checked here: links from the unchanged pages to an anchor the edit removed (a full
    ``rulebook build`` reports them).
    """
    from mkdocs import utils
    from mkdocs.commands import build as mkdocs_build
    from mkdocs.exceptions import Abort
    from mkdocs.structure.files import InclusionLevel, get_files, set_exclusions
    from mkdocs.structure.nav import get_navigation
    from mkdocs.structure.pages import Page

    warnings = utils.CountHandler()
    warnings.setLevel(logging.WARNING)
    logging.getLogger("mkdocs").addHandler(warnings)
    inclusion = InclusionLevel.is_included
    try:
        config = config.plugins.on_config(config)
        config.plugins.on_pre_build(config=config)
        files = get_files(config)
        env = config.theme.get_env()
        # The theme's templates compiled once per process, not once per rebuild (a template whose source
        # changed is compiled again: the cache checks each source's checksum).
        env.bytecode_cache = THEME_BYTECODE
        files.add_files_from_theme(env, config)
        files = config.plugins.on_files(files, config=config)
        set_exclusions(files, config)
        nav = get_navigation(files, config)
        nav = config.plugins.on_nav(nav, config=config, files=files)
        for file in files.documentation_pages(inclusion=inclusion):
            if file.page is None and file.inclusion.is_not_in_nav():
                Page(None, file, config)
            if file.src_uri in only:
                mkdocs_build._populate_page(file.page, config, files)
            else:
                # Its title (front matter) and metadata are all the listed pages' menus and links read of it.
                file.page.read_source(config)
        rendered = {file.src_uri for file in files.documentation_pages(inclusion=inclusion) if file.src_uri in only}
        for file in files.documentation_pages(inclusion=inclusion):
            for target in (file.page.links_to_anchors or {}) if file.src_uri in rendered else {}:
                # A link to another page's anchor is checked as in a full build: that page is converted too.
                if target.page is not None and target.page.present_anchor_ids is None:
                    mkdocs_build._populate_page(target.page, config, files)
        env = config.plugins.on_env(env, config=config, files=files)
        for template in config.theme.static_templates:
            mkdocs_build._build_theme_template(template, env, files, config, nav)
        for template in config.extra_templates:
            mkdocs_build._build_extra_template(template, files, config, nav)
        doc_files = files.documentation_pages(inclusion=inclusion)
        for file in files.static_pages():
            if file.src_uri in only:
                file.copy_file(dirty=False)
        for file in doc_files:
            if file.src_uri in only:
                mkdocs_build._build_page(file.page, config, doc_files, nav, env, excluded=file.inclusion.is_excluded())
        for file in doc_files:
            if file.src_uri in only:
                file.page.validate_anchor_links(files=files, log_level=config.validation.links.anchors)
        config.plugins.on_post_build(config=config)
        if counts := warnings.get_counts():
            raise Abort(f"Aborted with {', '.join(f'{v} {k.lower()}s' for k, v in counts)} in strict mode!")
    finally:
        logging.getLogger("mkdocs").removeHandler(warnings)
