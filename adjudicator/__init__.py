"""The adjudicator: pure calculators that settle rules questions and explain why.

Standard library only, no I/O: inputs and outputs are frozen dataclasses built
from plain data, so the same code runs under CPython 3.11+ and in a browser
(Pyodide). Every result carries a :class:`~adjudicator.trace.Trace` whose steps
cite the rule entries (by id, e.g. ``how.aktionsstapel``) they applied.
"""
