"""Tests of :mod:`rulebook.adjudication.messages`: the adjudicator catalog is complete, current and loads."""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from adjudicator.battle.picture import render_battle_svg
from adjudicator.limits import EXACT_BATTLE_UNITS_PER_SIDE, EXACT_LOSS_COUNT_UNITS_PER_SIDE, MAP_UNITS
from adjudicator.messages import CONTEXT_SEPARATOR, Message, MessageList, N_context
from adjudicator.plain import InvalidScenario
from adjudicator.registry import prepare, run
from adjudicator.trace import Step
from rulebook.adjudication.catalog import runnable_scenario
from rulebook.adjudication.messages import language_catalog_path, load_language, template_arguments
from rulebook.cli import main
from rulebook.content.model import LANGUAGES, Corpus
from rulebook.errors import CatalogError
from rulebook.site.i18n import extract_messages
from tests.conftest import REPOSITORY

LOCALES = REPOSITORY / "locales"
ADJUDICATOR = REPOSITORY / "adjudicator"


def _pot_ids() -> set[str]:
    """Each msgid of ``locales/adjudicator.pot`` (a plural message by its singular)."""
    with (LOCALES / "adjudicator.pot").open("rb") as handle:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}


def _sources() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(ADJUDICATOR.rglob("*.py"))]


def _keys(messages: Iterable[Any]) -> set[tuple[str | None, str | tuple[str, ...]]]:
    """Each message's context and msgid (a plural message: its msgid pair)."""
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in messages if m.id}


def test_pot_holds_exactly_what_the_extractor_finds() -> None:
    """Extracting adjudicator/ with babel-adjudicator.cfg gives the .pot; every .po has the same msgids and contexts."""
    extracted = _keys(extract_messages(REPOSITORY, REPOSITORY / "babel-adjudicator.cfg"))
    with (LOCALES / "adjudicator.pot").open("rb") as handle:
        in_pot = _keys(read_po(handle))
    assert extracted == in_pot, "run the pybabel commands in rulebook/adjudication/messages.py"
    for lang in LANGUAGES:
        with language_catalog_path(LOCALES, lang).open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        assert _keys(catalog) == in_pot, lang


def _marked(expression: ast.expr) -> bool:
    """An ``N_("…")``/``N_plural(…)`` call, or a choice between such calls."""
    if isinstance(expression, ast.IfExp):
        return _marked(expression.body) and _marked(expression.orelse)
    return (
        isinstance(expression, ast.Call)
        and isinstance(expression.func, ast.Name)
        and expression.func.id in ("N_plural", "N_")
    )


def _marked_literals(expression: ast.expr) -> set[str]:
    """The msgids (a plural pair by its singular) of a marked template or a choice between marked templates."""
    if isinstance(expression, ast.IfExp):
        return _marked_literals(expression.body) | _marked_literals(expression.orelse)
    assert isinstance(expression, ast.Call)
    first = expression.args[0]
    return {first.value} if isinstance(first, ast.Constant) and isinstance(first.value, str) else set()


def test_every_step_template_is_a_literal_and_extracted() -> None:
    """Every `.add(rule, …)` (and Step, message, …) template is a literal or N_plural, never an f-string or sum.

    A variable is allowed (a helper passing its caller's template through, a template chosen from
    N_-marked literals); the worked-example test below checks those at run time.
    """
    literal_add_templates: set[str] = set()
    unmarked: list[str] = []
    for path, tree in _sources():
        for call, argument in template_arguments(tree):
            where = f"{path.relative_to(REPOSITORY)}:{call.lineno}"
            if isinstance(argument, ast.Constant):
                if isinstance(call.func, ast.Attribute) and call.func.attr == "add":
                    literal_add_templates.add(str(argument.value))
            elif _marked(argument):
                if isinstance(call.func, ast.Attribute) and call.func.attr == "add":
                    literal_add_templates |= _marked_literals(argument)
            elif not isinstance(argument, (ast.Name, ast.Attribute)):
                unmarked.append(f"{where}: {ast.unparse(argument)}")
    assert unmarked == []
    assert len(literal_add_templates) > 390
    assert literal_add_templates <= _pot_ids()


def _templates(value: Any) -> set[str]:
    """Every msgid a result can show: step and message templates, nested ones included."""
    found: set[str] = set()
    if isinstance(value, (Step, Message)):
        found.add(value.template)
        found |= _templates(value.params)
    elif isinstance(value, MessageList):
        for item in value.items:
            found |= _templates(item)
    elif isinstance(value, dict):
        for item in value.values():
            found |= _templates(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            found |= _templates(item)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            found |= _templates(getattr(value, name))
    return found


def test_every_worked_example_says_only_extracted_msgids(real_corpus: Corpus) -> None:
    """Running every worked example, each step and summary template is a msgid of the .pot."""
    pot = _pot_ids()
    missing: dict[str, str] = {}
    for example in real_corpus.examples:
        result = run(example.calculator, runnable_scenario(example, real_corpus))
        for template in _templates(result) | _templates(result.summary_messages()):
            if template not in pot:
                missing.setdefault(template, example.id)
    assert missing == {}


def _tiny_catalog(path: Path, lang: str, translations: dict[Any, Any]) -> None:
    catalog = Catalog(locale=lang)
    for msgid, msgstr in translations.items():
        catalog.add(msgid, msgstr)
    path.parent.mkdir(parents=True)
    with path.open("wb") as handle:
        write_po(handle, catalog)


def test_adjudicate_answers_in_the_language_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`rulebook adjudicate NAME --scenario FILE --lang de --json`: summary and steps from the catalog, else English."""
    locales = tmp_path / "locales"
    _tiny_catalog(
        language_catalog_path(locales, "de"),
        "de",
        {
            ("{count} chip on {values}", "{count} chips on {values}"): (
                "{count} Chip auf {values}",
                "{count} Chips auf {values}",
            ),
            "chips on {chips}": "Chips auf {chips}",
            "Why:": "Warum:",
        },
    )
    example = REPOSITORY / "content" / "axis-and-allies-2e" / "examples" / "aa2.example.ipc-above-45.yaml"
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps({"ipc": 48}), encoding="utf-8")
    assert "ipc: 48" in example.read_text(encoding="utf-8")
    common = ["adjudicate", "ipc-chips", "--scenario", str(scenario), "--locales", str(locales)]
    assert main([*common, "--lang", "de", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["summary"] == ["2 Chips auf 45 + 3"]
    assert [step["text"] for step in document["trace"]["steps"]] == [
        "48 is above 45: one chip on 45 and the other on the remainder",
        "Chips auf 45 + 3",
    ]
    assert main([*common, "--lang", "de"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "2 Chips auf 45 + 3"
    assert "Warum:" in printed and "Why:" not in printed  # the trace's heading comes from the catalog too


def test_each_language_loads_with_its_plural_rule_and_number_signs() -> None:
    """The five catalogs load; Russian has three plural forms, German writes 0,5 and 50 %."""
    languages = {lang: load_language(LOCALES, lang) for lang in LANGUAGES}
    assert [languages["ru"].plural_index(n) for n in (1, 3, 5)] == [0, 1, 2]
    assert [languages["de"].plural_index(n) for n in (1, 3)] == [0, 1]
    assert languages["de"].render(Message("{p:.1f} {q:.0%}", {"p": 0.5, "q": 0.5})) == "0,5 50\u00a0%"
    assert languages["en"].render(Message("{p:.1f} {q:.0%}", {"p": 0.5, "q": 0.5})) == "0.5 50%"


def _fields(template: str) -> list[str]:
    """The ``{name:spec}`` fields of a template, sorted (what a translation must keep)."""
    return sorted({f"{name}:{spec}" for _, name, spec, _ in string.Formatter().parse(template) if name is not None})


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_translates_every_message_with_the_same_fields(lang: str) -> None:
    """Complete catalogs: no empty or fuzzy msgstr, every plural form filled, every field kept as it is."""
    with language_catalog_path(LOCALES, lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    problems = []
    for entry in catalog:
        if not entry.id:
            continue
        ids = (entry.id,) if isinstance(entry.id, str) else tuple(entry.id)
        forms = (entry.string,) if isinstance(entry.string, str) else tuple(entry.string or ())
        expected_forms = 1 if len(ids) == 1 else catalog.num_plurals
        if entry.fuzzy or len(forms) != expected_forms or not all(forms):
            problems.append(f"{ids[0]!r}: missing or fuzzy")
            continue
        wanted = _fields(ids[-1])
        problems += [f"{ids[0]!r}: fields {_fields(form)} != {wanted}" for form in forms if _fields(form) != wanted]
    assert problems == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_calculator_answers_its_first_worked_example_in_every_language(lang: str, real_corpus: Corpus) -> None:
    """Each calculator's first worked example, rendered in ``lang``, uses only
    translated msgids — every step, summary line and nested message, and every field value that is a msgid."""
    language = load_language(LOCALES, lang)
    pot = _pot_ids()
    first: dict[str, Any] = {}
    for example in real_corpus.examples:
        first.setdefault(example.calculator, example)
    untranslated: dict[str, str] = {}
    for calculator, example in first.items():
        result = run(calculator, runnable_scenario(example, real_corpus))
        shown = _templates(result) | _templates(result.summary_messages()) | (_words(result) & pot)
        for msgid in shown:
            if msgid not in language.messages:
                untranslated.setdefault(msgid, example.id)
    assert untranslated == {}
    assert len(first) >= 30  # most calculators have a worked example


def _words(value: Any) -> set[str]:
    """Every string a result passes as a field value (a word that may be a msgid)."""
    found: set[str] = set()
    if isinstance(value, (Step, Message)):
        found |= {item for item in value.params.values() if isinstance(item, str)}
        found |= _words(value.params)
    elif isinstance(value, MessageList):
        for item in value.items:
            found |= _words(item)
    elif isinstance(value, dict):
        for item in value.values():
            found |= _words(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            found |= _words(item)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            found |= _words(getattr(value, name))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_calculator_labels_read_the_same_in_both_catalogs(lang: str) -> None:
    """A calculator's name is in the site's catalog (its page) and in the adjudicator's (its answers): the same."""
    from adjudicator.registry import calculators

    with (LOCALES / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        site = read_po(handle, locale=lang)
    answers = load_language(LOCALES, lang)
    differing = {}
    for calculator in calculators().values():
        on_page = site.get(calculator.label)
        assert on_page is not None, f"{calculator.label!r} is missing from messages.po"
        in_answers = answers.translate(calculator.label)
        if lang != "en" and on_page.string != in_answers:
            differing[calculator.label] = (on_page.string, in_answers)
    assert differing == {}


def test_no_msgid_is_flagged_as_a_printf_format() -> None:
    """No msgid carries Babel's ``python-format`` flag: it would make ``msgfmt --check-format`` demand a ``%`` code.

    Babel flags a msgid whose ``%`` is followed by what reads as a conversion (``50% of``, ``% hidden``);
    every translation would then have to repeat that ``%`` code. The templates are ``str.format``
    templates (``python-brace-format``), so a literal ``%`` must not be followed by a space and a letter.
    """
    with (LOCALES / "adjudicator.pot").open("rb") as handle:
        flagged = [m.id for m in read_po(handle) if m.id and "python-format" in m.flags]
    assert flagged == []


_FIELD_WORD = re.compile(r"[^\W\d_]{2,}")

IDENTIFIERS_NOT_WORDS = frozenset({"blitz", "aa", "feuerwehr", "baltic", "siberian", "mm"})
"""Scenario ids that happen to spell a word of the catalog: the card ids ``blitz`` (shown beside its
German name, ``Blitzangriff (blitz)``) and ``feuerwehr`` (the German card name a msgid quotes), the
blocking-rule letter ``aa``, the sea-zone id ``baltic`` of the Unconditional Surrender maps and the
unit id ``siberian`` of its snow-Blitz example; and the unit symbol ``mm``, which a gun's word has and
printed card names (``80mm Bofors Model 1930``) have too, in every language."""

STILL_ENGLISH: frozenset[tuple[str, str]] = frozenset()


def _catalog_words() -> set[str]:
    """Every word (two letters or more, lower-cased) of the .pot's English msgids, fields left out."""
    words: set[str] = set()
    with (LOCALES / "adjudicator.pot").open("rb") as handle:
        for entry in read_po(handle):
            for msgid in (entry.id,) if isinstance(entry.id, str) else entry.id:
                literal = "".join(text for text, *_ in string.Formatter().parse(msgid or ""))
                words |= {word.lower() for word in _FIELD_WORD.findall(literal)}
    return words


def _english_fields(value: Any, pot: set[str], words: set[str], found: dict[tuple[str, str], str]) -> None:
    """Collect ``(template, field) → value`` for each str field value of ``value``'s messages that is English prose."""
    if isinstance(value, (Step, Message)):
        for name, field_value in value.params.items():
            if isinstance(field_value, str):
                if field_value not in pot and _reads_as_english(field_value, words):
                    found.setdefault((value.template, name), field_value)
            else:
                _english_fields(field_value, pot, words, found)
    elif isinstance(value, MessageList):
        for item in value.items:
            _english_fields(item, pot, words, found)
    elif isinstance(value, dict):
        for item in value.values():
            _english_fields(item, pot, words, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _english_fields(item, pot, words, found)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            _english_fields(getattr(value, name), pot, words, found)


def _reads_as_english(text: str, words: set[str]) -> bool:
    """A single catalog word (``snow``, ``outside``), or several words of which one is a lower-case catalog word."""
    if " " not in text:
        return text in words and text not in IDENTIFIERS_NOT_WORDS
    return any(
        word[0].islower() and word in words and word not in IDENTIFIERS_NOT_WORDS for word in _FIELD_WORD.findall(text)
    )


def test_no_worked_example_fills_a_field_with_unmarked_english(real_corpus: Corpus) -> None:
    """Every word a reader sees goes through the catalog: no template field is filled with unmarked English.

    Each worked example is run, and every str value of every field of its steps and summary lines
    (nested messages too) is checked. A value passes when it is a msgid of the .pot (then it is
    translated: a word marked ``N_``), or when it does not read as English. It reads as English when
    it is a single word that the catalog's own English msgids use (``snow``, ``outside``, ``attacker``
    — an enum value or a chosen word passed unmarked), or when it has spaces and one of its
    lower-case words is such a word (``not supplied``, ``the Soviet Union``). So names pass (``Anna``,
    ``Kreta``, ``Infanterie 1``: capitalised or not English), ids and numbers pass (``g1``,
    ``anna-227``, ``A1 → A2``, ``1-3``), and so do hyphenated ids that spell English words
    (``western-allies``): this test cannot tell them from a map or card id, so the calculators map
    such enum values to marked words themselves. :data:`IDENTIFIERS_NOT_WORDS` lists scenario ids
    that spell a catalog word; :data:`STILL_ENGLISH` lists the ``(template, field)`` pairs not yet
    converted (a shrinking list: a pair fixed must leave it, a new pair fails).
    """
    pot, words = _pot_ids(), _catalog_words()
    assert {"snow", "attacker", "outside"} <= words
    found: dict[tuple[str, str], str] = {}
    for example in real_corpus.examples:
        result = run(example.calculator, runnable_scenario(example, real_corpus))
        _english_fields(result, pot, words, found)
        _english_fields(result.summary_messages(), pot, words, found)
    new = {pair: value for pair, value in found.items() if pair not in STILL_ENGLISH}
    assert new == {}, "mark the word with N_ where it is chosen, or pass a message"
    assert STILL_ENGLISH - set(found) == set(), "these pairs are fixed: remove them from STILL_ENGLISH"


def _translation(catalog: Catalog, msgid: str) -> object:
    message = catalog.get(msgid)
    return None if message is None else message.string


def test_a_catalog_is_read_again_only_when_its_bytes_change(tmp_path: Path) -> None:
    """read_catalog parses a file once while its bytes stay the same (a build asks for each catalog several
    times), and again as soon as they change (`rulebook serve` after a translator's edit); a malformed
    catalog is still an error naming the file."""
    from babel.messages.pofile import PoFileError

    from rulebook.adjudication.messages import read_catalog

    path = tmp_path / "adjudicator.po"
    path.write_text('msgid "Retreat"\nmsgstr "Rückzug"\n', encoding="utf-8")
    first = read_catalog(path, "de")
    assert read_catalog(path, "de") is first
    assert _translation(first, "Retreat") == "Rückzug"
    path.write_text('msgid "Retreat"\nmsgstr "Absetzen"\n', encoding="utf-8")
    again = read_catalog(path, "de")
    assert again is not first and _translation(again, "Retreat") == "Absetzen"
    path.write_text('msgid "Retreat"\nbogus line\nmsgstr "Absetzen"\n', encoding="utf-8")
    with pytest.raises(PoFileError):
        read_catalog(path, "de")
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    path.replace(language_catalog_path(tmp_path, "de"))
    with pytest.raises(CatalogError, match=r"adjudicator\.po: malformed catalog"):
        load_language(tmp_path, "de")


def _size_problem(name: str, data: dict[str, Any], lang: str) -> str:
    """The one problem ``data`` has for calculator ``name`` (a size past its limit), in ``lang``."""
    with pytest.raises(InvalidScenario) as raised:
        prepare(name, data)
    [problem] = raised.value.errors
    return problem.detail_in(load_language(LOCALES, lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_units_are_counted_in_each_games_word(lang: str) -> None:
    """A battle's units and an Unconditional Surrender! map's units are msgids with contexts: in Russian the
    battle says ``юнитов`` as the Axis & Allies pages do, the map ``подразделений`` as its own pages and its
    "place fewer units" do; where the rule pages use one word for both, both problems use it."""
    battle = _size_problem(
        "battle",
        {
            "game": "axis-and-allies-2e",
            "attacker": {"units": {"infantry": EXACT_LOSS_COUNT_UNITS_PER_SIDE + 1}},
            "defender": {"units": {"infantry": 1}},
        },
        lang,
    )
    on_map = _size_problem("zoc", {"map": {"hexes": []}, "units": [{}] * (MAP_UNITS + 1)}, lang)
    language = load_language(LOCALES, lang)
    battle_units, map_units = (
        language.translate(N_context(context, "units"))
        for context in ("units of a side in a dice battle", "units placed on an Unconditional Surrender! map")
    )
    assert f"{EXACT_LOSS_COUNT_UNITS_PER_SIDE} {battle_units}" in battle
    assert f"{MAP_UNITS} {map_units}" in on_map
    assert CONTEXT_SEPARATOR not in battle + on_map
    if lang == "ru":
        assert (battle_units, map_units) == ("юнитов", "подразделений")
        assert "подразделений" in language.translate("place fewer units")
    else:
        assert battle_units == map_units


@pytest.mark.parametrize("lang", LANGUAGES)
def test_exact_odds_off_loss_counts_are_refused_in_each_language(lang: str) -> None:
    """Past its limit a battle whose exact odds follow compositions (submarines against aircraft at sea) is
    refused in the reader's language, naming both limits: the one it is past and the one of battles on loss
    counts, which the same units without the submarines reach."""
    sea = {
        "game": "axis-and-allies-2e",
        "kind": "sea",
        "attacker": {"units": {"battleship": 100, "fighter": EXACT_BATTLE_UNITS_PER_SIDE - 99}},
        "defender": {"units": {"submarine": 1}},
    }
    problem = _size_problem("battle", sea, lang)
    english = _size_problem("battle", sea, "en")
    assert f"{EXACT_BATTLE_UNITS_PER_SIDE} " in problem and f"{EXACT_LOSS_COUNT_UNITS_PER_SIDE} " in problem
    assert (problem == english) == (lang == "en")
    assert CONTEXT_SEPARATOR not in problem
    prepare("battle", {**sea, "defender": {"units": {"battleship": 1}}})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_strategic_battle_counts_units_in_its_games_word(lang: str) -> None:
    """The strategic game's battles count units in the word of its own pages (ru «подразделений», where an
    Axis & Allies battle says «юнитов»): its size problem, the caption of its rounds table and the headings of
    its picture; where the rule pages use one word for both games, both battles use it."""
    language = load_language(LOCALES, lang)
    battle_units, strategic_units = (
        language.translate(N_context(context, "units"))
        for context in ("units of a side in a dice battle", "battle of the strategic game")
    )
    problem = _size_problem(
        "battle",
        {
            "game": "strategic-europe",
            "attacker": {"units": {"infantry": EXACT_LOSS_COUNT_UNITS_PER_SIDE + 1}, "values": {"infantry": 1}},
            "defender": {"units": {"infantry": 1}, "values": {"infantry": 2}},
        },
        lang,
    )
    assert f"{EXACT_LOSS_COUNT_UNITS_PER_SIDE} {strategic_units}" in problem
    result = run(
        "battle",
        {
            "game": "strategic-europe",
            "attacker": {"units": {"infantry": 3, "armour": 1}, "values": {"infantry": 1, "armour": 3}},
            "defender": {"units": {"infantry": 3}, "values": {"infantry": 2}},
        },
    )
    [table] = result.tables()
    caption = language.translate(table.caption)
    picture = render_battle_svg(None, result, language)
    assert CONTEXT_SEPARATOR not in problem + caption + picture
    if lang == "ru":
        assert (battle_units, strategic_units) == ("юнитов", "подразделений")
        assert "юнит" not in problem + caption + picture
        assert "подразделений" in caption and picture.count("осталось подразделений") == 2
    else:
        assert battle_units == strategic_units
