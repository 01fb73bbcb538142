"""Unconditional Surrender!'s content plug-in: its ``rulebook hex-number`` command.

The command converts the printed hex numbers of a map (``map.numbering`` of a hex-map scenario, or
the options) to axial q, r and back, with :mod:`adjudicator.unconditional_surrender.numbering`, so
that a scenario can be written from the printed map.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import ClassVar

from rulebook.content.plugins import GameContent
from rulebook.errors import RulebookError

__all__ = ["CONTENT", "UnconditionalSurrenderContent", "command_hex_number"]


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
        hex_number.set_defaults(run=command_hex_number)


def command_hex_number(args: argparse.Namespace) -> int:
    """Convert printed hex numbers to axial q, r and back, by the numbering of a scenario's map or of the options."""
    from adjudicator.errors import ScenarioError
    from adjudicator.plain import InvalidScenario
    from adjudicator.unconditional_surrender.numbering import hex_number_answer
    from rulebook.adjudication.scenarios import read_scenario_file

    if args.scenario:
        board = read_scenario_file(Path(args.scenario)).get("map")
        numbering = board.get("numbering") if isinstance(board, dict) else None
        if not isinstance(numbering, dict):
            raise RulebookError(f"{args.scenario}: map.numbering: the scenario's map gives no numbering")
    else:
        numbering = {"scheme": args.scheme, "first_column": args.first_column, "first_row": args.first_row}
        numbering |= {"columns": args.columns, "prefix": args.prefix, "digits": args.digits}
    answers = []
    for value in args.hexes:
        axial = value.split(",")
        try:
            if len(axial) == 2:
                answers.append(hex_number_answer(numbering, (int(axial[0]), int(axial[1]))))
            else:
                answers.append(hex_number_answer(numbering, value))
        except ValueError as error:
            if not isinstance(error, (ScenarioError, InvalidScenario)):
                raise RulebookError(f"{value}: write a printed number (0812) or axial q,r (7,7)") from error
            raise RulebookError(f"{value}: {error}") from error
    for answer in answers:
        print(f"{answer['number']}\tq={answer['q']}\tr={answer['r']}")
    return 0


CONTENT: GameContent = UnconditionalSurrenderContent()
"""The plug-in :func:`rulebook.content.plugins.game_contents` finds."""
