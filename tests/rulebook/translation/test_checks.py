"""Tests of :mod:`rulebook.translation.checks`: units, numbers, glossary terms and Markdown."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.content.load import load_or_raise
from rulebook.content.model import Term, TermRendering
from rulebook.translation.checks import (
    UnitKind,
    compare_layouts,
    compile_glossary,
    glossary_problems,
    markdown_problems,
    number_problems,
    numbers_in,
    split_markdown,
)

MARKDOWN_PIECES = st.sampled_from(
    [
        "\n",
        "\n\n",
        " ",
        "  ",
        "- ",
        "* ",
        "1. ",
        "10) ",
        "| ",
        " |",
        "|---|",
        "# ",
        "## x #",
        "> ",
        "   ",
        "Wort",
        "szó",
        "слово",
        "**",
        "*",
        "_",
        "`",
        "[a](ref:x.y)",
        "\\|",
        "2,5",
        "\t",
    ]
)


class TestSplitMarkdown:
    @given(st.lists(MARKDOWN_PIECES, max_size=40).map("".join))
    def test_joining_the_units_gives_the_text_back(self, text: str) -> None:
        """For any text, skeleton and units joined are the text, byte for byte."""
        layout = split_markdown(text)
        assert layout.join() == text
        assert all(unit == unit.strip() and unit for unit in layout.units)

    def test_every_body_of_the_real_content_round_trips(self, content_dir: Path) -> None:
        """Every title-less body of every language splits and joins back exactly."""
        corpus = load_or_raise(content_dir)
        bodies = [version.body for entry in corpus.entries for version in entry.text.values() if version.body]
        assert len(bodies) > 600
        assert all(split_markdown(body).join() == body for body in bodies)

    def test_units_of_a_mixed_body(self) -> None:
        """Paragraphs, nested list items, table cells and headings are units; markers, pipes and separators are not."""
        layout = split_markdown(
            "## Schnee\n\nText eins\nweiter.\n\n- Punkt\n    - innen\n\n| A | B |\n|:--|--:|\n| 1 |   |\n"
        )
        assert layout.units == ("Schnee", "Text eins\nweiter.", "Punkt", "innen", "A", "B", "1")
        assert layout.kinds == (
            UnitKind.HEADING,
            UnitKind.PARAGRAPH,
            UnitKind.LIST_ITEM,
            UnitKind.LIST_ITEM,
            UnitKind.TABLE_CELL,
            UnitKind.TABLE_CELL,
            UnitKind.TABLE_CELL,
        )

    def test_a_translation_is_laid_out_on_the_original_skeleton(self) -> None:
        """Joining translated units keeps blank lines, markers and the trailing newline of the original."""
        original = split_markdown("Vor:\n\n1) eins\n2) zwei\n")
        assert original.join(["Before:", "one", "two"]) == "Before:\n\n1) one\n2) two\n"

    def test_join_refuses_the_wrong_number_of_units(self) -> None:
        """A translation with fewer units than the layout is an error, not a silent truncation."""
        with pytest.raises(ValueError, match="the layout has 2 units, got 1"):
            split_markdown("a\n\nb").join(["A"])

    @pytest.mark.parametrize(
        ("original", "translation", "message"),
        [
            (
                "a\n\n- b\n- c",
                "A\n\n- B",
                "the original has 1 paragraph, 2 list items; the translation has 1 paragraph, 1 list item",
            ),
            (
                "| a | b |\n|---|---|\n| 1 | 2 |",
                "| A | B | C |\n|---|---|---|\n| 1 | 2 | 3 |",
                "the original has 1 table (3 rows × 2 columns); the translation has 1 table (3 rows × 3 columns)",
            ),
            ("- a\n- b", "1. a\n2. b", "the layout differs at unit 1: the original has '- ', the translation '1. '"),
            ("a\n", "a", "the layout differs at the end: the original has '\\n', the translation ''"),
            ("# T\n\na", "a\n\n# T", "the blocks are in a different order: 1 heading, 1 paragraph"),
        ],
    )
    def test_compare_layouts_names_the_difference(self, original: str, translation: str, message: str) -> None:
        """A body whose block structure differs is described in words."""
        assert compare_layouts(split_markdown(original), split_markdown(translation)) == message

    def test_equal_layouts_compare_clean(self) -> None:
        """Same blocks, same markers: no difference."""
        assert compare_layouts(split_markdown("- a\n- b\n"), split_markdown("- A\n- B\n")) is None


class TestNumbers:
    @pytest.mark.parametrize(
        ("original", "original_lang", "translation", "lang"),
        [
            ("2,5 Felder", "de", "2.5 hexes", "en"),
            ("1.000 Punkte", "de", "1,000 points", "en"),
            ("2 500 HPP", "hu", "2,500 HPP", "en"),
            ("2\u00a0500 очков", "ru", "2.500 punten", "nl"),
            ("1941. június", "hu", "June 1941", "en"),
            ("7-10 mező", "hu", "7–10 hexes", "en"),
            ("1d10 dobás", "hu", "roll 1W10", "de"),
            ("+2 AG-See", "de", "2 sea attack", "en"),
            ("Abschnitt 8.1.1", "de", "section 8.1.1", "en"),
            ("siehe [8](ref:us.10-2-1)", "de", "see [8](ref:us.10-2-1)", "en"),
            ("3 TW, dann noch einmal 3 TW", "de", "3 TW twice", "en"),
        ],
    )
    def test_same_numbers_written_the_local_way_match(
        self, original: str, original_lang: str, translation: str, lang: str
    ) -> None:
        """Decimal commas, thousands separators, ordinal dots, ranges, dice, plus signs and repeats: no difference."""
        assert number_problems(original, original_lang, translation, lang) == []

    @pytest.mark.parametrize(
        ("original", "original_lang", "translation", "lang", "problems"),
        [
            (
                "Kostet 5 HPP.",
                "de",
                "Costs 3 HPP.",
                "en",
                ["number 5 of the original is missing from the translation", "number 3 is only in the translation"],
            ),
            ("Kostet 5 HPP.", "de", "Costs HPP.", "en", ["number 5 of the original is missing from the translation"]),
            ("Kostet HPP.", "de", "Costs 2 or 4 HPP.", "en", ["numbers 2, 4 are only in the translation"]),
            (
                "-1 auf den Wurf",
                "de",
                "1 on the roll",
                "en",
                ["number -1 of the original is missing from the translation", "number 1 is only in the translation"],
            ),
            ("2,5 Felder", "de", "2,5 hexes", "nl", []),
            (
                "1,5 Felder",
                "de",
                "2.5 hexes",
                "en",
                ["number 1.5 of the original is missing from the translation", "number 2.5 is only in the translation"],
            ),
        ],
    )
    def test_changed_missing_and_extra_numbers_are_reported(
        self, original: str, original_lang: str, translation: str, lang: str, problems: list[str]
    ) -> None:
        """A number changed, dropped or added is named with its canonical spelling."""
        assert number_problems(original, original_lang, translation, lang) == problems

    def test_a_space_groups_thousands_only_where_the_language_does(self) -> None:
        """'5 100' is one number in Hungarian and two in German."""
        assert sorted(numbers_in("5 100", "hu")) == ["5100"]
        assert sorted(numbers_in("5 100", "de")) == ["100", "5"]


def _term(term_id: str, **renderings: tuple[str, ...]) -> Term:
    return Term(
        id=term_id,
        games=["hell-of-a-war"],
        rendering={
            lang: TermRendering(text=variants[0], forms=list(variants[1:])) for lang, variants in renderings.items()
        },
    )


STACK = _term(
    "aktionsstapel",
    de=("Aktionsstapel", "Aktionsstapels"),
    en=("action stack", "action stacks"),
    hu=("akcióverem", "akcióver*"),
    ru=("стек действий", "стек* действий"),
    nl=("actiestapel",),
)
SUPPLY = _term(
    "snabzhenie",
    ru=("снабжение", "снабжени*"),
    de=("Versorgung",),
    en=("supply",),
    hu=("utánpótlás",),
    nl=("bevoorrading",),
)
SUPPLY_SOURCE = _term(
    "istochnik-snabzheniya",
    ru=("источник снабжения", "источник* снабжения"),
    de=("Versorgungsquelle", "Versorgungsquellen"),
    en=("supply source",),
    hu=("utánpótlási forrás",),
    nl=("bevoorradingsbron",),
)
GUN = _term(
    "zenitnoe",
    ru=("зенитное орудие", "зенитн* оруди*"),
    de=("Flak",),
    en=("AA gun",),
    hu=("légvédelmi ágyú",),
    nl=("luchtdoelkanon",),
)


class TestGlossary:
    @pytest.mark.parametrize(
        ("text", "lang", "found"),
        [
            ("Der AKTIONSSTAPEL wird abgearbeitet", "de", "AKTIONSSTAPEL"),
            ("im Aktionsstapels Ende", "de", "Aktionsstapels"),
            ("Die Aktionsstapelregel", "de", None),
            ("two action\nstacks", "en", "action\nstacks"),
            ("az akcióvermet", "hu", "akcióvermet"),
            ("az akcióveremben", "hu", "akcióveremben"),
            ("в стеке действий", "ru", "стеке действий"),
            ("Не астек действий", "ru", None),
        ],
    )
    def test_renderings_match_case_insensitively_at_word_starts(self, text: str, lang: str, found: str | None) -> None:
        """Whole words by default, stems where a word ends in *, any whitespace between words."""
        [term] = compile_glossary([STACK])
        assert term.find(text, lang) == found

    def test_yo_and_ye_are_the_same_letter(self) -> None:
        """Russian text written with е instead of ё still uses the term."""
        [term] = compile_glossary(
            [
                _term(
                    "ognemet",
                    ru=("огнемёт",),
                    de=("Flammenwerfer",),
                    en=("flamethrower",),
                    hu=("lángszóró",),
                    nl=("vlammenwerper",),
                )
            ]
        )
        assert term.find("огнемет стреляет", "ru") == "огнемет"

    def test_a_missing_rendering_is_reported(self) -> None:
        """The original uses a term, the translation none of its renderings: one problem naming them all."""
        assert glossary_problems(
            "Der Aktionsstapel wird abgearbeitet.", "de", "The pile is worked through.", "en", compile_glossary([STACK])
        ) == [
            "the original uses glossary term 'aktionsstapel' ('Aktionsstapel') but the translation has none of its "
            "en renderings: 'action stack', 'action stacks'"
        ]

    def test_an_inflected_rendering_satisfies_the_check(self) -> None:
        """A Hungarian case ending covered by a stem counts as the term."""
        assert (
            glossary_problems(
                "Im Aktionsstapel liegt eine Karte.",
                "de",
                "Az akcióveremben egy kártya van.",
                "hu",
                compile_glossary([STACK]),
            )
            == []
        )

    def test_a_term_inside_a_longer_term_counts_only_for_the_longer_one(self) -> None:
        """'снабжения' inside 'источники снабжения' does not also demand a rendering of 'supply' on its own."""
        glossary = compile_glossary([SUPPLY, SUPPLY_SOURCE])
        assert glossary_problems("10.1 Источники снабжения", "ru", "10.1 Versorgungsquellen", "de", glossary) == []
        assert glossary_problems("Источники снабжения и снабжение", "ru", "Versorgungsquellen", "de", glossary) == [
            "the original uses glossary term 'snabzhenie' ('снабжение') but the translation has none of its de "
            "renderings: 'Versorgung'"
        ]

    def test_every_word_of_a_rendering_can_be_a_stem(self) -> None:
        """'зенитн* оруди*' matches the instrumental 'зенитным орудием'."""
        [term] = compile_glossary([GUN])
        assert term.find("с зенитным орудием", "ru") == "зенитным орудием"


class TestMarkdown:
    @pytest.mark.parametrize(
        ("original", "translation", "kind", "problems"),
        [
            (
                "Siehe [A](ref:how.a).",
                "See A.",
                UnitKind.PARAGRAPH,
                ["links differ: the original links to ['ref:how.a'], the translation to []"],
            ),
            (
                "Siehe [A](ref:how.a).",
                "See [A](ref:how.b).",
                UnitKind.PARAGRAPH,
                ["links differ: the original links to ['ref:how.a'], the translation to ['ref:how.b']"],
            ),
            (
                "Das ist **wichtig**.",
                "This is important.",
                UnitKind.LIST_ITEM,
                ["strong emphasis differs: the original has 2 ** markers, the translation 0"],
            ),
            (
                "Die *letzte* Karte",
                "The last card",
                UnitKind.PARAGRAPH,
                ["emphasis differs: the original has 2 * or _ markers, the translation 0"],
            ),
            (
                "Nimm `A`.",
                "Take A.",
                UnitKind.PARAGRAPH,
                ["code spans differ: the original has 2 backtick runs, the translation 0"],
            ),
            (
                "Eins",
                "One\n- two",
                UnitKind.PARAGRAPH,
                ["the translation opens blocks the original does not have: '-'"],
            ),
            (
                "Eins",
                "One\n\nTwo",
                UnitKind.LIST_ITEM,
                ["the translation opens blocks the original does not have: a blank line"],
            ),
            (
                "Zerstörer",
                "Destroyer | Cruiser",
                UnitKind.TABLE_CELL,
                ["the table cell has 1 unescaped '|' (the original 0); escape it as '\\|'"],
            ),
            ("Titel", "Title\nmore", None, ["the translation has a line break the original does not have"]),
            ("1. Ausnahme", "1. kivétel", None, []),
            ("5 * 3 und foo_bar", "5 * 3 and foo_bar", UnitKind.PARAGRAPH, []),
            ("\\_beide\\_ Gegner", "\\_both\\_ opponents", UnitKind.PARAGRAPH, []),
        ],
    )
    def test_inline_structure_must_match(
        self, original: str, translation: str, kind: UnitKind | None, problems: list[str]
    ) -> None:
        """Links and targets, emphasis, code and block syntax are kept; titles are plain text."""
        assert markdown_problems(original, translation, kind) == problems
