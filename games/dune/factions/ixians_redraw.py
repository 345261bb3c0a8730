"""A card bought face down discarded at once for the deck's top card: the Ixians' ALLIANCE
(001 2.07.22) and TECHNOLOGY's text B (2.07.23).

- ALLIANCE (2.07.22), text A (the default): "After your ally Buys a face down Treachery Card,
  they may look at it and immediately discard it to Draw the top card from the deck."  Text B
  (option ``ixians_text_b``): "Once per Turn after your ally Buys a face down Treachery Card,
  they may use the TECHNOLOGY ability", TECHNOLOGY's text B below.
- TECHNOLOGY (2.07.23, advanced), text B (option ``ixians_text_b``, in place of text A's swap,
  ``ixians_supply``): "Once per Turn during the Bidding Phase after you Buy a face down
  Treachery Card, you may immediately discard it and Draw the top card from the deck."

By mail the buyer answers before it knows the card, so its choice costs no mail round and
holds nothing up: a standing word naming the cards it would discard if it bought one, ``REDRAW
<card>, <card>`` or ``REDRAW NONE`` (the default), an optional decision of every auction round
while it may use the power, sent with its bids or ahead; it stands until it sends another.  The
purchase applies it at once, before the Harkonnen's free card is drawn.  Rulings: the card
discarded is public (the discard pile is face up), the card drawn the buyer's alone; the word
is the buyer's secret, kept on the Ixians' sheet (``redraw``, by seat) where no view shows it;
once a turn (text B) counts the redraws made (``redrawn``: the turn of each seat's last).
"""

from __future__ import annotations

import random
from typing import Any

from pbem.game import Event, Prompt

from ..cards.orange_catholic_bible import only_in_a_plan
from ..codes import ErrorCode, EventCode
from ..data import Ability, CardType, NameLookupError
from ..decks import draw_treachery
from ..discard_pile import discard
from ..orders.language import OrderKind, OrderProblem, order_kind
from ..prompt_key import PromptKey
from ..rules import rules_of
from ..state import State, ally_of, data
from .base import answers, has

REDRAW, NONE = "redraw", "NONE"       # the decision's kind (key ``redraw:<seat>``); no card


def may_redraw(state: State, ixians: str, seat: str) -> bool:
    """Whether ``seat`` may discard the next card it buys face down and draw again: the Ixians'
    ally (2.07.22; text B once a turn), or with text B the Ixians themselves with TECHNOLOGY
    (2.07.23, advanced), once a turn."""
    text_b = rules_of(state).ixians_text_b
    if seat == ixians:
        allowed = text_b and technology(state, ixians)
    else:
        allowed = (answers(ixians, state).alliance_and_karama_by_mail
                   and seat in ally_of(state, ixians) and has(state, ixians, Ability.ALLY_REDRAW))
    return allowed and not (text_b and _own(state, ixians).get("redrawn", {}).get(seat)
                            == state["turn"])


def technology(state: State, ixians: str) -> bool:
    """TECHNOLOGY, an advanced ability (2.07.01, 2.07.23): with option ``advanced``."""
    return has(state, ixians, Ability.TECHNOLOGY)


def prompt(state: State, ixians: str, seat: str) -> Prompt:
    """The buyer's standing word, optional in an auction round."""
    word = _own(state, ixians).get("redraw", {}).get(seat, [])
    rule = "001 2.07.23, text B" if seat == ixians else "the Ixians' alliance, 001 2.07.22"
    once = " (once a turn)" if rules_of(state).ixians_text_b else ""
    legal = (f"REDRAW <card>, <card> or REDRAW NONE: the cards you discard at once if you buy "
             f"one face down, drawing the top card of the deck in its place{once} ({rule}); "
             "your word stands until you send another.")
    template = text(state, word)
    return Prompt(str(PromptKey(REDRAW, seat)), seat, REDRAW, True, legal, word, template,
                  template, optional=True, title="your word on redrawing a card bought",
                  options={"worthless": _worthless(state)})


def keep(state: State, ixians: str, seat: str, value: list[str]) -> list[Event]:
    """The word kept, secret, until another is sent."""
    _own(state, ixians).setdefault("redraw", {})[seat] = list(value)
    return []


def bought(state: State, ixians: str, buyer: str, card: str, rng: random.Random
           ) -> list[Event]:
    """The card just bought discarded and the deck's top card drawn, if the buyer may and its
    word names the card."""
    if not may_redraw(state, ixians, buyer):
        return []
    if data(state).treachery_card(card).name not in _own(state, ixians).get("redraw", {}).get(
            buyer, []) or only_in_a_plan(state, card):                 # 001 3.06.04
        return []
    if rules_of(state).ixians_text_b:
        _own(state, ixians).setdefault("redrawn", {})[buyer] = state["turn"]
    return swap(state, buyer, card, rng)


def swap(state: State, buyer: str, card: str, rng: random.Random) -> list[Event]:
    """``card``, just bought, discarded (public) and the deck's top card drawn (the buyer's
    alone): 2.07.22-23, and the Ixians' Nexus card's Secret Ally (001 4.03.07.08)."""
    hand = state["factions"][buyer]["hand"]
    hand.remove(card)
    discard(state, buyer, card)
    drawn, events = draw_treachery(state, rng)
    events.insert(0, Event(EventCode.CARD_REDRAWN, {"faction": buyer, "card": card}))
    if drawn is not None:
        hand.append(drawn)
        events.append(Event(EventCode.REDRAWN_CARD, {"card": drawn}, to=(buyer,)))
    return events


def _own(state: State, ixians: str) -> dict[str, Any]:
    return state["factions"][ixians]


def _worthless(state: State) -> list[str]:
    """The worthless cards' names of the game's deck (what a bot would be rid of)."""
    return sorted({card.name for card in data(state).treachery_in_play(
        rules_of(state).card_sets) if card.type is CardType.WORTHLESS})


# --- the order
def read(state: State, prompt_: Prompt, words: list[str]) -> list[str]:
    """``NONE``, or cards' names (commas between them are optional: each name is the longest
    run of words naming a card)."""
    valid = ("REDRAW NONE", *(f"REDRAW {name}" for name in prompt_.options.get("worthless", ())))
    if [word.upper() for word in words] == [NONE]:
        return []
    if not words:
        raise OrderProblem(ErrorCode.INCOMPLETE, "expected REDRAW <card>, <card> or REDRAW "
                           "NONE", valid)
    names = data(state).card_names
    found: list[str] = []
    start = 0
    while start < len(words):
        for end in range(len(words), start, -1):
            try:
                name = names.find(" ".join(words[start:end]))
                break
            except NameLookupError as error:
                if end == start + 1:
                    raise OrderProblem(ErrorCode.UNKNOWN_CARD, str(error), valid) from None
        if name not in found:
            found.append(name)
        start = end
    return sorted(found)


def text(game: Any, value: list[str]) -> str:
    """The order for a standing word."""
    return f"REDRAW {', '.join(value)}" if value else f"REDRAW {NONE}"


def random_word(view: dict[str, Any], prompt_: Prompt, rng: random.Random) -> list[str]:
    """A bot's word: now and then none, else some of the worthless cards."""
    worthless = prompt_.options.get("worthless", [])
    if rng.random() < 0.3 or not worthless:
        return []
    return sorted(rng.sample(worthless, rng.randint(1, len(worthless))))


order_kind(OrderKind(REDRAW, ("REDRAW",), read, text, random=random_word))
