"""The Spacing Guild: their powers (000 Player Shields lines 843-867)."""

from __future__ import annotations

from ..data import Ability
from ..state import State
from .base import SHIPMENT, Faction, has


class Guild(Faction):
    """The Spacing Guild's hooks."""

    seat = "guild"

    # --- hooks of payments

    def receives(self, state: State, payment: str, payer: str) -> bool:
        """Others' spice for their shipments (Guild shield 3), not their own."""
        return (payment == SHIPMENT and payer != self.seat
                and has(state, self.seat, Ability.SHIPMENT_PAYMENTS))

    # --- hooks of collection, alliances and victory

    def default_victory_precedence(self) -> int | None:
        """Their default victory, with no condition, comes first (line 860; Q&A XXV.E.3, line
        700)."""
        return 1
