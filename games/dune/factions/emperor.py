"""The Emperor: their powers (000 Player Shields lines 793-811)."""

from __future__ import annotations

from ..data import Ability
from ..state import State
from .base import CARD, Faction, has


class Emperor(Faction):
    """The Emperor's hooks."""

    seat = "emperor"

    # --- hooks of payments

    def receives(self, state: State, payment: str, payer: str) -> bool:
        """Others' spice for the cards they buy (line 804), not their own."""
        return (payment == CARD and payer != self.seat
                and has(state, self.seat, Ability.CARD_PAYMENTS))
