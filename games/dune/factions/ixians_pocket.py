"""The Ixians' POCKET CARDS (001 2.07.04): "At the start of Starting Treachery Card ... before
Treachery Cards are drawn, draw one card for each faction in the game.  Choose one card to keep
as your starting Treachery Card.  Shuffle the remaining starting Treachery Cards; players draw
their starting cards from this pile instead of the Treachery Deck."

By mail: the pocket cards are the top cards of the shuffled treachery deck, one per faction,
shown to the Ixians alone (their view's ``pocket``) while they choose in the first set-up round
(``POCKET <card>``, secret); the starting cards wait until then.  Their pick goes to their hand,
the rest are shuffled on the deck's top and every other faction draws its starting card from
them, in seat order.  The cards never leave the deck but for the hands, so the deck is counted
whole throughout (the invariants).

Ruling (001 silent; treachery.online Game_Setup.cs#L335-350 deals the same way): a faction
with more than one starting card (the Harkonnen, 001 2.05.04) draws its first from the pocket
pile and the others from the deck after every faction has drawn its first.
"""

from __future__ import annotations

import random
import re
from typing import Any

from pbem.game import Event, Prompt

from ..codes import EventCode
from ..orders.language import OrderKind, card_among, order_kind
from ..prompt_key import PromptKey
from ..state import State, data, sheet

POCKET = "pocket"          # the kind of their decision (``pocket:<seat>``)

def due(state: State, seat: str) -> bool:
    """The first set-up round, the pick not yet made."""
    return (state["phase"] == "setup" and state["step"]["round"] == 1
            and not state["factions"][seat].get("pocket_picked"))


def pocket(state: State) -> list[str]:
    """The pocket cards: the deck's top card per faction in the game, top last."""
    return state["decks"]["treachery"][-len(state["seats"]):]


def prompt(state: State, seat: str) -> Prompt:
    names = _names(state, pocket(state))
    return Prompt(str(PromptKey(POCKET, seat)), seat, POCKET, True,
                  "POCKET <card>: the starting card you keep of the pocket cards, one of: "
                  + ", ".join(names) + " (001 2.07.04)",
                  pocket(state)[-1], f"POCKET {names[-1]}", f"POCKET {names[-1]}")


def _names(state: State, cards: list[str]) -> list[str]:
    return [data(state).treachery_card(card).name for card in cards]


def _read(state: State, prompt_: Prompt, words: list[str]) -> str:
    cards = pocket(state)
    valid = tuple(f"POCKET {name}" for name in dict.fromkeys(_names(state, cards)))
    return card_among(state, " ".join(words), cards[::-1], "pocket card", valid)


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str:
    return rng.choice(view["own"]["pocket"])


order_kind(OrderKind(POCKET, ("POCKET",), _read,
                     lambda _, v: f"POCKET {re.sub(r' #[0-9]+$', '', v)}", random=_random))


def keep(state: State, seat: str, card: str, rng: random.Random) -> list[Event]:
    """The pick kept, the rest shuffled and drawn as the others' starting cards."""
    deck = state["decks"]["treachery"]
    rest = [c for c in pocket(state) if c != card]
    del deck[-len(state["seats"]):]
    rng.shuffle(rest)
    deck.extend(rest)
    state["factions"][seat]["hand"].append(card)
    state["factions"][seat]["pocket_picked"] = True
    others = [s for s in state["seats"] if s != seat]
    for other in others:
        state["factions"][other]["hand"].append(deck.pop())
    for other in state["seats"]:
        for _ in range(sheet(other, state).treachery_cards_at_start - 1):
            state["factions"][other]["hand"].append(deck.pop())
    return [Event(EventCode.POCKET_KEPT, {"faction": seat}),
            Event(EventCode.POCKET_CARD, {"card": card}, to=(seat,))]
