"""A long computation on a calculator page: progress, Stop, and a page that never freezes.

Python runs in the page's worker (``web/calculator-worker.js``). Debian's chromium at the size of a
phone held upright (390 px, touch) opens the battle calculator of the German tree and is handed,
by a share link, the 100-v-100 exact sea battle of ``rulebook bench battle``, which takes many
seconds under Pyodide; the player's taps do the rest.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from rulebook.bench.battle import SEA_100
from rulebook.bench.browser import serve_counting, wait_for_runs
from rulebook.site.urls import share_fragment
from tests.site.conftest import BuiltSite
from tests.site.test_calculators import _catalog

HOST = "[data-rb-calculator]"
LONG_RUN_MS = 120_000
"""How long the page may take to load Pyodide and start the long battle on a loaded machine."""

STOPPED_WITHIN_SECONDS = 1.0
"""From the tap on Stop to the page back: the previous answer, no progress, nothing pending."""


@pytest.fixture()
def phone(browser: Any, built_site: BuiltSite) -> Iterator[tuple[Any, str]]:
    """A touch phone's page (390×844) on the session's site, with the German battle calculator answered."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(f"page error: {error}"))
    with serve_counting(built_site.root) as (url, _):
        page.goto(url + "de/calculators/battle/")
        wait_for_runs(page, 1)
        yield page, url
    context.close()


def _state(page: Any) -> dict[str, str]:
    return dict(page.eval_on_selector(HOST, "host => ({...host.dataset})"))


def _summary(page: Any) -> str:
    return str(page.locator("#rb-output .rb-summary").inner_text())


def _start_long_battle(page: Any, url: str) -> None:
    """Open the long battle's share link and wait until its progress shows, with a share reported."""
    page.goto(url + "de/calculators/battle/#" + share_fragment(SEA_100))
    page.locator("#rb-progress").wait_for(timeout=LONG_RUN_MS)
    page.wait_for_function("document.querySelector('#rb-progress-bar').value > 0", timeout=LONG_RUN_MS)


def test_a_long_battle_shows_progress_and_stop_and_stops(phone: tuple[Any, str]) -> None:
    """Progress in the tree's words and Stop; Stop brings the page back within a second with the previous
    answer, marked as not updated; the next change computes a new answer in a fresh worker."""
    page, url = phone
    words = _catalog("de")
    before = _summary(page)
    _start_long_battle(page, url)
    assert page.locator("#rb-stop").inner_text() == words["Stop"]
    label = page.locator("#rb-progress .rb-progress-label").inner_text()
    prefix = words["Calculating: {percent} done, {seconds} s so far"].split("{")[0]
    assert label.startswith(prefix), label
    stop = page.locator("#rb-stop").bounding_box()
    assert stop is not None and stop["height"] >= 44 and stop["x"] + stop["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert _state(page)["pending"] == "true"
    workers = int(_state(page)["workers"])

    tapped = time.monotonic()
    page.locator("#rb-stop").tap()
    page.wait_for_function(
        """() => { const host = document.querySelector('[data-rb-calculator]');
                   return host.dataset.state === 'stopped' && host.dataset.pending === 'false'
                     && !document.querySelector('#rb-progress'); }""",
        timeout=int(STOPPED_WITHIN_SECONDS * 1000),
    )
    assert time.monotonic() - tapped <= STOPPED_WITHIN_SECONDS
    assert _summary(page) == before
    assert page.locator("#rb-not-updated").inner_text() == words["Not updated: the calculation was stopped."]
    assert int(_state(page)["workers"]) == workers + 1  # a fresh worker for the next run

    runs = int(_state(page)["runs"])
    page.locator("#rb-reset").tap()  # back to the example: a change, answered at once
    wait_for_runs(page, runs + 1)
    assert _state(page)["state"] == "done"
    assert _summary(page) == before
    assert page.locator("#rb-not-updated").count() == 0
    page.locator("#rb-field-attacker-units-infantry ~ button.rb-step").tap()
    wait_for_runs(page, runs + 2)
    assert _summary(page) != before
    assert page.problems == []


def test_the_page_answers_taps_while_it_computes(phone: tuple[Any, str]) -> None:
    """The page's main thread stays free: a tap opens the scenario's text while the battle goes on."""
    page, url = phone
    _start_long_battle(page, url)
    page.locator(".rb-text > summary").tap()
    assert page.eval_on_selector(".rb-text", "details => details.open")
    assert page.locator("#rb-progress").count() == 1 and _state(page)["pending"] == "true"
    share = page.eval_on_selector("#rb-progress-bar", "bar => bar.value")
    page.wait_for_function(
        "share => document.querySelector('#rb-progress-bar').value > share", arg=share, timeout=LONG_RUN_MS
    )
    assert page.problems == []


def test_a_change_during_a_long_run_restarts_it(phone: tuple[Any, str]) -> None:
    """A change while a run that would long outlast a fresh worker's start goes on: the worker is restarted,
    and the new scenario is answered, not the old one."""
    page, url = phone
    before = _summary(page)
    _start_long_battle(page, url)
    workers, runs = int(_state(page)["workers"]), int(_state(page)["runs"])
    page.locator("#rb-reset").tap()
    wait_for_runs(page, runs + 1)
    assert int(_state(page)["workers"]) == workers + 1
    assert (_state(page)["state"], _summary(page)) == ("done", before)
    assert page.locator("#rb-progress").count() == 0
    assert page.problems == []
