"""A calculator page's opening answer, written into the page by the build.

A calculator page opens on one of its worked examples. The build has the adjudicator at hand,
so it answers that example itself — through :func:`adjudicator.web.evaluate_json`, the page's own
entry point, with the tree's catalog — and writes the answer into the page as the markup the
page script makes of a live answer (``renderResult`` in ``web/calculator.js``): the heading and
summary above the inputs (``#rb-output``), the figures, a battle's rounds, the picture and the rules
applied with links into the tree below them (``#rb-details``; the full result as JSON comes with the first live
answer, as it would double the weight of a page). The page shows the answer
at first paint, with no runtime; Pyodide comes when the player changes something.

Labels and words follow the page script's: a figure's label is the forms catalog's field label,
a choice its word, a number formatted for the tree's locale with at most four decimals; a battle's
rounds (``by_round``) a table of the chance still on (a percentage, one decimal) and each side's
units and cost (one decimal), its rows cut where the page script cuts them
(:data:`adjudicator.battle.rounds.ROUNDS_SHOWN_DOWN_TO`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from babel import Locale
from babel.numbers import format_decimal, format_percent
from markupsafe import Markup, escape

from adjudicator.battle.rounds import ROUNDS_SHOWN_DOWN_TO
from adjudicator.messages import AnswerLanguage
from adjudicator.web import evaluate_json
from rulebook.adjudication.forms import choice_label, field_label
from rulebook.site.examples import PlainWords

__all__ = ["OpeningAnswer", "opening_answer"]


@dataclass(frozen=True)
class OpeningAnswer:
    """The answer a calculator page opens with, as the page's markup (``#rb-output`` and ``#rb-details``)."""

    output: Markup
    details: Markup


def opening_answer(
    name: str,
    scenario: Mapping[str, Any],
    package: str,
    language: AnswerLanguage,
    words: PlainWords,
    texts: Mapping[str, str],
    entry_links: Mapping[str, tuple[str, str]],
) -> OpeningAnswer | None:
    """The page's opening answer to ``scenario`` in ``language``, or ``None`` when it does not run.

    ``texts`` are the page's UI words (the template's ``strings``: ``result``, ``figures``, ``picture``,
    ``why``, ``json``); ``entry_links`` maps an entry id to its title and its URL from the page.
    """
    answer = json.loads(evaluate_json(name, json.dumps(scenario), language.to_json(), package))
    if not answer.get("ok"):
        return None
    return OpeningAnswer(
        output=_output(answer, texts),
        details=_details(answer, words, texts, entry_links),
    )


def _output(answer: Mapping[str, Any], texts: Mapping[str, str]) -> Markup:
    lang = escape(answer.get("lang", "en"))
    lines = "".join(f"<li>{escape(line)}</li>" for line in answer["summary"])
    return Markup(
        f'<div id="rb-output" class="rb-live-answer" aria-live="polite" data-rb-opening="true">'
        f'<h2>{escape(texts["result"])}</h2><ul class="rb-summary" lang="{lang}">{lines}</ul></div>'
    )


def _details(
    answer: Mapping[str, Any],
    words: PlainWords,
    texts: Mapping[str, str],
    entry_links: Mapping[str, tuple[str, str]],
) -> Markup:
    result: Mapping[str, Any] = answer["result"]
    lang = escape(answer.get("lang", "en"))
    parts = [_figures(result, words, texts["figures"]), _rounds(result, words, texts)]
    if answer.get("svg"):
        source = "data:image/svg+xml;charset=utf-8," + quote(answer["svg"], safe="")
        parts.append(
            f'<figure><img class="rb-map" alt="{escape(texts["picture"])}" src="{escape(source)}">'
            f"<figcaption>{escape(texts['picture'])}</figcaption></figure>"
        )
    steps = []
    for step in result.get("trace", {}).get("steps", []):
        rule = step["rule"]
        if rule in entry_links:
            title, href = entry_links[rule]
            cited = f'<a href="{escape(href)}" title="{escape(rule)}">{escape(title)}</a>'
        else:
            cited = f"<code>{escape(rule)}</code>"
        steps.append(f'<li>{cited}: <span lang="{lang}">{escape(step["text"])}</span></li>')
    parts.append(f'<h2>{escape(texts["why"])}</h2><ol class="rb-trace">{"".join(steps)}</ol>')
    # The full result as JSON comes with the first live answer: written here it would double a page's weight.
    return Markup(f'<div id="rb-details">{"".join(parts)}</div>')


def _figures(result: Mapping[str, Any], words: PlainWords, caption: str) -> str:
    """The result's top-level scalars as the page's figures table (empty when it has none)."""
    rows = []
    for name, value in result.items():
        if value is None or isinstance(value, (dict, list)):
            continue
        label = words.labels.field(name) or field_label(name)
        shown = escape(_shown(name, value, words))
        rows.append(f'<tr><th scope="row" title="{escape(name)}">{escape(label)}</th><td>{shown}</td></tr>')
    if not rows:
        return ""
    return f'<table class="rb-figures"><caption>{escape(caption)}</caption><tbody>{"".join(rows)}</tbody></table>'


def _rounds(result: Mapping[str, Any], words: PlainWords, texts: Mapping[str, str]) -> str:
    """A battle's rounds as the page script's table (``roundsTable``): empty when the result has none."""
    rows = result.get("by_round")
    if not isinstance(rows, list) or not rows:
        return ""
    shown = []
    for row in rows:
        shown.append(row)
        if row["still_on"] < ROUNDS_SHOWN_DOWN_TO:
            break
    pattern = re.sub(r"0(?!.*0)", "0.0", Locale.parse(words.locale).percent_formats[None].pattern)

    def chance(value: float) -> str:
        if 0 < value < ROUNDS_SHOWN_DOWN_TO:
            return "< " + format_percent(ROUNDS_SHOWN_DOWN_TO, format=pattern, locale=words.locale)
        return format_percent(value, format=pattern, locale=words.locale)

    def tenths(value: float) -> str:
        return str(escape(format_decimal(value, format="#,##0.0", locale=words.locale)))

    def side(units: float, cost: float | None) -> str:
        return (
            f"<td>{tenths(units)}</td>" if cost is None else f"<td>{tenths(units)}<small>({tenths(cost)})</small></td>"
        )

    heads = "".join(
        f'<th scope="col">{escape(texts[f"rounds_{key}"])}</th>'
        for key in ("round", "still_on", "attacker", "defender")
    )
    body = "".join(
        f'<tr><th scope="row">{row["round"]}</th><td>{escape(chance(row["still_on"]))}</td>'
        f"{side(row['attacker_units'], row['attacker_value'])}{side(row['defender_units'], row['defender_value'])}</tr>"
        for row in shown
    )
    costs = any(row["attacker_value"] is not None for row in rows)
    # The game's own words where it counts its units in another word (``roundsCaption`` of the page script).
    own = f"by_round_{result.get('game')}"
    caption = escape(texts["by_round_cost" if costs else own if own in texts else "by_round"])
    return (
        f'<table class="rb-rounds"><caption>{caption}</caption><thead><tr>{heads}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


def _shown(name: str, value: Any, words: PlainWords) -> str:
    """A figure as the page script shows it: a choice's word, yes/no, a number with at most four decimals."""
    if isinstance(value, bool):
        return words.yes if value else words.no
    if isinstance(value, str):
        return words.labels.choice(value, name) or choice_label(value)
    if isinstance(value, int):
        return format_decimal(value, format="#,##0", locale=words.locale)
    return format_decimal(value, format="#,##0.####", locale=words.locale)
