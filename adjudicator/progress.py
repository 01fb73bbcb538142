"""How far a long computation is: what an engine reports of it, heard by whoever called it, if anyone.

A legal scenario near the limits (:mod:`adjudicator.limits`) can still take seconds: an exact
battle of a hundred units a side of several types, a Monte Carlo of millions of unit-runs. Such
an engine calls :func:`advance` now and then — per round, per group or level of states, per batch
of runs, never per state — with how much of the whole it has done. The caller that shows
progress (the CLI's progress line, the page's worker) sets a *reporter* for the duration of the
call with :func:`reporting`; the reporter receives the share done, from 0 to 1. Nobody listens
by default, and :func:`advance` then costs one :class:`~contextvars.ContextVar` lookup.

An engine made of parts gives each part its share with :func:`within`: what is reported inside
counts within that share of the whole. With no reporter set, :func:`within` does nothing either.

A reporter may raise: the exception leaves the engine through :func:`advance`, which stops the
computation (nothing an engine holds needs cleaning up). What a terminal shows of it is worded
here, as msgids of the ``adjudicator`` catalog (:data:`PROGRESS_LINE`, :data:`WORKING_LINE`,
:data:`STOPPED_LINE`, shown by ``rulebook adjudicate``). Standard library only, no I/O.

>>> heard = []
>>> with reporting(heard.append):
...     advance(1, 4)
...     with within(0.5, 1.0):
...         advance(1, 2)
>>> heard
[0.25, 0.75]
>>> advance(1, 2)  # nobody listens: nothing happens
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from adjudicator.messages import N_

__all__ = ["PROGRESS_LINE", "STOPPED_LINE", "WORKING_LINE", "Reporter", "advance", "reporting", "within"]

PROGRESS_LINE = N_("{calculator}: {share:.0%} done, {seconds} s so far (Ctrl-C stops it)")
"""What a terminal shows of a long computation that reports how far it is (``share`` from 0 to 1)."""

WORKING_LINE = N_("{calculator}: working, {seconds} s so far (Ctrl-C stops it)")
"""What a terminal shows of a long computation that has not reported how far it is."""

STOPPED_LINE = N_("{calculator}: stopped by Ctrl-C after {seconds} s; no answer")
"""What a terminal says when the reader stopped a computation."""

Reporter = Callable[[float], None]
"""Receives the share of the computation done, from 0 to 1 (never lower than the last it received)."""

_reporter: ContextVar[Reporter | None] = ContextVar("adjudicator_progress_reporter", default=None)


def advance(done: float, total: float) -> None:
    """Tell the reporter, if one is set, that ``done`` of ``total`` units of work are done.

    ``total`` of 0 or less counts as nothing done yet; ``done`` is clamped to ``total``.
    """
    reporter = _reporter.get()
    if reporter is not None:
        reporter(min(max(done / total, 0.0), 1.0) if total > 0 else 0.0)


@contextmanager
def reporting(reporter: Reporter) -> Iterator[None]:
    """Send what the computations run inside the block report to ``reporter``."""
    token = _reporter.set(_monotonic(reporter))
    try:
        yield
    finally:
        _reporter.reset(token)


@contextmanager
def within(start: float, stop: float) -> Iterator[None]:
    """Count what is reported inside the block as the share from ``start`` to ``stop`` of the whole.

    >>> heard = []
    >>> with reporting(heard.append), within(0.2, 0.4), within(0.5, 1.0):
    ...     advance(0, 1)
    ...     advance(1, 1)
    >>> [round(share, 6) for share in heard]
    [0.3, 0.4]
    """
    outer = _reporter.get()
    if outer is None:
        yield
        return
    token = _reporter.set(lambda share: outer(start + (stop - start) * share))
    try:
        yield
    finally:
        _reporter.reset(token)


def _monotonic(reporter: Reporter) -> Reporter:
    """``reporter``, told only of shares above the last it was told: parts that estimate differently never go back.

    >>> heard = []
    >>> tell = _monotonic(heard.append)
    >>> for share in (0.1, 0.3, 0.2, 0.3, 0.5):
    ...     tell(share)
    >>> heard
    [0.1, 0.3, 0.5]
    """
    last = -1.0

    def tell(share: float) -> None:
        nonlocal last
        if share > last:
            last = share
            reporter(share)

    return tell
