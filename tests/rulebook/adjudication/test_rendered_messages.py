"""Every message of the adjudicator catalog rendered in every language, as a reader sees it.

A template is reviewed as the sentence it becomes, not as a template: each msgid of
``locales/adjudicator.pot`` is filled with values of its fields' types — the values a worked
example really passes where one says it (every example is run and its steps' and summary
lines' fields collected), else a value the same field name takes in another message, else a
sample chosen by the field's format spec and name — and rendered in each language's catalog.
The renderings are written to ``build/rendered-messages/<lang>.txt``, one sentence per line
with its msgid beside it, for a person to read beside the rule pages. The test asserts that
every message renders (no missing field, no wrong value type) and leaves no ``{`` or ``}``
that its English rendering does not have.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from adjudicator.messages import AnswerLanguage, Message, MessageList
from adjudicator.registry import run
from adjudicator.trace import Step
from rulebook.adjudication.catalog import runnable_scenario
from rulebook.adjudication.messages import load_language
from rulebook.content.model import LANGUAGES, Corpus
from tests.conftest import REPOSITORY
from tests.rulebook.adjudication.test_problem_messages import found_problems

LOCALES = REPOSITORY / "locales"
REVIEW_DIR = REPOSITORY / "build" / "rendered-messages"

COUNTS_SHOWN = (1, 3, 5)
"""The counts a plural message is rendered with: singular, and the other forms of ru (3 few, 5 many)."""

SAMPLE_WORDS = {
    "unit": "infantry",
    "units": "infantry",
    "attacker": "attacker",
    "defender": "defender",
    "side": "attacker",
    "weather": "snow",
    "terrain": "clear",
    "season": "spring",
    "player": "Anna",
    "card": "Radarstation",
    "target": "Radarstation",
    "hex": "A1",
    "country": "Germany",
    "nation": "Germany",
    "declarer": "Germany",
    "nations": "Germany",
    "who": "infantry",
    "word": "infantry",
    "role": "TÉ",
    "ability": "draw",
    "assemblies": "Panzermontage",
    "technology": "jet-fighters",
    "aircraft": 3,
}
"""A field's sample by name, where no worked example and no other message gives that field a value:
words the catalogs translate (so a placeholder that must agree with its neighbours shows it) or names."""

INTEGER_NAMES = frozenset(
    {
        "count",
        "n",
        "number",
        "cost",
        "tw",
        "ipcs",
        "round",
        "rounds",
        "value",
        "roll",
        "cm",
        "max",
        "total",
        "hits",
        "runs",
        "seed",
        "surplus",
        "lines",
    }
)
"""Field names whose sample is an integer when nothing else says (a count selects a plural form)."""


@dataclass(frozen=True)
class Rendering:
    """One message rendered: its msgid, the count used for a plural (or None) and the sentence."""

    msgid: str
    count: int | None
    text: str


def _messages(value: Any) -> Iterator[Message]:
    """Every step and message of a result (nested ones included) as a :class:`Message`."""
    if isinstance(value, Step):
        yield value.message
        yield from _messages(value.params)
    elif isinstance(value, Message):
        yield value
        yield from _messages(value.params)
    elif isinstance(value, MessageList):
        for item in value.items:
            yield from _messages(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _messages(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _messages(item)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from _messages(getattr(value, name))


def _example_params(corpus: Corpus) -> tuple[dict[str, dict[str, Any]], dict[str, list[Any]]]:
    """From every worked example, and from the problems of the worked examples changed field by field
    (:func:`~tests.rulebook.adjudication.test_problem_messages.found_problems`): msgid → the fields of its
    first use, and field name → the values it took (the first of each kind: a word or message, an integer,
    another number)."""
    by_template: dict[str, dict[str, Any]] = {}
    by_field: dict[str, list[Any]] = {}
    said: list[Message] = [problem.problem for _, problem in found_problems().values()]
    for example in corpus.examples:
        result = run(example.calculator, runnable_scenario(example, corpus))
        said += [*_messages(result), *_messages(result.summary_messages())]
    for message in said:
        for shown in [message, *_messages(message.params)]:
            by_template.setdefault(shown.template, dict(shown.params))
            for name, value in shown.params.items():
                seen = by_field.setdefault(name, [])
                if all(_kind(other) != _kind(value) for other in seen):
                    seen.append(value)
    return by_template, by_field


def _fields(template: str) -> dict[str, str]:
    """The template's field names with their format specs."""
    found: dict[str, str] = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None and name != "":
            found.setdefault(name.split(".")[0].split("[")[0], spec or "")
    return found


def _kind(value: Any) -> str:
    """A value's kind for sampling: ``int``, ``number`` (another number) or ``word`` (text, a message, the rest)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "word"
    return "int" if isinstance(value, int) else "number"


def _sample(name: str, spec: str, by_field: dict[str, list[Any]]) -> Any:
    """A value of the field's type: what a worked example gave that field name if it fits the spec."""
    counted = name in INTEGER_NAMES or name.endswith("count")
    if spec.endswith("d"):
        wanted: tuple[str, ...] = ("int",)
    elif spec and spec[-1] in "efg%n":
        wanted = ("number", "int")
    else:
        wanted = ("int", "word", "number") if counted else ("word", "int", "number")
    seen = by_field.get(name, [])
    for kind in wanted:
        for value in seen:
            if _kind(value) == kind:
                return value
    if wanted[0] == "int":
        return 3
    if wanted[0] == "number":
        return 0.375
    return SAMPLE_WORDS.get(name, name.upper())


def _sample_params(template: str, given: dict[str, Any] | None, by_field: dict[str, list[Any]]) -> dict[str, Any]:
    """The example's own fields for ``template`` where it has them, the others sampled."""
    params = dict(given or {})
    for name, spec in _fields(template).items():
        if name not in params:
            params[name] = _sample(name, spec, by_field)
    return params


def _catalog_messages() -> list[tuple[str, str | None, str | None]]:
    """Each msgid of the .pot as (singular, plural or None, count field or None)."""
    with (LOCALES / "adjudicator.pot").open("rb") as handle:
        entries = [entry for entry in read_po(handle) if entry.id]
    found: list[tuple[str, str | None, str | None]] = []
    for entry in entries:
        if isinstance(entry.id, str):
            found.append((entry.id, None, None))
        else:
            singular, plural = entry.id[0], entry.id[1]
            fields = _fields(plural)
            count = "count" if "count" in fields else next(iter(fields), "count")
            found.append((singular, plural, count))
    return found


def render_all(
    language: AnswerLanguage, by_template: dict[str, dict[str, Any]], by_field: dict[str, list[Any]]
) -> list[Rendering]:
    """Every catalog message rendered in ``language`` (a plural once per count of :data:`COUNTS_SHOWN`)."""
    renderings: list[Rendering] = []
    for singular, plural, count_field in _catalog_messages():
        params = _sample_params(plural or singular, by_template.get(singular), by_field)
        if plural is None:
            renderings.append(Rendering(singular, None, language.render(Message(singular, params))))
            continue
        assert count_field is not None
        for count in COUNTS_SHOWN:
            shown = Message(singular, {**params, count_field: count}, plural, count_field)
            renderings.append(Rendering(singular, count, language.render(shown)))
    return renderings


def _review_text(renderings: list[Rendering]) -> str:
    """One rendered sentence per line, its msgid (and the count, for a plural) beside it."""
    lines = []
    for item in renderings:
        where = item.msgid if item.count is None else f"{item.msgid}  [count={item.count}]"
        lines.append(f"{item.text}\t⟵ {where}")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def example_params(real_corpus: Corpus) -> tuple[dict[str, dict[str, Any]], dict[str, list[Any]]]:
    """The fields the worked examples pass, collected once for every language."""
    return _example_params(real_corpus)


def test_the_worked_examples_fill_most_messages(
    example_params: tuple[dict[str, dict[str, Any]], dict[str, list[Any]]],
) -> None:
    """Most msgids are rendered with the values a worked example (or a problem found in one) really passes."""
    by_template, _ = example_params
    ids = {singular for singular, _, _ in _catalog_messages()}
    assert len(ids & set(by_template)) > 0.4 * len(ids)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_renders_in_every_language(
    lang: str, example_params: tuple[dict[str, dict[str, Any]], dict[str, list[Any]]]
) -> None:
    """Each message renders with sample values in ``lang`` (no missing field, no leftover brace), and the
    renderings are written to ``build/rendered-messages/<lang>.txt`` for review."""
    by_template, by_field = example_params
    language = load_language(LOCALES, lang)
    english = {(r.msgid, r.count): r.text for r in render_all(load_language(LOCALES, "en"), by_template, by_field)}
    renderings = render_all(language, by_template, by_field)
    leftover = [
        f"{r.msgid!r}: {r.text!r}"
        for r in renderings
        if ("{" in r.text or "}" in r.text)
        and not ("{" in english[r.msgid, r.count] or "}" in english[r.msgid, r.count])
    ]
    assert leftover == []
    assert len(renderings) >= len(_catalog_messages())
    REVIEW_DIR.mkdir(parents=True, exist_ok=True)
    review = REVIEW_DIR / f"{lang}.txt"
    review.write_text(_review_text(renderings), encoding="utf-8")
    written = review.read_text(encoding="utf-8").splitlines()
    assert len(written) == len(renderings) and all("\t⟵ " in line for line in written)


def test_a_sample_fits_its_format_spec() -> None:
    """A field formatted as a number gets a number, a count an integer, a word a word the catalogs know."""
    assert _sample("share", ".1%", {}) == 0.375
    assert _sample("delta", "+d", {"delta": ["x"]}) == 3
    assert _sample("count", "", {}) == 3
    assert _sample("unit", "", {}) == "infantry"
    assert _sample("unit", "", {"unit": [2.5, "armor"]}) == "armor"
    assert _sample("attacker", ".2f", {"attacker": ["Me110E", 2.5]}) == 2.5


def test_review_text_puts_the_msgid_beside_each_sentence(tmp_path: Path) -> None:
    """A review line is the rendered sentence, a tab, an arrow and the msgid (with its count for a plural)."""
    text = _review_text([Rendering("{count} hit", 3, "3 Treffer"), Rendering("Why:", None, "Warum:")])
    assert text == "3 Treffer\t⟵ {count} hit  [count=3]\nWarum:\t⟵ Why:\n"
