"""The map editor of the hex-map calculator pages in a real browser.

A situation drawn by clicks (tool, then hexes) on the supply, ZOC and stacking pages runs to
CPython's answer and cites the deciding rule; the scenario editor and the grid follow each
other; undo takes back the last edits; a share link carries the drawn map; a phone held upright
can draw and run. The hexside, transport line, sea zone and off-map box tools each draw a
situation that needs them (an impassable side cutting the line, a line carrying supply, a sea
leg through a zone with a convoy, an entry hex of the Soviet Interior) and run it to CPython's
answer and rule. Debian's chromium opens the session-built site, as in test_calculators.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from adjudicator.web import evaluate_json
from rulebook.adjudication.forms import CONTEXT_SEPARATOR, form_words, page_catalog_json
from rulebook.bench.browser import RequestLog, serve_counting, wait_for_runs
from rulebook.site.i18n import catalog_path
from tests.conftest import REPOSITORY
from tests.site.conftest import BuiltSite, serious_violations

HOST = "[data-rb-calculator]"
LOCALES = REPOSITORY / "locales"


@pytest.fixture(scope="module")
def served(built_site: BuiltSite) -> Iterator[tuple[str, RequestLog]]:
    """The session's site on 127.0.0.1."""
    with serve_counting(built_site.root) as found:
        yield found


def _recording(page: Any) -> Any:
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(f"page error: {error}"))
    return page


@pytest.fixture()
def tab(browser: Any) -> Iterator[Any]:
    """A desktop-sized page of a fresh context, with the clipboard allowed (Share copies the link)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    yield _recording(context.new_page())
    context.close()


def _scenario(page: Any) -> Any:
    return json.loads(page.input_value("#rb-scenario"))


def _answer(page: Any) -> Any:
    return json.loads(page.locator(f"{HOST} details.rb-json pre").text_content())


def _place(page: Any, q: int, r: int) -> Any:
    return page.locator(f".rb-grid g.rb-hex[data-q='{q}'][data-r='{r}']")


def _open(page: Any, url: str) -> None:
    page.goto(url)
    wait_for_runs(page, 1)
    page.wait_for_selector(".rb-map-editor svg.rb-grid")


def _draw_a_line_to_berlin(page: Any, unit_at: int) -> None:
    """An empty map, then four German clear hexes in a row, Berlin in the first, a German unit in hex ``unit_at``."""
    page.click("#rb-empty-map")
    page.click("[data-tool=country]")
    page.select_option("#rb-tool-country", "germany")
    for q in range(4):
        _place(page, q, 0).click()
    page.click("[data-tool=city]")
    page.fill("#rb-tool-city", "Berlin")
    _place(page, 0, 0).click()
    page.click("[data-tool=unit]")
    page.select_option("#rb-tool-nationality", "germany")
    _place(page, unit_at, 0).click()


def _cpython(page: Any, calculator: str, lang: str) -> Any:
    return json.loads(evaluate_json(calculator, json.dumps(_scenario(page)), page_catalog_json(LOCALES, lang)))


class TestDrawAndRun:
    def test_a_drawn_line_runs_to_the_answer_and_its_rule(self, tab: Any, served: tuple[str, RequestLog]) -> None:
        """Clicks draw Berlin, three more hexes and a unit; the answer is CPython's and cites 10.2.

        The unit three hexes from Berlin is not supplied (10.2: the line must reach the source or a
        transport line within its first two hexes); undo takes the unit back, and one placed two
        hexes from Berlin is supplied.
        """
        url, _ = served
        _open(tab, url + "en/calculators/supply/")
        _draw_a_line_to_berlin(tab, unit_at=3)
        drawn = _scenario(tab)
        assert [(cell["id"], cell["q"], cell["r"], cell.get("country")) for cell in drawn["map"]["hexes"]] == [
            (f"A{n + 1}", n, 0, "germany") for n in range(4)
        ]
        assert drawn["map"]["hexes"][0]["city"] == "Berlin"
        assert drawn["units"] == [{"id": "g1", "hex": "A4", "faction": "axis", "nationality": "germany"}]
        tab.click("#rb-run")
        wait_for_runs(tab, 2)
        expected = _cpython(tab, "supply", "en")
        assert _answer(tab) == expected["result"] and expected["result"]["supplied"] == {"g1": False}
        rules = tab.eval_on_selector_all(f"{HOST} .rb-trace a", "links => links.map(a => a.title)")
        assert "us.10-2" in rules
        assert "its first two hexes" in tab.locator(f"{HOST} ul.rb-summary").inner_text()
        tab.click("#rb-undo")  # the unit goes
        assert "units" not in _scenario(tab) or _scenario(tab)["units"] == []
        assert tab.locator(".rb-grid rect.rb-unit").count() == 0
        _place(tab, 2, 0).click()  # the unit tool is still chosen
        tab.click("#rb-run")
        wait_for_runs(tab, 3)
        assert _answer(tab)["supplied"] == {"g1": True} == _cpython(tab, "supply", "en")["result"]["supplied"]
        assert tab.problems == []

    def test_zoc_and_stacking_draw_too(self, tab: Any, served: tuple[str, RequestLog]) -> None:
        """On the ZOC page an enemy unit drawn next to a hex puts it in EZOC; on the stacking page a stack is drawn."""
        url, _ = served
        _open(tab, url + "en/calculators/zoc/")
        tab.click("#rb-empty-map")
        for q in range(3):
            _place(tab, q, 0).click()
        tab.click("[data-tool=unit]")
        tab.select_option("#rb-tool-nationality", "germany")
        _place(tab, 0, 0).click()
        tab.select_option("#rb-tool-nationality", "ussr")
        _place(tab, 2, 0).click()
        scenario = _scenario(tab)
        assert [unit["faction"] for unit in scenario["units"]] == ["axis", "soviets"]
        assert {country["id"] for country in scenario["map"]["countries"]} >= {"germany", "ussr"}
        tab.click("#rb-run")
        wait_for_runs(tab, 2)
        assert _answer(tab) == _cpython(tab, "zoc", "en")["result"]
        _open(tab, url + "en/calculators/stacking/")
        tab.click("#rb-empty-map")
        _place(tab, 0, 0).click()
        tab.click("[data-tool=unit]")
        tab.select_option("#rb-tool-nationality", "germany")
        for _ in range(4):
            _place(tab, 0, 0).click()
        assert [unit["id"] for unit in _scenario(tab)["units"]] == ["g1", "g2", "g3", "g4"]
        assert tab.locator(".rb-grid g[data-marks='A1'] rect.rb-unit").count() == 4
        tab.click("#rb-run")
        wait_for_runs(tab, 2)
        assert _answer(tab) == _cpython(tab, "stacking", "en")["result"]
        assert tab.problems == []


class TestSync:
    def test_the_scenario_text_redraws_the_grid(self, tab: Any, served: tuple[str, RequestLog]) -> None:
        """A map typed into the scenario editor is drawn: hexes, terrain, city, port, units; erase and undo follow."""
        url, _ = served
        _open(tab, url + "en/calculators/supply/")
        typed = {
            "map": {
                "countries": [{"id": "britain", "faction": "western-allies"}],
                "hexes": [
                    {"id": "L", "q": 0, "r": 0, "country": "britain", "city": "London", "port": True},
                    {"id": "M", "q": 1, "r": 0, "country": "britain", "terrain": "forest"},
                    {"rect": ["0101", "0202"]},
                ],
            },
            "units": [{"id": "b1", "hex": "M", "faction": "western-allies", "nationality": "britain"}],
        }
        tab.fill("#rb-scenario", json.dumps(typed))
        tab.dispatch_event("#rb-scenario", "change")
        assert tab.eval_on_selector_all(".rb-grid g.rb-hex[data-hex]", "hexes => hexes.map(h => h.dataset.hex)") == [
            "L",
            "M",
        ]
        assert tab.locator(".rb-grid g[data-marks='L'] circle.rb-port").count() == 1
        assert tab.locator(".rb-grid g[data-marks='L'] rect.rb-city").count() == 1
        assert tab.locator(".rb-grid g[data-marks='M'] rect.rb-unit").count() == 1
        assert tab.locator(".rb-grid g[data-hex='M'] polygon").get_attribute("fill") == "#b9d39c"  # forest
        assert "1 hex entries" in tab.locator(".rb-map-skipped").inner_text()  # the region stays in the text
        tab.click("[data-tool=erase]")
        _place(tab, 1, 0).click()  # the unit first
        assert _scenario(tab)["units"] == []
        _place(tab, 1, 0).click()  # then the hex
        assert [cell.get("id") for cell in _scenario(tab)["map"]["hexes"]] == ["L", None]
        tab.click("#rb-undo")
        tab.click("#rb-undo")
        assert _scenario(tab) == typed
        assert tab.locator("#rb-undo").is_disabled()
        assert tab.problems == []

    def test_a_share_link_carries_the_drawn_map(self, tab: Any, browser: Any, served: tuple[str, RequestLog]) -> None:
        """Share after drawing: the link opens the drawn map, drawn again, with the same answer."""
        url, _ = served
        _open(tab, url + "de/calculators/supply/")
        _draw_a_line_to_berlin(tab, unit_at=2)
        tab.click("[data-tool=terrain]")
        tab.select_option("#rb-tool-terrain", "forest")
        _place(tab, 1, 0).click()
        drawn = _scenario(tab)
        tab.click("#rb-share")
        tab.wait_for_function("!document.querySelector('#rb-share-link').hidden")
        link = tab.input_value("#rb-share-link")
        other = _recording(browser.new_context(viewport={"width": 1280, "height": 900}).new_page())
        other.goto(link)
        wait_for_runs(other, 1)
        assert _scenario(other) == drawn
        hexes = other.eval_on_selector_all(".rb-grid g.rb-hex[data-hex]", "hexes => hexes.map(h => h.dataset.hex)")
        assert hexes == ["A1", "A2", "A3", "A4"]
        assert other.locator(".rb-grid g[data-hex='A2'] polygon").get_attribute("fill") == "#b9d39c"
        assert other.locator(".rb-grid g[data-marks='A3'] rect.rb-unit").count() == 1
        assert _answer(other)["supplied"] == {"g1": True}
        assert tab.problems == [] and other.problems == []
        other.context.close()


def _messages(lang: str) -> dict[str, str]:
    with catalog_path(LOCALES, lang).open("rb") as handle:
        return {
            m.id: m.string
            for m in read_po(handle, locale=lang)
            if isinstance(m.id, str) and m.id and isinstance(m.string, str)
        }


def test_the_editor_speaks_the_pages_language_on_a_phone(browser: Any, served: tuple[str, RequestLog]) -> None:
    """At 390×844 on the Russian ZOC page: the words are the catalogs', the tools wrap, nothing scrolls sideways,
    hexes are tap targets of 24 px or more, and a tapped situation runs."""
    url, _ = served
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = _recording(context.new_page())
    _open(page, url + "ru/calculators/zoc/")
    messages, forms = _messages("ru"), form_words(LOCALES, "ru")
    assert page.locator("#rb-map-editor-title").inner_text() == messages["Draw the map"]
    assert page.locator("#rb-undo").inner_text() == messages["Undo"]
    assert page.locator("[data-tool=terrain]").inner_text() == forms[f"field{CONTEXT_SEPARATOR}Terrain"]
    assert page.locator("[data-tool=erase]").inner_text() == messages["Erase"]
    width = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1], f"page is {width[0]} px wide in a {width[1]} px viewport"
    tools = page.locator(".rb-tools").bounding_box()
    assert tools is not None and tools["width"] <= width[1] and tools["height"] > 40  # wrapped onto lines
    page.locator("#rb-empty-map").tap()
    hexes = page.locator(".rb-grid g.rb-hex")
    sizes = [hexes.nth(n).bounding_box() for n in range(hexes.count())]
    assert sizes and all(box is not None and box["width"] >= 24 and box["height"] >= 24 for box in sizes)
    for q in range(2):
        _place(page, q, 0).tap()
    page.locator("[data-tool=unit]").tap()
    page.select_option("#rb-tool-nationality", "germany")
    _place(page, 0, 0).tap()
    assert _scenario(page)["units"][0]["hex"] == "A1"
    page.locator("#rb-run").tap()
    wait_for_runs(page, 2)
    assert _answer(page) == _cpython(page, "zoc", "ru")["result"]
    assert page.problems == []
    context.close()


def test_the_map_editor_is_accessible(tab: Any, served: tuple[str, RequestLog], axe_script: Path) -> None:
    """axe-core finds no serious or critical violation on the supply page with its map editor and a drawn map."""
    url, _ = served
    _open(tab, url + "en/calculators/supply/")
    _draw_a_line_to_berlin(tab, unit_at=2)
    assert serious_violations(tab, axe_script, "document.querySelector('.rb-map-editor')") == []


def _side(page: Any, between: str) -> Any:
    return page.locator(f".rb-grid g.rb-side[data-between='{between}']")


def _rules(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(f"{HOST} .rb-trace a", "links => links.map(a => a.title)"))


def _run(page: Any, runs: int) -> None:
    page.click("#rb-run")
    wait_for_runs(page, runs)


class TestHexsidesLinesZones:
    def test_a_hexside_drawn_by_clicks_blocks_the_line(self, tab: Any, served: tuple[str, RequestLog]) -> None:
        """Taps on the side between Berlin and the unit's hex cycle mountain → impassable → sea → strait → none.

        A mountain hexside leaves the unit next to Berlin supplied; an impassable one cuts its only
        line, and the answer (CPython's) cites 10.2.1's impassable restriction; the side is drawn as
        the answer's picture draws it; undo brings the last kind back.
        """
        url, _ = served
        _open(tab, url + "en/calculators/supply/")
        _draw_a_line_to_berlin(tab, unit_at=1)
        tab.click("[data-tool=hexside]")
        assert tab.locator(".rb-grid g.rb-side").count() == 3  # A1–A2, A2–A3, A3–A4
        _side(tab, "A1 A2").click()
        assert _scenario(tab)["map"]["hexsides"] == [{"between": ["A1", "A2"], "feature": "mountain"}]
        _run(tab, 2)
        assert _answer(tab)["supplied"] == {"g1": True} == _cpython(tab, "supply", "en")["result"]["supplied"]
        _side(tab, "A1 A2").click()
        assert _scenario(tab)["map"]["hexsides"] == [{"between": ["A1", "A2"], "feature": "impassable"}]
        drawn = tab.locator(".rb-grid line.rb-side-drawn[data-between='A1 A2']")
        assert drawn.get_attribute("data-feature") == "impassable" and drawn.get_attribute("stroke") == "#111"
        assert "impassable" in (_side(tab, "A1 A2").get_attribute("aria-label") or "")
        _run(tab, 3)
        expected = _cpython(tab, "supply", "en")
        assert _answer(tab) == expected["result"] and expected["result"]["supplied"] == {"g1": False}
        assert "us.10-2-1.impassable-neutral" in _rules(tab)
        for feature in ("sea", "strait"):
            _side(tab, "A1 A2").click()
            assert _scenario(tab)["map"]["hexsides"][0]["feature"] == feature
        _side(tab, "A1 A2").click()  # after the last kind: none
        assert "hexsides" not in _scenario(tab)["map"]
        assert tab.locator(".rb-grid line.rb-side-drawn").count() == 0
        tab.click("#rb-undo")
        assert _scenario(tab)["map"]["hexsides"] == [{"between": ["A1", "A2"], "feature": "strait"}]
        tab.click("[data-tool=terrain]")
        assert tab.locator(".rb-grid g.rb-side").count() == 0  # sides are tap targets for their tool only
        assert tab.problems == []

    def test_a_transport_line_carries_supply_further(self, tab: Any, served: tuple[str, RequestLog]) -> None:
        """A unit three hexes from Berlin is out of supply; a transport line tapped from Berlin to the
        hex next to it brings it in (10.2); erasing the line's first segment and undo follow."""
        url, _ = served
        _open(tab, url + "en/calculators/supply/")
        _draw_a_line_to_berlin(tab, unit_at=3)
        tab.click("[data-tool=line]")
        for q in (0, 1, 2):
            _place(tab, q, 0).click()
        assert tab.locator("#rb-finish-line").is_visible()
        _place(tab, 2, 0).click()  # the last hex again: the line ends
        assert tab.locator("#rb-finish-line").count() == 0
        assert _scenario(tab)["map"]["transport_lines"] == [{"hexes": ["A1", "A2", "A3"]}]
        assert tab.locator(".rb-grid polyline.rb-line").get_attribute("data-hexes") == "A1 A2 A3"
        _run(tab, 2)
        expected = _cpython(tab, "supply", "en")
        assert _answer(tab) == expected["result"] and expected["result"]["supplied"] == {"g1": True}
        assert [step["node"] for step in _answer(tab)["items"][0]["path"]] == ["A4", "A3", "A2", "A1"]
        assert "us.10-2" in _rules(tab)
        # a second line, laid and ended with the button; a line of one hex is dropped
        _place(tab, 3, 0).click()
        tab.click("#rb-finish-line")
        assert _scenario(tab)["map"]["transport_lines"] == [{"hexes": ["A1", "A2", "A3"]}]
        tab.click("[data-tool=erase]")
        tab.locator(".rb-grid g.rb-segment[data-between='A1 A2']").click()
        assert _scenario(tab)["map"]["transport_lines"] == [{"hexes": ["A2", "A3"]}]
        _run(tab, 3)
        assert _answer(tab) == _cpython(tab, "supply", "en")["result"]
        assert _answer(tab)["supplied"] == {"g1": False}
        tab.click("#rb-undo")
        assert _scenario(tab)["map"]["transport_lines"] == [{"hexes": ["A1", "A2", "A3"]}]
        _place(tab, 1, 0).click()  # erasing a hex cuts the line there: nothing is left of two hexes or more
        assert "transport_lines" not in _scenario(tab)["map"] or _scenario(tab)["map"]["transport_lines"] == []
        assert tab.problems == []

    def test_a_sea_leg_via_a_zone_and_its_ports(self, tab: Any, served: tuple[str, RequestLog]) -> None:
        """Kiel, two sea hexes, a port and the unit's hex; a zone tapped onto the two ports. Without an Axis
        convoy the unit is out of supply; ticking the convoy brings it in through the zone (10.2); Empty the
        map keeps the zone and its convoy, without the ports that are gone."""
        url, _ = served
        _open(tab, url + "en/calculators/supply/")
        tab.click("#rb-empty-map")
        tab.click("[data-tool=country]")
        for q, country in enumerate(["germany", "", "", "germany", "germany"]):
            tab.select_option("#rb-tool-country", country)
            _place(tab, q, 0).click()
        tab.click("[data-tool=terrain]")
        tab.select_option("#rb-tool-terrain", "sea")
        for q in (1, 2):
            _place(tab, q, 0).click()
        tab.click("[data-tool=city]")
        tab.fill("#rb-tool-city", "Kiel")
        _place(tab, 0, 0).click()
        tab.click("[data-tool=zone]")
        tab.fill("#rb-new-zone", "baltic")
        tab.click("#rb-add-zone")
        assert tab.input_value("#rb-tool-zone") == "baltic"
        for q in (0, 3):
            _place(tab, q, 0).click()
        tab.click("[data-tool=unit]")
        tab.select_option("#rb-tool-nationality", "germany")
        _place(tab, 4, 0).click()
        drawn = _scenario(tab)
        assert drawn["map"]["sea_zones"] == [{"id": "baltic", "ports": ["A1", "A4"]}]
        assert [cell["id"] for cell in drawn["map"]["hexes"] if cell.get("port")] == ["A1", "A4"]
        assert tab.locator(".rb-grid rect.rb-zone[data-zone='baltic']").count() == 1
        assert tab.eval_on_selector_all(".rb-grid line.rb-zone-link", "ls => ls.map(l => l.dataset.hex)") == [
            "A1",
            "A4",
        ]
        _run(tab, 2)
        expected = _cpython(tab, "supply", "en")
        assert _answer(tab) == expected["result"] and expected["result"]["supplied"] == {"g1": False}
        tab.click("[data-tool=zone]")
        tab.check("[data-tick='convoys:axis']")
        assert _scenario(tab)["map"]["sea_zones"][0]["convoys"] == ["axis"]
        assert tab.locator(".rb-grid g.rb-convoy[data-faction='axis']").count() == 1
        _run(tab, 3)
        expected = _cpython(tab, "supply", "en")
        assert _answer(tab) == expected["result"] and expected["result"]["supplied"] == {"g1": True}
        path = [(step["node"], step["kind"]) for step in _answer(tab)["items"][0]["path"]]
        assert ("baltic", "sea-zone") in path and path[-1] == ("A1", "port")
        assert "us.10-2" in _rules(tab)
        _place(tab, 3, 0).click()  # a second tap takes the port out of the zone
        assert _scenario(tab)["map"]["sea_zones"][0]["ports"] == ["A1"]
        tab.click("#rb-undo")
        tab.click("#rb-empty-map")
        emptied = _scenario(tab)["map"]
        assert emptied["hexes"] == [] and emptied["sea_zones"] == [{"id": "baltic", "ports": [], "convoys": ["axis"]}]
        assert tab.input_value("#rb-tool-zone") == "baltic"
        assert tab.problems == []

    def test_an_off_map_box_and_its_entry_hex(self, tab: Any, served: tuple[str, RequestLog]) -> None:
        """A Soviet Interior box added by name and kind, its entry hex tapped: the Soviet unit two hexes
        away is supplied through the box (10.1); a second tap takes the entry hex out, and it is not."""
        url, _ = served
        _open(tab, url + "en/calculators/supply/")
        tab.click("#rb-empty-map")
        tab.click("[data-tool=country]")
        tab.select_option("#rb-tool-country", "ussr")
        for q in range(3):
            _place(tab, q, 0).click()
        tab.click("[data-tool=box]")
        tab.select_option("#rb-tool-box-kind", "soviet-interior")
        tab.fill("#rb-new-box", "interior")
        tab.click("#rb-add-box")
        _place(tab, 2, 0).click()
        tab.click("[data-tool=unit]")
        tab.select_option("#rb-tool-nationality", "ussr")
        _place(tab, 0, 0).click()
        assert _scenario(tab)["map"]["boxes"] == [{"id": "interior", "entry_hexes": ["A3"], "kind": "soviet-interior"}]
        assert tab.locator(".rb-grid rect.rb-box[data-box='interior']").count() == 1
        assert tab.locator(".rb-grid line.rb-box-link[data-hex='A3']").count() == 1
        _run(tab, 2)
        expected = _cpython(tab, "supply", "en")
        assert _answer(tab) == expected["result"] and expected["result"]["supplied"] == {"u1": True}
        assert _answer(tab)["items"][0]["path"][-1] == {"node": "interior", "kind": "off-map-box"}
        tab.click("[data-tool=box]")
        _place(tab, 2, 0).click()
        assert _scenario(tab)["map"]["boxes"][0]["entry_hexes"] == []
        _run(tab, 3)
        expected = _cpython(tab, "supply", "en")
        assert _answer(tab) == expected["result"] and expected["result"]["supplied"] == {"u1": False}
        assert tab.problems == []


def test_the_new_tools_work_on_a_phone(browser: Any, served: tuple[str, RequestLog]) -> None:
    """At 390×844 on the Hungarian supply page: the tools' words are the catalogs', a hexside and a line
    are tapped, nothing scrolls sideways."""
    url, _ = served
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = _recording(context.new_page())
    _open(page, url + "hu/calculators/supply/")
    messages, forms = _messages("hu"), form_words(LOCALES, "hu")
    assert page.locator("[data-tool=hexside]").inner_text() == forms[f"field{CONTEXT_SEPARATOR}Hexsides"]
    assert page.locator("[data-tool=line]").inner_text() == forms[f"field{CONTEXT_SEPARATOR}Transport lines"]
    assert page.locator("[data-tool=zone]").inner_text() == forms[f"field{CONTEXT_SEPARATOR}Sea zones"]
    page.locator("#rb-empty-map").tap()
    for q in range(3):
        _place(page, q, 0).tap()
    page.locator("[data-tool=hexside]").tap()
    assert (
        page.locator("#rb-map-note").inner_text()
        == messages["Tap the side between two hexes: each tap gives it the next kind, after the last one none."]
    )
    box = _side(page, "A2 A3").bounding_box()
    assert box is not None and box["width"] >= 24 and box["height"] >= 24
    _side(page, "A2 A3").tap()
    assert _scenario(page)["map"]["hexsides"] == [{"between": ["A2", "A3"], "feature": "mountain"}]
    page.locator("[data-tool=line]").tap()
    for q in (0, 1, 2):
        _place(page, q, 0).tap()
    page.locator("#rb-finish-line").tap()
    assert _scenario(page)["map"]["transport_lines"] == [{"hexes": ["A1", "A2", "A3"]}]
    page.locator("[data-tool=zone]").tap()
    width = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1], f"page is {width[0]} px wide in a {width[1]} px viewport"
    assert page.problems == []
    context.close()


def test_the_new_tools_are_accessible(tab: Any, served: tuple[str, RequestLog], axe_script: Path) -> None:
    """axe-core finds no serious or critical violation with the hexside tool's sides, the erase tool's
    segments and the sea zone tool's ticks on the page."""
    url, _ = served
    _open(tab, url + "en/calculators/supply/")
    _draw_a_line_to_berlin(tab, unit_at=2)
    tab.click("[data-tool=line]")
    for q in (0, 1, 2, 2):
        _place(tab, q, 0).click()
    tab.click("[data-tool=zone]")
    tab.fill("#rb-new-zone", "north-sea")
    tab.click("#rb-add-zone")
    for tool in ("hexside", "erase", "zone"):
        tab.click(f"[data-tool={tool}]")
        assert serious_violations(tab, axe_script, "document.querySelector('.rb-map-editor')") == [], tool
