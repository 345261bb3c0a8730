"""Richese, of the CHOAM & Richese expansion: their powers (001 2.10), text A by default and
text B (the Landsraad revision) with ``richese_revised``.

Basic (2.10.02-21): the cache and its auction (``richese_cache``), the No-Field tokens
(``richese_no_fields``), their ally's use of both.  Advanced (2.10.22-24): BLACK MARKET (A) or
DISRUPTED SUPPLY CHAIN (B).  Their Karama power (1.14.11) buys a cache card for 3 spice.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..data import Ability
from ..state import State, sheet
from . import richese_cache as cache
from .base import Faction, Offer, has

RICHESE = "richese"


class Richese(Faction):
    """Richese's hooks."""

    seat = RICHESE

    # --- hooks of bidding

    def offer_prompts(self, state: State) -> list[Prompt]:
        """DECLARED (2.10.06): the cache card they auction this round, how and when."""
        if not has(state, self.seat, Ability.RICHESE_AUCTION) or not cache.cache(state):
            return []
        return [cache.prompt(state, self.seat)]

    def offer_decision(self, state: State, kind: str, value: Any, rng: random.Random
                       ) -> tuple[list[Event], Offer | None]:
        assert kind == cache.KIND, kind
        return cache.offer(state, self.seat, value)

    def offer_unsold(self, state: State, offer: Offer) -> list[Event]:
        room = len(state["factions"][self.seat]["hand"]) < sheet(self.seat, state).hand_limit
        return cache.unsold(state, self.seat, offer, room)

    # --- hooks of the invariants

    def violations(self, state: State) -> list[str]:
        return cache.violations(state)

    # --- hooks of the views and reports

    def behind_shield(self, state: State) -> dict[str, Any]:
        """The cards of their cache (2.10.04: theirs to know; the others see how many)."""
        return {"cache": list(cache.cache(state))}
