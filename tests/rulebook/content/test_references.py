"""Rule numbers in entry texts (rulebook.content.references): found in every language's forms, resolved, reported."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulebook.content.model import Corpus, Language
from rulebook.content.references import find_references, reference_problems, section_index


def numbers(text: str) -> list[str]:
    return [reference.number for reference in find_references(text)]


def entry_text(corpus: Corpus, entry_id: str, lang: str) -> str:
    entry = next(e for e in corpus.entries if e.id == entry_id)
    return entry.text[Language(lang)].body


class TestFindReferences:
    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("see 10.2.1", ["10.2.1"]),
            ("siehe 10.2.1.", ["10.2.1"]),
            ("lásd 10.2.1", ["10.2.1"]),
            ("см. 10.2.1", ["10.2.1"]),
            ("zie 10.2.1", ["10.2.1"]),
            ("(8.1.1)", ["8.1.1"]),
            ("§ 9", ["9"]),
            ("§9.1", ["9.1"]),
            ("pont 4.3", ["4.3"]),
            ("a 9.0.1-ben felsorolt", ["9.0.1"]),
            ("a 10.3-ra hivatkozik", ["10.3"]),
            ("cf. 11.2-11.4", ["11.2", "11.4"]),
            ("8.1/8.1.1", ["8.1", "8.1.1"]),
            ("nach Regel 7", ["7"]),
            ("по правилу 4.2.5.1", ["4.2.5.1"]),
            ("a 7. szabály szerint", ["7"]),
        ],
    )
    def test_forms_of_the_five_languages(self, text: str, expected: list[str]) -> None:
        """Every form of reference the bodies and notes use is found, with only the number as its span."""
        assert numbers(text) == expected

    @pytest.mark.parametrize(
        "text",
        [
            "roll 2 dice, pay 5 IPC",  # bare numbers: dice, costs
            "Operation WW2 2.0.1b",  # an edition name running into a word
            "am 30.11.2012",  # a date
            "auf S.19 des Regelheftes",  # a page
            "2,5 Felder",  # a decimal with a comma
            "die in punt 2 zijn beschreven",  # an item of a list
            "volgt (regel 26, eerste zin)",  # Dutch: a line of text
            "[10.2](x.md) and `8.1`",  # inside a link and a code span
            "# 9.1 Heading",  # a heading
        ],
    )
    def test_what_is_no_reference(self, text: str) -> None:
        """Numbers that are values, dates, pages, list items or already linked are left alone."""
        assert numbers(text) == []

    def test_real_bodies_of_each_language(self, real_corpus: Corpus) -> None:
        """The real bodies: the same references are found in the original and in each translation."""
        for lang in ("ru", "en", "de", "hu", "nl"):
            assert numbers(entry_text(real_corpus, "us.9-1", lang)) == ["4.2.5.1"], lang
            assert numbers(entry_text(real_corpus, "se.bombers", lang)) == ["4.3"], lang
            assert numbers(entry_text(real_corpus, "se.special-rules.scope", lang)) == ["14.4"], lang

    def test_real_notes_refer_to_their_source(self, real_corpus: Corpus) -> None:
        """The Unconditional Surrender! notes cite their own sections in every language, and all resolve."""
        sections = section_index(real_corpus)["us-service-rules"]
        found: Counter[str] = Counter()
        for entry in real_corpus.entries:
            if entry.source != "us-service-rules":
                continue
            for note in entry.notes:
                for lang, text in note.text.items():
                    for number in numbers(text):
                        found[lang.value] += 1
                        assert number in sections or number == "4.2.5.1", (entry.id, lang, number)
        assert set(found) == {"en", "de", "hu", "ru", "nl"}
        assert min(found.values()) >= 30


class TestReferenceProblems:
    def test_real_content_has_none(self, real_corpus: Corpus) -> None:
        """Today's content names no section its source lacks (so `rulebook check --strict` passes)."""
        assert reference_problems(real_corpus, {}) == []

    def test_an_unknown_section_is_reported(self, real_corpus: Corpus) -> None:
        """A body that cites a section its numbered source lacks is a warning naming file, entry, language, text."""
        entry = next(e for e in real_corpus.entries if e.id == "us.9-1")
        german = entry.text[Language.DE].model_copy(update={"body": "Siehe 12.7 und 10.2.1."})
        changed = entry.model_copy(update={"text": {**entry.text, Language.DE: german}})
        corpus = real_corpus.model_copy(
            update={"entries": [changed if e.id == entry.id else e for e in real_corpus.entries]}
        )
        problems = reference_problems(corpus, {entry.id: Path("content/unconditional-surrender/us.9-1.yaml")})
        assert [str(p) for p in problems] == [
            "content/unconditional-surrender/us.9-1.yaml: us.9-1: text.de.body: warning: de: the reference "
            "'Siehe 12.7 und' names section 12.7, which no entry of source 'us-service-rules' has; correct the "
            "number, or list it in rulebook.content.references.OUTSIDE_REFERENCES if it cites another document"
        ]
