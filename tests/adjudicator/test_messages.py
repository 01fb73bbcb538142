"""Tests of :mod:`adjudicator.messages`: templates rendered in a catalog's language, plural forms, fallback."""

from __future__ import annotations

import json

from adjudicator.messages import ENGLISH, AnswerLanguage, Message, MessageList, N_plural, message
from adjudicator.trace import TraceBuilder
from adjudicator.web import evaluate_json

RUSSIAN_PLURAL = "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
HITS = N_plural("{count} hit", "{count} hits")


def russian(messages: dict[str, str | tuple[str, ...]]) -> AnswerLanguage:
    return AnswerLanguage("ru", messages, RUSSIAN_PLURAL, decimal=",", group="\u00a0", percent="{}\u00a0%")


class TestPlurals:
    def test_russian_has_three_forms(self) -> None:
        """1, 21 take the first form; 2-4, 22 the second; 5-20, 11-14, 25 the third."""
        language = russian({"{count} hit": ("{count} попадание", "{count} попадания", "{count} попаданий")})
        rendered = {n: language.render(message(HITS, count=n)) for n in (1, 2, 4, 5, 11, 14, 21, 22, 25, 111)}
        assert rendered == {
            1: "1 попадание",
            2: "2 попадания",
            4: "4 попадания",
            5: "5 попаданий",
            11: "11 попаданий",
            14: "14 попаданий",
            21: "21 попадание",
            22: "22 попадания",
            25: "25 попаданий",
            111: "111 попаданий",
        }

    def test_english_picks_singular_for_one(self) -> None:
        """Without a catalog the msgid pair is English: singular for 1, plural otherwise (0 included)."""
        assert [message(HITS, count=n).text for n in (0, 1, 2)] == ["0 hits", "1 hit", "2 hits"]

    def test_a_plural_step_keeps_both_msgids(self) -> None:
        """A trace step made from N_plural carries the plural msgid and its count field, and renders."""
        builder = TraceBuilder()
        builder.add("aa2.combat", HITS, count=3)
        step = builder.build().steps[0]
        assert (step.template, step.plural, step.count, step.text) == ("{count} hit", "{count} hits", "count", "3 hits")
        language = russian({"{count} hit": ("{count} попадание", "{count} попадания", "{count} попаданий")})
        assert step.render(language) == "3 попадания"


class TestFallback:
    def test_missing_or_empty_msgstr_shows_english(self) -> None:
        """A msgid the catalog lacks, or has with an empty msgstr or empty plural forms, stays English."""
        language = russian({"round {round}": "", "{count} hit": ("", "", "")})
        assert language.render(message("round {round}", round=2)) == "round 2"
        assert language.render(message("not in the catalog")) == "not in the catalog"
        assert language.render(message(HITS, count=5)) == "5 hits"

    def test_words_and_nested_messages_are_translated(self) -> None:
        """A field whose value is a msgid (a word marked N_) or a message is shown in the language; a name is not."""
        language = russian({"{side} loses": "{side} проигрывает", "attacker": "атакующий", "nothing": "ничего"})
        assert language.render(message("{side} loses", side="attacker")) == "атакующий проигрывает"
        assert language.render(message("{side} loses", side="Anna")) == "Anna проигрывает"
        nested = message("{side} loses", side=MessageList((message("nothing"), message("attacker")), "; "))
        assert language.render(nested) == "ничего; атакующий проигрывает"


class TestNumbers:
    def test_decimals_grouping_and_percentages_follow_the_language(self) -> None:
        """The template's format spec sets the digits; the language sets the signs."""
        language = russian({})
        line = Message("{share:.2%} of {total:,.1f} ({delta:+d})", {"share": 0.1234, "total": 12345.67, "delta": -3})
        assert language.render(line) == "12,34\u00a0% of 12\u00a0345,7 (-3)"
        assert ENGLISH.render(line) == "12.34% of 12,345.7 (-3)"


class TestPage:
    def test_evaluate_json_answers_in_the_catalogs_language(self) -> None:
        """The page hands over the catalog as JSON; summary and trace texts come back in that language."""
        catalog = AnswerLanguage(
            "de",
            {
                "{count} chip on {values}": ("{count} Chip auf {values}", "{count} Chips auf {values}"),
                "chips on {chips}": "Chips auf {chips}",
            },
        )
        answer = json.loads(evaluate_json("ipc-chips", '{"ipc": 48}', catalog.to_json()))
        assert answer["summary"] == ["2 Chips auf 45 + 3"]
        english = json.loads(evaluate_json("ipc-chips", '{"ipc": 48}'))
        assert english["summary"] == ["2 chips on 45 + 3"]
        texts = [step["text"] for step in answer["result"]["trace"]["steps"]]
        assert texts == [
            "48 is above 45: one chip on 45 and the other on the remainder",
            "Chips auf 45 + 3",
        ]
