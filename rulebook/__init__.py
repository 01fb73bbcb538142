"""Rulebook: a multilingual rules reference for WWII games, with an adjudicator.

The package holds the content model (:mod:`rulebook.content.model`), the loader that
validates ``content/`` (:mod:`rulebook.content.load`) and the ``rulebook`` command line
(:mod:`rulebook.cli`).
"""

__version__ = "0.1.0"
