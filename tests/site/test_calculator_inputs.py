"""Calculator inputs by meaning, as a player at the table uses them: a phone, taps, the tree's language.

The battle form lists every unit type of the game with − / + and a number box, in the tree's words;
fields of the other game are not asked; expert settings wait under "More options"; the answer sits
above the inputs, follows every change without Run, and is on the page before the runtime loads
(the build wrote it). Taps are counted the way a player counts them: a tap on a button is one, a
number typed into a box (one tap on the box, the digits) is one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from babel.messages.pofile import read_po

from adjudicator.registry import calculator_packages, calculators
from adjudicator.web import evaluate_json
from rulebook.adjudication.catalog import runnable_scenario
from rulebook.adjudication.forms import page_catalog_json
from rulebook.bench.browser import RequestLog, wait_for_runs
from rulebook.content.model import LANGUAGES, Corpus
from rulebook.site.urls import share_fragment
from tests.conftest import REPOSITORY
from tests.site.conftest import BuiltSite
from tests.site.test_calculators import _answer, _close, _editor_scenario, _first_example

HOST = "[data-rb-calculator]"
LOCALES = REPOSITORY / "locales"


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    """A touch screen the size of a phone held upright (390×844), in a fresh context."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(f"page error: {error}"))
    yield page
    context.close()


class Taps:
    """A player's taps on one page, counted."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def tap(self, selector: str, times: int = 1) -> None:
        """Tap the element ``times`` times."""
        for _ in range(times):
            self.page.locator(selector).tap()
            self.count += 1

    def type_number(self, selector: str, value: int) -> None:
        """Tap a number box and type a number: one tap."""
        self.page.locator(selector).fill(str(value))
        self.count += 1

    def pick(self, selector: str, value: str) -> None:
        """Open a select and tap one of its choices: two taps."""
        self.page.locator(selector).select_option(value)
        self.count += 2


def _fewer(side: str, unit: str) -> str:
    """The − of a unit type's row (before its number box)."""
    return f"#rb-field-{side}-units-{unit} >> xpath=preceding-sibling::button[1]"


def _more(side: str, unit: str) -> str:
    """The + of a unit type's row (after its number box)."""
    return f"#rb-field-{side}-units-{unit} >> xpath=following-sibling::button[1]"


def _catalog_word(lang: str, msgid: str) -> str:
    words = json.loads(page_catalog_json(LOCALES, lang))["messages"]
    word = words.get(msgid)
    return word if isinstance(word, str) and word else msgid


def test_a_battle_is_set_up_by_taps_in_russian(phone: Any, counted: tuple[str, RequestLog], corpus: Corpus) -> None:
    """From the opening example, "3 infantry 2 armor vs 4 infantry 1 fighter" takes at most 8 taps on /ru/.

    No id is typed: the rows name the unit types in Russian; the answer follows each change without Run and
    equals CPython's with the Russian catalog.
    """
    url, _ = counted
    page = phone
    page.goto(url + "ru/calculators/battle/")
    wait_for_runs(page, 1)
    opening = _editor_scenario(page)
    assert opening["attacker"]["units"] == {"bomber": 2, "infantry": 1}  # the example the page opens with
    infantry = page.locator("label[for='rb-field-attacker-units-infantry']").inner_text()
    assert infantry.startswith(_catalog_word("ru", "infantry")) and "infantry" not in infantry
    taps = Taps(page)
    taps.tap(_fewer("attacker", "bomber"), times=2)
    taps.type_number("#rb-field-attacker-units-infantry", 3)
    taps.type_number("#rb-field-attacker-units-armor", 2)
    taps.tap(_fewer("defender", "bomber"))
    taps.type_number("#rb-field-defender-units-infantry", 4)
    taps.tap(_more("defender", "fighter"))
    wait_for_runs(page, 2)
    scenario = _editor_scenario(page)
    assert scenario["attacker"]["units"] == {"infantry": 3, "armor": 2}
    assert scenario["defender"]["units"] == {"infantry": 4, "fighter": 1}
    assert taps.count <= 8, taps.count
    here = json.loads(evaluate_json("battle", json.dumps(scenario), page_catalog_json(LOCALES, "ru")))
    assert _close(_answer(page), here["result"]) == []
    assert page.locator(f"{HOST} ul.rb-summary li").all_text_contents() == here["summary"]
    assert page.problems == []


ROUND_HEADERS = ("Round", "Still on", "Attacker", "Defender")
"""The columns of a battle's rounds table (the page's UI words of ``templates/calculator.md.j2``)."""


def _ui_words(lang: str, msgids: tuple[str, ...]) -> list[str]:
    """The site catalog's words for ``msgids`` in ``lang`` (``messages.po``, where the page's UI words come from)."""
    with (LOCALES / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    return [str(catalog[msgid].string) for msgid in msgids]


def _rounds(page: Any) -> tuple[list[str], list[list[str]]]:
    """The headers and the rows (each cell's text) of the battle's rounds table as the page shows it."""
    table = page.locator(f"{HOST} table.rb-rounds")
    headers = table.locator("thead th").all_inner_texts()
    rows = table.locator("tbody tr").evaluate_all("rows => rows.map(row => [...row.cells].map(cell => cell.innerText))")
    return headers, rows


def _percent(text: str) -> float:
    """A share as the page writes it (``83,2 %``, ``< 0,1 %``), as a number; "<" reads as the bound itself."""
    return float(re.sub(r"[^0-9,.]", "", text).replace(",", "."))


def test_the_rounds_follow_a_tap_on_a_phone_in_russian(phone: Any, counted: tuple[str, RequestLog]) -> None:
    """At 390 px on /ru/ the battle's rounds are a table in Russian that fits the screen; one more attacking
    infantry changes its first row, and the chance that the battle is still on never grows down the table."""
    url, _ = counted
    page = phone
    page.goto(url + "ru/calculators/battle/")
    wait_for_runs(page, 1)
    headers, before = _rounds(page)
    assert headers == _ui_words("ru", ROUND_HEADERS)
    assert [row[0] for row in before] == [str(number) for number in range(1, len(before) + 1)]
    taps = Taps(page)
    page.locator(_more("attacker", "infantry")).scroll_into_view_if_needed()
    taps.tap(_more("attacker", "infantry"))
    wait_for_runs(page, 2)
    _, after = _rounds(page)
    assert after[0] != before[0]
    still_on = [_percent(row[1]) for row in after]
    assert still_on == sorted(still_on, reverse=True) and still_on[0] <= 100
    box = page.locator(f"{HOST} table.rb-rounds").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.problems == []


STRATEGIC_BATTLE = {
    "game": "strategic-europe",
    "attacker": {"units": {"infantry": 3, "armour": 1}, "values": {"infantry": 1, "armour": 3}},
    "defender": {"units": {"infantry": 3}, "values": {"infantry": 2}},
}
"""A battle of the strategic game (source 000): its units have no costs."""

ROUNDS_CAPTIONS = (
    "Round by round: the chance that the battle is still on after the round, and each side's expected units left",
    "Round by round: the chance that the battle is still on after the round, and each side's expected units left, "
    "their cost in brackets",
)


def test_each_games_rounds_count_its_units_in_its_own_word(phone: Any, counted: tuple[str, RequestLog]) -> None:
    """On /ru/ the rounds of an Axis & Allies battle count «юнитов» with their costs, as its pages say; those of
    the strategic game «подразделений», as its pages say, with no costs (the game gives none)."""
    url, _ = counted
    page = phone
    page.goto(url + "ru/calculators/battle/")
    wait_for_runs(page, 1)
    caption = page.locator(f"{HOST} table.rb-rounds caption")
    with (LOCALES / "ru" / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalog = read_po(handle, locale="ru")
    assert caption.inner_text() == catalog[ROUNDS_CAPTIONS[1]].string
    assert "юнитов" in caption.inner_text()
    strategic = catalog.get(ROUNDS_CAPTIONS[0], context="battle of the strategic game")
    assert strategic is not None, "the strategic game's caption is in the catalog"
    page.goto(url + "ru/calculators/battle/#" + share_fragment(STRATEGIC_BATTLE))
    page.wait_for_function(
        "text => document.querySelector('table.rb-rounds caption')?.innerText === text", arg=str(strategic.string)
    )
    assert "подразделений" in caption.inner_text() and "юнит" not in caption.inner_text()
    assert page.problems == []


def test_a_stack_is_set_up_by_picking_cards_in_dutch(
    phone: Any, counted: tuple[str, RequestLog], corpus: Corpus
) -> None:
    """From the opening example, "Anna's Feuerwehr; Ben's 227-Pfund Bombe on one of Anna's base buildings" takes at
    most 10 taps on /nl/: the card is picked from the catalog by its name, its owner from the players, the target
    from the cards on the table. No id is typed; the answer equals CPython's with the Dutch catalog.
    """
    url, _ = counted
    page = phone
    page.goto(url + "nl/calculators/stack/")
    wait_for_runs(page, 1)
    opening = _editor_scenario(page)
    assert [declaration["card"] for declaration in opening["stack"]] == ["radar", "anna-227", "ben-227"]
    new = len(opening["cards"])
    taps = Taps(page)
    taps.tap(f"{HOST} details.rb-list[data-path='cards'] > summary")
    taps.tap(f"{HOST} details.rb-list[data-path='cards'] > button.rb-add")
    catalog = page.locator(f"#rb-field-cards-{new}-card option").all_inner_texts()
    assert "Feuerwehr" in catalog and "227-Pfund Bombe" in catalog  # the printed cards, by their names
    taps.pick(f"#rb-field-cards-{new}-card", "feuerwehr")
    taps.pick(f"#rb-field-cards-{new}-owner", "Anna")
    first = f"{HOST} details.rb-list[data-path='stack'] > fieldset.rb-item >> nth=0"
    taps.tap(f"{first} >> button.rb-remove")
    taps.tap(f"{first} >> button.rb-remove")
    taps.tap("#rb-field-stack-0-targets button[data-value='anna-227']")
    taps.tap("#rb-field-stack-0-targets button[data-value='anna-ba-1']")
    assert taps.count <= 10, taps.count
    wait_for_runs(page, 2)
    scenario = _editor_scenario(page)
    feuerwehr = scenario["cards"][new]
    assert feuerwehr["owner"] == "Anna" and feuerwehr["name"] == "Feuerwehr" and feuerwehr["id"] != "ben-ba-4"
    assert scenario["stack"] == [{**opening["stack"][2], "targets": ["anna-ba-1"]}]
    here = json.loads(evaluate_json("stack", json.dumps(scenario), page_catalog_json(LOCALES, "nl")))
    assert here["ok"], here
    assert _close(_answer(page), here["result"]) == []
    assert page.locator(f"{HOST} ul.rb-summary li").all_text_contents() == here["summary"]
    assert page.problems == []


def test_a_shot_is_set_up_by_taps_in_dutch(phone: Any, counted: tuple[str, RequestLog]) -> None:
    """From the opening example, "mortar, indirect, infantry in a trench, 40 cm" takes at most 8 taps on /nl/.

    The weapon, the fire and the target are picked by their Dutch words, the trench is one tap, the distance one
    number; the roll and the base rulebook's overrides wait under More options. The answer equals CPython's with
    the Dutch catalog.
    """
    url, _ = counted
    page = phone
    page.goto(url + "nl/calculators/oww2-to-hit/")
    wait_for_runs(page, 1)
    opening = _editor_scenario(page)
    assert opening["firer"] == {"weapon": "anti-tank-rifle"} and opening["distance_cm"] == 15
    weapons = page.locator("#rb-field-firer-weapon option").all_inner_texts()
    assert "mortar" not in weapons and "anti-tank-rifle" not in weapons  # words, not ids
    more = page.locator(f"{HOST} details.rb-more")
    for expert in ("roll", "always_hit_on", "base_modifiers"):
        assert more.locator(f"[data-path='{expert}'], #rb-field-{expert}").count() >= 1, expert
    taps = Taps(page)
    taps.pick("#rb-field-firer-weapon", "mortar")
    taps.pick("#rb-field-firer-fire", "indirect")
    taps.pick("#rb-field-target-target_class", "infantry")
    taps.tap("#rb-field-target-in_trench_or_sandbags")
    taps.type_number("#rb-field-distance_cm", 40)
    assert taps.count <= 8, taps.count
    wait_for_runs(page, 2)
    scenario = _editor_scenario(page)
    assert scenario["firer"] == {"weapon": "mortar", "fire": "indirect"}
    assert scenario["target"] == {"target_class": "infantry", "in_trench_or_sandbags": True}
    assert scenario["distance_cm"] == 40
    here = json.loads(evaluate_json("oww2-to-hit", json.dumps(scenario), page_catalog_json(LOCALES, "nl")))
    assert here["ok"], here
    assert _close(_answer(page), here["result"]) == []
    assert page.locator(f"{HOST} ul.rb-summary li").all_text_contents() == here["summary"]
    assert page.problems == []


def test_a_soviet_unit_cuts_the_supply_line_in_russian(phone: Any, counted: tuple[str, RequestLog]) -> None:
    """From the opening example (Berlin, a German unit two hexes off), a Soviet unit drawn next to Berlin cuts the
    German unit's line: at most 6 taps on /ru/ (the unit tool, the Soviet Union, a new hex, the unit on it).

    No id is typed; the answer follows without Run and equals CPython's with the Russian catalog.
    """
    url, _ = counted
    page = phone
    page.goto(url + "ru/calculators/supply/")
    wait_for_runs(page, 1)
    page.wait_for_selector(".rb-map-editor svg.rb-grid")
    assert _answer(page)["supplied"]["g1"] is True
    taps = Taps(page)
    taps.tap("[data-tool=unit]")
    taps.pick("#rb-tool-nationality", "ussr")
    place = ".rb-grid g.rb-hex[data-q='0'][data-r='1']"
    taps.tap(place)  # a new hex next to Berlin
    taps.tap(place)  # the Soviet unit on it
    assert taps.count <= 6, taps.count
    wait_for_runs(page, 2)
    scenario = _editor_scenario(page)
    soviet = [unit for unit in scenario["units"] if unit["nationality"] == "ussr"]
    assert len(soviet) == 1 and soviet[0]["faction"] == "soviets"
    here = json.loads(evaluate_json("supply", json.dumps(scenario), page_catalog_json(LOCALES, "ru")))
    assert here["ok"], here
    assert here["result"]["supplied"]["g1"] is False  # the line is cut
    assert _close(_answer(page), here["result"]) == []
    assert page.locator(f"{HOST} ul.rb-summary li").all_text_contents() == here["summary"]
    assert page.problems == []


def test_a_big_land_battle_gets_exact_odds_and_an_anti_aircraft_one_says_why_not(
    phone: Any, counted: tuple[str, RequestLog]
) -> None:
    """On /de/, 200 infantry a side (past the 120 units of battles that follow compositions) get their exact odds,
    CPython's with the German catalog; 30 attacking fighters against an anti-aircraft gun then make the battle
    one whose gun's shot splits it into hundreds, and the page says so in German, naming both limits."""
    url, _ = counted
    page = phone
    page.goto(url + "de/calculators/battle/")
    wait_for_runs(page, 1)
    taps = Taps(page)
    taps.tap(_fewer("attacker", "bomber"), times=2)
    taps.type_number("#rb-field-attacker-units-infantry", 200)
    taps.tap(_fewer("defender", "bomber"))
    taps.type_number("#rb-field-defender-units-infantry", 200)
    wait_for_runs(page, 2)
    scenario = _editor_scenario(page)
    assert scenario["attacker"]["units"] == {"infantry": 200} and scenario["defender"]["units"] == {"infantry": 200}
    assert page.eval_on_selector(HOST, "host => host.dataset.state") != "invalid"
    here = json.loads(evaluate_json("battle", json.dumps(scenario), page_catalog_json(LOCALES, "de")))
    assert here["ok"], here
    assert _close(_answer(page), here["result"]) == []
    runs = int(page.eval_on_selector(HOST, "host => host.dataset.runs"))
    taps.type_number("#rb-field-attacker-units-fighter", 30)
    page.locator(_more("defender", "aa-gun")).scroll_into_view_if_needed()
    taps.tap(_more("defender", "aa-gun"))
    wait_for_runs(page, runs + 1)
    assert page.eval_on_selector(HOST, "host => host.dataset.state") == "invalid"
    problems = page.locator("#rb-output .rb-errors").inner_text()
    assert "attacker.units" in problems and "defender.units" in problems  # 230 and 201 units
    assert "120" in problems and "500" in problems and "Flugabwehrkanone" in problems
    assert "anti-aircraft" not in problems
    assert page.problems == []


def test_fields_of_the_other_game_are_not_asked(phone: Any, counted: tuple[str, RequestLog]) -> None:
    """Axis & Allies shows its own fields only; choosing the strategic game shows its fields and hides the others.

    Expert settings (method, runs, seed, thresholds) wait in the closed "More options" group.
    """
    url, _ = counted
    page = phone
    page.goto(url + "nl/calculators/battle/")
    wait_for_runs(page, 1)
    assert page.locator("#rb-field-kind").is_visible()
    assert page.locator("#rb-field-defence_modifier").count() == 0
    assert page.locator("#rb-field-attacker-nation").count() == 0
    more = page.locator(f"{HOST} details.rb-more")
    assert not more.evaluate("group => group.open")
    for expert in ("method", "runs", "seed", "prune_below"):
        assert more.locator(f"#rb-field-{expert}").count() == 1, expert
        assert not page.locator(f"#rb-field-{expert}").is_visible(), expert
    page.select_option("#rb-field-game", "strategic-europe")
    page.wait_for_selector("#rb-field-defence_modifier")
    assert page.locator("#rb-field-kind").count() == 0
    assert page.locator("#rb-field-attacker-nation").is_visible()
    assert page.locator("#rb-field-attacker-units-armour").is_visible()  # the strategic game's unit types


def test_the_answer_stays_in_view_and_follows_each_change(phone: Any, counted: tuple[str, RequestLog]) -> None:
    """On a phone the answer sits above the inputs and stays on screen while they scroll; a tap recomputes it."""
    url, _ = counted
    page = phone
    page.goto(url + "en/calculators/battle/")
    wait_for_runs(page, 1)
    output = page.locator("#rb-output").bounding_box()
    form = page.locator(f"{HOST} .rb-form").bounding_box()
    assert output is not None and form is not None and output["y"] < form["y"]
    before = page.locator(f"{HOST} ul.rb-summary").inner_text()
    page.locator("#rb-field-defender-units-fighter").scroll_into_view_if_needed()
    page.locator(_more("defender", "fighter")).tap()
    wait_for_runs(page, 2)
    assert page.locator(f"{HOST} ul.rb-summary").inner_text() != before
    top = page.locator("#rb-output h2").bounding_box()
    assert top is not None and 0 <= top["y"] < page.evaluate("window.innerHeight")


def test_swap_sides_and_undo(phone: Any, counted: tuple[str, RequestLog]) -> None:
    """Swap sides exchanges attacker and defender; Undo brings the scenario before it back, with its answer."""
    url, _ = counted
    page = phone
    page.goto(url + "en/calculators/battle/")
    wait_for_runs(page, 1)
    opening, answer = _editor_scenario(page), _answer(page)
    page.locator("#rb-swap").tap()
    wait_for_runs(page, 2)
    swapped = _editor_scenario(page)
    assert swapped["attacker"] == opening["defender"] and swapped["defender"] == opening["attacker"]
    page.locator("#rb-undo-answer").tap()
    wait_for_runs(page, 3)
    assert _editor_scenario(page) == opening
    assert _close(_answer(page), answer) == []


def test_the_opening_answer_needs_no_runtime(browser: Any, counted: tuple[str, RequestLog], corpus: Corpus) -> None:
    """With ``_runtime/`` blocked, the battle page still shows its example's answer in Dutch, linked into /nl/, with
    its rounds table in Dutch down to the first round that leaves less than 0.1 % of the battle on."""
    url, _ = counted
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.route("**/_runtime/**", lambda route: route.abort())
    page.goto(url + "nl/calculators/battle/")
    example = _first_example(corpus, "battle")
    here = json.loads(
        evaluate_json(
            "battle",
            json.dumps(runnable_scenario(example, corpus)),
            page_catalog_json(LOCALES, "nl"),
            calculator_packages()["battle"],
        )
    )
    assert page.locator(f"{HOST} ul.rb-summary li").all_text_contents() == here["summary"]
    links = page.eval_on_selector_all(f"{HOST} .rb-trace a", "links => links.map(a => a.href)")
    assert links and all(link.startswith(f"{url}nl/") for link in links)
    steps = page.locator(f"{HOST} .rb-trace li > span").all_text_contents()
    assert steps == [step["text"] for step in here["result"]["trace"]["steps"]]
    headers, rows = _rounds(page)
    assert headers == _ui_words("nl", ROUND_HEADERS)
    lines = here["result"]["by_round"]
    last = next(index for index, line in enumerate(lines) if line["still_on"] < 0.001)
    assert [int(row[0]) for row in rows] == [line["round"] for line in lines[: last + 1]]
    assert rows[-1][1].startswith("<") and _percent(rows[-2][1]) >= 0.1
    context.close()


class _Opening(HTMLParser):
    """The summary lines of a page's ``#rb-output`` (the opening answer the build wrote)."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = 0
        self.item = False
        self.lines: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "div" and ("id", "rb-output") in attrs:
            self.inside = 1
        elif self.inside and tag == "div":
            self.inside += 1
        elif self.inside and tag == "li":
            self.item = True
            self.lines.append("")

    def handle_endtag(self, tag: str) -> None:
        if self.inside and tag == "div":
            self.inside -= 1
        elif tag == "li":
            self.item = False

    def handle_data(self, data: str) -> None:
        if self.inside and self.item:
            self.lines[-1] += data


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_calculator_page_opens_with_its_answer(built_site: BuiltSite, corpus: Corpus, lang: str) -> None:
    """Each calculator page of each tree holds its opening example's summary, in the tree's language, as built."""
    catalog = page_catalog_json(LOCALES, lang)
    packages = calculator_packages()
    for name in sorted(calculators()):
        example = _first_example(corpus, name)
        here = json.loads(evaluate_json(name, json.dumps(runnable_scenario(example, corpus)), catalog, packages[name]))
        parser = _Opening()
        parser.feed((built_site.root / lang / "calculators" / name / "index.html").read_text(encoding="utf-8"))
        assert parser.lines == here["summary"], name


@pytest.fixture(scope="module")
def corpus(real_corpus: Corpus) -> Corpus:
    """The real content, for the examples the pages open with."""
    return real_corpus
