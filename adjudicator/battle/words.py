"""The words a dice battle counts its units in, in each game's own word.

The same English serves both games that fight dice battles, but a language may name their
units apart: the Russian pages of Axis & Allies (source ``003_…``) say «юнит», those of the
Hungarian strategic game (source ``000_…``) «подразделение». So each word of a battle that
counts units has a second msgid for the strategic game, the same English with the context
``battle of the strategic game`` (:func:`~adjudicator.messages.N_context`); :func:`in_game`
picks the game's. Both msgids are written out here, so that the catalogs' extractor finds them.

>>> in_game("strategic-europe", UNITS) != in_game("axis-and-allies-2e", UNITS) == UNITS["axis-and-allies-2e"]
True
>>> in_game("strategic-europe", BY_ROUND_WITH_COSTS) == BY_ROUND_WITH_COSTS["axis-and-allies-2e"]
True
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.messages import N_, N_context

__all__ = [
    "ATTACKER_LEFT",
    "BY_ROUND",
    "BY_ROUND_WITH_COSTS",
    "DEFENDER_LEFT",
    "EACH_ROUND_ROLLS",
    "EXACT_ODDS_FOLLOW",
    "EXACT_ODDS_FOLLOW_COMPOSITIONS",
    "EXACT_UNIT_TYPES",
    "MONTE_CARLO_WORK",
    "UNITS",
    "UNIT_TYPES",
    "in_game",
]

_AA = "axis-and-allies-2e"
_SE = "strategic-europe"

UNITS = {
    _AA: N_context("units of a side in a dice battle", "units"),
    _SE: N_context("battle of the strategic game", "units"),
}
"""What a battle's size is counted in."""
UNIT_TYPES = {_AA: N_("unit types"), _SE: N_context("battle of the strategic game", "unit types")}
EXACT_ODDS_FOLLOW = {
    _AA: N_(
        "the exact odds follow every state of both sides, which takes minutes and gigabytes past it: "
        "use method: monte-carlo (simulated battles, up to {limit} units a side), or fewer units"
    ),
    _SE: N_context(
        "battle of the strategic game",
        "the exact odds follow every state of both sides, which takes minutes and gigabytes past it: "
        "use method: monte-carlo (simulated battles, up to {limit} units a side), or fewer units",
    ),
}
EXACT_ODDS_FOLLOW_COMPOSITIONS = {
    _AA: N_(
        "the exact odds of this battle follow every composition of both sides (hits that cannot fall on aircraft "
        "meet aircraft) or play a battle for each outcome of the anti-aircraft gun's shot, which takes minutes past "
        "it; where every hit can fall on any unit and no anti-aircraft gun fires, they take up to {loss_limit} units "
        "a side: use method: monte-carlo (simulated battles, up to {limit} units a side), or fewer units"
    ),
    _SE: N_context(
        "battle of the strategic game",
        "the exact odds of this battle follow every composition of both sides (hits that cannot fall on aircraft "
        "meet aircraft), which takes minutes past it; where every hit can fall on any unit, they take up to "
        "{loss_limit} units a side: use method: monte-carlo (simulated battles, up to {limit} units a side), or "
        "fewer units",
    ),
}
"""Past :data:`~adjudicator.limits.EXACT_BATTLE_UNITS_PER_SIDE` where the states are not loss counts (the strategic
game has no anti-aircraft gun)."""
EXACT_UNIT_TYPES = {
    _AA: N_("each unit type multiplies the side's states in exact odds: use method: monte-carlo, or fewer unit types"),
    _SE: N_context(
        "battle of the strategic game",
        "each unit type multiplies the side's states in exact odds: use method: monte-carlo, or fewer unit types",
    ),
}
EACH_ROUND_ROLLS = {
    _AA: N_("each round rolls every die: use fewer units"),
    _SE: N_context("battle of the strategic game", "each round rolls every die: use fewer units"),
}
MONTE_CARLO_WORK = {
    _AA: N_(
        "times the units of both sides ({units}) must be at most {limit}, the limit (each run rolls every "
        "unit's dice): ask for at most {runs} runs"
    ),
    _SE: N_context(
        "battle of the strategic game",
        "times the units of both sides ({units}) must be at most {limit}, the limit (each run rolls every "
        "unit's dice): ask for at most {runs} runs",
    ),
}
ATTACKER_LEFT = {
    _AA: N_("Attacker: units left"),
    _SE: N_context("battle of the strategic game", "Attacker: units left"),
}
DEFENDER_LEFT = {
    _AA: N_("Defender: units left"),
    _SE: N_context("battle of the strategic game", "Defender: units left"),
}
BY_ROUND = {
    _AA: N_(
        "Round by round: the chance that the battle is still on after the round, and each side's expected units left"
    ),
    _SE: N_context(
        "battle of the strategic game",
        "Round by round: the chance that the battle is still on after the round, and each side's expected units left",
    ),
}
BY_ROUND_WITH_COSTS = {
    _AA: N_(
        "Round by round: the chance that the battle is still on after the round, and each side's expected units "
        "left, their cost in brackets"
    ),
}
"""Only Axis & Allies gives its units costs."""


def in_game(game: str, words: Mapping[str, str]) -> str:
    """The msgid of ``words`` for ``game``, Axis & Allies' where the game has none of its own."""
    return words.get(game, words[_AA])
