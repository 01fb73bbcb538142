"""Calculator pages in a real browser.

They cover the adjudicator under Pyodide, "try it", share links, languages and weight.

Debian's chromium opens the session-built site from a local server that records
what it sends (no other network). Most tests share one browser context, so the
service worker's cache makes every page after the first start faster; the tests
about what a page loads use fresh contexts.
"""

from __future__ import annotations

import base64
import json
import math
import re
import subprocess
import sys
import zlib
from collections.abc import Iterator
from html import escape, unescape
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from babel.messages.pofile import read_po
from ruamel.yaml import YAML

from adjudicator.registry import calculators
from adjudicator.web import evaluate_json
from rulebook.adjudication.catalog import runnable_scenario
from rulebook.adjudication.forms import CONTEXT_SEPARATOR, field_label, form_words, page_catalog_json
from rulebook.adjudication.scenarios import scenario_schema
from rulebook.bench.browser import RequestLog, serve_counting, wait_for_runs
from rulebook.content.model import LANGUAGES, Corpus, Example
from rulebook.site.i18n import catalog_path
from rulebook.site.urls import share_fragment
from tests.conftest import REPOSITORY
from tests.site.conftest import BuiltSite, serious_violations

TRY_IT = [(name, LANGUAGES[index % len(LANGUAGES)]) for index, name in enumerate(sorted(calculators()))]
"""Every calculator, each opened from its first worked example's "try it" in one of the trees, in turn."""

HOST = "[data-rb-calculator]"
LOCALES = REPOSITORY / "locales"


@pytest.fixture(scope="module")
def corpus(real_corpus: Corpus) -> Corpus:
    """The real content, for the examples and entries the pages show."""
    return real_corpus


@pytest.fixture(scope="module")
def shared_context(browser: Any) -> Iterator[Any]:
    """One browser context for the module: after the first calculator, the runtime comes from its cache."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    yield context
    context.close()


@pytest.fixture()
def tab(shared_context: Any) -> Iterator[Any]:
    """A page of the shared context that records script errors and failed requests."""
    page = shared_context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(f"page error: {error}"))
    page.on(
        "response",
        lambda response: (
            page.problems.append(f"HTTP {response.status}: {response.url}") if response.status >= 400 else None
        ),
    )
    yield page
    page.close()


def _catalog(lang: str) -> dict[str | tuple[str, str], str]:
    """msgid → translation; a message with a context under ``(context, msgid)``.

    Plural messages (the pages' counts, e.g. "%(num)s worked examples") are left out: the
    calculator's strings are single messages, so each id and each translation is one string.
    """
    words: dict[str | tuple[str, str], str] = {}
    with catalog_path(REPOSITORY / "locales", lang).open("rb") as handle:
        for message in read_po(handle, locale=lang):
            if not message.id or message.pluralizable:
                continue
            assert isinstance(message.id, str) and isinstance(message.string, str), message.id
            words[(message.context, message.id) if message.context else message.id] = message.string
    return words


def _first_example(corpus: Corpus, calculator: str) -> Example:
    """The calculator's example shown first in source order (the one its page starts from)."""
    entries = {entry.id: entry for entry in corpus.entries}
    found = [e for e in corpus.examples if e.calculator == calculator]
    return min(found, key=lambda e: (entries[e.entries[0]].source, entries[e.entries[0]].order, e.id))


def _entry_url(corpus: Corpus, entry_id: str, lang: str) -> str:
    entry = next(entry for entry in corpus.entries if entry.id == entry_id)
    return f"{lang}/{entry.game}/{entry.slug}/"


def _answer(page: Any) -> Any:
    """The result the page shows, as the JSON of its "full result" block."""
    return json.loads(page.locator(f"{HOST} details.rb-json pre").text_content())


def _close(left: Any, right: Any, path: str = "") -> list[str]:
    """Where two JSON values differ (floats compared to 1e-12 relative)."""
    if isinstance(left, float) or isinstance(right, float):
        same = (
            isinstance(left, (int, float))
            and isinstance(right, (int, float))
            and math.isclose(left, right, rel_tol=1e-12, abs_tol=1e-15)
        )
        return [] if same else [f"{path}: {left!r} != {right!r}"]
    if isinstance(left, dict) and isinstance(right, dict):
        if left.keys() != right.keys():
            return [f"{path}: keys {sorted(left)} != {sorted(right)}"]
        return [problem for key in left for problem in _close(left[key], right[key], f"{path}.{key}")]
    if isinstance(left, list) and isinstance(right, list):
        if len(left) != len(right):
            return [f"{path}: {len(left)} items != {len(right)}"]
        return [
            problem for index, (a, b) in enumerate(zip(left, right)) for problem in _close(a, b, f"{path}[{index}]")
        ]
    return [] if left == right else [f"{path}: {left!r} != {right!r}"]


def _labels() -> dict[str, str]:
    """Calculator name → English msgid: each calculator's label (adjudicator.registry.Calculator.label)."""
    return {name: calculator.label for name, calculator in calculators().items()}


def _html(text: str) -> str:
    return escape(text, quote=False)


def _editor_scenario(page: Any) -> Any:
    return json.loads(page.input_value("#rb-scenario"))


def _open_text(page: Any) -> None:
    """Open "Scenario as text", where the scenario's JSON or YAML is edited."""
    if not page.eval_on_selector(f"{HOST} details.rb-text", "section => section.open"):
        page.click(f"{HOST} details.rb-text > summary")


class TestBattleCalculator:
    def test_form_gives_the_numbers_of_the_command_line(
        self, tab: Any, counted: tuple[str, RequestLog], tmp_path: Path
    ) -> None:
        """A battle entered through the form gives exactly the figures of `rulebook adjudicate battle --json`."""
        url, _ = counted
        tab.goto(url + "en/calculators/battle/")
        wait_for_runs(tab, 1)
        _open_text(tab)
        tab.fill(
            "#rb-scenario",
            json.dumps(
                {
                    "game": "axis-and-allies-2e",
                    "attacker": {"units": {"infantry": 3, "armor": 1}},
                    "defender": {"units": {"infantry": 2}},
                }
            ),
        )
        tab.dispatch_event("#rb-scenario", "change")
        tab.fill("#rb-field-attacker-units-armor", "2")
        tab.fill("#rb-field-attacker-units-fighter", "1")  # every unit type of the game has its row
        tab.fill("#rb-field-defender-units-infantry", "3")
        tab.select_option("#rb-field-kind", "land")
        tab.click("#rb-run")
        wait_for_runs(tab, 2)
        scenario = _editor_scenario(tab)
        assert scenario["attacker"]["units"] == {"infantry": 3, "armor": 2, "fighter": 1}
        assert scenario["defender"]["units"] == {"infantry": 3}
        path = tmp_path / "battle.json"
        path.write_text(json.dumps(scenario), encoding="utf-8")
        completed = subprocess.run(
            [sys.executable, "-m", "rulebook.cli", "adjudicate", "battle", "--scenario", str(path), "--json"],
            capture_output=True,
            text=True,
            check=True,
            cwd=REPOSITORY,
        )
        expected = json.loads(completed.stdout)
        # The command line adds the answer's summary lines to the result's fields; the page lists them.
        summary = expected.pop("summary")
        assert _close(_answer(tab), expected) == []
        assert tab.locator(f"{HOST} ul.rb-summary li").all_text_contents() == summary
        assert 0.9 < expected["attacker_wins"] < 1.0
        assert tab.problems == []

    def test_an_invalid_field_is_named_and_marked(self, tab: Any, counted: tuple[str, RequestLog]) -> None:
        """A negative unit count: the adjudicator's message with the field's path, the field marked invalid."""
        url, _ = counted
        tab.goto(url + "en/calculators/battle/")
        wait_for_runs(tab, 1)
        first = tab.locator(".rb-map[data-path='attacker.units'] input[type=number]").first
        first.fill("-2")
        tab.click("#rb-run")
        wait_for_runs(tab, 2)
        assert tab.eval_on_selector(HOST, "host => host.dataset.state") == "invalid"
        assert tab.locator("#rb-output .rb-error").inner_text() == "The scenario is not valid:"
        assert "attacker.units." in tab.locator("#rb-output .rb-errors").inner_text()
        assert first.get_attribute("aria-invalid") == "true"

    def test_fields_say_what_they_mean(self, tab: Any, counted: tuple[str, RequestLog]) -> None:
        """Each field with a docstring in the adjudicator shows it, tied to its control, in the tree's words.

        A docstring the forms catalog translates is shown in German (``lang="de"``); one it does not, in
        English (``lang="en"``). The form is drawn again when the catalog arrives after the schema.
        """
        url, _ = counted
        tab.goto(url + "de/calculators/battle/")
        wait_for_runs(tab, 1)
        words = form_words(REPOSITORY / "locales", "de")
        schema = scenario_schema(calculators()["battle"].scenario)
        tab.click(f"{HOST} details.rb-more > summary")  # the round limit is an expert setting, under "More options"
        for path, description in (
            ("round_limit", schema["properties"]["round_limit"]["description"]),
            ("attacker-loss_order", schema["$defs"]["BattleSide"]["properties"]["loss_order"]["description"]),
        ):
            described_by = tab.get_attribute(f"#rb-field-{path}", "aria-describedby")
            assert described_by == f"rb-field-{path}-hint"
            assert tab.locator(f"#{described_by}").inner_text() == words.get(description, description).replace("``", "")
            assert tab.get_attribute(f"#{described_by}", "lang") == ("de" if description in words else "en")
        # The technologies are chips named in the tree's words, not ids in a help text.
        chips = tab.locator("#rb-field-attacker-technologies button.rb-chip")
        german = json.loads(page_catalog_json(LOCALES, "de"))["messages"]
        assert chips.all_inner_texts()[0] == german["heavy bombers"]
        assert "heavy-bombers" not in tab.locator("#rb-field-attacker-technologies").inner_text()
        assert tab.locator("#rb-field-attacker-technologies-hint").count() == 0


class TestListsInTheForm:
    def test_declarations_are_removed_and_added(self, tab: Any, counted: tuple[str, RequestLog]) -> None:
        """In the action stack's form a declaration can be removed and one added; the answer follows.

        The added declaration is a copy of the last.
        """
        url, _ = counted
        tab.goto(url + "en/calculators/stack/")
        wait_for_runs(tab, 1)
        declarations = len(_editor_scenario(tab)["stack"])
        assert declarations >= 2
        stack = tab.locator("details.rb-list[data-path='stack']")
        stack.locator(":scope > fieldset.rb-item").last.locator(":scope > button.rb-remove").click()
        edited = _editor_scenario(tab)
        assert len(edited["stack"]) == declarations - 1
        tab.click("#rb-run")
        wait_for_runs(tab, 2)
        here = json.loads(evaluate_json("stack", json.dumps(edited)))
        assert _close(_answer(tab), here["result"]) == []
        tab.locator("details.rb-list[data-path='stack'] > button.rb-add").click()
        added = _editor_scenario(tab)["stack"]
        assert len(added) == declarations and added[-1] == added[-2]
        assert tab.problems == []


class TestHexMapForm:
    def test_the_form_offers_printed_numbers_and_regions(self, tab: Any, counted: tuple[str, RequestLog]) -> None:
        """A numbered map in the editor: each hex has a Rect field, a box's entry hexes read and take ``from..to``
        (its help shown), and the edited scenario runs to CPython's answer."""
        url, _ = counted
        scenario = {
            "map": {
                "numbering": {"scheme": "ccrr"},
                "countries": [{"id": "germany", "faction": "axis"}, {"id": "ussr", "faction": "soviets"}],
                "hexes": [
                    {"rect": ["0101", "0405"], "country": "germany"},
                    {"rect": ["0501", "0705"], "country": "ussr"},
                    {"id": "0203", "city": "Berlin"},
                ],
                "boxes": [{"id": "interior", "kind": "soviet-interior", "entry_hexes": [{"rect": ["0701", "0705"]}]}],
            },
            "units": [
                {"id": "g1", "hex": "0403", "faction": "axis", "nationality": "germany"},
                {"id": "s1", "hex": "0502", "faction": "soviets", "nationality": "ussr"},
            ],
        }
        tab.goto(url + "en/calculators/supply/")
        wait_for_runs(tab, 1)
        _open_text(tab)
        tab.fill("#rb-scenario", json.dumps(scenario))
        tab.locator("#rb-scenario").dispatch_event("change")
        assert tab.input_value(f"{HOST} input[data-path='map.hexes.0.rect']") == "0101, 0405"
        entries = tab.locator(f"{HOST} input[data-path='map.boxes.0.entry_hexes']")
        assert entries.input_value() == "0701..0705"
        assert "0601..0605" in entries.locator("xpath=..").text_content()  # the region's help under the field
        tab.locator(f"{HOST} details.rb-list[data-path='map.boxes'] > summary").click()  # a nested list opens closed
        entries.fill("0701..0703, 0704")
        edited = _editor_scenario(tab)
        assert edited["map"]["boxes"][0]["entry_hexes"] == [{"rect": ["0701", "0703"]}, "0704"]
        tab.click("#rb-run")
        wait_for_runs(tab, 2)
        here = json.loads(evaluate_json("supply", json.dumps(edited)))
        assert _close(_answer(tab), here["result"]) == []
        assert here["result"]["supplied"] == {"g1": True, "s1": True}
        assert tab.problems == []


class TestTryIt:
    @pytest.mark.parametrize(("calculator", "lang"), TRY_IT, ids=[f"{name}-{lang}" for name, lang in TRY_IT])
    def test_each_calculator_runs_from_its_entry_page(
        self, tab: Any, counted: tuple[str, RequestLog], corpus: Corpus, calculator: str, lang: str
    ) -> None:
        """ "Try it" on the entry page opens the calculator with the example's scenario.

        The scenario gives CPython's answer.
        """
        url, _ = counted
        example = _first_example(corpus, calculator)
        tab.goto(url + _entry_url(corpus, example.entries[0], lang))
        tab.locator(f"#{example.id.replace('.', '-')} a.rb-try").click()
        tab.wait_for_url(f"{url}{lang}/calculators/{calculator}/#s=*")
        wait_for_runs(tab, 1)
        scenario = runnable_scenario(example, corpus)  # catalog cards filled in: the page has no catalog
        assert _editor_scenario(tab) == scenario
        # The page answers in its tree's language: CPython given the same catalog gives the same answer.
        here = json.loads(evaluate_json(calculator, json.dumps(scenario), page_catalog_json(LOCALES, lang)))
        assert here["lang"] == lang
        assert _close(_answer(tab), here["result"]) == []
        assert tab.locator(f"{HOST} ul.rb-summary li").all_text_contents() == here["summary"]
        # The form's labels are in the page's language too (the forms catalog; the field name is the title).
        labels = tab.eval_on_selector_all(
            f"{HOST} .rb-form label[title]", "labels => labels.map(label => [label.title, label.textContent])"
        )
        words = form_words(LOCALES, lang)
        # (A form whose fields all stay in the scenario editor, e.g. malta-garrison's lists, has no labels.)
        wrong = [
            (name, text)
            for name, text in labels
            if text != words.get(f"field{CONTEXT_SEPARATOR}{field_label(name)}", field_label(name))
        ]
        assert wrong == []
        if lang != "en" and labels:
            assert any(text != field_label(name) for name, text in labels)  # translated, not the English label
        links = tab.eval_on_selector_all(f"{HOST} .rb-trace a", "links => links.map(a => a.href)")
        assert links and all(link.startswith(f"{url}{lang}/") for link in links)
        if calculator in ("supply", "zoc", "stacking", "battle"):  # the calculators that draw their answer
            assert tab.locator(f"{HOST} img.rb-map").is_visible()
        assert tab.problems == []


class TestShareLinks:
    def test_round_trip_reproduces_the_result(
        self, tab: Any, shared_context: Any, counted: tuple[str, RequestLog]
    ) -> None:
        """Share puts the edited scenario in the URL (and the clipboard); opening that link shows the same result."""
        url, _ = counted
        tab.goto(url + "en/calculators/battle/")
        wait_for_runs(tab, 1)
        tab.locator(".rb-map[data-path='defender.units'] input[type=number]").first.fill("4")
        tab.click("#rb-run")
        wait_for_runs(tab, 2)
        edited, result = _editor_scenario(tab), _answer(tab)
        tab.click("#rb-share")
        # encoding (CompressionStream) and the clipboard are asynchronous: wait for the handler's last word
        tab.wait_for_function("document.querySelector('.rb-status').textContent.startsWith('Link copied')")
        link = tab.input_value("#rb-share-link")
        assert link.startswith(url + "en/calculators/battle/#s=")
        assert tab.evaluate("navigator.clipboard.readText()") == link
        other = shared_context.new_page()
        other.goto(link)
        wait_for_runs(other, 1)
        assert _editor_scenario(other) == edited
        assert _close(_answer(other), result) == []
        other.close()

    @pytest.mark.parametrize("tampering", ["changed", "cut", "not-base64", "not-json", "not-an-object", "inflates"])
    def test_tampered_link_shows_the_error(self, tab: Any, counted: tuple[str, RequestLog], tampering: str) -> None:
        """An altered, truncated or foreign fragment shows the catalog's message and the worked example, no error."""
        url, _ = counted
        payload = share_fragment(
            {
                "game": "axis-and-allies-2e",
                "attacker": {"units": {"infantry": 3}},
                "defender": {"units": {"infantry": 2}},
            }
        ).removeprefix("s=")
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        fragments = {
            "changed": payload[:12] + ("A" if payload[12] != "A" else "B") + payload[13:],
            "cut": payload[: len(payload) // 2],
            "not-base64": "%%%not*base64",
            "not-json": base64.urlsafe_b64encode(packer.compress(b"hello, world") + packer.flush())
            .decode()
            .rstrip("="),
            "not-an-object": share_fragment([1, 2, 3]).removeprefix("s="),
            # About 20 kB of link inflating to 20 MB, past the scenario size limit: never inflated in full.
            "inflates": share_fragment({"x": " " * 20_000_000}).removeprefix("s="),
        }
        if tampering == "changed":  # the altered payload really is broken (it does not decode to a scenario)
            with pytest.raises((zlib.error, ValueError)):
                packed = base64.urlsafe_b64decode(fragments["changed"] + "=" * (-len(fragments["changed"]) % 4))
                json.loads(zlib.decompress(packed, wbits=-15).decode("utf-8"))
        tab.goto(f"{url}de/calculators/battle/#s={fragments[tampering]}")
        tab.wait_for_selector("#rb-bad-link", timeout=30_000)
        assert (
            tab.locator("#rb-bad-link").inner_text()
            == _catalog("de")[
                "This link does not hold a valid scenario: it was cut short or altered. The worked example is shown "
                "instead."
            ]
        )
        example = json.loads(unescape(tab.get_attribute(HOST, "data-example") or "{}"))
        assert _editor_scenario(tab) == example
        assert tab.eval_on_selector(HOST, "host => host.dataset.state") == "bad-link"
        assert tab.problems == []


def _scenario_block(example_file: Path) -> str:
    """The ``scenario:`` mapping of a content example file, verbatim and dedented: what a player would copy."""
    lines = example_file.read_text(encoding="utf-8").splitlines()
    start = lines.index("scenario:") + 1
    block = []
    for line in lines[start:]:
        if line and not line.startswith(" "):
            break
        block.append(line[2:])
    return "\n".join(block).strip("\n") + "\n"


@pytest.fixture()
def fresh_tab(browser: Any) -> Iterator[Any]:
    """A page of a context of its own: empty localStorage (the editor's format) and cache, requests recorded."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.problems = []
    page.requested = []
    page.on("pageerror", lambda error: page.problems.append(f"page error: {error}"))
    page.on("request", lambda request: page.requested.append(request.url))
    yield page
    context.close()


class TestYamlEditor:
    def test_the_editor_switches_to_yaml_and_back(self, fresh_tab: Any, counted: tuple[str, RequestLog]) -> None:
        """YAML holds the same scenario, runs to the same answer and follows the form.

        It is remembered, and comes back as JSON.
        """
        url, _ = counted
        tab = fresh_tab
        tab.goto(url + "en/calculators/battle/")
        wait_for_runs(tab, 1)
        assert [u for u in tab.requested if u.endswith("/js-yaml.mjs")] == []  # JSON needs no YAML parser
        scenario, answer = _editor_scenario(tab), _answer(tab)
        _open_text(tab)
        tab.select_option("#rb-format", "yaml")
        tab.wait_for_selector("#rb-scenario[data-format=yaml]")
        text = tab.input_value("#rb-scenario")
        assert not text.lstrip().startswith("{") and YAML(typ="safe", pure=True).load(text) == scenario
        tab.click("#rb-run")
        wait_for_runs(tab, 2)
        assert _close(_answer(tab), answer) == []
        tab.locator(".rb-map[data-path='defender.units'] input[type=number]").first.fill("7")
        edited = YAML(typ="safe", pure=True).load(tab.input_value("#rb-scenario"))
        assert edited != scenario and 7 in edited["defender"]["units"].values()
        tab.reload()
        wait_for_runs(tab, 1)
        assert tab.input_value("#rb-format") == "yaml"
        assert YAML(typ="safe", pure=True).load(tab.input_value("#rb-scenario")) == scenario
        _open_text(tab)
        tab.select_option("#rb-format", "json")
        tab.wait_for_selector("#rb-scenario[data-format=json]")
        assert _editor_scenario(tab) == scenario
        assert tab.problems == []

    def test_a_yaml_syntax_error_names_its_line(self, fresh_tab: Any, counted: tuple[str, RequestLog]) -> None:
        """Broken YAML shows the catalog's message with the parser's reason and line:column, and runs nothing."""
        url, _ = counted
        tab = fresh_tab
        tab.goto(url + "hu/calculators/battle/")
        wait_for_runs(tab, 1)
        _open_text(tab)
        tab.select_option("#rb-format", "yaml")
        tab.wait_for_selector("#rb-scenario[data-format=yaml]")
        tab.fill("#rb-scenario", "game: axis-and-allies-2e\nattacker:\n  units: {infantry: 3\n")
        tab.click("#rb-run")
        tab.wait_for_function("document.querySelector('[data-rb-calculator]').dataset.state === 'invalid'")
        message = tab.locator("#rb-output").inner_text()
        template = _catalog("hu")["The scenario is not valid YAML: {error}"]
        assert template.split("{error}")[0] in message and re.search(r"\(\d+:\d+\)", message), message
        assert tab.eval_on_selector(HOST, "host => host.dataset.runs") == "1"
        assert tab.problems == []

    def test_yaml_from_a_content_file_pasted_into_the_json_editor(
        self, fresh_tab: Any, counted: tuple[str, RequestLog], corpus: Corpus
    ) -> None:
        """A worked example's scenario copied from its YAML file runs as is, with CPython's answer.

        The editor turns to YAML.
        """
        url, _ = counted
        tab = fresh_tab
        example = next(e for e in corpus.examples if e.id == "aa2.example.super-submarines")
        pasted = _scenario_block(REPOSITORY / "content" / example.game / "examples" / f"{example.id}.yaml")
        assert YAML(typ="safe", pure=True).load(pasted) == example.scenario  # the copy is the example's scenario
        tab.goto(url + "nl/calculators/battle/")
        wait_for_runs(tab, 1)
        assert tab.input_value("#rb-format") == "json"
        _open_text(tab)
        tab.fill("#rb-scenario", pasted)
        tab.click("#rb-run")
        wait_for_runs(tab, 2)
        here = json.loads(evaluate_json("battle", json.dumps(example.scenario), page_catalog_json(LOCALES, "nl")))
        assert _close(_answer(tab), here["result"]) == []
        assert tab.input_value("#rb-format") == "yaml" and tab.input_value("#rb-scenario") == pasted
        assert tab.problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_calculator_works_in_every_tree(tab: Any, counted: tuple[str, RequestLog], lang: str) -> None:
    """In each tree the battle calculator runs, speaks the tree's catalog and links the trace into the tree."""
    url, _ = counted
    tab.goto(f"{url}{lang}/calculators/battle/")
    wait_for_runs(tab, 1)
    words = _catalog(lang)
    assert tab.evaluate("document.documentElement.lang") == lang
    assert tab.locator("#rb-run").inner_text() == words["Run"]
    assert tab.locator("#rb-share").inner_text() == words[("share a link", "Share")]  # not the dashboard's "share of"
    assert tab.locator("#rb-output h2").first.inner_text() == words["Result"]
    links = tab.eval_on_selector_all(f"{HOST} .rb-trace a", "links => links.map(a => a.href)")
    assert links and all(link.startswith(f"{url}{lang}/") for link in links)
    assert tab.problems == []


def test_pages_without_a_calculator_load_no_runtime(
    browser: Any, counted: tuple[str, RequestLog], corpus: Corpus
) -> None:
    """Pages without a calculator load nothing of Pyodide or the runtime, only the site's service worker.

    They are home, an entry with "try it" links and an entry no calculator implements.
    """
    url, _ = counted
    cited = {entry_id for example in corpus.examples for entry_id in example.entries}
    plain = next(entry for entry in corpus.entries if entry.id not in cited and entry.original.body.strip())
    context = browser.new_context()
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    for path in ("en/", "en/hell-of-a-war/aktionsstapel/", f"en/{plain.game}/{plain.slug}/"):
        page.goto(url + path, wait_until="networkidle")
    assert requested and not [u for u in requested if "/_runtime/" in u or "pyodide" in u]
    # Every page registers the one worker of the site (scope: the site's root), which fetches nothing ahead.
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(list => list.map(r => r.scope))") == [url]
    assert page.locator("a.rb-try").count() == 0  # the plain entry shows no example
    context.close()


def test_the_second_calculator_loads_the_runtime_from_the_cache(browser: Any, counted: tuple[str, RequestLog]) -> None:
    """After one calculator page, another one starts without fetching Pyodide or the adjudicator again."""
    url, log = counted
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "en/calculators/battle/")
    wait_for_runs(page, 1)
    first_visit = [path for path in log.paths() if "/_runtime/" in path]
    assert {"/_runtime/pyodide/pyodide.asm.wasm", "/_runtime/adjudicator.zip"} <= set(first_visit)
    log.clear()
    page.goto(url + "ru/calculators/ipc-chips/")
    wait_for_runs(page, 1)
    # Only the small per-page files: the calculator's schema and the words of the page's language.
    per_page = ("/_runtime/schema/", "/_runtime/messages/")
    assert [path for path in log.paths() if "/_runtime/" in path and not path.startswith(per_page)] == []
    context.close()


def test_a_calculator_page_reopens_offline(browser: Any, built_site: BuiltSite) -> None:
    """Once opened, a calculator page reloads and runs with its server gone: the service worker kept it."""
    context = browser.new_context()
    page = context.new_page()
    with serve_counting(built_site.root) as (url, _):
        page.goto(url + "de/calculators/battle/")
        wait_for_runs(page, 1)
        page.wait_for_function(
            "document.querySelector('[data-rb-calculator]').dataset.offline === 'kept'", timeout=60_000
        )
        online = _answer(page)
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.reload()  # nothing listens on the port any more
    wait_for_runs(page, 1)
    assert _answer(page) == online
    assert page.locator("#rb-run").inner_text() == _catalog("de")["Run"]
    background = page.eval_on_selector(".md-header", "header => getComputedStyle(header).backgroundColor")
    assert background not in ("", "rgba(0, 0, 0, 0)")  # the theme's stylesheet came from the cache too
    assert failed == []
    context.close()


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    """A page of a fresh context the size of a phone held upright (390×844)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    yield context.new_page()
    context.close()


def test_calculator_page_fits_a_phone(phone: Any, counted: tuple[str, RequestLog]) -> None:
    """At 390×844 the supply calculator, its form, editor and map, has no horizontal scroll."""
    url, _ = counted
    phone.goto(url + "en/calculators/supply/")
    wait_for_runs(phone, 1)
    width = phone.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1], f"page is {width[0]} px wide in a {width[1]} px viewport"


def test_run_is_in_reach_on_a_phone(phone: Any, counted: tuple[str, RequestLog]) -> None:
    """At 390×844, after a change at the top of the form, Run is on screen and its result is brought into view."""
    url, _ = counted
    page = phone
    page.goto(url + "en/calculators/battle/")
    wait_for_runs(page, 1)
    first = page.locator(".rb-map[data-path='attacker.units'] input[type=number]").first
    first.fill("5")
    first.evaluate("field => field.scrollIntoView({block: 'center'})")
    viewport_height = page.evaluate("window.innerHeight")
    run = page.locator("#rb-run").bounding_box()
    assert run is not None and 0 <= run["y"] and run["y"] + run["height"] <= viewport_height
    page.locator("#rb-run").click()
    wait_for_runs(page, 2)
    # a smooth scroll takes a few frames: wait until the heading has arrived, then measure it
    page.wait_for_function(
        "(() => { const top = document.querySelector('#rb-output h2').getBoundingClientRect().top;"
        " return top >= 0 && top < window.innerHeight; })()"
    )
    result = page.locator("#rb-output h2").first.bounding_box()
    assert result is not None and 0 <= result["y"] < viewport_height


def test_calculator_page_accessibility(tab: Any, counted: tuple[str, RequestLog], axe_script: Path) -> None:
    """axe-core finds no serious or critical violation on a calculator page with its form and result."""
    url, _ = counted
    tab.goto(url + "en/calculators/battle/")
    wait_for_runs(tab, 1)
    assert serious_violations(tab, axe_script) == []


class TestBuiltPages:
    def test_every_calculator_has_a_page_in_every_tree(self, built_site: BuiltSite) -> None:
        """/<lang>/calculators/<name>/ for every registered calculator, titled in the tree's language.

        Plus the index.
        """
        labels = _labels()
        for lang in LANGUAGES:
            words = _catalog(lang)
            assert (built_site.root / lang / "calculators" / "index.html").is_file()
            for name in calculators():
                html = (built_site.root / lang / "calculators" / name / "index.html").read_text(encoding="utf-8")
                assert re.search(rf"<h1[^>]*>{re.escape(_html(words[labels[name]]))}</h1>", html), (lang, name)
                assert f'data-rb-calculator="{name}"' in html

    def test_every_registered_calculator_has_a_name_to_translate(self) -> None:
        """Each registered calculator's label is a msgid of the UI catalogs (else the English title shows)."""
        with (REPOSITORY / "locales" / "messages.pot").open("rb") as handle:
            msgids = {message.id for message in read_po(handle) if message.id}
        labels = _labels()
        assert sorted(labels) == sorted(calculators())
        assert all(label != name for name, label in labels.items())
        assert set(labels.values()) <= msgids

    def test_ui_strings_keep_their_placeholders(self, built_site: BuiltSite) -> None:
        """Each tree's calculator strings carry the same {placeholders} as the English ones.

        So the script can fill them.
        """

        def strings(lang: str) -> dict[str, str]:
            html = (built_site.root / lang / "calculators" / "battle" / "index.html").read_text(encoding="utf-8")
            match = re.search(r'data-strings="([^"]*)"', html)
            assert match, lang
            return dict(json.loads(unescape(match.group(1))))

        english = strings("en")
        for lang in LANGUAGES:
            translated = strings(lang)
            assert translated.keys() == english.keys()
            for key, text in english.items():
                assert sorted(re.findall(r"\{\w+\}", translated[key])) == sorted(re.findall(r"\{\w+\}", text)), (
                    lang,
                    key,
                )
            if lang != "en":
                assert translated["run"] != english["run"]

    def test_only_calculator_pages_reference_the_runtime(self, built_site: BuiltSite) -> None:
        """No page outside /<lang>/calculators/ names _runtime/ or the calculator host (entry pages stay light)."""
        offenders = [
            path.relative_to(built_site.root).as_posix()
            for path in built_site.root.rglob("*.html")
            if "calculators" not in path.relative_to(built_site.root).parts
            and ("_runtime/" in (text := path.read_text(encoding="utf-8")) or "data-rb-calculator" in text)
        ]
        assert offenders == []


def test_the_supply_picture_marks_each_break_where_the_line_breaks(tab: Any, counted: tuple[str, RequestLog]) -> None:
    """Checked in the browser: the page shows the picture the adjudicator draws for the scenario,
    and the rendered image shows each break mark at its place (test_svg ties the places to the scenario's geometry)
    and nowhere else."""
    from xml.etree import ElementTree

    from adjudicator.plain import from_plain
    from adjudicator.unconditional_surrender.supply import SupplyScenario, evaluate_supply
    from adjudicator.unconditional_surrender.svg import render_svg
    from tests.adjudicator.unconditional_surrender.test_svg import TestSeaZonesLegendAndBreakMarks as TestPicture

    url, _ = counted
    tab.goto(url + "en/calculators/supply/#" + share_fragment(TestPicture.SCENARIO))
    wait_for_runs(tab, 1)
    source = tab.get_attribute("img.rb-map", "src")
    assert source is not None and source.startswith("data:image/svg+xml;charset=utf-8,")
    shown = unquote(source.split(",", 1)[1])
    scenario = from_plain(SupplyScenario, TestPicture.SCENARIO)
    assert shown == render_svg(scenario, evaluate_supply(scenario))  # the same picture as on the command line
    root = ElementTree.fromstring(shown)
    left, top, width, _ = (float(part) for part in root.get("viewBox", "").split())
    marks = [
        (float(g.get("data-x", "nan")), float(g.get("data-y", "nan")))
        for g in root.iter()
        if g.get("class") == "break-mark"
    ]
    assert marks
    # Draw the shown image, and the same picture without its break marks, on canvases at their own size: around
    # each mark's place the two differ (the mark is drawn there), and nowhere else.
    unmarked = re.sub(r'<g class="break-mark".*?</g>', "", shown, flags=re.S)
    assert unmarked != shown
    differences = tab.evaluate(
        """async ([unmarked, marks, left, top, scale]) => {
            const draw = async (source) => {
                const image = new Image();
                image.src = source;
                await image.decode();
                const canvas = document.createElement('canvas');
                canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
                const context = canvas.getContext('2d');
                context.drawImage(image, 0, 0);
                return context.getImageData(0, 0, canvas.width, canvas.height);
            };
            const shown = await draw(document.querySelector('img.rb-map').src);
            const bare = await draw('data:image/svg+xml;charset=utf-8,' + encodeURIComponent(unmarked));
            const changed = [];
            for (let i = 0; i < shown.data.length; i += 4) {
                if (Math.abs(shown.data[i] - bare.data[i]) + Math.abs(shown.data[i + 1] - bare.data[i + 1]) > 60) {
                    changed.push([(i / 4) % shown.width, Math.floor(i / 4 / shown.width)]);
                }
            }
            const near = marks.map(([x, y]) => {
                const cx = (x - left) * scale, cy = (y - top) * scale;
                return changed.filter(([px, py]) => Math.abs(px - cx) <= 9 && Math.abs(py - cy) <= 9).length;
            });
            const far = changed.filter(([px, py]) => marks.every(([x, y]) =>
                Math.abs(px - (x - left) * scale) > 40 || Math.abs(py - (y - top) * scale) > 40)).length;
            return [near, far, changed.length];
        }""",
        [unmarked, marks, left, top, int(root.get("width", "0")) / width],
    )
    near, far, changed = differences
    assert all(count >= 10 for count in near), differences  # each mark is drawn at its place
    assert far == 0, differences  # and nothing is drawn anywhere else
