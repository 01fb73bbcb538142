"""Unconditional Surrender!'s content plug-in: its ``rulebook hex-number`` command.

The command converts the printed hex numbers of a map (``map.numbering`` of a hex-map scenario, or
the options) to axial q, r and back, with :mod:`adjudicator.unconditional_surrender.numbering`, so
that a scenario can be written from the printed map.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from rulebook.adjudication.messages import add_language_options
from rulebook.content.plugins import GameContent
from rulebook.errors import RulebookError

if TYPE_CHECKING:
    from adjudicator.errors import ScenarioError

__all__ = ["CONTENT", "UnconditionalSurrenderContent", "command_hex_number"]

Answer = TypeVar("Answer")


class UnconditionalSurrenderContent(GameContent):
    """Unconditional Surrender! adds the ``hex-number`` command."""

    # The id written out, not imported from adjudicator.unconditional_surrender: every rulebook command
    # would import that whole package at start-up (tests/rulebook/content/test_plugins.py checks the two agree).
    game: ClassVar[str] = "unconditional-surrender"

    def add_commands(self, commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        """``rulebook hex-number HEX… [--scenario FILE | numbering options]``."""
        hex_number = commands.add_parser(
            "hex-number", help="printed hex numbers to axial q,r and back (Unconditional Surrender! map.numbering)"
        )
        hex_number.add_argument("hexes", nargs="+", metavar="HEX", help="a printed number (0812) or axial q,r (7,7)")
        hex_number.add_argument("--scenario", metavar="FILE", help="take the numbering of this scenario's map")
        hex_number.add_argument(
            "--scheme", default="ccrr", choices=("ccrr", "rrcc"), help="column then row, or rows first"
        )
        hex_number.add_argument("--first-column", type=int, default=1, help="number of the first column (axial q=0)")
        hex_number.add_argument("--first-row", type=int, default=1, help="number of the first row (axial r=0 there)")
        hex_number.add_argument(
            "--columns", default="odd-q", choices=("odd-q", "even-q"), help="which columns sit half a hex lower"
        )
        hex_number.add_argument("--prefix", default="", help="letters before the digits, such as a map letter")
        hex_number.add_argument("--digits", type=int, default=2, help="digits of each part (2 for 0812)")
        add_language_options(hex_number, "the problems")
        hex_number.set_defaults(run=command_hex_number)


def command_hex_number(args: argparse.Namespace) -> int:
    """Convert printed hex numbers to axial q, r and back, by the numbering of a scenario's map or of the options.

    Every problem is said at once, in ``--lang``: the numbering's (by the option, or by the field of the
    scenario's map), else each hex's that does not fit it.
    """
    from adjudicator.errors import ScenarioError
    from adjudicator.plain import REQUIRED_FIELD_MISSING, from_plain
    from adjudicator.unconditional_surrender.numbering import HexNumbering, hex_number_of_text
    from rulebook.adjudication.messages import load_language

    language = load_language(Path(args.locales), args.lang)
    numbering = _numbering(args)
    if numbering is None:
        wrong = [ScenarioError("numbering", REQUIRED_FIELD_MISSING)]
    else:
        _, wrong = _attempt(partial(from_plain, HexNumbering, numbering, "numbering"))
    if wrong:
        raise RulebookError("\n".join(f"{_numbering_field(args, p.path)}: {p.detail_in(language)}" for p in wrong))
    answers: list[dict[str, Any]] = []
    problems: list[str] = []
    for value in args.hexes:
        answer, wrong = _attempt(partial(hex_number_of_text, numbering, value))
        answers += [answer] if answer is not None else []
        problems += [f"{value}: {problem.detail_in(language)}" for problem in wrong]
    if problems:
        raise RulebookError("\n".join(problems))
    for answer in answers:
        print(f"{answer['number']}\tq={answer['q']}\tr={answer['r']}")
    return 0


def _numbering(args: argparse.Namespace) -> Any:
    """The numbering of the scenario's map as written (``--scenario``; ``None`` if it gives none), else the options'."""
    from rulebook.adjudication.scenarios import read_scenario_file

    if not args.scenario:
        options = {"scheme": args.scheme, "first_column": args.first_column, "first_row": args.first_row}
        return options | {"columns": args.columns, "prefix": args.prefix, "digits": args.digits}
    board = read_scenario_file(Path(args.scenario)).get("map")
    return board.get("numbering") if isinstance(board, dict) else None


def _numbering_field(args: argparse.Namespace, path: str) -> str:
    """Where a numbering's problem is: the field of the scenario's map, or the option that gave it.

    >>> _numbering_field(argparse.Namespace(scenario="us.yaml"), "numbering.first_row")
    'us.yaml: map.numbering.first_row'
    >>> _numbering_field(argparse.Namespace(scenario=None), "numbering.first_row")
    '--first-row'
    """
    if args.scenario:
        return f"{args.scenario}: map.{path}"
    return "--" + path.removeprefix("numbering.").replace("_", "-")


def _attempt(call: Callable[[], Answer]) -> tuple[Answer | None, list[ScenarioError]]:
    """What ``call`` answers, or ``None`` and every problem it found with its input."""
    from adjudicator.errors import ScenarioError
    from adjudicator.plain import InvalidScenario

    try:
        return call(), []
    except InvalidScenario as invalid:
        return None, invalid.errors
    except ScenarioError as problem:
        return None, [problem]


CONTENT: GameContent = UnconditionalSurrenderContent()
"""The plug-in :func:`rulebook.content.plugins.game_contents` finds."""
