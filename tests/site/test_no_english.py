"""The German, Hungarian, Russian and Dutch trees show no English sentence.

Every page of the built de/hu/ru/nl trees is crawled for visible text. Text a page marks
as written in another language that is not English (``lang="de"`` on a German original in
the Russian tree) is the source's own words and is left out; so are code and data blocks
(scenarios shown as YAML keep their field names, like the JSON the calculators read). What
is left must not read as English: a sentence in which two or more distinct English
function words occur ("the", "with", "which", "must" …) fails the test, whether or not it is
marked ``lang="en"`` — English is nobody's original here (no source is English).

The function words are chosen so that none is also a common word of German, Hungarian,
Russian or Dutch (so "is", "was", "will", "also", "die", "of" are not on the list), and the
names the terminology policy keeps as printed (game titles, Unconditional Surrender!'s
English marker and box names) are removed before the count.
"""

from __future__ import annotations

import re
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.site.conftest import BuiltSite

ENGLISH_FUNCTION_WORDS = frozenset(
    "the and with this that which from must when are their there these those would should could into only each "
    "every than after before because while its you your have has been not can cannot does doesn't isn't it's "
    "they them who whose what where".split()
)
"""English words that are no common word of de, hu, ru or nl (so two of them mean an English sentence)."""

KEPT_AS_PRINTED = (
    "Hell of a War",
    "Axis & Allies",
    "Unconditional Surrender!",
    "Operation WW2",
    "Blitz Combat Segment",
    "Strategic Warfare Box",
    "Off-Map Boxes",
    "Off-Map Box",
    "Partisan Base",
    "Eastern US/Canada",
    "Soviet Interior",
)
"""Names the terminology policy (docs/translators.md) keeps in English in every language."""

NOT_SHOWN = frozenset({"script", "style", "code", "pre", "svg", "template", "noscript", "head"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})


class _VisibleText(HTMLParser):
    """Collects the visible text of a page that is in the tree's language (or claims to be English)."""

    def __init__(self, tree: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tree = tree
        self.open: list[tuple[str, bool]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        attributes = dict(attrs)
        lang = (attributes.get("lang") or "").split("-")[0]
        other_original = bool(lang) and lang not in (self.tree, "en")
        self.open.append((tag, tag in NOT_SHOWN or "hidden" in attributes or other_original))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if not any(skipped for _, skipped in self.open):
            self.text.append(data)


def english_sentences(html: str, tree: str) -> list[str]:
    """The sentences of ``html``'s visible ``tree``-language text that read as English.

    >>> english_sentences('<p lang="de">Karte abgeworfen.</p><p>The card is discarded with the rest.</p>', "ru")
    ['The card is discarded with the rest.']
    >>> english_sentences("<p>Hell of a War: правила</p><code>the and with</code>", "ru")
    []
    """
    parser = _VisibleText(tree)
    parser.feed(html)
    text = " ".join(parser.text)
    for name in KEPT_AS_PRINTED:
        text = text.replace(name, " ")
    found = []
    for sentence in re.split(r"(?<=[.!?:;])\s+|\n", text):
        words = {word.lower() for word in re.findall(r"[A-Za-z']+", sentence)}
        if len(words & ENGLISH_FUNCTION_WORDS) >= 2:
            found.append(" ".join(sentence.split()))
    return found


@pytest.mark.parametrize("tree", ["de", "hu", "ru", "nl"])
def test_no_visible_english_sentence(built_site: BuiltSite, tree: str) -> None:
    """Crawl every page of the tree; list each English sentence once, with the first page it is on."""
    pages = sorted((built_site.root / tree).rglob("*.html"))
    assert len(pages) > 300
    first_page: dict[str, Path] = {}
    count: dict[str, int] = defaultdict(int)
    for page in pages:
        for sentence in english_sentences(page.read_text(encoding="utf-8"), tree):
            first_page.setdefault(sentence, page.relative_to(built_site.root))
            count[sentence] += 1
    report = [f"{count[s]}× {s[:140]!r} (first on {first_page[s]})" for s in sorted(first_page, key=lambda s: count[s])]
    assert report == [], f"{len(report)} English sentences in /{tree}/:\n" + "\n".join(report[-40:])
