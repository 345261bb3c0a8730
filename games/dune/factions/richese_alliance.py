"""Richese's alliance (001 2.10.20-21): a Richese card given to their ally.

ALLIANCE (2.10.21): "At any time (other than during a bid) you may give your ally a Richese
Treachery Card from your hand if their hand is not full."  By mail a standing order riding on
any mail round Richese are asked in outside the bidding round (``Faction.standing_prompts``,
optional: nobody waits for it): ``GIFT <card>`` gives that card of their hand, one of the
cache's (a card of the cache's sets, ``richese_cache``), as the round resolves; ``GIFT NONE``:
not now.  The table learns a card was given, the two allies which.

Rulings (docs/rules-coverage.md): "other than during a bid" is read as the whole bidding round
(by mail its bids are its rounds); the gift is spent once made, sent again for another card.
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..codes import ErrorCode, EventCode
from ..orders.language import OrderKind, OrderProblem, card_among, order_kind
from ..prompt_key import PromptKey
from ..state import State, ally_of, data, sheet
from . import richese_cache as cache

GIFT_KIND = "cache-gift"


def gift_key(seat: str) -> str:
    return str(PromptKey(GIFT_KIND, seat))


def cache_cards(state: State, seat: str) -> list[str]:
    """The Richese cards in the seat's hand (of the cache's sets, 2.10.04)."""
    sets = data(state).piles[cache.CACHE].sets
    return [card for card in state["factions"][seat]["hand"]
            if data(state).treachery_card(card).expansion in sets]


def receiver(state: State, seat: str) -> str | None:
    """Their ally, if its hand has room."""
    return next((ally for ally in ally_of(state, seat)
                 if len(state["factions"][ally]["hand"]) < sheet(ally, state).hand_limit), None)


def may_give(state: State, seat: str) -> bool:
    """The gift is open: outside the bidding round, a Richese card in their hand, an ally
    with room."""
    return (state["phase"] != "bidding" and bool(cache_cards(state, seat))
            and receiver(state, seat) is not None)


def gift_prompt(state: State, seat: str) -> Prompt:
    names = sorted({data(state).treachery_card(card).name for card in cache_cards(state, seat)})
    return Prompt(gift_key(seat), seat, GIFT_KIND, True,
                  "GIFT <card>: give your ally that Richese card of your hand as this mail round "
                  "resolves (001 2.10.21 ALLIANCE: not during a bid, their hand not full); GIFT "
                  f"NONE: not now.  Your Richese cards: {', '.join(names)}.", None, "GIFT NONE",
                  f"GIFT {names[0]}", optional=True,
                  options={"cards": sorted(cache_cards(state, seat))},
                  title="a Richese card given to your ally")


def _read(state: State, prompt_: Prompt, words: list[str]) -> str | None:
    said = " ".join(words).strip()
    if said.upper() == "NONE":
        return None
    mine = cache_cards(state, prompt_.seat)
    valid = ("GIFT NONE", *(f"GIFT {data(state).treachery_card(c).name}" for c in mine))
    if not said:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected GIFT <card> or GIFT NONE", valid)
    return card_among(state, said, mine, "Richese card of your hand", valid)


def _text(game: Any, value: str | None) -> str:
    return "GIFT NONE" if value is None else f"GIFT {data(game).treachery_card(value).name}"


def _random(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> str | None:
    return None if rng.random() < 0.7 else rng.choice(prompt_.options["cards"])


order_kind(OrderKind(GIFT_KIND, ("GIFT",), _read, _text, random=_random))


def given(state: State, seat: str, card: str | None) -> list[Event]:
    """The card into their ally's hand, if it is still theirs to give and the ally has room."""
    if card is None or not may_give(state, seat) or card not in cache_cards(state, seat):
        return []
    ally = receiver(state, seat)
    assert ally is not None
    state["factions"][seat]["hand"].remove(card)
    state["factions"][ally]["hand"].append(card)
    name = data(state).treachery_card(card).name
    return [Event(EventCode.CACHE_CARD_GIVEN, {"faction": seat, "ally": ally}),
            Event(EventCode.CACHE_CARD_GIVEN_SEEN, {"faction": seat, "ally": ally, "card": name},
                  to=(seat, ally))]
