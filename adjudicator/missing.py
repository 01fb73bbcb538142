"""Values a rule needs that the sources do not give: what is missing, what it means, where it comes from.

Several sources are supplements: the Operation WW2 2.0 changes (source ``004_…``)
give only the rows of a damage table they change, the strategic game's advanced
rules (source ``000_…``) only the unit values their examples show. A calculator
never invents such a value. Where it can answer without it (the chance that a
roll lands on a row the source does not print), it answers and lists the value
as a :class:`MissingValue`; the scenario field named there takes the value, and
the answer then uses it, marked as given by the scenario.

>>> from adjudicator.messages import message
>>> gap = MissingValue("base_rows", message("row 5"), message("the base rulebook"), "Base rows")
>>> gap.summary_message().text
'Not in the sources: row 5. It comes from the base rulebook; give it in the field “Base rows”.'
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.messages import Message, message

__all__ = ["MissingValue"]


@dataclass(frozen=True)
class MissingValue:
    """One value the answer would need that no source gives, and the scenario field that takes it."""

    field: str
    """The scenario field to give the value in (a dotted path)."""
    meaning: Message
    """What the value is, in the reader's language."""
    source: Message
    """Where a player finds it (the rulebook the source supplements)."""
    label: str
    """The field as the calculator form names it, a word marked :func:`~adjudicator.messages.N_` (the same words as
    the form's label of :attr:`field`): a reader is never shown the field's name."""

    def summary_message(self) -> Message:
        """The line an answer shows for it."""
        return message(
            "Not in the sources: {meaning}. It comes from {source}; give it in the field “{field}”.",
            meaning=self.meaning,
            source=self.source,
            field=self.label,
        )
