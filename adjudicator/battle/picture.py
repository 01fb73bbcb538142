"""The ``battle`` calculator's picture: outcome bars and each side's survivors histogram, as SVG.

Game-independent, like the engine (Axis & Allies 2nd edition, source ``003_…``; the
Hungarian strategic game, source ``000_…``). The picture players of battle calculators look
at first: one bar per outcome (attacker wins, attacker takes the territory in a land battle,
defender holds, both destroyed) and, for the exact method, a histogram per side of the
chance of each number of units left (:attr:`~adjudicator.battle.calculators.BattleResult.attacker_survivor_totals`).
Every word is a msgid of the ``adjudicator`` catalog rendered in the reader's
:class:`~adjudicator.messages.AnswerLanguage`, numbers included. Pure: no I/O, the same input
gives the same text.

>>> from adjudicator.registry import run
>>> scenario = {"game": "axis-and-allies-2e", "attacker": {"units": {"infantry": 2}},
...             "defender": {"units": {"infantry": 1}}}
>>> svg = render_battle_svg(None, run("battle", scenario))
>>> svg.startswith("<svg") and 'class="outcome attacker-wins"' in svg and svg.endswith("</svg>")
True
"""

from __future__ import annotations

from typing import Any

from adjudicator.battle.words import ATTACKER_LEFT, DEFENDER_LEFT, in_game
from adjudicator.messages import ENGLISH, AnswerLanguage, Message, message
from adjudicator.plain import xml_text

__all__ = ["render_battle_svg"]

WIDTH = 480
"""Width of the picture in SVG units."""
LABEL_WIDTH = 200
"""Room for an outcome's label left of its bar."""
BAR_HEIGHT = 18
HISTOGRAM_HEIGHT = 90
"""Height of the tallest column of a survivors histogram."""
COLOURS = {
    "attacker-wins": "#2f6db3",
    "attacker-captures": "#5b93d1",
    "defender-holds": "#b3322f",
    "both-destroyed": "#8c8c8c",
    "attacker": "#2f6db3",
    "defender": "#b3322f",
}


def _text(x: float, y: float, text: str, anchor: str = "start", size: int = 11, extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-family="sans-serif" text-anchor="{anchor}"{extra}>'
        f"{xml_text(text)}</text>"
    )


def _outcomes(result: Any) -> list[tuple[str, Message, float]]:
    """(class, label, chance) of each bar."""
    bars = [("attacker-wins", message("Attacker wins"), float(result.attacker_wins))]
    if result.attacker_captures is not None:
        bars.append(("attacker-captures", message("Attacker takes the territory"), float(result.attacker_captures)))
    bars.append(("defender-holds", message("Defender holds"), float(result.defender_wins)))
    bars.append(("both-destroyed", message("Both destroyed"), float(result.both_destroyed)))
    return bars


def _histogram(
    side: str, title: Message, chances: tuple[float, ...], top: float, language: AnswerLanguage
) -> list[str]:
    """A histogram of the chance of each number of units left, its heading at ``top``."""
    parts = [
        f'<g class="survivors {side}">',
        _text(10, top + 12, language.render(title), size=12, extra=' font-weight="bold"'),
    ]
    base = top + 24 + HISTOGRAM_HEIGHT
    columns = len(chances)
    step = (WIDTH - 40) / columns
    tallest = max(chances) or 1.0
    # Label every n-th count, so that the numbers of a 100-unit side do not overlap.
    every = max(1, round(columns / 20))
    for count, chance in enumerate(chances):
        height = HISTOGRAM_HEIGHT * chance / tallest
        x = 20 + step * count
        parts.append(
            f'<rect class="column" x="{x + step * 0.1:.1f}" y="{base - height:.2f}" width="{step * 0.8:.2f}" '
            f'height="{height:.2f}" fill="{COLOURS[side]}"><title>'
            f"{xml_text(language.render(message('{count} left: {share:.2%}', count=count, share=chance)))}"
            "</title></rect>"
        )
        if count % every == 0 or count == columns - 1:
            parts.append(_text(x + step / 2, base + 12, language.format_value(count), anchor="middle", size=9))
    parts.append(f'<line x1="20" y1="{base:.1f}" x2="{WIDTH - 20}" y2="{base:.1f}" stroke="#444" stroke-width="0.8"/>')
    parts.append("</g>")
    return parts


def render_battle_svg(scenario: Any, result: Any, language: AnswerLanguage = ENGLISH) -> str:
    """SVG text of a :class:`~adjudicator.battle.calculators.BattleResult`: outcome bars, survivors histograms.

    ``scenario`` is not needed: the result holds every figure drawn.
    """
    body: list[str] = ['<g class="outcomes">']
    y = 10.0
    body.append(_text(10, y + 12, language.render(message("Outcome")), size=12, extra=' font-weight="bold"'))
    y += 20
    span = WIDTH - LABEL_WIDTH - 70
    for kind, label, chance in _outcomes(result):
        body.append(f'<g class="outcome {kind}">')
        body.append(_text(LABEL_WIDTH - 6, y + 13, language.render(label), anchor="end"))
        body.append(
            f'<rect x="{LABEL_WIDTH}" y="{y:.1f}" width="{span}" height="{BAR_HEIGHT}" fill="#eee"/>'
            f'<rect class="bar" x="{LABEL_WIDTH}" y="{y:.1f}" width="{span * chance:.2f}" height="{BAR_HEIGHT}" '
            f'fill="{COLOURS[kind]}"/>'
        )
        share = language.format_value(chance, ".1%")
        body.append(_text(LABEL_WIDTH + span + 6, y + 13, share))
        body.append("</g>")
        y += BAR_HEIGHT + 6
    body.append("</g>")
    attacker_left, defender_left = in_game(result.game, ATTACKER_LEFT), in_game(result.game, DEFENDER_LEFT)
    for side, title, chances in (
        ("attacker", message(attacker_left), tuple(result.attacker_survivor_totals)),
        ("defender", message(defender_left), tuple(result.defender_survivor_totals)),
    ):
        if chances:
            body += _histogram(side, title, chances, y + 6, language)
            y += 6 + 24 + HISTOGRAM_HEIGHT + 18
    height = y + 6
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:.0f}" width="{WIDTH}" '
        f'height="{height:.0f}" role="img">'
    )
    heading = f"<title>{xml_text(language.render(message('Battle odds')))}</title>"
    return "\n".join([head, heading, *body, "</svg>"])
