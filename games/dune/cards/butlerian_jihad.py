"""The Butlerian Jihad, the one card of the Landsraad Millennial pack (001 3.05.02): "Play at
any time.  All players currently touching or looking at thinking machines at the table lose
half their spice (rounded up).  The player who lost the most spice (ties resolved in Storm
Order) takes this card into their hand.  A player must discard a card if their hand is full to
receive this card."

By mail (rulings, docs/rules-coverage.md "001 GF9: big games and the Landsraad card packs"):
every player reads its reports and writes its orders on a thinking machine, so every player,
its own player too, loses half the spice behind its shield, rounded up, to the Spice Bank.
"At any time" is any mail round its holder is asked something in: the word ``JIHAD``, an
optional decision riding on it (key ``jihad:<seat>``, as the other standing words: nobody
waits for it, nobody else learns of it), played as that round's orders are carried out, after
the round's own; ``JIHAD NONE`` (the default) plays nothing.  The card then goes to the hand of
the player who lost most, the first in storm order among equals (its own player's, maybe); a
full hand first discards a card at random (the choice would cost every other seat a mail
round; as the Moritani's full hands, 2.12.14.03), public as any discard.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import EventCode
from ..data import Effect
from ..factions.base import card_given
from ..orders.language import order_kind
from ..state import State, storm_order
from . import cache_words

KIND = "jihad"
WORD = "jihad"              # a holder's sheet: its word, True, until carried out this round


# The Butlerian Jihad of a hand, if any; asked with the Millennial pack in play (001 3.05.01)
held = cache_words.holding(Effect.HALVES_EVERY_SPICE)
rides = cache_words.in_pack("millennial")


_BARE = cache_words.BareWord("JIHAD")


def _random(view: dict[str, Any], prompt: Prompt, rng: random.Random) -> Any:
    """Now and then the word (bots), seldom: it costs its player half its spice too."""
    return True if rng.random() < 0.1 else prompt.default


STANDING = _BARE.standing(
    KIND, held,
    ("JIHAD: your Butlerian Jihad played as this round's orders are carried out: every player, "
     "you too, loses half its spice, rounded up, and the card goes to the hand of the one who "
     "lost most (001 3.05.02); JIHAD NONE: none."),
    "your Butlerian Jihad", rides, _random)
order_kind(STANDING.order)


def apply(state: State, orders: dict[str, Any], rng: random.Random) -> list[Event]:
    """Each holder's word taken, then carried out at once (``play``)."""
    events = STANDING.apply(state, orders)
    for seat in list(state["seats"]):
        if state["factions"][seat].pop(WORD, None):
            events += play(state, seat, rng)
    return events


def play(state: State, seat: str, rng: random.Random) -> list[Event]:
    """The card played from the seat's hand: every player's spice halved, rounded up, to the
    bank; the card to the one who lost most, the first in storm order among equals, a full
    hand first discarding a card at random; what each lost is public, as the card compares it."""
    own = state["factions"][seat]
    card = held(state, own["hand"])
    if card is None:                # gone since the word was given (a Semuta Drug's swap)
        return [Event(EventCode.USE_LAPSED, {"order": _BARE.text(state, True)}, to=(seat,))]
    own["hand"].remove(card)
    order = storm_order(state)
    lost = {}
    for each in order:
        sheet = state["factions"][each]
        lost[each] = (sheet["spice"] + 1) // 2          # 001 3.05.02: "half ... (rounded up)"
        sheet["spice"] -= lost[each]
    taker = max(order, key=lambda s: (lost[s], -order.index(s)))
    events = [Event(EventCode.BUTLERIAN_JIHAD, {"faction": seat, "card": card, "lost": lost,
                                                 "taker": taker})]
    return events + card_given(state, taker, card, rng, "3.05.02")     # "must discard ... full"
