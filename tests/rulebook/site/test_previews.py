"""Rule numbers linked in entry texts (rulebook.site.views.body_markdown); preview files (rulebook.site.previews)."""

from __future__ import annotations

import json

from rulebook.content.model import Corpus, Language
from rulebook.site.previews import PREVIEW_CHARACTERS, game_previews
from rulebook.site.views import SiteIndex, body_markdown


def _with_body(corpus: Corpus, entry_id: str, lang: Language, body: str) -> Corpus:
    entry = next(e for e in corpus.entries if e.id == entry_id)
    version = entry.text[lang].model_copy(update={"body": body})
    changed = entry.model_copy(update={"text": {**entry.text, lang: version}})
    return corpus.model_copy(update={"entries": [changed if e.id == entry_id else e for e in corpus.entries]})


def test_rule_numbers_in_a_body_link_to_their_entries(real_corpus: Corpus) -> None:
    """A body's rule numbers of its own source become links: to entry pages, or to reading-view anchors."""
    body = "Siehe 10.2.1 und (8.1.1); nach Regel 4.2.5.1, 2 Würfel, [9.1](ref:us.9-1), 9.1 selbst."
    corpus = _with_body(real_corpus, "us.9-1", Language.DE, body)
    site = SiteIndex(corpus, ())
    entry = site.entries["us.9-1"]
    page = site.paths[entry.id]
    linked = body_markdown(site, entry, entry.text[Language.DE], Language.DE, page, link_terms=False)
    assert linked == (
        "Siehe [10.2.1](10-2-1.md) und ([8.1.1](8-1-1.md)); nach Regel 4.2.5.1, 2 Würfel, [9.1](9-1.md), 9.1 selbst."
    )
    reading = {entry_id: f"sources/us-service-rules/x.md#{site.entries[entry_id].slug}" for entry_id in site.paths}
    in_context = body_markdown(site, entry, entry.text[Language.DE], Language.DE, reading["us.9-1"], False, reading)
    assert "[10.2.1](x.md#10-2-1)" in in_context


def test_real_notes_are_linked_in_every_language(real_corpus: Corpus) -> None:
    """The editor's notes of 8.1 link 8.1.1 and 10.2.1 on its page in each tree."""
    from rulebook.site.views import entry_view

    site = SiteIndex(real_corpus, ())
    for lang in Language:
        notes = " ".join(
            str(note.text.text) for note in entry_view(site, site.entries["us.8-1"], lang).notes if note.text
        )
        assert "[8.1.1](8-1-1.md)" in notes and "[10.2.1](10-2-1.md)" in notes, lang


def test_preview_files(real_corpus: Corpus) -> None:
    """Each game's file maps every entry slug to its title and first paragraph in the tree's language."""
    site = SiteIndex(real_corpus, ())
    files = {game: json.loads(text) for game, text in game_previews(site, Language.RU).items()}
    assert set(files) == {game.id for game in real_corpus.games}
    assert sum(len(previews) for previews in files.values()) == len(real_corpus.entries)
    title, first = files["unconditional-surrender"]["8-1"]
    assert title.startswith("8.1 ") and "зона" in title
    assert first and len(first) <= PREVIEW_CHARACTERS + 1 and "](" not in first and "**" not in first
    first_child = site.children["us.10-2-1"][0].slug
    german = json.loads(game_previews(site, Language.DE)["unconditional-surrender"])
    assert german["8-1"][0] != title and german["10-2-1"][1] == german[first_child][1] != "", (
        "a heading shows its first sub-entry's paragraph"
    )
