"""The Emperor: their powers (000 Player Shields lines 793-811)."""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..data import Ability, NexusUse
from ..prompt_key import PromptKey
from ..state import State
from ..variants.nexus_cards import nexus_revival
from . import emperor_kaitain as kaitain
from .base import CARD, Faction, NexusPlay, has, riding

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

    # --- hooks of any phase: Kaitain's standing word (001 4.10.12, homeworlds)

    def standing_prompts(self, state: State, asked: list[Prompt]) -> list[Prompt]:
        """Their discards at the end of the bidding, riding on a mail round in which they are
        asked anything, while Kaitain is in play (``emperor_kaitain``)."""
        return [kaitain.prompt(state, self.seat)] if riding(self.seat, asked) and (
            kaitain.offered(state, self.seat)) else []

    def standing_keys(self, state: State, asked: list[str]) -> list[str]:
        return [str(PromptKey(kaitain.KIND, self.seat))] if riding(self.seat, asked) and (
            kaitain.offered(state, self.seat)) else []

    def standing_decision(self, state: State, key: str, value: Any) -> list[Event]:
        return kaitain.given(state, self.seat, value)

    def phase_ends(self, state: State) -> list[Event]:
        """Kaitain's High side: the discards named, as the bidding round ends (4.10.12)."""
        return kaitain.bidding_ends(state, self.seat)
