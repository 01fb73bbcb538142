"""JSON in, JSON out: the adjudicator's entry point for a browser page (Pyodide).

The page passes a calculator name and the scenario as JSON text and gets back
JSON text: either ``{"ok": true, "result": …, "summary": […]}`` (the result's plain
data, trace steps with their text, the answer in a few lines — in English, or in the
language of the catalog the page passes (:class:`~adjudicator.messages.AnswerLanguage` as
JSON, written by the site build from ``locales/<lang>/LC_MESSAGES/adjudicator.po``) — and for a
calculator that draws its answer (:attr:`~adjudicator.registry.Calculator.picture`,
e.g. the hex-map calculators and the battle odds) ``"svg"``, the picture, in the same language;
with ``"complete": false`` when the page asked for the first answer of a calculator whose
answer has parts that can wait, :attr:`~adjudicator.registry.Calculator.first`) or
``{"ok": false, "errors": [{"path", "message"}]}`` for a scenario that does not
validate — including one past a reading limit (:mod:`adjudicator.limits`). Any other
exception becomes such a refusal too, naming the calculator: the page always gets JSON, and
never ``NaN`` or ``Infinity``. A long computation tells a ``reporter`` how far it is
(:mod:`adjudicator.progress`): the page's worker passes its messages on. No I/O; standard library only.
"""

from __future__ import annotations

import json
from contextlib import nullcontext
from typing import Any

from adjudicator.errors import AdjudicatorError, ScenarioError, shown_value
from adjudicator.limits import json_integer, json_text_problems
from adjudicator.messages import ENGLISH, N_, AnswerLanguage, Message
from adjudicator.plain import InvalidScenario, to_plain
from adjudicator.progress import Reporter, reporting
from adjudicator.registry import Result, calculators, prepare

__all__ = ["answer", "calculator_names", "evaluate_json"]


def calculator_names() -> str:
    """JSON list of the registered calculators with their labels, titles and games."""
    return json.dumps(
        [
            {"name": c.name, "label": c.label, "title": c.title, "games": list(c.games)}
            for c in sorted(calculators().values(), key=lambda c: c.name)
        ]
    )


def _error(path: str, message: str) -> dict[str, str]:
    return {"path": path, "message": message}


def answer(result: Result, language: AnswerLanguage = ENGLISH) -> dict[str, Any]:
    """A result as the page and ``rulebook adjudicate --json`` show it: plain data and summary in ``language``.

    >>> from adjudicator.registry import run
    >>> chips = ("{count} Chip auf {values}", "{count} Chips auf {values}")
    >>> german = AnswerLanguage("de", {"{count} chip on {values}": chips})
    >>> answer(run("ipc-chips", {"ipc": 50}), german)["summary"]
    ['2 Chips auf 45 + 5']
    """
    return {
        "result": to_plain(result, language),
        "summary": [language.render(line) for line in result.summary_messages()],
    }


def evaluate_json(
    name: str,
    scenario_json: str,
    language_json: str | None = None,
    package: str | None = None,
    reporter: Reporter | None = None,
    first: bool = False,
) -> str:
    """Run calculator ``name`` on a JSON scenario; the answer as JSON text (never raises for bad input).

    ``language_json`` (:meth:`AnswerLanguage.to_json`) renders the summary and the trace steps'
    texts in that language; without it they are English. ``package`` names the package that
    registers the calculator (:func:`~adjudicator.registry.calculator_packages`): a page's
    first answer then imports that package only (see :func:`~adjudicator.registry.prepare`).
    ``reporter`` hears how far a long computation is (:func:`adjudicator.progress.reporting`).
    ``first=True`` asks for the answer without the parts that can wait, where the calculator has
    such parts (a battle's rounds): the page shows it, then asks for the whole answer, which takes up
    what the first one left (a battle's odds, :func:`~adjudicator.battle.calculators.evaluate_battle_first`).

    >>> print(json.loads(evaluate_json("no-such-calculator", "{}"))["errors"][0]["message"].split(";")[0])
    unknown calculator 'no-such-calculator'
    >>> json.loads(evaluate_json("no-such-calculator", "{"))["ok"]
    False
    >>> answer = json.loads(evaluate_json("ipc-chips", '{"ipc": 50}'))
    >>> answer["ok"], "svg" in answer, answer["result"]["trace"]["steps"][0]["rule"]
    (True, False, 'aa2.misc.ipc-above-45')
    >>> "complete" in json.loads(evaluate_json("ipc-chips", '{"ipc": 50}', first=True))  # no part waits
    False
    >>> battle = json.dumps({"game": "axis-and-allies-2e", "attacker": {"units": {"armor": 2}},
    ...                      "defender": {"units": {"infantry": 1}}})
    >>> early = json.loads(evaluate_json("battle", battle, first=True))
    >>> whole = json.loads(evaluate_json("battle", battle))
    >>> early["complete"], early["result"]["by_round"], "complete" in whole, len(whole["result"]["by_round"]) > 1
    (False, [], False, True)
    """
    language = ENGLISH
    try:
        # A catalog the page could not hand over is a fault too, reported in English.
        language = ENGLISH if language_json is None else AnswerLanguage.from_json(language_json)
        with reporting(reporter) if reporter is not None else nullcontext():
            return _evaluate(name, scenario_json, language, package, first)
    except Exception as error:  # noqa: BLE001 - the page's one promise: an answer, never an exception
        detail = shown_value(str(error)) if str(error) else type(error).__name__
        fault = Message(_CALCULATOR_FAULT, {"name": name, "error": f"{type(error).__name__}: {detail}"})
        return _refusal([_error("", language.render(fault))])


_CALCULATOR_FAULT = N_(
    "the calculator {name!r} could not answer this scenario ({error}); "
    "this is a fault of the calculator, not of the scenario: please report it with the scenario"
)


def _refusal(errors: list[dict[str, str]]) -> str:
    return json.dumps({"ok": False, "errors": errors}, ensure_ascii=False)


def _problems(problems: list[ScenarioError], language: AnswerLanguage) -> str:
    return _refusal([_error(problem.path, problem.detail_in(language)) for problem in problems])


def _evaluate(name: str, scenario_json: str, language: AnswerLanguage, package: str | None, first: bool) -> str:
    if not scenario_json.strip():
        return _problems(
            [ScenarioError("", "the scenario is empty: write the calculator's fields as a JSON mapping")], language
        )
    text_problems = json_text_problems(scenario_json)
    if text_problems:
        return _problems(text_problems, language)
    try:
        data: Any = json.loads(scenario_json, parse_int=json_integer)
    except json.JSONDecodeError as error:
        not_json = ScenarioError(
            "",
            "the scenario is not valid JSON: {reason} at line {line}, column {column}",
            reason=error.msg,
            line=error.lineno,
            column=error.colno,
        )
        return _problems([not_json], language)
    try:
        calculator, scenario = prepare(name, data, package)
        evaluate = calculator.first if first and calculator.first is not None else calculator.evaluate
        result = evaluate(scenario)
    except InvalidScenario as error:
        return _problems(error.errors, language)
    except ScenarioError as error:
        return _problems([error], language)
    except AdjudicatorError as error:
        return _refusal([_error("", str(error))])
    # "lang" tells the page which language the words came in (it marks them up with it).
    document: dict[str, Any] = {"ok": True, "lang": language.code, **answer(result, language)}
    if calculator.picture is not None:
        document["svg"] = calculator.picture(scenario, result, language)
    if evaluate is not calculator.evaluate:
        document["complete"] = False
    # No NaN or Infinity: they are not JSON, and the page's JSON.parse refuses them.
    return json.dumps(document, ensure_ascii=False, allow_nan=False)
