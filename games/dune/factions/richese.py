"""Richese, of the CHOAM & Richese expansion: their powers (001 2.10), text A by default and
text B (the Landsraad revision) with ``richese_revised``.

Basic (2.10.02-21): the cache and its auction (``richese_cache``), the No-Field tokens
(``richese_no_fields``), their ally's use of both, their bar to the
Fremen's special victory (2.10.19).  Advanced (2.10.22-24): BLACK MARKET (A) or DISRUPTED SUPPLY
CHAIN (B) (``richese_black_market``, ``richese_supply``).  Their Karama power (1.14.11) buys a
cache card for 3 spice.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..board import homeworlds
from ..cards import nullentropy_box
from ..codes import EventCode
from ..data import Ability, NexusUse
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, ally_of, data, sheet
from ..variants.nexus_cards import (
    BEFORE_SHIPMENT,
    FIVE_AS_ONE,
    NO_FIELD_SHIPPED,
    SALE,
    lend,
    played,
    set_at,
)
from . import richese_black_market as black_market
from . import richese_cache as cache
from . import richese_no_fields as no_fields
from . import richese_supply as supply
from .base import CARD, Faction, NexusPlay, Offer, hand_limit, has

RICHESE = "richese"


class Richese(Faction):
    """Richese's hooks."""

    seat = RICHESE
    nexus_uses = {NexusUse.BETRAYAL: NexusPlay(
        "set now: at the next sale of a Richese cache card by auction, the card discarded "
        "unpaid if Richese buy it, else its price paid to the bank (or the Emperor) and not to "
        "Richese, their Alternate Income cancelled (001 4.03.07.11).", at=SALE),
        # Cunning: "When using ability No-Field use two No-Field tokens.  The first token is
        # Revealed immediately" (set ahead, carried out by ``token_shipped``)
        NexusUse.CUNNING: NexusPlay(
        "set now: your next No-Field shipment takes a second No-Field of your supply, the "
        "highest, revealed at once in front of your shield with its forces from your reserve; "
        "the one your order names lands face down (001 4.03.07.11, 2.10.14).",
        at=NO_FIELD_SHIPPED),
        NexusUse.SECRET_ALLY: NexusPlay(
        "until the end of this turn's Shipment and Movement, a shipment of up to 5 of your "
        "forces from reserves costs what 1 would (001 4.03.07.11).", phases=BEFORE_SHIPMENT),
        NexusUse.NAMED: NexusPlay(
        "NULLENTROPY BOX: 2 spice to the bank, and the card you name (not a Nullentropy Box) "
        "taken from the treachery discard pile into your hand, if it has room; the pile "
        "shuffled and laid face up again (001 4.03.07.11, text B).", CARD)}

    def nexus_targets(self, state: State, use: NexusUse, holder: str) -> list[str]:
        """NULLENTROPY BOX: the cards of the discard pile (face up) but a Nullentropy Box,
        where the holder has the spice and room in its hand."""
        if use != NexusUse.NAMED:
            return super().nexus_targets(state, use, holder)
        own = state["factions"][holder]
        if own["spice"] < nullentropy_box.PRICE or len(own["hand"]) >= hand_limit(state, holder):
            return []
        return nullentropy_box.searchable(state)

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.11, Secret Ally: "Instead of a normal Shipment, you may ship up to 5 of
        your Forces from reserves as if shipping 1" (ruling: played before the holder's
        shipment, in a round before Shipment and Movement, as the Guild card's; its shipment
        from reserves that turn priced so, ``variants.shipped_as_one``)."""
        if use == NexusUse.NAMED:           # 001 4.03.07.11 (B): NULLENTROPY BOX
            return self._searched(state, holder, target, rng)
        if use == NexusUse.BETRAYAL:
            return [Event(EventCode.NEXUS_SALE_BETRAYED, {
                "faction": self.seat, "holder": holder, "buyer": target,
                "discarded": target == self.seat})]
        if use != NexusUse.SECRET_ALLY:
            return None
        return lend(state, holder, (FIVE_AS_ONE,), "movement", "Richese Nexus card", use,
                    "001 4.03.07.11",
                    "a shipment of up to 5 forces from reserves at the price of 1")

    def _searched(self, state: State, holder: str, name: str | None, rng: random.Random
                  ) -> list[Event] | None:
        """001 4.03.07.11, text B: "Play at any time. Pay 2 spice to the Spice Bank, then take
        the Treachery Card discard pile and secretly search it for any card (other than a
        Nullentropy Box), add it to your hand. Shuffle the discard pile afterward and then
        return it face up" (the cache card's search, 3.03.06, without the card discarded on
        top; ruling: only into a hand with room, 1.02.04's limit).  The table learns that a
        card was taken, the holder which; None (the card kept) where it cannot be had."""
        own = state["factions"][holder]
        if (name is None or len(own["hand"]) >= hand_limit(state, holder)
                or not nullentropy_box.search(state, holder, name, rng)):
            return None
        return [Event(EventCode.NEXUS_NULLENTROPY, {"faction": holder,
                                                    "spice": nullentropy_box.PRICE}),
                Event(EventCode.NULLENTROPY_CARD, {"card": name}, to=(holder,))]

    decision_kinds = frozenset({cache.KIND, cache.KARAMA_KIND, no_fields.START_KIND,
                                supply.KIND, black_market.KIND})

    # --- their own decisions

    def decisions(self, state: State, phase: str) -> list[Prompt]:
        """Text B's set-up (2.10.03 B): a No-Field in the Polar Sink, in the first round.
        DECLARED (2.10.06): the cache card they auction this round, how and when, while the
        bidding round waits for their offer; with it, their Karama power (1.14.11), and text
        B's DISRUPTED SUPPLY CHAIN (2.10.22 B, advanced) or text A's BLACK MARKET (2.10.22-24
        A, advanced; optional: nobody waits for it)."""
        if phase == "setup":
            return ([no_fields.start_prompt(state, self.seat)]
                    if self._starts_with_no_field(state) else [])
        if phase != "bidding" or state["step"].get("offering") != self.seat:
            return []
        found = [cache.prompt(state, self.seat)] if self._auctions(state) else []
        if self._disrupts(state):
            found.append(supply.prompt(state, self.seat))
        if self._black_market(state):
            found.append(black_market.prompt(state, self.seat))
        if has(state, self.seat, Ability.CACHE_BUY) and cache.may_buy(
                state, self.seat, len(state["factions"][self.seat]["hand"])
                < hand_limit(state, self.seat)):
            found.append(cache.karama_prompt(state, self.seat))
        return found

    def decide(self, state: State, phase: str, key: PromptKey, value: Any, rng: random.Random
               ) -> list[Event]:
        """Their Karama power first (the key ``cache-karama`` sorts before ``cache-offer``),
        then their offer, of a card still in the cache (else its first), put in the step."""
        if key.kind == no_fields.START_KIND:
            return no_fields.placed_at_start(state, self.seat, value)
        if key.kind == supply.KIND:
            return supply.chosen(state, value)
        if key.kind == cache.KARAMA_KIND:
            return cache.buy(state, self.seat, value)
        if key.kind == black_market.KIND:
            if (market := black_market.offer(state, self.seat, value)) is not None:
                state["step"]["market"] = market
            return []
        assert key.kind == cache.KIND, key
        if value[0] not in cache.cache(state):
            value = [cache.cache(state)[0], *value[1:]]
        picked = homeworlds.picked(state, self.seat, cache.cache(state), cache.CACHE)
        events = []
        if picked is not None:      # 001 4.10.12 "Richese" (Occupied): the occupier's card
            value = [picked, *value[1:]]
            events.append(Event(EventCode.HOMEWORLD_PICKED, {
                "faction": homeworlds.picker(state, self.seat, cache.CACHE),
                "seller": self.seat}))
        state["step"]["offer"] = cache.offer(state, self.seat, value).to_json()
        return events

    def _starts_with_no_field(self, state: State) -> bool:
        """Text B (2.10.03 B) in the first set-up round, No-Fields theirs."""
        return (state["step"].get("round") == 1 and rules_of(state).richese_revised
                and has(state, self.seat, Ability.NO_FIELDS))

    # --- standing decisions

    def standing_prompts(self, state: State, asked: list[Prompt]) -> list[Prompt]:
        """NOT AS IT SEEMS (2.10.13): a No-Field revealed at will; ALLIANCE (2.10.21): a
        Richese card given to their ally; riding on a mail round in which they are asked
        anything."""
        seats = {prompt.seat for prompt in asked}
        found = [no_fields.reveal_prompt(state, self.seat)] if self._reveals(state, seats) else []
        if self._gives(state, seats):
            found.append(cache.gift_prompt(state, self.seat))
        if self._lends(state, seats):
            found.append(no_fields.lend_prompt(state, self.seat))
        return found

    def standing_keys(self, state: State, asked: list[str]) -> list[str]:
        seats = {PromptKey.parse(key).seat for key in asked}
        found = [no_fields.reveal_key(self.seat)] if self._reveals(state, seats) else []
        found += [cache.gift_key(self.seat)] if self._gives(state, seats) else []
        return found + ([no_fields.lend_key(self.seat)] if self._lends(state, seats) else [])

    def standing_decision(self, state: State, key: str, value: Any) -> list[Event]:
        kind = PromptKey.parse(key).kind
        if kind == cache.GIFT_KIND:
            return cache.given(state, self.seat, value)
        if kind == no_fields.LEND_KIND:
            return no_fields.lend(state, self.seat, value)
        return no_fields.revealed_at_will(state, self.seat, value)

    def _lends(self, state: State, seats: set[str]) -> bool:
        return (self.seat in seats and has(state, self.seat, Ability.ALLY_NO_FIELD)
                and no_fields.may_lend(state, self.seat))

    def _gives(self, state: State, seats: set[str]) -> bool:
        return (self.seat in seats and has(state, self.seat, Ability.ALLY_CACHE_CARD)
                and cache.may_give(state, self.seat))

    def _reveals(self, state: State, seats: set[str]) -> bool:
        return (self.seat in seats and has(state, self.seat, Ability.NO_FIELDS)
                and no_fields.may_reveal(state, self.seat))

    # --- hooks of bidding

    def offers(self, state: State) -> bool:
        """RICHESE AUCTION (2.10.09): a card of the cache each round, while it holds one;
        DISRUPTED SUPPLY CHAIN (2.10.22 B), decided in the same mail round."""
        return self._auctions(state) or self._disrupts(state) or self._black_market(state)

    def _auctions(self, state: State) -> bool:
        return has(state, self.seat, Ability.RICHESE_AUCTION) and bool(cache.cache(state))

    def _black_market(self, state: State) -> bool:
        """Text A's advanced power, while they hold a card (2.10.22 A)."""
        return (not rules_of(state).richese_revised
                and has(state, self.seat, Ability.BLACK_MARKET)
                and bool(state["factions"][self.seat]["hand"]))

    def _disrupts(self, state: State) -> bool:
        """Text B's advanced power, while the treachery deck holds a card."""
        return (rules_of(state).richese_revised and has(state, self.seat, Ability.DISRUPTED_SUPPLY)
                and bool(state["decks"]["treachery"]))

    def cards_dealt(self, state: State, rng: random.Random) -> list[Event]:
        """DISRUPTED SUPPLY CHAIN (2.10.22 B): the card they set aside slotted into the row."""
        return supply.slotted(state, self.seat, rng)

    def offer_unsold(self, state: State, offer: Offer) -> list[Event]:
        room = len(state["factions"][self.seat]["hand"]) < hand_limit(state, self.seat)
        return cache.unsold(state, self.seat, offer, room)

    # --- hooks of the storm and the spice blow

    def exposed(self, state: State, places: dict[str, list[int]], why: str) -> list[Event]:
        """LOST FORCES (2.10.15): a No-Field the storm or a worm reaches is revealed."""
        return no_fields.exposed(state, self.seat, places, why)

    # --- hooks of shipment

    def shipping_terms(self, state: State, shipper: str) -> str:
        """NO-FIELD (2.10.11): the No-Fields of their supply they may ship; ALLIANCE (2.10.20):
        to their ally, the No-Field they lend, not which."""
        if shipper != self.seat:
            if not self.lends_tokens(state, shipper) or no_fields.lent(state, self.seat) is None:
                return ""
            return ("SHIP NOFIELD TO <territory>: the No-Field the Richese lend you, your whole "
                    "shipment from your reserve for the price of one force, revealed at once: "
                    "its value in your forces land with it (001 2.10.20).")
        if not has(state, self.seat, Ability.NO_FIELDS):
            return ""
        return no_fields.terms(state, self.seat)

    def lends_tokens(self, state: State, shipper: str) -> bool:
        """ALLIANCE (2.10.20): their ally ships with a No-Field of theirs."""
        return (self.seat in state["seats"] and shipper in ally_of(state, self.seat)
                and has(state, self.seat, Ability.ALLY_NO_FIELD))

    def token_shipment(self, state: State, value: str, forces: dict[str, int], shipper: str
                       ) -> str | None:
        """NO-FIELD (2.10.11, 2.10.16); their ally's (2.10.20)."""
        if shipper != self.seat:
            return no_fields.ally_problem(state, self.seat, forces)
        if not has(state, self.seat, Ability.NO_FIELDS):
            return "you ship no No-Field"
        return no_fields.shipment_problem(state, self.seat, value, forces)

    def token_shipped(self, state: State, value: str, territory: str, sector: int,
                      shipper: str) -> list[Event]:
        """NO-FIELD (2.10.11), their ally's (2.10.20); with their Nexus card set for its
        Cunning (001 4.03.07.11), a second No-Field revealed at once beside it."""
        if shipper != self.seat:
            return no_fields.ally_shipped(state, self.seat, shipper, territory, sector)
        events = no_fields.shipped(state, self.seat, value, territory, sector)
        record = set_at(state, self.seat, NO_FIELD_SHIPPED)
        second = no_fields.doubled(state, self.seat, territory, sector) if record else []
        if record and second:
            events += [*played(state, record, NexusUse.CUNNING), *second]
        return events

    # --- hooks of battle

    def at_reveal(self, state: State, plans: dict[str, dict[str, Any]]) -> list[Event]:
        """SURPRISE ASSAULT (2.10.17): their No-Fields in the battle's territory revealed with
        the plans."""
        if self.seat not in plans:
            return []
        battle = state["step"]["battle"]
        territory = battle["territory"]
        sectors = list(data(state).board.named[territory].sectors or (0,))
        events = no_fields.exposed(state, self.seat, {territory: sectors}, "battle")
        if events:
            battle["revealed"] = [self.seat]        # in it by its No-Field (the invariants)
        return events

    # --- hooks of victory

    def bars_default_victory(self, state: State, victor: str) -> bool:
        """FREMEN SPECIAL VICTORY CONDITION (2.10.19): they count among the factions that must
        not occupy Tuek's Sietch (the Fremen's barred territories, 2.04.10.03)."""
        default = sheet(victor, state).default_victory
        return default is not None and bool(default.barred_territories)

    # --- hooks of the invariants

    def violations(self, state: State) -> list[str]:
        return cache.violations(state)

    # --- hooks of the views and reports

    def behind_shield(self, state: State) -> dict[str, Any]:
        """The cards of their cache (2.10.04: theirs to know; the others see how many); the
        deck's bottom two while they choose the one they slot (2.10.22 B)."""
        found: dict[str, Any] = {"cache": list(cache.cache(state))}
        if (state["phase"] == "bidding" and state["step"].get("offering") == self.seat
                and self._disrupts(state)):
            found["supply"] = supply.bottom(state)
        return found
