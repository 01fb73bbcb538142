"""Tests of :mod:`rulebook.translation.terms`: the occurrence detector, the recognition report, the CLI.

The last class holds the requirement on the real corpus: every
glossary term is recognised in at least 95 % of its occurrences, in every language.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.content.load import load_or_raise
from rulebook.content.model import Language
from rulebook.translation.terms import (
    DEFAULT_TERMS_THRESHOLD,
    TermReport,
    find_occurrences,
    language_summary,
    stem,
    term_reports,
)
from tests.rulebook.translation.sample import SAMPLE_SOURCES, sample

__all__ = ["sample"]


def _words(rendering: str, text: str, lang: str) -> list[str]:
    """The text of each occurrence of ``rendering`` in ``text``."""
    return [text[occurrence.start : occurrence.end] for occurrence in find_occurrences(rendering, text, lang)]


class TestStem:
    @pytest.mark.parametrize(
        ("word", "lang", "expected"),
        [
            ("interception", "en", "intercept"),
            ("training", "en", "train"),
            ("Aufmarschzone", "de", "aufmarschzon"),
            ("opfern", "de", "opfer"),
            ("terugtrekken", "nl", "terugtrekk"),
            ("kiképzés", "hu", "kiképz"),
            ("akcióverem", "hu", "akcióver"),
            ("линия", "ru", "лин"),
            ("огнемёт", "ru", "огнемет"),
            ("HPP", "hu", "hpp"),
        ],
    )
    def test_longest_ending_is_cut_once(self, word: str, lang: str, expected: str) -> None:
        """A rendering word loses the longest of its language's endings, keeping at least three letters."""
        assert stem(word, lang) == expected


class TestDetector:
    def test_inflected_and_compound_words_count(self) -> None:
        """Words that begin with the stem are occurrences, whatever follows."""
        text = "Die Aufmarschzonen und die Aufmarschzone; Aufmarschzonenkarte."
        assert _words("Aufmarschzone", text, "de") == ["Aufmarschzonen", "Aufmarschzone", "Aufmarschzonenkarte"]

    def test_hungarian_case_forms_count(self) -> None:
        """Hungarian suffixes and the fleeting vowel of akcióverem are covered by the stem."""
        text = "a jármű kiképzésével; az akcióvermet és a kiképzést"
        assert _words("kiképzés", text, "hu") == ["kiképzésével", "kiképzést"]
        assert _words("akcióverem", text, "hu") == ["akcióvermet"]

    def test_multi_word_terms_in_order_within_the_window(self) -> None:
        """The words of a multi-word rendering match in order, with at most one word between two of them."""
        text = "линией снабжения, линиям его снабжения, линия нет никакого снабжения, снабжения линия"
        assert _words("линия снабжения", text, "ru") == ["линией снабжения", "линиям его снабжения"]

    def test_russian_fleeting_vowel(self) -> None:
        """A Russian stem ending in consonant + к also matches the genitive plural with -ок-."""
        assert _words("подводная лодка", "две подводных лодок и подводной лодкой", "ru") == [
            "подводных лодок",
            "подводной лодкой",
        ]

    def test_short_words_match_only_themselves(self) -> None:
        """Abbreviations and short words are not stems: HPP does not match HPPK, 'of' does not match 'off'."""
        assert _words("HPP", "HPP-ből, HPPK, hpp", "hu") == ["HPP", "hpp"]
        assert _words("zone of control", "zone off control; zones of control", "en") == ["zones of control"]

    def test_context_marks_the_occurrence(self) -> None:
        """The context shows the occurrence in brackets with a few words either side, on one line."""
        [occurrence] = find_occurrences("supply line", "one two three four five six supply\nline seven", "en")
        assert occurrence.context == "two three four five six [supply line] seven"


class TestReport:
    def test_sample_counts_originals_and_translations_apart(self, sample: Path) -> None:
        """The German original and the English translation of the sample each use the action stack once."""
        reports = {(r.term, r.lang.value): r for r in term_reports(load_or_raise(sample, SAMPLE_SOURCES))}
        german, english = reports["aktionsstapel", "de"], reports["aktionsstapel", "en"]
        assert (german.occurrences, german.recognised) == ({"original": 1, "translation": 0},) * 2
        assert (english.occurrences, english.recognised) == ({"original": 0, "translation": 1},) * 2
        assert reports["tw", "ru"].ratio is None

    def test_a_form_missing_from_the_glossary_is_reported_with_its_context(self, sample: Path) -> None:
        """A plural the glossary does not list is an unrecognised occurrence, and the ratio drops."""
        path = sample / "hell-of-a-war" / "how.aktionsstapel.yaml"
        path.write_text(
            path.read_text(encoding="utf-8").replace(
                "Der Aktionsstapel wird", "Die Aktionsstapeln werden neben dem Aktionsstapel", 1
            ),
            encoding="utf-8",
        )
        [report] = term_reports(load_or_raise(sample, SAMPLE_SOURCES), ["de"], ["aktionsstapel"])
        assert (report.total, report.total_recognised, report.ratio) == (2, 1, 0.5)
        [miss] = report.unrecognised
        assert (miss.entry, miss.origin) == ("how.aktionsstapel", "original")
        assert "[Aktionsstapeln]" in miss.context
        [summary] = language_summary([report], 0.95)
        assert summary.below == ("aktionsstapel",)

    def test_a_use_of_a_longer_term_recognises_the_shorter(self, content_dir: Path) -> None:
        """Versorgungsquelle begins with Versorgung but is the term 'supply source': recognised, not missed."""
        corpus = load_or_raise(content_dir)
        [report] = term_reports(corpus, ["de"], ["snabzhenie"])
        assert not [miss for miss in report.unrecognised if "Versorgungsquelle" in miss.context]
        assert report.total > 20

    def test_unknown_term_is_refused(self, sample: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """An unknown --term is an error that lists the known terms."""
        arguments = ["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "translate", "terms", "--term", "x"]
        assert main(arguments) == 1
        assert "no glossary term x; the terms are: aktionsstapel, hpp, tw" in capsys.readouterr().err


class TestCommand:
    def test_json_has_one_object_per_term_and_language(self, sample: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`rulebook translate terms --json` prints term, lang, occurrences, recognised, ratio and the misses."""
        arguments = ["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "translate", "terms", "--json"]
        assert main(arguments) == 0
        rows = json.loads(capsys.readouterr().out)
        assert len(rows) == 3 * 5
        [row] = [row for row in rows if (row["term"], row["lang"]) == ("hpp", "hu")]
        assert row["occurrences"] == row["recognised"] == 1 and row["ratio"] == 1.0
        assert row["in_originals"] == {"occurrences": 1, "recognised": 1}
        assert row["unrecognised"] == []

    def test_min_fails_below_the_threshold(self, sample: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """Without --min the report only reports; with --min a term below it makes the exit status 1."""
        path = sample / "hell-of-a-war" / "how.aktionsstapel.yaml"
        path.write_text(
            path.read_text(encoding="utf-8").replace("Der Aktionsstapel wird", "Den Aktionsstapeln wird", 1),
            encoding="utf-8",
        )
        base = ["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "translate", "terms", "--lang", "de"]
        assert main(base) == 0
        table = capsys.readouterr().out
        assert "    how.aktionsstapel (original): Den [Aktionsstapeln] wird **rückwärts** abgearbeitet." in table
        assert "de: 1 terms occur, min 0.0%, median 0.0%; below 95%: aktionsstapel" in table
        assert main([*base, "--min", "0.95"]) == 1


@pytest.fixture(scope="module")
def reports(content_dir: Path) -> list[TermReport]:
    """The report of every term and language on the real content."""
    return term_reports(load_or_raise(content_dir))


class TestRealCorpus:
    def test_every_term_is_recognised_in_every_language(self, reports: list[TermReport]) -> None:
        """At least 95 % of every term's occurrences are recognised, in every language."""
        below = [
            f"{r.term} ({r.lang.value}): {r.total_recognised}/{r.total}; missed: {[m.context for m in r.unrecognised]}"
            for r in reports
            if r.ratio is not None and r.ratio < DEFAULT_TERMS_THRESHOLD
        ]
        assert below == []

    def test_every_language_is_measured(self, reports: list[TermReport]) -> None:
        """Every language has occurrences of most terms in its bodies: the figure is not vacuous."""
        for lang in Language:
            measured = [r for r in reports if r.lang is lang and r.total]
            assert len(measured) >= 30, lang
