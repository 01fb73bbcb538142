"""The games' content plug-ins: what each game adds to the generic layers, one module per game.

Each module implements :class:`rulebook.content.plugins.GameContent` for one game and exports it
as ``CONTENT``; :func:`rulebook.content.plugins.game_contents` finds them. Only these modules (and
:mod:`rulebook.bench`) may import a game's adjudicator package.
"""
