"""Tests of :mod:`rulebook.adjudication.progress`: the progress line of ``rulebook adjudicate`` and Ctrl-C.

The command's own behaviour is checked in a subprocess, on the exact sea battle of a hundred
units a side of ``rulebook bench battle`` (eleven unit types, submarines firing first at aircraft
they cannot hit: the general solver): it takes seven CPU seconds on this project's 2-core machine.
"""

from __future__ import annotations

import io
import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from adjudicator import progress
from adjudicator.messages import ENGLISH
from rulebook.adjudication.messages import load_language
from rulebook.adjudication.progress import LOG_EVERY_SECONDS, SHOWN_AFTER_SECONDS, ProgressLine
from rulebook.bench.battle import SEA_100
from tests.conftest import REPOSITORY

LONG_BATTLE = SEA_100
"""100 v 100, exact: seconds of computation, well within the limits."""

SECONDS = 300
"""Time the long battle may take on a loaded 2-core machine."""

PROGRESS = re.compile(r"Battle odds: (\d+)% done, (\d+) s so far \(Ctrl-C stops it\)")


def adjudicate(scenario: Path, *options: str) -> subprocess.Popen[str]:
    """``rulebook adjudicate battle`` on ``scenario`` in a subprocess, its stdout and stderr piped."""
    return subprocess.Popen(
        [sys.executable, "-m", "rulebook.cli", "adjudicate", "battle", "--scenario", str(scenario), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPOSITORY,
    )


class TestProgressLine:
    def test_nothing_is_due_before_a_second(self) -> None:
        """A quick computation shows nothing."""
        line = ProgressLine(io.StringIO(), "Battle odds", ENGLISH, terminal=True)
        assert line.due(SHOWN_AFTER_SECONDS - 0.01) is None

    def test_a_log_gets_a_line_every_few_seconds_at_most(self) -> None:
        """Where stderr is no terminal, lines come at least LOG_EVERY_SECONDS apart."""
        line = ProgressLine(io.StringIO(), "Battle odds", ENGLISH, terminal=False)
        times = [1.0 + 0.25 * tick for tick in range(60)]
        written = [elapsed for elapsed in times if line.due(elapsed) is not None]
        assert written[0] == 1.0
        assert all(later - earlier >= LOG_EVERY_SECONDS for earlier, later in zip(written, written[1:]))
        assert len(written) == 3

    def test_a_terminal_line_is_rewritten_often(self) -> None:
        """On a terminal every tick rewrites the line."""
        line = ProgressLine(io.StringIO(), "Battle odds", ENGLISH, terminal=True)
        assert all(line.due(1.0 + 0.25 * tick) is not None for tick in range(8))

    def test_the_line_says_the_share_in_the_readers_language(self) -> None:
        """The share the engine reported, with the locale's percent sign; the words from the catalog."""
        german = load_language(REPOSITORY / "locales", "de")
        line = ProgressLine(io.StringIO(), "Kampfchancen", german, terminal=False)
        assert line.text(3.7) == "Kampfchancen: wird berechnet, bisher 3 s (Strg+C bricht ab)"
        line.hear(0.425)
        assert line.text(12.2) == "Kampfchancen: 42\u00a0% berechnet, bisher 12 s (Strg+C bricht ab)"

    def test_the_line_listens_to_the_computation_inside_its_block(self) -> None:
        """Inside the block the engine's reports reach the line; after it, nothing does."""
        line = ProgressLine(io.StringIO(), "Battle odds", ENGLISH, terminal=False)
        with line:
            progress.advance(1, 4)
        progress.advance(3, 4)
        assert line.share == 0.25

    def test_a_terminal_line_is_erased_at_the_end(self) -> None:
        """On a terminal the line is written with a carriage return and erased when the block ends."""
        stream = io.StringIO()
        ticks = iter([0.0, 0.0])  # made, entered; later ticks 5 s on
        line = ProgressLine(stream, "Battle odds", ENGLISH, terminal=True, clock=lambda: next(ticks, 5.0))
        with line:
            progress.advance(1, 2)
            deadline = time.monotonic() + 10
            while not stream.getvalue() and time.monotonic() < deadline:
                time.sleep(0.05)  # the line's thread writes within a tick
        text = stream.getvalue()
        assert text.startswith("\rBattle odds: 50% done, 5 s so far (Ctrl-C stops it)\x1b[K")
        assert text.endswith("\r\x1b[K") and "\n" not in text


class TestCommand:
    def test_a_long_computation_shows_progress_on_stderr_only(self, tmp_path: Path) -> None:
        """Lines of growing shares on stderr (not a terminal: a few seconds apart); stdout is the JSON answer."""
        scenario = tmp_path / "battle.json"
        scenario.write_text(json.dumps(LONG_BATTLE), encoding="utf-8")
        run = adjudicate(scenario, "--json")
        out, err = run.communicate(timeout=SECONDS)
        assert run.returncode == 0, err
        lines = err.splitlines()
        assert lines, "no progress shown"
        matches = [PROGRESS.fullmatch(line) for line in lines]
        assert all(matches), lines
        shares = [int(match.group(1)) for match in matches if match]
        seconds = [int(match.group(2)) for match in matches if match]
        assert shares == sorted(shares) and seconds == sorted(seconds) and seconds[0] >= 1
        answer = json.loads(out)
        assert answer["method"] == "exact" and answer["summary"]
        assert "%" not in out.split('"summary"')[0] and "Ctrl-C" not in out

    def test_a_quick_computation_shows_nothing(self, tmp_path: Path) -> None:
        """A battle answered at once writes nothing to stderr."""
        scenario = tmp_path / "battle.json"
        small = {**LONG_BATTLE, "attacker": {"units": {"battleship": 1}}, "defender": {"units": {"submarine": 1}}}
        scenario.write_text(json.dumps(small), encoding="utf-8")
        run = adjudicate(scenario, "--json")
        out, err = run.communicate(timeout=SECONDS)
        assert (run.returncode, err) == (0, "")
        assert json.loads(out)["method"] == "exact"

    def test_ctrl_c_ends_it_with_one_line_and_exit_130(self, tmp_path: Path) -> None:
        """SIGINT while it computes: exit 130, one line naming the calculator and the time, no traceback, no stdout."""
        scenario = tmp_path / "battle.json"
        scenario.write_text(json.dumps(LONG_BATTLE), encoding="utf-8")
        run = adjudicate(scenario, "--json", "--lang", "nl")
        assert run.stderr is not None
        first = run.stderr.readline()  # the computation is under way once it shows its progress
        run.send_signal(signal.SIGINT)
        out, rest = run.communicate(timeout=SECONDS)
        assert run.returncode == 130
        assert out == ""
        assert "klaar" in first
        assert re.fullmatch(
            r"rulebook adjudicate: Gevechtskansen: na \d+ s gestopt met Ctrl\+C; geen antwoord\n", rest
        ), rest
