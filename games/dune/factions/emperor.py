"""The Emperor: their powers (000 Player Shields lines 793-811)."""

from __future__ import annotations

import random

from pbem.game import Event

from ..data import Ability, NexusUse
from ..state import State
from ..variants.nexus_cards import nexus_revival
from .base import CARD, Faction, NexusPlay, has

NEXUS_REVIVAL = 3           # 001 4.03.07.04: "revive 3 additional Forces"


class Emperor(Faction):
    """The Emperor's hooks."""

    seat = "emperor"
    nexus_uses = {NexusUse.SECRET_ALLY: NexusPlay(
        "3 of your forces revived from the tanks free, beyond the revival limits, after your "
        "revival (001 4.03.07.04).", phases=("revival",))}

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.04, Secret Ally (its revival half): 3 forces more, free, in the Revival
        phase (ruling: after the holder's own revival, as the round is resolved)."""
        if use != NexusUse.SECRET_ALLY or not state["factions"][holder]["tanks"]:
            return None
        return nexus_revival(state, holder, NEXUS_REVIVAL, "Emperor Nexus card", use,
                             "001 4.03.07.04")

    # --- hooks of payments

    def receives(self, state: State, payment: str, payer: str) -> bool:
        """Others' spice for the cards they buy (line 804), not their own."""
        return (payment == CARD and payer != self.seat
                and has(state, self.seat, Ability.CARD_PAYMENTS))
