"""The Spacing Guild: their powers (000 Player Shields lines 843-867)."""

from __future__ import annotations

import random

from pbem.game import Event

from ..data import Ability, NexusUse
from ..state import State
from ..variants.nexus_cards import BEFORE_SHIPMENT, CROSS_SHIP, EXTRA_SHIPMENT, PAYMENT, lend
from .base import SHIPMENT, Faction, NexusPlay, has

# 001 4.03.07.07, Secret Ally: the Guild's rates and three types of shipment, lent for "your
# Shipment": played in a round before the Shipment and Movement phase, to its end (ruling)
SHIPPING_POWERS = (Ability.HALF_PRICE_SHIPMENT, Ability.GUILD_SHIPMENT)


class Guild(Faction):
    """The Spacing Guild's hooks."""

    seat = "guild"
    nexus_uses = {
        # Betrayal: "Gain any one Payment in full for Shipping that would have gone to either
        # the Spacing Guild or the Spice Bank, even your own" (ruling: set, carried out by the
        # next shipment paid for, anyone's: ``variants.nexus_cards.NexusCards.shipment_paid``;
        # the Junction of 4.10 not played)
        NexusUse.BETRAYAL: NexusPlay(
            "set now: the next shipment paid for to the Guild or the bank, anyone's, yours "
            "too, its payment in full taken by you (001 4.03.07.07).", at=PAYMENT),
        # Cunning: "an extra Force Shipment action subject to your shipment rules, immediately
        # after performing your Shipment and Movement actions.  The second Shipment cannot
        # Move unless you play Hajr" (ruling: set ahead, a second SHIP line in a plan of the
        # holder's turn, ``orders.move_orders.combine``, carried out after its move by
        # ``phases.moves.carry_out``, before a HAJR MOVE, which may move it)
        NexusUse.CUNNING: NexusPlay(
            "set now: in a later turn of yours in Shipment and Movement a plan may hold a "
            "second SHIP line, a shipment by your own shipping rules carried out after your "
            "move (a HAJR MOVE after it may move those forces) (001 4.03.07.07).",
            at=EXTRA_SHIPMENT),
        NexusUse.SECRET_ALLY: NexusPlay(
            "until the end of this turn's Shipment and Movement, you ship at the Guild's "
            "rates (half price) and may cross-ship and ship back to your reserves (001 "
            "4.03.07.07).", phases=BEFORE_SHIPMENT),
        # CROSS-SHIP (text B): "Play during the Shipment and Movement Phase.  You may ship any
        # number of Forces from any one Territory to any other Territory on the board at half
        # the current price (rounded up).  This card costs 1 moment action to use" (ruling:
        # set ahead, as the Cunning is, for the holder's next turn of Shipment and Movement:
        # its shipment there may be a cross shipment, at half the price, the card played with
        # it; the "moment action" is that shipment, the one of its turn:
        # ``variants.nexus_cards.cross_shipped``)
        NexusUse.NAMED: NexusPlay(
            "CROSS-SHIP: set now: in a later turn of yours in Shipment and Movement your "
            "shipment may go from one territory to another on the board (SHIP n FROM a TO b), "
            "at half the price, rounded up, the card played with it; it is your shipment of "
            "that turn (001 4.03.07.07, text B).", at=CROSS_SHIP)}

    def nexus_played(self, state: State, use: NexusUse, holder: str, target: str | None,
                     rng: random.Random) -> list[Event] | None:
        """001 4.03.07.07, Secret Ally: "Your pay Guild rates for your Shipment; you may also
        use ability Three Types of Shipment" (ruling: played before the holder's shipment, in
        a round before Shipment and Movement, as a shipment is made in one's own turn; the
        powers last to the end of that phase, ``factions.has`` answering for them)."""
        if use != NexusUse.SECRET_ALLY:
            return None
        return lend(state, holder, SHIPPING_POWERS, "movement", "Spacing Guild Nexus card", use,
                    "001 4.03.07.07",
                    "the Guild's half price and their cross-shipping and shipping back")

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
