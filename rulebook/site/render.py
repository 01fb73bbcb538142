"""Render the content to Markdown pages, one tree per language, for MkDocs to build.

This is the site generator's first stage: it turns a validated
:class:`~rulebook.content.model.Corpus` into ``<out>/<lang>/…/*.md`` with the Jinja
templates of ``templates/``. Python prepares every page as a small view model
(titles in the page's language, relative links, which text to show and why);
the templates only lay it out and supply the UI words through gettext.

Page paths, hence URLs, derive from ids only, so deep links stay stable::

    index.md                      /<lang>/                      home
    <game>/index.md               /<lang>/<game>/               game index
    <game>/<entry slug>.md        /<lang>/<game>/<entry slug>/  one entry
    sources/<source id>.md        /<lang>/sources/<source id>/  table of contents of a source
    sources/<source id>/<slug>.md /<lang>/sources/<source id>/<slug>/  a page of its reading view
    sources/index.md              /<lang>/sources/              every source
    glossary/index.md, glossary/<term id>.md                    A–Z glossary, one page per term
    examples/index.md, examples/<game>.md                       worked examples: list, and in full per game
    examples/<game>/<n>.md        /<lang>/examples/<game>/<n>/  a game's examples from its n-th page on (n ≥ 2)
    calculators/index.md, calculators/<name>.md                 the calculators, one page each
    translation.md, search.md                                   translation status, search
    changes.md, changes.xml       /<lang>/changes/              what changed (rulebook.site.history), its Atom feed
    _previews/<game>.json                                       entries' titles and first paragraphs (link previews)
    offline.md                    /<lang>/offline/              "not kept offline" (the service worker's answer)
    manifest.webmanifest, icons/<name>.png                      the tree's web app manifest and its icons

A calculator page holds only a host element with its data (the calculator, the
example it starts from, its UI strings from the catalogs); the site script loads
the runtime of :mod:`rulebook.site.runtime` for it. Every worked example links to its
calculator page with the example's scenario in the fragment ("try it",
:func:`share_fragment`), and every entry a calculator implements — cited by its examples
or applied in their verified traces — links to that calculator.

A render given ``memo_key`` (as :func:`rulebook.site.build.build_site` does) remembers, per
language tree, a digest of everything that tree is made from (:func:`tree_inputs`) and the files
it wrote; the next render in the same process (``rulebook serve``'s rebuilds) leaves a tree whose
digest is unchanged as it is instead of rendering its pages again, and reuses the examples' weights
of :func:`_plan_example_pages` per language the same way.

Content never injects markup: every title, note and heading is HTML-escaped by
the template engine, and bodies have ``<`` escaped before their Markdown is
kept (:func:`escape_markup`); :mod:`rulebook.site.sanitize` cleans the built HTML a
second time.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import yaml
from markupsafe import Markup

from adjudicator.messages import AnswerLanguage
from adjudicator.registry import calculators
from rulebook import __version__
from rulebook.adjudication.examples import ExampleOutcome
from rulebook.adjudication.forms import FormLabels
from rulebook.content.history import ContentHistory
from rulebook.content.model import LANGUAGES, Corpus, Entry, Language, in_language
from rulebook.errors import TemplateError
from rulebook.site.cards import card_path, card_view, cards_index_path, cards_stated_by, catalog_view
from rulebook.site.examples import ExamplesPage, PlainWords, plain_html, plan_example_pages
from rulebook.site.history import CHANGES_FEED, CHANGES_PAGE, SiteHistory
from rulebook.site.i18n import language_name, load_translations
from rulebook.site.icons import ICONS, Icon, icon_png
from rulebook.site.improve import ImproveLinks
from rulebook.site.jinja_cache import CompiledTemplates
from rulebook.site.markdown import inline_markdown, yaml_string
from rulebook.site.pages import (
    calculators_index_fields,
    changes_fields,
    entry_fields,
    examples_index_fields,
    feed_fields,
    game_examples_fields,
    game_fields,
    home_fields,
    source_fields,
)
from rulebook.site.prerendered import MARK as PRERENDERED_MARK
from rulebook.site.previews import PREVIEWS_FOLDER, game_previews
from rulebook.site.reading import (
    SOURCES_INDEX,
    ReadingIndex,
    plan_reading,
    reading_nav,
    reading_view,
    source_rows,
)
from rulebook.site.urls import (
    CALCULATOR_ENTRIES,
    DEFAULT_SITE_URL,
    ICONS_FOLDER,
    OFFLINE_PAGE,
    RESERVED_FOLDERS,
    WEB_MANIFEST,
    calculator_path,
    examples_path,
    page_url,
    source_path,
    term_path,
)
from rulebook.site.views import (
    ExampleView,
    GameView,
    SiteIndex,
    calculator_entries,
    calculator_entry_index,
    calculator_view,
    entry_view,
    example_view,
    game_view,
    glossary_view,
    status_view,
    template_fields,
    term_view,
)

__all__ = [
    "ENTRY_MARKDOWN_BUDGET",
    "RenderedTree",
    "check_game_ids",
    "corpus_inputs",
    "render_root_page",
    "render_site",
    "tree_inputs",
]


ENTRY_MARKDOWN_BUDGET = 21_000
"""Bytes (UTF-8) of Markdown (the texts plus worked examples with their scenario and steps) one entry
page may carry.

An entry page's HTML must stay within 50 KB; the theme takes about 14 KB, the previous/next links and
the way into the reading view about 0.6 KB. On an entry page an example shows its title,
the quote (unless it is the page's own text), its outcome, badge and "try it"; its scenario and
steps are a tap away (a ``<details>``) while the budget lasts, and past it on the game's examples
page, where every example is always shown in full."""

EXAMPLES_PAGE_BUDGET = 30_000
"""Bytes (UTF-8) of Markdown of worked examples one page of a game's examples may carry, in the
heaviest language: every page's HTML must stay within 60 KB, and the theme with the navigation
takes about 24 KB of it."""


@dataclass(frozen=True)
class RenderedTree:
    """One language's generated docs folder and the navigation MkDocs should show."""

    lang: str
    docs_dir: Path
    pages: int
    overrides: dict[str, Any] = field(default_factory=dict)
    """Per-language MkDocs settings rendered from ``mkdocs.yml.j2`` (nav, labels)."""


_COMPILED = CompiledTemplates()


@dataclass(frozen=True)
class _RenderedMemo:
    """What the last render of one tree (by its docs folder) was made from and wrote."""

    inputs: str
    """:func:`tree_inputs` with the reading and examples pages' plans."""
    files: frozenset[Path]
    tree: RenderedTree


_TREES: dict[Path, _RenderedMemo] = {}
"""The last render of each tree in this process, by its docs folder."""

_WEIGHTS: dict[tuple[Path, str], tuple[str, dict[str, int]]] = {}
"""Per (docs folder, language): the content digest (:func:`tree_inputs`) the examples' weights were rendered
with, and each example's weight in that language."""


def _json_digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


def _folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")) if folder.is_dir() else []:
        if path.is_file():
            digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _texts_read(entry: Entry, lang: Language, quoted: frozenset[str]) -> list[Language]:
    """The language versions of ``entry`` the ``lang`` tree can show or read anything of.

    Its own, the original (shown beside it, its digest tells whether a translation is
    outdated), English where the tree's own version has no body (its title and text are the
    fallback, :func:`~rulebook.site.views.text_choice` and ``SiteIndex.entry_title``), and
    every version of an entry a worked example quotes (the quote may be in any language).
    """
    if entry.id in quoted:
        return [Language(code) for code in LANGUAGES]
    version = entry.text.get(lang)
    read = [lang, entry.lang]
    if version is None or not version.body.strip():
        read.append(Language.EN)
    return read


def corpus_inputs(corpus: Corpus, outcomes: Sequence[ExampleOutcome]) -> str:
    """SHA-256 of the corpus without the entries' texts, and of the examples' results: what every tree reads."""
    shared = corpus.model_dump(mode="json", exclude={"entries": {"__all__": {"text"}}})
    results = [[outcome.example.id, outcome.status, outcome.differences, outcome.result] for outcome in outcomes]
    return _json_digest([shared, results])


def tree_inputs(corpus: Corpus, outcomes: Sequence[ExampleOutcome], lang: Language, shared: str | None = None) -> str:
    """SHA-256 of the content and examples' results the ``lang`` tree's pages are made from.

    Everything of the corpus except the entries' texts in the languages the tree never reads
    (:func:`_texts_read`): a translation into another language changes no page of this tree,
    unless its length moves an entry to another reading or examples page, which the plans
    added to the digest by :func:`render_site` catch. ``shared`` is :func:`corpus_inputs`, if
    already known.
    """
    quoted = frozenset(entry_id for example in corpus.examples for entry_id in example.entries)
    texts = [
        {
            code.value: entry.text[code].model_dump(mode="json")
            for code in _texts_read(entry, lang, quoted)
            if code in entry.text
        }
        for entry in corpus.entries
    ]
    return _json_digest([lang.value, shared or corpus_inputs(corpus, outcomes), texts])


def _environment(templates_dir: Path, mo_dir: Path, lang: str, labels: FormLabels | None = None) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir)),
        bytecode_cache=_COMPILED,
        extensions=["jinja2.ext.i18n"],
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    translations = load_translations(mo_dir, lang)
    env.install_gettext_translations(translations, newstyle=True)  # type: ignore[attr-defined]
    env.globals["gettext"] = env.globals["_"] = _remembered_gettext(translations.gettext)
    words = PlainWords(labels or FormLabels(frozenset()), translations.gettext("yes"), translations.gettext("no"), lang)
    env.globals["plain"] = _remembered_plain(words)
    env.globals["plain_words"] = words
    env.globals["form_labels"] = labels or FormLabels(frozenset())
    env.filters["inline"] = inline_markdown
    env.filters["yaml_string"] = yaml_string
    env.globals["markdown"] = Markup
    env.globals["calculator_labels"] = {calculator.name: calculator.label for calculator in calculators().values()}
    return env


def _remembered_gettext(lookup: Callable[[str], str]) -> Callable[..., str]:
    """Jinja's new-style ``gettext`` and ``_`` (``jinja2.ext``: the word marked safe, then ``%`` its
    variables, escaped), with each word looked up once per language: the pages ask for about
    105,000 words per build, a few hundred different ones."""
    words: dict[str, Markup] = {}
    alone: dict[str, Markup] = {}

    @jinja2.pass_context
    def gettext(context: jinja2.runtime.Context, string: str, /, **variables: Any) -> str:
        if not context.eval_ctx.autoescape:
            return lookup(string) % variables
        if not variables:
            # The same as below with no variables (a "%%" becomes "%"), kept as it is used.
            known = alone.get(string)
            if known is None:
                known = alone[string] = Markup(lookup(string)) % variables
            return known
        word = words.get(string)
        if word is None:
            word = words[string] = Markup(lookup(string))
        return word % variables

    return gettext


def _remembered_plain(words: PlainWords) -> Callable[[Any], Markup]:
    """:func:`plain_html` in one language, each value converted once: a worked example's scenario and
    outcome are shown on two or three pages of each tree. Values are told apart by
    identity and kept here, so no other value can take a converted one's id; the pages never change them."""
    converted: dict[int, tuple[Any, Markup]] = {}

    def plain(value: Any) -> Markup:
        kept = converted.get(id(value))
        if kept is None:
            kept = converted[id(value)] = (value, plain_html(value, words))
        return kept[1]

    return plain


def _render(env: jinja2.Environment, name: str, context: dict[str, Any]) -> str:
    try:
        return env.get_template(name).render(context)
    except jinja2.TemplateSyntaxError as error:
        raise TemplateError(
            f"{error.filename or name}:{error.lineno}: template syntax error: {error.message}"
        ) from None
    except jinja2.TemplateNotFound as error:
        raise TemplateError(
            f"template {error.name!r} not found; the templates folder must hold every page template"
        ) from None
    except jinja2.UndefinedError as error:
        raise TemplateError(f"{name}: {error.message}; the template uses a value the page does not provide") from None
    except jinja2.TemplateError as error:
        raise TemplateError(f"{name}: template error: {error}") from None


class _Files:
    """The files one render writes; a file whose bytes are already there is left alone.

    The output folder is not emptied before a render (deleting and creating thousands of
    files costs seconds on some file systems, every rebuild of ``rulebook serve``): what a
    render did not write is deleted after it (:meth:`remove_others`), so a removed entry
    still leaves no stale page.
    """

    def __init__(self) -> None:
        self.written: set[Path] = set()

    def write(self, path: Path, data: bytes) -> None:
        self.written.add(path)
        try:
            if path.read_bytes() == data:
                return
        except FileNotFoundError:
            path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)

    def copy_folder(self, source: Path, target: Path) -> None:
        for path in sorted(source.rglob("*")):
            if path.is_file():
                self.write(target / path.relative_to(source), path.read_bytes())

    def remove_others(self, folder: Path) -> None:
        """Delete every file under ``folder`` this render did not write, then the folders left empty."""
        for path in sorted(folder.rglob("*"), reverse=True):
            if path.is_dir():
                if not any(path.iterdir()):
                    path.rmdir()
            elif path not in self.written:
                path.unlink()


@functools.cache
def _icon_file(icon: Icon) -> bytes:
    """An icon's PNG, drawn once per process for every tree."""
    return icon_png(icon)


def _size(markdown: str) -> int:
    """Bytes (UTF-8) of ``markdown`` as the page carries it: the marks of pre-rendered lines are dropped."""
    return len(markdown.encode("utf-8")) - markdown.count(PRERENDERED_MARK) * len(PRERENDERED_MARK)


def check_game_ids(corpus: Corpus) -> None:
    """Refuse a game id that would collide with a fixed folder of the site."""
    clashes = sorted(game.id for game in corpus.games if game.id in RESERVED_FOLDERS)
    if clashes:
        raise TemplateError(
            f"game id(s) {', '.join(clashes)} collide with site folders {sorted(RESERVED_FOLDERS)}; rename the game"
        )


def render_site(
    corpus: Corpus,
    out_dir: Path,
    templates_dir: Path,
    mo_dir: Path,
    languages: Iterable[str] = LANGUAGES,
    outcomes: Sequence[ExampleOutcome] = (),
    progress: Callable[[str], None] | None = None,
    answers_in: Mapping[str, AnswerLanguage] | None = None,
    labels_in: Mapping[str, FormLabels] | None = None,
    memo_key: str | None = None,
    on_tree: Callable[[RenderedTree], None] | None = None,
    history: SiteHistory | None = None,
    improve: ImproveLinks | None = None,
    site_url: str = DEFAULT_SITE_URL,
) -> list[RenderedTree]:
    """Write every page of every language tree to ``out_dir/<lang>/`` and return the trees.

    ``outcomes`` are the results of :func:`rulebook.adjudication.examples.run_examples` (shown on their
    entries' pages); ``answers_in`` the adjudicator catalog per language code
    (:func:`rulebook.adjudication.messages.load_language`) their traces are shown in (English without);
    ``labels_in`` the calculator forms' words per language code (:func:`rulebook.adjudication.forms.form_labels`)
    their scenarios and outcomes are labelled with (the data's own keys without).
    Files already in ``out_dir`` with the same bytes are left alone and every other file there is
    deleted, so a removed entry leaves no stale page. ``on_tree`` is called with each tree as soon as
    its folder is complete (stale files removed), while the next tree is rendered: the site build
    starts MkDocs on it then (a tree left as it is, see below, is handed over too).

    ``memo_key`` (a digest of the catalogs ``answers_in`` and ``labels_in`` were read from) lets
    a tree whose inputs did not change since the last render into the same folder in this process
    be left as it is (see the module's docstring); ``None`` renders every tree.

    ``history`` is the content's git history (:mod:`rulebook.site.history`: each entry's History, the
    changes page and its feed, whose links are absolute under ``site_url``); without it those pages say
    the build had none. ``improve`` says where "Improve this translation" leads (:mod:`rulebook.site.improve`).
    """
    check_game_ids(corpus)
    site = SiteIndex(corpus, outcomes, answers_in)
    context = _TreeContext(history or SiteHistory(ContentHistory.unavailable("no history given")), improve, site_url)
    reading = plan_reading(site)
    envs = {code: _environment(templates_dir, mo_dir, code, (labels_in or {}).get(code)) for code in languages}
    inputs: dict[str, str] = {}
    if memo_key is not None:
        around = _json_digest([memo_key, _folder_digest(templates_dir), _folder_digest(mo_dir), context.digest()])
        shared = corpus_inputs(corpus, outcomes)
        inputs = {
            code: _json_digest([around, tree_inputs(corpus, outcomes, Language(code), shared)]) for code in languages
        }
    weighed: dict[tuple[str, str], str] = {}
    example_pages = _plan_example_pages(
        site, envs, {code: (out_dir / code, digest) for code, digest in inputs.items()}, weighed
    )
    site.example_pages = {
        example_id: page.path for pages in example_pages.values() for page in pages for example_id in page.example_ids
    }
    plans = repr([reading.plans, example_pages])
    files = _Files()
    trees = []
    for code in languages:
        docs = out_dir / code
        memo = _TREES.get(docs.resolve())
        key = _json_digest([inputs[code], plans]) if code in inputs else None
        if key is not None and memo is not None and memo.inputs == key and all(path.is_file() for path in memo.files):
            files.written |= memo.files
            trees.append(memo.tree)
            if progress:
                progress(f"{code} unchanged: its {memo.tree.pages} pages not generated again")
            if on_tree:
                files.remove_others(out_dir / code)
                on_tree(memo.tree)
            continue
        _TREES.pop(docs.resolve(), None)
        before = set(files.written)
        tree = _render_tree(
            site, reading, corpus, code, out_dir, templates_dir, envs[code], example_pages, files, weighed, context
        )
        trees.append(tree)
        if key is not None:
            _TREES[docs.resolve()] = _RenderedMemo(key, frozenset(files.written - before), tree)
        if progress:
            progress(f"generated {tree.pages} pages for {code}")
        if on_tree:
            files.remove_others(out_dir / code)
            on_tree(tree)
    files.remove_others(out_dir)
    return trees


@dataclass(frozen=True)
class _TreeContext:
    """What every tree of one render shows besides the content: its history, where improvements go, its address."""

    history: SiteHistory
    improve: ImproveLinks | None
    site_url: str

    def digest(self) -> str:
        """What a tree's pages take from this: the history's commit, the links, the address."""
        history = self.history.history
        return _json_digest([history.head, history.notice, repr(self.improve), self.site_url])


def _common(code: str) -> dict[str, Any]:
    """What every template of the ``code`` tree is given."""
    return {
        "lang": code,
        "page_language": language_name(code),
        "version": __version__,
        "languages": [(other, language_name(other)) for other in LANGUAGES],
    }


def _in_source_order(site: SiteIndex) -> list[ExampleOutcome]:
    return sorted(
        site.outcomes,
        key=lambda o: (
            site.entries[o.example.entries[0]].source,
            site.entries[o.example.entries[0]].order,
            o.example.id,
        ),
    )


def _plan_example_pages(
    site: SiteIndex,
    envs: Mapping[str, jinja2.Environment],
    memo: Mapping[str, tuple[Path, str]] | None = None,
    rendered: dict[tuple[str, str], str] | None = None,
) -> dict[str, list[ExamplesPage]]:
    """Each game's examples pages: an example weighs its Markdown in full in the heaviest language
    rendered, so every tree has the same pages.

    ``memo`` gives per language its docs folder and content digest: the weights of the last render
    into that folder with the same digest are used instead of rendering the examples again.
    ``rendered`` receives each example weighed, by (language code, example id): rendered from its
    game's first examples page, as that page shows it (:func:`_render_tree` uses it there)."""
    outcomes = {outcome.example.id: outcome for outcome in site.outcomes}
    memo = memo or {}
    weights: dict[str, dict[str, int]] = {}
    for code, (docs, digest) in memo.items():
        kept = _WEIGHTS.get((docs.resolve(), code))
        weights[code] = dict(kept[1]) if kept is not None and kept[0] == digest else {}
        _WEIGHTS[(docs.resolve(), code)] = (digest, weights[code])

    def weight_in(code: str, env: jinja2.Environment, example_id: str) -> int:
        known = weights.get(code, {}).get(example_id)
        if known is not None:
            return known
        outcome = outcomes[example_id]
        path = examples_path(outcome.example.game)
        text = _render(
            env,
            "_example.md.j2",
            {
                **_common(code),
                "example": example_view(site, outcome, Language(code), path),
                "compact": False,
                "expanded": True,
            },
        )
        size = _size(text)
        if code in weights:
            weights[code][example_id] = size
        if rendered is not None:
            rendered[(code, example_id)] = text
        return size

    def weight(example_id: str) -> int:
        return max(weight_in(code, env, example_id) for code, env in envs.items())

    by_game: dict[str, list[str]] = {}
    for outcome in _in_source_order(site):
        by_game.setdefault(outcome.example.game, []).append(outcome.example.id)
    return plan_example_pages(by_game, weight, EXAMPLES_PAGE_BUDGET)


@dataclass
class _TreeWriter:
    """One language tree being written: its pages rendered with one environment into its folder, counted."""

    env: jinja2.Environment
    code: str
    docs: Path
    files: _Files
    common: dict[str, Any]
    count: int = 0

    def page(self, path: str, template: str, **context: Any) -> None:
        """Render ``template`` with ``context`` to the page at ``path`` of the tree."""
        text = _render(self.env, template, {**self.common, "path": path, "url": page_url(self.code, path), **context})
        self.files.write(self.docs / path, text.encode("utf-8"))
        self.count += 1

    def example_markdown(self, view: ExampleView, compact: bool, expanded: bool = False) -> Markup:
        """One worked example's Markdown as a page shows it."""
        return Markup(
            _render(
                self.env, "_example.md.j2", {**self.common, "example": view, "compact": compact, "expanded": expanded}
            )
        )


def _render_tree(
    site: SiteIndex,
    reading: ReadingIndex,
    corpus: Corpus,
    code: str,
    out_dir: Path,
    templates_dir: Path,
    env: jinja2.Environment,
    example_pages: Mapping[str, list[ExamplesPage]],
    files: _Files,
    weighed: Mapping[tuple[str, str], str],
    context: _TreeContext,
) -> RenderedTree:
    """Write every page of the ``code`` language tree to ``out_dir/<code>/``.

    ``weighed``: examples rendered by :func:`_plan_example_pages` (from their game's first examples
    page, expanded), by (language code, example id); those shown on that page are not rendered again."""
    lang = Language(code)
    tree = _TreeWriter(env, code, out_dir / code, files, _common(code))
    games = [game_view(site, game, lang, "index.md") for game in corpus.games]
    labels = env.globals["form_labels"]
    assert isinstance(labels, FormLabels)
    card_games = {card.game for card in corpus.cards}
    tree.page("index.md", "home.md.j2", **home_fields(site, corpus, lang, games))
    for game in corpus.games:
        path = f"{game.id}/index.md"
        tree.page(path, "game.md.j2", **game_fields(site, reading, corpus, game, lang, path, card_games))
    _write_sources(tree, site, reading, corpus, lang, context.improve)
    _write_entries(tree, site, reading, corpus, lang, context)
    for game_id, previews in game_previews(site, lang).items():
        files.write(tree.docs / PREVIEWS_FOLDER / f"{game_id}.json", previews.encode("utf-8"))
    _write_cards(tree, site, corpus, lang, card_games, labels)
    tree.page("glossary/index.md", "glossary.md.j2", **template_fields(glossary_view(site, lang)))
    for term in corpus.terms:
        tree.page(term_path(term), "term.md.j2", **template_fields(term_view(site, term, lang)))
    _write_examples(tree, site, corpus, lang, games, example_pages, weighed)
    _write_calculators(tree, site, lang)
    tree.page("translation.md", "translation.md.j2", **template_fields(status_view(site, lang)))
    tree.page(CHANGES_PAGE, "changes.md.j2", **changes_fields(site, context.history, corpus, lang))
    feed = _render(
        env, "changes.xml.j2", {**tree.common, **feed_fields(site, context.history, corpus, lang, context.site_url)}
    )
    tree.files.write(tree.docs / CHANGES_FEED, feed.strip().encode("utf-8") + b"\n")
    tree.page("search.md", "search.md.j2")
    tree.page(OFFLINE_PAGE, "offline.md.j2")
    manifest = _render(env, "manifest.webmanifest.j2", {**tree.common, "icons": ICONS})
    tree.files.write(tree.docs / WEB_MANIFEST, json.dumps(json.loads(manifest), ensure_ascii=False).encode("utf-8"))
    for icon in ICONS:
        tree.files.write(tree.docs / ICONS_FOLDER / icon.name, _icon_file(icon))
    assets = templates_dir / "assets"
    if assets.is_dir():
        files.copy_folder(assets, tree.docs / "assets")
    overrides_text = _render(
        env,
        "mkdocs.yml.j2",
        {**tree.common, "games": games, "sources": corpus.sources, "reading": reading_nav(site, reading, lang)},
    )
    return RenderedTree(code, tree.docs, tree.count, yaml.safe_load(overrides_text))


def _write_sources(
    tree: _TreeWriter,
    site: SiteIndex,
    reading: ReadingIndex,
    corpus: Corpus,
    lang: Language,
    improve: ImproveLinks | None = None,
) -> None:
    """Each source's table of contents and reading view pages (their paragraphs' "Improve this translation"
    link, :mod:`rulebook.site.improve`), then the index of every source."""
    for source in corpus.sources:
        path = source_path(source)
        tree.page(path, "source.md.j2", **source_fields(site, reading, source, lang, path))
        improving = {
            "improve_paragraph": improve.paragraph_template(source.game, source.lang, lang) if improve else None,
            "prefix": site.games[source.game].prefix,
        }
        for plan in reading.plans[source.id]:
            view = template_fields(reading_view(site, reading, plan, lang))
            tree.page(plan.path, "reading.md.j2", **view, **improving)
    tree.page(SOURCES_INDEX, "sources.md.j2", sources=source_rows(site, reading, lang))


def _write_entries(
    tree: _TreeWriter, site: SiteIndex, reading: ReadingIndex, corpus: Corpus, lang: Language, context: _TreeContext
) -> None:
    """Each entry's page, its worked examples opened in full while the page's budget lasts, its History last."""
    stated_by = cards_stated_by(corpus.cards)
    for entry in corpus.entries:
        view = entry_view(site, entry, lang)
        history_view = context.history.entry_history(entry, lang)
        history = (
            Markup(_render(tree.env, "_history.md.j2", {**tree.common, "history": history_view}).strip())
            if history_view is not None
            else None
        )
        # Every example is shown at least compact; the budget left after those opens them one by one, in
        # order, to their scenario and steps.
        rendered = [tree.example_markdown(example, compact=True) for example in view.examples]
        budget = ENTRY_MARKDOWN_BUDGET - _size(view.main_body) - _size(view.second_body or "") - _size(history or "")
        budget -= sum(_size(compact) for compact in rendered)
        for index, example in enumerate(view.examples):
            full = tree.example_markdown(example, compact=False)
            if _size(full) - _size(rendered[index]) > budget:
                break
            budget -= _size(full) - _size(rendered[index])
            rendered[index] = full
        fields = entry_fields(site, reading, entry, view, lang, stated_by, context.improve)
        tree.page(site.paths[entry.id], "entry.md.j2", **{**fields, "examples": rendered, "history": history})


def _write_cards(
    tree: _TreeWriter, site: SiteIndex, corpus: Corpus, lang: Language, card_games: set[str], labels: FormLabels
) -> None:
    """Each game's card catalog, then each card's page."""
    for game_id in sorted(card_games):
        game_name = in_language(site.games[game_id].name, lang)
        tree.page(
            cards_index_path(game_id),
            "cards.md.j2",
            game_name=game_name,
            cards=catalog_view(site, game_id, corpus.cards, lang),
        )
    for card in corpus.cards:
        tree.page(card_path(card), "card.md.j2", **template_fields(card_view(site, card, lang, labels)))


def _write_examples(
    tree: _TreeWriter,
    site: SiteIndex,
    corpus: Corpus,
    lang: Language,
    games: Sequence[GameView],
    example_pages: Mapping[str, list[ExamplesPage]],
    weighed: Mapping[tuple[str, str], str],
) -> None:
    """The examples index, then each page of each game's worked examples, every example in full."""
    in_source_order = _in_source_order(site)
    outcomes = {outcome.example.id: outcome for outcome in in_source_order}
    counts = {game.id: sum(o.example.game == game.id for o in in_source_order) for game in corpus.games}
    tree.page("examples/index.md", "examples.md.j2", **examples_index_fields(games, counts, example_pages))
    for game in corpus.games:
        pages = example_pages.get(game.id, [])
        for this in pages:
            tree.page(
                this.path,
                "game_examples.md.j2",
                **game_examples_fields(game, lang, this, pages),
                examples=[
                    Markup(weighed[(tree.code, example_id)])
                    if this.path == examples_path(game.id) and (tree.code, example_id) in weighed
                    else tree.example_markdown(
                        example_view(site, outcomes[example_id], lang, this.path), compact=False, expanded=True
                    )
                    for example_id in this.example_ids
                ],
            )


def _write_calculators(tree: _TreeWriter, site: SiteIndex, lang: Language) -> None:
    """The calculators index, each calculator's page with its opening answer, and the entries the answers cite."""
    tree.page("calculators/index.md", "calculators.md.j2", **calculators_index_fields(site, lang))
    entry_index = calculator_entry_index(site, lang)
    words = tree.env.globals["plain_words"]
    assert isinstance(words, PlainWords)
    for calculator in site.calculators.values():
        tree.page(
            calculator_path(calculator.name),
            "calculator.md.j2",
            **template_fields(calculator_view(site, calculator, lang, words, entry_index)),
        )
    tree.files.write(tree.docs / CALCULATOR_ENTRIES, calculator_entries(entry_index).encode("utf-8"))


def render_root_page(templates_dir: Path, mo_dir: Path) -> str:
    """The site's ``index.html``: sends the visitor to the English tree, links every language."""
    env = _environment(templates_dir, mo_dir, Language.EN.value)
    return _render(env, "index.html.j2", {"languages": [(code, language_name(code)) for code in LANGUAGES]})
