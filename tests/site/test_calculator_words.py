"""A calculator page says everything in its tree's words: no id, no markup, no English, before and after a bad input.

Each calculator page of the de, hu, ru and nl trees is opened at phone size; its visible text —
every input group opened, the "Scenario as text" editor, the full result as JSON and the small
path beside a problem left out (they are the scenario's own notation) — is read with its first
answer, and again after one bad input (a count made negative, as a player could type it). The
text must hold no scenario field name, enum id or unit type id (unless the tree's catalogs use
the same word), no entry id, no file path, no Sphinx role or backtick, and no English sentence
(two English function words, as ``test_no_english`` counts them).

``make test`` reads one page per calculator family in each tree in turn; ``RULEBOOK_CRAWL=all``
reads every calculator in every tree (160 pages).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from adjudicator.registry import calculators
from rulebook.adjudication.scenarios import scenario_schema
from rulebook.bench.browser import RequestLog, wait_for_runs
from rulebook.content.model import Corpus
from tests.conftest import REPOSITORY
from tests.site.test_no_english import ENGLISH_FUNCTION_WORDS, KEPT_AS_PRINTED

HOST = "[data-rb-calculator]"
LOCALES = REPOSITORY / "locales"
TREES = ("de", "hu", "ru", "nl")
EVERY_PAGE = os.environ.get("RULEBOOK_CRAWL", "") == "all"


def _pages() -> list[tuple[str, str]]:
    names = sorted(calculators())
    if EVERY_PAGE:
        return [(name, lang) for name in names for lang in TREES]
    # One calculator in five, each in the next tree: every family and every tree is read.
    return [(name, TREES[index % len(TREES)]) for index, name in enumerate(names[::5])]


PAGES = _pages()

VISIBLE_TEXT = """host => {
  for (const details of host.querySelectorAll('details:not(.rb-text):not(.rb-json)')) details.open = true;
  const copy = host.cloneNode(true);
  const notation = 'details.rb-text, details.rb-json, .rb-errors small, script, style, svg';
  copy.querySelectorAll(notation).forEach(n => n.remove());
  copy.style.position = 'absolute';
  copy.style.left = '-10000px';
  document.body.append(copy);
  const text = copy.innerText;
  const options = [...copy.querySelectorAll('option')].map(o => o.textContent).join('\\n');
  const labels = [...copy.querySelectorAll('input[placeholder]')].map(i => i.placeholder).join('\\n');
  copy.remove();
  return text + '\\n' + options + '\\n' + labels;
}"""
"""The calculator's visible words: its text with every group open, its select choices and placeholders."""


@pytest.fixture(scope="module")
def phone_context(browser: Any) -> Iterator[Any]:
    """One phone-sized touch context for the module: the service worker keeps the runtime between pages."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    yield context
    context.close()


@cache
def _tree_words(lang: str) -> frozenset[str]:
    """Every word of the tree's catalogs' translations, lower-cased: a word the tree itself uses is no id."""
    words: set[str] = set()
    for domain in ("messages", "adjudicator", "forms"):
        with (LOCALES / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
            for message in read_po(handle):
                strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
                for text in strings:
                    words |= {word.lower() for word in re.findall(r"[\w-]+", text or "")}
    return frozenset(words)


def _schema_ids(schema: Any, found: set[str]) -> set[str]:
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                found |= set(value)
            if key == "enum" and isinstance(value, list):
                found |= {item for item in value if isinstance(item, str)}
            if key == "x-rulebook" and isinstance(value, dict):
                for choice in value.get("choices", []) if isinstance(value.get("choices"), list) else []:
                    if isinstance(choice, dict) and isinstance(choice.get("value"), str):
                        found.add(choice["value"])
            _schema_ids(value, found)
    elif isinstance(schema, list):
        for item in schema:
            _schema_ids(item, found)
    return found


@cache
def _ids(name: str) -> frozenset[str]:
    """The scenario's field names and the ids it takes (enum values, unit types, choices) of calculator ``name``."""
    found = _schema_ids(scenario_schema(calculators()[name].scenario), set())
    return frozenset(item for item in found if len(item) > 2)


def own_names(scenario: Any) -> set[str]:
    """The names a scenario gives its items (the ``id`` or ``name`` of a box, a card, a player): the player's words."""
    found: set[str] = set()
    if isinstance(scenario, dict):
        for key, value in scenario.items():
            if key in ("id", "name") and isinstance(value, str):
                found.add(value)
            found |= own_names(value)
    elif isinstance(scenario, list):
        for item in scenario:
            found |= own_names(item)
    return found


def problems_in(text: str, name: str, lang: str, entry_ids: frozenset[str], scenario: Any = None) -> list[str]:
    """What in ``text`` is not in the tree's words: ids, markup, paths, English sentences (``scenario``: the page's,
    whose own names are the player's words)."""
    found: list[str] = []
    if re.search(r":(?:attr|class|func|meth|mod|data|ref|term):|`", text):
        found.append("a Sphinx role or backtick")
    found += [f"file path {path!r}" for path in re.findall(r"\S*(?:content/|\.ya?ml\b|\.py\b)\S*", text)]
    tokens = set(re.findall(r"[A-Za-z0-9][\w.-]*[A-Za-z0-9]", text))
    found += [f"entry id {token!r}" for token in sorted(tokens & entry_ids)]
    tree_words = _tree_words(lang)
    found += [
        f"id {token!r}"
        for token in sorted((tokens & _ids(name)) - own_names(scenario))
        if token.lower() not in tree_words and (not token.isalpha() or lang == "ru" or token.islower())
    ]
    cleaned = text
    for name_kept in KEPT_AS_PRINTED:
        cleaned = cleaned.replace(name_kept, " ")
    for sentence in re.split(r"[.!?;:\n]", cleaned):
        english = {word for word in re.findall(r"[a-z']+", sentence.lower()) if word in ENGLISH_FUNCTION_WORDS}
        if len(english) >= 2:
            found.append(f"English: {sentence.strip()!r}")
    return found


def _bad_input(page: Any) -> bool:
    """Type a negative count into the first number box of the inputs, as a slip of the finger; whether there was one."""
    boxes = page.locator(f"{HOST} .rb-form input[type=number]:visible")
    if boxes.count() == 0:
        return False
    boxes.first.fill("-7")
    return True


@pytest.mark.parametrize(("name", "lang"), PAGES, ids=[f"{name}-{lang}" for name, lang in PAGES])
def test_the_page_says_everything_in_the_trees_words(
    phone_context: Any, counted: tuple[str, RequestLog], real_corpus: Corpus, name: str, lang: str
) -> None:
    """The calculator's words, with its opening answer and after a bad input, are the tree's words only."""
    url, _ = counted
    entry_ids = frozenset(entry.id for entry in real_corpus.entries)
    page = phone_context.new_page()
    try:
        page.goto(f"{url}{lang}/calculators/{name}/")
        # The build's opening answer, then the runtime's own first run (the page loads it when idle): the bad
        # input below is answered by a second run.
        page.wait_for_selector(f"{HOST} .rb-summary li, {HOST} .rb-errors li")
        wait_for_runs(page, 1)
        scenario = json.loads(page.eval_on_selector(HOST, "host => host.dataset.example"))
        text = page.eval_on_selector(HOST, VISIBLE_TEXT)
        found = [f"with its answer: {p}" for p in problems_in(text, name, lang, entry_ids, scenario)]
        if _bad_input(page):
            wait_for_runs(page, 2)
            text = page.eval_on_selector(HOST, VISIBLE_TEXT)
            found += [f"after a bad input: {p}" for p in problems_in(text, name, lang, entry_ids, scenario)]
    finally:
        page.close()
    assert found == []
