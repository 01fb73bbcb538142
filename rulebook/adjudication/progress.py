"""The progress line of ``rulebook adjudicate``: how far a long computation is, on stderr; Ctrl-C stops it.

A legal scenario near the limits (``docs/limits.md``) can take many seconds: an exact battle of
a hundred units a side of several types, a Monte Carlo of millions of unit-runs. The command
runs the calculation (once the scenario is read and valid: a refusal stays one line per problem)
inside a :class:`ProgressLine`, which sets an
:func:`adjudicator.progress.reporting` reporter for the call and, from a thread of its own,
writes what the engine reported (or that it is still working, for a calculator that reports no
step) to **stderr** — never stdout, so ``--json`` prints the same document:

- nothing while the computation is younger than :data:`SHOWN_AFTER_SECONDS`;
- on a terminal, one line rewritten in place (:data:`TERMINAL_EVERY_SECONDS`), erased when the
  computation ends;
- elsewhere (a pipe, a log), a line at most every :data:`LOG_EVERY_SECONDS`.

Ctrl-C (``KeyboardInterrupt``) while it runs becomes :class:`Interrupted`: the command prints
its one line and exits with 130, as a shell reports a process ended by SIGINT.

>>> import io
>>> from adjudicator.messages import ENGLISH
>>> line = ProgressLine(io.StringIO(), "Battle odds", ENGLISH, terminal=False)
>>> line.due(0.5) is None, line.due(1.2)
(True, 'Battle odds: working, 1 s so far (Ctrl-C stops it)')
>>> line.hear(0.42)
>>> line.due(2.0) is None, line.due(6.3)
(True, 'Battle odds: 42% done, 6 s so far (Ctrl-C stops it)')
"""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from types import TracebackType
from typing import TextIO

from adjudicator.messages import AnswerLanguage, Message
from adjudicator.progress import PROGRESS_LINE, STOPPED_LINE, WORKING_LINE, reporting
from rulebook.errors import RulebookError

__all__ = [
    "LOG_EVERY_SECONDS",
    "SHOWN_AFTER_SECONDS",
    "TERMINAL_EVERY_SECONDS",
    "Interrupted",
    "ProgressLine",
]

SHOWN_AFTER_SECONDS = 1.0
"""A computation shorter than this shows no progress at all."""

TERMINAL_EVERY_SECONDS = 0.25
"""How often the line on a terminal is rewritten."""

LOG_EVERY_SECONDS = 5.0
"""The least time between two lines where stderr is not a terminal."""


class Interrupted(RulebookError):
    """The reader stopped the computation with Ctrl-C; the message says after how long, in their language."""

    exit_code = 130


class ProgressLine:
    """Shows on ``stream`` how far the computation run inside the ``with`` block is, once it takes long.

    ``label`` names the calculator in the reader's ``language``; ``terminal`` tells whether
    ``stream`` is one (the line is then rewritten in place). ``clock`` gives seconds.
    """

    def __init__(
        self,
        stream: TextIO,
        label: str,
        language: AnswerLanguage,
        *,
        terminal: bool,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.label = label
        self.language = language
        self.terminal = terminal
        self.clock = clock
        self.share: float | None = None
        """The last share the computation reported (``None``: none yet); set by the computation's thread."""
        self._started = clock()
        self._last_written: float | None = None
        self._shown = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._context = ExitStack()

    def hear(self, share: float) -> None:
        """The reporter: keeps the share; the writing is left to the line's thread (it costs the engine nothing)."""
        self.share = share

    def due(self, elapsed: float) -> str | None:
        """The line to write ``elapsed`` seconds into the computation, or ``None`` if none is due yet."""
        if elapsed < SHOWN_AFTER_SECONDS:
            return None
        every = TERMINAL_EVERY_SECONDS if self.terminal else LOG_EVERY_SECONDS
        if self._last_written is not None and elapsed - self._last_written < every:
            return None
        self._last_written = elapsed
        return self.text(elapsed)

    def text(self, elapsed: float, template: str | None = None) -> str:
        """The line for ``elapsed`` seconds: the share done if one was reported, else that it is working."""
        share = self.share
        chosen = template or (WORKING_LINE if share is None else PROGRESS_LINE)
        fields = {"calculator": self.label, "seconds": int(elapsed), "share": share or 0.0}
        return self.language.render(Message(chosen, fields))

    def interrupted(self) -> Interrupted:
        """The error that reports a Ctrl-C now."""
        return Interrupted(self.text(self.clock() - self._started, STOPPED_LINE))

    def __enter__(self) -> ProgressLine:
        self._started = self.clock()
        self._context.enter_context(reporting(self.hear))
        self._thread = threading.Thread(target=self._run, name="rulebook-progress", daemon=True)
        self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self._context.close()
        if self._shown and self.terminal:
            self.stream.write("\r\x1b[K")
            self.stream.flush()

    def _run(self) -> None:
        while not self._stop.wait(TERMINAL_EVERY_SECONDS):
            line = self.due(self.clock() - self._started)
            if line is None:
                continue
            if self.terminal:
                width = shutil.get_terminal_size().columns - 1
                self.stream.write("\r" + line[:width] + "\x1b[K")
            else:
                self.stream.write(line + "\n")
            self.stream.flush()
            self._shown = True
