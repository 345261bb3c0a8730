"""The Mystery Box, a card of the Landsraad pack for 11 or more players (001 3.08.05): "When
this card enters your hand immediately discard it to take, without looking, a card from the
center of the deck (do not take the top or bottom card of the Treachery Deck unless these are
the only two cards)."

By mail (rulings, docs/rules-coverage.md "001 GF9: big games and the Landsraad card packs"):
"immediately" is as the step in which it entered the hand ends (``turn.advance``), whatever
brought it there (a purchase, a deal, a gift, a draw), no decision asked; the card taken is one
of the deck's cards but its top and bottom, drawn by the step's generator (with two cards or
fewer, any of them; an empty deck restocked from the discard pile first, as any draw); the Box
is discarded after the card is taken, so it cannot be taken back at once.  The discard is
public (the discard pile is face up); the card taken is told to its holder alone.
"""

from __future__ import annotations

import random

from pbem.game import Event

from ..codes import EventCode
from ..data.model import CardType
from ..decks import draw_treachery
from ..discard_pile import discard
from ..rules import Rules
from ..state import State, data, storm_order


def in_game(rules: Rules) -> bool:
    """Whether a game of these rules deals it: the 11+ pack in play (001 3.08.01)."""
    return "landsraad_11" in rules.card_sets


def step_ends(state: State, rng: random.Random) -> list[Event]:
    """Every Mystery Box in a hand swapped for a card from the middle of the deck, the
    holders in storm order."""
    deck = data(state)
    boxes = {seat: [c for c in state["factions"][seat]["hand"]
                    if deck.treachery_card(c).type is CardType.MYSTERY_BOX]
             for seat in state["seats"]}
    if not any(boxes.values()):
        return []
    events: list[Event] = []
    for seat in storm_order(state):
        hand = state["factions"][seat]["hand"]
        for box in boxes[seat]:
            taken, restocked = draw_treachery(state, rng, middle=True)
            events += restocked
            if taken is not None:
                hand.append(taken)
            hand.remove(box)
            discard(state, seat, box)
            events.append(Event(EventCode.MYSTERY_BOX, {"faction": seat,
                                                        "took": taken is not None}))
            if taken is not None:
                events.append(Event(EventCode.MYSTERY_BOX_TAKEN, {
                    "card": deck.treachery_card(taken).name}, to=(seat,)))
    return events
